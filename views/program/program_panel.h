// The Program view: the program's text in an editor (ProgramEditor: Python
// highlighting, line numbers), re-lowered 500 ms after the last edit, with a
// load error shown at its line (marked, underlined, its message annotated
// under the line and below the editor). The line under the cursor is the
// Session's program line (the Graph and Code views mark what came from it);
// the line a selected node came from is marked. The text is modified while it
// differs from the program's text as last loaded or saved (modifiedChanged).
#pragma once

#include <QWidget>

class QLabel;
class QTimer;

namespace uops::views {

class ProgramEditor;
class Session;

class ProgramPanel : public QWidget {
  Q_OBJECT

public:
  explicit ProgramPanel(Session& session, QWidget* parent = nullptr);
  ProgramEditor* editor() const { return m_editor; }
  // The text in the editor, which may be newer than the Session's (lowered 500 ms after the last edit).
  QString text() const;
  bool modified() const { return m_modified; }
  QLabel* status() const { return m_status; }
  // Marks a line (1-based) as the one running now (the auto-batching VM's
  // next block) and scrolls to it; 0 clears the mark. A new program clears it.
  void markRunningLine(int line);
  int runningLine() const { return m_runningLine; }
  // The line (1-based) the selected node came from, marked in light blue (0: none).
  int originLine() const { return m_originLine; }

Q_SIGNALS:
  void modifiedChanged(bool modified);

private:
  void checkModified();
  void showLowered();
  void showSource(); // the text at once, before its lowering ends
  void showMarks();

  Session& m_session;
  ProgramEditor* m_editor;
  QLabel* m_status;
  QTimer* m_relower;
  int m_runningLine = 0;
  int m_originLine = 0;
  bool m_modified = false;
};

} // namespace uops::views
