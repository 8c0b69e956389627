// OpDoc: what one UOp op means, in the spec's terms (seeds: the UOp dialect).
// One table for the whole project: uopc doc prints it, the explorer shows it
// as tooltips wherever an op name appears.
#pragma once

#include "core/ir/op.h"

#include <span>
#include <string_view>

namespace uops::docs {

struct OpDoc {
  Op op;
  std::string_view meaning; // what the op computes or marks
  std::string_view sources; // the src tuple, in order
  std::string_view arg;     // what arg holds, or "none"
  std::string_view dtype;   // how dtype (and shape) follow from src and arg
  std::string_view example; // the spec's own example, or empty
};

// Every op's entry; a test checks none is missing or has an empty field.
const OpDoc& opDoc(Op op);

// The tables by family, in the order of core/ir/op.h (one file each).
std::span<const OpDoc> sourceMovementOpDocs();
std::span<const OpDoc> structureOpDocs();   // reduce, call, load, store, ordering
std::span<const OpDoc> elementwiseOpDocs(); // primitives and decompositions
std::span<const OpDoc> codegenOpDocs();     // markers and codegen

} // namespace uops::docs
