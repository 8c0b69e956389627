// A throughput model of a CPU kernel's hot loops: LLVM's machine-code
// analyzer (MCA) runs the body of each innermost loop of the machine code,
// exactly those instructions, for the host CPU's scheduling model, iterated
// to a steady state: cycles per iteration, what bounds them, each port's
// pressure, each instruction's latency and reciprocal throughput. With the
// loops' trip counts (ScalarEvolution on the optimized IR) and the CPU's
// clock this predicts the kernel's time, to set against the measured one.
//
// Plain C++ header (no LLVM types), so views and uopc may include it.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace uops {

struct LoweredKernel;

struct ThroughputInstruction {
  uint64_t offset = 0; // from the function's first byte, as the ISA view counts
  std::string text;    // as the ISA view prints it (Intel syntax)
  unsigned microOps = 0;
  unsigned latency = 0;            // cycles until its result can be used
  double reciprocalThroughput = 0; // cycles between two issues of it alone
  std::vector<double> portCycles;  // per LoopThroughput::ports, per iteration
};

struct LoopThroughput {
  uint64_t start = 0, end = 0; // the body's byte offsets [start, end) in the function
  int depth = 1;               // loops around it, plus one
  double cyclesPerIteration = 0; // MCA's steady state (200 minus 100 iterations)
  double resourceCycles = 0;     // the busiest port's cycles per iteration
  double dispatchCycles = 0;     // micro-ops over the dispatch width, per iteration
  // cycles (of 100 iterations) in which MCA saw instructions wait, by cause
  uint64_t resourceStalls = 0, registerStalls = 0, memoryStalls = 0;
  std::string bottleneck; // "port Zn3FPU0", "dispatch width", "dependency chain"
  std::vector<std::string> ports; // execution units, "Zn3FPU0"; "Name.k" for unit k of a group
  std::vector<double> portCycles; // per port, per iteration
  std::vector<ThroughputInstruction> instructions;
  uint64_t iterations = 0; // body executions per call of the entry; 0 when unknown
  std::string iterationsNote; // where `iterations` comes from, or why it is unknown

  // Cycles this loop takes per call of the entry; -1 when iterations are unknown.
  double predictedCycles() const { return iterations == 0 ? -1 : cyclesPerIteration * static_cast<double>(iterations); }
};

struct KernelThroughput {
  std::string kernel;      // its name
  std::string cpu;         // the scheduling model's CPU ("znver3")
  double clockMHz = 0;     // the clock cycles are turned into time with
  std::string clockSource; // where clockMHz was read
  // The innermost loops in address order; without loops, the whole function
  // as straight-line code run once (straightLine).
  std::vector<LoopThroughput> loops;
  bool straightLine = false;
  int64_t calls = 1;    // calls of the entry per run (the THREAD axis)
  int64_t parallel = 1; // of which run at once (one per core)
  std::string note;     // why there is no prediction, when there is none

  // The loop with the most predicted cycles (the first when none is known); loops not empty.
  size_t hotLoop() const;
  // Cycles per call: every innermost loop's; -1 when one's iterations are unknown.
  double predictedCyclesPerCall() const;
  // The kernel's predicted time: calls in rounds of `parallel`; -1 when unknown.
  double predictedMs() const;
};

// The model of `kernel` (lowered for the CPU): compiled as the CPU device
// compiles it, decoded, analyzed. Throws JitError when it cannot be compiled
// or analyzed, and for a kernel lowered for another device (the message says why).
KernelThroughput analyzeKernelThroughput(const LoweredKernel& kernel);

// The model of `entry` in `object` (an object file for the host) whose
// optimized IR is `optimizedIr`; `kernel` names it in the result.
KernelThroughput analyzeThroughput(std::span<const uint8_t> object, const std::string& entry,
                                   const std::string& optimizedIr, const std::string& kernel);

} // namespace uops
