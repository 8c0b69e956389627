#include "app/uopscope/activity_status.h"

#include <QProgressBar>
#include <QStatusBar>

namespace uops::views {

ActivityStatus::ActivityStatus(QStatusBar* bar) : QObject(bar), m_bar(bar), m_progress(new QProgressBar(bar)) {
  m_progress->setObjectName(QStringLiteral("activityProgress"));
  m_progress->setMaximumWidth(200);
  m_progress->hide();
  m_bar->addPermanentWidget(m_progress);
  m_timer.setSingleShot(true);
  m_timer.setInterval(kIntervalMs);
  connect(&m_timer, &QTimer::timeout, this, [this] {
    if (!m_pending) return;
    show(*m_pending);
    m_pending.reset();
    m_timer.start();
  });
}

void ActivityStatus::report(const QString& message, int done, int total) {
  if (m_timer.isActive()) {
    m_pending = Report{message.isEmpty() && m_pending ? m_pending->message : message, done, total};
    return;
  }
  show({message, done, total});
  m_timer.start();
}

void ActivityStatus::finish() {
  m_pending.reset();
  m_timer.stop();
  m_progress->hide();
}

void ActivityStatus::show(const Report& report) {
  if (!report.message.isEmpty()) m_bar->showMessage(report.message);
  m_progress->setRange(0, report.total);
  m_progress->setValue(report.done);
  m_progress->show();
}

} // namespace uops::views
