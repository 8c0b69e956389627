// numpy.random: the legacy functions on one MT19937 (seed, rand, randn,
// random, randint, uniform, normal, permutation, shuffle, choice) and
// default_rng's PCG64 Generator (random_generator.cpp).
#include "core/numpy/module_parts.h"

#include "core/frontend/args.h"
#include "core/frontend/callable.h"
#include "core/frontend/script_error.h"
#include "core/frontend/sequence.h"
#include "core/numpy/array_object.h"
#include "core/numpy/mt19937_random.h"
#include "core/numpy/np_convert.h"
#include "core/numpy/random_generator.h"

#include <fmt/format.h>

#include <algorithm>
#include <memory>

namespace uops::numpy {

using frontend::Args;
using frontend::makeNative;
using frontend::ScriptError;

namespace {

using Rng = std::shared_ptr<Mt19937Random>;

// `size=None` gives one Python number; a size gives an array.
std::optional<NpShape> sizeArg(const Value& v) {
  if (v.isNone()) return std::nullopt;
  return toShape(v);
}

Value draws(const std::optional<NpShape>& shape, NpType dtype, const std::function<double()>& draw) {
  if (!shape) return pythonScalar(dtype, draw());
  int64_t n = elementCount(*shape);
  std::vector<double> values(static_cast<size_t>(n));
  for (double& v : values)
    v = draw();
  return wrapArray(NdArray::of(dtype, *shape, std::move(values)));
}

double scalarArg(const Value& v, const char* name) {
  NdArray a = toArray(v);
  if (a.size() != 1) throw ScriptError(fmt::format("{} as an array is not supported here; give a number", name));
  return a.data[0];
}

// rand(d0, d1, ...) and randn(...): dimensions as separate arguments.
std::optional<NpShape> dimsArg(const Value& dims) {
  if (dims.items()->empty()) return std::nullopt;
  return toShape(dims);
}

void shuffleInPlace(Mt19937Random& rng, const Value& x) {
  if (ArrayObject* arr = asArrayObject(x)) {
    const NdArray& v = arr->value();
    if (v.ndim() == 0) throw ScriptError("object of type 'numpy.ndarray' (0-d) has no len()");
    int64_t n = v.shape[0];
    int64_t row = n == 0 ? 0 : v.size() / n;
    std::vector<double> data = v.data;
    for (int64_t i = n - 1; i >= 1; --i) {
      int64_t j = static_cast<int64_t>(rng.interval(static_cast<uint64_t>(i)));
      std::swap_ranges(data.begin() + i * row, data.begin() + (i + 1) * row, data.begin() + j * row);
    }
    arr->assign(std::move(data));
    return;
  }
  if (const frontend::ListPtr* list = x.get<frontend::ListPtr>()) {
    std::vector<Value>& items = (*list)->items;
    for (int64_t i = static_cast<int64_t>(items.size()) - 1; i >= 1; --i)
      std::swap(items[static_cast<size_t>(i)], items[rng.interval(static_cast<uint64_t>(i))]);
    return;
  }
  throw ScriptError(fmt::format("shuffle takes a list or an array, not {}", x.typeName()));
}

Value permutation(Mt19937Random& rng, const Value& x) {
  Value arr;
  if (x.isIntLike()) {
    int64_t n = toShape(x).front();
    std::vector<double> values(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i)
      values[static_cast<size_t>(i)] = static_cast<double>(i);
    arr = wrapArray(NdArray{NpType::Int64, {n}, std::move(values)});
  } else {
    arr = wrapArray(toArray(x));
  }
  shuffleInPlace(rng, arr);
  return arr;
}

Value randint(Mt19937Random& rng, Args& a) {
  auto [low, high, size, dtype] = a.bind({"low", {"high", Value()}, {"size", Value()}, {"dtype", "int64"}});
  int64_t lo = 0, hi = 0;
  if (high.isNone()) {
    hi = static_cast<int64_t>(scalarArg(low, "low"));
  } else {
    lo = static_cast<int64_t>(scalarArg(low, "low"));
    hi = static_cast<int64_t>(scalarArg(high, "high"));
  }
  if (lo >= hi) throw ScriptError("low >= high");
  NpType t = toDtype(dtype).value_or(NpType::Int64);
  uint64_t range = static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo) - 1;
  return draws(sizeArg(size), t, [&] { return static_cast<double>(lo + static_cast<int64_t>(rng.bounded(range))); });
}

// choice(a, size=None, replace=True, p=None), as RandomState draws it.
Value choice(Mt19937Random& rng, Args& a) {
  auto [population, size, replace, p] = a.bind({"a", {"size", Value()}, {"replace", true}, {"p", Value()}});
  NdArray pool;
  int64_t n = 0;
  if (population.isIntLike()) {
    n = toShape(population).front();
  } else {
    pool = toArray(population);
    if (pool.ndim() != 1) throw ScriptError("a must be 1-dimensional");
    n = pool.size();
  }
  if (n <= 0) throw ScriptError("a must be greater than 0 unless no samples are taken");
  std::optional<NpShape> shape = sizeArg(size);
  int64_t count = shape ? elementCount(*shape) : 1;
  std::vector<double> idx;
  if (!frontend::truthy(replace)) {
    if (!p.isNone()) throw ScriptError("choice(replace=False, p=...) is not supported here");
    if (count > n) throw ScriptError("Cannot take a larger sample than population when 'replace=False'");
    Value perm = permutation(rng, Value(n));
    const NdArray& pv = asArrayObject(perm)->value();
    idx.assign(pv.data.begin(), pv.data.begin() + count);
  } else if (!p.isNone()) {
    NdArray probs = toArray(p, NpType::Float64);
    if (probs.size() != n) throw ScriptError("a and p must have same size");
    std::vector<double> cdf(static_cast<size_t>(n));
    double acc = 0;
    for (int64_t i = 0; i < n; ++i)
      cdf[static_cast<size_t>(i)] = acc += probs.data[static_cast<size_t>(i)];
    for (double& c : cdf)
      c /= cdf.back();
    for (int64_t k = 0; k < count; ++k) {
      double u = rng.nextDouble();
      idx.push_back(static_cast<double>(std::upper_bound(cdf.begin(), cdf.end(), u) - cdf.begin()));
    }
  } else {
    for (int64_t k = 0; k < count; ++k)
      idx.push_back(static_cast<double>(rng.bounded(static_cast<uint64_t>(n - 1))));
  }
  NpType t = population.isIntLike() ? NpType::Int64 : pool.dtype;
  std::vector<double> values;
  for (double i : idx)
    values.push_back(population.isIntLike() ? i : pool.data[static_cast<size_t>(i)]);
  if (!shape) return pythonScalar(t, values[0]);
  return wrapArray(NdArray{t, *shape, std::move(values)});
}

} // namespace

