// Rewriting the operands of a sum of products: Reduce(Add, a * b) with each
// operand replaced where `replace` returns a node (nullptr keeps it). The
// packing copy and the padded-window copy of Rangeify both work this way.
#pragma once

#include "core/ir/uop.h"

#include <utility>

namespace uops {

// The reduction with its product's operands replaced; nullptr where `r` is
// not Reduce(Add, Mul) or `replace` replaced none.
template <class Replace>
UOpPtr withProductOperands(const UOp& r, Replace&& replace) {
  const UOpPtr& src = r.src(0);
  if (r.argAs<ReduceArg>().op != Op::Add || src->op() != Op::Mul) return nullptr;
  UOpList operands = src->src();
  bool changed = false;
  for (UOpPtr& o : operands)
    if (UOpPtr replaced = replace(o)) {
      o = std::move(replaced);
      changed = true;
    }
  if (!changed) return nullptr;
  UOpList reduced = r.src();
  reduced[0] = src->withSrc(std::move(operands));
  return r.withSrc(std::move(reduced));
}

} // namespace uops
