#include "views/run/run_panel.h"

#include "views/common/time_text.h"
#include "views/run/roofline_view.h"
#include "views/run/run_times_model.h"
#include "views/run/timeline_view.h"
#include "views/session/session.h"
#include "views/jobs/wait_for_job.h"
#include "views/jobs/work_pool.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace uops::views {

RunPanel::RunPanel(Session& session, QWidget* parent)
    : QWidget(parent), m_session(session), m_device(new QComboBox(this)), m_repeat(new QSpinBox(this)),
      m_run(new QPushButton(QStringLiteral("Run"), this)),
      m_check(new QCheckBox(QStringLiteral("check against reference"), this)), m_times(new QTableView(this)), m_timesModel(new RunTimesModel(this)),
      m_verdict(new QLabel(this)), m_outputs(new QPlainTextEdit(this)), m_timeline(new TimelineView(this)),
      m_roofline(new RooflineView(this)) {
  setObjectName(QStringLiteral("runPanel"));
  m_run->setObjectName(QStringLiteral("runButton"));
  m_check->setObjectName(QStringLiteral("runCheck"));
  m_check->setToolTip(QStringLiteral("Also compute the outputs with the reference evaluator and compare "
                                     "(slow on big programs; skipped above 2 GB of values; Stop cancels it)"));
  m_check->setChecked(m_session.checkReference());
  m_times->setObjectName(QStringLiteral("runTimes"));
  m_verdict->setObjectName(QStringLiteral("runVerdict"));
  m_repeat->setRange(1, 1000);
  m_repeat->setValue(5);
  m_repeat->setPrefix(QStringLiteral("repeat "));
  m_device->setObjectName(QStringLiteral("runDevice"));
  for (const DeviceChoice& d : availableDevices()) m_device->addItem(d.description, d.name);
  m_times->setModel(m_timesModel);
  m_times->horizontalHeader()->setSectionResizeMode(RunTimesModel::Kernel, QHeaderView::Stretch);
  m_times->verticalHeader()->hide();
  m_outputs->setReadOnly(true);
  auto* bar = new QHBoxLayout;
  bar->addWidget(m_device);
  bar->addWidget(m_repeat);
  bar->addWidget(m_run);
  bar->addWidget(m_check);
  bar->addWidget(m_verdict, 1);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->addLayout(bar);
  // kernels, the per-device timeline (multi-device runs) and the outputs, sizes the user's to change
  auto* split = new QSplitter(Qt::Vertical, this);
  split->addWidget(m_times);
  split->addWidget(m_timeline);
  split->addWidget(m_outputs);
  split->setStretchFactor(0, 2);
  split->setStretchFactor(1, 1);
  split->setStretchFactor(2, 1);
  split->setChildrenCollapsible(false);
  split->setSizes({3000, 1000, 1000}); // the kernels' times first: as many rows as fit
  m_timeline->hide();
  layout->addWidget(split, 1);
  connect(m_run, &QPushButton::clicked, this, [this] { m_session.runOn(m_device->currentData().toString(), m_repeat->value()); });
  connect(&m_session, &Session::busyChanged, m_run, [this](bool busy) { m_run->setEnabled(!busy); });
  connect(&m_session, &Session::ran, this, &RunPanel::showRun);
  connect(&m_session, &Session::programLowered, this, &RunPanel::showRun); // a lowering drops the last run
  connect(m_check, &QCheckBox::toggled, &m_session, &Session::setCheckReference);
  connect(&m_session, &Session::checkReferenceChanged, m_check, &QCheckBox::setChecked);
  connect(m_roofline, &RooflineView::shown, this, &RunPanel::showRoofline);
  connect(&m_peaks, &QFutureWatcher<PeaksJob>::finished, this, [this] {
    m_roofline->setMeasuring(false);
    PeaksJob job = m_peaks.result();
    if (job.error.isEmpty()) cachePeaks(job.description, job.peaks);
    const auto& r = m_session.lastRun();
    if (!r) return;
    if (r->device == job.device && !job.error.isEmpty())
      m_roofline->showMessage(QStringLiteral("cannot measure %1's peaks: %2").arg(job.device, job.error));
    else
      showRoofline(); // this run's device, or the one of a run that came since (measured next)
  });
  connect(m_roofline, &RooflineView::measureRequested, this, [this] {
    if (std::optional<DeviceChoice> d = lastRunDevice()) measurePeaksOf(*d);
  });
  // the target device by default: its run uses the kernels and OptOps the other views show
  auto follow = [this](const QString& device) {
    if (int i = m_device->findData(device); i >= 0) m_device->setCurrentIndex(i);
  };
  follow(m_session.device());
  connect(&m_session, &Session::deviceChanged, this, follow);
}

