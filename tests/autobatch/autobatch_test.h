// Shared by the auto-batching tests: load a program with `uopscope.autobatch`
// installed, get its @autobatch calls' records, and rerun a call's lowered
// program on a VM of one's own.
#pragma once

#include "core/autobatch/definitional.h"
#include "core/autobatch/module.h"
#include "core/autobatch/prim.h"
#include "core/autobatch/vm.h"
#include "core/frontend/load_error.h"
#include "core/program/program.h"
#include "core/engine/device_registry.h"
#include "tests/program/program_test.h"

#include <QTest>

#include <string>

namespace autobatchtest {

using namespace uops;
using namespace uops::autobatch;

inline const bool kInstalled = (installAutobatchModule(), true);

inline program::LoadedProgram load(const std::string& text, const std::string& device = "REF") {
  (void)kInstalled;
  return program::loadProgram("test.py", text, uops::program::LoadOptions::on(device));
}

// The load error's text, or "" when the program loads.
inline std::string loadError(const std::string& text, const std::string& device = "REF") {
  try {
    load(text, device);
  } catch (const frontend::LoadError& e) {
    return e.what();
  }
  return "";
}

inline const AutobatchCall& call(const program::LoadedProgram& p, size_t i = 0) {
  const AutobatchCall* c = i < p.loadTimeRuns.size() ? autobatchCall(p.loadTimeRuns[i]) : nullptr;
  if (!c) throw std::runtime_error("no such @autobatch call");
  return *c;
}

inline const Program& stage(const AutobatchCall& c, const std::string& name) {
  for (const PassRecord& r : c.passes)
    if (r.stage == name) return r.program;
  throw std::runtime_error("no pass " + name);
}

// Every value of every output, as the program tests print them.
inline std::string outputs(const std::vector<HostTensor>& values) {
  std::string out;
  for (const HostTensor& v : values) out += programtest::flat(v) + "\n";
  return out;
}

// Executions of the VM block whose instructions include a prim printed as `text`.
inline int64_t executionsOf(const AutobatchCall& c, const std::string& text) {
  for (size_t k = 0; k < c.vmBlocks.size(); ++k)
    for (const Instruction& ins : c.vmBlocks[k].instructions)
      if (const PrimOp* op = std::get_if<PrimOp>(&ins))
        if (primText(*op->fn, op->in) == text) return c.stats.executions[k];
  return -1;
}

} // namespace autobatchtest
