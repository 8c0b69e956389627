// @function: a Tensor function captured as one Function node (the spec's
// "@function Decorator", its five steps).
//
//  1. Extract inputs: every Tensor among the arguments, deduplicated by
//     identity (Tensor::isSame). Tensors without a device (Python constants
//     such as Tensor(2.0)) are not inputs: they stay in the body as constants.
//  2. Run the function lazily (everything here is lazy).
//  3. Parameterize: input k is replaced by Param(k) of its shape, dtype and
//     device; the body is built on those Param tensors directly.
//  4. Wrap the results in a Tuple (even one) and build Function(Tuple(body),
//     a0, a1, ...).
//  5. Return GetTuple(i) per result.
//
// UOps are interned, so calling a captured function again with inputs of the
// same shapes, dtypes and devices yields the very same body node.
//
// A body that assigns into a tensor it did not make (BatchNorm's running
// statistics in training) leaves that tensor's graph over the body's Params.
// tinygrad runs the body on the argument tensors themselves, so such an
// assign computes from the arguments outside the Function; finish() does the
// same: every tensor whose graph changed during the call gets the arguments
// back in place of their Params.
//
// A body that reaches a Buffer or literal data not passed as an argument (a
// closure over an outer tensor, or a Tensor([...]) made inside) has implicit
// inputs: an error, as in tinygrad, unless allowImplicit, which makes each one
// an extra argument after the explicit ones.
//
// The Python frontend drives FunctionCapture itself (it walks its own argument
// values); C++ callers use CapturedFunction, which walks Tensor and
// std::vector<Tensor> arguments and passes anything else through unchanged.
#pragma once

#include "core/tensor/tensor.h"

#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace uops {

// tinygrad's `t.device is None`: Tensor(3.0) is a device-less Const, and weak
// dtypes come only from Python constants, so a weak tensor built from
// constants alone has no device either (Tensor.full and friends have one).
bool isDeviceLess(const Tensor& t);

struct FunctionOptions {
  std::string name = "function"; // for messages (tinygrad's __qualname__)
  bool allowImplicit = false;
};

class FunctionCapture {
public:
  explicit FunctionCapture(FunctionOptions options = {});

  // Steps 1 and 3: the tensor the body sees in place of an argument tensor.
  // The same tensor always gets the same Param; a device-less one is itself.
  Tensor input(const Tensor& t);
  // A tensor the body reaches through an object it was given (a method's
  // `self.weight`) rather than as an argument itself: it is an input all the
  // same, and finish() replaces its graph in the body by its Param, as
  // tinygrad does with every tensor its get_state_dict finds in the arguments.
  void declareInput(const Tensor& t);
  // Steps 4 and 5: the results as GetTuples of one Function.
  std::vector<Tensor> finish(const std::vector<Tensor>& results) const;

  // The explicit arguments a0, a1, ... in Param slot order.
  const std::vector<Tensor>& arguments() const { return m_arguments; }

private:
  void restoreArgumentsInAssigned() const;

  FunctionOptions m_options;
  std::vector<Tensor> m_arguments;
  // Their graphs when they became arguments: what the call reads, even where
  // the body then assigns into one (BatchNorm's running statistics).
  UOpList m_argumentGraphs;
  std::vector<Tensor> m_params;
  std::vector<size_t> m_declared; // positions in m_arguments found through objects
  // The live tensors when the capture began, with their graphs then, to find
  // the ones the body assigned into.
  std::vector<std::pair<Tensor, UOpPtr>> m_before;
};

namespace capture_detail {

template <class T> struct IsTensorTuple : std::false_type {};
template <class... T>
struct IsTensorTuple<std::tuple<T...>> : std::bool_constant<(std::is_same_v<T, Tensor> && ...)> {};
template <class A, class B>
struct IsTensorTuple<std::pair<A, B>>
    : std::bool_constant<std::is_same_v<A, Tensor> && std::is_same_v<B, Tensor>> {};

// An argument as the body sees it: tensors swapped for their stand-ins.
template <class T> decltype(auto) substitute(FunctionCapture& c, const T& arg) {
  if constexpr (std::is_same_v<T, Tensor>) {
    return c.input(arg);
  } else if constexpr (std::is_same_v<T, std::vector<Tensor>>) {
    std::vector<Tensor> out;
    for (const Tensor& t : arg)
      out.push_back(c.input(t));
    return out;
  } else {
    return (arg); // non-tensor arguments pass through unchanged
  }
}

template <class R> std::vector<Tensor> flatten(const R& r) {
  if constexpr (std::is_same_v<R, Tensor>)
    return {r};
  else if constexpr (std::is_same_v<R, std::vector<Tensor>>)
    return r;
  else
    return std::apply([](const auto&... t) { return std::vector<Tensor>{t...}; }, r);
}

template <class R, size_t... I>
R rebuildTuple(const std::vector<Tensor>& out, std::index_sequence<I...>) {
  return R{out.at(I)...};
}

template <class R> R rebuild(std::vector<Tensor> out) {
  if constexpr (std::is_same_v<R, Tensor>)
    return out.at(0);
  else if constexpr (std::is_same_v<R, std::vector<Tensor>>)
    return out;
  else
    return rebuildTuple<R>(out, std::make_index_sequence<std::tuple_size_v<R>>());
}

} // namespace capture_detail

// A C++ callable on Tensors captured as a Function on every call. The body
// returns a Tensor, a std::vector<Tensor>, or a std::tuple / std::pair of
// Tensors; the call returns the same kind of value, made of GetTuples.
template <class F> class CapturedFunction {
public:
  explicit CapturedFunction(F body, FunctionOptions options = {})
      : m_body(std::move(body)), m_options(std::move(options)) {}

  template <class... Args> auto operator()(const Args&... args) const {
    FunctionCapture capture(m_options);
    // Arguments are walked in order (a braced list sequences its elements).
    auto substituted =
        std::tuple<std::decay_t<decltype(capture_detail::substitute(capture, args))>...>{
            capture_detail::substitute(capture, args)...};
    auto result = std::apply(m_body, substituted);
    using R = decltype(result);
    static_assert(std::is_same_v<R, Tensor> || std::is_same_v<R, std::vector<Tensor>> ||
                      capture_detail::IsTensorTuple<R>::value,
                  "a captured function returns Tensor, std::vector<Tensor> or a tuple of Tensors");
    return capture_detail::rebuild<R>(capture.finish(capture_detail::flatten(result)));
  }

private:
  F m_body;
  FunctionOptions m_options;
};

template <class F> CapturedFunction<F> captureFunction(F body, FunctionOptions options = {}) {
  return CapturedFunction<F>(std::move(body), std::move(options));
}

} // namespace uops
