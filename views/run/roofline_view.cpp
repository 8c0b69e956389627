#include "views/run/roofline_view.h"

#include "views/run/label_placement.h"
#include "views/run/roofline_text.h"

#include <QGraphicsSimpleTextItem>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QShowEvent>
#include <QToolTip>
#include <QVBoxLayout>
#include <QtCharts/QChart>
#include <QtCharts/QLineSeries>
#include <QtCharts/QLogValueAxis>
#include <QtCharts/QScatterSeries>

#include <algorithm>
#include <cmath>

namespace uops::views {
namespace {

constexpr double kMarkerSize = 11;

QScatterSeries* kernels(const QString& name, const QColor& color, QObject* parent) {
  auto* s = new QScatterSeries(parent);
  s->setName(name);
  s->setColor(color);
  s->setBorderColor(color.darker(140));
  s->setMarkerSize(kMarkerSize);
  return s;
}

// powers of ten around [lo, hi]
std::pair<double, double> decades(double lo, double hi) {
  return {std::pow(10.0, std::floor(std::log10(lo))), std::pow(10.0, std::ceil(std::log10(hi)))};
}

bool near(double a, double b) {
  return std::abs(a - b) <= 1e-9 * std::abs(b);
}

} // namespace

RooflineView::RooflineView(QWidget* parent)
    : QWidget(parent), m_view(new QChartView(this)), m_caption(new QLabel(this)),
      m_measure(new QPushButton(QStringLiteral("Measure again"), this)),
      m_progress(new QProgressBar(this)), m_roof(new QLineSeries(this)),
      m_memoryBound(
          kernels(QStringLiteral("memory-bound kernels"), QColor(0x1f, 0x77, 0xb4), this)),
      m_computeBound(
          kernels(QStringLiteral("compute-bound kernels"), QColor(0xff, 0x7f, 0x0e), this)),
      m_aboveRoof(kernels(QStringLiteral("measured above the roof (drawn on it)"),
                          QColor(0xd6, 0x27, 0x28), this)),
      m_x(new QLogValueAxis(this)), m_y(new QLogValueAxis(this)) {
  setObjectName(QStringLiteral("roofline"));
  m_caption->setObjectName(QStringLiteral("rooflineCaption"));
  m_caption->setWordWrap(true);
  m_measure->setObjectName(QStringLiteral("rooflineMeasure"));
  m_measure->setToolTip(
      QStringLiteral("Measure the device's peak arithmetic rate and memory bandwidth again "
                     "(a few seconds; best on an idle machine)"));
  m_measure->setEnabled(false);
  m_progress->setObjectName(QStringLiteral("rooflineProgress"));
  m_progress->setRange(0, 0); // busy: a measurement does not know how far it is
  m_progress->setMaximumWidth(120);
  m_progress->hide();
  m_roof->setName(QStringLiteral("roof (hardware peaks)"));
  QPen pen(QColor(0x44, 0x44, 0x44));
  pen.setWidth(2);
  m_roof->setPen(pen);
  auto* chart = new QChart;
  m_x->setTitleText(QStringLiteral("FLOPs per byte"));
  m_y->setTitleText(QStringLiteral("GFLOPS"));
  m_x->setLabelFormat(QStringLiteral("%g"));
  m_y->setLabelFormat(QStringLiteral("%g"));
  chart->addAxis(m_x, Qt::AlignBottom);
  chart->addAxis(m_y, Qt::AlignLeft);
  for (QXYSeries* s :
       std::initializer_list<QXYSeries*>{m_roof, m_memoryBound, m_computeBound, m_aboveRoof}) {
    chart->addSeries(s);
    s->attachAxis(m_x);
    s->attachAxis(m_y);
  }
  for (QScatterSeries* s : {m_memoryBound, m_computeBound, m_aboveRoof})
    connect(s, &QScatterSeries::hovered, this, &RooflineView::hovered);
  chart->legend()->setAlignment(Qt::AlignBottom);
  chart->setMargins(QMargins(2, 2, 2, 2));
  // QChartView(parent) made a chart of its own, which setChart hands back to us
  QChart* unused = m_view->chart();
  m_view->setChart(chart);
  delete unused;
  connect(chart, &QChart::plotAreaChanged, this, [this] { placeLabels(); });
  m_view->setRenderHint(QPainter::Antialiasing);
  connect(m_measure, &QPushButton::clicked, this, &RooflineView::measureRequested);
  auto* bar = new QHBoxLayout;
  bar->addWidget(m_caption, 1);
  bar->addWidget(m_progress);
  bar->addWidget(m_measure);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addLayout(bar);
  layout->addWidget(m_view, 1);
  showMessage(QStringLiteral("Run the program to place its kernels under the device's roof."));
}

void RooflineView::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  Q_EMIT shown();
}

