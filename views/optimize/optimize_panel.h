// The Optimize view: choose an OptOp, its axis and argument for a kernel and
// apply it (the program re-lowers and every view follows); a rejected op
// shows its reason inline. Undo drops the last op, Heuristic goes back to the
// hand-coded choice, BEAM searches in the background with a progress bar, a
// live chart of the best time against candidates tried, and Cancel.
#pragma once

#include <QWidget>

#include <optional>

class QChart;
class QComboBox;
class QLabel;
class QLineSeries;
class QListWidget;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace uops {
struct Opt;
}

namespace uops::views {

class Session;

class OptimizePanel : public QWidget {
  Q_OBJECT

public:
  explicit OptimizePanel(Session& session, QWidget* parent = nullptr);

  QComboBox* kernel() const { return m_kernel; }
  QComboBox* op() const { return m_op; }
  QSpinBox* axis() const { return m_axis; }
  QSpinBox* amount() const { return m_amount; }
  QComboBox* target() const { return m_target; }
  QPushButton* applyButton() const { return m_apply; }
  QLabel* reason() const { return m_reason; }
  QListWidget* applied() const { return m_applied; }
  QPushButton* beamButton() const { return m_beam; }
  QPushButton* heuristicButton() const { return m_heuristic; }
  QPushButton* cancelButton() const { return m_cancel; }
  QProgressBar* progress() const { return m_progress; }
  int chartPoints() const;

private:
  void refresh();
  void addApplied(const Opt& opt); // a row of the applied list, its OptOp explained
  void apply();
  // After Heuristic's lowering: what the heuristics chose for the kernel, or that they chose nothing.
  void sayHeuristicChoice();

  Session& m_session;
  QComboBox* m_kernel;
  QComboBox* m_op;
  QSpinBox* m_axis;
  QSpinBox* m_amount;
  QComboBox* m_target;
  QPushButton* m_apply;
  QLabel* m_reason;
  QListWidget* m_applied;
  QPushButton* m_undo;
  QPushButton* m_heuristic;
  QSpinBox* m_width;
  QPushButton* m_beam;
  QPushButton* m_cancel;
  QProgressBar* m_progress;
  QLineSeries* m_best;
  std::optional<size_t> m_heuristicAsked; // the kernel Heuristic was pressed for, until its lowering arrives
  QString m_program;     // the program what the panel says is about
  QString m_beamProgram; // the program the last BEAM search was started on
};

} // namespace uops::views
