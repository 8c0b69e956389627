#include "core/program/bindings.h"

#include "core/frontend/interpreter.h"
#include "core/program/dtype_object.h"
#include "core/program/function_binding.h"
#include "core/program/tensor_class.h"

namespace uops::program {

void installTinygrad(frontend::Interpreter& interpreter) {
  frontend::Value tensor = tensorClass();
  frontend::Value dtypes = dtypesObject();
  frontend::Value function = functionDecorator();
  // Submodules first: registering "tinygrad.function" binds tinygrad.function
  // to the submodule, and tinygrad's own __init__ then rebinds it to the
  // decorator, as registering the package's members last does here.
  interpreter.registerModule("tinygrad.tensor", {{"Tensor", tensor}});
  interpreter.registerModule("tinygrad.dtype", {{"dtypes", dtypes}});
  interpreter.registerModule("tinygrad.function", {{"function", function}});
  interpreter.registerModule("tinygrad",
                             {{"Tensor", tensor}, {"dtypes", dtypes}, {"function", function}});
}

} // namespace uops::program
