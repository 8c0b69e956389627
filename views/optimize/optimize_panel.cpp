#include "views/optimize/optimize_panel.h"

#include "views/common/doc_tooltip.h"
#include "views/common/time_text.h"
#include "core/opt/kernel_ranges.h"
#include "core/opt/opt.h"
#include "views/session/session.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <utility>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QLineSeries>
#include <QtCharts/QValueAxis>

namespace uops::views {

OptimizePanel::OptimizePanel(Session& session, QWidget* parent)
    : QWidget(parent), m_session(session), m_kernel(new QComboBox(this)), m_op(new QComboBox(this)),
      m_axis(new QSpinBox(this)), m_amount(new QSpinBox(this)), m_target(new QComboBox(this)),
      m_apply(new QPushButton(QStringLiteral("Apply"), this)), m_reason(new QLabel(this)),
      m_applied(new QListWidget(this)), m_undo(new QPushButton(QStringLiteral("Undo"), this)),
      m_heuristic(new QPushButton(QStringLiteral("Heuristic"), this)), m_width(new QSpinBox(this)),
      m_beam(new QPushButton(QStringLiteral("BEAM"), this)), m_cancel(new QPushButton(QStringLiteral("Cancel"), this)),
      m_progress(new QProgressBar(this)), m_best(new QLineSeries(this)) {
  setObjectName(QStringLiteral("optimizePanel"));
  m_op->addItems({QStringLiteral("Split"), QStringLiteral("Padto"), QStringLiteral("Swap"), QStringLiteral("Nolocals"),
                  QStringLiteral("TC")});
  m_target->addItems({QStringLiteral("UPCAST"), QStringLiteral("UNROLL"), QStringLiteral("THREAD"),
                      QStringLiteral("LOCAL"), QStringLiteral("GROUP_REDUCE")});
  // every OptOp and AxisType name explains itself (core/docs)
  for (int i = 0; i < m_op->count(); ++i) m_op->setItemData(i, optOpToolTip(static_cast<OptOpKind>(i)), Qt::ToolTipRole);
  for (int i = 0; i < m_target->count(); ++i)
    m_target->setItemData(i, axisTypeToolTip(*axisTypeFromName(m_target->itemText(i).toStdString())), Qt::ToolTipRole);
  auto currentTip = [](QComboBox* box) {
    return [box](int i) { box->setToolTip(box->itemData(i, Qt::ToolTipRole).toString()); };
  };
  connect(m_op, &QComboBox::currentIndexChanged, this, currentTip(m_op));
  connect(m_target, &QComboBox::currentIndexChanged, this, currentTip(m_target));
  connect(m_kernel, &QComboBox::currentIndexChanged, this, currentTip(m_kernel));
  m_op->setToolTip(m_op->itemData(0, Qt::ToolTipRole).toString());
  m_target->setToolTip(m_target->itemData(0, Qt::ToolTipRole).toString());
  m_axis->setRange(0, 64);
  m_amount->setRange(0, 1 << 20);
  m_amount->setValue(4);
  m_width->setRange(1, 16);
  m_width->setValue(2);
  m_width->setPrefix(QStringLiteral("width "));
  m_reason->setWordWrap(true);
  m_reason->setObjectName(QStringLiteral("optReason"));
  m_progress->setRange(0, 0);
  m_progress->hide();
  m_cancel->setEnabled(false);

  auto* form = new QFormLayout;
  form->addRow(QStringLiteral("kernel"), m_kernel);
  form->addRow(QStringLiteral("OptOp"), m_op);
  form->addRow(QStringLiteral("axis"), m_axis);
  form->addRow(QStringLiteral("factor / other axis"), m_amount);
  form->addRow(QStringLiteral("new AxisType"), m_target);
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(m_apply);
  buttons->addWidget(m_undo);
  buttons->addWidget(m_heuristic);
  auto* beam = new QHBoxLayout;
  beam->addWidget(m_width);
  beam->addWidget(m_beam);
  beam->addWidget(m_cancel);
  auto* chart = new QChart;
  chart->addSeries(m_best);
  chart->legend()->hide();
  chart->setTitle(QStringLiteral("BEAM: best ms against candidates tried"));
  auto* x = new QValueAxis, *y = new QValueAxis;
  chart->addAxis(x, Qt::AlignBottom);
  chart->addAxis(y, Qt::AlignLeft);
  m_best->attachAxis(x);
  m_best->attachAxis(y);
  auto* chartView = new QChartView(chart, this);
  chartView->setMinimumHeight(160);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->addLayout(form);
  layout->addLayout(buttons);
  layout->addWidget(m_reason);
  layout->addWidget(m_applied, 1);
  layout->addLayout(beam);
  layout->addWidget(m_progress);
  layout->addWidget(chartView, 2);

  connect(m_apply, &QPushButton::clicked, this, &OptimizePanel::apply);
  connect(m_undo, &QPushButton::clicked, this, [this] {
    std::vector<Opt> opts = m_session.currentOpts(static_cast<size_t>(m_kernel->currentIndex()));
    if (opts.empty()) return;
    opts.pop_back();
    m_session.setOpts(static_cast<size_t>(m_kernel->currentIndex()), opts);
  });
  connect(m_heuristic, &QPushButton::clicked, this, [this] {
    if (m_kernel->currentIndex() < 0) return; // no kernel to choose for
    m_heuristicAsked = static_cast<size_t>(m_kernel->currentIndex());
    m_reason->setText(QStringLiteral("the heuristics are choosing..."));
    m_session.setOpts(*m_heuristicAsked, std::nullopt);
  });
  connect(m_beam, &QPushButton::clicked, this, [this] {
    m_best->clear();
    m_progress->show();
    m_cancel->setEnabled(true);
    m_beam->setEnabled(false);
    m_reason->setText(QStringLiteral("BEAM running..."));
    m_beamProgram = m_program;
    m_session.startBeam(static_cast<size_t>(m_kernel->currentIndex()), m_width->value());
  });
  connect(m_cancel, &QPushButton::clicked, this, [this] { m_session.beam().cancel(); });
  connect(&m_session.beam(), &BeamJob::progress, this, [this, x, y](int tried, double bestMs, double) {
    m_best->append(tried, bestMs);
    x->setRange(0, std::max(tried, 1));
    double top = 0;
    for (const QPointF& p : m_best->points()) top = std::max(top, p.y());
    y->setRange(0, top * 1.1 + 1e-6);
    m_reason->setText(QStringLiteral("BEAM: %1 candidates, best %2").arg(tried).arg(timeText(bestMs)));
  });
  connect(&m_session.beam(), &BeamJob::finished, this, [this](const QString& summary) {
    m_progress->hide();
    m_cancel->setEnabled(false);
    m_beam->setEnabled(true);
    if (m_beamProgram == m_program) m_reason->setText(summary); // else a search of the last program, stopped
  });
  connect(&m_session, &Session::programLowered, this, &OptimizePanel::refresh);
  connect(&m_session, &Session::programLowered, this, &OptimizePanel::sayHeuristicChoice);
  // the kernel of the chosen stage is the one to optimize
  connect(&m_session, &Session::stageSelected, this, [this](int record) {
    const StageRecord& r = m_session.stageRecord(record);
    if (!r.kernel.empty() && static_cast<int>(r.kernelIndex) < m_kernel->count())
      m_kernel->setCurrentIndex(static_cast<int>(r.kernelIndex));
  });
  connect(m_kernel, &QComboBox::currentIndexChanged, this, [this](int k) {
    m_applied->clear();
    if (k < 0) return;
    for (const Opt& o : m_session.currentOpts(static_cast<size_t>(k))) addApplied(o);
  });
}

int OptimizePanel::chartPoints() const { return static_cast<int>(m_best->count()); }

void OptimizePanel::refresh() {
  int keep = m_kernel->currentIndex();
  m_kernel->clear();
  m_applied->clear();
  const PipelineRun* run = m_session.run();
  // another program, or none: nothing said about the last one stays
  if (!run || m_session.lowered().name != m_program) {
    m_reason->clear();
    m_best->clear();
    m_progress->hide();
    m_cancel->setEnabled(false);
    m_beam->setEnabled(true);
  }
  m_program = run ? m_session.lowered().name : QString();
  if (!run) return;
  for (size_t i = 0; i < run->kernels.size(); ++i) {
    m_kernel->addItem(QString::fromStdString(kernelLabel(i, run->kernelName(i))));
    m_kernel->setItemData(static_cast<int>(i), kernelToolTip(*run, i), Qt::ToolTipRole);
  }
  m_kernel->setCurrentIndex(keep >= 0 && keep < m_kernel->count() ? keep : 0);
  m_applied->clear();
  for (const Opt& o : m_session.currentOpts(static_cast<size_t>(std::max(0, m_kernel->currentIndex()))))
    addApplied(o);
}

void OptimizePanel::addApplied(const Opt& opt) {
  auto* item = new QListWidgetItem(QString::fromStdString(formatOpt(opt)), m_applied);
  item->setToolTip(optOpToolTip(opt.op));
}

void OptimizePanel::apply() {
  Opt opt;
  opt.op = static_cast<OptOpKind>(m_op->currentIndex());
  opt.axis = m_axis->value();
  opt.amount = m_amount->value();
  opt.other = m_amount->value();
  opt.target = *axisTypeFromName(m_target->currentText().toStdString());
  QString why = m_session.applyOpt(static_cast<size_t>(m_kernel->currentIndex()), opt);
  m_reason->setText(why.isEmpty() ? QStringLiteral("applied %1").arg(QString::fromStdString(formatOpt(opt)))
                                  : QStringLiteral("<span style='color:#C62828'>%1: %2</span>")
                                        .arg(QString::fromStdString(formatOpt(opt)), why.toHtmlEscaped()));
}

void OptimizePanel::sayHeuristicChoice() {
  if (!m_heuristicAsked) return;
  size_t k = *std::exchange(m_heuristicAsked, std::nullopt);
  const PipelineRun* run = m_session.run();
  if (!run || k >= run->kernels.size()) {
    m_reason->clear(); // the program no longer lowers to that kernel: the Stages view says why
    return;
  }
  const std::vector<Opt>& chosen = run->kernels[k].opts;
  m_reason->setText(chosen.empty()
                        ? QStringLiteral("the heuristics chose no OptOps for this kernel: it stays as Rangeify made it")
                        : QStringLiteral("the heuristics chose %1").arg(QString::fromStdString(formatOpts(chosen))));
}

} // namespace uops::views
