#include "views/graph/nodes_item.h"

#include "views/graph/graph_layout.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <unordered_map>

namespace uops::views {
namespace {

// Below this scale the 7 pt labels are under 2 pixels high: not even a hint of text.
constexpr double kReadableScale = 0.25;
// Below this scale a box is a few pixels: its fill shows it, an outline would only cost.
constexpr double kOutlineScale = 0.1;
// The selected node's outline, wider than a box's: half of it reaches outside the box.
constexpr double kSelectedPen = 3;

QColor fillOf(uint32_t rgb) {
  QColor c(static_cast<int>((rgb >> 16) & 0xFF), static_cast<int>((rgb >> 8) & 0xFF), static_cast<int>(rgb & 0xFF));
  return c.lighter(150); // pale enough for black text
}

QRectF outlineOf(const QRectF& box) {
  return box.adjusted(-kSelectedPen, -kSelectedPen, kSelectedPen, kSelectedPen);
}

} // namespace

NodesItem::NodesItem(const std::vector<LaidOutNode>& nodes) {
  setFlag(QGraphicsItem::ItemUsesExtendedStyleOption); // exposedRect: paint only what is shown
  std::unordered_map<uint32_t, size_t> groupOf;
  m_boxes.reserve(nodes.size());
  m_labels.reserve(nodes.size());
  for (const LaidOutNode& n : nodes) {
    auto [at, added] = groupOf.try_emplace(n.color, m_groups.size());
    if (added) m_groups.push_back({fillOf(n.color), {}});
    m_groups[at->second].members.push_back(m_boxes.size());
    if (n.fresh) m_fresh.push_back(m_boxes.size());
    m_boxes.push_back(n.box);
    m_labels.push_back(n.label);
    m_bounds |= outlineOf(n.box);
  }
}

void NodesItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
  const QRectF& shown = option->exposedRect;
  const double scale = option->levelOfDetailFromTransform(painter->worldTransform());
  if (scale >= kOutlineScale)
    painter->setPen(QPen(Qt::black, 0.8));
  else
    painter->setPen(Qt::NoPen);
  std::vector<QRectF> batch;
  for (const Group& g : m_groups) {
    batch.clear();
    for (size_t i : g.members)
      if (m_boxes[i].intersects(shown)) batch.push_back(m_boxes[i]);
    painter->setBrush(g.fill);
    painter->drawRects(batch.data(), static_cast<int>(batch.size()));
  }
  if (scale >= kReadableScale) {
    QFont font = painter->font();
    font.setPointSizeF(7);
    painter->setFont(font);
    for (size_t i = 0; i < m_boxes.size(); ++i)
      if (m_boxes[i].intersects(shown)) painter->drawText(m_boxes[i], Qt::AlignCenter, m_labels[i]);
  }
  if (!m_fresh.empty()) {
    painter->setPen(QPen(QColor(0x2E, 0x7D, 0x32), kSelectedPen * 0.8, Qt::DashLine));
    painter->setBrush(Qt::NoBrush);
    for (size_t i : m_fresh)
      if (m_boxes[i].intersects(shown)) painter->drawRect(m_boxes[i]);
  }
  if (!m_linked.empty()) {
    painter->setPen(QPen(QColor(0x15, 0x65, 0xC0), kSelectedPen));
    painter->setBrush(Qt::NoBrush);
    for (size_t i : m_linked)
      if (m_boxes[i].intersects(shown)) painter->drawRect(m_boxes[i]);
  }
  if (m_selected >= 0) {
    painter->setPen(QPen(QColor(0xE6, 0x51, 0x00), kSelectedPen));
    painter->setBrush(Qt::NoBrush);
    painter->drawRect(m_boxes[static_cast<size_t>(m_selected)]);
  }
}

void NodesItem::setLinked(std::vector<size_t> indices) {
  m_linked = std::move(indices);
  update();
}

void NodesItem::setSelectedIndex(int index) {
  if (m_selected >= 0) update(outlineOf(m_boxes[static_cast<size_t>(m_selected)]));
  m_selected = index >= 0 && static_cast<size_t>(index) < m_boxes.size() ? index : -1;
  if (m_selected >= 0) update(outlineOf(m_boxes[static_cast<size_t>(m_selected)]));
}

} // namespace uops::views
