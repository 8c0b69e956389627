// Values of API features beyond the corpus programs (sorting, scatter, einsum,
// pad modes, advanced indexing, ...) against numbers recorded from tinygrad
// (commit a9069c177a9d, DEV=PYTHON), through the reference evaluator.
#include "tests/support/test_registry.h"
#include "tests/tensor/conformance_programs.h"
#include "tests/tensor/tensor_test.h"
#include "tests/tensor/value_check.h"

#include <QTest>

#include <cmath>

using namespace uops;
using tensortest::ar;
using tensortest::L;
using tensortest::qs;
using tensortest::sl;

namespace {

struct Recorded {
  const char* name;
  const char* dtype;
  std::vector<int64_t> shape;
  std::vector<double> data;
};

// tinygrad's outputs; bools as 0 / 1.
const std::vector<Recorded>& recorded() {
  static const std::vector<Recorded> r = {
      {"sort_desc_values",
       "float32",
       {3, 4},
       {3.0, 2.0, -1.0, -1.0, 4.0, 4.0, 0.5, -2.0, 1.0, 1.0, 1.0, 0.0}},
      {"sort_desc_indices", "int32", {3, 4}, {0, 2, 1, 3, 1, 3, 0, 2, 0, 1, 2, 3}},
      {"sort_axis0_indices", "int32", {3, 4}, {1, 0, 1, 0, 2, 2, 2, 2, 0, 1, 0, 1}},
      {"argsort_long", "int32", {9}, {8, 3, 6, 1, 5, 0, 4, 7, 2}},
      {"topk_values", "float32", {3, 2}, {3.0, 2.0, 4.0, 4.0, 1.0, 1.0}},
      {"topk_indices", "int32", {3, 2}, {1, 3, 2, 0, 3, 0}},
      {"cummin_values",
       "float32",
       {3, 4},
       {3.0, -1.0, -1.0, -1.0, 0.5, 0.5, -2.0, -2.0, 1.0, 1.0, 1.0, 0.0}},
      {"cummin_indices", "int32", {3, 4}, {0, 1, 1, 1, 0, 0, 2, 2, 0, 0, 0, 3}},
      {"logcumsumexp",
       "float32",
       {3, 4},
       {3.0, 3.0181498527526855, 3.3265626430511475, 3.339689016342163, 0.5, 4.029750347137451,
        4.032153606414795, 4.709353446960449, 1.0, 1.6931471824645996, 2.0986123085021973,
        2.2142832279205322}},
      {"cumsum_long", "float32", {5}, {120930.0, 121278.0, 121626.5, 121975.5, 122325.0}},
      {"cumprod_long_int", "int32", {4}, {0, 0, 0, 0}},
      {"cummax_long", "int32", {4}, {100, 100, 100, 100}},
      {"scatter", "float32", {3, 4}, {1.0, 0.0, 2.0, 0.0, 0.0, 4.0, 0.0, 0.0, 6.0, 0.0, 0.0, 5.0}},
      {"scatter_add_scalar",
       "float32",
       {3, 4},
       {3.0, 1.0, 3.0, 1.0, 1.0, 5.0, 1.0, 1.0, 3.0, 1.0, 1.0, 3.0}},
      {"scatter_reduce_amax", "float32", {4}, {5.0, 3.0, 9.0, 4.0}},
      {"scatter_reduce_amin_noself", "float32", {4}, {-1.0, 3.0, 0.5, 4.0}},
      {"scatter_reduce_mean", "float32", {4}, {1.6666667461395264, 2.5, 4.1666669845581055, 4.0}},
      {"scatter_reduce_prod", "float32", {4}, {-5.0, 6.0, 13.5, 4.0}},
      {"einsum_trace", "float32", {}, {12.0}},
      {"einsum_outer", "float32", {2, 3}, {3.0, 4.0, 5.0, 6.0, 8.0, 10.0}},
      {"einsum_ellipsis",
       "float32",
       {2, 2, 2},
       {10.0, 13.0, 28.0, 40.0, 172.0, 193.0, 244.0, 274.0}},
      {"diagonal", "int32", {3}, {1, 6, 11}},
      {"diagonal_neg", "int32", {2, 2}, {4, 9, 16, 21}},
      {"diag", "int32", {3, 3}, {1, 0, 0, 0, 2, 0, 0, 0, 3}},
      {"unfold", "int32", {3, 3}, {0, 1, 2, 2, 3, 4, 4, 5, 6}},
      {"meshgrid_xy", "int32", {2, 3}, {0, 1, 2, 0, 1, 2}},
      {"triu", "float32", {3, 4}, {0.0, 1.0, 1.0, 1.0, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0, 0.0, 1.0}},
      {"tril", "int32", {3, 4}, {0, 0, 0, 0, 4, 0, 0, 0, 8, 9, 0, 0}},
      {"eye", "float32", {3, 2}, {1.0, 0.0, 0.0, 1.0, 0.0, 0.0}},
      {"linspace", "int32", {4}, {0, 3, 6, 10}},
      {"isinf", "bool", {4}, {0, 1, 1, 0}},
      {"isinf_pos", "bool", {4}, {0, 1, 0, 0}},
      {"isfinite", "bool", {4}, {1, 0, 0, 0}},
      {"isclose", "bool", {4}, {1, 0, 1, 1}},
      {"celu", "float32", {5}, {-0.49084219336509705, -0.31606027483940125, 0.0, 0.5, 2.0}},
      {"selu",
       "float32",
       {5},
       {-1.5201621055603027, -0.6917561888694763, 0.0, 0.5253499746322632, 2.1013998985290527}},
      {"softsign",
       "float32",
       {5},
       {-0.6666666865348816, -0.3333333432674408, 0.0, 0.3333333432674408, 0.6666666865348816}},
      {"gelu_none",
       "float32",
       {5},
       {-0.045500099658966064, -0.1542688012123108, 0.0, 0.3457311987876892, 1.9544999599456787}},
      {"softplus_beta",
       "float32",
       {5},
       {0.009074980393052101, 0.15663082897663116, 0.3465735912322998, 0.65663081407547,
        2.0090749263763428}},
      // at -inf, -1e30, -200, -60, -50, 0, 3, inf, nan: NaN at -inf (x * 0), as IEEE gives it
      {"silu_saturated",
       "float32",
       {9},
       {NAN, -0.0, -0.0, -5.253919138918012e-25, -9.643761104044766e-21, 0.0, 2.857722282409668, INFINITY, NAN}},
      {"quick_gelu_saturated",
       "float32",
       {9},
       {NAN, -0.0, -0.0, -0.0, -5.501868162149322e-36, 0.0, 2.981928825378418, INFINITY, NAN}},
      {"hardsigmoid",
       "float32",
       {5},
       {0.1666666567325592, 0.4166666567325592, 0.5, 0.5833333134651184, 0.8333333730697632}},
      {"tan",
       "float32",
       {5},
       {2.1850390434265137, -0.5463025569915771, 0.0, 0.5463024377822876, -2.18503999710083}},
      {"lerp_uint8", "uint8", {3}, {55, 214, 255}},
      {"sum_bool_axis", "int32", {2}, {1, 2}},
      {"any_int", "bool", {2}, {1, 0}},
      {"all_float", "bool", {2}, {1, 0}},
      {"prod_bool", "bool", {}, {0}},
      {"floordiv_int8", "int8", {3}, {-4, -4, -43}},
      {"mod_uint8", "uint8", {2}, {2, 3}},
      {"pow_int_tensor_exp", "float32", {4}, {1.0, -8.0, NAN, 1.0}},
      {"rpow_int", "int32", {3}, {1, 2, 32}},
      {"minimum_int8", "int8", {3}, {-128, -128, 5}},
      {"pad_reflect_neg", "float32", {6}, {1.0, 2.0, 3.0, 4.0, 3.0, 2.0}},
      {"pad_replicate_3d", "int32", {1, 3, 3}, {0, 1, 1, 0, 1, 1, 2, 3, 3}},
      {"getitem_bool_index", "bool", {4}, {1, 1, 0, 1}},
      {"getitem_adv_apart", "int32", {2, 3}, {15, 19, 23, 1, 5, 9}},
      {"getitem_adv_mid", "int32", {2, 2}, {9, 3, 21, 15}},
      {"getitem_oob_pair", "int32", {2}, {1, 0}},
      {"repeat_interleave_2d", "int32", {4, 2}, {0, 1, 0, 1, 2, 3, 2, 3}},
      {"roll_flat", "int32", {2, 3}, {4, 5, 0, 1, 2, 3}},
      {"chunk_uneven", "int32", {1}, {6}},
      {"stack_promote", "float32", {2, 2}, {1.0, 2.0, 0.5, 1.5}},
      {"cat_bool", "bool", {3}, {1, 0, 1}},
      {"one_hot", "int32", {2, 3}, {0, 0, 1, 1, 0, 0}},
      {"var_int", "float32", {}, {1.3333333730697632}},
      {"mean_half", "float16", {}, {2.3333334922790527}},
      {"argmax_ties_last_axis", "int32", {2}, {1, 0}},
      {"softmin", "float32", {3}, {0.6652409434318542, 0.2447284758090973, 0.09003057330846786}},
      {"std_mean_std", "float32", {}, {2.6457512378692627}},
      {"bitcast_u16", "uint16", {2}, {0, 16256}},
      {"normalize",
       "float32",
       {2, 3},
       {0.588348388671875, -0.7844645380973816, 0.1961161345243454, 0.0, 0.0, 0.0}},
      {"normalize_p1_dim0",
       "float32",
       {2, 3},
       {1.0, -0.6666666865348816, 1.0, 0.0, 0.3333333432674408, 0.0}},
      {"normalize_p0", "float32", {1, 3}, {1.5, 0.0, -0.5}},
      {"masked_select_fill", "int32", {6}, {0, 2, 4, 8, -1, -1}},
      {"masked_select_truncate", "int32", {2}, {0, 2}},
      {"masked_select_broadcast", "float32", {3}, {1.5, 0.0, 0.0}},
      {"nonzero_fill", "int32", {3, 2}, {0, 0, 1, 1, -1, -1}},
      {"nonzero_1d", "int32", {2, 1}, {1, 3}},
  };
  return r;
}

std::map<std::string, Tensor> cases() {
  Tensor a = L({{3.0, -1.0, 2.0, -1.0}, {0.5, 4.0, -2.0, 4.0}, {1.0, 1.0, 1.0, 0.0}});
  Tensor x = L({-2.0, -0.5, 0.0, 0.5, 2.0});
  Tensor nums = L({1.0, 2.0, 3.0, 4.0}), idx = L({0, 0, 2, 2, 1}),
         src = L({5.0, -1.0, 0.5, 9.0, 3.0});
  Tensor where3 = L({{0, 2}, {1, 1}, {3, 0}});
  Tensor specials = L({1.0, INFINITY, -INFINITY, NAN});
  Tensor saturating = L({-INFINITY, -1e30, -200.0, -60.0, -50.0, 0.0, 3.0, INFINITY, NAN});
  Tensor a24 = ar(24).reshape({2, 3, 4});
  Tensor selectMask = L({true, false, true, false, true, false, false, false, true});
  return {
      {"sort_desc_values", a.sort(1, true).first},
      {"sort_desc_indices", a.sort(1, true).second},
      {"sort_axis0_indices", a.sort(0).second},
      {"argsort_long", L({5.0, 3.0, 9.0, 1.0, 7.0, 3.0, 2.0, 8.0, 0.0}).argsort()},
      {"topk_values", a.topk(2).first},
      {"topk_indices", a.topk(2, -1, false).second},
      {"cummin_values", a.cummin(1).first},
      {"cummin_indices", a.cummin(1).second},
      {"logcumsumexp", a.logcumsumexp(1)},
      {"cumsum_long", (ar(700).toFloat() * 0.5).cumsum().getitem({sl(-5)})},
      {"cumprod_long_int", (ar(600) % 3 - 1).cumprod(0).getitem({sl(-4)})},
      {"cummax_long", ((ar(600) * 37) % 101).cummax(0).first.getitem({sl(-4)})},
      {"scatter",
       Tensor::zeros({3, 4}).scatter(1, where3, L({{1.0, 2.0}, {3.0, 4.0}, {5.0, 6.0}}))},
      {"scatter_add_scalar", Tensor::ones({3, 4}).scatter(1, where3, 2.0, "add")},
      {"scatter_reduce_amax", nums.scatterReduce(0, idx, src, "amax")},
      {"scatter_reduce_amin_noself", nums.scatterReduce(0, idx, src, "amin", false)},
      {"scatter_reduce_mean", nums.scatterReduce(0, idx, src, "mean")},
      {"scatter_reduce_prod", nums.scatterReduce(0, idx, src, "prod")},
      {"einsum_trace", Tensor::einsum("ii->", {ar(9).reshape({3, 3}).toFloat()})},
      {"einsum_outer", Tensor::einsum("i,j->ij", {L({1.0, 2.0}), L({3.0, 4.0, 5.0})})},
      {"einsum_ellipsis",
       Tensor::einsum("...ij,...jk->...ik",
                      {ar(12).reshape({2, 2, 3}).toFloat(), ar(12).reshape({2, 3, 2}).toFloat()})},
      {"diagonal", ar(12).reshape({3, 4}).diagonal(1)},
      {"diagonal_neg", a24.diagonal(-1, 1, 2)},
      {"diag", L({1, 2, 3}).diag()},
      {"unfold", ar(7).unfold(0, 3, 2)},
      {"meshgrid_xy", Tensor::meshgrid({ar(3), ar(2)}, "xy")[0]},
      {"triu", Tensor::ones({3, 4}).triu(1)},
      {"tril", ar(12).reshape({3, 4}).tril(-1)},
      {"eye", Tensor::eye(3, 2)},
      {"linspace", Tensor::linspace(0, 10, 4, dtypes::int32)},
      {"isinf", specials.isinf()},
      {"isinf_pos", specials.isinf(true, false)},
      {"isfinite", specials.isfinite()},
      {"isclose",
       L({1.0, 1.00001, INFINITY, NAN}).isclose(L({1.0, 1.0, INFINITY, NAN}), 1e-05, 1e-08, true)},
      {"celu", x.celu(0.5)},
      {"selu", x.selu()},
      {"softsign", x.softsign()},
      {"gelu_none", x.gelu("none")},
      {"softplus_beta", x.softplus(2.0)},
      {"silu_saturated", saturating.silu()},
      {"quick_gelu_saturated", saturating.quickGelu()},
      {"hardsigmoid", x.hardsigmoid()},
      {"tan", x.tan()},
      {"lerp_uint8",
       L({10, 200, 0}, dtypes::uint8).lerp(L({100, 0, 255}, dtypes::uint8), L({0.5, 0.25, 1.0}))},
      {"sum_bool_axis", L({{true, true}, {false, true}}).sum(0)},
      {"any_int", L({{0, 2}, {0, 0}}).any(1)},
      {"all_float", L({{1.0, 2.0}, {0.0, 3.0}}).all(1)},
      {"prod_bool", L({true, true, false}).prod()},
      {"floordiv_int8", L({-7, 7, -128}, dtypes::int8).floorDiv(L({2, -2, 3}, dtypes::int8))},
      {"mod_uint8", L({250, 7}, dtypes::uint8) % 4},
      {"pow_int_tensor_exp", L({2.0, -2.0, -8.0, 0.0}).pow(L({0.0, 3.0, 1.0 / 3.0, 0.0}))},
      {"rpow_int", Tensor::scalar(int64_t{2}).pow(L({0, 1, 5}))},
      {"minimum_int8", L({-128, 127, 5}, dtypes::int8).minimum(L({127, -128, 5}, dtypes::int8))},
      {"pad_reflect_neg", ar(5).toFloat().pad({std::pair<int64_t, int64_t>{-1, 2}}, "reflect")},
      {"pad_replicate_3d",
       ar(4).reshape({1, 2, 2}).pad(
           {std::nullopt, std::pair<int64_t, int64_t>{1, 0}, std::pair<int64_t, int64_t>{0, 1}},
           "replicate")},
      {"getitem_bool_index", L({true, false, true}).getitem({L({2, 0, 1, 2})})},
      {"getitem_adv_apart", a24.getitem({L({1, 0}), sl(), L({3, 1})})},
      {"getitem_adv_mid", a24.getitem({sl(), L({2, 0}), L({1, 3})})},
      {"getitem_oob_pair", ar(6).reshape({2, 3}).getitem({L({0, 5}), L({1, 1})})},
      {"repeat_interleave_2d", ar(4).reshape({2, 2}).repeatInterleave(2, 0)},
      {"roll_flat", ar(6).reshape({2, 3}).roll({2})},
      {"chunk_uneven", ar(7).chunk(3)[2]},
      {"stack_promote", L({1, 2}).stack({L({0.5, 1.5})})},
      {"cat_bool", L({true}).cat({L({false, true})})},
      {"one_hot", L({2, 0}).oneHot(3)},
      {"var_int", L({1, 2, 3, 4}).var()},
      {"mean_half", L({1.0, 2.0, 4.0}, dtypes::float16).mean()},
      {"argmax_ties_last_axis", L({{1, 3, 3}, {2, 2, 1}}).argmax(1)},
      {"softmin", L({1.0, 2.0, 3.0}).softmin()},
      {"std_mean_std", L({1.0, 2.0, 4.0, 7.0}).stdMean().first},
      {"bitcast_u16", L({1.0}).bitcast(dtypes::uint16)},
      {"normalize", L({{3.0, -4.0, 1.0}, {0.0, 0.0, 0.0}}).lpNormalize()},
      {"normalize_p1_dim0", L({{3.0, -4.0, 1.0}, {0.0, 2.0, 0.0}}).lpNormalize(1, 0)},
      {"normalize_p0", L({{3.0, 0.0, -1.0}}).lpNormalize(0)},
      {"masked_select_fill", ar(9).maskedSelect(selectMask, 6, int64_t{-1})},
      {"masked_select_truncate", ar(9).maskedSelect(selectMask, 2)},
      {"masked_select_broadcast", L({{1.5, 0.0}, {0.0, 2.0}}).maskedSelect(L({{true}, {false}}), 3)},
      {"nonzero_fill", L({{1, 0}, {0, 2}}).nonzero(3, int64_t{-1})},
      {"nonzero_1d", L({0.0, 3.0, 0.0, -1.0}).nonzero(2)},
  };
}

} // namespace

