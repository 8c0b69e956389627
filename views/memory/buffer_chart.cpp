#include "views/memory/buffer_chart.h"

#include "core/engine/memory_report_print.h"
#include "views/memory/memory_colors.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>

namespace uops::views {
namespace {

constexpr int kBufferLabels = 120, kBufferHeader = 40, kBufferRow = 21, kBufferStrip = 48, kBufferCaption = 22,
              kBufferMinColumn = 60, kBufferLinkStep = 7;

QString bufferChartItems(const ScheduleMemory& m, const std::vector<size_t>& items) {
  QStringList names;
  for (size_t i : items) names << QString::fromStdString(m.items[i].label);
  return names.isEmpty() ? QStringLiteral("none") : names.join(QStringLiteral(", "));
}

QString bufferChartBytes(int64_t bytes) { return QString::fromStdString(formatByteCount(bytes)); }

} // namespace

BufferChart::BufferChart(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("bufferChart"));
  setMouseTracking(true);
}

void BufferChart::setMemory(ScheduleMemory memory) {
  m_memory = std::move(memory);
  m_selected = -1;
  updateGeometry();
  update();
}

void BufferChart::setSelectedItem(int item) {
  m_selected = item;
  update();
}

int BufferChart::columnWidth() const {
  const int items = std::max<int>(1, static_cast<int>(m_memory.items.size()));
  const int left = kBufferLabels + kBufferLinkStep * static_cast<int>(m_memory.storageBytes.size()) + 8;
  return std::max(kBufferMinColumn, (width() - left - 8) / items);
}

int BufferChart::columnX(int item) const {
  const int left = kBufferLabels + kBufferLinkStep * static_cast<int>(m_memory.storageBytes.size()) + 8;
  return left + item * columnWidth();
}

int BufferChart::rowY(int buffer) const { return kBufferHeader + buffer * kBufferRow; }

int BufferChart::rowsBottom() const { return rowY(static_cast<int>(m_memory.buffers.size())); }

QSize BufferChart::sizeHint() const {
  const int items = static_cast<int>(m_memory.items.size());
  return {columnX(0) + items * kBufferMinColumn + 8, rowsBottom() + 8 + kBufferStrip + kBufferCaption};
}

QSize BufferChart::minimumSizeHint() const { return sizeHint(); }

int BufferChart::itemAt(QPoint p) const {
  if (p.x() < columnX(0) || p.y() > rowsBottom()) return -1;
  const int item = (p.x() - columnX(0)) / columnWidth();
  return item < static_cast<int>(m_memory.items.size()) ? item : -1;
}

QRect BufferChart::barRect(int buffer) const {
  const ScheduleBuffer& b = m_memory.buffers.at(static_cast<size_t>(buffer));
  const int x0 = columnX(static_cast<int>(b.first)) + 3, x1 = columnX(static_cast<int>(b.last) + 1) - 3;
  return {x0, rowY(buffer) + 3, x1 - x0, kBufferRow - 6};
}

int BufferChart::bufferAt(QPoint p) const {
  for (int b = 0; b < static_cast<int>(m_memory.buffers.size()); ++b)
    if (barRect(b).contains(p)) return b;
  return -1;
}

QRect BufferChart::columnRect(int item) const {
  return {columnX(item), 0, columnWidth(), rowsBottom()};
}

QString BufferChart::toolTipFor(int buffer) const {
  const ScheduleBuffer& b = m_memory.buffers.at(static_cast<size_t>(buffer));
  QString text = QStringLiteral("b%1: %2, %3 %4\nwritten by %5\nread by %6\nlive at items %7-%8")
                     .arg(b.id)
                     .arg(QString::fromStdString(std::string(bufferRoleName(b.role))), bufferChartBytes(b.bytes),
                          QString::fromStdString(formatElementType(b.dtype)),
                          b.writers.empty() ? QStringLiteral("nothing in the schedule")
                                            : bufferChartItems(m_memory, b.writers),
                          bufferChartItems(m_memory, b.readers))
                     .arg(b.first)
                     .arg(b.last);
  if (b.storage < 0) return text + QStringLiteral("\nits own storage");
  QStringList shared;
  for (const ScheduleBuffer& o : m_memory.buffers)
    if (o.storage == b.storage && o.id != b.id) shared << QStringLiteral("b%1").arg(o.id);
  text += QStringLiteral("\nstorage s%1 (%2)").arg(b.storage).arg(bufferChartBytes(m_memory.storageBytes.at(size_t(b.storage))));
  return shared.isEmpty() ? text : text + QStringLiteral(", shared with ") + shared.join(QStringLiteral(", "));
}

