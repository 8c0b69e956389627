// CpuDevice: the CPU device's runtime half. Lowers a kernel AST with
// lowerKernel (core/pipeline/codegen.h), compiles the rendered LLVM IR with the
// LlvmJit, runs it on HostTensor-backed buffers bound by Param slot, and times
// each run (std::chrono, the call alone). A kernel with a THREAD axis runs
// its entry once per thread index, in parallel, one OS thread each. A program keeps its IR source and
// gives its machine code for the ISA view.
//
// Plain C++ header (no LLVM types), so views and uopc may include it.
#pragma once

#include "backends/llvm/llvm_jit.h"
#include "core/pipeline/codegen.h"
#include "core/engine/device.h"
#include "core/runtime/host_tensor.h"

#include <span>
#include <string>
#include <vector>

namespace uops {

struct CpuProgram {
  LoweredKernel kernel;
  CompiledKernel compiled;

  const std::string& name() const { return kernel.name.text; }
  const std::string& source() const { return kernel.rendered.text; } // the IR we rendered
  const std::string& optimizedIr() const { return compiled.optimizedIr(); }
  std::string assembly() const { return compiled.assembly(); } // the entry's machine code
};

struct KernelTiming {
  std::string kernel;
  double ms = 0;
};

class CpuDevice {
public:
  explicit CpuDevice(CodegenTarget target = cpuTarget(), CompileOptions options = {}, JitConfig jit = {});

  // Throws CodegenError / BoundsError (refused kernel), VerifyFailure, JitError.
  CpuProgram compile(const UOpPtr& kernelAst);
  CpuProgram compile(LoweredKernel kernel);

  // Runs the program with buffers[k] bound to Param slot k: each must have the
  // Param's dtype and element count (DeviceError otherwise). Stored-to buffers
  // are written in place (a HostTensor sharing its bytes is unshared first).
  // Returns the wall time of the kernel call.
  // `variables`: the values of program.kernel.variables, in order.
  KernelTiming run(const CpuProgram& program, std::span<HostTensor> buffers, std::span<const int64_t> variables = {});

  // LLVM's remarks on the kernel's IR, optimized as compile() would
  // (llvm_remarks.h): a compile of its own, outside the JIT's caches.
  std::vector<Remark> remarks(const LoweredKernel& kernel) const;

  LlvmJit& jit() { return m_jit; }

private:
  CodegenTarget m_target;
  CompileOptions m_options;
  LlvmJit m_jit;
};

} // namespace uops
