// Tensor: the lazy tensor API with tinygrad's semantics, building UOp graphs.
//
// A Tensor is a cheap handle (a shared pointer to its state): copies share the
// graph, the gradient slot and the requires-grad flag. Every method builds UOps
// with core/ir/build.h and runs nothing. Method names are tinygrad's in
// lowerCamelCase (log_softmax -> logSoftmax); where a name is a C++ keyword
// the conversion gets a `to` prefix (float() -> toFloat()). Python scalars are
// `Scalar`s: like tinygrad's weak constants they take the other operand's
// dtype (`x * 2` keeps x's dtype, an int tensor times 2.5 is float32).
//
// Graph conventions the evaluator and the compiler rely on:
//  - a literal is Reshape(Bitcast(Binary(little-endian bytes)) -> dtype, shape);
//  - a scalar fill is Expand(Reshape(Const, (1, .., 1)), shape);
//  - arithmetic uses the spec's primitive elementwise ops plus Exp2, Log2 and
//    Sin; the decomposed ops (Neg, Sub, Div, CmpGt/Ge/Le/Eq, Not, Sqrt, Pow,
//    Mulacc) are built from primitives exactly as the spec's table says;
//  - every elementwise op sees sources of one shape and one dtype: broadcasting
//    inserts Reshape + Expand, promotion inserts Cast;
//  - reductions are Reduce nodes (Add, Max, Mul) keeping reduced axes as 1,
//    followed by a Reshape unless keepdim; bool sums reduce with Max.
//
// Errors a user can cause (shape mismatch, bad axis, bad index) throw
// TensorError with tinygrad's lower-case message.
#pragma once

#include "core/ir/dtype.h"
#include "core/ir/uop.h"

#include <concepts>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <variant>
#include <vector>

namespace uops {

class TensorError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// A Python scalar: bool, int or float.
using Scalar = std::variant<bool, int64_t, double>;

// Any C++ arithmetic value as the Scalar Python would see.
template <class T>
requires std::is_arithmetic_v<T>
constexpr Scalar toScalar(T v) {
  if constexpr (std::is_same_v<T, bool>)
    return v;
  else if constexpr (std::is_integral_v<T>)
    return static_cast<int64_t>(v);
  else
    return static_cast<double>(v);
}

// Nested data of a tensor literal: a Python scalar or a (nested) list of them.
class Nested {
public:
  Nested(Scalar v) : m_value(v) {} // NOLINT: scalars convert implicitly
  template <class T>
  requires std::is_arithmetic_v<T> Nested(T v) : m_value(toScalar(v)) {} // NOLINT
  Nested(std::initializer_list<Nested> items) : m_value(std::vector<Nested>(items)) {}
  explicit Nested(std::vector<Nested> items) : m_value(std::move(items)) {}

  bool isList() const { return std::holds_alternative<std::vector<Nested>>(m_value); }
  const Scalar& scalar() const { return std::get<Scalar>(m_value); }
  const std::vector<Nested>& list() const { return std::get<std::vector<Nested>>(m_value); }

private:
  std::variant<Scalar, std::vector<Nested>> m_value;
};

// The axis argument of a reduction: all axes (Python None, the default), one
// axis, or several (a tuple; an empty tuple reduces nothing). Negative axes
// count from the end.
class Axes {
public:
  Axes() = default;
  Axes(std::nullopt_t) {}                                                               // NOLINT
  template <std::integral T> Axes(T axis) : m_axes(Ints{static_cast<int64_t>(axis)}) {} // NOLINT
  Axes(std::initializer_list<int64_t> axes) : m_axes(Ints(axes)) {}
  Axes(Ints axes) : m_axes(std::move(axes)) {} // NOLINT

