#include "backends/llvm/mca_block.h"

#include "backends/llvm/jit_error.h"
#include "backends/llvm/target_machine.h"

#include <llvm/ADT/bit.h>
#include <llvm/MC/MCInst.h>
#include <llvm/MC/MCInstrAnalysis.h>
#include <llvm/MC/MCInstrInfo.h>
#include <llvm/MC/MCRegisterInfo.h>
#include <llvm/MC/MCSchedule.h>
#include <llvm/MC/MCSubtargetInfo.h>
#include <llvm/MC/TargetRegistry.h>
#include <llvm/MCA/Context.h>
#include <llvm/MCA/CustomBehaviour.h>
#include <llvm/MCA/HWEventListener.h>
#include <llvm/MCA/InstrBuilder.h>
#include <llvm/MCA/Pipeline.h>
#include <llvm/MCA/SourceMgr.h>
#include <llvm/Support/Error.h>

#include <algorithm>
#include <memory>

namespace uops {
namespace {

// The MC layer's objects MCA reads the CPU from.
struct McaTarget {
  std::unique_ptr<llvm::MCRegisterInfo> registers;
  std::unique_ptr<llvm::MCSubtargetInfo> subtarget;
  std::unique_ptr<llvm::MCInstrInfo> instructions;
  std::unique_ptr<llvm::MCInstrAnalysis> analysis;
};

McaTarget makeMcaTarget(const TargetDesc& target) {
  const llvm::Target& llvmTarget = lookupTarget(target.triple);
  McaTarget out;
  out.registers.reset(llvmTarget.createMCRegInfo(target.triple));
  out.subtarget.reset(llvmTarget.createMCSubtargetInfo(target.triple, target.cpu, target.features));
  out.instructions.reset(llvmTarget.createMCInstrInfo());
  if (!out.registers || !out.subtarget || !out.instructions)
    throw JitError(JitError::Kind::Setup, "no MC layer for " + target.triple);
  out.analysis.reset(llvmTarget.createMCInstrAnalysis(out.instructions.get()));
  if (!out.subtarget->getSchedModel().hasInstrSchedModel())
    throw JitError(JitError::Kind::Setup,
                   "LLVM has no scheduling model for CPU '" + target.cpu + "': no throughput model");
  return out;
}

// The execution units of the scheduling model, each unit of a resource with
// several its own port; a group of resources is not a port.
struct PortMap {
  std::vector<std::string> names;
  std::vector<size_t> firstPort; // by processor resource index
};

PortMap portsOf(const llvm::MCSchedModel& model) {
  PortMap map;
  map.firstPort.assign(model.getNumProcResourceKinds(), SIZE_MAX);
  for (unsigned i = 1; i < model.getNumProcResourceKinds(); ++i) {
    const llvm::MCProcResourceDesc& resource = *model.getProcResource(i);
    if (resource.SubUnitsIdxBegin || resource.NumUnits == 0) continue;
    map.firstPort[i] = map.names.size();
    for (unsigned unit = 0; unit < resource.NumUnits; ++unit)
      map.names.push_back(resource.NumUnits == 1 ? std::string(resource.Name)
                                                 : std::string(resource.Name) + "." + std::to_string(unit));
  }
  return map;
}

// Collects what the pipeline reports: resource cycles per instruction of the
// body and port, and the cycles in which instructions waited, by cause.
class PressureListener final : public llvm::mca::HWEventListener {
public:
  PressureListener(const PortMap& ports, size_t bodySize)
      : m_ports(ports), m_usage(bodySize, std::vector<double>(ports.names.size(), 0.0)) {}

  void onEvent(const llvm::mca::HWInstructionEvent& event) override {
    if (event.Type != llvm::mca::HWInstructionEvent::Issued) return;
    const auto& issued = static_cast<const llvm::mca::HWInstructionIssuedEvent&>(event);
    std::vector<double>& row = m_usage[event.IR.getSourceIndex() % m_usage.size()];
    for (const auto& [resource, cycles] : issued.UsedResources) {
      if (resource.first >= m_ports.firstPort.size() || m_ports.firstPort[resource.first] == SIZE_MAX) continue;
      const size_t port = m_ports.firstPort[resource.first] + llvm::countr_zero(resource.second);
      if (port < row.size())
        row[port] += static_cast<double>(cycles.getNumerator()) / static_cast<double>(cycles.getDenominator());
    }
  }

  void onEvent(const llvm::mca::HWPressureEvent& event) override {
    switch (event.Reason) {
    case llvm::mca::HWPressureEvent::RESOURCES: ++resourceStalls; break;
    case llvm::mca::HWPressureEvent::REGISTER_DEPS: ++registerStalls; break;
    case llvm::mca::HWPressureEvent::MEMORY_DEPS: ++memoryStalls; break;
    case llvm::mca::HWPressureEvent::INVALID: break;
    }
  }

