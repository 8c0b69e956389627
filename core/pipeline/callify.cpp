#include "core/pipeline/callify.h"

#include "core/ir/build.h"
#include "core/ir/variable.h"
#include "core/ir/verify.h"
#include "core/ir/graph_walk.h"
#include "core/rewrite/substitute_step.h"

#include <unordered_set>

#include <fmt/format.h>

namespace uops {

bool isCallifyInput(const UOp& u) {
  if (u.op() == Op::Buffer) return true;
  // literal data: the bytes reinterpreted as the element dtype
  return u.op() == Op::Bitcast && u.src(0)->op() == Op::Binary;
}

namespace {

// The Param standing in for input `in` as slot k: the input's dtype, shape and device.
UOpPtr paramFor(const UOp& in, int64_t slot) {
  std::optional<DeviceArg> device;
  if (in.device()) device = *in.device();
  return param(slot, in.dtype(), in.shape(), device);
}

} // namespace

UOpPtr callify(const std::vector<UOpPtr>& outputs) {
  UOpPtr tuple = UOp::make(Op::Tuple, dtypes::void_, outputs);
  std::vector<const UOp*> order = toposortIn(*tuple, WalkScope::OutsideCalls);
  // a Binary is an input of its own only where something reads it as bytes,
  // not through the Bitcast of a literal
  std::unordered_set<const UOp*> bareBytes;
  for (const UOp* u : order)
    for (size_t i = 0; i < u->src().size(); ++i)
      if (u->src(i)->op() == Op::Binary && u->op() != Op::Bitcast &&
          followsSource(*u, i, WalkScope::OutsideCalls))
        bareBytes.insert(u->src(i).get());
  NodeSubst subst;
  UOpList args{nullptr}; // args[0] is the body, filled in below
  for (const UOp* u : order) {
    // a variable is no input: its value reaches each kernel as an argument
    if (u->op() == Op::Param && !isVariable(*u))
      throw CallifyError(fmt::format("callify: Param(slot={}) outside any Function has no value",
                                     u->argAs<ParamArg>().slot));
    if (!isCallifyInput(*u) && !bareBytes.contains(u)) continue;
    auto slot = static_cast<int64_t>(args.size() - 1);
    subst.emplace(u, paramFor(*u, slot));
    args.push_back(u->ptr());
  }
  UOpPtr body = args[0] = substituteStep("inputs to params", tuple, subst, WalkScope::OutsideCalls);
  UOpPtr fn = UOp::make(Op::Function, body->dtype(), std::move(args));
  return recordWholeGraph("call the body", body, fn);
}

} // namespace uops
