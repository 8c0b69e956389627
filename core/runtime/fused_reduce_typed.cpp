// The fused Reduces that take most of an evaluation's time, as loops over the
// operand's element type: a sum, product or maximum of a leaf seen through
// views (arange's running sums, max-pooling), and the sum of a product of two
// leaves (a convolution or matmul). The operand is walked row by row
// (strided_rows.h), each output's elements one after another in the
// row-major order of the reduced axes, the order in which reduceElements adds
// them into that output, and each step is the same arithmetic: floats in
// their own type, one rounding per op (core/runtime is built with
// -ffp-contract=off, so a product and a sum never fuse); integers modulo 2^64
// and wrapped once at the end, which is the same as wrapping after every
// step, as Add and Mul modulo 2^n commute with truncation.
#include "core/runtime/fused_reduce.h"

#include "core/ir/shape.h"
#include "core/runtime/fused_reduce_walk.h"
#include "core/runtime/integer_types.h"
#include "core/runtime/scalar_ops.h"

#include <algorithm>
#include <type_traits>

namespace uops {

template <class T>
void FusedReduce::reduceLeaf(Op op, const Ints& axes, const std::function<void()>& poll, HostTensor& out) {
  const UOp& operand = *m_reduce.src(0);
  const Shape& shape = operand.shape();
  ScalarType t = operand.dtype().scalar;
  size_t leaf = 0, target = 0;
  StridedRows rows = frtRows(shape, axes, [&](StridedRows& r) {
    leaf = r.add(m_nodes[0].views);
    target = r.add(reduceTargetStrides(shape, axes));
  });
  const std::byte* base = m_leafValues[m_nodes[0].leafSlot]->bytes().data();
  std::vector<T> x;
  if constexpr (std::is_floating_point_v<T>) {
    std::vector<T> acc(static_cast<size_t>(out.numel()), static_cast<T>(floatIdentity(op)));
    frtEachPiece(rows, poll, [&](int64_t first, int64_t count) {
      x.resize(static_cast<size_t>(count));
      rows.gather<T>(leaf, base, x.data(), first, count);
      StridedRows::Row at = frtTarget(rows, target, first);
      if (op == Op::Add)
        frtAccumulate(acc.data(), at, x.data(), count, [](T a, T v) { return a + v; });
      else if (op == Op::Mul)
        frtAccumulate(acc.data(), at, x.data(), count, [](T a, T v) { return a * v; });
      else
        frtAccumulate(acc.data(), at, x.data(), count,
                      [t](T a, T v) { return static_cast<T>(floatOp(Op::Max, t, a, v)); });
    });
    for (size_t i = 0; i < acc.size(); ++i)
      out.setDouble(static_cast<int64_t>(i), static_cast<double>(acc[i]));
  } else {
    // integers as 64-bit two's complement, sign-extended from T
    using Wide = std::conditional_t<std::is_signed_v<T>, int64_t, uint64_t>;
    std::vector<uint64_t> acc(static_cast<size_t>(out.numel()), intIdentity(op, t));
    auto widen = [](T v) { return static_cast<uint64_t>(static_cast<Wide>(v)); };
    frtEachPiece(rows, poll, [&](int64_t first, int64_t count) {
      x.resize(static_cast<size_t>(count));
      rows.gather<T>(leaf, base, x.data(), first, count);
      StridedRows::Row at = frtTarget(rows, target, first);
      if (op == Op::Add)
        frtAccumulate(acc.data(), at, x.data(), count, [&](uint64_t a, T v) { return a + widen(v); });
      else if (op == Op::Mul)
        frtAccumulate(acc.data(), at, x.data(), count, [&](uint64_t a, T v) { return a * widen(v); });
      else
        frtAccumulate(acc.data(), at, x.data(), count, [&](uint64_t a, T v) {
          uint64_t w = widen(v);
          return static_cast<Wide>(a) < static_cast<Wide>(w) ? w : a;
        });
    });
    for (size_t i = 0; i < acc.size(); ++i)
      out.setUInt(static_cast<int64_t>(i), acc[i]);
  }
}

template <class T> void FusedReduce::sumProducts(const Ints& axes, const std::function<void()>& poll, HostTensor& out) {
  const Shape& shape = m_reduce.src(0)->shape();
  const Node& na = m_nodes[m_nodes[0].operands[0]];
  const Node& nb = m_nodes[m_nodes[0].operands[1]];
  size_t a = 0, b = 0, target = 0;
  StridedRows rows = frtRows(shape, axes, [&](StridedRows& r) {
    a = r.add(na.views);
    b = r.add(nb.views);
    target = r.add(reduceTargetStrides(shape, axes));
  });
  const std::byte* baseA = m_leafValues[na.leafSlot]->bytes().data();
  const std::byte* baseB = m_leafValues[nb.leafSlot]->bytes().data();
  // floats in T; integers modulo 2^64, sign-extended from T
  using Acc = std::conditional_t<std::is_floating_point_v<T>, T,
                                 std::conditional_t<std::is_signed_v<T>, int64_t, uint64_t>>;
  using Sum = std::conditional_t<std::is_floating_point_v<T>, T, uint64_t>;
  std::vector<Sum> acc(static_cast<size_t>(out.numel()), Sum(0));
  std::vector<T> xa, xb;
  std::vector<Sum> p;
  frtEachPiece(rows, poll, [&](int64_t first, int64_t count) {
    size_t n = static_cast<size_t>(count);
    xa.resize(n);
    xb.resize(n);
    p.resize(n);
    rows.gather<T>(a, baseA, xa.data(), first, count);
    rows.gather<T>(b, baseB, xb.data(), first, count);
    for (size_t j = 0; j < n; ++j)
      p[j] = static_cast<Sum>(static_cast<Acc>(xa[j])) * static_cast<Sum>(static_cast<Acc>(xb[j]));
    frtAccumulate(acc.data(), frtTarget(rows, target, first), p.data(), count, [](Sum s, Sum v) { return s + v; });
  });
  for (size_t i = 0; i < acc.size(); ++i) {
    if constexpr (std::is_floating_point_v<T>)
      out.setDouble(static_cast<int64_t>(i), static_cast<double>(acc[i]));
    else
      out.setUInt(static_cast<int64_t>(i), acc[i]);
  }
}

bool FusedReduce::evaluateTyped(const std::function<void()>& poll, HostTensor& out) {
  const ReduceArg& arg = m_reduce.argAs<ReduceArg>();
  ScalarType t = m_reduce.src(0)->dtype().scalar;
  Shape outShape = m_reduce.src(0)->shape();
  for (int64_t axis : arg.axes)
    outShape[static_cast<size_t>(axis)] = 1;
  const Node& root = m_nodes[0];
  // the root path's views: a leaf; an elementwise root's identity path
  bool leafRoot = root.leaf;
  bool product = !root.leaf && root.identity && root.uop->op() == Op::Mul && arg.op == Op::Add &&
                 root.operands.size() == 2 && m_nodes[root.operands[0]].leaf && m_nodes[root.operands[1]].leaf;
  if (!leafRoot && !product) return false;
  out = HostTensor(m_reduce.src(0)->dtype(), outShape);
  const Op op = arg.op;
  switch (t) {
  case ScalarType::Float32:
    leafRoot ? reduceLeaf<float>(op, arg.axes, poll, out) : sumProducts<float>(arg.axes, poll, out);
    return true;
  case ScalarType::Float64:
    leafRoot ? reduceLeaf<double>(op, arg.axes, poll, out) : sumProducts<double>(arg.axes, poll, out);
    return true;
  default:
    break;
  }
  // other dtypes (bool, float16, bfloat16) take the general walk
  return withIntegerType(t, [&]<class T>() {
    leafRoot ? reduceLeaf<T>(op, arg.axes, poll, out) : sumProducts<T>(arg.axes, poll, out);
  });
}

} // namespace uops
