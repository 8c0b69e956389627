// The status bar's report of work in flight (a lowering's stage and kernel, a
// layout's percent) with a progress bar. QStatusBar::showMessage and
// QProgressBar::setValue repaint at once, and a lowering reports every stage
// of every kernel: shown one by one, the reports held the window up tens of
// milliseconds. Here the first report shows at once, later ones at most every
// kIntervalMs, always the latest; the ones between are skipped.
#pragma once

#include <QObject>
#include <QString>
#include <QTimer>

#include <optional>

class QProgressBar;
class QStatusBar;

namespace uops::views {

class ActivityStatus : public QObject {
public:
  static constexpr int kIntervalMs = 50;

  explicit ActivityStatus(QStatusBar* bar);
  // `message` empty: the status bar's message stays.
  void report(const QString& message, int done, int total);
  // The work ended: the progress bar hides, a report not yet shown is dropped.
  void finish();
  QProgressBar* progress() const { return m_progress; }

private:
  struct Report {
    QString message;
    int done = 0, total = 0;
  };
  void show(const Report& report);

  QStatusBar* m_bar;
  QProgressBar* m_progress;
  QTimer m_timer;
  std::optional<Report> m_pending;
};

} // namespace uops::views
