// BEAM search for one kernel on a worker: the Optimize view starts it, the
// Session takes the OptOps it finds. One search at a time per process (a
// device times one candidate at a time); progress is reported on the GUI
// thread while it runs, and cancel() stops it at the next candidate.
#pragma once

#include "core/opt/beam.h"
#include "core/render/codegen_target.h"

#include <QFutureWatcher>
#include <QObject>
#include <QString>

#include <atomic>

namespace uops::views {

class BeamJob : public QObject {
  Q_OBJECT

public:
  explicit BeamJob(QObject* parent = nullptr);
  ~BeamJob() override; // stops a search still running and waits for it

  // Searches kernel `kernel` (its AST after Rangeify) on `target`'s device
  // with beam `width`; false while another search runs.
  bool start(size_t kernel, UOpPtr ast, const CodegenTarget& target, int width);
  void cancel() { m_cancel = true; }
  bool running() const { return m_watcher.isRunning(); }
  // The last search: its kernel, the device it timed on, and what it found
  // (found() is false when it was cancelled or failed).
  size_t kernel() const { return m_kernel; }
  const QString& device() const { return m_device; }
  const BeamResult& result() const { return m_result; }
  bool found() const { return !m_result.cancelled && m_result.ms > 0; }

Q_SIGNALS:
  void progress(int tried, double bestMs, double candidateMs);
  // The search ended (result() says how), with a line for the user.
  void finished(const QString& summary);

private:
  QFutureWatcher<BeamResult> m_watcher;
  std::atomic<bool> m_cancel{false};
  size_t m_kernel = 0;
  QString m_device;
  BeamResult m_result;
};

// What a search's result says to the user: "BEAM: <opts> -> 0.1234 ms (12 tried)".
QString beamSummary(const BeamResult& r);

} // namespace uops::views
