// The Kernels view: the schedule's kernels with their names colored by
// AxisType letter (the spec's colors), their ranges and applied OptOps, and
// their times once run; a table over KernelsModel, refilled from the
// Session's snapshot when a program is lowered or has run.
#pragma once

#include <QTableView>

namespace uops::views {

class KernelsModel;
class Session;

class KernelsPanel : public QTableView {
  Q_OBJECT

public:
  explicit KernelsPanel(Session& session, QWidget* parent = nullptr);
  KernelsModel* kernels() const { return m_model; }
  // The text of a cell (the kernel column: its name without colors).
  QString text(int row, int column) const;

private:
  void rebuild();

  Session& m_session;
  KernelsModel* m_model;
};

// "r_64_64_16" as HTML with each size in its range's AxisType color.
QString coloredKernelName(const std::string& text, const std::string& letters);

} // namespace uops::views
