// Modules beyond tinygrad's that a program may import (`from uopscope import
// autobatch`), provided by libraries that build on this one and registered
// by the applications that link them. A module that computes while the
// program loads (an auto-batched function's VM) runs on the load's device
// and records what it ran.
#pragma once

#include "core/frontend/interpreter.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace uops::program {

// What a module keeps of a run for tools that look closer (the auto-batched
// call's programs and inputs, for the explorer's VM debugger and tests).
struct LoadTimeDetail {
  virtual ~LoadTimeDetail() = default;
};

// Work done while loading: one auto-batched call's run.
struct LoadTimeRun {
  std::string what;   // "fib (batch 1000)"
  std::string device; // where it ran
  int64_t steps = 0;  // block executions (the batched VM)
  int64_t kernels = 0;
  double compileMs = 0;
  double runMs = 0;   // start to halt, compilation excluded
  // One line: where and how it ran (block by block, or as one member kernel),
  // what it executed, its kernels and times.
  std::string summary;
  // The program after each compilation pass, as text: (pass name, text).
  std::vector<std::pair<std::string, std::string>> stages;
  std::shared_ptr<const LoadTimeDetail> detail;
};

struct LoadSession {
  std::string device; // where work done while loading runs
  std::vector<LoadTimeRun> runs;
};

using ExtensionModule = std::function<void(frontend::Interpreter&, const std::shared_ptr<LoadSession>&)>;

// Adds a module installer, run for every program loaded after it.
void registerExtensionModule(std::string name, ExtensionModule install);
// Each registered installer with its name ("uopscope"), in registration order.
std::vector<std::pair<std::string, ExtensionModule>> extensionModules();

} // namespace uops::program
