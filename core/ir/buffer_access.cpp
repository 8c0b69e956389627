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

int64_t paramElements(const UOp& param) {
  if (param.dtype().ptrSize >= 0) return param.dtype().ptrSize;
  return param.shape().empty() ? 1 : param.shape().front();
}

bool accessInBounds(const UOp& access) {
  if ((access.op() != Op::Load && access.op() != Op::Store) || access.src(0)->op() != Op::Index ||
      access.src(0)->src().size() != 2)
    return false;
  const UOp& b = addressedBuffer(*access.src(0));
  if (b.op() != Op::Param) return false;
  const MinMax m = access.src(0)->src(1)->minMax();
  return !m.isFloat && m.lo >= 0 && m.hi < paramElements(b);
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
