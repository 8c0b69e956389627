// The Run view: run the program on a chosen device (the CPU or any OpenCL
// device; the target device unless another is chosen) with repetitions, on a worker; per kernel its minimum and median
// times with GFLOPS and GB/s at the median (work from kernel_work.h), the
// outputs' shapes and first values, and whether they match the reference
// evaluator. A program on several devices also gets its per-device timeline.
#pragma once

#include <QWidget>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace uops::views {

class Session;
class TimelineView;

class RunPanel : public QWidget {
  Q_OBJECT

public:
  explicit RunPanel(Session& session, QWidget* parent = nullptr);
  QPushButton* runButton() const { return m_run; }
  QComboBox* device() const { return m_device; }
  QTableWidget* times() const { return m_times; }
  QLabel* verdict() const { return m_verdict; }
  TimelineView* timeline() const { return m_timeline; }

private:
  void showRun();

  Session& m_session;
  QComboBox* m_device;
  QSpinBox* m_repeat;
  QPushButton* m_run;
  QTableWidget* m_times;
  QLabel* m_verdict;
  QPlainTextEdit* m_outputs;
  TimelineView* m_timeline;
};

} // namespace uops::views
