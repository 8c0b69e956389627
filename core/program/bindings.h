// The tinygrad module a tensor program imports: `from tinygrad import Tensor,
// dtypes, function` (also `tinygrad.tensor.Tensor`, `tinygrad.dtype.dtypes`).
#pragma once

namespace uops::frontend {
class Interpreter;
}

namespace uops::program {

void installTinygrad(frontend::Interpreter& interpreter);

} // namespace uops::program
