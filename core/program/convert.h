// Conversions between the interpreter's Python values and the Tensor API's
// C++ arguments, with Python-style messages naming the callee and parameter:
//   "reshape() argument 'shape' must be a tuple of ints, not float".
#pragma once

#include "core/frontend/args.h"
#include "core/frontend/value.h"
#include "core/nn/int_tuple.h"
#include "core/tensor/tensor.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace uops::program {

using frontend::Args;
using frontend::Value;

// A tensor as a Python value (a TensorObject), and back.
Value wrap(Tensor t);
Value wrapTuple(const std::vector<Tensor>& tensors);
Value wrapList(const std::vector<Tensor>& tensors);
Value wrapPair(const std::pair<Tensor, Tensor>& tensors);
// The tensor behind a value, or nullopt when it is not a tensor.
std::optional<Tensor> asTensor(const Value& v);
bool isTensor(const Value& v);
// The tensor inside a TensorObject value, or null (no copy of the handle).
const Tensor* asTensorPtr(const Value& v);
// The receiver of a bound Tensor method.
const Tensor& self(const Args& a);

// Each takes the call (for its name) and the parameter's name for messages.
Tensor toTensor(const Args& a, const Value& v, std::string_view param);
std::optional<Tensor> toOptTensor(const Args& a, const Value& v, std::string_view param);
// A tensor, or a Python scalar (bool/int/float) kept as tinygrad's weak constant.
TensorOrScalar toOperand(const Args& a, const Value& v, std::string_view param);
std::optional<TensorOrScalar> toOptOperand(const Args& a, const Value& v, std::string_view param);
Scalar toScalar(const Args& a, const Value& v, std::string_view param);
int64_t toInt(const Args& a, const Value& v, std::string_view param);
std::optional<int64_t> toOptInt(const Args& a, const Value& v, std::string_view param);
double toDouble(const Args& a, const Value& v, std::string_view param);
bool toBool(const Args& a, const Value& v, std::string_view param);
std::string toStr(const Args& a, const Value& v, std::string_view param);
std::optional<std::string> toOptStr(const Args& a, const Value& v, std::string_view param);
// A DType object or a dtype name ("float32", "half"); None is nullopt.
std::optional<DType> toOptDType(const Args& a, const Value& v, std::string_view param);
DType toDType(const Args& a, const Value& v, std::string_view param);
// A list or tuple of ints (an int alone is a one-element list).
Ints toInts(const Args& a, const Value& v, std::string_view param);
// tinygrad's argfix for `f(shape, *args)`: f((2, 3)), f([2, 3]) and f(2, 3)
// all mean (2, 3).
Ints toIntsVarargs(const Args& a, const Value& first, const Value& rest, std::string_view param);
// Ints from `*shape` collected as a tuple: (2, 3) or ((2, 3),).
Ints toShapeArgs(const Args& a, const Value& shapeTuple, std::string_view param);
// None (all axes), an int or a tuple of ints.
Axes toAxes(const Args& a, const Value& v, std::string_view param);
// None, an int or a tuple of ints (nn arguments: stride, padding, ...).
IntTuple toIntTuple(const Args& a, const Value& v, std::string_view param);
// Nested lists/tuples of Python scalars, as Tensor(...) takes them.
Nested toNested(const Args& a, const Value& v, std::string_view param);
// Tensors from a tuple of values (the *args of cat, stack, meshgrid).
std::vector<Tensor> toTensors(const Args& a, const Value& tuple, std::string_view param);
// A device name as tinygrad canonicalises it ("cpu" -> "CPU"); None is "CPU".
std::string toDevice(const Args& a, const Value& v, std::string_view param);
// A device or a tuple (list) of devices, each spelled as toDevice spells it.
std::vector<std::string> toDevices(const Args& a, const Value& v, std::string_view param);
// Tensor.device as tinygrad gives it: a name, a tuple of names, or None.
Value devicesValue(const std::vector<std::string>& devices);

// Python values of C++ results.
Value intTuple(const Shape& shape);
Value scalarValue(const Scalar& s);

} // namespace uops::program
