#include "core/grad/constants_only.h"

namespace uops::grad {

bool constantsOnly(const UOp& root) {
  for (const UOp* u : toposort(root))
    if (u->op() == Op::Buffer || u->op() == Op::Binary || u->op() == Op::Param) return false;
  return true;
}

} // namespace uops::grad
