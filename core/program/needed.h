// Values that stand for a tensor: `print(x.tolist())` or `out = x.tolist()`
// makes x an output, since PROGRAM_FORMAT.md reads tolist() as "this value
// is needed". The list tolist() returns (and the array numpy() returns) is
// remembered by identity until the next program loads on this thread.
#pragma once

#include "core/frontend/value.h"
#include "core/tensor/tensor.h"

#include <optional>

namespace uops::program {

void rememberNeeded(const frontend::Value& value, const Tensor& tensor);
std::optional<Tensor> neededTensor(const frontend::Value& value);
void forgetNeeded();

} // namespace uops::program
