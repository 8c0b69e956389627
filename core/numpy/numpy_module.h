// installNumpy: `import numpy as np` in a tensor program.
#pragma once

namespace uops::frontend {
class Interpreter;
}

namespace uops::numpy {

// Registers `numpy` and `numpy.random` (each interpreter gets its own
// generator state: an unseeded program draws as after np.random.seed(0)).
void installNumpy(frontend::Interpreter& interpreter);

} // namespace uops::numpy