  bool isAll() const { return !m_axes.has_value(); }
  const Ints& list() const { return *m_axes; }

private:
  std::optional<Ints> m_axes;
};

// A Python slice start:stop:step; unset parts are None.
struct Slice {
  std::optional<int64_t> start, stop, step;
};
struct NewAxis {};       // Python None in an index: inserts an axis of size 1
struct EllipsisIndex {}; // Python ...: as many full slices as needed
inline constexpr NewAxis newAxis{};
inline constexpr EllipsisIndex ellipsis{};

// (before, after) padding of one axis; nullopt is (0, 0). Negative values crop.
using PadPair = std::optional<std::pair<int64_t, int64_t>>;
// (start, end) kept along one axis; nullopt keeps the whole axis.
using ShrinkPair = std::optional<std::pair<int64_t, int64_t>>;

class Index;
class TensorOrScalar;
struct TensorImpl;

class Tensor {
public:
  // A null handle: only valid() and assignment may be used on it.
  Tensor() = default;
  // Wraps a tensor-level UOp. `weak` marks a Python-constant dtype (tinygrad's
  // weakint / weakfloat, stored as int32 / float32) for promotion.
  explicit Tensor(UOpPtr uop, std::string device = "CPU", bool weak = false);

  // ---- the handle ----
  bool valid() const { return m_impl != nullptr; }
  const UOpPtr& uop() const;
  const Shape& shape() const;
  DType dtype() const;
  int64_t ndim() const;
  int64_t numel() const;
  int64_t size(int64_t dim) const; // shape()[dim], dim may be negative
  // The tensor's single device; "" for a device-less tensor (arange, eye,
  // linspace: tinygrad gives them none until they meet a tensor with one).
  const std::string& device() const;
  bool isWeak() const;
  bool isFloatingPoint() const;
  int64_t elementSize() const;
  // Same handle state (Python `is`), not equal values.
  bool isSame(const Tensor& other) const { return m_impl == other.m_impl; }

  // The gradient slot and flag filled by the gradient layer; shared by copies.
  std::optional<Tensor> grad() const;
  void setGrad(std::optional<Tensor> grad);
  bool requiresGrad() const;
  void setRequiresGrad(bool on);
  // tinygrad's is_param: an optimizer updates the parameters it is given and
  // only realizes the others (BatchNorm's running statistics). Shared by copies.
  bool isParam() const;
  void setIsParam(bool on);
  // Every live tensor, oldest first (backward() fills .grad of those in a graph).
  static std::vector<Tensor> liveTensors();
  // Points this tensor (and every copy of the handle) at x's graph.
  Tensor& replace(const Tensor& x);
  // Python `t.assign(x)`: x broadcast to this shape and dtype, then replace.
  Tensor& assign(const TensorOrScalar& x);

  // ---- placement: multi-device tensors (tinygrad's shard and to) ----
  // A tensor on an n-tuple of devices is one logical value whose graph holds
  // Loads to the tuple (core/ir/device.h derives its device and shard axis);
  // the multi-device split (core/pipeline/device_split.h) runs it per device.
  // The devices the value lives on: none (device-less), one, or the n-tuple.
  std::vector<std::string> devices() const;
  bool isMultiDevice() const { return devices().size() > 1; }
  // The shard axis of a tensor on a tuple; none when replicated or single.
  std::optional<int64_t> shardAxis() const;
  // Splits the value along `axis` into one shard per device (axis none:
  // every device holds all of it). A device-less tensor is returned as it
  // is; one device is `to`; uneven shards and a tensor already on a tuple
  // are refused.
  Tensor shard(const std::vector<std::string>& devices, std::optional<int64_t> axis = {}) const;
  // Moves the value: to one device (a sharded value is gathered, a replicated
  // one copied from a replica) or onto a tuple (replicated there).
  Tensor to(const std::vector<std::string>& devices) const;

