// The batched virtual machine: runs a lowered (and fused) Program on a batch,
// SIMT-style. Every member has a program counter; each step runs the
// lowest-numbered block any member is at, masked to the members there, with
// blocks that do no work (only pops) ordered before the others. Each
// variable is stored per its allocation: TEMPORARY and REGISTER as one row
// per member, FULL as that row over a stack of `stackDepth` rows per member
// with per-member stack pointers; NULL not at all.
//
// A block's tensor work (its runs of computing prims) is compiled once
// through the core's pipeline for the chosen device and run there on the
// whole batch; members not at the block compute on a copy of an active
// member's row, so their junk (a zero divisor) never traps and never reaches
// a result. Constants, copies, pushes, pops and jumps are host work.
#pragma once

#include "core/autobatch/program.h"
#include "core/pipeline/codegen.h"
#include "core/engine/device.h"
#include "core/runtime/host_tensor.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace uops::autobatch {

struct VmOptions {
  int64_t stackDepth = 256;          // frames per FULL variable and member
  int64_t maxSteps = 50'000'000;     // block executions before the VM gives up
  const std::atomic<bool>* cancel = nullptr;
  // run() runs the program as one member kernel (member_kernel.h) where the
  // program and the device allow it; step() always runs block by block
  bool memberKernel = false;
};

struct VmStats {
  int64_t steps = 0;                  // block executions
  std::vector<int64_t> executions;    // per block (VM order)
  std::vector<int64_t> activeMembers; // per block: members summed over its executions
  int64_t stackHighWater = 0;         // deepest any FULL variable's stack got
  int64_t kernels = 0;                // compiled kernels over all blocks
  int64_t launches = 0;               // kernel group runs
  double compileMs = 0;
  double runMs = 0; // from start to halt
  // run() ran the member kernel: activeMembers counts member-block executions,
  // steps and executions stay 0 (no batched steps)
  bool memberKernel = false;
  std::string memberKernelWhyNot; // asked for and not possible: why
};

// A VM error (stack overflow, an unbounded run, a cancelled run): the
// message names the variable and the function.
class VmError : public AutobatchError {
public:
  using AutobatchError::AutobatchError;
};

// The VM's stack errors, for the batched VM and the member kernel alike.
VmError stackOverflow(const std::string& var, const Block& where, int64_t depth, int64_t member);
VmError stackUnderflow(const std::string& var, const Block& where, int64_t member);

class VirtualMachine {
public:
  // `program` is lowered (no functions) with types and allocations set.
  VirtualMachine(Program program, Device& device, int64_t batch, VmOptions options = {});
  ~VirtualMachine();
  VirtualMachine(const VirtualMachine&) = delete;
  VirtualMachine& operator=(const VirtualMachine&) = delete;

  // Compiles every block's kernels (also done on first use).
  void compile();
  // Pushes the inputs (one per vars_in, [batch, ...]) and sets every member
  // at block 0.
  void start(const std::vector<HostTensor>& inputs);
  // Runs one block; false once every member halted.
  bool step();
  // start + steps to the end; the vars_out values.
  std::vector<HostTensor> run(const std::vector<HostTensor>& inputs);
  std::vector<HostTensor> outputs() const;

  // For inspection: blocks in VM order, each member's pc (blocks().size() is
  // halted), the block that runs next (blocks().size() once all halted), a
  // variable's top values and stack depth per member.
  const std::vector<Block>& blocks() const;
  std::vector<int32_t> programCounters() const;
  int nextBlock() const;
  HostTensor value(const std::string& var) const;
  std::vector<int64_t> stackDepths(const std::string& var) const;
  // The frames a FULL variable's stack holds for member `member`, bottom
  // first: [depth, ...] of its type (empty for other allocations).
  HostTensor stackValues(const std::string& var, int64_t member) const;
  const Program& program() const;
  const VmStats& stats() const;
  // The kernels compiled for VM block `block`, in launch order: empty before
  // it is compiled, for a block of host work only, and on a device that runs
  // no kernels (REF).
  std::vector<LoweredKernel> kernels(int block) const;

private:
  struct Impl;
  std::unique_ptr<Impl> m;
};

// The blocks of a lowered program in the VM's priority order: the entry
// first, then blocks without PrimOps, then the rest, each group in graph
// order.
std::vector<int> vmBlockOrder(const Program& lowered);

} // namespace uops::autobatch
