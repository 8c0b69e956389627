// A host tensor as text for people (uopc run without --json, the explorer's
// value panes): its dtype and shape, then the values nested like numpy
// prints them, floats as Python writes them. Large tensors show only the
// first and last `edge` entries of each axis.
#pragma once

#include "core/runtime/host_tensor.h"

#include <string>

namespace uops::program {

struct TextOptions {
  int64_t summarizeAbove = 1000; // elements; more and each axis is cut to its edges
  int64_t edge = 3;
};

std::string formatValues(const HostTensor& value, const TextOptions& options = {});
// "float32 (3, 4)\n" + formatValues
std::string describe(const HostTensor& value, const TextOptions& options = {});

} // namespace uops::program
