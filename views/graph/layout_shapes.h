// Sizes and curves the hand-made layouts share (the layered layout, the
// stable layout of rewrite steps): a label's box, the gaps between boxes, and
// an edge as an S-curve from the bottom of its source to the top of its user.
#pragma once

#include <QPointF>
#include <QRectF>
#include <QSizeF>
#include <QString>

#include <vector>

namespace uops::views {

inline constexpr double kLayerGap = 40; // between a node and the one above it
inline constexpr double kNodeGap = 12;  // between neighbours in a row

// The box a node's label needs (7 pt text, a line per label line).
QSizeF boxSize(const QString& label);

// A cubic B-spline from `source`'s bottom centre to `user`'s top centre.
std::vector<QPointF> sCurve(const QRectF& source, const QRectF& user);

} // namespace uops::views
