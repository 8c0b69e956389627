// The conformance corpus's tensor programs (/work/shared/conformance/programs)
// that use only the Tensor API, transcribed to C++ line by line: each returns
// the program's `out` list.
#pragma once

#include "core/tensor/tensor.h"

#include <cmath>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace tensortest {

using uops::Tensor;
using Outs = std::vector<Tensor>;

inline Tensor L(const uops::Nested& data, std::optional<uops::DType> dtype = {}) {
  return Tensor::fromList(data, dtype);
}
inline uops::Slice sl(std::optional<int64_t> start = {}, std::optional<int64_t> stop = {},
                      std::optional<int64_t> step = {}) {
  return uops::Slice{start, stop, step};
}
inline Tensor ar(int64_t n) {
  return Tensor::arange(n);
}

inline const std::map<std::string, std::function<Outs()>>& conformancePrograms() {
  using namespace uops;
  static const std::map<std::string, std::function<Outs()>> programs = {
      {"composite_arange_via_cumsum",
       [] {
         int64_t n = 10;
         Tensor arr = Tensor::ones({n}).cumsum() - 1;
         Tensor arInt = Tensor::full({n}, 1, dtypes::int32).cumsum() - 1;
         Tensor stepped = Tensor::full({n}, 3).cumsum() + (5 - 3);
         return Outs{arr, arInt, stepped, Tensor::arange(5, 5 + 3 * n, 3), arInt.eq(ar(n))};
       }},
      {"composite_gather_onehot",
       [] {
         Tensor x = ar(20).reshape({4, 5}).toFloat() * 1.5 - 7.0;
         Tensor idx = L({4, 0, 2, 2});
         Tensor mask = idx.reshape({4, 1}).eq(ar(5).reshape({1, 5}));
         Tensor picked = mask.where(x, 0.0).sum(1);
         Tensor table = L({{1.0, 2.0}, {3.0, 4.0}, {5.0, 6.0}, {7.0, 8.0}, {9.0, 10.0}});
         Tensor ids = L({3, 3, 0, 4, 1, 2});
         Tensor emb = ids.reshape({6, 1, 1})
                          .eq(ar(5).reshape({1, 5, 1}))
                          .where(table.reshape({1, 5, 2}), 0.0)
                          .sum(1);
         return Outs{mask, picked, x.gather(1, idx.reshape({4, 1})).reshape({4}), emb,
                     table.getitem({ids})};
       }},
      {"composite_gemm_reshape_mul_sum",
       [] {
         int64_t M = 6, K = 5, N = 7;
         Tensor a = (ar(M * K).reshape({M, K}).toFloat() * 0.3).sin();
         Tensor b = (ar(K * N).reshape({K, N}).toFloat() * 0.2).cos();
         Tensor c = (a.reshape({M, K, 1}) * b.reshape({1, K, N})).sum(1);
         Tensor c2 = (a.reshape({M, 1, K}) * b.T().reshape({1, N, K})).sum(2);
         return Outs{c, c2, a.matmul(b), (c - a.matmul(b)).abs().max()};
       }},
      {"composite_prefix_sum_pool_trick",
       [] {
         int64_t n = 8, len = 2 * n - 1;
         Tensor x = L({3.0, -1.0, 4.0, 1.0, -5.0, 9.0, 2.0, -6.0});
         Tensor xp = x.pad({std::pair<int64_t, int64_t>{n - 1, 0}});
         Tensor win =
             xp.reshape({1, len})
                 .expand({n, len})
                 .reshape({n * len})
                 .pad({std::pair<int64_t, int64_t>{0, n}})
                 .reshape({n, len + 1})
                 .shrink({std::pair<int64_t, int64_t>{0, n}, std::pair<int64_t, int64_t>{0, n}});
         Tensor prefix = win.sum(1);
         return Outs{win, prefix, x.cumsum(), (prefix - x.cumsum()).abs().sum()};
       }},
      {"composite_python_subset",
       [] {
         Tensor a = ar(2 * 3 * 4).reshape({2, 3, 4}).toFloat();
         int64_t rows = a.shape()[1], cols = a.shape()[2];
         auto layer = [&](const Tensor& h, int64_t i) {
           Tensor w = (ar(cols * cols).reshape({cols, cols}).toFloat() *
                       (0.1 * static_cast<double>(i + 1)))
                          .sin();
           if (i % 3 == 0) return h.matmul(w).relu();
           if (i % 3 == 1) return h.matmul(w).tanh();
           return h.matmul(w) * 0.5;
         };
         Tensor h = a.getitem({0});
         for (int64_t i = 0; i < 3; ++i)
           h = layer(h, i);
         Tensor total = Tensor::zeros({rows, cols});
         for (int64_t i = 0; i < a.shape()[0]; ++i)
           total = total + a.getitem({i}) * (i + 1);
         std::vector<double> scales = {0.5, 1.0, 2.0};
         std::vector<Tensor> perScale;
         for (double s : scales)
           perScale.push_back((a * s).sum(-1));
         int64_t k = 2 + 3;
         double spread = 2.0 - 0.5;
         Tensor z = a.sum() * k + spread;
         auto pq = a.split(Ints{1, 1}, 0);
         Tensor summed = Scalar(int64_t{0}) + a.getitem({0});
         summed = summed + a.getitem({1});
         return Outs{h,
                     total,
                     z,
                     pq[0] - pq[1],
                     summed,
                     perScale[0].stack({perScale[1], perScale[2]}),
                     a.reshape({rows * 2, -1}).getitem({sl({}, {}, 2)}) * static_cast<double>(k)};
       }},
      {"composite_scatter_add_mask",
       [] {
         Tensor src = L({1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0});
         Tensor idx = L({0, 2, 2, 4, 0, 1, 2});
         int64_t nbins = 5;
         Tensor onehot = idx.reshape({7, 1}).eq(ar(nbins).reshape({1, nbins}));
         Tensor scattered = (onehot.toFloat() * src.reshape({7, 1})).sum(0);
         Tensor counts = onehot.toInt().sum(0);
         Tensor viaApi = Tensor::zeros({nbins}).scatterReduce(0, idx, src, "sum");
         return Outs{scattered, counts, viaApi, scattered / counts.toFloat().maximum(1.0)};
       }},
      {"dtype_bitcast",
       [] {
         Tensor f = L({1.0, -1.0, 0.5, 2.0, 0.0, -0.0, INFINITY, 3.14159});
         Tensor i = L({int64_t{1065353216}, int64_t{-1082130432}, 0, 1, int64_t{2139095040}, -1},
                      dtypes::int32);
         Tensor u8 = L({0, 0, 128, 63, 0, 0, 0, 192}, dtypes::uint8);
         return Outs{f.bitcast(dtypes::int32),
                     f.bitcast(dtypes::uint32),
                     i.bitcast(dtypes::float32),
                     u8.bitcast(dtypes::float32),
                     f.cast(dtypes::float16).bitcast(dtypes::int16),
                     i.bitcast(dtypes::uint32)};
       }},
      {"dtype_bool_promotion",
       [] {
         Tensor b = L({true, false, true, true, false});
         Tensor i = L({1, 2, 3, 4, 5});
         Tensor f = L({0.5, -1.5, 2.0, 0.0, 3.25});
         Tensor u = L({1, 2, 3, 250, 255}, dtypes::uint8);
         Tensor i8 = L({-1, 2, -3, 100, -128}, dtypes::int8);
         return Outs{b + i,           b * f,
                     i + f,           b.toInt() * 3,
                     b.toFloat(),     i.gt(2).cast(dtypes::float32) * f,
                     u + i8,          u + 10,
                     i8 * 2,          i.cast(dtypes::int64) + i8,
                     u.toFloat() / 2, b.sum(),
                     i.sum(),         u.sum(),
                     i8.sum()};
       }},
      {"dtype_half_bfloat16",
       [] {
         Tensor x =
             L({0.1, 1.0 / 3.0, 1000.1, 65504.0, 70000.0, -2.5e-5, 3.14159, -7.77, 1e-8, 123456.0});
         Tensor h = x.cast(dtypes::float16), bf = x.cast(dtypes::bfloat16);
         Tensor a = ar(16).reshape({4, 4}).toHalf();
         return Outs{h,
                     bf,
                     h.cast(dtypes::float32),
                     bf.cast(dtypes::float32),
                     h * 2 + 1,
                     (bf * 3).cast(dtypes::float32),
                     a.matmul(a),
                     (a * 0.1).exp(),
                     a.sum(1),
                     x.toHalf().toBFloat16()};
       }},
      {"dtype_int64_arith",
       [] {
         Tensor a = L({int64_t{3000000000}, int64_t{-3000000000}, 1, int64_t{2147483647},
                       int64_t{-2147483648}, int64_t{123456789012}},
                      dtypes::int64);
         Tensor b = L({7, -7, 3, 2, 5, -11}, dtypes::int64);
         return Outs{a + 1,   a * 3,     a.floorDiv(b), a % b,
                     a >> 2,  a & 65535, a.toFloat(),   (a + 1).cast(dtypes::int32),
                     a.max(), a.sum()};
       }},
      {"dtype_int_narrow_casts",
       [] {
         Tensor f =
             L({-300.7, -129.5, -128.0, -1.9, -0.5, 0.0, 0.5, 1.9, 127.0, 128.6, 255.9, 300.2});
         Tensor i = L({-300, -129, -128, -1, 0, 1, 127, 128, 255, 256, 1000, 70000});
         return Outs{f.cast(dtypes::int32),
                     i.cast(dtypes::int8),
                     i.cast(dtypes::uint8),
                     i.cast(dtypes::int8).cast(dtypes::int32),
                     i.cast(dtypes::uint8).cast(dtypes::int32) + 1,
                     i.cast(dtypes::int16),
                     i.cast(dtypes::int64) * 100000,
                     i.cast(dtypes::bool_),
                     f.cast(dtypes::bool_)};
       }},
      {"elementwise_arith_broadcast",
       [] {
         Tensor a = ar(12).reshape({3, 4}).toFloat();
         Tensor b = L({1.5, -2.0, 0.25, 4.0});
         Tensor c = L({{2.0}, {-1.0}, {0.5}});
         Tensor x = (a + b) * c - a / (b + 3.0);
         Tensor y = 2.0 - a * 0.5 + c * c;
         Tensor z = 1.0 / (a + 1.0) + b.reciprocal();
         return Outs{x,
                     y,
                     -x,
                     z,
                     a.maximum(b * 2),
                     a.minimum(c * 3),
                     (a - 5.5).abs(),
                     (a - 5.5).sign(),
                     a.square() - a};
       }},
      {"elementwise_bitwise_int",
       [] {
         Tensor a = L({0, 1, 5, 12, -1, -8, 255, 1023, -1000, 77}, dtypes::int32);
         Tensor b = L({3, 3, 6, 10, 7, 3, 15, 512, 255, 64}, dtypes::int32);
         Tensor u = L({0, 1, 127, 128, 200, 255}, dtypes::uint8);
         return Outs{a & b,         a | b, a ^ b,   ~a,     a << 2, a >> 1,           a >> 3,
                     (a & 15) | 16, ~u,    u ^ 170, u >> 4, u << 1, a.gt(0) & b.gt(5)};
       }},
      {"elementwise_compare_where",
       [] {
         Tensor a = L({-2.0, -0.5, 0.0, 0.5, 2.0, 3.0, -3.0, 1.0});
         Tensor b = L({-1.0, -0.5, 1.0, 0.0, 2.0, 5.0, -4.0, 1.0});
         Tensor lt = a.lt(b);
         return Outs{lt,
                     a.le(b),
                     a.gt(b),
                     a.ge(b),
                     a.eq(b),
                     a.ne(b),
                     lt.where(a, b),
                     a.gt(0).where(a * 10, -1.0),
                     a.lt(0) | b.gt(2),
                     a.ge(0) & b.ge(0),
                     a.gt(0) ^ b.gt(0),
                     lt.logicalNot(),
                     a.ne(0).where(1.0, 2.0),
                     a.eq(b).where(a, 0.0).sum(),
                     a.maskedFill(a.lt(-1), 99.0)};
       }},
      {"elementwise_int_divmod",
       [] {
         Tensor a = L({7, -7, 7, -7, 0, 13, -13, 1, -1, 100, -100, 6});
         Tensor b = L({2, 2, -2, -2, 3, 5, 5, -3, 3, -7, 7, -3});
         Tensor fa = a.toFloat() + 0.5;
         return Outs{a.floorDiv(b), a % b, a.div(b, "trunc"), a.fmod(b), a.floorDiv(3),
                     a % -4,        a / b, fa.floorDiv(2.0),  fa % -2.0, (a * 3 - 5).floorDiv(4)};
       }},
      {"elementwise_misc_unary",
       [] {
         Tensor x = L({-2.5, -1.5, -0.5, -0.2, 0.0, 0.2, 0.5, 1.5, 2.5, 3.7, -3.7});
         return Outs{x.floor(),
                     x.ceil(),
                     x.trunc(),
                     x.round(),
                     x.clip(-1.0, 2.0),
                     x.clamp(0.0, std::nullopt),
                     x.relu(),
                     x.leakyRelu(0.1),
                     x.relu6(),
                     x.hardtanh(),
                     x.lerp(Tensor::ones({11}), 0.25),
                     x.copysign(-1.0)};
       }},
      {"getitem_basic_slices",
       [] {
         Tensor a = ar(60).reshape({3, 4, 5});
         return Outs{a.getitem({1}),
                     a.getitem({-1}),
                     a.getitem({1, 2}),
                     a.getitem({2, -1, -2}),
                     a.getitem({sl(0, 2)}),
                     a.getitem({sl(), sl(1, 3)}),
                     a.getitem({sl(), sl(), sl(1, -1)}),
                     a.getitem({sl(1), sl(-3), sl({}, 2)}),
                     a.getitem({sl(), 1}),
                     a.getitem({0}).getitem({1}).getitem({sl(2, 4)})};
       }},
      {"getitem_none_ellipsis",
       [] {
         Tensor a = ar(24).reshape({2, 3, 4});
         return Outs{a.getitem({newAxis}),
                     a.getitem({sl(), newAxis}),
                     a.getitem({ellipsis, newAxis}),
                     a.getitem({ellipsis, 1}),
                     a.getitem({0, ellipsis}),
                     a.getitem({ellipsis, sl(1, 3)}),
                     a.getitem({1, ellipsis, sl({}, {}, 2)}),
                     a.getitem({newAxis, 0, newAxis, sl(), newAxis, -1}),
                     a.getitem({ellipsis}),
                     a.getitem({sl(), newAxis, 1, ellipsis})};
       }},
      {"getitem_step_negative",
       [] {
         Tensor a = ar(48).reshape({6, 8});
         return Outs{a.getitem({sl({}, {}, 2)}),
                     a.getitem({sl(), sl({}, {}, 3)}),
                     a.getitem({sl(1, {}, 2), sl(1, 7, 2)}),
                     a.getitem({sl({}, {}, -1)}),
                     a.getitem({sl(), sl({}, {}, -2)}),
                     a.getitem({sl(4, 0, -2), sl(6, 1, -3)}),
                     a.getitem({sl(-1, -4, -1), -2}),
                     a.getitem({sl({}, {}, -1), sl({}, {}, -1)}).getitem({sl(1, 3)}),
                     a.getitem({sl(10, 20)}),
                     a.getitem({sl(-100, 2), sl(7, 100)})};
       }},
      {"getitem_tensor_index",
       [] {
         Tensor a = ar(30).reshape({5, 6}).toFloat();
         Tensor i = L({4, 0, 2, 2}), j = L({1, 5, 0, 3}), neg = L({-1, -5, 3});
         return Outs{a.getitem({i}),
                     a.getitem({i, j}),
                     a.getitem({sl(), j}),
                     a.getitem({neg}),
                     a.getitem({i, sl(1, 4)}),
                     a.getitem({L({{0, 1}, {3, 4}})}),
                     a.getitem({i.getitem({sl(), newAxis}), j.getitem({newAxis, sl()})}),
                     a.getitem({1, j}),
                     a.gather(1, L({{0, 5}, {1, 1}, {2, 3}, {5, 0}, {4, 4}})),
                     a.gather(0, L({{4, 3, 2, 1, 0, 0}}))};
       }},
      {"matmul_2d",
       [] {
         Tensor a = (ar(12 * 16).reshape({12, 16}).toFloat() * 0.13).sin();
         Tensor b = (ar(16 * 10).reshape({16, 10}).toFloat() * 0.07).cos();
         Tensor ai = ar(6).reshape({2, 3}), bi = ar(12).reshape({3, 4}) - 5;
         return Outs{a.matmul(b),         a.matmul(b),   a.dot(b),
                     b.T().matmul(a.T()), ai.matmul(bi), a.matmul(b).relu().matmul(b.T())};
       }},
      {"matmul_batched",
       [] {
         Tensor a = (ar(2 * 3 * 4 * 5).reshape({2, 3, 4, 5}).toFloat() * 0.21).sin();
         Tensor b = (ar(2 * 3 * 5 * 6).reshape({2, 3, 5, 6}).toFloat() * 0.17).cos();
         Tensor w = (ar(5 * 2).reshape({5, 2}).toFloat() - 4.0) * 0.25;
         Tensor c = ar(3 * 6 * 4).reshape({3, 6, 4}).toFloat() * 0.05;
         return Outs{a.matmul(b), a.matmul(w), c.matmul(c.transpose(1, 2)), a.matmul(b).sum(-1),
                     Tensor::einsum("bij,bjk->bik", {c, c.permute({0, 2, 1})})};
       }},
      {"matmul_vector",
       [] {
         Tensor m = ar(20).reshape({4, 5}).toFloat() * 0.5 - 3.0;
         Tensor v = L({1.0, -2.0, 0.5, 3.0, -1.0}), u = L({2.0, 0.0, -1.0, 1.5});
         Tensor bm = ar(2 * 4 * 5).reshape({2, 4, 5}).toFloat();
         return Outs{m.matmul(v),  u.matmul(m),  v.matmul(v),    u.dot(u),
                     bm.matmul(v), u.matmul(bm), m.T().matmul(u)};
       }},
      {"movement_cat_stack",
       [] {
         Tensor a = ar(6).reshape({2, 3}).toFloat();
         Tensor b = L({{10.0, 11.0, 12.0}});
         Tensor c = Tensor::ones({2, 2}) * -1;
         return Outs{a.cat({b}, 0),
                     a.cat({c}, 1),
                     a.cat({a * 2, a * 3}, 1),
                     a.stack({a + 1}, 0),
                     a.stack({a * 10, a * 100}, 1),
                     a.getitem({0}).stack({a.getitem({1})}, -1)};
       }},
      {"movement_flip_transpose_flatten",
       [] {
         Tensor a = ar(2 * 3 * 4).reshape({2, 3, 4});
         return Outs{a.flip({0}),
                     a.flip({2}),
                     a.flip({0, 1, 2}),
                     a.flip({-1}).flip({-1}),
                     a.transpose(0, 2),
                     a.transpose(1, 2),
                     a.transpose(),
                     a.flatten(),
                     a.flatten(1),
                     a.flatten(0, 1),
                     a.unflatten(2, {2, 2}),
                     a.reshape({1, 2, 1, 12}).squeeze(),
                     a.reshape({1, 2, 1, 12}).squeeze(2),
                     a.unsqueeze(0),
                     a.unsqueeze(-1),
                     a.unsqueeze(1)};
       }},
      {"movement_pad_shrink",
       [] {
         using P = std::pair<int64_t, int64_t>;
         Tensor a = ar(20).reshape({4, 5}).toFloat();
         return Outs{a.pad({P{1, 2}, P{0, 1}}),
                     a.pad({P{1, 1}, P{2, 2}}, "constant", -1.0),
                     a.pad({P{-1, 0}, P{1, -2}}),
                     a.padFlat({1, 1, 2, 0}),
                     a.shrink({P{1, 3}, P{0, 5}}),
                     a.shrink({P{0, 4}, P{2, 4}}) + 100,
                     a.pad({P{0, 0}, P{0, 0}}).shrink({P{1, 2}, std::nullopt}),
                     a.pad({P{2, 2}, P{2, 2}}, "reflect"),
                     a.pad({P{1, 1}, P{1, 1}}, "replicate"),
                     a.pad({P{1, 1}, P{1, 1}}, "circular")};
       }},
      {"movement_repeat_roll",
       [] {
         Tensor a = ar(6).reshape({2, 3}), v = ar(5);
         return Outs{a.repeat({2, 3}),
                     a.repeat({2, 1, 1}),
                     a.repeatInterleave(2, 1),
                     v.repeatInterleave(3),
                     v.roll({2}),
                     v.roll({-1}),
                     a.roll({1}, Ints{1}),
                     a.roll({1, -1}, Ints{0, 1})};
       }},
      {"movement_reshape_permute_expand",
       [] {
         Tensor a = ar(24).reshape({2, 3, 4});
         Tensor b = a.permute({2, 0, 1});
         Tensor c = a.reshape({6, 4}).T();
         Tensor d = ar(3).reshape({3, 1}).expand({3, 5});
         Tensor e = a.reshape({2, 1, 3, 4}).expand({2, 2, 3, 4});
         Tensor f = a.reshape({-1, 8});
         return Outs{
             b, c, d, e, f, b.reshape({4, 6}) * 10 + 1, a.permute({1, 2, 0}).reshape({12, 2})};
       }},
      {"movement_split_chunk",
       [] {
         Tensor a = ar(30).reshape({5, 6});
         Outs out;
         auto add = [&](const Outs& parts) { out.insert(out.end(), parts.begin(), parts.end()); };
         add(a.split(2, 0));
         add(a.split(Ints{1, 2, 3}, 1));
         add(a.chunk(3, 1));
         add(a.chunk(2, 0));
         auto xy = a.split(Ints{4, 2}, 1);
         out.push_back(xy[0] * 2 - xy[1].sum(1, true));
         return out;
       }},
      {"reduce_argmax_argmin",
       [] {
         Tensor a = L({{3.0, 7.0, 7.0, -1.0}, {-5.0, -5.0, 2.0, 0.0}, {1.0, 9.0, -9.0, 9.0}});
         Tensor b = L({4, 1, 4, 0, -2, 4});
         return Outs{a.argmax(),  a.argmax(0),  a.argmax(1), a.argmax(1, true), a.argmin(),
                     a.argmin(0), a.argmin(-1), b.argmax(),  b.argmin()};
       }},
      {"reduce_cumsum_any_all",
       [] {
         Tensor a = ar(12).reshape({3, 4}).toFloat() - 5.0;
         Tensor m = L({{true, false, false}, {false, false, false}, {true, true, true}});
         return Outs{a.cumsum(),
                     a.cumsum(1),
                     a.cumsum(0),
                     Tensor::arange(1, 8).cumsum(),
                     (a * 0.1 + 1.0).cumprod(1),
                     a.cummax(1).first,
                     a.cummax(1).second,
                     m.any(),
                     m.any(1),
                     m.all(1),
                     m.all(),
                     m.any(0, true),
                     a.gt(0).any(1),
                     a.gt(-6).all()};
       }},
      {"reduce_mean_var_std",
       [] {
         Tensor a = (ar(48).reshape({4, 12}).toFloat() * 0.31).cos() * 3.0 +
                    ar(4).reshape({4, 1}).toFloat();
         return Outs{a.mean(),           a.mean(0),          a.mean(1, true), a.var(),
                     a.var(1),           a.var(0, false, 0), a.std(),         a.std(1, true),
                     a.std(0, false, 0), ar(7).mean()};
       }},
      {"reduce_softmax_logsumexp",
       [] {
         Tensor a = (ar(24).reshape({2, 3, 4}).toFloat() - 10.0) * 0.5;
         Tensor big = L({{1000.0, 1001.0, 999.0}, {-1000.0, -1000.0, -1000.0}});
         return Outs{a.softmax(),           a.softmax(1),   a.softmax(0),     a.logSoftmax(),
                     a.logSoftmax(1),       a.logsumexp(2), a.logsumexp(),    a.logsumexp(0),
                     a.logsumexp(-1, true), big.softmax(),  big.logSoftmax(), big.logsumexp(1)};
       }},
      {"reduce_sum_max_axes",
       [] {
         Tensor a = ((ar(60).reshape({3, 4, 5}).toFloat() * 0.7).sin() * 10).round();
         return Outs{a.sum(),
                     a.sum(0),
                     a.sum(1),
                     a.sum(-1),
                     a.sum({0, 2}),
                     a.sum(1, true),
                     a.max(),
                     a.max(0),
                     a.max(2, true),
                     a.min(1),
                     a.min({1, 2}, true),
                     (a * 0.1 + 1.0).prod(2),
                     ar(10).sum(),
                     Tensor::arange(1, 6).prod()};
       }},
      {"transcendental_activations",
       [] {
         Tensor x = Tensor::linspace(-6.0, 6.0, 25);
         Tensor big = L({-100.0, -30.0, -1.0, 0.0, 1.0, 30.0, 100.0});
         return Outs{x.sigmoid(),   x.tanh(),        x.gelu(),      x.erf(),        x.softplus(),
                     x.silu(),      x.elu(),         x.mish(),      x.logsigmoid(), x.quickGelu(),
                     x.hardswish(), x.hardsigmoid(), big.sigmoid(), big.tanh(),     big.softplus(),
                     big.erf(),     big.gelu()};
       }},
      {"transcendental_exp_log_edge",
       [] {
         Tensor x = L({0.0, 1.0, -1.0, 0.5, 2.0, 10.0, -10.0, 88.0, 100.0, -100.0, INFINITY,
                       -INFINITY, NAN});
         Tensor p =
             L({0.0, 1e-30, 1e-3, 0.5, 1.0, 2.0, 10.0, 1e10, 3e38, -1.0, INFINITY, -0.0, NAN});
         return Outs{x.exp(), x.exp2(), p.log(), p.log2(), p.log10(), (x * 0.1).exp() - 1.0};
       }},
      {"transcendental_hyperbolic_inverse",
       [] {
         Tensor x = L({-0.9, -0.5, -0.1, 0.0, 0.1, 0.5, 0.9});
         Tensor y = L({1.0, 1.5, 2.0, 5.0, 10.0});
         return Outs{x.asin(),  x.acos(), x.atan(), x.atanh(),      x.asinh(),
                     y.acosh(), x.sinh(), x.cosh(), (y * 3.0).log()};
       }},
      {"transcendental_sqrt_pow",
       [] {
         Tensor x = L({0.0, 0.25, 1.0, 2.0, 9.0, 1e6, -1.0, -4.0, INFINITY});
         Tensor base = L({2.0, 2.0, -2.0, -2.0, 0.0, 0.0, 4.0, -8.0, 1.5, 10.0});
         Tensor ex = L({3.0, -1.0, 3.0, 2.0, 0.0, -1.0, 0.5, 1.0 / 3.0, -2.5, -3.0});
         return Outs{x.sqrt(),
                     x.rsqrt(),
                     base.pow(ex),
                     base.pow(2),
                     base.pow(-1.0),
                     base.pow(0.5),
                     (x + 1.0).pow(1.5),
                     Tensor::scalar(2.0).pow(base),
                     L({1, 2, 3, 4}).pow(2)};
       }},
      {"transcendental_trig",
       [] {
         Tensor x = (ar(64).reshape({8, 8}).toFloat() - 32.0) * 0.37;
         Tensor edge = L(
             {0.0, -0.0, 1e-6, 3.14159265, -3.14159265, 1.5707963, 100.0, -1000.0, INFINITY, NAN});
         return Outs{x.sin(),    x.cos(),    (x * 0.25).tan(),
                     edge.sin(), edge.cos(), (x.sin() * x.cos()).sum(1)};
       }},
  };
  return programs;
}

} // namespace tensortest
