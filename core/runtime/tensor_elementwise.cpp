#include "core/runtime/tensor_elementwise.h"

#include "core/ir/shape.h"
#include "core/runtime/integer_types.h"
#include "core/runtime/scalar_ops.h"
#include "core/runtime/tensor_movement.h"

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

// An integer op whose operands all have its dtype, over whole rows of
// elements of type T: intOp on each, without the typed accessors' dispatch.
template <class T>
void elementwiseIntRows(Op op, ScalarType t, const std::vector<HostTensor>& in, HostTensor& out) {
  using Wide = std::conditional_t<std::is_signed_v<T>, int64_t, uint64_t>; // sign-extended as getUInt
  std::array<const std::byte*, 3> src{};
  for (size_t k = 0; k < in.size(); ++k)
    src[k] = in[k].bytes().data();
  std::byte* dst = out.mutableBytes().data();
  std::array<uint64_t, 3> v{};
  for (int64_t i = 0; i < out.numel(); ++i) {
    size_t at = static_cast<size_t>(i) * sizeof(T);
    for (size_t k = 0; k < in.size(); ++k) {
      T x;
      std::memcpy(&x, src[k] + at, sizeof(T));
      v[k] = static_cast<uint64_t>(static_cast<Wide>(x));
    }
    T r = static_cast<T>(intOp(op, t, v[0], v[1], v[2]));
    std::memcpy(dst + at, &r, sizeof(T));
  }
}

bool elementwiseIntFast(Op op, DType dtype, const std::vector<HostTensor>& in, HostTensor& out) {
  if (isCompare(op) || op == Op::Where || op == Op::Cast || in.size() > 3) return false;
  for (const HostTensor& t : in)
    if (t.dtype() != dtype) return false;
  // other dtypes (bool, floats, index) take the per-element accessors
  return withIntegerType(dtype.scalar, [&]<class T>() { elementwiseIntRows<T>(op, dtype.scalar, in, out); });
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
  std::vector<HostTensor> in;
  for (const HostTensor* s : srcs)
    in.push_back(broadcastTo(*s, shape));
  HostTensor out(dtype, shape);
  if (elementwiseIntFast(op, dtype, in, out)) return out;
  std::vector<ElementRef> refs(in.size());
  for (int64_t i = 0; i < out.numel(); ++i) {
    for (size_t k = 0; k < in.size(); ++k)
      refs[k] = {&in[k], i};
    elementwiseElement(op, refs, out, i);
  }
  return out;
}

} // namespace uops
