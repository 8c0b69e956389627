// Labels beside the points of a chart that never overlap: each label, in
// order, takes the first of eight places around its point (right, left,
// above, below and the corners between) that lies inside `bounds` and clear
// of the labels placed before it and of every point's marker. A label with
// no such place is left out, for the view to show on hover.
#pragma once

#include <QPointF>
#include <QRectF>
#include <QSizeF>

#include <optional>
#include <vector>

namespace uops::views {

struct PointLabel {
  QPointF anchor; // the point's centre
  QSizeF size;    // the label's
};

std::vector<std::optional<QRectF>> placeLabels(const std::vector<PointLabel>& labels,
                                               const QRectF& bounds, double markerRadius);

} // namespace uops::views
