// What a CompiledKernel handle shares. Plain C++: the JIT's own objects hide
// behind `residency`, whose deleter unlinks the module.
#pragma once

#include "backends/llvm/compiled_kernel.h"

namespace uops {

struct CompiledKernel::State {
  void* entry = nullptr;
  std::string entryName;
  std::string optimizedIr;
  std::vector<uint8_t> object;
  TargetDesc target;
  CompileTimes times;
  // Keeps the module linked (and the JIT alive) while any handle lives.
  std::shared_ptr<void> residency;
};

} // namespace uops
