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

QStringList graphFilterGroups() {
  return {QStringLiteral("constants"), QStringLiteral("index"), QStringLiteral("movement"), QStringLiteral("calls")};
}

QStringList hiddenGroups(const GraphFilter& filter) {
  const bool hidden[] = {filter.constants, filter.indexMath, filter.movement, filter.collapseCalls};
  QStringList names = graphFilterGroups(), out;
  for (qsizetype i = 0; i < names.size(); ++i)
    if (hidden[i]) out << names[i];
  return out;
}

GraphFilter filterHiding(const QStringList& groups) {
  GraphFilter f;
  f.constants = groups.contains(QStringLiteral("constants"));
  f.indexMath = groups.contains(QStringLiteral("index"));
  f.movement = groups.contains(QStringLiteral("movement"));
  f.collapseCalls = groups.contains(QStringLiteral("calls"));
  return f;
}

} // namespace uops::views
