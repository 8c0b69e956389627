// The OpenCL programs a schedule's kernels are built in. Every clBuildProgram
// preprocesses the driver's OpenCL headers and starts its C compiler again
// (PoCL: about 60 ms even as a cache hit), and a process's first uncached
// build loads PoCL's kernel library (about 1 s), so the kernels of one set of
// build options share one program, their helper definitions once. Kernels with
// equal bodies share one function; a name another body took gets "n1", "n2",
// ... (kernel names end in a digit after '_', so no other kernel has that name).
//
// Dispatchers: a driver that compiles each kernel when it first launches it
// (PoCL) spends tens of milliseconds per kernel on its own work (a pass
// pipeline, a linker run, a cache entry) whatever the kernel's size. Small
// kernels (apply_opt.h: kSmallGridItems) can instead be plain functions called
// from a few `__kernel`s that switch on a case number, their first argument:
// the driver then compiles one kernel per dispatcher, not one per small kernel.
#pragma once

#include "core/pipeline/pipeline_runner.h"

#include <string>
#include <vector>

namespace uops {

// How a kernel of the program is launched: its __kernel's name there and, for
// a kernel behind a dispatcher, the case number to pass first and how many
// buffer arguments that dispatcher takes (the kernel's own first, the rest any
// buffer; they are not read).
struct ProgramEntry {
  std::string function;
  int dispatchCase = -1; // -1: a __kernel of its own
  int dispatchBuffers = 0;
};

struct ScheduleProgram {
  std::string source;              // the OpenCL C program
  std::vector<ProgramEntry> entry; // per kernel
};

// `dispatchers` > 0: kernels that can be called as functions (only buffer
// Params, no __local memory) go behind that many dispatchers, in turn.
ScheduleProgram scheduleProgram(const std::vector<LoweredKernel>& kernels, int dispatchers = 0);

} // namespace uops