Members randomMembers() {
  Rng rng = std::make_shared<Mt19937Random>(0);
  auto uniformDraw = [rng](Args& a) {
    auto [low, high, size] = a.bind({{"low", 0.0}, {"high", 1.0}, {"size", Value()}});
    double lo = scalarArg(low, "low"), hi = scalarArg(high, "high");
    return draws(sizeArg(size), NpType::Float64, [&] { return lo + (hi - lo) * rng->nextDouble(); });
  };
  auto normalDraw = [rng](Args& a) {
    auto [loc, scale, size] = a.bind({{"loc", 0.0}, {"scale", 1.0}, {"size", Value()}});
    double mu = scalarArg(loc, "loc"), sigma = scalarArg(scale, "scale");
    if (sigma < 0) throw ScriptError("scale < 0");
    return draws(sizeArg(size), NpType::Float64, [&] { return mu + sigma * rng->gauss(); });
  };
  auto sample = [rng](Args& a) {
    auto [size] = a.bind({{"size", Value()}});
    return draws(sizeArg(size), NpType::Float64, [&] { return rng->nextDouble(); });
  };
  return {
      {"seed", makeNative("seed", [rng](Args& a) {
         auto [seed] = a.bind({{"seed", Value()}});
         if (seed.isNone()) throw ScriptError("np.random.seed() without a seed draws from the OS; give a seed");
         int64_t s = toShape(seed).front();
         if (s < 0 || s > 4294967295LL) throw ScriptError("Seed must be between 0 and 2**32 - 1");
         rng->seed32(static_cast<uint32_t>(s));
         return Value();
       })},
      {"rand", makeNative("rand", [rng](Args& a) {
         auto [dims] = a.bind({"*args"});
         return draws(dimsArg(dims), NpType::Float64, [&] { return rng->nextDouble(); });
       })},
      {"randn", makeNative("randn", [rng](Args& a) {
         auto [dims] = a.bind({"*args"});
         return draws(dimsArg(dims), NpType::Float64, [&] { return rng->gauss(); });
       })},
      {"random", makeNative("random", sample)},
      {"random_sample", makeNative("random_sample", sample)},
      {"standard_normal", makeNative("standard_normal", [rng](Args& a) {
         auto [size] = a.bind({{"size", Value()}});
         return draws(sizeArg(size), NpType::Float64, [&] { return rng->gauss(); });
       })},
      {"randint", makeNative("randint", [rng](Args& a) { return randint(*rng, a); })},
      {"uniform", makeNative("uniform", uniformDraw)},
      {"normal", makeNative("normal", normalDraw)},
      {"permutation", makeNative("permutation", [rng](Args& a) {
         auto [x] = a.bind({"x"});
         return permutation(*rng, x);
       })},
      {"shuffle", makeNative("shuffle", [rng](Args& a) {
         auto [x] = a.bind({"x"});
         shuffleInPlace(*rng, x);
         return Value();
       })},
      {"choice", makeNative("choice", [rng](Args& a) { return choice(*rng, a); })},
      {"default_rng", makeNative("default_rng", [](Args& a) {
         auto [seed] = a.bind({{"seed", Value()}});
         if (seed.isNone()) throw ScriptError("default_rng() without a seed draws from the OS; give a seed");
         int64_t s = toShape(seed).front();
         if (s < 0) throw ScriptError("SeedSequence expects non-negative integers");
         return makeGenerator(static_cast<uint64_t>(s));
       })},
  };
}

} // namespace uops::numpy
