#include "core/grad/grad_build.h"

#include "core/ir/build.h"
#include "core/ir/shape.h"
#include "core/tensor/dtype_promotion.h"
#include "core/tensor/tensor.h"

#include <fmt/format.h>

namespace uops::grad {

UOpPtr fill(double v, DType dtype, const Shape& shape) {
  ConstValue c = v;
  if (dtype.isBool())
    c = v != 0;
  else if (!dtype.isFloat())
    c = static_cast<int64_t>(v);
  UOpPtr u = constant(dtype, c);
  if (shape.empty()) return u;
  Shape ones(shape.size(), 1);
  u = uops::reshape(u, ones);
  return ones == shape ? u : uops::expand(u, shape);
}

UOpPtr fillLike(const UOpPtr& like, double v) {
  return fill(v, like->dtype(), like->shape());
}

UOpPtr broadcastTo(const UOpPtr& x, const Shape& shape) {
  const Shape& in = x->shape();
  if (in == shape) return x;
  if (in.size() > shape.size())
    throw TensorError(fmt::format("cannot broadcast {} to {}", toString(in), toString(shape)));
  Shape aligned(shape.size() - in.size(), 1);
  aligned.insert(aligned.end(), in.begin(), in.end());
  UOpPtr u = aligned == in ? x : uops::reshape(x, aligned);
  return aligned == shape ? u : uops::expand(u, shape);
}

UOpPtr elementwise(Op op, UOpList src) {
  Shape common = src.at(0)->shape();
  for (const UOpPtr& s : src) {
    auto b = broadcastShapes(common, s->shape());
    if (!b)
      throw TensorError(
          fmt::format("cannot broadcast {} with {}", toString(common), toString(s->shape())));
    common = *b;
  }
  for (UOpPtr& s : src)
    s = broadcastTo(s, common);
  return alu(op, std::move(src));
}

UOpPtr add(const UOpPtr& a, const UOpPtr& b) {
  return elementwise(Op::Add, {a, b});
}
UOpPtr mul(const UOpPtr& a, const UOpPtr& b) {
  return elementwise(Op::Mul, {a, b});
}
UOpPtr mul(const UOpPtr& a, double b) {
  return mul(a, fillLike(a, b));
}
UOpPtr neg(const UOpPtr& a) {
  return mul(a, -1.0);
}
UOpPtr recip(const UOpPtr& a) {
  return alu(Op::Recip, {a});
}
UOpPtr div(const UOpPtr& a, const UOpPtr& b) {
  return mul(a, recip(b));
}
UOpPtr less(const UOpPtr& a, const UOpPtr& b) {
  return elementwise(Op::CmpLt, {a, b});
}
UOpPtr select(const UOpPtr& c, const UOpPtr& a, const UOpPtr& b) {
  return elementwise(Op::Where, {c, a, b});
}

UOpPtr eq(const UOpPtr& a, const UOpPtr& b) {
  UOpPtr n = elementwise(Op::CmpNe, {a, b});
  return alu(Op::CmpNe, {n, fillLike(n, 1)});
}

UOpPtr castTo(const UOpPtr& x, DType dtype) {
  return x->dtype() == dtype ? x : cast(x, dtype);
}

UOpPtr reduceSum(const UOpPtr& x, const Ints& axes) {
  return axes.empty() ? x : uops::reduce(x, Op::Add, axes);
}

UOpPtr sumTo(const UOpPtr& g, const Shape& shape) {
  const Shape& in = g->shape();
  if (in == shape) return g;
  if (shape.size() > in.size())
    throw TensorError(fmt::format("cannot sum {} to {}", toString(in), toString(shape)));
  size_t lead = in.size() - shape.size();
  Ints axes;
  for (size_t k = 0; k < in.size(); ++k)
    if (k < lead || (shape[k - lead] == 1 && in[k] != 1)) axes.push_back(static_cast<int64_t>(k));
  UOpPtr acc = castTo(g, sumAccDType(g->dtype()));
  UOpPtr r = reduceSum(acc, axes);
  if (r->shape() != shape) r = uops::reshape(r, shape);
  return castTo(r, g->dtype());
}

} // namespace uops::grad
