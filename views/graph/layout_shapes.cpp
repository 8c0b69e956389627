#include "views/graph/layout_shapes.h"

#include <QStringList>

#include <algorithm>

namespace uops::views {
namespace {

constexpr double kCharWidth = 6.2, kLineHeight = 12.5, kPad = 10;

} // namespace

QSizeF boxSize(const QString& label) {
  qsizetype longest = 0, lines = 0;
  for (const QString& line : label.split(QLatin1Char('\n'))) {
    longest = std::max(longest, line.size());
    ++lines;
  }
  return {static_cast<double>(longest) * kCharWidth + 2 * kPad, static_cast<double>(lines) * kLineHeight + kPad};
}

std::vector<QPointF> sCurve(const QRectF& source, const QRectF& user) {
  const QPointF from(source.center().x(), source.bottom()), to(user.center().x(), user.top());
  const double bend = (to.y() - from.y()) / 2;
  return {from, from + QPointF(0, bend), to - QPointF(0, bend), to};
}

} // namespace uops::views
