#include "core/program/program.h"

#include "core/frontend/load_error.h"
#include "core/numpy/numpy_module.h"
#include "core/program/bindings.h"
#include "core/program/convert.h"
#include "core/program/needed.h"
#include "core/program/realization.h"
#include "core/program/safetensors.h"
#include "core/program/tensor_class.h"
#include "core/program/training.h"
#include "core/program/variable_bindings.h"
#include "core/runtime/small_pages.h"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>
#include <stdexcept>

namespace uops::program {

using frontend::Value;

namespace {

// A tensor, or a tolist() value standing for one (see needed.h).
std::optional<Tensor> outputTensor(const Value& v) {
  if (std::optional<Tensor> t = asTensor(v)) return t;
  return neededTensor(v);
}

std::vector<ProgramOutput> selectOutputs(const frontend::RunResult& run) {
  std::vector<Value> values =
      frontend::selectOutputs(run, [](const Value& v) { return outputTensor(v).has_value(); });
  std::vector<ProgramOutput> out;
  if (values.empty()) return out;
  // Outputs are the tensors print() was given when there are any, else the
  // last assignment's (a print of text alone, print(f"{loss}"), is not one).
  for (const frontend::PrintRecord& p : run.prints)
    for (const Value& v : p.args)
      if (std::optional<Tensor> t = outputTensor(v)) out.push_back({*t, p.loc});
  if (!out.empty()) return out;
  for (const Value& v : values)
    out.push_back({*outputTensor(v), run.lastAssignmentLoc});
  return out;
}

std::vector<NamedTensor> namedTensors(const frontend::Interpreter& interpreter) {
  std::vector<NamedTensor> out;
  for (const std::string& name : interpreter.globalNames()) {
    std::optional<Value> v = interpreter.global(name);
    if (!v) continue;
    if (std::optional<Tensor> t = asTensor(*v)) {
      out.push_back({name, *t});
      continue;
    }
    if (const std::vector<Value>* items = v->items())
      for (size_t i = 0; i < items->size(); ++i)
        if (std::optional<Tensor> t = asTensor((*items)[i]))
          out.push_back({fmt::format("{}[{}]", name, i), *t});
  }
  return out;
}

} // namespace

std::vector<Tensor> LoadedProgram::outputTensors() const {
  std::vector<Tensor> out;
  for (const ProgramOutput& o : outputs)
    out.push_back(o.tensor);
  return out;
}

LoadedProgram loadProgram(std::string fileName, std::string text, const LoadOptions& options) {
  static std::mutex loading; // the seed, TRAINING, the Tensor class and the needed set are process-wide
  std::lock_guard lock(loading);
  SmallPagesScope smallPages; // the program's graph: small pages (core/runtime/small_pages.h)
  forgetNeeded();
  forgetVariableBindings();
  setTrainingValue(trainingFromEnvironment());
  forgetTensorClassAttributes();
  Tensor::manualSeed(0);
  LoadedProgram program;
  program.fileName = fileName;
  frontend::Interpreter interpreter;
  interpreter.setLimits(options.limits);
  interpreter.setModulePath({options.modulePath.begin(), options.modulePath.end()});
  interpreter.setPrintSink([&program, &options](std::string_view s) {
    program.printed += s;
    if (options.printed) options.printed(s);
  });
  std::string device = options.device.empty() ? "REF" : options.device;
  installTinygrad(interpreter, device);
  numpy::installNumpy(interpreter);
  auto session = std::make_shared<LoadSession>(LoadSession{device, {}});
  for (const auto& [name, install] : extensionModules()) install(interpreter, session);
  Realizer realizer(device);
  realizer.setProgress(options.realizing, options.cancel);
  RealizerScope realizing(realizer);
  // safetensors files live next to the program.
  std::filesystem::path directory = std::filesystem::path(fileName).parent_path();
  setProgramDirectory(std::filesystem::absolute(directory.empty() ? "." : directory));
  const frontend::RunResult& run = interpreter.load(std::move(fileName), std::move(text));
  program.outputs = selectOutputs(run);
  program.tensors = namedTensors(interpreter);
  // What is left to compute is computed at the end, from the buffers as the
  // program left them.
  // One resolved handle per handle, so names of one tensor stay one tensor.
  std::vector<std::pair<Tensor, Tensor>> resolvedHandles;
  // graphs left unrealized compute with the values their variables were bound to
  auto bound = [&](const UOpPtr& u) { return bindVariables(std::span<const UOpPtr>(&u, 1), {}).front(); };
  auto resolve = [&](const Tensor& t) {
    for (const auto& [from, to] : resolvedHandles)
      if (from.isSame(t)) return to;
    UOpPtr u = bound(realizer.resolve(t.uop()));
    Tensor r = u == t.uop() ? t : Tensor(u, t.device(), t.isWeak());
    resolvedHandles.emplace_back(t, r);
    return r;
  };
  for (ProgramOutput& o : program.outputs) {
    Tensor shallow = realizer.resolvedShallow(o.tensor);
    program.finalGraphs.emplace_back(bound(shallow.uop()), shallow.device(), shallow.isWeak());
    o.tensor = resolve(o.tensor);
  }
  for (NamedTensor& n : program.tensors)
    n.tensor = resolve(n.tensor);
  program.schedules = realizer.schedules();
  program.versionValues = std::make_shared<const VersionValues>(realizer.takeVersionValues());
  program.loadKernels = realizer.kernelsRun();
  program.loadReferenceEvaluations = realizer.referenceEvaluations();
  program.loadTimeRuns = session->runs;
  program.variables = takeVariableBindings();
  forgetNeeded();
  return program;
}

void prepareLibraries() {
  SmallPagesScope smallPages; // as a load's: its heap grows by populated chunks
  frontend::Interpreter interpreter;
  installTinygrad(interpreter, "CPU");
  numpy::installNumpy(interpreter);
}

LoadedProgram loadProgramFile(const std::string& path, const LoadOptions& options) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(fmt::format("cannot open '{}'", path));
  std::ostringstream text;
  text << in.rdbuf();
  return loadProgram(path, text.str(), options);
}

} // namespace uops::program