QString BufferChart::peakText() const {
  if (m_memory.items.empty()) return {};
  QStringList live;
  for (size_t i : m_memory.liveAtPeak) live << QStringLiteral("b%1").arg(m_memory.buffers[i].id);
  return QStringLiteral("peak %1 at %2: %3")
      .arg(bufferChartBytes(m_memory.peakBytes()), QString::fromStdString(m_memory.items[m_memory.peak].label),
           live.join(QLatin1Char(' ')));
}

void BufferChart::paintHeader(QPainter& p) const {
  const int w = columnWidth();
  for (int i = 0; i < static_cast<int>(m_memory.items.size()); ++i) {
    const ScheduleItem& item = m_memory.items[static_cast<size_t>(i)];
    QRect column = columnRect(i);
    if (i == m_selected) p.fillRect(column, palette().highlight().color().lighter(170));
    if (i == static_cast<int>(m_memory.peak)) p.fillRect(column, QColor(225, 87, 89, 40));
    if (i % 2) p.fillRect(column, QColor(0, 0, 0, 10));
    // "#1 r_4_16" in two lines: the kernel's index, then its name
    QString label = QString::fromStdString(item.label);
    qsizetype space = label.indexOf(QLatin1Char(' '));
    QString top = space < 0 ? QString::number(i) : label.left(space), name = space < 0 ? label : label.mid(space + 1);
    p.setPen(palette().text().color());
    p.drawText(QRect(column.x(), 2, w, 18), Qt::AlignCenter, top);
    p.drawText(QRect(column.x() + 2, 19, w - 4, 18), Qt::AlignCenter,
               fontMetrics().elidedText(name, Qt::ElideRight, w - 4));
  }
  p.setPen(palette().mid().color());
  p.drawLine(columnX(0), kBufferHeader - 1, columnX(static_cast<int>(m_memory.items.size())), kBufferHeader - 1);
}

// One bracket per storage slot that several buffers share, left of the rows.
void BufferChart::paintStorageLinks(QPainter& p) const {
  for (int s = 0; s < static_cast<int>(m_memory.storageBytes.size()); ++s) {
    std::vector<int> rows;
    for (int b = 0; b < static_cast<int>(m_memory.buffers.size()); ++b)
      if (m_memory.buffers[static_cast<size_t>(b)].storage == s) rows.push_back(b);
    if (rows.size() < 2) continue; // a slot of one buffer shares nothing
    const int x = kBufferLabels + 4 + kBufferLinkStep * s;
    p.setPen(QPen(slotColor(s), 2));
    const int top = rowY(rows.front()) + kBufferRow / 2, bottom = rowY(rows.back()) + kBufferRow / 2;
    p.drawLine(x, top, x, bottom);
    for (int r : rows) p.drawLine(x, rowY(r) + kBufferRow / 2, columnX(0) - 2, rowY(r) + kBufferRow / 2);
  }
}

