// The `Tensor` class object: the constructor Tensor(data, device=None,
// dtype=None), the class methods that create tensors (arange, zeros, rand,
// einsum, ...), every instance method called through the class
// (Tensor.stack(a, b)), isinstance(x, Tensor), and attributes a program sets
// on the class (`Tensor.training = True`, which in tinygrad a9069c1 is such a
// plain attribute: it turns nothing on; TRAINING does, training.h).
#pragma once

#include "core/frontend/value.h"

namespace uops::program {

frontend::Value tensorClass();
// Drops the attributes the last program set on the class (before each load).
void forgetTensorClassAttributes();

} // namespace uops::program
