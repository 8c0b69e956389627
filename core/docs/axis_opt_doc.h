// AxisType and OptOp docs: what each kind of kernel range means, and what each
// kernel optimization does to them (the spec's OptOps tables).
#pragma once

#include "core/ir/axis_type.h"
#include "core/opt/opt.h"

#include <span>
#include <string_view>

namespace uops::docs {

struct AxisTypeDoc {
  AxisType type;
  std::string_view meaning;
  std::string_view splitFrom; // the letters of the types it is split from, or "none"
  std::string_view direction; // where the new axis goes (inner / outer), or "none"
};

struct OptOpDoc {
  OptOpKind op;
  std::string_view name; // as parseOpts spells it
  std::string_view meaning;
  std::string_view axis;    // which axis the triple's axis names
  std::string_view arg;     // the triple's arg
  std::string_view example; // its text form
};

const AxisTypeDoc& axisTypeDoc(AxisType type);
const OptOpDoc& optOpDoc(OptOpKind op);
std::span<const AxisTypeDoc> axisTypeDocs();
std::span<const OptOpDoc> optOpDocs();

} // namespace uops::docs
