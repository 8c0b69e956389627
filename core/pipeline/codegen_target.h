// CodegenTarget: what the stages after Rangeify need to know about the machine
// a kernel is lowered for. Optimize reads the kind (which AxisTypes exist),
// Instruction Selection reads which elementwise ops the target has natively.
#pragma once

#include "core/opt/apply_opt.h"
#include "core/pipeline/llvm_renderer.h"
#include "core/pipeline/opencl_renderer.h"

#include <memory>
#include <string>
#include <vector>

namespace uops {

enum class TargetKind : unsigned char {
  Cpu, // sequential LOOP ranges (THREAD for the outermost one once OptOps exist)
  Gpu, // output ranges become GLOBAL
};

// How Exp2, Log2 and Sin reach the machine.
enum class TranscendentalMode : unsigned char {
  Decompose,  // polynomial graphs of primitives (core/pipeline/transcendental.h)
  Intrinsics, // kept as ops; the LLVM renderer calls llvm.exp2 / llvm.log2 / llvm.sin
};

struct CodegenTarget {
  TargetKind kind = TargetKind::Cpu;
  std::string device = "CPU"; // the device name REG accumulators are placed on
  TranscendentalMode transcendentals = TranscendentalMode::Decompose;
  // Sqrt is one correctly rounded instruction on every CPU (llvm.sqrt); the
  // spec's Exp2(0.5 * Log2(x)) is kept for targets without it.
  bool nativeSqrt = true;
  // Optimize applies the hand-coded heuristics (core/opt/heuristics.h) to a
  // kernel that was given no OptOps of its own.
  bool heuristics = false;
  // Cores the heuristics spread a CPU kernel over (THREAD axes)
  int threads = 1;
  // The widest float vector register, for the heuristics' register tiles; 0:
  // unknown (hostCpuTarget in backends/llvm fills it in)
  int vectorBits = 0;
  // An OpenCL driver that vectorizes across work-items (PoCL on the host's CPU)
  bool workItemVectorizer = false;
  // The matrix instructions TC may use (tensor_core.h): the CPU's Wmma is
  // LLVM's matrix multiply on vectors (a sequence of vector FMAs); OpenCL C
  // has no matrix instruction UOpScope can use
  std::vector<TensorCore> tensorCores = cpuTensorCores();
  // What Render writes the kernels in (core/render/renderer.h)
  std::shared_ptr<const Renderer> renderer = llvmCpuRenderer();
};

// Row kernels (a softmax's max and sum computed once per row in the kernel
// that reads them, Rangeify's row fusion): the in-row loops run in order
// inside one work-item. Worth it where loops are cheap and the row's elements
// stay in the core's caches: a CPU, or an OpenCL driver on the host's CPU
// (PoCL: a softmax over 4096 x 4096 in one kernel instead of three). A GPU
// keeps one work-item per element and the rows' reductions in kernels of
// their own.
inline bool rowKernels(const CodegenTarget& t) {
  return t.kind == TargetKind::Cpu || t.workItemVectorizer;
}

inline CodegenTarget cpuTarget() {
  return {};
}

// What the optimizer may use on this target.

inline OptTarget optTargetOf(const CodegenTarget& t) {
  OptTarget o;
  o.device = t.device;
  o.hasLocals = t.kind == TargetKind::Gpu; // workgroups: LOCAL and GROUP_REDUCE
  o.hasThreads = t.kind == TargetKind::Cpu;
  o.threads = t.kind == TargetKind::Cpu ? t.threads : 1;
  o.vectorBits = t.vectorBits;
  o.workItemVectorizer = t.workItemVectorizer;
  o.weights.decomposedTranscendentals = t.transcendentals == TranscendentalMode::Decompose;
  o.weights.emulatedHalf = t.kind == TargetKind::Cpu;
  o.tensorCores = t.tensorCores;
  return o;
}

// An OpenCL device: output ranges become the launch grid, rendered as OpenCL C.
// On a GPU, Exp2, Log2 and Sin call OpenCL's exp2, log2 and sin: the OpenCL
// spec bounds them (3, 3 and 4 ulp in float, over the whole range) and GPU
// drivers implement them far faster than the decomposed polynomials run. An
// OpenCL device that is the host's CPU (PoCL) gets the polynomials instead:
// its exp2 is a scalar library call per work-item that keeps PoCL from
// vectorizing the work-item loop, while the polynomials' adds, multiplies and
// bit operations vectorize (gelu over 16M floats 75 -> 35 ms, a softmax over
// 4096 x 4096 107 -> 57 ms on PoCL 3.1, AVX2).
inline CodegenTarget openClTarget(std::string device, bool cpuDevice = false) {
  CodegenTarget t;
  t.kind = TargetKind::Gpu;
  t.device = std::move(device);
  t.transcendentals = cpuDevice ? TranscendentalMode::Decompose : TranscendentalMode::Intrinsics;
  t.workItemVectorizer = cpuDevice;
  t.tensorCores = {};
  t.renderer = openClRenderer();
  return t;
}

} // namespace uops
