// The kernel step debugger: the selected kernel's linearized instructions run
// one at a time on host buffers (LinearStepper; its inputs filled with
// sin(0.37 (i + slot)), small integers for integer buffers), each with its
// value as last computed. Step runs one instruction, Continue runs to the next
// breakpoint (a double click on an instruction sets or clears one; at most a
// million steps per click), Restart starts again. The next instruction is
// bold and selected, and selecting its node marks its line in the Code view's
// rendered source and its box in the graph. A GPU kernel runs its first
// `lanes` work-items together (SIMT), a value column per work-item.
#pragma once

#include <QWidget>

#include <memory>

class QLabel;
class QPushButton;
class QSpinBox;
class QTableView;

namespace uops {
class LinearStepper;
}

namespace uops::views {

class Session;
class StepperModel;

class KernelStepperPanel : public QWidget {
  Q_OBJECT

public:
  // The most work-items run together: value columns the table shows at most (uopscope --lanes checks it).
  static constexpr int kMaxLanes = 64;

  explicit KernelStepperPanel(Session& session, QWidget* parent = nullptr);
  void step();
  void continueToBreakpoint();
  void restart();
  StepperModel* model() const { return m_model; }
  QTableView* table() const { return m_table; }
  QLabel* status() const { return m_status; }
  // How many work-items run together (a GPU kernel; 1 on the CPU); setting it restarts.
  QSpinBox* lanes() const { return m_lanes; }
  // The selected kernel's stepper (made when asked for or shown: a hidden
  // Step view does no work when the stage changes).
  const LinearStepper* stepper();
  // Whether the view can be seen (its dock's tab is the current one; a tab
  // behind another stays "visible" to Qt, moved off the screen).
  void setOnScreen(bool on);

private:
  void load();   // now if on screen, else when shown or asked for
  void reload(); // a new stepper for the selected kernel
  void afterSteps();

  Session& m_session;
  std::shared_ptr<LinearStepper> m_stepper;
  StepperModel* m_model;
  QTableView* m_table;
  QLabel* m_status;
  QPushButton *m_stepButton, *m_continueButton, *m_restartButton;
  QSpinBox* m_lanes;
  bool m_onScreen = true;
  bool m_stale = false; // the selected kernel changed while off the screen
  int m_wantedLanes = 8; // the lanes chosen; a kernel with fewer work-items runs them all
};

} // namespace uops::views
