#include "core/runtime/tensor_elementwise.h"

#include "core/ir/shape.h"
#include "core/runtime/integer_types.h"
#include "core/runtime/scalar_ops.h"
#include "core/runtime/strided_rows.h"
#include "core/runtime/strides.h"
#include "core/runtime/tensor_movement.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <type_traits>
#include <stdexcept>

#include <fmt/format.h>

namespace uops {
namespace {

bool isCompare(Op op) {
  return isComparison(op) || op == Op::Not;
}

// The dtype each source must have; nullopt where any integer (a shift amount)
// or anything (Where's condition) will do.
std::optional<DType> requiredDType(Op op, DType dtype, std::span<const DType> operands, size_t i) {
  if (op == Op::Where) return i == 0 ? std::nullopt : std::optional<DType>(dtype);
  if ((op == Op::Shl || op == Op::Shr) && i == 1) return std::nullopt;
  if (isCompare(op)) return operands[0];
  return dtype;
}

// The strides that read `in` broadcast to `shape`: right-aligned, 0 along
// the axes it repeats.
Strides elementwiseBroadcastStrides(const Shape& in, const Shape& shape) {
  Strides own = rowMajorStrides(in);
  Strides out(shape.size(), 0);
  size_t missing = shape.size() - in.size();
  for (size_t k = 0; k < in.size(); ++k)
    if (in[k] == shape[missing + k]) out[missing + k] = own[k];
  return out;
}

// y = f(a, b, c) over rows of elements of type T, each operand read through
// its broadcast strides (no broadcast copy), missing operands as 0.
template <class T, class F>
void elementwiseRows(std::span<const HostTensor* const> in, HostTensor& out, F&& f) {
  const Shape& shape = out.shape();
  std::vector<size_t> order(shape.size());
  for (size_t k = 0; k < order.size(); ++k)
    order[k] = k;
  StridedRows rows(shape, order);
  std::vector<size_t> readers;
  for (const HostTensor* s : in)
    readers.push_back(rows.add(elementwiseBroadcastStrides(s->shape(), shape)));
  size_t target = rows.add(rowMajorStrides(shape));
  if (!rows.start()) return;
  const size_t piece = static_cast<size_t>(std::min(rows.length(), StridedRows::kPiece));
  std::array<std::vector<T>, 3> x;
  for (auto& operand : x)
    operand.assign(piece, T(0)); // operands past the op's count read as 0
  std::vector<T> y(piece);
  std::byte* dst = out.mutableBytes().data();
  do {
    const int64_t rowStart = rows.row(target).offset;
    for (int64_t first = 0; first < rows.length(); first += StridedRows::kPiece) {
      const int64_t count = std::min(StridedRows::kPiece, rows.length() - first);
      for (size_t k = 0; k < in.size(); ++k)
        rows.gather<T>(readers[k], in[k]->bytes().data(), x[k].data(), first, count);
      for (size_t j = 0; j < static_cast<size_t>(count); ++j)
        y[j] = f(x[0][j], x[1][j], x[2][j]);
      std::memcpy(dst + static_cast<size_t>(rowStart + first) * sizeof(T), y.data(),
                  static_cast<size_t>(count) * sizeof(T));
    }
  } while (rows.next());
}

// A float op in T as floatOp computes it (operands read as getDouble does,
// the result stored as setDouble does). Add, Sub, Mul and Neg are one
// operation in T, which is what floatOp does for float32 and float64.
template <class T> void elementwiseFloatRows(Op op, ScalarType t, std::span<const HostTensor* const> in, HostTensor& out) {
  switch (op) {
  case Op::Add: return elementwiseRows<T>(in, out, [](T a, T b, T) { return a + b; });
  case Op::Sub: return elementwiseRows<T>(in, out, [](T a, T b, T) { return a - b; });
  case Op::Mul: return elementwiseRows<T>(in, out, [](T a, T b, T) { return a * b; });
  case Op::Neg: return elementwiseRows<T>(in, out, [](T a, T, T) { return -a; });
  default:
    return elementwiseRows<T>(in, out, [op, t](T a, T b, T c) {
      return static_cast<T>(floatOp(op, t, static_cast<double>(a), static_cast<double>(b), static_cast<double>(c)));
    });
  }
}

// An integer op in T as intOp computes it: modulo 2^64 on the sign-extended
// operands, wrapped to T, which for these ops is the op modulo 2^n in T's
// unsigned type; shift amounts modulo the width, Shr arithmetic for signed T.
template <class T> void elementwiseIntRows(Op op, ScalarType t, std::span<const HostTensor* const> in, HostTensor& out) {
  using U = std::make_unsigned_t<T>;
  constexpr U mask = static_cast<U>(sizeof(T) * 8 - 1);
  switch (op) {
  case Op::Add: return elementwiseRows<T>(in, out, [](T a, T b, T) { return static_cast<T>(static_cast<U>(uint64_t{static_cast<U>(a)} + uint64_t{static_cast<U>(b)})); });
  case Op::Sub: return elementwiseRows<T>(in, out, [](T a, T b, T) { return static_cast<T>(static_cast<U>(uint64_t{static_cast<U>(a)} - uint64_t{static_cast<U>(b)})); });
  case Op::Mul: return elementwiseRows<T>(in, out, [](T a, T b, T) { return static_cast<T>(static_cast<U>(uint64_t{static_cast<U>(a)} * uint64_t{static_cast<U>(b)})); });
  case Op::Xor: return elementwiseRows<T>(in, out, [](T a, T b, T) { return static_cast<T>(a ^ b); });
  case Op::Or: return elementwiseRows<T>(in, out, [](T a, T b, T) { return static_cast<T>(a | b); });
  case Op::And: return elementwiseRows<T>(in, out, [](T a, T b, T) { return static_cast<T>(a & b); });
  case Op::Shl:
    return elementwiseRows<T>(in, out, [](T a, T b, T) {
      return static_cast<T>(static_cast<U>(static_cast<uint64_t>(static_cast<U>(a)) << (static_cast<U>(b) & mask)));
    });
  case Op::Shr: return elementwiseRows<T>(in, out, [](T a, T b, T) { return static_cast<T>(a >> (static_cast<U>(b) & mask)); });
  default: {
    using Wide = std::conditional_t<std::is_signed_v<T>, int64_t, uint64_t>; // sign-extended as getUInt
    auto bits = [](T v) { return static_cast<uint64_t>(static_cast<Wide>(v)); };
    return elementwiseRows<T>(in, out, [op, t, bits](T a, T b, T c) { return static_cast<T>(intOp(op, t, bits(a), bits(b), bits(c))); });
  }
  }
}

bool elementwiseTyped(Op op, DType dtype, std::span<const HostTensor* const> in, HostTensor& out) {
  if (isCompare(op) || op == Op::Where || op == Op::Cast || in.size() > 3) return false;
  for (const HostTensor* t : in)
    if (t->dtype() != dtype) return false;
  ScalarType t = dtype.scalar;
  if (t == ScalarType::Float32) return elementwiseFloatRows<float>(op, t, in, out), true;
  if (t == ScalarType::Float64) return elementwiseFloatRows<double>(op, t, in, out), true;
  // other dtypes (bool, float16, bfloat16, index) take the per-element accessors
  return withIntegerType(t, [&]<class T>() { elementwiseIntRows<T>(op, t, in, out); });
}

} // namespace

void checkElementwiseOperands(Op op, DType dtype, std::span<const DType> operands) {
  const OpInfo& info = opInfo(op);
  if (!isElementwise(op))
    throw std::invalid_argument(fmt::format("{} is not an elementwise op", info.name));
  if (operands.size() < static_cast<size_t>(info.minSrc) ||
      operands.size() > static_cast<size_t>(info.maxSrc))
    throw std::invalid_argument(
        fmt::format("{} takes {} operands, got {}", info.name, info.minSrc, operands.size()));
  if (op == Op::Cast) return;
  for (size_t i = 0; i < operands.size(); ++i) {
    auto want = requiredDType(op, dtype, operands, i);
    if (want && operands[i] != *want)
      throw std::invalid_argument(fmt::format("{} operand {} is {}, expected {}", info.name, i,
                                              toString(operands[i]), toString(*want)));
    if (!want && op != Op::Where && !(operands[i].isInt() || operands[i].isBool()))
      throw std::invalid_argument(fmt::format("{} shift amount must be an integer, got {}",
                                              info.name, toString(operands[i])));
  }
}

void elementwiseElement(Op op, std::span<const ElementRef> in, HostTensor& out, int64_t at) {
  auto arg = [&](size_t k) { return k < in.size() ? in[k].tensor->getDouble(in[k].index) : 0.0; };
  auto bits = [&](size_t k) {
    return k < in.size() ? in[k].tensor->getUInt(in[k].index) : uint64_t(0);
  };
  DType operands = in[0].tensor->dtype();
  if (op == Op::Cast) {
    if (operands.isFloat())
      out.setDouble(at, arg(0));
    else if (operands.isUnsigned() || operands.isBool())
      out.setUInt(at, bits(0));
    else
      out.setInt(at, in[0].tensor->getInt(in[0].index));
  } else if (op == Op::Where) {
    // Where copies the chosen element's bytes: NaN payloads and -0 pass unchanged.
    const ElementRef& pick = in[0].tensor->getBool(in[0].index) ? in[1] : in[2];
    size_t n = static_cast<size_t>(out.itemSize());
    std::memcpy(out.mutableBytes().data() + static_cast<size_t>(at) * n,
                pick.tensor->bytes().data() + static_cast<size_t>(pick.index) * n, n);
  } else if (isCompare(op) && operands.isFloat()) {
    out.setBool(at, floatCompare(op, arg(0), arg(1)));
  } else if (isCompare(op)) {
    out.setBool(at, intCompare(op, operands.scalar, bits(0), bits(1)));
  } else if (operands.isFloat()) {
    out.setDouble(at, floatOp(op, operands.scalar, arg(0), arg(1), arg(2)));
  } else {
    out.setUInt(at, intOp(op, operands.scalar, bits(0), bits(1), bits(2)));
  }
}

HostTensor castTensor(const HostTensor& in, DType dtype) {
  HostTensor out(dtype, in.shape());
  for (int64_t i = 0; i < in.numel(); ++i) {
    ElementRef ref{&in, i};
    elementwiseElement(Op::Cast, std::span(&ref, 1), out, i);
  }
  return out;
}

HostTensor elementwiseTensor(Op op, DType dtype, std::span<const HostTensor* const> srcs) {
  std::vector<DType> operands;
  for (const HostTensor* s : srcs)
    operands.push_back(s->dtype());
  checkElementwiseOperands(op, dtype, operands);
  if (op == Op::Cast) return castTensor(*srcs[0], dtype);
  Shape shape = srcs[0]->shape();
  for (const HostTensor* s : srcs) {
    auto b = broadcastShapes(shape, s->shape());
    if (!b)
      throw std::invalid_argument(
          fmt::format("cannot broadcast {} with {}", toString(shape), toString(s->shape())));
    shape = *b;
  }
  HostTensor out(dtype, shape);
  if (elementwiseTyped(op, dtype, srcs, out)) return out;
  std::vector<HostTensor> in;
  for (const HostTensor* s : srcs)
    in.push_back(broadcastTo(*s, shape));
  std::vector<ElementRef> refs(in.size());
  for (int64_t i = 0; i < out.numel(); ++i) {
    for (size_t k = 0; k < in.size(); ++k)
      refs[k] = {&in[k], i};
    elementwiseElement(op, refs, out, i);
  }
  return out;
}

} // namespace uops
