// Tools > Bisect: `uopc bisect` for the program shown. The bisection
// (core/engine/lowering_bisect.h) runs on a worker while a progress dialog
// counts its probes (Cancel stops it before the next one); when it finds the
// rewrite after which the kernels' outputs differ from the reference
// evaluator's, the Session selects that rewrite's stage and `open` is told
// the rewrite's number in the stage (RewritesPanel::choose) to show it.
#pragma once

#include "views/jobs/latest_job.h"

#include <QObject>
#include <QString>

#include <functional>

class QProgressDialog;
class QWidget;

namespace uops::views {

class Session;

// What a bisection found, for the window.
struct BisectFound {
  bool found = false;
  QString summary; // "rewrite #57 of 210: rule 'x+x' (symbolic_add.cpp:120) in Expand (E_4), pass 'symbolic'", or why not
  QString stage;   // the record's stage and kernel (-1: a whole-program stage)
  int kernel = -1;
  int step = -1, rewrite = -1; // in the record's trace
};

class BisectRunner : public QObject {
  Q_OBJECT

public:
  BisectRunner(Session& session, QWidget* window, std::function<void(int rewrite)> open);
  // Bisects the program the Session shows on its device; a bisection in flight is superseded.
  void start();
  bool running() const { return m_job.pending(); }
  const BisectFound& last() const { return m_last; }

Q_SIGNALS:
  void probed(int probes, const QString& line);
  void finished(const QString& summary);

private:
  void take(BisectFound found);

  Session& m_session;
  QWidget* m_window;
  std::function<void(int)> m_open;
  QProgressDialog* m_dialog = nullptr;
  BisectFound m_last;
  LatestJob<BisectFound> m_job{this};
};

} // namespace uops::views
