#include "core/ir/reaches.h"

namespace uops {

bool reaches(const UOp& root, const UOp& target) {
  for (const UOp* u : toposort(root))
    if (u == &target) return true;
  return false;
}

bool reachesTranscendental(const UOp& root) {
  for (const UOp* u : toposort(root))
    if (isTranscendental(u->op())) return true;
  return false;
}

} // namespace uops
