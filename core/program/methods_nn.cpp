// The nn layer as Tensor methods (core/nn's free functions) and the products:
// matmul, dot, one_hot, scatter.
#include "core/nn/nn.h"
#include "core/frontend/sequence.h"
#include "core/program/method_helpers.h"
#include "core/program/tensor_methods.h"
#include "core/program/training.h"

namespace uops::program {

using namespace detail;

namespace {

// A loss's `reduction` keyword.
std::string reduction(const Args& a, const Value& v) {
  return toStr(a, v, "reduction");
}

} // namespace

std::vector<frontend::Method> nnMethods() {
  return {
      {"matmul",
       [](Args& a) {
         auto [x, reverse, dtype] = a.bind({"x", {"reverse", false}, {"dtype", Value()}});
         Tensor other = toTensor(a, x, "x");
         std::optional<DType> d = toOptDType(a, dtype, "dtype");
         if (toBool(a, reverse, "reverse")) return wrap(other.matmul(self(a), d));
         return wrap(self(a).matmul(other, d));
       }},
      {"dot",
       [](Args& a) {
         auto [w, dtype] = a.bind({"w", {"dtype", Value()}});
         return wrap(self(a).dot(toTensor(a, w, "w"), toOptDType(a, dtype, "dtype")));
       }},
      {"one_hot",
       [](Args& a) {
         auto [n] = a.bind({"num_classes"});
         return wrap(self(a).oneHot(toInt(a, n, "num_classes")));
       }},
      {"scatter",
       [](Args& a) {
         auto [dim, index, src, reduce] = a.bind({"dim", "index", "src", {"reduce", Value()}});
         return wrap(self(a).scatter(toInt(a, dim, "dim"), toTensor(a, index, "index"),
                                     toOperand(a, src, "src"), toOptStr(a, reduce, "reduce")));
       }},
      {"scatter_reduce",
       [](Args& a) {
         auto [dim, index, src, reduce, includeSelf] =
             a.bind({"dim", "index", "src", "reduce", {"include_self", true}});
         return wrap(self(a).scatterReduce(toInt(a, dim, "dim"), toTensor(a, index, "index"),
                                           toTensor(a, src, "src"), toStr(a, reduce, "reduce"),
                                           toBool(a, includeSelf, "include_self")));
       }},
      {"conv2d",
       [](Args& a) {
         auto [weight, bias, groups, stride, dilation, padding, dtype] =
             a.bind({"weight",
                     {"bias", Value()},
                     {"groups", 1},
                     {"stride", 1},
                     {"dilation", 1},
                     {"padding", 0},
                     {"dtype", Value()}});
         return wrap(conv2d(self(a), toTensor(a, weight, "weight"),
                            {.bias = toOptTensor(a, bias, "bias"),
                             .groups = toInt(a, groups, "groups"),
                             .stride = toIntTuple(a, stride, "stride"),
                             .dilation = toIntTuple(a, dilation, "dilation"),
                             .padding = toIntTuple(a, padding, "padding"),
                             .dtype = toOptDType(a, dtype, "dtype")}));
       }},
      {"conv_transpose2d",
       [](Args& a) {
         auto [weight, bias, groups, stride, dilation, padding, outputPadding] =
             a.bind({"weight",
                     {"bias", Value()},
                     {"groups", 1},
                     {"stride", 1},
                     {"dilation", 1},
                     {"padding", 0},
                     {"output_padding", 0}});
         return wrap(
             convTranspose2d(self(a), toTensor(a, weight, "weight"),
                             {.bias = toOptTensor(a, bias, "bias"),
                              .groups = toInt(a, groups, "groups"),
                              .stride = toIntTuple(a, stride, "stride"),
                              .dilation = toIntTuple(a, dilation, "dilation"),
                              .padding = toIntTuple(a, padding, "padding"),
                              .outputPadding = toIntTuple(a, outputPadding, "output_padding")}));
       }},
      {"max_pool2d",
       [](Args& a) {
         auto [kernel, stride, dilation, padding, ceilMode, returnIndices] =
             a.bind({{"kernel_size", Value::tuple({2, 2})},
                     {"stride", Value()},
                     {"dilation", 1},
                     {"padding", 0},
                     {"ceil_mode", false},
                     {"return_indices", false}});
         MaxPool2dArgs args{.kernelSize = toIntTuple(a, kernel, "kernel_size"),
                            .stride = toIntTuple(a, stride, "stride"),
                            .dilation = toIntTuple(a, dilation, "dilation"),
                            .padding = toIntTuple(a, padding, "padding"),
                            .ceilMode = toBool(a, ceilMode, "ceil_mode")};
         if (toBool(a, returnIndices, "return_indices"))
           return wrapPair(maxPool2dWithIndices(self(a), args));
         return wrap(maxPool2d(self(a), args));
       }},
      {"max_unpool2d",
       [](Args& a) {
         auto [indices, kernel, stride, dilation, padding, outputSize] =
             a.bind({"indices",
                     {"kernel_size", Value::tuple({2, 2})},
                     {"stride", Value()},
                     {"dilation", 1},
                     {"padding", 0},
                     {"output_size", Value()}});
         MaxUnpool2dArgs args{.kernelSize = toIntTuple(a, kernel, "kernel_size"),
                              .stride = toIntTuple(a, stride, "stride"),
                              .dilation = toIntTuple(a, dilation, "dilation"),
                              .padding = toIntTuple(a, padding, "padding")};
         if (!outputSize.isNone()) args.outputSize = toInts(a, outputSize, "output_size");
         return wrap(maxUnpool2d(self(a), toTensor(a, indices, "indices"), args));
       }},
      {"avg_pool2d",
       [](Args& a) {
         auto [kernel, stride, dilation, padding, ceilMode, countIncludePad] =
             a.bind({{"kernel_size", Value::tuple({2, 2})},
                     {"stride", Value()},
                     {"dilation", 1},
                     {"padding", 0},
                     {"ceil_mode", false},
                     {"count_include_pad", true}});
         return wrap(avgPool2d(
             self(a), {.kernelSize = toIntTuple(a, kernel, "kernel_size"),
                       .stride = toIntTuple(a, stride, "stride"),
                       .dilation = toIntTuple(a, dilation, "dilation"),
                       .padding = toIntTuple(a, padding, "padding"),
                       .ceilMode = toBool(a, ceilMode, "ceil_mode"),
                       .countIncludePad = toBool(a, countIncludePad, "count_include_pad")}));
       }},
      {"layernorm",
       [](Args& a) {
         auto [axis, eps] = a.bind({{"axis", -1}, {"eps", 1e-05}});
         return wrap(layernorm(self(a), toIntTuple(a, axis, "axis"), toDouble(a, eps, "eps")));
       }},
      {"batchnorm",
       [](Args& a) {
         auto [weight, bias, mean, invstd, axis] =
             a.bind({"weight", "bias", "mean", "invstd", {"axis", 1}});
         return wrap(batchnorm(self(a), toOptTensor(a, weight, "weight"),
                               toOptTensor(a, bias, "bias"), toTensor(a, mean, "mean"),
                               toTensor(a, invstd, "invstd"), toIntTuple(a, axis, "axis")));
       }},
      {"linear",
       [](Args& a) {
         auto [weight, bias, dtype] = a.bind({"weight", {"bias", Value()}, {"dtype", Value()}});
         return wrap(linear(self(a), toTensor(a, weight, "weight"), toOptTensor(a, bias, "bias"),
                            toOptDType(a, dtype, "dtype")));
       }},
      {"qr",
       [](Args& a) {
         a.expectNone();
         return wrapPair(self(a).qr());
       }},
      {"svd",
       [](Args& a) {
         auto [full] = a.bind({{"full_matrices", true}});
         auto [u, s, vh] = self(a).svd(toBool(a, full, "full_matrices"));
         return wrapTuple({u, s, vh});
       }},
      {"newton_schulz",
       [](Args& a) {
         auto [steps, params, eps] = a.bind({"steps", "params", {"eps", 1e-7}});
         std::vector<double> coefficients;
         for (const Value& p : frontend::toVector(params))
           coefficients.push_back(toDouble(a, p, "params"));
         return wrap(self(a).newtonSchulz(toInt(a, steps, "steps"), coefficients, toDouble(a, eps, "eps")));
       }},
      {"dropout",
       [](Args& a) {
         auto [p] = a.bind({{"p", 0.5}});
         return wrap(dropout(self(a), toDouble(a, p, "p"), trainingMode()));
       }},
      {"scaled_dot_product_attention",
       [](Args& a) {
         AttentionCall c = bindAttention(a);
         return wrap(scaledDotProductAttention(self(a), toTensor(a, c.key, "key"), toTensor(a, c.value, "value"),
                                               {.attnMask = toOptTensor(a, c.mask, "attn_mask"),
                                                .dropoutP = c.dropoutP,
                                                .isCausal = c.isCausal,
                                                .enableGqa = c.enableGqa,
                                                .training = trainingMode()}));
       }},
      {"interpolate",
       [](Args& a) {
         auto [size, mode, alignCorners] =
             a.bind({"size", {"mode", "linear"}, {"align_corners", false}});
         return wrap(interpolate(self(a), toInts(a, size, "size"), toStr(a, mode, "mode"),
                                 toBool(a, alignCorners, "align_corners")));
       }},
      {"cross_entropy",
       [](Args& a) {
         auto [y, red, smoothing] = a.bind({"Y", {"reduction", "mean"}, {"label_smoothing", 0.0}});
         return wrap(crossEntropy(self(a), toTensor(a, y, "Y"), reduction(a, red),
                                  toDouble(a, smoothing, "label_smoothing")));
       }},
      {"sparse_categorical_crossentropy",
       [](Args& a) {
         auto [y, ignore, smoothing, red] =
             a.bind({"Y", {"ignore_index", -1}, {"label_smoothing", 0.0}, {"reduction", "mean"}});
         return wrap(sparseCategoricalCrossentropy(
             self(a), toTensor(a, y, "Y"), toInt(a, ignore, "ignore_index"),
             toDouble(a, smoothing, "label_smoothing"), reduction(a, red)));
       }},
      {"nll_loss",
       [](Args& a) {
         auto [y, weight, ignore, red] =
             a.bind({"Y", {"weight", Value()}, {"ignore_index", Value()}, {"reduction", "mean"}});
         return wrap(nllLoss(self(a), toTensor(a, y, "Y"), toOptTensor(a, weight, "weight"),
                             toOptInt(a, ignore, "ignore_index"), reduction(a, red)));
       }},
      {"binary_crossentropy",
       [](Args& a) {
         auto [y, red] = a.bind({"Y", {"reduction", "mean"}});
         return wrap(binaryCrossentropy(self(a), toTensor(a, y, "Y"), reduction(a, red)));
       }},
      {"binary_crossentropy_logits",
       [](Args& a) {
         auto [y, red, posWeight] = a.bind({"Y", {"reduction", "mean"}, {"pos_weight", Value()}});
         return wrap(binaryCrossentropyLogits(self(a), toTensor(a, y, "Y"), reduction(a, red),
                                              toOptTensor(a, posWeight, "pos_weight")));
       }},
  };
}

} // namespace uops::program
