#include "views/run/label_placement.h"

#include <algorithm>
#include <array>

namespace uops::views {
namespace {

// The places around `label`'s point, most readable first.
std::array<QRectF, 8> placesAround(const PointLabel& label, double gap) {
  const double w = label.size.width(), h = label.size.height(), x = label.anchor.x(),
               y = label.anchor.y();
  auto at = [&](double left, double top) { return QRectF(left, top, w, h); };
  return {at(x + gap, y - h / 2),           at(x + gap, y - h - gap / 2),
          at(x + gap, y + gap / 2),         at(x - gap - w, y - h / 2),
          at(x - gap - w, y - h - gap / 2), at(x - gap - w, y + gap / 2),
          at(x - w / 2, y - gap - h),       at(x - w / 2, y + gap)};
}

bool clear(const QRectF& place, const std::vector<QRectF>& taken) {
  return std::none_of(taken.begin(), taken.end(),
                      [&](const QRectF& r) { return r.intersects(place); });
}

} // namespace

std::vector<std::optional<QRectF>> placeLabels(const std::vector<PointLabel>& labels,
                                               const QRectF& bounds, double markerRadius) {
  std::vector<QRectF> taken; // markers first, then each label placed
  for (const PointLabel& l : labels)
    taken.emplace_back(l.anchor - QPointF(markerRadius, markerRadius),
                       QSizeF(2 * markerRadius, 2 * markerRadius));
  std::vector<std::optional<QRectF>> out;
  for (const PointLabel& l : labels) {
    std::optional<QRectF> chosen;
    for (const QRectF& place : placesAround(l, markerRadius + 2))
      if (bounds.contains(place) && clear(place, taken)) {
        chosen = place;
        break;
      }
    if (chosen) taken.push_back(*chosen);
    out.push_back(chosen);
  }
  return out;
}

} // namespace uops::views
