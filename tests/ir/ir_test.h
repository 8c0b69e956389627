// Shared by the ir tests: UOpPtr as a QtTest data column, std::string to QString,
// and small node builders.
#pragma once

#include "core/ir/build.h"

#include <QMetaType>
#include <QString>
#include <QStringList>

#include <string>
#include <utility>
#include <vector>

Q_DECLARE_METATYPE(uops::UOpPtr)

namespace irtest {

inline QString qs(const std::string& s) {
  return QString::fromStdString(s);
}

inline QStringList qsList(const std::vector<std::string>& v) {
  QStringList out;
  for (const auto& s : v)
    out << qs(s);
  return out;
}

inline const uops::DeviceArg& cpu() {
  static const uops::DeviceArg d{{"CPU"}};
  return d;
}
inline const uops::DeviceArg& twoCL() {
  static const uops::DeviceArg d{{"CL:0", "CL:1"}};
  return d;
}

// A node made directly, bypassing the builders' checks (for the verifier's cases).
inline uops::UOpPtr mk(uops::Op op, uops::DType dtype, uops::UOpList src = {}, uops::Arg arg = {},
                       uops::Tag tag = {}) {
  return uops::UOp::make(op, dtype, std::move(src), std::move(arg), tag);
}
// A buffer of `size` elements on the CPU.
inline uops::UOpPtr buf(uops::DType dtype = uops::dtypes::float32, int64_t size = 4) {
  return uops::buffer(1, dtype, size, cpu());
}
inline uops::UOpPtr f32(double v) {
  return uops::constant(uops::dtypes::float32, v);
}
inline uops::UOpPtr i32(int64_t v) {
  return uops::constant(uops::dtypes::int32, v);
}

} // namespace irtest
