// The Diff view (a middle tab): one kernel lowered with two OptOp choices (A: its OptOps
// now, B: none unless the user types others, in uopc --opts' text form),
// each compiled and timed on the explorer's device on a worker, then shown
// side by side: ranges with their AxisTypes, OptOps, median time over seven
// runs and GFLOPS, and the rendered source and machine code as a line diff
// (lines only A has on red, only B has on green, rows aligned).
#pragma once

#include "views/code/line_diff.h"

#include "core/ir/uop.h"
#include "views/jobs/latest_job.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;

namespace uops::views {

class CodeEditor;

class Session;

// One side of the comparison, as the worker made it.
struct DiffSide {
  QString opts;    // as applied (formatOpts), or "none"
  QString name;    // the kernel's display name after Optimize
  QString ranges;  // "LOOP8 UPCAST4 ..."
  QString source;  // rendered
  QString machine; // disassembly
  double medianMs = 0;
  double gflops = 0;
  QString error; // why this side could not be lowered, compiled or run
};

class DiffPanel : public QWidget {
  Q_OBJECT

public:
  explicit DiffPanel(Session& session, QWidget* parent = nullptr);
  ~DiffPanel() override;
  QComboBox* kernel() const { return m_kernel; }
  QLineEdit* optsA() const { return m_a; }
  QLineEdit* optsB() const { return m_b; }
  QPushButton* compareButton() const { return m_compare; }
  QTableWidget* summary() const { return m_summary; }
  CodeEditor* sourceA() const { return m_sourceA; }
  CodeEditor* sourceB() const { return m_sourceB; }
  CodeEditor* machineA() const { return m_machineA; }
  CodeEditor* machineB() const { return m_machineB; }
  QLabel* status() const { return m_status; }
  // Compares kernel `kernel` (schedule index) with OptOps `a` and `b`.
  void compare(int kernel, const QString& a, const QString& b);
  // Processes events until the comparison in flight is shown (tests).
  void waitForResult();

private:
  struct Result {
    DiffSide a, b;
  };
  void refill();
  void show(const Result& r);
  void clearComparison();

  Session& m_session;
  QComboBox* m_kernel;
  QLineEdit* m_a;
  QLineEdit* m_b;
  QPushButton* m_compare;
  QLabel* m_status;
  QTableWidget* m_summary;
  CodeEditor* m_sourceA;
  CodeEditor* m_sourceB;
  CodeEditor* m_machineA;
  CodeEditor* m_machineB;
  LatestJob<Result> m_job{this};
  UOpPtr m_compared; // the kernel the comparison shown is of
};

} // namespace uops::views
