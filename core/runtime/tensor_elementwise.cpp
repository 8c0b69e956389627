#include "core/runtime/tensor_elementwise.h"

#include "core/ir/shape.h"
#include "core/runtime/elementwise_row.h"
#include "core/runtime/scalar_ops.h"
#include "core/runtime/strided_rows.h"
#include "core/runtime/strides.h"

#include <algorithm>
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

// op over rows of the result, each operand read through its broadcast
// strides (no broadcast copy) into a row buffer, computed by elementwiseRow.
void elementwiseRows(Op op, std::span<const HostTensor* const> in, HostTensor& out) {
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
  const int64_t piece = std::min(rows.length(), StridedRows::kPiece);
  std::vector<HostTensor> x;
  std::vector<const HostTensor*> operands;
  for (const HostTensor* s : in)
    x.emplace_back(s->dtype(), Shape{piece});
  for (const HostTensor& t : x)
    operands.push_back(&t);
  HostTensor y(out.dtype(), Shape{piece});
  const size_t n = static_cast<size_t>(out.itemSize());
  std::byte* dst = out.mutableBytes().data();
  do {
    const int64_t rowStart = rows.row(target).offset;
    for (int64_t first = 0; first < rows.length(); first += StridedRows::kPiece) {
      const int64_t count = std::min(StridedRows::kPiece, rows.length() - first);
      for (size_t k = 0; k < in.size(); ++k)
        rows.gatherBytes(readers[k], in[k]->bytes().data(), static_cast<size_t>(in[k]->itemSize()),
                         x[k].mutableBytes().data(), first, count);
      elementwiseRow(op, operands, y, count);
      std::memcpy(dst + static_cast<size_t>(rowStart + first) * n, y.bytes().data(), static_cast<size_t>(count) * n);
    }
  } while (rows.next());
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
  elementwiseRows(op, srcs, out);
  return out;
}

} // namespace uops
