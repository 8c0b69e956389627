// The Remarks view: why the selected kernel was fused, optimized and compiled
// as it was (core/remarks): Rangeify's remarks on the buffers it writes
// (which fusion rule kept them), Optimize's on each OptOp the heuristics
// chose or were refused, Render's on vector accesses, and, once compiled for
// them on a worker while the view is on screen, LLVM's passes' (CPU). Each
// row names the program line and the line of the rendered source; choosing a
// row marks that program line, and in the Render stage selects the node of
// that source line (the Code view scrolls to it). With a whole-program stage
// selected it lists Rangeify's remarks for every kernel.
#pragma once

#include <QWidget>

#include <cstdint>

class QComboBox;
class QLabel;
class QTreeWidget;

namespace uops::views {

class Session;

class RemarksPanel : public QWidget {
  Q_OBJECT

public:
  enum Column { kKind, kOrigin, kLine, kIrLine, kMessage, COLUMN_COUNT };

  explicit RemarksPanel(Session& session, QWidget* parent = nullptr);

  QTreeWidget* remarks() const { return m_remarks; }
  QLabel* heading() const { return m_heading; }
  // Which kinds are listed: "all", "missed", "passed", "analysis".
  QComboBox* kinds() const { return m_kinds; }
  // The kernel listed (schedule index), or -1 for the whole program's.
  int64_t kernel() const { return m_kernel; }

protected:
  void showEvent(QShowEvent* event) override;

private:
  void refresh();
  void choose(int row);

  Session& m_session;
  QLabel* m_heading;
  QComboBox* m_kinds;
  QTreeWidget* m_remarks;
  int64_t m_kernel = -1;
};

} // namespace uops::views