  // ---- creation ----
  // Tensor(list): ints -> int32, any float -> float32, only bools -> bool.
  static Tensor fromList(const Nested& data, std::optional<DType> dtype = {},
                         const std::string& device = "CPU");
  // Row-major flat data of the given shape.
  static Tensor fromFlat(const std::vector<Scalar>& data, const Shape& shape,
                         std::optional<DType> dtype = {}, const std::string& device = "CPU");
  // Row-major element bytes of the given dtype and shape (data from a device).
  static Tensor fromBytes(std::string bytes, DType dtype, const Shape& shape,
                          const std::string& device = "CPU");
  // Tensor(3): a Const; without dtype it is weak like a Python constant.
  static Tensor scalar(const Scalar& value, std::optional<DType> dtype = {});
  static Tensor empty(const Shape& shape, DType dtype = dtypes::float32,
                      const std::string& device = "CPU");
  static Tensor full(const Shape& shape, const Scalar& fill, std::optional<DType> dtype = {},
                     const std::string& device = "CPU");
  static Tensor zeros(const Shape& shape, std::optional<DType> dtype = {},
                      const std::string& device = "CPU");
  static Tensor ones(const Shape& shape, std::optional<DType> dtype = {},
                     const std::string& device = "CPU");
  static Tensor arange(const Scalar& stop);
  static Tensor arange(const Scalar& start, const Scalar& stop, const Scalar& step = int64_t{1},
                       std::optional<DType> dtype = {});
  static Tensor linspace(const Scalar& start, const Scalar& stop, int64_t steps,
                         std::optional<DType> dtype = {});
  static Tensor eye(int64_t n, std::optional<int64_t> m = {}, std::optional<DType> dtype = {});
  Tensor constLike(const Scalar& value, std::optional<DType> dtype = {}) const;
  Tensor fullLike(const Scalar& fill, std::optional<DType> dtype = {}) const;
  Tensor zerosLike(std::optional<DType> dtype = {}) const;
  Tensor onesLike(std::optional<DType> dtype = {}) const;
  Tensor emptyLike(std::optional<DType> dtype = {}) const;

  // ---- random numbers (Threefry 2x32, tinygrad's stream) ----
  static void manualSeed(int64_t seed = 0);
  static Tensor rand(const Shape& shape, std::optional<DType> dtype = {},
                     const std::string& device = "CPU");
  static Tensor randn(const Shape& shape, std::optional<DType> dtype = {},
                      const std::string& device = "CPU");
  static Tensor randint(const Shape& shape, int64_t low = 0, int64_t high = 10,
                        DType dtype = dtypes::int32, const std::string& device = "CPU");
  static Tensor uniform(const Shape& shape, double low = 0.0, double high = 1.0,
                        std::optional<DType> dtype = {}, const std::string& device = "CPU");
  static Tensor normal(const Shape& shape, double mean = 0.0, double stddev = 1.0,
                       std::optional<DType> dtype = {}, const std::string& device = "CPU");
  static Tensor scaledUniform(const Shape& shape, std::optional<DType> dtype = {},
                              const std::string& device = "CPU");
  static Tensor glorotUniform(const Shape& shape, std::optional<DType> dtype = {},
                              const std::string& device = "CPU");
  static Tensor kaimingUniform(const Shape& shape, double a = 0.01, std::optional<DType> dtype = {},
                               const std::string& device = "CPU");
  static Tensor kaimingNormal(const Shape& shape, double a = 0.01, std::optional<DType> dtype = {},
                              const std::string& device = "CPU");
  static Tensor randperm(int64_t n, DType dtype = dtypes::int32, const std::string& device = "CPU");
  // Indices drawn with probabilities proportional to the last axis (tinygrad's draws: one rand of
  // (numSamples, rows, 1) against the normalised cumulative sums; without replacement, the top
  // numSamples of log2(u) / weight).
  Tensor multinomial(int64_t numSamples = 1, bool replacement = false) const;
  Tensor randLike(std::optional<DType> dtype = {}) const;
  Tensor randnLike(std::optional<DType> dtype = {}) const;

  // ---- dtype ----
  Tensor cast(DType dtype) const;
  Tensor bitcast(DType dtype) const; // a different item size rescales the last axis
  Tensor toFloat() const;            // float()
  Tensor toHalf() const;             // half()
  Tensor toBFloat16() const;         // bfloat16()
  Tensor toDouble() const;           // double()
  Tensor toInt() const;              // int()
  Tensor toLong() const;             // long()
  Tensor toShort() const;            // short()
  Tensor toBool() const;             // bool()