  const std::vector<std::vector<double>>& usage() const { return m_usage; }
  uint64_t resourceStalls = 0, registerStalls = 0, memoryStalls = 0;

private:
  const PortMap& m_ports;
  std::vector<std::vector<double>> m_usage;
};

using Sequence = std::vector<std::unique_ptr<llvm::mca::Instruction>>;

Sequence buildSequence(llvm::mca::InstrBuilder& builder, const std::vector<BlockInstruction>& body) {
  Sequence sequence;
  for (const BlockInstruction& b : body) {
    auto instruction = builder.createInstruction(*b.instruction, {});
    if (!instruction)
      throw JitError(JitError::Kind::Setup, "MCA cannot model '" + b.text +
                                                "': " + llvm::toString(instruction.takeError()));
    sequence.push_back(std::move(*instruction));
  }
  return sequence;
}

// Total cycles of `iterations` passes over the body (listener, if given, hears them).
unsigned simulate(const McaTarget& target, const Sequence& sequence, unsigned iterations,
                  PressureListener* listener) {
  llvm::mca::Context context(*target.registers, *target.subtarget);
  llvm::mca::CircularSourceMgr source(sequence, iterations);
  llvm::mca::CustomBehaviour behaviour(*target.subtarget, source, *target.instructions);
  // the model's own queue sizes and widths; no aliasing between loads and stores
  // (a kernel's buffers do not overlap); pressure events for the bottleneck
  const llvm::mca::PipelineOptions options(0, 0, 0, 0, 0, 0, true, true);
  std::unique_ptr<llvm::mca::Pipeline> pipeline = context.createDefaultPipeline(options, source, behaviour);
  if (listener) pipeline->addEventListener(listener);
  llvm::Expected<unsigned> cycles = pipeline->run();
  if (!cycles) throw JitError(JitError::Kind::Setup, "MCA failed: " + llvm::toString(cycles.takeError()));
  return *cycles;
}

// Latency and reciprocal throughput from the scheduling class, variants resolved.
void scheduleFigures(const McaTarget& target, const llvm::MCInst& instruction, ThroughputInstruction& out) {
  const llvm::MCSchedModel& model = target.subtarget->getSchedModel();
  unsigned schedClass = target.instructions->get(instruction.getOpcode()).getSchedClass();
  const llvm::MCSchedClassDesc* desc = model.getSchedClassDesc(schedClass);
  while (schedClass != 0 && desc->isVariant()) {
    schedClass = target.subtarget->resolveVariantSchedClass(schedClass, &instruction, target.instructions.get(),
                                                            model.getProcessorID());
    desc = model.getSchedClassDesc(schedClass);
  }
  if (schedClass == 0 || !desc->isValid()) return;
  out.latency = static_cast<unsigned>(std::max(0, llvm::MCSchedModel::computeInstrLatency(*target.subtarget, *desc)));
  out.reciprocalThroughput = llvm::MCSchedModel::getReciprocalThroughput(*target.subtarget, *desc);
}

std::string bottleneckOf(const LoopThroughput& loop) {
  const auto busiest = std::max_element(loop.portCycles.begin(), loop.portCycles.end());
  const double limit = 0.9 * loop.cyclesPerIteration; // within 10% of the iteration's cycles: that bound holds it
  if (busiest != loop.portCycles.end() && *busiest >= limit && *busiest >= loop.dispatchCycles)
    return "port " + loop.ports[static_cast<size_t>(busiest - loop.portCycles.begin())];
  if (loop.dispatchCycles >= limit) return "dispatch width";
  return loop.memoryStalls > loop.registerStalls ? "memory dependencies" : "dependency chain";
}

} // namespace

void modelBlock(const std::vector<BlockInstruction>& body, const TargetDesc& target, bool repeats,
                LoopThroughput& loop) {
  if (body.empty()) throw JitError(JitError::Kind::Setup, "the block to model has no instructions");
  const McaTarget mca = makeMcaTarget(target);
  const llvm::MCSchedModel& model = mca.subtarget->getSchedModel();
  const llvm::mca::InstrumentManager instruments(*mca.subtarget, *mca.instructions);
  llvm::mca::InstrBuilder builder(*mca.subtarget, *mca.instructions, *mca.registers, mca.analysis.get(),
                                  instruments, /*CallLatency=*/100);
  const Sequence sequence = buildSequence(builder, body);
  const PortMap ports = portsOf(model);

  const unsigned iterations = repeats ? 100 : 1;
  PressureListener listener(ports, body.size());
  const unsigned cycles = simulate(mca, sequence, iterations, &listener);
  loop.cyclesPerIteration =
      repeats ? (static_cast<double>(simulate(mca, sequence, 2 * iterations, nullptr)) - cycles) / iterations
              : static_cast<double>(cycles);
  loop.resourceStalls = listener.resourceStalls;
  loop.registerStalls = listener.registerStalls;
  loop.memoryStalls = listener.memoryStalls;
  loop.ports = ports.names;
  loop.portCycles.assign(ports.names.size(), 0.0);
  unsigned microOps = 0;
  loop.instructions.clear();
  for (size_t i = 0; i < body.size(); ++i) {
    ThroughputInstruction row{.offset = body[i].offset, .text = body[i].text,
                              .microOps = sequence[i]->getDesc().NumMicroOps, .latency = 0,
                              .reciprocalThroughput = 0, .portCycles = {}};
    scheduleFigures(mca, *body[i].instruction, row);
    for (double& c : row.portCycles = listener.usage()[i]) c /= iterations;
    for (size_t p = 0; p < ports.names.size(); ++p) loop.portCycles[p] += row.portCycles[p];
    microOps += row.microOps;
    loop.instructions.push_back(std::move(row));
  }
  loop.resourceCycles = loop.portCycles.empty() ? 0 : *std::max_element(loop.portCycles.begin(), loop.portCycles.end());
  loop.dispatchCycles = static_cast<double>(microOps) / std::max(1u, model.IssueWidth);
  loop.bottleneck = bottleneckOf(loop);
}

} // namespace uops
