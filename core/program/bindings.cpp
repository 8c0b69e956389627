#include "core/program/bindings.h"

#include "core/frontend/interpreter.h"
#include "core/frontend/parser.h"
#include "core/frontend/process_environment.h"
#include "core/program/context_object.h"
#include "core/program/device_object.h"
#include "core/program/dtype_object.h"
#include "core/program/function_binding.h"
#include "core/program/global_counters.h"
#include "core/program/library_sources.h"
#include "core/program/safetensors.h"
#include "core/program/symbolic_int.h"
#include "core/program/tensor_class.h"
#include "core/program/tiny_jit.h"
#include "core/program/convert.h"
#include "core/numpy/np_dtype.h"
#include "core/numpy/np_dtype_object.h"

#include <memory>

#include <fmt/format.h>

namespace uops::program {
namespace {

// The library modules, parsed once per process: their ASTs are immutable and
// shared by every program's interpreter.
const std::vector<std::shared_ptr<const frontend::Program>>& parsedLibrary() {
  static const std::vector<std::shared_ptr<const frontend::Program>> parsed = [] {
    std::vector<std::shared_ptr<const frontend::Program>> out;
    for (const LibrarySource& source : librarySources())
      out.push_back(frontend::parseProgram(std::string(source.file), std::string(source.text)));
    return out;
  }();
  return parsed;
}

} // namespace

void installTinygrad(frontend::Interpreter& interpreter, const std::string& loadDevice) {
  frontend::Value tensor = tensorClass();
  frontend::Value dtypes = dtypesObject();
  frontend::Value function = functionDecorator();
  // Submodules first: registering "tinygrad.function" binds tinygrad.function
  // to the submodule, and tinygrad's own __init__ then rebinds it to the
  // decorator, as registering the package's members last does here.
  // tinygrad/tensor.py's module names model files import with Tensor (bert.py: `cast`, typing's;
  // examples/mlperf/helpers.py: dtypes)
  frontend::Value cast = frontend::makeNative("cast", [](frontend::Args& a) {
    return a.bind({"typ", "val"})[1];
  });
  // _to_np_dtype (mask_rcnn.py sizes its numpy batch with it): the numpy
  // scalar type of a dtype numpy here has
  frontend::Value toNpDtype = frontend::makeNative("_to_np_dtype", [](frontend::Args& a) {
    const DType dtype = toDType(a, a.bind({"dtype"})[0], "dtype");
    const std::string_view name = scalarNumpyName(dtype.scalar);
    const std::optional<numpy::NpType> type = numpy::typeNamed(name);
    if (!type)
      a.fail(fmt::format("_to_np_dtype: numpy here has no {} (it has bool, uint8, int32, int64, "
                         "float32 and float64)",
                         name));
    return numpy::scalarTypeValue(*type);
  });
  interpreter.registerModule(
      "tinygrad.tensor",
      {{"Tensor", tensor}, {"dtypes", dtypes}, {"cast", cast}, {"_to_np_dtype", toNpDtype}});
  interpreter.registerModule("tinygrad.dtype", {{"dtypes", dtypes}});
  interpreter.registerModule("tinygrad.function", {{"function", function}});
  frontend::Value context = contextClass();
  frontend::Value jit = tinyJitClass();
  frontend::Value device = deviceObject(loadDevice);
  // library/helpers.py adds the rest of tinygrad.helpers around these.
  frontend::Value counters = globalCountersObject();
  interpreter.registerModule("tinygrad.helpers", {{"Context", context},
                                                  {"TRAINING", trainingVariable()},
                                                  {"GlobalCounters", counters},
                                                  {"_environ_get", frontend::environmentReader()}});
  interpreter.registerModule("tinygrad.device", {{"Device", device}});
  interpreter.registerModule("tinygrad.engine.jit", {{"TinyJit", jit}});
  frontend::Value uop = uopClass();
  frontend::Value variable = variableFunction();
  interpreter.registerModule("tinygrad.uop.ops", {{"UOp", uop}, {"Variable", variable}});
  interpreter.registerModule("tinygrad", {{"Tensor", tensor},
                                          {"dtypes", dtypes},
                                          {"function", function},
                                          {"Context", context},
                                          {"Device", device},
                                          {"TinyJit", jit},
                                          {"UOp", uop},
                                          {"Variable", variable},
                                          {"GlobalCounters", counters}});
  interpreter.registerModule("tinygrad.nn.state", {{"safe_load", safeLoadFunction()},
                                                   {"safe_save", safeSaveFunction()}});
  const auto& parsed = parsedLibrary();
  for (size_t i = 0; i < parsed.size(); ++i)
    interpreter.registerSourceModule(std::string(librarySources()[i].module), parsed[i]);
}

} // namespace uops::program
