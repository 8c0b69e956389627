// Any fused region, row by row: per piece of a row, every node's elements in
// a buffer of its dtype, leaves gathered, elementwise nodes computed from
// their operands' buffers (children before their reader: a node's operands
// come after it in m_nodes), then the operand's row added into the outputs.
//
// Padding is per node: a leaf reads zero in any padding above it (what its
// reader does there does not matter, as the Pad right above that reader
// zeroes it in turn), and an elementwise node with a Pad in its chain is
// zeroed where that Pad (or any above it) pads, whatever its op gave there.
//
// The outputs accumulate as reduceElements does: float32 and float64 in their
// own type (one rounding per step, core/runtime is built with
// -ffp-contract=off), every other dtype through floatOp / intOp per element.
#include "core/runtime/fused_reduce.h"

#include "core/runtime/elementwise_row.h"
#include "core/runtime/fused_reduce_walk.h"
#include "core/runtime/scalar_ops.h"

#include <type_traits>

namespace uops {
namespace {

// The operand's row (of T) added into acc (T) along the accumulator's row.
template <class T> void rowsAccumulate(Op op, ScalarType t, T* acc, StridedRows::Row at, const HostTensor& x, int64_t n) {
  const T* v = reinterpret_cast<const T*>(x.bytes().data());
  if (op == Op::Add)
    frtAccumulate(acc, at, v, n, [](T a, T b) { return a + b; });
  else if (op == Op::Mul)
    frtAccumulate(acc, at, v, n, [](T a, T b) { return a * b; });
  else
    frtAccumulate(acc, at, v, n, [t](T a, T b) { return static_cast<T>(floatOp(Op::Max, t, a, b)); });
}

// The accumulators of one reduction: in T for float32 / float64, as
// reduceElements keeps them (doubles, or integers as 64-bit bits) otherwise.
class RowsAccumulator {
public:
  RowsAccumulator(Op op, DType dtype, int64_t outputs) : m_op(op), m_dtype(dtype) {
    size_t n = static_cast<size_t>(outputs);
    ScalarType t = dtype.scalar;
    if (t == ScalarType::Float32) m_f32.assign(n, static_cast<float>(floatIdentity(op)));
    else if (t == ScalarType::Float64) m_f64.assign(n, floatIdentity(op));
    else if (dtype.isFloat()) m_doubles.assign(n, floatIdentity(op));
    else m_ints.assign(n, intIdentity(op, t));
  }

  void add(StridedRows::Row at, const HostTensor& x, int64_t n) {
    ScalarType t = m_dtype.scalar;
    if (t == ScalarType::Float32) return rowsAccumulate(m_op, t, m_f32.data(), at, x, n);
    if (t == ScalarType::Float64) return rowsAccumulate(m_op, t, m_f64.data(), at, x, n);
    for (int64_t j = 0; j < n; ++j) {
      size_t i = static_cast<size_t>(at.offset + j * at.stride);
      if (m_dtype.isFloat())
        m_doubles[i] = floatOp(m_op, t, m_doubles[i], x.getDouble(j));
      else
        m_ints[i] = intOp(m_op, t, m_ints[i], x.getUInt(j));
    }
  }

  void store(HostTensor& out) const {
    for (size_t i = 0; i < m_f32.size(); ++i)
      out.setDouble(static_cast<int64_t>(i), static_cast<double>(m_f32[i]));
    for (size_t i = 0; i < m_f64.size(); ++i)
      out.setDouble(static_cast<int64_t>(i), m_f64[i]);
    for (size_t i = 0; i < m_doubles.size(); ++i)
      out.setDouble(static_cast<int64_t>(i), m_doubles[i]);
    for (size_t i = 0; i < m_ints.size(); ++i)
      out.setUInt(static_cast<int64_t>(i), m_ints[i]);
  }

private:
  Op m_op;
  DType m_dtype;
  std::vector<float> m_f32;
  std::vector<double> m_f64, m_doubles;
  std::vector<uint64_t> m_ints;
};

} // namespace

HostTensor FusedReduce::reduceRows(const std::function<void()>& poll) {
  const ReduceArg& arg = m_reduce.argAs<ReduceArg>();
  const UOp& operand = *m_reduce.src(0);
  const Shape& shape = operand.shape();
  // a reader per leaf (its elements) and per padded elementwise node (its padding)
  std::vector<size_t> readers(m_nodes.size(), SIZE_MAX);
  size_t target = 0;
  StridedRows rows = frtRows(shape, arg.axes, [&](StridedRows& r) {
    for (size_t i = 0; i < m_nodes.size(); ++i)
      if (m_nodes[i].leaf || m_nodes[i].padded) readers[i] = r.add(m_nodes[i].views);
    target = r.add(reduceTargetStrides(shape, arg.axes));
  });
  Shape outShape = shape;
  for (int64_t axis : arg.axes)
    outShape[static_cast<size_t>(axis)] = 1;
  HostTensor out(operand.dtype(), outShape);
  RowsAccumulator acc(arg.op, operand.dtype(), out.numel());
  const int64_t piece = std::min(rows.length(), StridedRows::kPiece);
  std::vector<HostTensor> values;
  for (const Node& node : m_nodes)
    values.emplace_back(node.uop->dtype(), Shape{piece});
  std::vector<const HostTensor*> in;
  frtEachPiece(rows, poll, [&](int64_t first, int64_t count) {
    for (size_t i = m_nodes.size(); i-- > 0;) {
      const Node& node = m_nodes[i];
      HostTensor& value = values[i];
      const size_t item = static_cast<size_t>(value.itemSize());
      if (node.leaf) {
        rows.gatherBytes(readers[i], m_leafValues[node.leafSlot]->bytes().data(), item,
                         value.mutableBytes().data(), first, count);
        continue;
      }
      in.clear();
      for (size_t k : node.operands)
        in.push_back(&values[k]);
      elementwiseRow(node.uop->op(), in, value, count);
      if (node.padded) rows.zeroPaddingBytes(readers[i], item, value.mutableBytes().data(), first, count);
    }
    acc.add(frtTarget(rows, target, first), values[0], count);
  });
  acc.store(out);
  return out;
}

} // namespace uops