  // ---- movement ----
  Tensor reshape(const Shape& shape) const; // one -1 is inferred
  Tensor view(const Shape& shape) const;
  Tensor expand(const Shape& shape) const; // -1 keeps an axis; fewer dims align right
  Tensor permute(const Ints& order) const;
  Tensor flip(const Ints& axes) const;
  Tensor shrink(const std::vector<ShrinkPair>& arg) const;
  Tensor shrinkTo(const Shape& shape) const; // keeps the first shape[k]; -1 keeps an axis
  // mode: "constant", "reflect", "replicate" or "circular".
  Tensor pad(const std::vector<PadPair>& padding, const std::string& mode = "constant",
             const Scalar& value = 0.0) const;
  // torch's flat form (left, right, top, bottom, ...) starting at the last axis.
  Tensor padFlat(const Ints& padding, const std::string& mode = "constant",
                 const Scalar& value = 0.0) const;
  Tensor padTo(const Shape& shape, const Scalar& value = int64_t{0}) const; // pads at the end
  Tensor getitem(const std::vector<Index>& indices) const;
  // This tensor with the view of a basic subscript (ints, slices of step 1,
  // None, ...) replaced by `value` broadcast to it; nullopt for an index
  // tensor, another step, an empty view or a multi-device tensor.
  std::optional<Tensor> setitemView(const std::vector<Index>& indices, const TensorOrScalar& value) const;
  Tensor gather(int64_t dim, const Tensor& index) const;
  // Python Tensor.cat(a, b, c) is a.cat({b, c}).
  Tensor cat(const std::vector<Tensor>& others, int64_t dim = 0) const;
  Tensor stack(const std::vector<Tensor>& others, int64_t dim = 0) const;
  Tensor repeat(const Ints& repeats) const;
  Tensor repeatInterleave(int64_t repeats, std::optional<int64_t> dim = {}) const;
  std::vector<Tensor> split(int64_t size, int64_t dim = 0) const;
  std::vector<Tensor> split(const Ints& sizes, int64_t dim = 0) const;
  std::vector<Tensor> chunk(int64_t chunks, int64_t dim = 0) const;
  Tensor unfold(int64_t dim, int64_t size, int64_t step) const;
  Tensor squeeze(std::optional<int64_t> dim = {}) const;
  Tensor unsqueeze(int64_t dim) const;
  Tensor T() const;
  Tensor transpose(int64_t dim0 = 1, int64_t dim1 = 0) const;
  Tensor flatten(int64_t startDim = 0, int64_t endDim = -1) const;
  Tensor unflatten(int64_t dim, const Shape& sizes) const;
  // einops' rearrange ("b c (h w) -> b h w c", sizes of split axes by name; tensor_einops.cpp).
  Tensor rearrange(const std::string& formula, const std::map<std::string, int64_t>& sizes = {}) const;
  Tensor diag() const;
  Tensor diagonal(int64_t offset = 0, int64_t dim1 = 0, int64_t dim2 = 1) const;
  Tensor roll(const Ints& shifts, std::optional<Ints> dims = {}) const;
  static std::vector<Tensor> meshgrid(const std::vector<Tensor>& tensors,
                                      const std::string& indexing = "ij");
  // Sliding windows over the last kernel.size() axes: (..., out..., kernel...).
  Tensor pool(const Shape& kernel, const Ints& stride = {1}, const Ints& dilation = {1}) const;
  Tensor triu(int64_t diagonal = 0) const;
  Tensor tril(int64_t diagonal = 0) const;

