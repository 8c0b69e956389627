// The Run view: run the program on a chosen device (the CPU or any OpenCL
// device; the target device unless another is chosen) with repetitions, on a worker; per kernel its
// minimum and median times with GFLOPS and GB/s at the median (work from core/engine/kernel_flops.h), the
// outputs' shapes and first values, and, when "check against reference" is
// on, whether they match the reference evaluator. A program on several devices also gets its
// per-device timeline; a program on one device its kernels under the device's roofline (the
// device's hardware peaks measured on a worker the first time the roofline is
// shown for it, then cached with the date until the roofline's Measure again),
// which the window shows in its middle tabs.
#pragma once

#include "views/kernel_text/device_run.h"
#include "views/run/peaks_cache.h"

#include <QFutureWatcher>
#include <QWidget>

#include <optional>

class QCheckBox;
class QComboBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;
class QTableView;

namespace uops::views {

class RooflineView;
class RunTimesModel;
class Session;
class TimelineView;

class RunPanel : public QWidget {
  Q_OBJECT

public:
  explicit RunPanel(Session& session, QWidget* parent = nullptr);
  ~RunPanel() override;
  QPushButton* runButton() const { return m_run; }
  QCheckBox* checkBox() const { return m_check; }
  QComboBox* device() const { return m_device; }
  QTableView* times() const { return m_times; } // over RunTimesModel
  QLabel* verdict() const { return m_verdict; }
  TimelineView* timeline() const { return m_timeline; }
  // The run's kernels under the device's roof; the window shows it as a
  // tab of its own (the panel measures the peaks and fills it after each run).
  RooflineView* roofline() const { return m_roofline; }
  // Processes events until the peaks being measured are known (tests).
  void waitForPeaks();

private:
  struct PeaksJob {
    QString device, description;
    CachedPeaks peaks;
    QString error;
  };

  void showRun();
  void showRoofline();
  // Measures the last run's device on a worker (one measurement at a time).
  void measurePeaksOf(const DeviceChoice& device);
  std::optional<DeviceChoice> lastRunDevice() const;

  Session& m_session;
  QComboBox* m_device;
  QSpinBox* m_repeat;
  QPushButton* m_run;
  QCheckBox* m_check;
  QTableView* m_times;
  RunTimesModel* m_timesModel;
  QLabel* m_verdict;
  QPlainTextEdit* m_outputs;
  TimelineView* m_timeline;
  RooflineView* m_roofline;
  QFutureWatcher<PeaksJob> m_peaks;
};

} // namespace uops::views
