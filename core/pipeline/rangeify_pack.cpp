// Packed operands: a reduction that walks a large input down its rows reads a
// new cache line and page every step. When the input is also reused across
// some other axis (a matmul's B, read once per row of A), a copy of it in
// panels of kPanel columns, [columns / kPanel, rows, kPanel], makes every step
// of the reduction read kPanel neighbouring elements: the copy costs one pass
// over the input, the reads it saves are one per reuse (BLAS packs its
// operands for the same reason). On the CPU a 1024 gemm's B went from 4 KiB
// strides to 64-byte steps: 24.5 -> 8.5 ms with the same OptOps (copy included).
//
// The packed copy is a Contiguous of movement ops of the operand, read back
// through the inverse movement ops, so values are unchanged; the copy is
// taken before the broadcast (a Shrink to one element along stride-0 axes).
#include "core/pipeline/product_operands.h"
#include "core/pipeline/rangeify_steps.h"

#include "core/ir/build.h"
#include "core/rewrite/rule.h"
#include "core/runtime/strides.h"

#include <optional>

namespace uops {
namespace {

constexpr int64_t kPanel = 16;             // elements per panel row: one AVX-512 vector of float32
constexpr int64_t kPackStrideFrom = 128;   // reduce-axis stride (elements) from which steps miss lines
constexpr int64_t kPackLengthFrom = 64;    // reduce axis and panel axis at least this long
constexpr int64_t kPackReuseFrom = 32;     // the operand read at least this many times
// The rows x panel-axis slice reused along the broadcast axes: smaller ones
// stay in the caches (a batched matmul's 256 x 256 Bs ran 2.0 ms unpacked,
// 2.3 ms packed: the copy did not pay)
constexpr int64_t kPackElementsFrom = int64_t{1} << 18;

// Row-major strides with 0 for size-1 axes, as broadcasting leaves them: two
// views of the same elements compare equal however they got their 1s.
Strides rowMajor(const Shape& shape) {
  Strides s = rowMajorStrides(shape);
  for (size_t i = 0; i < shape.size(); ++i)
    if (shape[i] == 1) s[i] = 0;
  return s;
}

struct PackPlan {
  size_t reduceAxis, panelAxis;
};

// Whether operand `o` of a reduction over `axis` is worth packing, and along which axis.
std::optional<PackPlan> packPlan(const UOp& o, size_t axis) {
  std::optional<Strides> st = viewStrides(o);
  if (!st) return std::nullopt;
  const Shape& s = o.shape();
  if (s[axis] < kPackLengthFrom) return std::nullopt;
  int64_t reuse = 1;
  std::optional<size_t> panel;
  for (size_t i = 0; i < s.size(); ++i) {
    if ((*st)[i] == 0) reuse *= s[i];
    if ((*st)[i] == 1 && i != axis && s[i] >= kPackLengthFrom) panel = i;
  }
  // Read consecutively along the reduction like the other operand (a @ b.T:
  // each output a dot product of two rows): the operand that varies along
  // the innermost output axis is packed along it, so the matmul's tile reads
  // vectors of it as of a plain b (1024^3 a @ b.T: 71 -> 4.4 ms, its copy
  // included)
  if (!panel && (*st)[axis] == 1) {
    std::optional<size_t> inner;
    for (size_t i = 0; i < s.size(); ++i)
      if (i != axis && s[i] > 1) inner = i;
    if (inner && (*st)[*inner] != 0 && s[*inner] >= kPackLengthFrom && s[*inner] % kPanel == 0 &&
        reuse >= kPackReuseFrom && s[axis] * s[*inner] >= kPackElementsFrom)
      return PackPlan{axis, *inner};
    return std::nullopt;
  }
  // a panel axis kPanel does not divide is packed whatever its size and
  // stride: padded panels let the kernel's tile read whole vectors in
  // bounds, where the operand itself would be read through masks (and the
  // tile is refused: 999 x 333 @ 333 x 77 ran as a plain loop, 3.4 GFLOPS)
  const bool padded = panel && s[*panel] % kPanel != 0;
  if (!panel || reuse < kPackReuseFrom ||
      (!padded && ((*st)[axis] < kPackStrideFrom || s[axis] * s[*panel] < kPackElementsFrom)))
    return std::nullopt;
  return PackPlan{axis, *panel};
}

// o -> the same values read from a packed copy of its un-broadcast elements.
UOpPtr packed(const UOpPtr& o, const PackPlan& plan) {
  const Shape& s = o->shape();
  std::optional<Strides> st = viewStrides(*o);
  Shape single = s; // one element along broadcast axes
  for (size_t i = 0; i < s.size(); ++i)
    if ((*st)[i] == 0) single[i] = 1;
  const Shape origin(s.size(), 0);
  UOpPtr u = shrink(o, origin, single);
  // columns kPanel does not divide: the last panel's are zeros (a Pad), the
  // reads shrink them off again; a kernel padded along the columns (Padto)
  // reads them in bounds, whole vectors
  Shape whole = single;
  whole[plan.panelAxis] = (single[plan.panelAxis] + kPanel - 1) / kPanel * kPanel;
  if (whole != single) u = pad(u, origin, whole);
  // the panel axis as (columns / kPanel, kPanel), then [others..., columns / kPanel, reduce, kPanel]
  Shape split = whole;
  split[plan.panelAxis] = whole[plan.panelAxis] / kPanel;
  split.insert(split.begin() + static_cast<std::ptrdiff_t>(plan.panelAxis) + 1, kPanel);
  auto at = [&](size_t axis) { return static_cast<int64_t>(axis > plan.panelAxis ? axis + 1 : axis); };
  int64_t outer = at(plan.panelAxis), inner = outer + 1, red = at(plan.reduceAxis);
  Ints order;
  for (int64_t i = 0; i < static_cast<int64_t>(split.size()); ++i)
    if (i != outer && i != inner && i != red) order.push_back(i);
  order.insert(order.end(), {outer, red, inner});
  Ints inverse(order.size());
  for (size_t i = 0; i < order.size(); ++i) inverse[static_cast<size_t>(order[i])] = static_cast<int64_t>(i);
  UOpPtr copy = permute(reshape(u, split), order);
  copy = UOp::make(Op::Contiguous, copy->dtype(), {copy});
  UOpPtr back = reshape(permute(copy, inverse), whole);
  if (whole != single) back = shrink(back, origin, single);
  return expand(back, s);
}

// Reduce(Add, a * b) over one axis with an operand walked down large strides
// and reused -> the same with that operand packed.
UOpPtr packOperands(const Match& m) {
  const UOp& r = *m.root();
  const ReduceArg& arg = r.argAs<ReduceArg>();
  if (arg.axes.size() != 1) return nullptr;
  const auto axis = static_cast<size_t>(arg.axes[0]);
  return withProductOperands(r, [&](const UOpPtr& o) -> UOpPtr {
    const std::optional<PackPlan> plan = packPlan(*o, axis);
    return plan ? packed(o, *plan) : nullptr;
  });
}

} // namespace

// The element strides of a chain of Reshape/Permute/Expand over a Buffer or a
// Contiguous (realized row-major), in the cases where they are plain (a
// Reshape of a contiguous view, or one that only adds or drops size-1 axes);
// nullopt for anything else. A packed operand reads its panels at stride
// kPanel, so it is not packed again.
std::optional<Strides> viewStrides(const UOp& u, bool anyBase) {
  const bool view = u.op() == Op::Reshape || u.op() == Op::Permute || u.op() == Op::Expand;
  if (u.op() == Op::Buffer || u.op() == Op::Contiguous || (anyBase && !view)) return rowMajor(u.shape());
  if (u.src().empty() || !view) return std::nullopt;
  const UOp& x = *u.src(0);
  std::optional<Strides> in = viewStrides(x, anyBase);
  if (!in) return std::nullopt;
  const Shape& from = x.shape();
  const Shape& to = u.shape();
  if (u.op() == Op::Permute) {
    Strides out;
    for (int64_t i : u.argAs<Ints>()) out.push_back((*in)[static_cast<size_t>(i)]);
    return out;
  }
  if (u.op() == Op::Expand) {
    Strides out = *in;
    for (size_t i = 0; i < to.size(); ++i)
      if (from[i] != to[i]) out[i] = 0;
    return out;
  }
  if (*in == rowMajor(from)) return rowMajor(to);
  Strides kept, out;
  for (size_t i = 0; i < from.size(); ++i)
    if (from[i] != 1) kept.push_back((*in)[i]);
  size_t next = 0;
  for (int64_t d : to) {
    if (d == 1) {
      out.push_back(0);
      continue;
    }
    if (next == kept.size()) return std::nullopt;
    out.push_back(kept[next++]);
  }
  // the non-1 sizes must be the same sequence
  Shape a, b;
  for (int64_t d : from)
    if (d != 1) a.push_back(d);
  for (int64_t d : to)
    if (d != 1) b.push_back(d);
  if (a != b) return std::nullopt;
  return out;
}

const PatternMatcher& pmPackOperands() {
  static const PatternMatcher pm{
      // Reduce(Add, a * b) reading b down long strides, b reused -> b from a packed copy
      rule("pack strided operand", UPat::op(Op::Reduce), packOperands),
  };
  return pm;
}

} // namespace uops
