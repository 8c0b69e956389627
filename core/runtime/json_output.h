// The `uopc run --json` output (PROGRAM_FORMAT.md, "Command-line contract"):
//   {"outputs": [{"dtype": "float32", "shape": [3], "data": [1.0, 2.5, 3.0]}], "kernels": 4}
// data is row-major; floats are numbers that read back to the same value of
// their dtype (the shortest decimal of the value as a double), NaN and
// infinities the strings "nan", "inf", "-inf"; bools true/false; ints
// (uint64 included) integers. dtype names are scalarNumpyName's.
#pragma once

#include "core/runtime/host_tensor.h"

#include <span>
#include <string>

#include <nlohmann/json.hpp>

namespace uops {

// {"dtype": ..., "shape": [...], "data": [...]}
nlohmann::ordered_json tensorJson(const HostTensor& tensor);
// {"outputs": [...], "kernels": kernels}
nlohmann::ordered_json runJson(std::span<const HostTensor> outputs, int64_t kernels);
// runJson as one line with the contract's spacing (", " and ": ").
std::string formatRunJson(std::span<const HostTensor> outputs, int64_t kernels);
// Any JSON value in that spacing.
std::string formatJsonLine(const nlohmann::ordered_json& value);

} // namespace uops
