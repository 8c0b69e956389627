#include "backends/llvm/loop_throughput.h"

#include "backends/llvm/compile_to_object.h"
#include "backends/llvm/cpu_clock.h"
#include "backends/llvm/disassemble.h"
#include "backends/llvm/ir_loop_trips.h"
#include "backends/llvm/jit_error.h"
#include "backends/llvm/llvm_jit.h"
#include "backends/llvm/machine_loops.h"
#include "backends/llvm/mca_block.h"
#include "backends/llvm/target_machine.h"
#include "core/pipeline/codegen.h"

#include <llvm/MC/MCInst.h>
#include <llvm/MC/MCInstrAnalysis.h>
#include <llvm/MC/MCInstrInfo.h>
#include <llvm/MC/TargetRegistry.h>

#include <algorithm>
#include <memory>
#include <thread>

namespace uops {
namespace {

// The entry's instructions with their branch targets.
struct DecodedFunction {
  std::vector<llvm::MCInst> instructions;
  std::vector<AsmLine> lines;
  std::vector<CodeSite> sites;
  std::vector<bool> returns; // the function's exits: not part of a straight-line body's work
};

DecodedFunction decodeEntry(std::span<const uint8_t> object, const std::string& entry, const TargetDesc& target) {
  const llvm::Target& llvmTarget = lookupTarget(target.triple);
  std::unique_ptr<llvm::MCInstrInfo> info(llvmTarget.createMCInstrInfo());
  std::unique_ptr<llvm::MCInstrAnalysis> analysis(llvmTarget.createMCInstrAnalysis(info.get()));
  if (!analysis) throw JitError(JitError::Kind::Setup, "no instruction analysis for " + target.triple);
  DecodedFunction out;
  visitFunction(object, entry, target, AsmSyntax::Intel,
                [&](const llvm::MCInst& instruction, const AsmLine& line, bool decoded) {
                  if (!decoded)
                    throw JitError(JitError::Kind::Setup, "undecodable bytes at offset " + std::to_string(line.offset));
                  const llvm::MCInstrDesc& desc = info->get(instruction.getOpcode());
                  CodeSite site{.offset = line.offset,
                                .size = line.bytes.size(),
                                .branchTarget = CodeSite::kNoTarget,
                                .fallsThrough = !desc.isBarrier()};
                  uint64_t destination = 0;
                  if (desc.isBranch() &&
                      analysis->evaluateBranch(instruction, line.offset, line.bytes.size(), destination))
                    site.branchTarget = destination;
                  out.instructions.push_back(instruction);
                  out.lines.push_back(line);
                  out.sites.push_back(site);
                  out.returns.push_back(desc.isReturn());
                });
  return out;
}

std::vector<BlockInstruction> bodyOf(const DecodedFunction& code, uint64_t start, uint64_t end) {
  std::vector<BlockInstruction> body;
  for (size_t i = 0; i < code.lines.size(); ++i)
    if (code.lines[i].offset >= start && code.lines[i].offset < end && !code.returns[i])
      body.push_back({.instruction = &code.instructions[i], .offset = code.lines[i].offset, .text = code.lines[i].text});
  return body;
}

// Each machine loop's body executions from the IR loop in the same place of
// the same nest; a note says why where the two do not match.
void assignIterations(std::vector<LoopThroughput>& loops, const std::vector<IrLoopTrips>& trips) {
  if (trips.size() != loops.size()) {
    for (LoopThroughput& loop : loops)
      loop.iterationsNote = "the machine code has " + std::to_string(loops.size()) +
                            " innermost loops, the optimized IR " + std::to_string(trips.size()) +
                            ": trip counts cannot be matched to them";
    return;
  }
  for (size_t i = 0; i < loops.size(); ++i) {
    if (trips[i].depth != loops[i].depth) {
      loops[i].iterationsNote = "the IR loop '" + trips[i].header + "' is " + std::to_string(trips[i].depth) +
                                " deep, the machine loop " + std::to_string(loops[i].depth);
      continue;
    }
    if (trips[i].executions == 0) {
      loops[i].iterationsNote = "ScalarEvolution finds no constant trip count around loop '" + trips[i].header + "'";
      continue;
    }
    loops[i].iterations = trips[i].executions;
    loops[i].iterationsNote = "trip counts of the IR loop nest at '" + trips[i].header + "' (ScalarEvolution)";
  }
}

} // namespace

size_t KernelThroughput::hotLoop() const {
  size_t hot = 0;
  for (size_t i = 1; i < loops.size(); ++i)
    if (loops[i].predictedCycles() > loops[hot].predictedCycles()) hot = i;
  return hot;
}

double KernelThroughput::predictedCyclesPerCall() const {
  double total = 0;
  for (const LoopThroughput& loop : loops) {
    if (loop.predictedCycles() < 0) return -1;
    total += loop.predictedCycles();
  }
  return loops.empty() ? -1 : total;
}

double KernelThroughput::predictedMs() const {
  const double cycles = predictedCyclesPerCall();
  if (cycles < 0 || clockMHz <= 0) return -1;
  const int64_t rounds = (calls + std::max<int64_t>(parallel, 1) - 1) / std::max<int64_t>(parallel, 1);
  return cycles * static_cast<double>(rounds) / (clockMHz * 1e3);
}

KernelThroughput analyzeThroughput(std::span<const uint8_t> object, const std::string& entry,
                                   const std::string& optimizedIr, const std::string& kernel) {
  const TargetDesc& target = hostTarget();
  const DecodedFunction code = decodeEntry(object, entry, target);
  KernelThroughput out;
  out.kernel = kernel;
  out.cpu = target.cpu;
  const CpuClock clock = hostCpuClock();
  out.clockMHz = clock.mhz;
  out.clockSource = clock.source;
  for (const MachineLoop& m : findMachineLoops(code.sites)) {
    if (!m.innermost) continue;
    LoopThroughput loop;
    loop.start = m.start;
    loop.end = m.end;
    loop.depth = m.depth;
    modelBlock(bodyOf(code, m.start, m.end), target, true, loop);
    out.loops.push_back(std::move(loop));
  }
  if (out.loops.empty()) {
    // straight-line code: every instruction once
    LoopThroughput whole;
    whole.end = code.lines.empty() ? 0 : code.lines.back().offset + code.lines.back().bytes.size();
    whole.depth = 0;
    modelBlock(bodyOf(code, 0, whole.end), target, false, whole);
    whole.iterations = 1;
    whole.iterationsNote = "no loop: the function runs once per call";
    out.loops.push_back(std::move(whole));
    out.straightLine = true;
  } else {
    assignIterations(out.loops, innermostLoopTrips(optimizedIr, entry));
  }
  for (const LoopThroughput& loop : out.loops)
    if (loop.iterations == 0 && out.note.empty()) out.note = "no prediction: " + loop.iterationsNote;
  if (out.note.empty() && out.clockMHz <= 0) out.note = "no prediction: " + out.clockSource;
  return out;
}

KernelThroughput analyzeKernelThroughput(const LoweredKernel& kernel) {
  if (!kernel.target.hostCode || kernel.rendered.text.empty())
    throw JitError(JitError::Kind::Setup, "the throughput model is for CPU kernels: " + kernel.name.text +
                                              " is lowered for " + kernel.target.device +
                                              ", whose machine code LLVM's MCA does not model");
  // as the CPU device compiles it: the JIT's default options, for the host
  const ObjectArtifacts compiled =
      compileToObject(kernel.rendered.text, kernel.rendered.entry, hostTarget(), CompileOptions{}.optLevel);
  KernelThroughput out = analyzeThroughput(compiled.object, kernel.rendered.entry, compiled.optimizedIr, kernel.name.text);
  out.calls = std::max<int64_t>(kernel.rendered.workItems(), 1);
  out.parallel = std::min<int64_t>(out.calls, std::max(1u, std::thread::hardware_concurrency()));
  return out;
}

} // namespace uops
