// Evaluating tensors on the host with the reference evaluator: for the
// program's outputs on device REF, and for values a program uses in Python
// (`x.item()`, `x.tolist()` in arithmetic or control flow).
#pragma once

#include "core/frontend/value.h"
#include "core/runtime/host_tensor.h"
#include "core/tensor/tensor.h"

#include <vector>

namespace uops::program {

// All roots share one evaluation. Buffers that no program wrote (Tensor.empty)
// read as zeros: tinygrad leaves them uninitialised, so any value is right.
std::vector<HostTensor> evaluateOnHost(const std::vector<Tensor>& tensors);
HostTensor evaluateOnHost(const Tensor& tensor);

// A host tensor's elements as literal data of a tensor on `device`.
Tensor tensorFrom(const HostTensor& value, const std::string& device = "CPU");

// Python values of a host tensor's elements: tinygrad's tolist() (nested
// lists; a 0-d tensor is its scalar) and item() (exactly one element).
frontend::Value toPythonList(const HostTensor& value);
frontend::Value toPythonScalar(const HostTensor& value, int64_t index);

} // namespace uops::program