  // ---- elementwise ----
  Tensor neg() const;
  Tensor add(const TensorOrScalar& x) const;
  Tensor sub(const TensorOrScalar& x) const;
  Tensor mul(const TensorOrScalar& x) const;
  // Python `/`; roundingMode "trunc" or "floor" gives torch's div(rounding_mode=...).
  Tensor div(const TensorOrScalar& x, std::optional<std::string> roundingMode = {}) const;
  Tensor floorDiv(const TensorOrScalar& x) const; // Python `//`
  Tensor idiv(const TensorOrScalar& x) const;     // C division: truncates toward zero
  Tensor mod(const TensorOrScalar& x) const;      // Python `%`: sign of the divisor
  Tensor fmod(const TensorOrScalar& x) const;     // C remainder: sign of the dividend
  Tensor pow(const TensorOrScalar& x) const;
  Tensor maximum(const TensorOrScalar& x) const;
  Tensor minimum(const TensorOrScalar& x) const;
  Tensor where(const TensorOrScalar& x, const TensorOrScalar& y) const; // this is the condition
  Tensor maskedFill(const Tensor& mask, const TensorOrScalar& value) const;
  // Python clamp(min_=None, max_=None): pass std::nullopt for None.
  Tensor clamp(const std::optional<TensorOrScalar>& min,
               const std::optional<TensorOrScalar>& max) const;
  Tensor clip(const std::optional<TensorOrScalar>& min,
              const std::optional<TensorOrScalar>& max) const;
  Tensor lerp(const Tensor& end, const TensorOrScalar& weight) const;
  Tensor copysign(const TensorOrScalar& other) const;
  Tensor logaddexp(const TensorOrScalar& other) const;
  Tensor square() const;
  Tensor reciprocal() const;
  Tensor sqrt() const;
  Tensor rsqrt() const;
  Tensor exp() const;
  Tensor exp2() const;
  Tensor log() const;
  Tensor log2() const;
  Tensor log10() const;
  Tensor sin() const;
  Tensor cos() const;
  Tensor tan() const;
  Tensor asin() const;
  Tensor acos() const;
  Tensor atan() const;
  Tensor sinh() const;
  Tensor cosh() const;
  Tensor tanh() const;
  Tensor asinh() const;
  Tensor acosh() const;
  Tensor atanh() const;
  Tensor erf() const;
  Tensor abs() const;
  Tensor sign() const;
  Tensor trunc() const;
  Tensor ceil() const;
  Tensor floor() const;
  Tensor round() const; // half to even
  Tensor isnan() const;
  Tensor isinf(bool detectPositive = true, bool detectNegative = true) const;
  Tensor isfinite() const;
  Tensor isclose(const TensorOrScalar& other, double rtol = 1e-05, double atol = 1e-08,
                 bool equalNan = false) const;
  // activations
  Tensor relu() const;
  Tensor relu6() const;
  Tensor sigmoid() const;
  Tensor hardsigmoid(double alpha = 1.0 / 6.0, double beta = 0.5) const;
  Tensor gelu(const std::string& approximate = "tanh") const; // or "none"
  Tensor quickGelu() const;
  Tensor silu() const;
  Tensor swish() const;
  Tensor leakyRelu(double negSlope = 0.01) const;
  Tensor elu(double alpha = 1.0) const;
  Tensor celu(double alpha = 1.0) const;
  Tensor selu(double alpha = 1.67326, double gamma = 1.0507) const;
  Tensor mish() const;
  Tensor softplus(double beta = 1.0) const;
  Tensor softsign() const;
  Tensor hardtanh(double minVal = -1.0, double maxVal = 1.0) const;
  Tensor hardswish() const;
  Tensor logsigmoid() const;
  // comparisons (bool results)
  Tensor lt(const TensorOrScalar& x) const;
  Tensor le(const TensorOrScalar& x) const;
  Tensor gt(const TensorOrScalar& x) const;
  Tensor ge(const TensorOrScalar& x) const;
  Tensor eq(const TensorOrScalar& x) const;
  Tensor ne(const TensorOrScalar& x) const;
  // bitwise (int and bool)
  Tensor bitwiseAnd(const TensorOrScalar& x) const;
  Tensor bitwiseOr(const TensorOrScalar& x) const;
  Tensor bitwiseXor(const TensorOrScalar& x) const;
  Tensor bitwiseNot() const;
  Tensor lshift(const TensorOrScalar& x) const;
  Tensor rshift(const TensorOrScalar& x) const;
  Tensor logicalNot() const;
  // markers
  Tensor contiguous() const;
  // A copy in a buffer of its own (tinygrad's clone): two clones of one value
  // are distinct tensors, so each gets its own gradient.
  Tensor clone() const;
  Tensor contiguousBackward() const;
  Tensor detach() const;

