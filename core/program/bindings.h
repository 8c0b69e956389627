// The tinygrad module a tensor program imports: `from tinygrad import Tensor,
// dtypes, function, Device, Context, TinyJit` (also `tinygrad.tensor.Tensor`,
// `tinygrad.dtype.dtypes`, `tinygrad.device.Device`), `tinygrad.helpers` and
// `tinygrad.nn`.
#pragma once

#include <string>

namespace uops::frontend {
class Interpreter;
}

namespace uops::program {

// `loadDevice`: the device the program loads on (LoadOptions::device), which
// Device.DEFAULT names.
void installTinygrad(frontend::Interpreter& interpreter, const std::string& loadDevice);

} // namespace uops::program
