// The compiled devices uopc can run on, registered with core's device table
// (core/program/device_run.h): CPU (LLVM ORC JIT). INTERP and REF are core's own.
#pragma once

namespace uopc {

void registerCompiledDevices();

} // namespace uopc