class TestValues : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void value_data();
  void value();
  void randomNumbersAreTinygrads();
  void inverseHyperbolicsDoNotCancel();
  void saturatingActivationsComputeNoSubnormal();
};

void TestValues::value_data() {
  QTest::addColumn<int>("index");
  for (size_t i = 0; i < recorded().size(); ++i)
    QTest::newRow(recorded()[i].name) << static_cast<int>(i);
}

void TestValues::value() {
  QFETCH(int, index);
  const Recorded& want = recorded()[static_cast<size_t>(index)];
  Tensor t = cases().at(want.name);
  QCOMPARE(qs(tensortest::dtypeText(t)), qs(want.dtype));
  QCOMPARE(qs(tensortest::shapeText(t)), qs(toString(Shape(want.shape))));
  QCOMPARE(qs(tensortest::verifyText(t)), QString());
  auto mismatch = tensortest::firstMismatch(tensortest::evaluate(t), want.data);
  QVERIFY2(!mismatch, mismatch ? mismatch->c_str() : "");
}

// Seeds give tinygrad's streams: Threefry keys, counters and the bits-to-float
// conversion all match (numbers from tinygrad with the same seeds and calls).
void TestValues::randomNumbersAreTinygrads() {
  auto check = [](const Tensor& t, const std::vector<double>& want) {
    auto mismatch = tensortest::firstMismatch(tensortest::evaluate(t), want);
    QVERIFY2(!mismatch, mismatch ? mismatch->c_str() : "");
  };
  Tensor::manualSeed(42);
  check(Tensor::rand({5}), {0.38104248046875, 0.009775400161743164, 0.1128007173538208,
                            0.1176995038986206, 0.505361795425415});
  check(Tensor::randn({3}), {1.7688775062561035, 2.8871009349823, -0.8183431625366211});
  Tensor::manualSeed(0);
  check(Tensor::rand({3}, dtypes::float16), {0.07421875, 0.6708984375, 0.56640625});
  check(Tensor::randint({5}, 0, 10), {3, 4, 6, 8, 4});
  check(Tensor::rand({2, 3}), {0.5726408958435059, 0.5824007987976074, 0.4781925678253174,
                               0.43592357635498047, 0.4210364818572998, 0.2728848457336426});
  check(Tensor::rand({3}), {0.03272092342376709, 0.5817784070968628, 0.08708572387695312});
  check(Tensor::uniform({3}, -1.0, 2.0),
        {1.870650291442871, 1.0783071517944336, 1.4504482746124268});
  check(Tensor::normal({3}, 1.0, 2.0),
        {-0.014915943145751953, 3.6238629817962646, 0.1391127109527588});
  check(Tensor::rand({3}, dtypes::float64),
        {0.6096747991255571, 0.33263970807739884, 0.0509537949669685});
  check(Tensor::kaimingUniform({2, 3}),
        {0.6319229602813721, -0.8924931287765503, 0.6913436651229858, 0.4256170392036438,
         0.5440093874931335, -0.5713323354721069});
  check(Tensor::glorotUniform({2, 3}),
        {0.4097294807434082, -0.7786577343940735, -0.9551404118537903, 0.9337831139564514,
         0.5678635835647583, 0.8673612475395203});
  check(Tensor::kaimingNormal({2, 3}),
        {-0.10819394886493683, -0.7017996907234192, 0.11896403878927231, -1.1845253705978394,
         0.2577158808708191, 0.056982118636369705});
  Tensor::manualSeed(42);
  check(Tensor::randperm(6), {1, 2, 3, 5, 0, 4});
}

