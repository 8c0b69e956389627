// The Kernels view: the schedule's kernels with their names colored by
// AxisType letter (the spec's colors), their ranges and applied OptOps, and
// their times once run.
#pragma once

#include <QTableWidget>

namespace uops::views {

class Session;

class KernelsPanel : public QTableWidget {
  Q_OBJECT

public:
  explicit KernelsPanel(Session& session, QWidget* parent = nullptr);

private:
  void rebuild();

  Session& m_session;
};

// "r_64_64_16" as HTML with each size in its range's AxisType color.
QString coloredKernelName(const std::string& text, const std::string& letters);

} // namespace uops::views
