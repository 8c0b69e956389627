// The `Tensor` class object: the constructor Tensor(data, device=None,
// dtype=None), the class methods that create tensors (arange, zeros, rand,
// einsum, ...), every instance method called through the class
// (Tensor.stack(a, b)), isinstance(x, Tensor), and Tensor.training.
#pragma once

#include "core/frontend/value.h"

namespace uops::program {

frontend::Value tensorClass();

} // namespace uops::program