  // ---- reductions ----
  Tensor sum(const Axes& axis = {}, bool keepdim = false, std::optional<DType> dtype = {}) const;
  Tensor prod(const Axes& axis = {}, bool keepdim = false, std::optional<DType> dtype = {}) const;
  Tensor max(const Axes& axis = {}, bool keepdim = false) const;
  Tensor min(const Axes& axis = {}, bool keepdim = false) const;
  Tensor any(const Axes& axis = {}, bool keepdim = false) const;
  Tensor all(const Axes& axis = {}, bool keepdim = false) const;
  Tensor mean(const Axes& axis = {}, bool keepdim = false) const;
  Tensor var(const Axes& axis = {}, bool keepdim = false, double correction = 1) const;
  Tensor std(const Axes& axis = {}, bool keepdim = false, double correction = 1) const;
  std::pair<Tensor, Tensor> varMean(const Axes& axis = {}, bool keepdim = false,
                                    double correction = 1) const;
  std::pair<Tensor, Tensor> stdMean(const Axes& axis = {}, bool keepdim = false,
                                    double correction = 1) const;
  Tensor softmax(int64_t axis = -1, std::optional<DType> dtype = {}) const;
  Tensor logSoftmax(int64_t axis = -1, std::optional<DType> dtype = {}) const;
  Tensor softmin(int64_t axis = -1, std::optional<DType> dtype = {}) const;
  Tensor logsumexp(const Axes& axis = {}, bool keepdim = false) const;
  // Lp normalization along dim (p = 0 counts the nonzeros); eps bounds the norm below.
  Tensor lpNormalize(double p = 2.0, int64_t dim = 1, double eps = 1e-12) const;
  Tensor logcumsumexp(int64_t axis = 0) const;
  // First index of the extreme value; no axis: of the flattened tensor. int32.
  Tensor argmax(std::optional<int64_t> axis = {}, bool keepdim = false) const;
  Tensor argmin(std::optional<int64_t> axis = {}, bool keepdim = false) const;
  Tensor cumsum(int64_t axis = 0) const;
  Tensor cumprod(int64_t axis) const;
  std::pair<Tensor, Tensor> cummax(int64_t axis = 0) const; // values, int32 indices
  std::pair<Tensor, Tensor> cummin(int64_t axis = 0) const;
  std::pair<Tensor, Tensor> sort(int64_t dim = -1, bool descending = false) const;
  Tensor argsort(int64_t dim = -1, bool descending = false) const;
  std::pair<Tensor, Tensor> topk(int64_t k, int64_t dim = -1, bool largest = true,
                                 bool sorted = true) const;

  // ---- products and one-hot tricks ----
  Tensor dot(const Tensor& w, std::optional<DType> dtype = {}) const;
  Tensor matmul(const Tensor& x, std::optional<DType> dtype = {}) const;
  // Householder QR over the last two axes: (Q, R), Q square (tinygrad's reflector signs).
  std::pair<Tensor, Tensor> qr() const;
  // (U, S, Vh) by one-sided Jacobi on the QR's R, singular values largest first; without
  // fullMatrices, U keeps min(m, n) columns.
  std::tuple<Tensor, Tensor, Tensor> svd(bool fullMatrices = true) const;
  // Muon's orthogonalization: `steps` rounds of G <- sum_i params[i] (G G^T)^i G on G scaled to
  // unit Frobenius norm (tinygrad's newton_schulz; a tall matrix iterates on its transpose).
  Tensor newtonSchulz(int64_t steps, const std::vector<double>& params, double eps = 1e-7) const;
  static Tensor einsum(const std::string& formula, const std::vector<Tensor>& operands,
                       std::optional<DType> dtype = {});
  Tensor oneHot(int64_t numClasses) const;
  // tinygrad's masked_select / nonzero with size=: a static length, the selected
  // elements (or (row-major) indices of the nonzeros, int32) first, then fill.
  Tensor maskedSelect(const Tensor& mask, int64_t size, const Scalar& fill = int64_t{0}) const;
  Tensor nonzero(int64_t size, const Scalar& fill = int64_t{0}) const;
  // reduce: "sum", "prod", "mean", "amax" or "amin".
  Tensor scatterReduce(int64_t dim, const Tensor& index, const Tensor& src,
                       const std::string& reduce, bool includeSelf = true) const;
  // reduce: none, "add" or "multiply".
  Tensor scatter(int64_t dim, const Tensor& index, const TensorOrScalar& src,
                 std::optional<std::string> reduce = {}) const;

private:
  friend struct TensorAccess;
  std::shared_ptr<TensorImpl> m_impl;
};

// A tensor or a Python scalar operand.
class TensorOrScalar {
public:
  TensorOrScalar(const Tensor& t) : m_value(t) {} // NOLINT: both convert implicitly
  TensorOrScalar(Scalar s) : m_value(s) {}        // NOLINT
  template <class T>
  requires std::is_arithmetic_v<T> TensorOrScalar(T v) : m_value(toScalar(v)) {} // NOLINT

