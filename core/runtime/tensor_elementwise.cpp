#include "core/runtime/tensor_elementwise.h"

#include "core/ir/shape.h"
#include "core/runtime/scalar_ops.h"
#include "core/runtime/tensor_movement.h"

#include <cstring>
#include <stdexcept>

#include <fmt/format.h>

namespace uops {
namespace {

bool isCompare(Op op) {
  return isComparison(op) || op == Op::Not;
}

// The dtype each source must have; nullopt where any integer (a shift amount)
// or anything (Where's condition) will do.
std::optional<DType> requiredDType(Op op, DType dtype, std::span<const HostTensor* const> srcs,
                                   size_t i) {
  if (op == Op::Where) return i == 0 ? std::nullopt : std::optional<DType>(dtype);
  if ((op == Op::Shl || op == Op::Shr) && i == 1) return std::nullopt;
  if (isCompare(op)) return srcs[0]->dtype();
  return dtype;
}

void checkOperands(Op op, DType dtype, std::span<const HostTensor* const> srcs) {
  const OpInfo& info = opInfo(op);
  if (!isElementwise(op))
    throw std::invalid_argument(fmt::format("{} is not an elementwise op", info.name));
  if (srcs.size() < static_cast<size_t>(info.minSrc) ||
      srcs.size() > static_cast<size_t>(info.maxSrc))
    throw std::invalid_argument(
        fmt::format("{} takes {} operands, got {}", info.name, info.minSrc, srcs.size()));
  if (op == Op::Cast) return;
  for (size_t i = 0; i < srcs.size(); ++i) {
    auto want = requiredDType(op, dtype, srcs, i);
    if (want && srcs[i]->dtype() != *want)
      throw std::invalid_argument(fmt::format("{} operand {} is {}, expected {}", info.name, i,
                                              toString(srcs[i]->dtype()), toString(*want)));
    if (!want && op != Op::Where && !(srcs[i]->dtype().isInt() || srcs[i]->dtype().isBool()))
      throw std::invalid_argument(fmt::format("{} shift amount must be an integer, got {}",
                                              info.name, toString(srcs[i]->dtype())));
  }
}

// Where copies the chosen element's bytes: NaN payloads and -0 pass unchanged.
void where(HostTensor& out, const std::vector<HostTensor>& in) {
  size_t n = static_cast<size_t>(out.itemSize());
  std::byte* dst = out.mutableBytes().data();
  for (int64_t i = 0; i < out.numel(); ++i) {
    const HostTensor& pick = in[0].getBool(i) ? in[1] : in[2];
    std::memcpy(dst + static_cast<size_t>(i) * n, pick.bytes().data() + static_cast<size_t>(i) * n,
                n);
  }
}

void arithmetic(Op op, HostTensor& out, const std::vector<HostTensor>& in) {
  DType operands = in[0].dtype();
  ScalarType t = operands.scalar;
  auto arg = [&](size_t k, int64_t i) { return k < in.size() ? in[k].getDouble(i) : 0.0; };
  auto bits = [&](size_t k, int64_t i) { return k < in.size() ? in[k].getUInt(i) : uint64_t(0); };
  for (int64_t i = 0; i < out.numel(); ++i) {
    if (isCompare(op) && operands.isFloat())
      out.setBool(i, floatCompare(op, arg(0, i), arg(1, i)));
    else if (isCompare(op))
      out.setBool(i, intCompare(op, t, bits(0, i), bits(1, i)));
    else if (operands.isFloat())
      out.setDouble(i, floatOp(op, t, arg(0, i), arg(1, i), arg(2, i)));
    else
      out.setUInt(i, intOp(op, t, bits(0, i), bits(1, i), bits(2, i)));
  }
}

} // namespace

HostTensor castTensor(const HostTensor& in, DType dtype) {
  HostTensor out(dtype, in.shape());
  DType from = in.dtype();
  for (int64_t i = 0; i < in.numel(); ++i) {
    if (from.isFloat())
      out.setDouble(i, in.getDouble(i));
    else if (from.isUnsigned() || from.isBool())
      out.setUInt(i, in.getUInt(i));
    else
      out.setInt(i, in.getInt(i));
  }
  return out;
}

HostTensor elementwiseTensor(Op op, DType dtype, std::span<const HostTensor* const> srcs) {
  checkOperands(op, dtype, srcs);
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
  if (op == Op::Where)
    where(out, in);
  else
    arithmetic(op, out, in);
  return out;
}

} // namespace uops
