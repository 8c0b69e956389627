// A kernel's linearized instructions (the Linearize stage's Linear) run one
// at a time on host buffers: what the explorer's kernel step debugger shows.
// Loops run as the Linear says (a Range starts one, its End goes back while
// the counter is under the bound), a gated Load gives its alternative and a
// gated Store writes nothing where the gate is false, an If skips to its
// Endif. Element laws are the reference evaluator's (scalar_ops.h), so the
// buffers after the last instruction hold what the compiled kernel computes.
// One work-item runs: Special (a GPU work-item index) reads 0, a THREAD range
// loops over every thread in turn, a Barrier does nothing.
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
  // `linear`: a Linear of one kernel; `params[k]` is bound to Param slot k.
  // StepperError for a param missing or of another element type than its Param's.
  LinearStepper(UOpPtr linear, std::vector<HostTensor> params);

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

  // Instruction i's value as text ("3", "0.5", "true", "data1[12]" for an
  // address, "buffer" for a buffer), or nullopt before it first ran or for
  // instructions without a value (Store, End, ...).
  std::optional<std::string> value(size_t i) const;
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
  Slot& slot(const UOp& u);
  const Slot& operand(const UOp& u) const;
  void exec(size_t i);

  UOpPtr m_linear;
  std::vector<HostTensor> m_params;
  std::vector<HostTensor> m_registers; // REG Buffers, by the instruction that defines them
  std::vector<Slot> m_slots;            // by instruction
  std::vector<size_t> m_endOf;          // Range -> its End, If -> its Endif (instruction indices)
  std::unordered_map<const UOp*, size_t> m_index;
  size_t m_pc = 0;
  size_t m_steps = 0;
};

} // namespace uops
