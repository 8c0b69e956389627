#include "core/ir/tensor_core.h"

namespace uops {

std::vector<TensorCore> cpuTensorCores() {
  return {{{8, 8, 4}, dtypes::float32, dtypes::float32}};
}

std::vector<TensorCore> nvidiaTensorCores() {
  return {{{16, 8, 16, WarpLayout::Nvidia}, dtypes::float16, dtypes::float32},
          {{16, 8, 16, WarpLayout::Nvidia}, dtypes::bfloat16, dtypes::float32},
          {{16, 8, 8, WarpLayout::Nvidia}, dtypes::float32, dtypes::float32}};
}

std::vector<TensorCore> rdna3TensorCores() {
  return {{{16, 16, 16, WarpLayout::Amd}, dtypes::float16, dtypes::float32}};
}

} // namespace uops