// the points under the mouse (kernels alike share a place) get their tooltip,
// and those whose label had no place of their own show it, one under the other
void RooflineView::hovered(const QPointF& at, bool on) {
  for (size_t i = 0; i < m_labels.size(); ++i)
    if (!m_placed[i]) m_labels[i]->hide();
  if (!on) return QToolTip::hideText();
  QStringList tips;
  double below = 0;
  for (size_t i = 0; i < m_points.size(); ++i) {
    const RooflinePoint& p = m_points[i];
    if (!near(at.x(), p.intensity) || !near(at.y(), p.plotted())) continue;
    tips.push_back(pointTooltip(p));
    if (i >= m_labels.size() || m_placed[i]) continue;
    QPointF centre = m_view->chart()->mapToPosition(QPointF(p.intensity, p.plotted()), m_roof);
    m_labels[i]->setPos(
        centre + QPointF(kMarkerSize / 2 + 2, below - m_labels[i]->boundingRect().height() / 2));
    m_labels[i]->show();
    below += m_labels[i]->boundingRect().height();
  }
  if (!tips.empty()) QToolTip::showText(QCursor::pos(), tips.join(QStringLiteral("\n\n")));
}

void RooflineView::placeLabels() {
  QChart* chart = m_view->chart();
  std::vector<PointLabel> wanted;
  for (size_t i = 0; i < m_labels.size(); ++i)
    wanted.push_back({.anchor = chart->mapToPosition(
                          QPointF(m_points[i].intensity, m_points[i].plotted()), m_roof),
                      .size = m_labels[i]->boundingRect().size()});
  std::vector<std::optional<QRectF>> places =
      views::placeLabels(wanted, chart->plotArea(), kMarkerSize / 2);
  m_placed.assign(m_labels.size(), false);
  for (size_t i = 0; i < m_labels.size(); ++i) {
    m_placed[i] = places[i].has_value();
    m_labels[i]->setVisible(m_placed[i]);
    if (m_placed[i]) m_labels[i]->setPos(places[i]->topLeft());
  }
}

void RooflineView::clearPoints() {
  for (QGraphicsSimpleTextItem* label : m_labels) delete label;
  m_labels.clear();
  m_placed.clear();
  m_points.clear();
  m_roof->clear();
  for (QScatterSeries* s : {m_memoryBound, m_computeBound, m_aboveRoof})
    s->clear();
}

void RooflineView::showMessage(const QString& text) {
  clearPoints();
  m_caption->setText(text);
  m_showsRun = false;
  m_measure->setEnabled(false);
}

void RooflineView::setMeasuring(bool measuring) {
  m_measuring = measuring;
  m_progress->setVisible(measuring);
  m_measure->setEnabled(!measuring && m_showsRun);
}

void RooflineView::showRun(const DeviceRunResult& run, const CachedPeaks& cached) {
  clearPoints();
  const DevicePeaks& peaks = cached.peaks;
  m_points = rooflinePoints(run, peaks);
  double lo = peaks.ridge() / 16, hi = peaks.ridge() * 16, bottom = peaks.gflops / 64;
  for (const RooflinePoint& p : m_points) {
    QScatterSeries* series = p.aboveRoof     ? m_aboveRoof
                             : p.memoryBound ? m_memoryBound
                                             : m_computeBound;
    series->append(p.intensity, p.plotted());
    lo = std::min(lo, p.intensity / 2);
    hi = std::max(hi, p.intensity * 2);
    bottom = std::min(bottom, p.plotted() / 2);
  }
  auto [x0, x1] = decades(lo, hi);
  auto [y0, y1] = decades(bottom, peaks.gflops * 2);
  m_roof->append(x0, roofAt(peaks, x0));
  m_roof->append(peaks.ridge(), peaks.gflops);
  m_roof->append(x1, peaks.gflops);
  m_x->setRange(x0, x1);
  m_y->setRange(y0, y1);
  QFont font = this->font();
  font.setPointSizeF(font.pointSizeF() * 0.85);
  for (const RooflinePoint& p : m_points) {
    auto* label = new QGraphicsSimpleTextItem(p.kernel, m_view->chart());
    label->setFont(font);
    label->setBrush(QColor(0x33, 0x33, 0x33));
    label->setZValue(10); // over the series, so a label shown on hover is read whole
    m_labels.push_back(label);
  }
  placeLabels();
  m_caption->setText(rooflineCaption(run.device, cached, m_points));
  m_showsRun = true;
  m_measure->setEnabled(!m_measuring);
}

} // namespace uops::views
