#include "core/program/device_object.h"

#include "core/frontend/object.h"

namespace uops::program {

using frontend::Value;

namespace {

class DeviceObject : public frontend::Object {
public:
  explicit DeviceObject(std::string defaultName) : m_default(std::move(defaultName)) {}
  std::string typeName() const override { return "_Device"; }
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
