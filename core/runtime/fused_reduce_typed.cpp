// The fused Reduces that take most of an evaluation's time, as loops over the
// operand's element type: a sum, product or maximum of a leaf seen through
// views (arange's running sums, max-pooling), and the sum of a product of two
// leaves (a convolution or matmul in float32/float64). Each takes the
// elements in the row-major order reduceElements does and does the same
// arithmetic: floats in their own type, one rounding per op (core/runtime is
// built with -ffp-contract=off, so a product and a sum never fuse); integers
// modulo 2^64 and wrapped once at the end, which is the same as wrapping after
// every step, as Add and Mul modulo 2^n commute with truncation.
#include "core/runtime/fused_reduce.h"

#include "core/ir/shape.h"
#include "core/runtime/integer_types.h"
#include "core/runtime/scalar_ops.h"
#include "core/runtime/strides.h"

#include <cstring>
#include <type_traits>

namespace uops {
namespace {

// Calls step(target, index) for every operand element in row-major order,
// `target` being the output element it reduces into (as reduceElements walks).
template <class Step>
void frtWalk(const Shape& shape, const Ints& axes, const std::function<void()>& poll, Step&& step) {
  Shape outShape = shape;
  for (int64_t axis : axes)
    outShape[static_cast<size_t>(axis)] = 1;
  Strides strides = rowMajorStrides(outShape);
  for (int64_t axis : axes)
    strides[static_cast<size_t>(axis)] = 0;
  std::vector<int64_t> index(shape.size(), 0);
  int64_t target = 0, n = shapeProduct(shape);
  for (int64_t i = 0; i < n; ++i) {
    if ((i & 0xFFFFF) == 0) poll();
    step(target, index);
    for (size_t k = shape.size(); k-- > 0;) {
      target += strides[k];
      if (++index[k] < shape[k]) break;
      target -= strides[k] * shape[k];
      index[k] = 0;
    }
  }
}

template <class T> T frtLoad(const std::byte* base, int64_t i) {
  T v;
  std::memcpy(&v, base + static_cast<size_t>(i) * sizeof(T), sizeof(T));
  return v;
}

} // namespace

// The element type T of a leaf read through its path: 0 in a Pad's padding.
template <class T> T FusedReduce::leafElement(Path& path, const std::vector<int64_t>& index) {
  int64_t offset = 0;
  if (!path.views.locate(index, offset, path.scratch)) return T(0);
  return frtLoad<T>(m_leafValues[m_nodes[path.node].leafSlot]->bytes().data(), offset);
}

template <class T>
void FusedReduce::reduceLeaf(Op op, const Ints& axes, const std::function<void()>& poll, HostTensor& out) {
  const UOp& operand = *m_reduce.src(0);
  ScalarType t = operand.dtype().scalar;
  if constexpr (std::is_floating_point_v<T>) {
    std::vector<T> acc(static_cast<size_t>(out.numel()), static_cast<T>(floatIdentity(op)));
    frtWalk(operand.shape(), axes, poll, [&](int64_t target, const std::vector<int64_t>& index) {
      T x = leafElement<T>(m_root, index);
      T& a = acc[static_cast<size_t>(target)];
      if (op == Op::Add)
        a = a + x;
      else if (op == Op::Mul)
        a = a * x;
      else
        a = static_cast<T>(floatOp(op, t, a, x));
    });
    for (size_t i = 0; i < acc.size(); ++i)
      out.setDouble(static_cast<int64_t>(i), static_cast<double>(acc[i]));
  } else {
    // integers as 64-bit two's complement, sign-extended from T
    std::vector<uint64_t> acc(static_cast<size_t>(out.numel()), intIdentity(op, t));
    frtWalk(operand.shape(), axes, poll, [&](int64_t target, const std::vector<int64_t>& index) {
      uint64_t x = static_cast<uint64_t>(static_cast<std::conditional_t<std::is_signed_v<T>, int64_t, uint64_t>>(
          leafElement<T>(m_root, index)));
      uint64_t& a = acc[static_cast<size_t>(target)];
      if (op == Op::Add)
        a += x;
      else if (op == Op::Mul)
        a *= x;
      else if (std::is_signed_v<T> ? static_cast<int64_t>(a) < static_cast<int64_t>(x) : a < x)
        a = x;
    });
    for (size_t i = 0; i < acc.size(); ++i)
      out.setUInt(static_cast<int64_t>(i), acc[i]);
  }
}

template <class T> void FusedReduce::sumProducts(const Ints& axes, const std::function<void()>& poll, HostTensor& out) {
  std::vector<T> acc(static_cast<size_t>(out.numel()), T(0));
  Node& mul = m_nodes[m_root.node];
  Path& a = mul.operands[0];
  Path& b = mul.operands[1];
  frtWalk(m_reduce.src(0)->shape(), axes, poll, [&](int64_t target, const std::vector<int64_t>& index) {
    T p = leafElement<T>(a, index) * leafElement<T>(b, index);
    T& s = acc[static_cast<size_t>(target)];
    s = s + p;
  });
  for (size_t i = 0; i < acc.size(); ++i)
    out.setDouble(static_cast<int64_t>(i), static_cast<double>(acc[i]));
}

bool FusedReduce::evaluateTyped(const std::function<void()>& poll, HostTensor& out) {
  const ReduceArg& arg = m_reduce.argAs<ReduceArg>();
  if (arg.op != Op::Add && arg.op != Op::Mul && arg.op != Op::Max) return false;
  for (int64_t axis : arg.axes)
    if (axis < 0 || static_cast<size_t>(axis) >= m_reduce.src(0)->shape().size()) return false;
  ScalarType t = m_reduce.src(0)->dtype().scalar;
  Shape outShape = m_reduce.src(0)->shape();
  for (int64_t axis : arg.axes)
    outShape[static_cast<size_t>(axis)] = 1;
  const Node& root = m_nodes[m_root.node];
  // the root path's views: a leaf; an elementwise root's identity path
  bool leafRoot = root.leaf;
  bool product = !root.leaf && m_root.identity && root.uop->op() == Op::Mul && arg.op == Op::Add &&
                 root.operands.size() == 2 && m_nodes[root.operands[0].node].leaf &&
                 m_nodes[root.operands[1].node].leaf;
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
  if (!leafRoot) return false;
  // other dtypes (bool, float16, bfloat16) take the general walk
  return withIntegerType(t, [&]<class T>() { reduceLeaf<T>(op, arg.axes, poll, out); });
}

} // namespace uops
