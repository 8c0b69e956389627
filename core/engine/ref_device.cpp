#include "core/engine/ref_device.h"

namespace uops {
namespace {

DeviceDescription describeRef() {
  return {"REF", "REF (the reference evaluator)", false, false};
}

class RefDevice final : public HostMemoryDevice {
public:
  const DeviceDescription& description() const override { return m_description; }
  const CodegenTarget* target() const override { return nullptr; }
  bool runsKernels() const override { return false; }
  std::shared_ptr<DeviceProgram> compile(const LoweredKernel&) override { throw refusal(); }
  std::vector<std::shared_ptr<DeviceProgram>> compileAll(const std::vector<LoweredKernel>&) override {
    throw refusal();
  }

private:
  static DeviceError refusal() {
    return DeviceError("REF compiles no kernels: it evaluates the program's graph with the reference evaluator");
  }
  DeviceDescription m_description = describeRef();
};

} // namespace

DeviceKind refDeviceKind() {
  return singleDeviceKind(describeRef(), [] { return std::make_unique<RefDevice>(); });
}

} // namespace uops
