#include "core/ir/buffer_access.h"

#include "core/ir/graph_walk.h"

#include <algorithm>

namespace uops {

const UOp& addressedBuffer(const UOp& index) {
  const UOp* b = index.src(0).get();
  while (b->op() == Op::After)
    b = b->src(0).get();
  return *b;
}

bool isRegisterBuffer(const UOp& u) {
  return u.op() == Op::Buffer && u.argAs<BufferArg>().addrSpace == AddrSpace::Reg;
}

const UOp* registerAccessed(const UOp& access) {
  if ((access.op() != Op::Load && access.op() != Op::Store) || access.src(0)->op() != Op::Index) return nullptr;
  const UOp& b = addressedBuffer(*access.src(0));
  return isRegisterBuffer(b) ? &b : nullptr;
}

int64_t firstFreeRegisterId(const UOp& root) {
  int64_t next = 0;
  for (const UOp* u : nodesWithOps(root, opBit(Op::Buffer)))
    if (isRegisterBuffer(*u)) next = std::max(next, u->argAs<BufferArg>().id + 1);
  return next;
}

} // namespace uops
