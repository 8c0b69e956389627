#include "core/render/contractible.h"

#include "core/ir/buffer_access.h"
#include "core/ir/scratch_node_set.h"

namespace uops {

std::unordered_set<const UOp*> contractible(const UOpPtr& linear) {
  // uses of the products only: nothing else is asked about
  ScratchNodeMap<int> uses;
  for (const UOpPtr& u : linear->src())
    for (const UOpPtr& s : u->src())
      if (s->op() == Op::Mul) ++uses[s.get()];
  // a reduction's accumulator: a one-element REG buffer (row caches are longer)
  auto isAccumulator = [](const UOp& v) {
    const UOp* b = registerAccessed(v);
    return v.op() == Op::Load && b && b->argAs<BufferArg>().size == 1;
  };
  std::unordered_set<const UOp*> fuse;
  for (const UOpPtr& u : linear->src()) {
    const ScalarType t = u->dtype().scalar;
    if (u->op() != Op::Add || (t != ScalarType::Float32 && t != ScalarType::Float64)) continue;
    for (int i = 0; i < 2; ++i) {
      const UOp& product = *u->src(i);
      if (product.op() != Op::Mul || *uses.find(&product) != 1 || !isAccumulator(*u->src(1 - i))) continue;
      fuse.insert(u.get());
      fuse.insert(&product);
      break;
    }
  }
  return fuse;
}

} // namespace uops
