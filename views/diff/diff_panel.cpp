#include "views/diff/diff_panel.h"

#include "views/common/time_text.h"
#include "core/ir/axis_type.h"
#include "core/opt/kernel_ranges.h"
#include "core/pipeline/codegen.h"
#include "core/engine/device_beam.h"
#include "core/render/renderer.h"
#include "core/engine/device_registry.h"
#include "views/code/code_editor.h"
#include "views/kernel_text/rendered_source.h"
#include "core/engine/kernel_flops.h"
#include "views/kernel_text/machine_code.h"
#include "views/session/session.h"
#include "views/jobs/wait_for_job.h"
#include "views/jobs/work_pool.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QTextBlock>
#include <QTextDocument>
#include <QVBoxLayout>

#include <algorithm>
#include <limits>

namespace uops::views {
namespace {

constexpr int kRuns = 7;

DiffSide lowerSide(const UOpPtr& ast, const CodegenTarget& target, const QString& text, const KernelWork& work) {
  DiffSide s;
  try {
    std::vector<Opt> opts = parseOpts(text.toStdString());
    LoweredKernel k = lowerKernel(ast, target, opts);
    s.opts = k.opts.empty() ? QStringLiteral("none") : QString::fromStdString(formatOpts(k.opts));
    s.name = QString::fromStdString(k.name.text);
    QStringList ranges;
    for (size_t i = 0; i < k.name.sizes.size(); ++i)
      ranges << QString::fromUtf8(axisTypeName(k.name.types[i]).data(),
                                  static_cast<qsizetype>(axisTypeName(k.name.types[i]).size())) +
                    QString::number(k.name.sizes[i]);
    s.ranges = ranges.join(QLatin1Char(' '));
    s.source = QString::fromStdString(renderedSource(k).text);
    s.machine = machineCode(k);
    if (openDevice(target.device).description().compileOnly) return s; // nothing runs there: no times
    BeamTimer timer = deviceBeamTimer(openDevice(target.device), ast, target, 1);
    std::shared_ptr<const void> compiled = timer.compile(opts);
    std::vector<double> ms;
    for (int i = 0; i < kRuns; ++i) ms.push_back(timer.time(compiled, std::numeric_limits<double>::infinity()));
    std::sort(ms.begin(), ms.end());
    s.medianMs = ms[ms.size() / 2];
    s.gflops = s.medianMs > 0 ? work.flops / (s.medianMs / 1e3) / 1e9 : 0;
  } catch (const std::exception& e) {
    s.error = QString::fromUtf8(e.what());
  }
  return s;
}

// The aligned texts of a diff in two panes, rows only one side has marked on it.
void showDiff(const AlignedDiff& d, CodeEditor* left, CodeEditor* right) {
  left->setText(d.left);
  right->setText(d.right);
  std::vector<int> removed, added;
  for (size_t i = 0; i < d.rows.size(); ++i) {
    if (d.rows[i] == DiffKind::Removed) removed.push_back(static_cast<int>(i));
    if (d.rows[i] == DiffKind::Added) added.push_back(static_cast<int>(i));
  }
  left->setMarks(CodeEditor::Mark::Removed, removed);
  left->setMarks(CodeEditor::Mark::Missing, added);
  right->setMarks(CodeEditor::Mark::Added, added);
  right->setMarks(CodeEditor::Mark::Missing, removed);
}

// Two panes that scroll together.
QSplitter* sideBySide(CodeEditor* a, CodeEditor* b, QWidget* parent) {
  auto* split = new QSplitter(Qt::Horizontal, parent);
  split->addWidget(a);
  split->addWidget(b);
  split->setSizes({1000, 1000});
  for (auto [from, to] : {std::pair{a, b}, std::pair{b, a}}) {
    QObject::connect(from->verticalScrollBar(), &QScrollBar::valueChanged, to->verticalScrollBar(),
                     &QScrollBar::setValue);
    QObject::connect(from->horizontalScrollBar(), &QScrollBar::valueChanged, to->horizontalScrollBar(),
                     &QScrollBar::setValue);
  }
  return split;
}

} // namespace

DiffPanel::DiffPanel(Session& session, QWidget* parent)
    : QWidget(parent), m_session(session), m_kernel(new QComboBox(this)), m_a(new QLineEdit(this)),
      m_b(new QLineEdit(this)), m_compare(new QPushButton(QStringLiteral("Compare"), this)),
      m_status(new QLabel(this)), m_summary(new QTableWidget(6, 2, this)),
      m_sourceA(new CodeEditor(QStringLiteral("diffSourceA"), CodeLanguage::LlvmIr, this)),
      m_sourceB(new CodeEditor(QStringLiteral("diffSourceB"), CodeLanguage::LlvmIr, this)),
      m_machineA(new CodeEditor(QStringLiteral("diffMachineA"), CodeLanguage::Assembly, this)),
      m_machineB(new CodeEditor(QStringLiteral("diffMachineB"), CodeLanguage::Assembly, this)) {
  setObjectName(QStringLiteral("diffPanel"));
  m_kernel->setObjectName(QStringLiteral("diffKernel"));
  m_a->setObjectName(QStringLiteral("diffOptsA"));
  m_b->setObjectName(QStringLiteral("diffOptsB"));
  m_compare->setObjectName(QStringLiteral("diffCompare"));
  m_status->setObjectName(QStringLiteral("diffStatus"));
  m_summary->setObjectName(QStringLiteral("diffSummary"));
  m_a->setPlaceholderText(QStringLiteral("no OptOps"));
  m_b->setPlaceholderText(QStringLiteral("no OptOps, e.g. Split(0, 4, UPCAST)"));
  m_summary->setHorizontalHeaderLabels({QStringLiteral("A"), QStringLiteral("B")});
  m_summary->setVerticalHeaderLabels({QStringLiteral("kernel"), QStringLiteral("ranges"), QStringLiteral("OptOps"),
                                      QStringLiteral("median ms"), QStringLiteral("GFLOPS"),
                                      QStringLiteral("lines only here")});
  m_summary->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  m_summary->setEditTriggers(QAbstractItemView::NoEditTriggers);
  m_summary->setMaximumHeight(m_summary->verticalHeader()->length() + m_summary->horizontalHeader()->height() + 4);
  auto* form = new QFormLayout;
  form->addRow(QStringLiteral("kernel"), m_kernel);
  form->addRow(QStringLiteral("A"), m_a);
  form->addRow(QStringLiteral("B"), m_b);
  auto* bar = new QHBoxLayout;
  bar->addWidget(m_compare);
  bar->addWidget(m_status, 1);
  auto* tabs = new QTabWidget(this);
  tabs->addTab(sideBySide(m_sourceA, m_sourceB, tabs), QStringLiteral("Source"));
  tabs->addTab(sideBySide(m_machineA, m_machineB, tabs), QStringLiteral("Machine code"));
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->addLayout(form);
  layout->addLayout(bar);
  layout->addWidget(m_summary);
  layout->addWidget(tabs, 1);
  connect(&m_session, &Session::programLowered, this, &DiffPanel::refill);
  connect(m_kernel, &QComboBox::currentIndexChanged, this, [this](int i) {
    const PipelineRun* run = m_session.run();
    if (!run || i < 0 || i >= static_cast<int>(run->kernels.size())) return;
    m_a->setText(QString::fromStdString(formatOpts(run->kernels[static_cast<size_t>(i)].opts)));
  });
  connect(m_compare, &QPushButton::clicked, this,
          [this] { compare(m_kernel->currentIndex(), m_a->text(), m_b->text()); });
}

DiffPanel::~DiffPanel() = default; // the job's destructor waits for a comparison in flight

void DiffPanel::refill() {
  const PipelineRun* run = m_session.run();
  QSignalBlocker quiet(m_kernel);
  int keep = m_kernel->currentIndex();
  m_kernel->clear();
  // a comparison of a kernel the program now has no more is not shown
  bool kept = run && keep >= 0 && keep < static_cast<int>(run->schedule.kernels.size()) &&
              run->schedule.kernels[static_cast<size_t>(keep)].ast == m_compared;
  if (!kept) clearComparison();
  if (!run) return;
  for (size_t i = 0; i < run->kernels.size(); ++i)
    m_kernel->addItem(QString::fromStdString(kernelLabel(i, run->kernels[i].name.text)));
  m_kernel->setCurrentIndex(keep >= 0 && keep < m_kernel->count() ? keep : 0);
  if (m_kernel->currentIndex() >= 0)
    m_a->setText(QString::fromStdString(formatOpts(run->kernels[static_cast<size_t>(m_kernel->currentIndex())].opts)));
}

void DiffPanel::compare(int kernel, const QString& a, const QString& b) {
  const PipelineRun* run = m_session.run();
  if (!run || kernel < 0 || kernel >= static_cast<int>(run->schedule.kernels.size())) {
    m_status->setText(QStringLiteral("no kernel %1 to compare").arg(kernel));
    return;
  }
  if (m_kernel->currentIndex() != kernel) m_kernel->setCurrentIndex(kernel);
  m_a->setText(a);
  m_b->setText(b);
  const ScheduledKernel& k = run->schedule.kernels[static_cast<size_t>(kernel)];
  m_status->setText(QStringLiteral("lowering, compiling and timing both on %1...").arg(m_session.device()));
  m_compared = k.ast;
  m_job.start(
      [ast = k.ast, target = m_session.target(), work = kernelWork(k), a, b](const std::atomic<bool>&) {
        return Result{lowerSide(ast, target, a, work), lowerSide(ast, target, b, work)};
      },
      [this](Result r) { show(r); });
}

void DiffPanel::clearComparison() {
  m_job.cancel();
  m_compared = nullptr;
  m_status->clear();
  for (CodeEditor* e : {m_sourceA, m_sourceB, m_machineA, m_machineB}) e->setText(QString());
  for (int row = 0; row < m_summary->rowCount(); ++row)
    for (int c = 0; c < m_summary->columnCount(); ++c) delete m_summary->takeItem(row, c);
}

void DiffPanel::waitForResult() { waitForJob(m_job); }

void DiffPanel::show(const Result& r) {
  AlignedDiff source = alignedDiff(r.a.source, r.b.source), machine = alignedDiff(r.a.machine, r.b.machine);
  const CodeLanguage language = codeLanguage(m_session.target().renderer->language());
  for (CodeEditor* side : {m_sourceA, m_sourceB}) side->setLanguage(language);
  showDiff(source, m_sourceA, m_sourceB);
  showDiff(machine, m_machineA, m_machineB);
  auto cell = [this](int row, int column, const QString& text) {
    m_summary->setItem(row, column, new QTableWidgetItem(text));
  };
  const DiffSide* sides[] = {&r.a, &r.b};
  for (int c = 0; c < 2; ++c) {
    const DiffSide& s = *sides[c];
    cell(0, c, s.error.isEmpty() ? s.name : QStringLiteral("failed: ") + s.error);
    cell(1, c, s.ranges);
    cell(2, c, s.opts);
    cell(3, c, s.error.isEmpty() ? timeText(s.medianMs) : QString());
    cell(4, c, s.error.isEmpty() ? QString::number(s.gflops, 'f', 2) : QString());
  }
  cell(5, 0, QStringLiteral("%1 source, %2 machine code").arg(source.removed).arg(machine.removed));
  cell(5, 1, QStringLiteral("%1 source, %2 machine code").arg(source.added).arg(machine.added));
  if (!r.a.error.isEmpty() || !r.b.error.isEmpty())
    m_status->setText(QStringLiteral("a side failed (its row says why)"));
  else
    m_status->setText(QStringLiteral("B runs %1x A's speed (median of %2 runs each on %3)")
                          .arg(r.b.medianMs > 0 ? r.a.medianMs / r.b.medianMs : 0.0, 0, 'f', 2)
                          .arg(kRuns)
                          .arg(m_session.device()));
}

} // namespace uops::views
