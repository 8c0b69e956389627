#include "core/ir/shape.h"

#include <algorithm>

#include <fmt/format.h>

namespace uops {
namespace {

std::optional<Shape> fail(std::string* why, std::string message) {
  if (why) *why = std::move(message);
  return std::nullopt;
}

bool isPermutation(const Ints& order, size_t rank) {
  if (order.size() != rank) return false;
  std::vector<bool> seen(rank, false);
  for (int64_t i : order) {
    if (i < 0 || static_cast<size_t>(i) >= rank || seen[static_cast<size_t>(i)]) return false;
    seen[static_cast<size_t>(i)] = true;
  }
  return true;
}

std::optional<Shape> operand(const UOpList& src, size_t i, std::string* why, const char* what) {
  auto values = shapeOperandValues(*src[i]);
  if (!values) return fail(why, fmt::format("{} (src {}) must be a Stack of integer Consts", what, i));
  return values;
}

std::optional<Shape> permuteShape(const Shape& in, const Arg& arg, std::string* why) {
  const Ints* order = std::get_if<Ints>(&arg);
  if (!order || !isPermutation(*order, in.size()))
    return fail(why, fmt::format("Permute arg must be a permutation of {} axes", in.size()));
  Shape out;
  for (int64_t i : *order) out.push_back(in[static_cast<size_t>(i)]);
  return out;
}

std::optional<Shape> reshapeShape(const Shape& in, const UOpList& src, std::string* why) {
  auto out = operand(src, 1, why, "Reshape's new shape");
  if (!out) return std::nullopt;
  if (std::any_of(out->begin(), out->end(), [](int64_t s) { return s < 0; }))
    return fail(why, "Reshape's new shape has a negative size");
  if (shapeProduct(*out) != shapeProduct(in))
    return fail(why, fmt::format("Reshape from {} to {} changes the number of elements",
                                 toString(in), toString(*out)));
  return out;
}

std::optional<Shape> expandShape(const Shape& in, const UOpList& src, std::string* why) {
  auto out = operand(src, 1, why, "Expand's new shape");
  if (!out) return std::nullopt;
  if (out->size() != in.size())
    return fail(why, fmt::format("Expand from {} to {} changes the rank", toString(in), toString(*out)));
  for (size_t k = 0; k < in.size(); ++k)
    if (in[k] != 1 && in[k] != (*out)[k])
      return fail(why, fmt::format("Expand from {} to {}: axis {} is neither 1 nor {}", toString(in),
                                   toString(*out), k, (*out)[k]));
  return out;
}

// Pad places T at offset o in s'; Shrink keeps s' elements from offset o.
// Offsets that are index expressions over variables: each at its [min, max].
bool symbolicOffsets(const UOp& o, Shape& lo, Shape& hi) {
  if (o.op() != Op::Stack || !o.dtype().isInt()) return false;
  for (const UOpPtr& e : o.src()) {
    if (!e->shape().empty() || !e->dtype().isInt()) return false;
    const MinMax& m = e->minMax();
    if (m.isFloat) return false;
    lo.push_back(static_cast<int64_t>(m.lo));
    hi.push_back(static_cast<int64_t>(m.hi));
  }
  return true;
}

std::optional<Shape> padShrinkShape(Op op, const Shape& in, const UOpList& src, std::string* why) {
  Shape lo, hi;
  if (op == Op::Shrink && !shapeOperandValues(*src[1]) && symbolicOffsets(*src[1], lo, hi)) {
    auto sizes = operand(src, 2, why, "the new shape");
    if (!sizes) return std::nullopt;
    if (lo.size() != in.size() || sizes->size() != in.size())
      return fail(why, fmt::format("Shrink needs one offset and one size per axis of {}", toString(in)));
    for (size_t k = 0; k < in.size(); ++k)
      if (lo[k] < 0 || hi[k] + (*sizes)[k] > in[k])
        return fail(why, fmt::format("Shrink axis {}: offset in [{}, {}] and size {} do not fit size {}", k, lo[k],
                                     hi[k], (*sizes)[k], in[k]));
    return sizes;
  }
  auto offsets = operand(src, 1, why, "the offsets");
  auto out = operand(src, 2, why, "the new shape");
  if (!offsets || !out) return std::nullopt;
  if (offsets->size() != in.size() || out->size() != in.size())
    return fail(why, fmt::format("{} needs one offset and one size per axis of {}", opName(op),
                                 toString(in)));
  for (size_t k = 0; k < in.size(); ++k) {
    int64_t o = (*offsets)[k], s = (*out)[k];
    if (o < 0 || s < 0)
      return fail(why, fmt::format("{} axis {}: offsets and sizes must be >= 0", opName(op), k));
    bool fits = op == Op::Pad ? o + in[k] <= s : o + s <= in[k];
    if (!fits)
      return fail(why, fmt::format("{} axis {}: offset {} and size {} do not fit size {}", opName(op),
                                   k, o, op == Op::Pad ? in[k] : s, op == Op::Pad ? s : in[k]));
  }
  return out;
}

// Index from the left: a ()-shaped index removes its dim, a (k,)-shaped one makes it k.
std::optional<Shape> indexShape(const Shape& in, const UOpList& src, std::string* why) {
  if (src.size() - 1 > in.size())
    return fail(why, fmt::format("Index with {} indices into shape {}", src.size() - 1, toString(in)));
  Shape out;
  for (size_t k = 1; k < src.size(); ++k) {
    const Shape& is = src[k]->shape();
    if (!src[k]->dtype().isInt())
      return fail(why, fmt::format("Index: index {} must have an integer dtype", k - 1));
    if (is.size() > 1)
      return fail(why, fmt::format("Index: index {} has shape {}, must be () or (k,)", k - 1, toString(is)));
    if (is.size() == 1) out.push_back(is[0]);
  }
  out.insert(out.end(), in.begin() + static_cast<std::ptrdiff_t>(src.size() - 1), in.end());
  return out;
}

std::optional<Shape> stackShape(const UOpList& src, std::string* why) {
  Shape out{static_cast<int64_t>(src.size())};
  if (src.empty()) return out;
  for (const auto& s : src)
    if (s->shape() != src[0]->shape())
      return fail(why, fmt::format("Stack of shapes {} and {}", toString(src[0]->shape()),
                                   toString(s->shape())));
  out.insert(out.end(), src[0]->shape().begin(), src[0]->shape().end());
  return out;
}

std::optional<Shape> collapseAxes(const Shape& in, const Ints& axes, std::string* why, Op op) {
  Shape out = in;
  for (int64_t a : axes) {
    if (a < 0 || static_cast<size_t>(a) >= in.size())
      return fail(why, fmt::format("{} axis {} out of range for shape {}", opName(op), a, toString(in)));
    out[static_cast<size_t>(a)] = 1;
  }
  return out;
}

std::optional<Shape> bitcastShape(const Shape& in, DType from, DType to, std::string* why) {
  if (from.itemSize() == to.itemSize()) return in;
  if (in.empty())
    return fail(why, fmt::format("Bitcast of a scalar from {} to {} changes its size", toString(from),
                                 toString(to)));
  int64_t bytes = in.back() * from.itemSize();
  if (to.itemSize() == 0 || bytes % to.itemSize() != 0)
    return fail(why, fmt::format("Bitcast from {} to {}: last axis of {} bytes does not divide",
                                 toString(from), toString(to), bytes));
  Shape out = in;
  out.back() = bytes / to.itemSize();
  return out;
}

std::optional<Shape> elementwiseShape(const UOpList& src, std::string* why) {
  Shape out = src[0]->shape();
  for (size_t i = 1; i < src.size(); ++i) {
    auto b = broadcastShapes(out, src[i]->shape());
    if (!b)
      return fail(why, fmt::format("cannot broadcast {} with {}", toString(out), toString(src[i]->shape())));
    out = *b;
  }
  return out;
}

std::optional<Shape> getTupleShape(const UOpList& src, const Arg& arg, std::string* why) {
  const UOp* tuple = src[0].get();
  if (tuple->op() == Op::Function || tuple->op() == Op::Call) tuple = tuple->src(0).get();
  const int64_t* idx = std::get_if<int64_t>(&arg);
  if (tuple->op() != Op::Tuple)
    return fail(why, "GetTuple needs a Tuple, or a Function or Call whose body is a Tuple");
  if (!idx || *idx < 0 || static_cast<size_t>(*idx) >= tuple->src().size())
    return fail(why, fmt::format("GetTuple index out of range for a Tuple of {}", tuple->src().size()));
  return tuple->src(static_cast<size_t>(*idx))->shape();
}

} // namespace

std::optional<Shape> shapeOperandValues(const UOp& operand) {
  if (operand.op() != Op::Stack) return std::nullopt;
  Shape out;
  for (const auto& s : operand.src()) {
    auto v = s->constValue();
    if (!v || !std::holds_alternative<int64_t>(*v)) return std::nullopt;
    out.push_back(std::get<int64_t>(*v));
  }
  return out;
}

std::optional<Shape> broadcastShapes(const Shape& a, const Shape& b) {
  const Shape& longer = a.size() >= b.size() ? a : b;
  const Shape& shorter = a.size() >= b.size() ? b : a;
  Shape out = longer;
  size_t shift = longer.size() - shorter.size();
  for (size_t k = 0; k < shorter.size(); ++k) {
    int64_t x = longer[k + shift], y = shorter[k];
    if (x != y && x != 1 && y != 1) return std::nullopt;
    out[k + shift] = x == 1 ? y : x;
  }
  return out;
}

int64_t shapeProduct(const Shape& s) {
  int64_t p = 1;
  for (int64_t x : s) p *= x;
  return p;
}

std::string toString(const Shape& s) {
  if (s.size() == 1) return fmt::format("({},)", s[0]);
  return fmt::format("({})", fmt::join(s, ", "));
}

std::optional<Shape> inferShape(Op op, DType dtype, const UOpList& src, const Arg& arg, std::string* why) {
  const OpInfo& info = opInfo(op);
  if (src.size() < static_cast<size_t>(info.minSrc) ||
      (info.maxSrc >= 0 && src.size() > static_cast<size_t>(info.maxSrc)))
    return fail(why, fmt::format("{} takes {}..{} sources, got {}", info.name, info.minSrc,
                                 info.maxSrc < 0 ? std::string("n") : std::to_string(info.maxSrc),
                                 src.size()));
  for (size_t i = 0; i < src.size(); ++i)
    if (!src[i]->shapeValid()) return fail(why, fmt::format("source {} has no valid shape", i));
  auto in = [&]() -> const Shape& { return src[0]->shape(); };
  switch (op) {
  case Op::Param: return operand(src, 0, why, "Param's shape");
  case Op::Buffer: {
    const BufferArg* b = std::get_if<BufferArg>(&arg);
    if (!b) return fail(why, "Buffer needs a BufferArg");
    int64_t n = b->device.isTuple() ? static_cast<int64_t>(b->device.names.size()) : 1;
    return Shape{n * b->size};
  }
  case Op::Const: return Shape{};
  case Op::Binary: {
    const std::string* data = std::get_if<std::string>(&arg);
    if (!data) return fail(why, "Binary needs its bytes as arg");
    return Shape{static_cast<int64_t>(data->size())};
  }
  case Op::Permute: return permuteShape(in(), arg, why);
  case Op::Flip: {
    const Bools* flags = std::get_if<Bools>(&arg);
    if (!flags || flags->size() != in().size())
      return fail(why, fmt::format("Flip needs one flag per axis of {}", toString(in())));
    return in();
  }
  case Op::Reshape: return reshapeShape(in(), src, why);
  case Op::Expand: return expandShape(in(), src, why);
  case Op::Pad:
  case Op::Shrink: return padShrinkShape(op, in(), src, why);
  case Op::Index: return indexShape(in(), src, why);
  case Op::Stack: return stackShape(src, why);
  case Op::Replicated: {
    const Ints* axes = std::get_if<Ints>(&arg);
    if (!axes) return fail(why, "Replicated needs its axes as arg");
    return collapseAxes(in(), *axes, why, op);
  }
  case Op::Slice: {
    const int64_t* size = std::get_if<int64_t>(&arg);
    if (!size || *size < 0) return fail(why, "Slice needs a size >= 0 as arg");
    return Shape{*size};
  }
  case Op::Bitcast: return bitcastShape(in(), src[0]->dtype(), dtype, why);
  case Op::Reduce: {
    const ReduceArg* r = std::get_if<ReduceArg>(&arg);
    if (!r) return fail(why, "Reduce needs a ReduceArg");
    return collapseAxes(in(), r->axes, why, op);
  }
  case Op::GetTuple: return getTupleShape(src, arg, why);
  case Op::Function:
  case Op::Call:
  case Op::Tuple: return Shape{};
  case Op::Load:
  case Op::After:
  case Op::Contiguous:
  case Op::ContiguousBackward:
  case Op::Detach: return in();
  case Op::Store:
  case Op::Range:
  case Op::End:
  case Op::Group:
  case Op::Sink:
  case Op::Linear: return Shape{};
  case Op::Cast:
  case Op::Recip:
  case Op::Trunc:
  case Op::Add:
  case Op::Mul:
  case Op::Max:
  case Op::Mod:
  case Op::Idiv:
  case Op::CmpLt:
  case Op::CmpNe:
  case Op::Xor:
  case Op::Or:
  case Op::And:
  case Op::Shr:
  case Op::Shl:
  case Op::Where:
  case Op::Neg:
  case Op::Sub:
  case Op::Div:
  case Op::CmpGt:
  case Op::CmpGe:
  case Op::CmpLe:
  case Op::CmpEq:
  case Op::Not:
  case Op::Exp2:
  case Op::Log2:
  case Op::Sin:
  case Op::Sqrt:
  case Op::Pow:
  case Op::Mulacc:
  case Op::Fma:
  case Op::Ldexp:
  case Op::FracNearest:
  case Op::Threefry: return elementwiseShape(src, why);
  // Wmma(A, B, acc): the accumulator's shape (a tile's elements, or () for
  // the one product a kernel holds before Expand gathers the tile)
  case Op::Wmma:
    if (src.size() != 3) return fail(why, "Wmma takes (A, B, acc)");
    return src[2]->shape();
  case Op::Barrier:
  case Op::Ins:
  case Op::Special:
  case Op::If:
  case Op::Endif:
  case Op::Custom:
  case Op::AtomicAdd:
  case Op::CustomFunction:
  case Op::Program:
  case Op::Source: return Shape{};
  }
  return fail(why, "unknown op");
}

} // namespace uops
