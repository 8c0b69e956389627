// Shared by the ir tests: UOpPtr as a QtTest data column, std::string to QString.
#pragma once

#include "core/ir/build.h"

#include <QMetaType>
#include <QString>
#include <QStringList>

#include <string>
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

} // namespace irtest
