#include "views/common/time_text.h"

#include <cmath>

namespace uops::views {

QString timeText(double ms) {
  const double a = std::abs(ms);
  // the unit is chosen by the rounded value: 999.96 µs reads "1.000 ms", not "1000.0 µs"
  if (std::round(a * 1e6) < 1000) return QStringLiteral("%1 ns").arg(ms * 1e6, 0, 'f', 0);
  if (std::round(a * 1e4) < 10000) return QStringLiteral("%1 µs").arg(ms * 1e3, 0, 'f', 1);
  if (std::round(a * 1e3) < 1000000) return QStringLiteral("%1 ms").arg(ms, 0, 'f', 3);
  return QStringLiteral("%1 s").arg(ms / 1e3, 0, 'f', 3);
}

} // namespace uops::views