void BufferChart::paintBar(QPainter& p, int buffer) const {
  const ScheduleBuffer& b = m_memory.buffers[static_cast<size_t>(buffer)];
  const int y = rowY(buffer);
  p.setPen(palette().text().color());
  p.drawText(QRect(4, y, kBufferLabels - 4, kBufferRow), Qt::AlignVCenter | Qt::AlignLeft,
             QStringLiteral("b%1 %2").arg(b.id).arg(QString::fromStdString(std::string(bufferRoleName(b.role)))));
  QRect bar = barRect(buffer);
  QColor color = roleColor(b.role);
  p.setPen(b.storage < 0 ? QPen(color.darker(130)) : QPen(slotColor(b.storage), 2));
  p.setBrush(color.lighter(125));
  p.drawRoundedRect(bar, 3, 3);
  // W and R where items write and read it
  const int w = columnWidth();
  auto mark = [&](size_t item, const QString& letter, int offset) {
    QRect box(columnX(static_cast<int>(item)) + offset, bar.y() + 2, 14, bar.height() - 4);
    p.fillRect(box, color.darker(150));
    p.setPen(Qt::white);
    p.drawText(box, Qt::AlignCenter, letter);
  };
  for (size_t i : b.writers) mark(i, QStringLiteral("W"), 5);
  for (size_t i : b.readers) mark(i, QStringLiteral("R"), w - 19);
  p.setPen(Qt::black);
  QString bytes = bufferChartBytes(b.bytes) + (b.storage >= 0 ? QStringLiteral(" s%1").arg(b.storage) : QString());
  p.drawText(bar.adjusted(22, 0, -22, 0), Qt::AlignCenter, fontMetrics().elidedText(bytes, Qt::ElideRight, bar.width() - 44));
}

// Live bytes per item, the peak's bar red, its live set named below.
void BufferChart::paintLiveStrip(QPainter& p) const {
  const int top = rowsBottom() + 8, w = columnWidth();
  const int64_t peak = std::max<int64_t>(1, m_memory.peakBytes());
  p.setPen(palette().text().color());
  p.drawText(QRect(4, top, kBufferLabels, kBufferStrip), Qt::AlignVCenter | Qt::AlignLeft, QStringLiteral("live bytes"));
  for (int i = 0; i < static_cast<int>(m_memory.liveBytes.size()); ++i) {
    const int64_t live = m_memory.liveBytes[static_cast<size_t>(i)];
    const int h = static_cast<int>((kBufferStrip - 16) * live / peak);
    QRect bar(columnX(i) + w / 4, top + kBufferStrip - h, w / 2, h);
    p.fillRect(bar, i == static_cast<int>(m_memory.peak) ? QColor(0xe1, 0x57, 0x59) : palette().mid().color());
    p.drawText(QRect(columnX(i), bar.y() - 16, w, 16), Qt::AlignCenter, bufferChartBytes(live));
  }
  if (m_memory.items.empty()) return;
  // the peak line through the rows
  const int x = columnX(static_cast<int>(m_memory.peak)) + w / 2;
  p.setPen(QPen(QColor(0xe1, 0x57, 0x59), 1.5, Qt::DashLine));
  p.drawLine(x, kBufferHeader, x, top + kBufferStrip);
  p.setPen(palette().text().color());
  p.drawText(QRect(4, top + kBufferStrip + 4, width() - 8, kBufferCaption - 4), Qt::AlignLeft | Qt::AlignVCenter,
             peakText());
}

void BufferChart::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.fillRect(rect(), palette().base());
  if (m_memory.items.empty()) {
    p.drawText(rect(), Qt::AlignCenter, QStringLiteral("no schedule: the program did not get past Rangeify"));
    return;
  }
  p.setRenderHint(QPainter::Antialiasing);
  paintHeader(p);
  paintStorageLinks(p);
  for (int b = 0; b < static_cast<int>(m_memory.buffers.size()); ++b) paintBar(p, b);
  paintLiveStrip(p);
}

bool BufferChart::event(QEvent* event) {
  if (event->type() != QEvent::ToolTip) return QWidget::event(event);
  auto* help = static_cast<QHelpEvent*>(event);
  const int buffer = bufferAt(help->pos());
  if (buffer < 0) {
    QToolTip::hideText();
    event->ignore();
    return true;
  }
  QToolTip::showText(help->globalPos(), toolTipFor(buffer), this, barRect(buffer));
  return true;
}

void BufferChart::mousePressEvent(QMouseEvent* event) {
  const int item = itemAt(event->position().toPoint());
  if (item < 0) return QWidget::mousePressEvent(event);
  const int64_t kernel = m_memory.items[static_cast<size_t>(item)].kernel;
  setSelectedItem(item);
  if (kernel >= 0) Q_EMIT kernelClicked(static_cast<int>(kernel));
}

} // namespace uops::views
