#include "core/program/device_object.h"

#include "core/frontend/object.h"
#include "core/program/dtype_object.h"

namespace uops::program {

using frontend::Value;

namespace {

// Device["CPU"].renderer: what model files ask of a backend, the dtypes it
// supports (extra/models/unet.py picks float16 by it). Every backend here
// compiles every scalar dtype, so the list is the same for each.
class RendererObject : public frontend::Object {
public:
  std::string typeName() const override { return "Renderer"; }
  const frontend::MethodTable* methods() const override {
    static const frontend::MethodTable table{{{"supported_dtypes", [](frontend::Args&) {
      std::vector<Value> out;
      for (const char* name : {"bool", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64",
                               "float16", "bfloat16", "float32", "float64"})
        out.push_back(dtypeValue(*dtypeByName(name)));
      return Value(std::make_shared<frontend::List>(std::move(out)));
    }}}};
    return &table;
  }
};

class CompiledDeviceObject : public frontend::Object {
public:
  std::string typeName() const override { return "Compiled"; }
  const frontend::MethodTable* methods() const override {
    static const frontend::MethodTable table{
        {}, {{"renderer", [](const Value&) { return Value(std::make_shared<RendererObject>()); }}}};
    return &table;
  }
};

class DeviceObject : public frontend::Object {
public:
  explicit DeviceObject(std::string defaultName) : m_default(std::move(defaultName)) {}
  std::string typeName() const override { return "_Device"; }
  Value getItem(const Value&) override { return Value(std::make_shared<CompiledDeviceObject>()); }
  const frontend::MethodTable* methods() const override {
    static const frontend::MethodTable table{
        {}, {{"DEFAULT", [](const Value& self) {
                return Value(static_cast<const DeviceObject&>(*self.object()).m_default);
              }}}};
    return &table;
  }

private:
  std::string m_default;
};

} // namespace

std::string defaultDeviceName(const std::string& loadDevice) {
  if (loadDevice.empty() || loadDevice == "REF") return "CPU";
  return loadDevice.substr(0, loadDevice.find(':'));
}

Value deviceObject(const std::string& loadDevice) {
  return Value(std::make_shared<DeviceObject>(defaultDeviceName(loadDevice)));
}

} // namespace uops::program
