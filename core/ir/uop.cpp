#include "core/ir/uop.h"

#include "core/ir/device.h"
#include "core/ir/intern_table.h"
#include "core/ir/node_map.h"
#include "core/ir/provenance.h"
#include "core/ir/scratch_node_set.h"
#include "core/ir/shape.h"

#include <array>
#include <mutex>
#include <utility>

namespace uops {
namespace {

constexpr size_t kShards = 64;

size_t mix(size_t h, size_t v) { return h ^ (v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2)); }

size_t hashFields(Op op, const DType& dtype, const UOpList& src, const Arg& arg, const Tag& tag) {
  size_t h = mix(static_cast<size_t>(op) * 0x100000001B3ull, hashValue(dtype));
  for (const auto& s : src) h = mix(h, s->hash());
  h = mix(h, hashValue(arg));
  if (tag) h = mix(h, std::hash<int64_t>{}(*tag) + 1);
  return h;
}

bool sameFields(const UOp& u, Op op, const DType& dtype, const UOpList& src, const Arg& arg,
                const Tag& tag) {
  if (u.op() != op || !(u.dtype() == dtype) || u.tag() != tag || u.src().size() != src.size())
    return false;
  for (size_t i = 0; i < src.size(); ++i)
    if (u.src(i) != src[i]) return false;
  return argEqual(u.arg(), arg);
}

// The intern table: hash -> nodes with that hash, split into shards by hash.
// Entries are raw pointers; a node removes its own entry when it dies. A shard
// has cache lines of its own: threads that lower kernels side by side lock
// different shards without taking each other's lines.
struct alignas(64) Shard {
  std::mutex mutex;
  InternTable nodes;
};

std::array<Shard, kShards>& shards() {
  static auto* table = new std::array<Shard, kShards>(); // never destroyed: nodes may outlive main
  return *table;
}

Shard& shardFor(size_t hash) { return shards()[(hash >> 7) % kShards]; }

// Frees a node and, iteratively, the sources that die with it.
thread_local std::vector<const UOp*>* tPendingFree = nullptr;

void unregister(const UOp* node) {
  Shard& shard = shardFor(node->hash());
  std::lock_guard lock(shard.mutex);
  shard.nodes.erase(node->hash(), node);
}

// Runs a dead node's destructor. Its memory (one block with the shared_ptr's
// counts, NodeAllocator) goes when the last weak reference does: the node's
// own weak_from_this, at the end of its destructor.
void destroyNode(UOp* node) {
  if (tPendingFree) {
    tPendingFree->push_back(node);
    return;
  }
  std::vector<const UOp*> pending{node};
  tPendingFree = &pending;
  while (!pending.empty()) {
    const UOp* n = pending.back();
    pending.pop_back();
    unregister(n);
    n->~UOp(); // releasing its sources may push more nodes onto `pending`
  }
  tPendingFree = nullptr;
}

} // namespace

struct UOpFactory {
  // A node and its shared_ptr counts in one allocation (allocate_shared): a
  // compiler run makes and frees nodes by the ten thousand.
  template <class T> struct NodeAllocator {
    using value_type = T;
    NodeAllocator() = default;
    template <class U> NodeAllocator(const NodeAllocator<U>&) {}
    T* allocate(size_t n) { return std::allocator<T>().allocate(n); }
    void deallocate(T* p, size_t n) { std::allocator<T>().deallocate(p, n); }
    template <class... A> void construct(UOp* p, A&&... a) { ::new (static_cast<void*>(p)) UOp(std::forward<A>(a)...); }
    void destroy(UOp* p) { destroyNode(p); }
    bool operator==(const NodeAllocator&) const { return true; }
  };

  static UOpPtr create(Op op, DType dtype, UOpList src, Arg arg, Tag tag, size_t hash) {
    std::shared_ptr<UOp> owner = std::allocate_shared<UOp>(NodeAllocator<UOp>(), op, dtype, std::move(src),
                                                           std::move(arg), std::move(tag), hash);
    UOp* node = owner.get();
    node->m_line = currentProvenance();
    node->m_opsBelow = opBit(op);
    for (const UOpPtr& s : node->m_src) node->m_opsBelow |= s->m_opsBelow;
    auto shape = inferShape(node->m_op, node->m_dtype, node->m_src, node->m_arg);
    node->m_shapeValid = shape.has_value();
    if (shape) node->m_shape = std::move(*shape);
    node->m_device = inferDevice(node->m_op, node->m_src, node->m_arg);
    // The axis indexes the shape: a node without a valid shape has none (and its
    // sources' axes may not fit the empty shape it holds).
    if (node->m_shapeValid) node->m_axis = inferAxis(node->m_op, node->m_src, node->m_arg, node->m_shape);
    return owner;
  }
};

