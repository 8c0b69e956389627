// Kernel ASTs built by hand, in the form core/pipeline/README.md fixes for what
// Rangeify hands to Optimize: Sink(End(Store(Index(Param(k), idx), value), r...)),
// Params of dtype <elem>.ptr(size) with shape (size,), reads Load(Index(...)),
// gated reads Load(Index(...), alt, gate), ranges numbered in order of first
// appearance, reductions Reduce(value, r...) with ReduceArg{op, {}}.
#pragma once

#include "core/ir/build.h"

namespace kernelast {

using namespace uops;

inline UOpPtr buf(int64_t slot, DType elem, int64_t size) {
  return param(slot, elem.ptr(size), {size});
}
inline UOpPtr at(const UOpPtr& buffer, const UOpPtr& idx) {
  return UOp::make(Op::Index, buffer->dtype(), {buffer, idx});
}
inline UOpPtr load(const UOpPtr& buffer, const UOpPtr& idx) {
  return UOp::make(Op::Load, buffer->dtype().base(), {at(buffer, idx)}, LoadArg{});
}
inline UOpPtr gatedLoad(const UOpPtr& buffer, const UOpPtr& idx, const UOpPtr& alt,
                        const UOpPtr& gate) {
  return UOp::make(Op::Load, buffer->dtype().base(), {at(buffer, idx), alt, gate}, LoadArg{});
}
inline UOpPtr store(const UOpPtr& buffer, const UOpPtr& idx, const UOpPtr& value) {
  return UOp::make(Op::Store, dtypes::void_, {at(buffer, idx), value});
}
inline UOpPtr end(const UOpPtr& body, UOpList ranges) {
  ranges.insert(ranges.begin(), body);
  return UOp::make(Op::End, dtypes::void_, std::move(ranges));
}
inline UOpPtr reduceOver(const UOpPtr& value, Op op, UOpList ranges) {
  ranges.insert(ranges.begin(), value);
  return UOp::make(Op::Reduce, value->dtype(), std::move(ranges), ReduceArg{op, {}});
}
// x >= c, the way the spec spells it: CmpNe(CmpLt(x, c), True)
inline UOpPtr atLeast(const UOpPtr& x, int64_t c) {
  return ne(lt(x, c), constant(dtypes::bool_, true));
}

// out[i] = a[i] + b[i], i < n (slots: out 0, a 1, b 2).
inline UOpPtr elementwise(Op op, DType in, int64_t n, DType out = {}) {
  if (out.isVoid()) out = isComparison(op) ? dtypes::bool_ : in;
  UOpPtr r = range(n, 0);
  UOpPtr value = alu(op, {load(buf(1, in, n), r), load(buf(2, in, n), r)});
  return sink({end(store(buf(0, out, n), r, value), {r})});
}

// out[i] = sum_j a[i*n + j] (slots: out 0, a 1).
inline UOpPtr reduceRows(Op op, DType d, int64_t m, int64_t n) {
  UOpPtr i = range(m, 0), j = range(n, 1, AxisType::Reduce);
  UOpPtr value = reduceOver(load(buf(1, d, m * n), i * n + j), op, {j});
  return sink({end(store(buf(0, d, m), i, value), {i})});
}

// out[i*n + j] = sum_k a[i*kk + k] * b[k*n + j] (slots: out 0, a 1, b 2).
inline UOpPtr matmul(int64_t m, int64_t n, int64_t kk, DType d = dtypes::float32) {
  UOpPtr i = range(m, 0), j = range(n, 1), k = range(kk, 2, AxisType::Reduce);
  UOpPtr prod = load(buf(1, d, m * kk), i * kk + k) * load(buf(2, d, kk * n), k * n + j);
  return sink({end(store(buf(0, d, m * n), i * n + j, reduceOver(prod, Op::Add, {k})), {i, j})});
}

// out[i*n + j] = sum_k a[i*kk + k] * b[k, j], b read from its packed copy in
// 16-column panels [ceil(n / 16), kk, 16], the last panel's columns past n
// zeros, as Rangeify leaves a large B (rangeify_pack.cpp). Slots: out 0, a 1, b 2.
inline UOpPtr matmulPackedB(int64_t m, int64_t n, int64_t kk) {
  UOpPtr i = range(m, 0), j = range(n, 1), k = range(kk, 2, AxisType::Reduce);
  const int64_t panels = (n + 15) / 16;
  UOpPtr prod = load(buf(1, dtypes::float32, m * kk), i * kk + k) *
                load(buf(2, dtypes::float32, panels * kk * 16), (j / 16) * (kk * 16) + k * 16 + j % 16);
  return sink({end(store(buf(0, dtypes::float32, m * n), i * n + j, reduceOver(prod, Op::Add, {k})), {i, j})});
}

// out[i*n + j] = a[i*n + j] - max_k a[i*n + k]: a row reduction used by every
// element of its row (slots: out 0, a 1).
inline UOpPtr minusRowMax(int64_t m, int64_t n) {
  UOpPtr i = range(m, 0), j = range(n, 1), k = range(n, 2, AxisType::Reduce);
  UOpPtr a = buf(1, dtypes::float32, m * n);
  UOpPtr value = load(a, i * n + j) - reduceOver(load(a, i * n + k), Op::Max, {k});
  return sink({end(store(buf(0, dtypes::float32, m * n), i * n + j, value), {i, j})});
}

// out[i] = a[i - before] where 0 <= i - before < n, else 0 (pad on both sides).
inline UOpPtr padKernel(DType d, int64_t n, int64_t before, int64_t after) {
  int64_t total = before + n + after;
  UOpPtr i = range(total, 0);
  UOpPtr gate = atLeast(i, before) & lt(i, before + n);
  UOpPtr zero = d.isFloat() ? constant(d, 0.0) : constant(d, int64_t{0});
  UOpPtr value = gatedLoad(buf(1, d, n), i - before, zero, gate);
  return sink({end(store(buf(0, d, total), i, value), {i})});
}

// A schedule (Linear of Calls, then the output Tuple) of four scaling kernels
// in -> a -> b -> c -> out (buffers 1..5, 16 floats on the CPU, kernel k
// multiplies by k), ending with out reshaped to (4, 4): a and c, b and in
// have disjoint lifetimes.
inline UOpPtr scaleChainSchedule() {
  const int64_t n = 16;
  auto scale = [&](int64_t k) {
    UOpPtr r = range(n, 0);
    UOpPtr v = load(buf(1, dtypes::float32, n), r) * constant(dtypes::float32, double(k));
    return sink({end(store(buf(0, dtypes::float32, n), r, v), {r})});
  };
  DeviceArg cpu{{"CPU"}};
  UOpPtr in = buffer(1, dtypes::float32, n, cpu), a = buffer(2, dtypes::float32, n, cpu),
         b = buffer(3, dtypes::float32, n, cpu), c = buffer(4, dtypes::float32, n, cpu),
         out = buffer(5, dtypes::float32, n, cpu);
  auto call = [&](int64_t k, const UOpPtr& to, const UOpPtr& from) {
    return UOp::make(Op::Call, dtypes::void_, {scale(k), to, from});
  };
  return UOp::make(Op::Linear, dtypes::void_,
                   {call(2, a, in), call(3, b, a), call(4, c, b), call(5, out, c),
                    UOp::make(Op::Tuple, dtypes::void_, {reshape(out, {4, 4})})});
}

// out[b, co, y, x] = sum_{ci, ky, kx} w[co, ci, ky, kx] * in[b, ci, y + ky - 1, x + kx - 1],
// zero outside the image (padding 1), NCHW, ranges numbered as Rangeify
// numbers them (b, co, y, x, ci, ky, kx). Slots: out 0, w 1, in 2.
inline UOpPtr convPadded3x3(int64_t n, int64_t cin, int64_t cout, int64_t h, int64_t wd) {
  UOpPtr b = range(n, 0), co = range(cout, 1), y = range(h, 2), x = range(wd, 3);
  UOpPtr ci = range(cin, 4, AxisType::Reduce), ky = range(3, 5, AxisType::Reduce), kx = range(3, 6, AxisType::Reduce);
  UOpPtr row = y + ky, col = x + kx;
  UOpPtr gate = atLeast(row, 1) & lt(row, h + 1) & atLeast(col, 1) & lt(col, wd + 1);
  UOpPtr in = gatedLoad(buf(2, dtypes::float32, n * cin * h * wd), ((b * cin + ci) * h + row - 1) * wd + col - 1,
                        constant(dtypes::float32, 0.0), gate);
  UOpPtr w = load(buf(1, dtypes::float32, cout * cin * 9), (co * cin + ci) * 9 + ky * 3 + kx);
  UOpPtr sum = reduceOver(w * in, Op::Add, {ci, ky, kx});
  return sink({end(store(buf(0, dtypes::float32, n * cout * h * wd), ((b * cout + co) * h + y) * wd + x, sum),
                    {b, co, y, x})});
}

} // namespace kernelast
