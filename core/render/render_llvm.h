// Render: a Linear as LLVM IR text for the CPU (the LLVM JIT in backends/llvm
// compiles it). Plain text generation; no LLVM headers in core.
//
// The module holds the kernel and a trampoline:
//   define internal void @<name>(ptr noalias %data0, ptr noalias %data1, ...)
//   define void @kernel(ptr %bufs, i64 %tid)  ; loads bufs[k] and calls @<name>; the ABI
//                                    ; the CPU device calls: void kernel(void** bufs, int64_t tid)
// A kernel's first THREAD range is not a loop: it is %tid, and the device calls
// the entry once per value of it, each call on its own core (`threads`).
// The kernel is always inlined into the trampoline, so the entry's machine code is
// the kernel's.
//
// Semantics are the reference evaluator's, op for op (no fast-math flags):
//   Range/End     loops of basic blocks (head with a phi, body, latch, exit)
//   Load/Store    bool as i8 in memory, i1 in registers; float16 and bfloat16 as
//                 i16 in memory and float in registers, rounded to their format
//                 after every op (the evaluator computes them in float and rounds)
//   gates         a branch around the load (the alt reaches a phi) or the store
//   Idiv, Mod     sdiv/udiv, srem/urem; x/0 = x%0 = 0 and MIN/-1 = MIN are guarded
//                 when the divisor's min_max allows them; on floats trunc(a/b), frem
//   Max           llvm.maximum (NaN-propagating, +0 > -0), llvm.smax / llvm.umax
//   CmpLt, CmpNe  fcmp olt / une, icmp slt / ult / ne
//   shifts        the amount masked to the width (the evaluator's modulo)
//   Cast          llvm.fptosi.sat / fptoui.sat (saturating, NaN -> 0), x != 0 to
//                 bool, one rounding into float16/bfloat16 (round-to-odd first)
//   Recip, Trunc  fdiv 1.0, llvm.trunc
#pragma once

#include "core/ir/uop.h"
#include "core/render/llvm_dialect.h"
#include "core/render/memory_plan.h"
#include "core/render/rendered_kernel.h"
#include "core/render/vector_ops.h"

#include <string>
#include <string_view>
#include <vector>

namespace uops {

// OptOps made the kernel's lanes explicit (UPCAST and UNROLL copies) from this
// many on (one AVX-512 vector of float32): its loops are marked for LLVM's loop
// vectorizer to leave alone, the SLP vectorizer packs the copies. Widening a
// loop of 16-wide bodies again strides over the copies (gathers, scatters).
inline constexpr int64_t kExplicitLanes = 16;

// The kernel as LLVM IR: `function` is the kernel's own function (its
// sanitized name), `entry` the trampoline "kernel", `global` the calls of the
// entry ({threads}, tid = 0 .. threads-1).
// `lanes`: the product of the kernel's UPCAST and UNROLL sizes (1: none).
// A dialect that launches a grid (llvm_dialect.h) gets a module whose entry
// is the kernel itself, `global` and `local` its launch (a grid without
// work-groups is given them, render_llvm.cpp: gridFor), thread indices,
// barriers and local memory as the dialect writes them.
// The CPU module's buffer pointers are `!align` 64 (HostTensor's cache lines).
// Throws CodegenError (stage "Render") for an op or dtype it cannot render.
struct LlvmRenderOptions {
  // float16 conversions as `half` casts (CodegenTarget::halfInstructions)
  bool halfInstructions = false;
  // lanes as LLVM vector ops where vector_ops.h finds them (planVectorOps,
  // explicitVectorsFor), not scalar lanes for LLVM's SLP vectorizer to pack
  ExplicitVectors explicitVectors = {};
  // the maximum of two float variables as ordered maxes
  // (CodegenTarget::maximumByOrderedMax)
  bool orderedMax = false;
  // on the CPU, stores into a buffer of at least that many bytes the kernel
  // never reads are `!nontemporal` (0: none; CodegenTarget::streamingStoreBytes)
  int64_t streamingStoreBytes = 0;
  // Ldexp as x86's vscalefps / vscalefpd on every vector, and on one register
  // but for exp2's clamped q (CodegenTarget::scaleInstruction); elsewhere as
  // two exponent-field products
  bool scaleInstruction = false;
  // FracNearest as x86's vreduceps / vreducepd (CodegenTarget::fractionInstruction);
  // elsewhere x - roundeven(x)
  bool fractionInstruction = false;
};
RenderedKernel renderLlvm(const UOpPtr& linear, const KernelMemoryPlan& plan,
                          std::string_view kernelName, int64_t lanes = 1,
                          const LlvmDialect& dialect = cpuDialect(),
                          const LlvmRenderOptions& options = {});

} // namespace uops
