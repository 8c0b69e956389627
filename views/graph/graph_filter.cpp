#include "views/graph/graph_filter.h"

namespace uops::views {

bool hides(const GraphFilter& filter, const UOp& u) {
  OpGroup group = opGroup(u.op());
  if (filter.constants && u.op() == Op::Const) return true;
  if (filter.movement && group == OpGroup::Movement) return true;
  bool elementwise = group == OpGroup::Elementwise || group == OpGroup::DecomposedElementwise;
  return filter.indexMath && elementwise && u.dtype().scalar == ScalarType::Index;
}

bool foldsSource(const GraphFilter& filter, const UOp& u, size_t i) {
  // Call(body, args...): the body is the kernel; its arguments stay
  return filter.collapseCalls && u.op() == Op::Call && i == 0;
}

} // namespace uops::views
