#include "views/run/roofline_view.h"

#include <QGraphicsSimpleTextItem>
#include <QLabel>
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

QScatterSeries* kernels(const QString& name, const QColor& color, QObject* parent) {
  auto* s = new QScatterSeries(parent);
  s->setName(name);
  s->setColor(color);
  s->setBorderColor(color.darker(140));
  s->setMarkerSize(11);
  return s;
}

// powers of ten around [lo, hi]
std::pair<double, double> decades(double lo, double hi) {
  return {std::pow(10.0, std::floor(std::log10(lo))), std::pow(10.0, std::ceil(std::log10(hi)))};
}

} // namespace

RooflineView::RooflineView(QWidget* parent)
    : QWidget(parent), m_view(new QChartView(this)), m_caption(new QLabel(this)), m_roof(new QLineSeries(this)),
      m_memoryBound(kernels(QStringLiteral("memory-bound kernels"), QColor(0x1f, 0x77, 0xb4), this)),
      m_computeBound(kernels(QStringLiteral("compute-bound kernels"), QColor(0xff, 0x7f, 0x0e), this)),
      m_x(new QLogValueAxis(this)), m_y(new QLogValueAxis(this)) {
  setObjectName(QStringLiteral("roofline"));
  m_caption->setObjectName(QStringLiteral("rooflineCaption"));
  m_caption->setWordWrap(true);
  m_roof->setName(QStringLiteral("roof (measured peaks)"));
  QPen pen(QColor(0x44, 0x44, 0x44));
  pen.setWidth(2);
  m_roof->setPen(pen);
  auto* chart = new QChart;
  chart->addSeries(m_roof);
  chart->addSeries(m_memoryBound);
  chart->addSeries(m_computeBound);
  m_x->setTitleText(QStringLiteral("FLOPs per byte"));
  m_y->setTitleText(QStringLiteral("GFLOPS"));
  m_x->setLabelFormat(QStringLiteral("%g"));
  m_y->setLabelFormat(QStringLiteral("%g"));
  chart->addAxis(m_x, Qt::AlignBottom);
  chart->addAxis(m_y, Qt::AlignLeft);
  for (QXYSeries* s : std::initializer_list<QXYSeries*>{m_roof, m_memoryBound, m_computeBound}) {
    s->attachAxis(m_x);
    s->attachAxis(m_y);
  }
  chart->legend()->setAlignment(Qt::AlignBottom);
  chart->setMargins(QMargins(2, 2, 2, 2));
  // QChartView(parent) made a chart of its own, which setChart hands back to us
  QChart* unused = m_view->chart();
  m_view->setChart(chart);
  delete unused;
  connect(chart, &QChart::plotAreaChanged, this, [this] { placeLabels(); });
  m_view->setRenderHint(QPainter::Antialiasing);
  auto tooltip = [this](QScatterSeries* series) {
    connect(series, &QScatterSeries::hovered, this, [this](const QPointF& at, bool on) {
      if (!on) return QToolTip::hideText();
      for (const RooflinePoint& p : m_points)
        if (std::abs(p.intensity - at.x()) <= 1e-9 * p.intensity && std::abs(p.gflops - at.y()) <= 1e-9 * p.gflops)
          QToolTip::showText(QCursor::pos(), QStringLiteral("%1\n%2 FLOPs/byte, %3 GFLOPS: %4% of the roof (%5)")
                                                 .arg(p.kernel)
                                                 .arg(p.intensity, 0, 'g', 3)
                                                 .arg(p.gflops, 0, 'g', 3)
                                                 .arg(100 * p.gflops / p.roof, 0, 'f', 0)
                                                 .arg(p.memoryBound ? QStringLiteral("memory") : QStringLiteral("arithmetic")));
    });
  };
  tooltip(m_memoryBound);
  tooltip(m_computeBound);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(m_caption);
  layout->addWidget(m_view, 1);
  showMessage(QStringLiteral("Run the program to place its kernels under the device's roof."));
}

void RooflineView::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  Q_EMIT shown();
}

void RooflineView::placeLabels() {
  QChart* chart = m_view->chart();
  for (size_t i = 0; i < m_labels.size() && i < m_points.size(); ++i) {
    QPointF at = chart->mapToPosition(QPointF(m_points[i].intensity, m_points[i].gflops), m_roof);
    m_labels[i]->setPos(at + QPointF(7, -7 - m_labels[i]->boundingRect().height() / 2));
  }
}

void RooflineView::showMessage(const QString& text) {
  for (QGraphicsSimpleTextItem* label : m_labels) delete label;
  m_labels.clear();
  m_points.clear();
  m_roof->clear();
  m_memoryBound->clear();
  m_computeBound->clear();
  m_caption->setText(text);
}

void RooflineView::showRun(const DeviceRunResult& run, const DevicePeaks& peaks) {
  for (QGraphicsSimpleTextItem* label : m_labels) delete label;
  m_labels.clear();
  m_points = rooflinePoints(run, peaks);
  m_roof->clear();
  m_memoryBound->clear();
  m_computeBound->clear();
  double lo = peaks.ridge() / 16, hi = peaks.ridge() * 16, bottom = peaks.gflops / 64;
  for (const RooflinePoint& p : m_points) {
    (p.memoryBound ? m_memoryBound : m_computeBound)->append(p.intensity, p.gflops);
    lo = std::min(lo, p.intensity / 2);
    hi = std::max(hi, p.intensity * 2);
    bottom = std::min(bottom, p.gflops / 2);
  }
  auto [x0, x1] = decades(lo, hi);
  auto [y0, y1] = decades(bottom, peaks.gflops * 2);
  m_roof->append(x0, roofAt(peaks, x0));
  m_roof->append(peaks.ridge(), peaks.gflops);
  m_roof->append(x1, peaks.gflops);
  m_x->setRange(x0, x1);
  m_y->setRange(y0, y1);
  if (m_points.size() <= 40) {
    QFont font = this->font();
    font.setPointSizeF(font.pointSizeF() * 0.85);
    for (const RooflinePoint& p : m_points) {
      auto* label = new QGraphicsSimpleTextItem(p.kernel, m_view->chart());
      label->setFont(font);
      label->setBrush(QColor(0x33, 0x33, 0x33));
      m_labels.push_back(label);
    }
    placeLabels();
  }
  int memory = static_cast<int>(std::count_if(m_points.begin(), m_points.end(),
                                              [](const RooflinePoint& p) { return p.memoryBound; }));
  m_caption->setText(QStringLiteral("%1: measured peaks %2 GFLOPS and %3 GB/s (ridge at %4 FLOPs/byte); %5 kernels, "
                                    "%6 bound by memory, %7 by arithmetic")
                         .arg(run.device)
                         .arg(peaks.gflops, 0, 'f', 1)
                         .arg(peaks.gbps, 0, 'f', 1)
                         .arg(peaks.ridge(), 0, 'g', 3)
                         .arg(m_points.size())
                         .arg(memory)
                         .arg(static_cast<int>(m_points.size()) - memory));
}

} // namespace uops::views
