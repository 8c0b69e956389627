// Fault injection for tests of the paths a real compiler failure takes. With
// UOPSCOPE_INJECT_FAULT=SITE:TEXT in the environment, compiling a kernel at
// SITE fails as that compiler would when its name (or, for LLVM, its IR)
// contains TEXT:
//   llvm    LLVM reports a fatal error while generating the kernel's code
//           (backends/llvm's crash guard turns it into a JitError)
//   opencl  the OpenCL compiler aborts (SIGABRT) at the kernel's first launch,
//           in the probe process (backends/opencl/cl_probe.h)
//   rule    the symbolic rule of that name (exactly "x+x") makes a wrong but
//           valid graph: x+x becomes x, a term dropped (a wrong-code bug for
//           `uopc bisect` to find)
// Without the variable nothing fails. The tests of uopc and of the explorer
// use it to show that a failing compile is an error the process survives.
#pragma once

#include <string_view>

namespace uops {

bool faultInjected(std::string_view site, std::string_view kernel);
// The same test against `spec` (SITE:TEXT) instead of the environment: the
// probe process gets its parent's setting with each request.
bool faultInjected(std::string_view site, std::string_view kernel, std::string_view spec);

} // namespace uops