// a measurement in flight finishes (seconds at most) before its panel goes:
// it must not run on into whatever the device does next
RunPanel::~RunPanel() { m_peaks.waitForFinished(); }

void RunPanel::showRun() {
  const auto& r = m_session.lastRun();
  if (!r) {
    m_timesModel->setRun(nullptr);
    m_verdict->clear();
    m_outputs->clear();
    m_timeline->setEvents({});
    m_timeline->hide();
    m_roofline->showMessage(QStringLiteral("run the program to place its kernels on the roofline"));
    return;
  }
  if (!r->error.isEmpty()) {
    m_verdict->setText(QStringLiteral("<span style='color:#C62828'>%1</span>").arg(r->error.toHtmlEscaped()));
    return;
  }
  m_timesModel->setRun(std::make_shared<const DeviceRunResult>(*r));
  double total = 0;
  for (const KernelTimes& k : r->kernels) total += k.medianMs();
  QString check = QStringLiteral("outputs not checked (Run > Check against reference)");
  if (r->check) {
    check = QString::fromStdString(r->check->message).toHtmlEscaped();
    if (r->check->status == ReferenceCheck::Status::Differs) check = QStringLiteral("<b>%1</b>").arg(check);
  }
  m_verdict->setText(QStringLiteral("%1: %2 kernels, %3 total; %4")
                         .arg(r->device)
                         .arg(r->kernels.size())
                         .arg(timeText(total))
                         .arg(check));
  m_outputs->setPlainText(r->outputs);
  m_timeline->setEvents(r->timeline);
  m_timeline->setVisible(r->devices > 1);
  if (r->devices > 1)
    m_verdict->setText(m_verdict->text() + QStringLiteral("; %1 devices, %2 copies per run").arg(r->devices).arg(r->copies));
  showRoofline();
}

std::optional<DeviceChoice> RunPanel::lastRunDevice() const {
  const auto& r = m_session.lastRun();
  if (!r) return std::nullopt;
  for (const DeviceChoice& c : availableDevices())
    if (c.name == r->device) return c;
  return std::nullopt;
}

void RunPanel::showRoofline() {
  const auto& r = m_session.lastRun();
  if (!r || !r->error.isEmpty()) return;
  if (r->devices > 1 || r->work.empty()) {
    m_roofline->showMessage(QStringLiteral("The roofline places the kernels of a run on one device."));
    return;
  }
  std::optional<DeviceChoice> d = lastRunDevice();
  if (!d) return;
  if (std::optional<CachedPeaks> peaks = cachedPeaks(d->description)) {
    m_roofline->showRun(*r, *peaks);
    return;
  }
  if (!m_roofline
           ->isVisible()) { // measured when someone looks: it keeps the device busy for seconds
    m_roofline->showMessage(QStringLiteral("%1's peaks are measured when this tab is shown.").arg(r->device));
    return;
  }
  m_roofline->showMessage(QStringLiteral("measuring %1's peak arithmetic rate and memory bandwidth...").arg(r->device));
  measurePeaksOf(*d);
}

void RunPanel::measurePeaksOf(const DeviceChoice& device) {
  if (m_peaks.isRunning()) return; // its result shows the roofline of the run then last
  m_roofline->setMeasuring(true);
  m_peaks.setFuture(runOnWorkPool([device = device.name, description = device.description] {
    PeaksJob job{.device = device, .description = description, .peaks = {}, .error = {}};
    try {
      job.peaks = measurePeaks(device);
    } catch (const std::exception& e) {
      job.error = QString::fromUtf8(e.what());
    }
    return job;
  }));
}

void RunPanel::waitForPeaks() { waitForJob(m_peaks); }

} // namespace uops::views
