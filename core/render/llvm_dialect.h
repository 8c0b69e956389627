// LlvmDialect: what a machine changes in the LLVM renderer's module (Halide's
// CodeGen_PTX_Dev over CodeGen_LLVM): how a kernel reads its place in the
// launch grid, how a work-group waits at a barrier, the address space of
// local memory, the kernel's calling convention, attributes and annotations.
// The CPU's (cpuDialect) launches no grid: its module is the kernel and the
// THREAD trampoline (render_llvm.h). The GPU dialects live with LLVM's back
// ends (backends/llvm/gpu_dialects.h); they are plain text, like the renderer.
#pragma once

#include "core/ir/dtype.h"
#include "core/ir/wmma_tile.h"

#include <cstdint>
#include <string>
#include <vector>

namespace uops {

// One work-item's part of a Wmma whose tile a warp holds (warp_fragment.h):
// its fragments of A, B and the accumulator as LLVM vectors of register
// values (float for float16 and bfloat16), and the name the result vector
// (the accumulator's elements) gets; temporaries are named after it.
struct WarpWmma {
  WmmaTile tile;
  DType in, acc;
  std::string a, b, c;
  std::string result;
};
struct WarpWmmaLines {
  std::vector<std::string> lines, declarations;
};

enum class GridIndex : unsigned char {
  Group, // the work-group's index in dimension d
  Local, // the work-item's index in its work-group
};

class LlvmDialect {
public:
  virtual ~LlvmDialect() = default;
  // For the header comment and people: "CPU", "NVPTX (sm_90)"
  virtual std::string name() const = 0;
  // false: the CPU's trampoline module; true: the kernel is the entry,
  // launched over the grid of its Specials
  virtual bool launchesGrid() const = 0;
  // The intrinsic (`declare i32 @<it>()`) that reads index `which` in dimension d (0..2)
  virtual std::string gridIndexIntrinsic(GridIndex which, int d) const;
  // The lines of a work-group barrier: local memory stored before it is seen
  // by every work-item of the group after it; and the declarations they use
  virtual std::vector<std::string> barrier() const;
  virtual std::vector<std::string> barrierDeclarations() const;
  // Local (shared, LDS) memory's address space
  virtual int localAddressSpace() const { return 3; }
  // The kernel's definition up to its name: "define void", "define amdgpu_kernel void"
  virtual std::string kernelDefinition() const { return "define void"; }
  // The kernel's function attributes, launched with work-groups of `local`
  virtual std::string kernelAttributes(const std::vector<int64_t>& local) const;
  // Module metadata after the kernel, numbered from `firstId` (!firstId, ...)
  virtual std::vector<std::string> moduleMetadata(const std::string& function, int firstId) const;
  // The alignment in bytes of every buffer argument (0: an element's own).
  // GPU buffers start 256-byte aligned (CUDA, HIP): with 16, LLVM's
  // load/store vectorizer merges an UPCAST's four consecutive floats into one
  // float4 access (ld.global.v4.f32, global_load_b128)
  virtual int bufferAlignment() const { return 0; }
  // The lines of a Wmma over a warp's fragments, the machine's matrix
  // instruction; throws CodegenError where the dialect has none
  virtual WarpWmmaLines warpWmma(const WarpWmma& call) const;
  // The largest work-group the renderer gives a grid that has none
  virtual int64_t maxWorkGroup() const { return 256; }
};

// The CPU's dialect (one, shared)
const LlvmDialect& cpuDialect();

} // namespace uops
