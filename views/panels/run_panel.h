// The Run view: run the program on the CPU with repetitions (on a worker);
// per-kernel minimum and median times, the outputs' shapes and first values,
// and whether they match the reference evaluator.
#pragma once

#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace uops::views {

class Session;

class RunPanel : public QWidget {
  Q_OBJECT

public:
  explicit RunPanel(Session& session, QWidget* parent = nullptr);
  QPushButton* runButton() const { return m_run; }
  QTableWidget* times() const { return m_times; }
  QLabel* verdict() const { return m_verdict; }

private:
  void showRun();

  Session& m_session;
  QSpinBox* m_repeat;
  QPushButton* m_run;
  QTableWidget* m_times;
  QLabel* m_verdict;
  QPlainTextEdit* m_outputs;
};

} // namespace uops::views
