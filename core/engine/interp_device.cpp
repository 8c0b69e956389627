#include "core/engine/interp_device.h"

#include "core/ir/variable.h"
#include "core/pipeline/codegen.h"
#include "core/engine/kernel_interpreter.h"
#include "core/pipeline/half_round_trip.h"
#include "core/rewrite/graph_rewrite.h"

#include <chrono>
#include <mutex>

namespace uops {
namespace {

DeviceDescription describeInterp() {
  return {"INTERP", "INTERP (kernel ASTs interpreted on the host)", false, false};
}

class InterpProgram final : public DeviceProgram {
public:
  InterpProgram(std::string name, UOpPtr ast) : m_name(std::move(name)), m_ast(std::move(ast)) {}
  const std::string& name() const override { return m_name; }

  double run(std::span<DeviceBuffer* const> buffers, std::span<const int64_t> variables) override {
    std::vector<HostTensor*> params;
    params.reserve(buffers.size());
    for (DeviceBuffer* b : buffers) params.push_back(&HostMemoryDevice::host(*b).value);
    auto start = std::chrono::steady_clock::now();
    runKernel(withValues(variables), params);
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  }

  std::string machineCode() const override {
    throw DeviceError("INTERP has no machine code: it interprets the kernel's UOps");
  }

private:
  // The interpreter reads numbers: the kernel's variables become Consts of
  // their values (in variablesOf's order, as the schedule passes them).
  UOpPtr withValues(std::span<const int64_t> variables) const {
    if (variables.empty()) return m_ast;
    std::vector<VariableRange> names = variablesOf(std::span<const UOpPtr>(&m_ast, 1));
    VariableValues values;
    for (size_t i = 0; i < names.size() && i < variables.size(); ++i) values[names[i].name] = variables[i];
    return bindVariables(std::span<const UOpPtr>(&m_ast, 1), values).front();
  }

  std::string m_name;
  UOpPtr m_ast;
};

class InterpDevice final : public HostMemoryDevice {
public:
  const DeviceDescription& description() const override { return m_description; }
  const CodegenTarget* target() const override { return nullptr; }

  std::shared_ptr<DeviceProgram> compile(const LoweredKernel& kernel) override {
    // no Instruction Selection here, but its half round trips: the values are the devices'
    UOpPtr ast = graphRewrite(kernel.current, pmHalfRoundTrip(), {.name = "half round trip"});
    return std::make_shared<InterpProgram>(kernel.name.text, ast);
  }
  std::vector<std::shared_ptr<DeviceProgram>> compileAll(const std::vector<LoweredKernel>& kernels) override {
    std::vector<std::shared_ptr<DeviceProgram>> out;
    for (const LoweredKernel& k : kernels) out.push_back(compile(k));
    return out;
  }

private:
  DeviceDescription m_description = describeInterp();
};

} // namespace

void registerInterpDevice() {
  static std::once_flag once;
  std::call_once(once, [] {
    registerDeviceKind(singleDeviceKind(describeInterp(), [] { return std::make_unique<InterpDevice>(); }));
  });
}

} // namespace uops
