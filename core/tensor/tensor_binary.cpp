// Binary elementwise ops: promotion and broadcasting, then the arithmetic ops
// (neg, add, sub, mul, the divisions and moduli, maximum, minimum) as primitive UOps.
#include "core/tensor/tensor_impl.h"

#include "core/ir/build.h"

#include <fmt/format.h>

namespace uops {
using namespace tensor_detail;

namespace tensor_detail {

std::pair<Tensor, Tensor> promoted(const Tensor& x, const TensorOrScalar& y, bool reverse) {
  Tensor a = x, b = toTensor(y, x);
  if (reverse) std::swap(a, b);
  PromoType out = leastUpperType(promoType(a), promoType(b));
  a = castTo(a, out);
  b = castTo(b, out);
  Shape s = broadcastShape({a.shape(), b.shape()});
  return {broadcastTo(a, s), broadcastTo(b, s)};
}

Tensor alu(Op op, const std::vector<Tensor>& src) {
  bool boolArith = src[0].dtype().isBool() && (op == Op::Add || op == Op::Mul);
  // C adds and multiplies bools as ints and stores the result as a bool: Or, And.
  if (boolArith) op = op == Op::Add ? Op::Or : Op::And;
  UOpList u;
  for (const Tensor& t : src)
    u.push_back(t.uop());
  bool weak = false;
  if (op == Op::Where)
    weak = src[1].isWeak();
  else if (!isComparison(op))
    weak = src[0].isWeak();
  checkSameDevices(src);
  // The result lives where the data does: a constant or device-less operand has no say.
  const Tensor* home = &src[0];
  for (const Tensor& t : src)
    if (!constBase(t)) {
      home = &t;
      break;
    }
  for (const Tensor& t : src)
    if (!constBase(t) && !t.device().empty()) {
      home = &t;
      break;
    }
  return wrap(uops::alu(op, std::move(u)), *home, weak);
}

Tensor binop(Op op, const Tensor& x, const TensorOrScalar& y, bool reverse) {
  auto [a, b] = promoted(x, y, reverse);
  return alu(op, {a, b});
}

} // namespace tensor_detail

namespace {

Tensor fill(const Tensor& like, const Scalar& v) {
  return constFill(v, like.dtype(), like.shape(), like, like.isWeak());
}

// Sub is Add(a, Neg(b)) as the spec decomposes it.
Tensor subPair(const Tensor& a, const Tensor& b) {
  return alu(Op::Add, {a, b.neg()});
}

// Python's floor division from C's truncating Idiv: one less when the
// remainder is non-zero and the signs differ.
Tensor floorDivInts(const Tensor& a, const Tensor& b) {
  Tensor q = alu(Op::Idiv, {a, b});
  if (a.dtype().isUnsigned()) return q;
  Tensor r = alu(Op::Mod, {a, b});
  Tensor cond = r.ne(0).bitwiseAnd(a.lt(0).ne(b.lt(0)));
  return alu(Op::Where, {cond, alu(Op::Add, {q, fill(q, int64_t{-1})}), q});
}

// Python's modulo from C's Mod: add the divisor when the signs differ.
Tensor floorModInts(const Tensor& a, const Tensor& b) {
  Tensor r = alu(Op::Mod, {a, b});
  if (a.dtype().isUnsigned()) return r;
  Tensor cond = r.ne(0).bitwiseAnd(a.lt(0).ne(b.lt(0)));
  return alu(Op::Add, {r, alu(Op::Where, {cond, b, fill(b, int64_t{0})})});
}

Tensor divPair(Tensor a, const Tensor& b, const std::optional<std::string>& rounding) {
  bool ints = a.dtype().isInt();
  if (ints && rounding == "trunc") return alu(Op::Idiv, {a, b});
  if (ints && rounding == "floor") return floorDivInts(a, b);
  if (rounding && *rounding != "trunc" && *rounding != "floor")
    fail(fmt::format("rounding_mode='{}' is not supported", *rounding));
  // True division of ints and bools happens in the default float.
  if (ints || a.dtype().isBool()) a = castTo(a, PromoType::Float32);
  Tensor d = alu(Op::Mul, {a, b.reciprocal()});
  if (!rounding) return d;
  return *rounding == "trunc" ? d.trunc() : d.floor();
}

} // namespace

Tensor Tensor::neg() const {
  if (dtype().isBool()) return logicalNot();
  // A constant is negated in place rather than multiplied at run time.
  if (auto v = constBase(*this)) {
    Scalar negated = std::visit(
        [](auto x) -> Scalar {
          if constexpr (std::is_same_v<decltype(x), double>)
            return -x;
          else
            return static_cast<int64_t>(0ULL - static_cast<uint64_t>(x));
        },
        *v);
    return constFill(negated, dtype(), shape(), *this, isWeak());
  }
  return binop(Op::Mul, *this, int64_t{-1});
}

Tensor Tensor::add(const TensorOrScalar& x) const {
  return binop(Op::Add, *this, x);
}
Tensor Tensor::mul(const TensorOrScalar& x) const {
  return binop(Op::Mul, *this, x);
}
Tensor Tensor::sub(const TensorOrScalar& x) const {
  auto [a, b] = promoted(*this, x);
  return subPair(a, b);
}

Tensor Tensor::div(const TensorOrScalar& x, std::optional<std::string> roundingMode) const {
  auto [a, b] = promoted(*this, x);
  return divPair(a, b, roundingMode);
}
Tensor Tensor::floorDiv(const TensorOrScalar& x) const {
  return div(x, "floor");
}
Tensor Tensor::idiv(const TensorOrScalar& x) const {
  return div(x, "trunc");
}

Tensor Tensor::mod(const TensorOrScalar& x) const {
  auto [a, b] = promoted(*this, x);
  if (a.dtype().isInt()) return floorModInts(a, b);
  return subPair(a, divPair(a, b, "floor").mul(b));
}

Tensor Tensor::fmod(const TensorOrScalar& x) const {
  auto [a, b] = promoted(*this, x);
  if (a.dtype().isInt()) return alu(Op::Mod, {a, b});
  return subPair(a, divPair(a, b, "trunc").mul(b));
}

Tensor Tensor::maximum(const TensorOrScalar& x) const {
  return binop(Op::Max, *this, x);
}

Tensor Tensor::minimum(const TensorOrScalar& x) const {
  auto [a, b] = promoted(*this, x);
  if (a.dtype().isFloat()) return alu(Op::Max, {a.neg(), b.neg()}).neg();
  // Integers: xor with (min + max) reverses the order without overflow, unlike negation.
  ConstValue lo = dtypeMin(a.dtype()), hi = dtypeMax(a.dtype());
  Scalar k = a.dtype().isBool()
                 ? Scalar(true)
                 : Scalar(static_cast<int64_t>(static_cast<uint64_t>(std::get<int64_t>(lo)) +
                                               static_cast<uint64_t>(std::get<int64_t>(hi))));
  Tensor ka = fill(a, k);
  return alu(Op::Xor, {alu(Op::Max, {alu(Op::Xor, {a, ka}), alu(Op::Xor, {b, ka})}), ka});
}

} // namespace uops
