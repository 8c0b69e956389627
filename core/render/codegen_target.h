// CodegenTarget: what the stages after Rangeify need to know about the machine
// a kernel is lowered for, as capabilities: the target's constructor
// (cpuTarget, openClTarget, gpuCodegenTarget in backends/llvm) says what the
// machine has, and the stages and views read those flags, never which kind of
// machine it is. Optimize reads the launch grid and the workgroups (which
// AxisTypes exist), Instruction Selection which elementwise ops the target has
// natively.
#pragma once

#include "core/opt/apply_opt.h"
#include "core/render/llvm_renderer.h"
#include "core/render/opencl_renderer.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace uops {

// How Exp2, Log2 and Sin reach the machine.
enum class TranscendentalMode : unsigned char {
  Decompose,  // polynomial graphs of primitives (core/pipeline/transcendental.h)
  Intrinsics, // kept as ops; the LLVM renderer calls llvm.exp2 / llvm.log2 / llvm.sin
};

struct CodegenTarget {
  std::string device = "CPU"; // the device name REG accumulators are placed on
  TranscendentalMode transcendentals = TranscendentalMode::Decompose;
  // Sqrt is one correctly rounded instruction on every CPU (llvm.sqrt); the
  // spec's Exp2(0.5 * Log2(x)) is kept for targets without it.
  bool nativeSqrt = true;
  // The machine fuses a multiply and an add with one rounding (x86's FMA3,
  // every AArch64): decomposed transcendentals evaluate their polynomials in
  // Fma, 18 instructions a vector of exp2 instead of 24 (hostCpuTarget sets it)
  bool fusedMultiplyAdd = false;
  // The machine scales a vector of floats by powers of two in one instruction
  // (AVX-512's vscalefps, with AVX512VL for 128 and 256 bits): decomposed exp2
  // forms its 2^q as one Ldexp instead of two exponent fields and two products,
  // which the LLVM renderer writes as that instruction (hostCpuTarget sets it)
  bool scaleInstruction = false;
  // With scaleInstruction, the machine takes a float's distance to the nearest
  // integer in one instruction (AVX-512DQ's vreduceps) and scales into
  // subnormals and zero at full speed (AMD's Zen 4 and later; an Intel core
  // takes a microcode assist there): decomposed exp2 then reduces its argument
  // with one FracNearest, with no clamps, shifter rounding or underflow guard:
  // four instructions a vector fewer, two cycles of them on the add pipes
  // softmax's exp pass saturated on Zen 4 and a compare on its FMA pipes, the
  // same values (hostCpuTarget sets it)
  bool fractionInstruction = false;
  // Optimize applies the hand-coded heuristics (core/opt/heuristics.h) to a
  // kernel that was given no OptOps of its own.
  bool heuristics = false;
  // Output ranges are a launch grid: Optimize makes them GLOBAL, Linearize
  // turns them into Special (work-item) indices. Without one they run as
  // sequential LOOPs in one call.
  bool launchGrid = false;
  // THREAD axes run on the machine's cores, `threads` of them (a CPU)
  bool threadAxes = true;
  // Cores the heuristics spread a CPU kernel over (THREAD axes)
  int threads = 1;
  // Workgroups: LOCAL and GROUP_REDUCE axes, reduced through local (shared)
  // memory of `sharedMemoryBytes` per workgroup, `maxWorkgroup` work-items at most
  bool locals = false;
  int64_t sharedMemoryBytes = 0;
  int64_t maxWorkgroup = 256;
  // Work-items that run in lock step (an NVIDIA warp, an AMD wave); the GPU
  // heuristics size workgroups in its multiples. 0: no such unit (a CPU)
  int warpSize = 0;
  // Row kernels (a softmax's max and sum computed once per row in the kernel
  // that reads them, Rangeify's row fusion): the in-row loops run in order
  // inside one work-item. Worth it where loops are cheap and the row's
  // elements stay in the core's caches: a CPU, or an OpenCL driver on the
  // host's CPU (PoCL: a softmax over 4096 x 4096 in one kernel instead of
  // three). A GPU keeps one work-item per element and the rows' reductions in
  // kernels of their own.
  bool rowKernels = true;
  // Rangeify packs a matmul's operand into panels (rangeify_pack.cpp): a CPU's
  // caches; a GPU reads the operands where they are
  bool packOperands = true;
  // Half floats are converted to float for arithmetic (kernel_work.h weights)
  bool emulatedHalf = true;
  // float16 <-> float conversions are machine instructions (x86's F16C:
  // vcvtph2ps / vcvtps2ph, vectorized like any other op), rendered as LLVM's
  // fpext / fptrunc on `half`; without them the integer helpers
  // (render_llvm_helpers.cpp) need no CPU feature and no libcall. Both round
  // once, to nearest even.
  bool halfInstructions = false;
  // The maximum of two float variables is rendered as two ordered maxes, their
  // bits ANDed, a NaN compare ORed in (render_llvm_alu.cpp): x86's max returns
  // its second operand on NaN and ties, and LLVM lowers llvm.maximum there with
  // blends by sign and by NaN. Not where the max propagates NaN (AArch64's fmax).
  bool maximumByOrderedMax = false;
  // Stores into a buffer that the kernel only writes bypass the caches
  // (LLVM's `!nontemporal`: x86's vmovntps), so a store does not first read
  // its line from memory, where the kernel's buffers together hold at least
  // this many bytes and the buffer a quarter of it (render_llvm.cpp's
  // streamedParams): on x86 the host's last-level cache size, at most 10 MiB
  // a thread (hostCpuTarget), where the output could not stay cached for the
  // next kernel anyway. 0: never.
  int64_t streamingStoreBytes = 0;
  // A float broadcast from memory takes an FP pipe, beside the FMAs (AMD's Zen:
  // vbroadcastss; Intel's broadcasts are loads): the heuristics' convolution
  // tiles feed each broadcast to more FMAs (core/opt/conv_rules.cpp)
  bool broadcastsOnFpPipes = false;
  // The kernels are the host CPU's machine code from LLVM's JIT: LLVM's MCA
  // models them (the throughput panel) and the auto-batched VM calls them
  bool hostCode = true;
  // The matrix instructions TC may use (core/ir/tensor_core.h); none: no TC.
  // The CPU's Wmma is LLVM's matrix multiply on vectors (a sequence of vector
  // FMAs); OpenCL C has no matrix instruction UOpScope can use
  std::vector<TensorCore> tensorCores = cpuTensorCores();
  // The widest float vector register, for the heuristics' register tiles; 0:
  // unknown (hostCpuTarget in backends/llvm fills it in)
  int vectorBits = 0;
  // An OpenCL driver that vectorizes across work-items (PoCL on the host's CPU)
  bool workItemVectorizer = false;
  // What Render writes the kernels in (core/render/renderer.h)
  std::shared_ptr<const Renderer> renderer = llvmCpuRenderer();
};

