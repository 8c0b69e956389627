// The one table of Tensor methods and properties the bindings expose, under
// tinygrad's Python names with tinygrad's parameters and defaults. Adding a
// method is one entry in one of the group lists below.
#pragma once

#include "core/frontend/object.h"

#include <vector>

namespace uops::program {

// Every group's entries; built once.
const frontend::MethodTable& tensorMethods();

// The groups, one file each (methods_<group>.cpp).
std::vector<frontend::Method> elementwiseMethods(); // arithmetic, comparisons, math, activations
std::vector<frontend::Method> movementMethods();    // reshape ... getitem helpers, cat, split
std::vector<frontend::Method> reduceMethods();      // sum ... softmax, cumulative, sort
std::vector<frontend::Method> nnMethods();          // conv, pools, norms, losses, matmul family
std::vector<frontend::Method> tensorMiscMethods();  // dtype casts, creation *_like, grad, values
std::vector<frontend::Property> tensorProperties(); // shape, dtype, ndim, T, grad, device, ...

} // namespace uops::program
