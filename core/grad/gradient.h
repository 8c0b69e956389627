// Gradients of Tensors: tinygrad's Tensor.gradient and Tensor.backward.
//
// backward(loss) differentiates loss with respect to every live tensor in its
// graph (Tensor::liveTensors() whose node the loss's graph contains, entering
// Function bodies) that is floating point and has a device, and adds the
// result into each one's .grad: set when empty, else grad.assign(grad + g),
// so every copy of the grad handle sees the sum. tinygrad at a9069c177a9d has
// no requires_grad: requiresGrad() plays no part. "Has a device" is tinygrad's
// `t.device is not None`: a Python constant (a bare Const, or a weak graph of
// constants only) has none, every other tensor has one.
//
// Errors (TensorError, tinygrad's messages): a non-scalar loss without
// `gradient`; a loss or a target that is not floating point ("only float
// Tensors have gradient"); a weak target ("cannot take gradient wrt a weak
// Tensor"); an op without a gradient on the path ("failed to compute gradient
// for Index").
#pragma once

#include "core/tensor/tensor.h"

#include <optional>
#include <vector>

namespace uops {

// d loss / d target for each target; `gradient` (default: 1, for a scalar loss)
// is the gradient flowing into loss. A target no path reaches gets zeros.
std::vector<Tensor> gradient(const Tensor& loss, const std::vector<Tensor>& targets,
                             std::optional<Tensor> gradient = {});

void backward(const Tensor& loss, std::optional<Tensor> gradient = {});

} // namespace uops
