// Tensors and numpy arrays: Tensor(np_array) keeps the array's dtype (a
// float64 array makes a float64 tensor, as tinygrad's does) and
// Tensor.numpy() gives an ndarray of the realized values.
#pragma once

#include "core/frontend/value.h"
#include "core/runtime/host_tensor.h"
#include "core/tensor/tensor.h"

#include <optional>
#include <string>

namespace uops::program {

// The tensor of a numpy array (`dtype`, if given, converts it); nullopt
// when `data` is no array (a numpy scalar is none, as in tinygrad).
std::optional<Tensor> tensorFromNumpy(const frontend::Value& data, std::optional<DType> dtype,
                                      const std::string& device);
// An ndarray of a host tensor's values; throws ScriptError for a dtype numpy
// has no array of here (half, int8, ...).
frontend::Value numpyFromHost(const HostTensor& value);

} // namespace uops::program
