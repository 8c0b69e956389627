// A lowered program as one CPU kernel in which each member runs on its own:
// its own program counter and stacks, block after block until it halts, as a
// GPU runs divergent threads. The blocks' tensor work is compiled through the
// pipeline as the batched VM compiles it, and its per-element code is inlined
// into the member's block; pushes, pops and jumps are a few instructions on
// the member's own stack. Members spread over the device's threads.
//
// It computes what the batched VM (vm.h) computes for every member, without
// the VM's block-by-block schedule over the batch: no per-block host work, no
// rows of members waiting elsewhere. It applies to programs whose variables
// are scalars per member, whose runs of prims lower to elementwise kernels
// over the batch, on a device that compiles LLVM IR (the CPU); `build` says
// why not otherwise, and the VM runs such a program block by block.
#pragma once

#include "core/autobatch/vm.h"

#include <memory>
#include <string>
#include <vector>

namespace uops::autobatch {

class MemberKernel {
public:
  // `lowered` and `blocks` are the VM's and outlive the kernel (vm.h: blocks
  // in VM order, terminators as indices into it, its size meaning halt). Null,
  // with `whyNot` set, where the program or the device does not qualify;
  // throws what lowering and compiling throw.
  static std::unique_ptr<MemberKernel> build(const Program& lowered, const std::vector<Block>& blocks,
                                             Device& device, int64_t batch, const VmOptions& options,
                                             std::string& whyNot);
  ~MemberKernel();
  MemberKernel(const MemberKernel&) = delete;
  MemberKernel& operator=(const MemberKernel&) = delete;

  // Runs every member from the entry to halt; one value per vars_out. Sets
  // stats: activeMembers (member-block executions per block), stackHighWater,
  // runMs. Throws VmError for a stack overflow or underflow (the variable, the
  // function, the member), a member past options.maxSteps blocks, a cancel.
  std::vector<HostTensor> run(const std::vector<HostTensor>& inputs, VmStats& stats);

private:
  struct Impl;
  explicit MemberKernel(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> m;
};

} // namespace uops::autobatch
