// Reductions, the softmax family, cumulative ops and sorting.
#include "core/program/method_helpers.h"
#include "core/program/tensor_methods.h"

namespace uops::program {

using namespace detail;

namespace {

// x.name(axis=None, keepdim=False)
Method reduce(std::string name, Tensor (Tensor::*fn)(const Axes&, bool) const) {
  return {std::move(name), [fn](Args& a) {
            auto [axis, keepdim] = a.bind({{"axis", Value()}, {"keepdim", false}});
            return wrap((self(a).*fn)(toAxes(a, axis, "axis"), toBool(a, keepdim, "keepdim")));
          }};
}

// x.name(axis=None, keepdim=False, dtype=None)
Method reduceDType(std::string name,
                   Tensor (Tensor::*fn)(const Axes&, bool, std::optional<DType>) const) {
  return {std::move(name), [fn](Args& a) {
            auto [axis, keepdim, dtype] =
                a.bind({{"axis", Value()}, {"keepdim", false}, {"dtype", Value()}});
            return wrap((self(a).*fn)(toAxes(a, axis, "axis"), toBool(a, keepdim, "keepdim"),
                                      toOptDType(a, dtype, "dtype")));
          }};
}

// x.name(axis=None, keepdim=False, correction=1)
template <class R>
Method reduceCorrection(std::string name, R (Tensor::*fn)(const Axes&, bool, double) const) {
  return {std::move(name), [fn](Args& a) {
            auto [axis, keepdim, correction] =
                a.bind({{"axis", Value()}, {"keepdim", false}, {"correction", 1}});
            R r = (self(a).*fn)(toAxes(a, axis, "axis"), toBool(a, keepdim, "keepdim"),
                                toDouble(a, correction, "correction"));
            if constexpr (std::is_same_v<R, Tensor>)
              return wrap(r);
            else
              return wrapPair(r);
          }};
}

// x.name(axis=-1, dtype=None)
Method softmaxLike(std::string name, Tensor (Tensor::*fn)(int64_t, std::optional<DType>) const) {
  return {std::move(name), [fn](Args& a) {
            auto [axis, dtype] = a.bind({{"axis", -1}, {"dtype", Value()}});
            return wrap((self(a).*fn)(toInt(a, axis, "axis"), toOptDType(a, dtype, "dtype")));
          }};
}

// x.name(axis=None, keepdim=False) returning int indices
Method argReduce(std::string name, Tensor (Tensor::*fn)(std::optional<int64_t>, bool) const) {
  return {std::move(name), [fn](Args& a) {
            auto [axis, keepdim] = a.bind({{"axis", Value()}, {"keepdim", false}});
            return wrap((self(a).*fn)(toOptInt(a, axis, "axis"), toBool(a, keepdim, "keepdim")));
          }};
}

} // namespace

std::vector<frontend::Method> reduceMethods() {
  return {
      reduceDType("sum", &Tensor::sum),
      reduceDType("prod", &Tensor::prod),
      reduce("max", &Tensor::max),
      reduce("min", &Tensor::min),
      reduce("any", &Tensor::any),
      reduce("all", &Tensor::all),
      reduce("mean", &Tensor::mean),
      reduce("logsumexp", &Tensor::logsumexp),
      reduceCorrection<Tensor>("var", &Tensor::var),
      reduceCorrection<Tensor>("std", &Tensor::std),
      reduceCorrection<std::pair<Tensor, Tensor>>("var_mean", &Tensor::varMean),
      reduceCorrection<std::pair<Tensor, Tensor>>("std_mean", &Tensor::stdMean),
      softmaxLike("softmax", &Tensor::softmax),
      softmaxLike("log_softmax", &Tensor::logSoftmax),
      softmaxLike("softmin", &Tensor::softmin),
      {"normalize",
       [](Args& a) {
         auto [p, dim, eps] = a.bind({{"p", 2.0}, {"dim", 1}, {"eps", 1e-12}});
         return wrap(self(a).lpNormalize(toDouble(a, p, "p"), toInt(a, dim, "dim"),
                                       toDouble(a, eps, "eps")));
       }},
      argReduce("argmax", &Tensor::argmax),
      argReduce("argmin", &Tensor::argmin),
      {"logcumsumexp",
       [](Args& a) {
         auto [axis] = a.bind({{"axis", 0}});
         return wrap(self(a).logcumsumexp(toInt(a, axis, "axis")));
       }},
      {"cumsum",
       [](Args& a) {
         auto [axis] = a.bind({{"axis", 0}});
         return wrap(self(a).cumsum(toInt(a, axis, "axis")));
       }},
      {"cumprod",
       [](Args& a) {
         auto [axis] = a.bind({"axis"});
         return wrap(self(a).cumprod(toInt(a, axis, "axis")));
       }},
      {"cummax",
       [](Args& a) {
         auto [axis] = a.bind({{"axis", 0}});
         return wrapPair(self(a).cummax(toInt(a, axis, "axis")));
       }},
      {"cummin",
       [](Args& a) {
         auto [axis] = a.bind({{"axis", 0}});
         return wrapPair(self(a).cummin(toInt(a, axis, "axis")));
       }},
      {"sort",
       [](Args& a) {
         auto [dim, descending] = a.bind({{"dim", -1}, {"descending", false}});
         return wrapPair(self(a).sort(toInt(a, dim, "dim"), toBool(a, descending, "descending")));
       }},
      {"argsort",
       [](Args& a) {
         auto [dim, descending] = a.bind({{"dim", -1}, {"descending", false}});
         return wrap(self(a).argsort(toInt(a, dim, "dim"), toBool(a, descending, "descending")));
       }},
      {"topk",
       [](Args& a) {
         auto [k, dim, largest, sorted] =
             a.bind({"k", {"dim", -1}, {"largest", true}, {"sorted_", true}});
         return wrapPair(self(a).topk(toInt(a, k, "k"), toInt(a, dim, "dim"),
                                      toBool(a, largest, "largest"), toBool(a, sorted, "sorted_")));
       }},
  };
}

} // namespace uops::program
