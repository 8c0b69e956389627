#include "core/numpy/random_generator.h"

#include "core/frontend/args.h"
#include "core/frontend/object.h"
#include "core/frontend/operators.h"
#include "core/frontend/script_error.h"
#include "core/numpy/array_object.h"
#include "core/numpy/np_convert.h"
#include "core/numpy/pcg64_random.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>

namespace uops::numpy {

using frontend::Args;
using frontend::ScriptError;
using frontend::Value;

namespace {

class GeneratorObject : public frontend::Object {
public:
  explicit GeneratorObject(uint64_t seed) : rng(seed) {}
  Pcg64Random rng;
  std::string typeName() const override { return "Generator"; }
  std::string repr() const override { return "Generator(PCG64)"; }
  const frontend::MethodTable* methods() const override;
};

Pcg64Random& genOf(const Args& a) { return static_cast<GeneratorObject&>(*a.self().object()).rng; }

// size=None: one value as `scalar` makes it; else an array of `dtype`.
Value genDraws(const Value& size, NpType dtype, bool numpyScalar, const std::function<double()>& draw) {
  if (size.isNone()) {
    double v = draw();
    return numpyScalar ? wrapScalar(dtype, v) : pythonScalar(dtype, v);
  }
  NpShape shape = toShape(size);
  std::vector<double> values(static_cast<size_t>(elementCount(shape)));
  for (double& v : values)
    v = draw();
  return wrapArray(NdArray::of(dtype, shape, std::move(values)));
}

double genNumber(const Value& v) {
  NdArray a = toArray(v);
  if (a.size() != 1) throw ScriptError("array bounds are not supported here; give numbers");
  return a.data[0];
}

// Generator's shuffle: masked draws of [0, i] for i from n-1 down (numpy's
// random_interval, as the legacy shuffle).
std::vector<int64_t> swapsFor(Pcg64Random& rng, int64_t n) {
  std::vector<int64_t> js;
  for (int64_t i = n - 1; i >= 1; --i)
    js.push_back(static_cast<int64_t>(rng.interval(static_cast<uint64_t>(i))));
  return js;
}

void shuffleArray(Pcg64Random& rng, ArrayObject& arr) {
  const NdArray& v = arr.value();
  if (v.ndim() == 0) throw ScriptError("shuffle of a 0-d array");
  int64_t n = v.shape[0];
  int64_t row = n == 0 ? 0 : v.size() / n;
  std::vector<double> data = v.data;
  std::vector<int64_t> js = swapsFor(rng, n);
  for (int64_t i = n - 1, k = 0; i >= 1; --i, ++k)
    std::swap_ranges(data.begin() + i * row, data.begin() + (i + 1) * row, data.begin() + js[static_cast<size_t>(k)] * row);
  arr.assign(std::move(data));
}

[[noreturn]] void ziggurat(const char* name) {
  throw ScriptError(fmt::format("Generator.{} (numpy's ziggurat sampler) is not supported; "
                                "np.random.seed with np.random.randn or np.random.normal gives "
                                "numpy's numbers", name));
}

} // namespace

const frontend::MethodTable* GeneratorObject::methods() const {
  static const frontend::MethodTable table{
      {"random",
       [](Args& a) {
         auto [size, dtype] = a.bind({{"size", Value()}, {"dtype", "float64"}});
         NpType t = toDtype(dtype).value_or(NpType::Float64);
         if (t != NpType::Float64) throw ScriptError("Generator.random(dtype=float32) is not supported here");
         Pcg64Random& rng = genOf(a);
         return genDraws(size, t, false, [&] { return rng.nextDouble(); });
       }},
      {"integers",
       [](Args& a) {
         auto [low, high, size, dtype, endpoint] =
             a.bind({"low", {"high", Value()}, {"size", Value()}, {"dtype", "int64"}, {"endpoint", false}});
         int64_t lo = 0, hi = 0;
         if (high.isNone()) {
           hi = static_cast<int64_t>(genNumber(low));
         } else {
           lo = static_cast<int64_t>(genNumber(low));
           hi = static_cast<int64_t>(genNumber(high));
         }
         bool inclusive = frontend::truthy(endpoint);
         if (inclusive ? lo > hi : lo >= hi) throw ScriptError(inclusive ? "low > high" : "low >= high");
         uint64_t range = static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo) - (inclusive ? 0 : 1);
         Pcg64Random& rng = genOf(a);
         NpType t = toDtype(dtype).value_or(NpType::Int64);
         if (t != NpType::Int64) throw ScriptError("Generator.integers with a dtype other than int64 is not supported here");
         return genDraws(size, t, true, [&] { return static_cast<double>(lo + static_cast<int64_t>(rng.bounded(range))); });
       }},
      {"uniform",
       [](Args& a) {
         auto [low, high, size] = a.bind({{"low", 0.0}, {"high", 1.0}, {"size", Value()}});
         double lo = genNumber(low), hi = genNumber(high);
         Pcg64Random& rng = genOf(a);
         return genDraws(size, NpType::Float64, false, [&] { return lo + (hi - lo) * rng.nextDouble(); });
       }},
      {"permutation",
       [](Args& a) {
         auto [x] = a.bind({"x"});
         NdArray v;
         if (x.isIntLike()) {
           int64_t n = toShape(x).front();
           v = {NpType::Int64, {n}, std::vector<double>(static_cast<size_t>(n))};
           for (int64_t i = 0; i < n; ++i)
             v.data[static_cast<size_t>(i)] = static_cast<double>(i);
         } else {
           v = toArray(x);
         }
         Value out = wrapArray(std::move(v));
         shuffleArray(genOf(a), *asArrayObject(out));
         return out;
       }},
      {"shuffle",
       [](Args& a) {
         auto [x] = a.bind({"x"});
         ArrayObject* arr = asArrayObject(x);
         if (!arr) throw ScriptError("Generator.shuffle takes an array here");
         shuffleArray(genOf(a), *arr);
         return Value();
       }},
      {"standard_normal", [](Args&) -> Value { ziggurat("standard_normal"); }},
      {"normal", [](Args&) -> Value { ziggurat("normal"); }},
  };
  return &table;
}

Value makeGenerator(uint64_t seed) { return Value(std::make_shared<GeneratorObject>(seed)); }

} // namespace uops::numpy
