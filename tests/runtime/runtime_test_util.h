// Helpers for the runtime tests: build tensor inputs without Buffers, evaluate,
// and print values as text so expectations read as written by hand.
#pragma once

#include "core/ir/build.h"
#include "core/ir/shape.h"
#include "core/runtime/host_tensor.h"
#include "core/runtime/reference_evaluator.h"
#include "core/runtime/strided_view.h"

#include <QString>

#include <cmath>
#include <string>
#include <vector>

#include <fmt/format.h>

namespace uops::testing {

// One element as text: shortest decimal for floats ("0.1", "nan", "-0"),
// integers exactly, bools as true/false.
inline std::string showElement(const HostTensor& t, int64_t i) {
  DType d = t.dtype();
  if (d.isBool()) return t.getBool(i) ? "true" : "false";
  // NaN's sign is the hardware's choice (x86 makes inf - inf negative): not part of the value.
  if (d.isFloat() && std::isnan(t.getDouble(i))) return "nan";
  if (d.isFloat()) return fmt::format("{}", t.getDouble(i));
  if (d.isUnsigned()) return fmt::format("{}", t.getUInt(i));
  return fmt::format("{}", t.getInt(i));
}

// "int32 (2, 3) [0, 1, 2, 3, 4, 5]"
inline QString show(const HostTensor& t) {
  std::string s = fmt::format("{} {} [", scalarNumpyName(t.dtype().scalar), toString(t.shape()));
  for (int64_t i = 0; i < t.numel() && !t.isVoid(); ++i)
    s += (i ? ", " : "") + showElement(t, i);
  return QString::fromStdString(s + "]");
}

inline QString qs(const char* text) {
  return QString::fromUtf8(text);
}

// The tensor as a graph input with no Buffer: Binary bytes, Bitcast, Reshape.
inline UOpPtr literal(const HostTensor& t) {
  std::span<const std::byte> bytes = t.bytes();
  std::string data(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  UOpPtr raw = UOp::make(Op::Binary, dtypes::uint8, {}, std::move(data));
  return reshape(bitcast(raw, t.dtype()), t.shape());
}

inline UOpPtr literalInts(DType dtype, const Shape& shape, std::initializer_list<int64_t> values) {
  return literal(HostTensor::fromInts(dtype, shape, values));
}

inline UOpPtr literalDoubles(DType dtype, const Shape& shape,
                             std::initializer_list<double> values) {
  return literal(HostTensor::fromDoubles(dtype, shape, values));
}

// 0, 1, 2, ... in row-major order.
inline UOpPtr arange(DType dtype, const Shape& shape) {
  HostTensor t(dtype, shape);
  for (int64_t i = 0; i < t.numel(); ++i)
    t.setInt(i, i);
  return literal(t);
}

inline HostTensor eval(const UOpPtr& root) {
  return ReferenceEvaluator().evaluate(root);
}

// The views of the movement chain from `input` up to `top`, composed in the
// chain's order.
inline StridedViews viewsOfChain(const UOpPtr& top, const UOpPtr& input) {
  std::vector<const UOp*> chain;
  for (const UOp* u = top.get(); u != input.get(); u = u->src(0).get())
    chain.push_back(u);
  StridedViews v(input->shape());
  for (size_t k = chain.size(); k-- > 0;) {
    const UOp& move = *chain[k];
    bool offsets = move.op() == Op::Pad || move.op() == Op::Shrink;
    v.apply(move, offsets ? *shapeOperandValues(*move.src(1)) : Shape{});
  }
  return v;
}

} // namespace uops::testing
