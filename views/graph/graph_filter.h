// Which nodes the Graph view hides: op groups a user rarely needs to see in a
// big graph (constants, index arithmetic, movement ops), and kernel bodies
// folded into their Call. A hidden node's sources become its users' sources,
// so the dataflow stays connected.
#pragma once

#include "core/ir/uop.h"

#include <QStringList>

namespace uops::views {

struct GraphFilter {
  bool constants = false;    // Const
  bool indexMath = false;    // elementwise ops on the index dtype
  bool movement = false;     // the movement group (Reshape, Permute, Expand, Index, ...)
  bool collapseCalls = false; // a Call is one box: its kernel body is not drawn
  // Only the nodes within `hops` edges of `focus` (sources or users, in the
  // whole graph), when it is set: a rewrite's neighbourhood
  const UOp* focus = nullptr;
  int hops = 2;
  friend bool operator==(const GraphFilter&, const GraphFilter&) = default;
};

// The groups by name, as uopscope --hide and saved sessions write them:
// "constants", "index", "movement", "calls".
QStringList graphFilterGroups();
QStringList hiddenGroups(const GraphFilter& filter);
// The filter hiding these groups (names it does not know are ignored).
GraphFilter filterHiding(const QStringList& groups);

// Whether `u` is hidden by `filter` (its sources stay visible).
bool hides(const GraphFilter& filter, const UOp& u);

// Whether the `i`th source of `u` is folded away by `filter` (a Call's body).
bool foldsSource(const GraphFilter& filter, const UOp& u, size_t i);

} // namespace uops::views
