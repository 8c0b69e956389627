// UOp: the immutable, interned node of the UOp dialect.
//
// A node is (op, dtype, src, arg, tag). UOp::make interns it: building the same
// five fields twice yields the same pointer, so graph equality is pointer
// equality and a snapshot of a graph is its root. Interning is thread-safe and
// a node is freed when its last reference goes (iteratively, so deep chains do
// not overflow the stack).
//
// Derived properties: dtype is a field; shape, device and axis are computed in
// the factory from the sources (cheap); min_max is computed lazily on first use,
// thread-safely, without recursion.
#pragma once

#include "core/ir/arg.h"
#include "core/ir/dtype.h"
#include "core/ir/minmax.h"
#include "core/ir/op.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace uops {

class UOp;
using UOpPtr = std::shared_ptr<const UOp>;
using UOpList = std::vector<UOpPtr>;
using Shape = std::vector<int64_t>;
using Tag = std::optional<int64_t>;

class UOp : public std::enable_shared_from_this<UOp> {
public:
  // The only way to build a node. Never fails: a node that breaks the spec still
  // exists (with shapeValid() false where its shape cannot be derived), and
  // verify() reports what is wrong with it.
  static UOpPtr make(Op op, DType dtype, UOpList src = {}, Arg arg = {}, Tag tag = {});

  Op op() const { return m_op; }
  DType dtype() const { return m_dtype; }
  const UOpList& src() const { return m_src; }
  const UOpPtr& src(size_t i) const { return m_src[i]; }
  const Arg& arg() const { return m_arg; }
  const Tag& tag() const { return m_tag; }
  size_t hash() const { return m_hash; }
  // The program line that made this node (core/ir/provenance.h); 0: unknown.
  int32_t line() const { return m_line; }

  // Derived properties (the spec's table).
  const Shape& shape() const { return m_shape; }
  bool shapeValid() const { return m_shapeValid; }
  const DeviceRef& device() const { return m_device; } // null: no device
  std::optional<int> axis() const { return m_axis; }
  const MinMax& minMax() const;
  // The ops of this node and of every node under it (through the sources): a
  // rewrite whose rules match none of them leaves the whole graph as it is.
  const OpSet& opsBelow() const { return m_opsBelow; }
  // The pure rule sets (PatternMatcher::pure), one bit each, none of whose
  // rules matches this node. Node and rules never change, so what a pass
  // learned here holds for every later pass: it tries those rules no more.
  uint32_t unmatchedRuleSets() const { return m_unmatchedRuleSets.load(std::memory_order_relaxed); }
  void addUnmatchedRuleSets(uint32_t sets) const { m_unmatchedRuleSets.fetch_or(sets, std::memory_order_relaxed); }

  template <class T> const T& argAs() const { return std::get<T>(m_arg); }
  template <class T> const T* argIf() const { return std::get_if<T>(&m_arg); }
  // The constant of a Const node, else nullopt.
  std::optional<ConstValue> constValue() const;

  UOpPtr ptr() const { return shared_from_this(); }
  // Same node with other fields; returns this node itself when nothing changes.
  UOpPtr withSrc(UOpList src) const;
  UOpPtr withArg(Arg arg) const;
  UOpPtr withTag(Tag tag) const;
  UOpPtr withDType(DType dtype) const;

  // Number of live interned nodes (for tests of freeing).
  static size_t liveCount();

  UOp(const UOp&) = delete;
  UOp& operator=(const UOp&) = delete;
  ~UOp();

private:
  UOp(Op op, DType dtype, UOpList src, Arg arg, Tag tag, size_t hash);
  friend struct UOpFactory;
  friend const MinMax& computeMinMax(const UOp& root);

  Op m_op;
  DType m_dtype;
  UOpList m_src;
  Arg m_arg;
  Tag m_tag;
  size_t m_hash;
  int32_t m_line = 0;
  Shape m_shape;
  bool m_shapeValid = true;
  std::optional<int> m_axis;
  DeviceRef m_device;
  OpSet m_opsBelow;
  mutable std::atomic<bool> m_minMaxReady{false};
  mutable std::atomic<uint32_t> m_unmatchedRuleSets{0};
  mutable MinMax m_minMax;
};

// Nodes in topological order (sources before users), deterministic for a given
// graph: sources are visited in order, never by pointer value. Iterative.
std::vector<const UOp*> toposort(const UOp& root);
std::vector<const UOp*> toposort(std::span<const UOpPtr> roots);

} // namespace uops
