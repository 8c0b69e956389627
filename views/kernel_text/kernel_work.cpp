#include "views/kernel_text/kernel_work.h"

#include "core/pipeline/schedule.h"

#include <algorithm>
#include <unordered_map>
#include <vector>

namespace uops::views {
namespace {

using Scope = std::vector<const UOp*>; // the Ranges a node runs inside, sorted by address (order never shown)

Scope merged(const Scope& a, const Scope& b) {
  Scope out;
  std::set_union(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
  return out;
}

double iterations(const Scope& scope) {
  double n = 1;
  for (const UOp* r : scope) n *= std::max(1.0, r->src(0)->minMax().hiAsDouble());
  return n;
}

// Arithmetic: elementwise ops and a Reduce's accumulation, but not a Cast
// (a conversion computes nothing) nor comparisons (their dtype is bool).
bool isArithmetic(const UOp& u) {
  OpGroup g = opGroup(u.op());
  bool arithmetic = g == OpGroup::Elementwise || g == OpGroup::DecomposedElementwise || g == OpGroup::Reduce;
  return arithmetic && u.op() != Op::Cast;
}

// Operations per lane: a multiply-add is two, as the peak counts an FMA.
double opsOf(const UOp& u) {
  return u.op() == Op::Mulacc ? 2.0 : 1.0;
}

} // namespace

KernelWork kernelWork(const ScheduledKernel& kernel) {
  KernelWork work;
  std::unordered_map<const UOp*, Scope> scopes;
  for (const UOp* u : toposort(*kernel.ast)) {
    Scope scope;
    for (const UOpPtr& s : u->src()) scope = merged(scope, scopes.at(s.get()));
    if (u->op() == Op::Range) scope = merged(scope, {u});
    if (isArithmetic(*u)) {
      // floating-point arithmetic only (as the roofline's peak counts it); integer hashing apart
      const double ops = opsOf(*u) * u->dtype().count * iterations(scope);
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

} // namespace uops::views