UOp::UOp(Op op, DType dtype, UOpList src, Arg arg, Tag tag, size_t hash)
    : m_op(op), m_dtype(dtype), m_src(std::move(src)), m_arg(std::move(arg)), m_tag(std::move(tag)),
      m_hash(hash) {}

UOp::~UOp() = default;

// Every live node is in the intern table (a count kept beside it was one more
// atomic write to a shared line for every node made and freed).
size_t UOp::liveCount() {
  size_t n = 0;
  for (Shard& shard : shards()) {
    std::lock_guard lock(shard.mutex);
    n += shard.nodes.size();
  }
  return n;
}

UOpPtr UOp::make(Op op, DType dtype, UOpList src, Arg arg, Tag tag) {
  size_t hash = hashFields(op, dtype, src, arg, tag);
  Shard& shard = shardFor(hash);
  std::lock_guard lock(shard.mutex);
  // A node another thread is releasing may be found here. No shared_ptr made
  // under the shard's lock may die under it: the last owner's release runs
  // destroyNode, which takes this lock again. weak_ptr<const UOp> from the
  // node's weak_ptr<UOp> would lock() a temporary that can be the last owner;
  // the weak_ptr<UOp> itself is copied without one, and what lock() gives is
  // returned, never dropped here.
  std::shared_ptr<UOp> alive;
  shard.nodes.find(hash, [&](const UOp* candidate) {
    if (!sameFields(*candidate, op, dtype, src, arg, tag)) return false;
    alive = const_cast<UOp*>(candidate)->weak_from_this().lock();
    return alive != nullptr;
  });
  if (alive) return alive;
  UOpPtr node = UOpFactory::create(op, dtype, std::move(src), std::move(arg), std::move(tag), hash);
  shard.nodes.insert(hash, node.get());
  return node;
}

std::optional<ConstValue> UOp::constValue() const {
  if (m_op != Op::Const) return std::nullopt;
  return argConstValue(m_arg);
}

UOpPtr UOp::withSrc(UOpList src) const {
  if (src == m_src) return ptr();
  ProvenanceScope from(m_line); // a version of this node
  return make(m_op, m_dtype, std::move(src), m_arg, m_tag);
}

UOpPtr UOp::withArg(Arg arg) const {
  if (argEqual(arg, m_arg)) return ptr();
  ProvenanceScope from(m_line); // a version of this node
  return make(m_op, m_dtype, m_src, std::move(arg), m_tag);
}

UOpPtr UOp::withTag(Tag tag) const {
  if (tag == m_tag) return ptr();
  ProvenanceScope from(m_line); // a version of this node
  return make(m_op, m_dtype, m_src, m_arg, std::move(tag));
}

UOpPtr UOp::withDType(DType dtype) const {
  if (dtype == m_dtype) return ptr();
  ProvenanceScope from(m_line);
  return make(m_op, dtype, m_src, m_arg, m_tag);
}

std::vector<const UOp*> toposort(std::span<const UOpPtr> roots) {
  std::vector<const UOp*> order;
  ScratchNodeSet seen;
  auto firstVisit = [&seen](const UOp* u) { return seen.insert(u); };
  // (node, next source to visit)
  std::vector<std::pair<const UOp*, size_t>> stack;
  for (const auto& root : roots) {
    if (!firstVisit(root.get())) continue;
    stack.emplace_back(root.get(), 0);
    while (!stack.empty()) {
      auto& [node, next] = stack.back();
      if (next < node->src().size()) {
        const UOp* s = node->src(next++).get();
        if (firstVisit(s)) stack.emplace_back(s, 0);
        continue;
      }
      order.push_back(node);
      stack.pop_back();
    }
  }
  return order;
}

std::vector<const UOp*> toposort(const UOp& root) {
  UOpPtr r = root.ptr();
  return toposort(std::span<const UOpPtr>(&r, 1));
}

} // namespace uops
