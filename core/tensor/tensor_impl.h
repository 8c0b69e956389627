// Internal: the state behind a Tensor handle and helpers shared by the
// tensor_*.cpp files. Not part of the public API.
#pragma once

#include <thread>

#include "core/ir/shape.h"
#include "core/tensor/dtype_promotion.h"
#include "core/tensor/tensor.h"

#include <string>
#include <utility>
#include <vector>

namespace uops {

struct TensorImpl;
struct TensorAccess {
  static TensorImpl& impl(const Tensor& t) { return *t.m_impl; }
};

struct TensorImpl {
  UOpPtr uop;
  std::string device;
  bool weak = false;
  // The exact Python value of a weak constant: a weakint may not fit its int32 storage.
  std::optional<Scalar> pyValue;
  std::optional<Tensor> grad;
  bool requiresGrad = false;
  bool isParam = true; // tinygrad's is_param: optimizers update only these
  // The graphs this handle held before assign() replaced them, oldest first,
  // until it is realized: tinygrad's buffer that those graphs became, so a
  // realization makes every reader of them see the assigned value.
  std::vector<UOpPtr> assignedOver;
  // The thread that made it: a program's realization rewrites the tensors of
  // the program loading on its own thread only.
  std::thread::id thread = std::this_thread::get_id();
};

namespace tensor_detail {

[[noreturn]] void fail(std::string message);

// "'CPU'" or "('CPU', 'CPU:1')", as tinygrad's errors print devices.
std::string describeDevices(const std::vector<std::string>& devices);
// tinygrad's "all buffers must be on the same device" for operands of one op
// where a tensor on a device tuple meets another placement (constants and
// device-less tensors join any).
void checkSameDevices(const std::vector<Tensor>& operands);

// A new tensor on `like`'s device.
Tensor wrap(UOpPtr uop, const Tensor& like, bool weak = false);
PromoType promoType(const Tensor& t);

// Python's dim checks: IndexError "dim=5 out of range [-2, 1]". `extra` allows
// one past the end (unsqueeze, stack).
int64_t resolveDim(int64_t dim, int64_t ndim, bool extra = false);
// The size of axis `dim` (negative from the end); a 0-d tensor has no axes to size.
int64_t axisSize(const Tensor& t, int64_t dim);
// Sorted, resolved axes of a reduction (all axes when `axes` is None).
Ints resolveAxes(const Axes& axes, int64_t ndim);

// tinygrad's "shape mismatch: objects cannot be broadcast to a single shape ...".
Shape broadcastShape(const std::vector<Shape>& shapes);
// Reshape (to prepend axes) + Expand; the shapes must broadcast.
Tensor broadcastTo(const Tensor& t, const Shape& shape);

// The value of a Const, a broadcast Const (Reshape / Expand of one), or nullopt.
std::optional<ConstValue> constBase(const Tensor& t);
// A weak constant's Python value (exact even where its storage dtype wraps).
std::optional<Scalar> weakConstValue(const Tensor& t);
// A Python value as a constant of dtype (truncating floats, wrapping ints).
ConstValue constFor(DType dtype, const Scalar& value);
Scalar toPyScalar(const ConstValue& v);
// The fill convention: Const, Reshape(Const, (1..1)) or Expand(Reshape(Const, (1..1)), shape).
UOpPtr constFillUOp(const Scalar& value, DType dtype, const Shape& shape);
Tensor constFill(const Scalar& value, DType dtype, const Shape& shape, const Tensor& like,
                 bool weak = false);
// A Python constant as a weak tensor, like tinygrad's ufix: bool, weakint or weakfloat.
Tensor pyConst(const Scalar& value, const Tensor& like);

// Casts into a lattice type; weak constants are rebuilt in the new dtype instead.
Tensor castTo(const Tensor& t, PromoType type);
// Both operands promoted to their least upper type and broadcast to one shape.
std::pair<Tensor, Tensor> promoted(const Tensor& x, const TensorOrScalar& y, bool reverse = false);
Tensor toTensor(const TensorOrScalar& x, const Tensor& like);

// An elementwise op over sources of one shape and dtype (Where: src[1] and src[2]).
// Add and Mul of bools are Or and And, as C's bool arithmetic is.
Tensor alu(Op op, const std::vector<Tensor>& src);
// Promote, broadcast, apply.
Tensor binop(Op op, const Tensor& x, const TensorOrScalar& y, bool reverse = false);

// The float type transcendental ops compute in (tinygrad's least_upper_float).
Tensor toFloatType(const Tensor& t);

// Running Add / Max / Mul along an axis (tinygrad's _split_cumalu).
Tensor cumalu(const Tensor& t, int64_t axis, Op op);
// Pad with non-negative (before, after) pairs: one Pad node, or t itself.
Tensor padNonNegative(const Tensor& t, const std::vector<std::pair<int64_t, int64_t>>& pads);
// tinygrad's _pad_constant: negative pads crop, a non-zero value fills through Where.
Tensor padConstant(const Tensor& t, const std::vector<std::pair<int64_t, int64_t>>& pads,
                   const Scalar& value);
// x == arange(numClasses) along `dim` (tinygrad's _one_hot_along_dim).
Tensor oneHotAlongDim(const Tensor& t, int64_t numClasses, int64_t dim = -1);

// Python integer division rounding toward -inf, and ceildiv.
int64_t floorDivInt(int64_t a, int64_t b);
inline int64_t ceilDiv(int64_t a, int64_t b) {
  return -floorDivInt(a, -b);
}
inline int64_t floorModInt(int64_t a, int64_t b) {
  return a - floorDivInt(a, b) * b;
}
std::string pyTuple(const Ints& values); // "(1, 2)", "(3,)", "()"
std::string pyRepr(const Scalar& value); // Python's repr: True, 3, 2.5, 1.0, inf

} // namespace tensor_detail
} // namespace uops