  bool isTensor() const { return std::holds_alternative<Tensor>(m_value); }
  const Tensor& tensor() const { return std::get<Tensor>(m_value); }
  const Scalar& scalar() const { return std::get<Scalar>(m_value); }

private:
  std::variant<Tensor, Scalar> m_value;
};

// One entry of a Python subscript: int, slice, None, ..., or an int tensor.
class Index {
public:
  template <std::integral T>
  Index(T i) : m_value(static_cast<int64_t>(i)) {} // NOLINT: Python-like subscripts
  Index(Slice s) : m_value(s) {}                   // NOLINT
  Index(NewAxis n) : m_value(n) {}                 // NOLINT
  Index(EllipsisIndex e) : m_value(e) {}           // NOLINT
  Index(const Tensor& t) : m_value(t) {}           // NOLINT

  const std::variant<int64_t, Slice, NewAxis, EllipsisIndex, Tensor>& value() const {
    return m_value;
  }

private:
  std::variant<int64_t, Slice, NewAxis, EllipsisIndex, Tensor> m_value;
};

// Python operators. Comparisons are named methods (lt, eq, ...): an operator==
// returning a Tensor would break every container and algorithm. Python's other
// reflected operators (2 ** t, 7 // t, 5 % t) are the method on a weak constant,
// which promotes exactly as the Python value does: Tensor::scalar(2).pow(t).
Tensor operator+(const Tensor& a, const Tensor& b);
Tensor operator-(const Tensor& a, const Tensor& b);
Tensor operator*(const Tensor& a, const Tensor& b);
Tensor operator/(const Tensor& a, const Tensor& b);
Tensor operator%(const Tensor& a, const Tensor& b);
Tensor operator&(const Tensor& a, const Tensor& b);
Tensor operator|(const Tensor& a, const Tensor& b);
Tensor operator^(const Tensor& a, const Tensor& b);
Tensor operator<<(const Tensor& a, const Tensor& b);
Tensor operator>>(const Tensor& a, const Tensor& b);
Tensor operator+(const Tensor& a, const Scalar& b);
Tensor operator-(const Tensor& a, const Scalar& b);
Tensor operator*(const Tensor& a, const Scalar& b);
Tensor operator/(const Tensor& a, const Scalar& b);
Tensor operator%(const Tensor& a, const Scalar& b);
Tensor operator&(const Tensor& a, const Scalar& b);
Tensor operator|(const Tensor& a, const Scalar& b);
Tensor operator^(const Tensor& a, const Scalar& b);
Tensor operator<<(const Tensor& a, const Scalar& b);
Tensor operator>>(const Tensor& a, const Scalar& b);
Tensor operator+(const Scalar& a, const Tensor& b);
Tensor operator-(const Scalar& a, const Tensor& b);
Tensor operator*(const Scalar& a, const Tensor& b);
Tensor operator/(const Scalar& a, const Tensor& b);
Tensor operator-(const Tensor& a);
Tensor operator~(const Tensor& a);

} // namespace uops
