// Where remarks go while a stage runs: a RemarkScope on the thread points
// emitRemark at a list; with none, remarksOn() is false and producers build
// nothing (a stage that explains itself checks it first), as the rewrite
// trace costs nothing when off.
#pragma once

#include "core/remarks/remark.h"

#include <vector>

namespace uops {

// Whether a RemarkScope with a list is active on this thread.
bool remarksOn();

// Appends `remark` to the active scope's list, unless an equal one is there
// already (a rule tried at a fixed point declines the same way each round).
void emitRemark(Remark remark);

class RemarkScope {
public:
  explicit RemarkScope(std::vector<Remark>* sink); // null: none collected inside
  ~RemarkScope();
  RemarkScope(const RemarkScope&) = delete;
  RemarkScope& operator=(const RemarkScope&) = delete;

private:
  std::vector<Remark>* m_previous;
};

} // namespace uops
