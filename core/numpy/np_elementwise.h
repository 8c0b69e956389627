// Elementwise numpy: broadcasting, the result dtype of an operation, and the
// arithmetic and comparison operators on arrays.
#pragma once

#include "core/frontend/op_kinds.h"
#include "core/numpy/ndarray.h"

#include <functional>

namespace uops::numpy {

// An operand with whether it is "weak" for promotion: a Python number, a
// numpy scalar or a 0-d array (numpy 1.x's value-based casting).
struct Operand {
  const NdArray& array;
  bool weak = false;
};

// numpy's broadcasting rule; throws ScriptError with numpy's message
// ("operands could not be broadcast together with shapes (2,) (3,)").
NpShape broadcastShapes(const NpShape& a, const NpShape& b);
NdArray broadcastTo(const NdArray& a, const NpShape& shape);

NpType resultType(Operand a, Operand b);

// fn on each pair of broadcast elements, the result converted to `out`.
NdArray combine(Operand a, Operand b, NpType out, const std::function<double(double, double)>& fn);
// fn on each element, converted to `out`.
NdArray mapValues(const NdArray& a, NpType out, const std::function<double(double)>& fn);

// `a op b` as numpy computes it (true division of integers is float64,
// comparisons are bool, `//` and `%` floor as Python does).
NdArray binaryOp(frontend::BinaryOp op, Operand a, Operand b);
NdArray unaryOp(frontend::UnaryOp op, const NdArray& a);

} // namespace uops::numpy
