#include "core/engine/kernel_flops.h"

#include "core/pipeline/schedule.h"

#include <algorithm>
#include <unordered_map>
#include <vector>

namespace uops {
namespace {

using WorkScope = std::vector<const UOp*>; // the Ranges a node runs inside, sorted by address (order never shown)

WorkScope workMerged(const WorkScope& a, const WorkScope& b) {
  WorkScope out;
  std::set_union(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
  return out;
}

double workIterations(const WorkScope& scope) {
  double n = 1;
  for (const UOp* r : scope) n *= std::max(1.0, r->src(0)->minMax().hiAsDouble());
  return n;
}

// Arithmetic: elementwise ops and a Reduce's accumulation, but not a Cast
// (a conversion computes nothing) nor comparisons (their dtype is bool).
bool workIsArithmetic(const UOp& u) {
  OpGroup g = opGroup(u.op());
  bool arithmetic = isElementwise(u.op()) || g == OpGroup::Reduce;
  return arithmetic && u.op() != Op::Cast;
}

// Operations per lane: a multiply-add is two, as the peak counts an FMA.
double workOpsOf(const UOp& u) {
  return u.op() == Op::Mulacc || u.op() == Op::Fma ? 2.0 : 1.0;
}

} // namespace

KernelWork kernelWork(const ScheduledKernel& kernel) {
  KernelWork work;
  std::unordered_map<const UOp*, WorkScope> scopes;
  for (const UOp* u : toposort(*kernel.ast)) {
    WorkScope scope;
    for (const UOpPtr& s : u->src()) scope = workMerged(scope, scopes.at(s.get()));
    if (u->op() == Op::Range) scope = workMerged(scope, {u});
    if (workIsArithmetic(*u)) {
      // floating-point arithmetic only (as the roofline's peak counts it); integer hashing apart
      const double ops = workOpsOf(*u) * u->dtype().count * workIterations(scope);
      if (u->dtype().isFloat())
        work.flops += ops;
      else if (u->dtype().isInt() && u->dtype().scalar != ScalarType::Index)
        work.intOps += ops;
    }
    // a Reduce's value lives outside the ranges it reduces (its sources after the first)
    if (u->op() == Op::Reduce || u->op() == Op::End)
      for (size_t i = 1; i < u->src().size(); ++i) std::erase(scope, u->src(i).get());
    scopes.emplace(u, std::move(scope));
  }
  for (const UOpPtr& b : kernel.buffers) {
    double elements = 1;
    if (const auto* arg = b->argIf<BufferArg>()) elements = static_cast<double>(arg->size);
    else
      for (int64_t d : b->shape()) elements *= static_cast<double>(d);
    work.bytes += elements * b->dtype().itemSize() * b->dtype().count;
  }
  return work;
}

} // namespace uops
