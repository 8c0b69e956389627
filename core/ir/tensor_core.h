// TensorCore: one matrix instruction a target has, as TC uses it: the tile
// (its sizes and how work-items hold it, wmma_tile.h), the dtype of the two
// factors and of the accumulator. A target lists the ones it has; TC takes
// the first whose dtypes are the kernel's.
#pragma once

#include "core/ir/dtype.h"
#include "core/ir/wmma_tile.h"

#include <vector>

namespace uops {

struct TensorCore {
  WmmaTile tile;
  DType in = dtypes::float32;  // A and B
  DType acc = dtypes::float32; // C and the result
};

// The CPU's: LLVM's matrix multiply of float32 tiles (vector FMAs)
std::vector<TensorCore> cpuTensorCores();
// NVIDIA sm_80 and later: mma.sync m16n8k16 of float16 and of bfloat16, and
// m16n8k8 of tf32 (float32 factors read as tf32), into float32
std::vector<TensorCore> nvidiaTensorCores();
// AMD RDNA3 (gfx11): v_wmma_f32_16x16x16_f16, wave32
std::vector<TensorCore> rdna3TensorCores();

} // namespace uops
