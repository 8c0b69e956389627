// Loading a tensor program (PROGRAM_FORMAT.md): run its Python with the
// tinygrad bindings, then pick its outputs.
#pragma once

#include "core/frontend/interpreter.h"
#include "core/frontend/source.h"
#include "core/program/extension_modules.h"
#include "core/program/realization.h"
#include "core/program/variable_bindings.h"
#include "core/tensor/tensor.h"

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace uops::program {

struct ProgramOutput {
  Tensor tensor;
  frontend::Location loc; // the print() call or the assignment that made it an output
};

// A module-level name bound to a tensor when the program ended ("x"), or to a
// list/tuple holding tensors ("outs[2]").
struct NamedTensor {
  std::string name;
  Tensor tensor;
};

struct LoadedProgram {
  std::string fileName;
  // PROGRAM_FORMAT.md's rule: every tensor passed to print(), in program
  // order; otherwise the last module-level assignment if it is a tensor or a
  // list/tuple of tensors. Empty when the program has neither.
  std::vector<ProgramOutput> outputs;
  // The live tensors for the explorer, sorted by name.
  std::vector<NamedTensor> tensors;
  // What print() wrote.
  std::string printed;
  // The realization points the program went through (realize(), item(),
  // tolist(), an optimizer's step(), TinyJit calls), in order: each computes
  // buffer versions from those of earlier ones (core/program/realization.h).
  std::vector<RealizedSchedule> schedules;
  // The versions' values computed while loading: every realization's on a
  // device that runs kernels, those Python needed on REF.
  std::shared_ptr<const VersionValues> versionValues = std::make_shared<VersionValues>();
  // Compiled kernels that ran while loading (0 on REF).
  int64_t loadKernels = 0;
  // Graphs the reference evaluator computed while loading (0 on a device).
  int64_t loadReferenceEvaluations = 0;
  // The outputs over those versions: what is left to compute at the end.
  // (`outputs` holds the same values as graphs with every version inlined.)
  std::vector<Tensor> finalGraphs;
  // Work extension modules did while the program loaded (auto-batched calls).
  std::vector<LoadTimeRun> loadTimeRuns;
  // The symbolic variables the program bound, with their values in order.
  std::vector<VariableBinding> variables;

  std::vector<Tensor> outputTensors() const;
};

struct LoadOptions {
  frontend::Limits limits{};
  // Where work done while loading runs (realization points, an @autobatch
  // function's VM); empty: REF.
  std::string device{};
  // Told before each realization point runs on the device: its number in
  // the program, why, where, on which step of the program's loops, and its
  // graphs (what the explorer shows while later steps still run).
  std::function<void(const RealizationReport&)> realizing{};
  // Told the text of each print() as the program prints it (LoadedProgram's
  // `printed` gathers it too): a training loop's progress shows while it runs,
  // and what it printed before a load error is not lost.
  std::function<void(std::string_view)> printed{};
  // Folders where `import name` looks for name.py after the program's own folder.
  std::vector<std::string> modulePath{};
  // Set from another thread, loading stops before the next realization point
  // runs (a LoadError saying it was stopped).
  const std::atomic<bool>* cancel = nullptr;

  // Default limits, work done on `device`.
  static LoadOptions on(std::string device) {
    LoadOptions options;
    options.device = std::move(device);
    return options;
  }
};

// Runs the program. Every failure, including a Tensor API error raised by a
// call, throws frontend::LoadError (file:line:col, the line, a caret).
// Loading resets tinygrad's global state a program sees: the random seed (0),
// TRAINING (the environment's, as tinygrad reads it at import) and attributes
// set on the Tensor class, so a program loads the same way every time.
// That state is the process's: loads from several threads run one at a time.
LoadedProgram loadProgram(std::string fileName, std::string text, const LoadOptions& options = {});
// Reads the file first; an unreadable file throws std::runtime_error.
LoadedProgram loadProgramFile(const std::string& path, const LoadOptions& options = {});

// What `import tinygrad` and `import numpy` build once per process, built now: the
// library's Python sources parsed, the Tensor class and its method table. The first
// load builds them otherwise (4-5 ms cold on a 2-core Zen 5 VM, 0.1 ms after). For a
// caller that times loads as compare.py times tinygrad's, after the import
// (bench-compile); loads that follow see no difference.
void prepareLibraries();

} // namespace uops::program
