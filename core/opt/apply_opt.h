// Applying OptOps to a kernel AST (after Optimize assigned AxisTypes, in the
// form of core/pipeline/README.md). Each op is checked against the spec's
// table first; an impossible one throws OptError with the precise reason
// and leaves the kernel as it was.
//
//   Split(axis, k, T)   axis of size n -> (n/k, k) with the new k-axis of type T
//                       inner; THREAD takes the outer part (k, n/k), GROUP_REDUCE
//                       either (top). Allowed: LOCAL from g/L, THREAD from g/L,
//                       UPCAST from g/l/L, UNROLL from R/G, GROUP_REDUCE from R.
//                       (The CPU's output axes are LOOP, so THREAD also splits L.)
//   Padto(axis, m)      size n -> the next multiple of m; the extra iterations
//                       are masked: stores and loads gated, reductions see
//                       their identity. On an output axis, a load that does
//                       not read consecutively along it reads the last
//                       position instead, ungated (its value reaches only
//                       gated stores; a gated scalar load is a branch).
//   Swap(i, j)          two axes of one AxisType exchange their nesting places.
//   Nolocals            no LOCAL or GROUP_REDUCE axis from here on.
//   TC(axis)            tensor cores: only as the first op, on a target with them.
#pragma once

#include "core/ir/uop.h"
#include "core/ir/tensor_core.h"
#include "core/opt/kernel_work.h"
#include "core/opt/opt.h"

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace uops {

// Small kernels on a driver that vectorizes across work-items (PoCL): a kernel
// of at most kSmallGridItems work-items and kSmallKernelIterations iterations in
// all (heuristics.h: isSmallKernel) gets no OptOps, runs in work-groups of one
// and is built without the driver's optimizations. Such a driver compiles a
// kernel when it first launches it: its work-item loops, their vectorization
// and its optimization are about 100 ms of a cold kernel and the most of what
// the user of a small program waits for, while a kernel this small runs in
// microseconds either way (a residual MLP training step, 53 kernels: 0.19 ms
// of kernels optimized, 0.95 ms not; 2.3 s to its first result cold, 1.6 s).
inline constexpr int64_t kSmallGridItems = 512;
inline constexpr int64_t kSmallKernelIterations = int64_t{1} << 16;

// What the device offers the optimizer.
struct OptTarget {
  std::string device = "CPU";
  bool hasLocals = false;      // LOCAL and GROUP_REDUCE (GPU workgroups)
  bool hasThreads = true;      // THREAD axes run on cores
  int threads = 1;             // cores the heuristics split THREAD axes over
  int vectorBits = 0;          // widest float vector register; 0: unknown
  bool broadcastsOnFpPipes = false; // CodegenTarget::broadcastsOnFpPipes
  // The driver vectorizes across work-items (an OpenCL device on the host's
  // CPU, PoCL): lanes come from LOCAL, and an UPCAST's explicit vectors get
  // in its way
  bool workItemVectorizer = false;
  // TC: the target's matrix instructions (the first of the kernel's dtypes
  // is used); none: no TC
  std::vector<TensorCore> tensorCores;
  // Work-items in lock step (a warp, a wave): a GPU, whose heuristics size
  // workgroups in its multiples (gpu_heuristics.h); 0: none
  int warpSize = 0;
  int64_t sharedMemoryBytes = 0; // local memory of one workgroup
  // LOCAL x GROUP_REDUCE work-items in one workgroup: 256 runs on every GPU
  // vendor, and larger groups make PoCL's work-group compile explode
  int64_t maxWorkgroup = 256;
  // Outputs of at least this many bytes do not stay in the caches for the
  // next kernel (CodegenTarget::streamingStoreBytes): they go to memory as
  // written; 0: unknown
  int64_t streamingStoreBytes = 0;
  // how the kernel's code grows from its nodes (kernel_work.h)
  NodeWeights weights = {};
  // Copies Expand may make (kernel_work.h): of one value, at most 256 (a
  // 32 x 8 register tile of float accumulators fills AVX-512's 32 vector
  // registers; more only spills, and tinygrad keeps UPCAST x UNROLL smaller
  // still); of the whole kernel, at most maxExpandedNodes nodes after
  // Instruction Selection, which bounds the time every later stage and the
  // backend compiler take (LLVM spends 0.03 to 0.1 ms per such node: 128
  // copies of gelu, 9,000 nodes, compile in 0.25 s; 100,000 took minutes).
  int64_t maxCopies = 256;
  int64_t maxExpandedNodes = 12288;
};

class OptError : public std::runtime_error {
public:
  OptError(const Opt& opt, const std::string& reason);
  const Opt& opt() const { return m_opt; }
  const std::string& reason() const { return m_reason; }

private:
  Opt m_opt;
  std::string m_reason;
};

// `applied` are the ops already applied to `ast` (TC must be first; Nolocals
// forbids later locals).
UOpPtr applyOpt(const UOpPtr& ast, const Opt& opt, const OptTarget& target,
                const std::vector<Opt>& applied = {});
UOpPtr applyOpts(const UOpPtr& ast, const std::vector<Opt>& opts, const OptTarget& target);

} // namespace uops
