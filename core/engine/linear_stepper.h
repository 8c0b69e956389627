// A kernel's linearized instructions (the Linearize stage's Linear) run one
// at a time on host buffers: what the explorer's kernel step debugger shows.
// Loops run as the Linear says (a Range starts one, its End goes back while
// the counter is under the bound), a gated Load gives its alternative and a
// gated Store writes nothing where the gate is false, an If skips to its
// Endif. Element laws are the reference evaluator's (scalar_ops.h), so the
// buffers after the last instruction hold what the compiled kernel computes.
// A GPU kernel's first `lanes` work-items run together, SIMT-style: each
// instruction runs on every active lane, each lane with registers of its own
// (LOCAL buffers are the work-group's, shared). Lane l is work-item l counted
// over the Specials, lidx0 fastest, then lidx1.., then the group or global
// indices (gidx0/idx0 first). A lane whose If is false or whose loop ended
// waits, inactive, until the others reach the Endif or leave the loop; a
// Barrier is then met by all lanes at once. A CPU kernel has one lane; a
// THREAD range loops over every thread in turn.
#pragma once

#include "core/ir/uop.h"
#include "core/runtime/host_tensor.h"

#include <optional>
#include <unordered_map>
#include <stdexcept>
#include <string>
#include <vector>

namespace uops {

struct StepperError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class LinearStepper {
public:
  // `linear`: a Linear of one kernel; `params[k]` is bound to Param slot k;
  // `lanes` work-items run (at most the kernel's work-items, at least one).
  // StepperError for a param missing or of another element type than its Param's.
  LinearStepper(UOpPtr linear, std::vector<HostTensor> params, int64_t lanes = 1);

  const std::vector<UOpPtr>& instructions() const { return m_linear->src(); }
  // The instruction that runs next; instructions().size() once done.
  size_t next() const { return m_pc; }
  bool done() const { return m_pc >= instructions().size(); }
  // Runs the next instruction. StepperError for an op the stepper does not run
  // (it names it) and for an access outside a buffer.
  void step();
  // Steps until done or until the next instruction is one of `breakpoints`
  // (after at least one step); how many steps ran. `limit` bounds the steps.
  size_t run(const std::vector<size_t>& breakpoints, size_t limit = 100'000'000);
  size_t steps() const { return m_steps; }

  // The lanes that run, and how many work-items the kernel has (1 for a CPU kernel).
  int64_t lanes() const { return m_lanes; }
  int64_t workItems() const { return m_workItems; }
  // Whether a lane runs the next instruction (false while its If is false or its loop ended).
  bool active(int64_t lane) const { return m_active.at(static_cast<size_t>(lane)); }
  // Lane's work-item index per Special instruction, "lidx0=1 gidx0=3".
  std::string laneName(int64_t lane) const;

  // Instruction i's value in `lane` as text ("3", "0.5", "true", "data1[12]"
  // for an address, "buffer" for a buffer), or nullopt before it first ran
  // there or for instructions without a value (Store, End, ...).
  std::optional<std::string> value(size_t i, int64_t lane = 0) const;
  // The buffers bound to the Params, as the instructions left them.
  const std::vector<HostTensor>& params() const { return m_params; }

private:
  struct Slot {
    bool set = false;
    double f = 0;
    uint64_t bits = 0;
    HostTensor* buffer = nullptr; // an address (with offset) or a buffer
    int64_t offset = -1;          // -1: the buffer itself
  };
  Slot& at(size_t i, int64_t lane) { return m_slots[static_cast<size_t>(lane) * instructions().size() + i]; }
  const Slot& at(size_t i, int64_t lane) const {
    return m_slots[static_cast<size_t>(lane) * instructions().size() + i];
  }
  const Slot& operand(const UOp& u, int64_t lane) const;
  // Special instruction `special`'s value in `lane`: the lane's digit for it (lidx0 fastest).
  int64_t specialValue(size_t special, int64_t lane) const;
  void exec(size_t i);
  void execLane(size_t i, int64_t lane); // an instruction that is no control flow
  size_t execControl(size_t i);         // Range, End, If, Endif: the next instruction
  bool anyActive() const;

  UOpPtr m_linear;
  std::vector<HostTensor> m_params;
  int64_t m_lanes = 1;
  int64_t m_workItems = 1;
  int64_t m_groupSize = 1; // work-items per work-group: lanes that share LOCAL buffers
  std::vector<std::pair<size_t, int64_t>> m_specials; // instruction, its size: the lane's digits, fastest first
  std::vector<HostTensor> m_registers; // REG Buffers, per lane; LOCAL ones once
  std::vector<Slot> m_slots;            // by lane, then instruction
  std::vector<bool> m_active;           // per lane
  std::vector<std::vector<bool>> m_masks; // the active lanes before each open loop or If
  std::vector<size_t> m_endOf;          // Range -> its End, If -> its Endif (instruction indices)
  std::unordered_map<const UOp*, size_t> m_index;
  size_t m_pc = 0;
  size_t m_steps = 0;
};

} // namespace uops