inline CodegenTarget cpuTarget() {
  CodegenTarget t;
  t.maximumByOrderedMax = true; // hostCpuTarget: x86 hosts only
  return t;
}

// What the optimizer may use on this target.

inline OptTarget optTargetOf(const CodegenTarget& t) {
  OptTarget o;
  o.device = t.device;
  o.hasLocals = t.locals;
  o.hasThreads = t.threadAxes;
  o.threads = t.threadAxes ? t.threads : 1;
  o.vectorBits = t.vectorBits;
  o.broadcastsOnFpPipes = t.broadcastsOnFpPipes;
  o.workItemVectorizer = t.workItemVectorizer;
  o.warpSize = t.warpSize;
  o.sharedMemoryBytes = t.sharedMemoryBytes;
  o.streamingStoreBytes = t.streamingStoreBytes;
  o.tensorCores = t.tensorCores;
  o.maxWorkgroup = t.maxWorkgroup;
  o.weights.decomposedTranscendentals = t.transcendentals == TranscendentalMode::Decompose;
  o.weights.emulatedHalf = t.emulatedHalf;
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
// The grid's work-items come in warps of 32 on the GPUs OpenCL reaches
// (NVIDIA's warps, AMD's RDNA waves, Intel's widest SIMD); local memory is the
// 32 KiB every OpenCL 1.2 device has at least. OpenCL C has no matrix
// instruction UOpScope can use (no TC).
inline CodegenTarget openClTarget(std::string device, bool cpuDevice = false) {
  CodegenTarget t;
  t.device = std::move(device);
  t.launchGrid = true;
  t.threadAxes = false;
  t.locals = true;
  t.sharedMemoryBytes = 32 * 1024;
  t.warpSize = cpuDevice ? 0 : 32;
  t.rowKernels = cpuDevice;
  t.packOperands = false;
  t.emulatedHalf = false;
  t.hostCode = false;
  t.tensorCores = {};
  t.transcendentals = cpuDevice ? TranscendentalMode::Decompose : TranscendentalMode::Intrinsics;
  t.workItemVectorizer = cpuDevice;
  t.renderer = openClRenderer();
  return t;
}

} // namespace uops
