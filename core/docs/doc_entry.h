// DocEntry: one documented name (an op, AxisType, OptOp or word of LLVM IR) as
// titled fields, and the lookup by name that uopc doc and the explorer share.
#pragma once

#include "core/ir/axis_type.h"
#include "core/ir/op.h"
#include "core/opt/opt.h"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace uops::docs {

enum class DocKind : uint8_t { Op, AxisType, OptOp, Llvm, OpenCl };

struct DocEntry {
  DocKind kind = DocKind::Op;
  std::string name;    // as looked up: "Add", "UPCAST", "Split", "fadd", "llvm.sqrt"
  std::string summary; // "Elementwise op", "AxisType (letter u)", "OptOp", "LLVM instruction"
  std::vector<std::pair<std::string, std::string>> fields; // label, text; empty texts left out
};

DocEntry opDocEntry(Op op);
DocEntry axisTypeDocEntry(AxisType type);
DocEntry optOpDocEntry(OptOpKind op);
// A word of OpenCL C ("get_global_id", "__local"), or nullopt.
std::optional<DocEntry> openclDocEntry(std::string_view word);

// A name's entry: an exact match first (ops, then AxisTypes, OptOps, LLVM IR,
// OpenCL C: "select" is LLVM's, the OpenCL pane asks openclDocEntry),
// then one that differs only in case. LLVM intrinsics match with or without
// '@' and their type suffix.
std::optional<DocEntry> findDoc(std::string_view name);

// Every documented name, ops first, in table order.
std::vector<std::string> allDocNames();

// Up to `limit` documented names closest to a mistyped one (edit distance,
// ignoring case), closest first.
std::vector<std::string> closeDocNames(std::string_view name, size_t limit = 3);

} // namespace uops::docs