UOPSCOPE_TEST(TestValues);
// asinh and acosh against the C library: tinygrad's log(x + sqrt(x*x +- 1))
// cancels for negative x (asinh(-298) was -6.427, not -6.390); below -1 acosh
// is NaN, not a finite value from a cancelled sum.
void TestValues::inverseHyperbolicsDoNotCancel() {
  std::vector<double> xs = {-298.0, -30.5, -3.0, -0.5, 0.0, 0.5, 3.0, 298.0};
  Tensor t = Tensor::fromFlat(std::vector<Scalar>(xs.begin(), xs.end()), {8});
  std::vector<double> asinh, acosh;
  for (double x : xs) {
    asinh.push_back(std::asinh(x));
    acosh.push_back(x >= 1 ? std::acosh(x) : NAN);
  }
  for (auto [f, want] : {std::pair{t.asinh(), asinh}, std::pair{t.acosh(), acosh}}) {
    auto mismatch = tensortest::firstMismatch(tensortest::evaluate(f), want);
    QVERIFY2(!mismatch, mismatch ? mismatch->c_str() : "");
  }
}

// Sigmoid and what is built on it, over [-200, 200]: no node of their graphs holds a subnormal
// float (an x86 core takes a microcode assist, 20x an instruction's time, for each vector of a
// division or exp2 scale that gives one: a gelu over N(0, 9) inputs ran 4x slower). exp's
// argument stays within [-126, 126] in base 2: sigmoid is 2^-126 below x = -87.3 and 1 above 87.3.
void TestValues::saturatingActivationsComputeNoSubnormal() {
  std::vector<Scalar> xs;
  for (int i = -1600; i <= 1600; ++i)
    xs.push_back(i / 8.0);
  const Tensor x = Tensor::fromFlat(xs, {int64_t(xs.size())}).cast(dtypes::float32);
  const std::vector<std::pair<const char*, Tensor>> acts = {{"sigmoid", x.sigmoid()},
                                                            {"tanh", x.tanh()},
                                                            {"gelu", x.gelu()},
                                                            {"silu", x.silu()},
                                                            {"quick_gelu", x.quickGelu()}};
  for (const auto& [name, t] : acts) {
    const UOpPtr root = t.uop(); // toposort's pointers live as long as the root
    for (const UOp* u : toposort(*root)) {
      if (!u->dtype().isFloat() || u->shape().empty()) continue;
      const HostTensor v = ReferenceEvaluator().evaluate(u->ptr());
      for (int64_t i = 0; i < v.numel(); ++i)
        QVERIFY2(std::fpclassify(static_cast<float>(v.getDouble(i))) != FP_SUBNORMAL,
                 qPrintable(qs(fmt::format("{}: {} at x = {} is {}", name, opName(u->op()),
                                           std::get<double>(xs[size_t(i)]), v.getDouble(i)))));
    }
  }
  // exactly (QCOMPARE takes numbers this small for equal)
  QVERIFY(
      tensortest::evaluate(Tensor::fromList({-100.0}, dtypes::float32).sigmoid()).getDouble(0) ==
      std::ldexp(1.0, -126));
}

#include "test_values.moc"
