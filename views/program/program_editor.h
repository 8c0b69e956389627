// The program's editor: QScintilla (Debian's libqscintilla2-qt6) with Python
// highlighting, line numbers, the cursor's line shaded, whole-line markers
// (the error's line, the line the selected node came from, the line running
// now) and a load error's message as an annotation under its line, its text
// underlined. QScintilla is included only in the .cpp (views/code/scintilla.h).
#pragma once

#include <QWidget>

#include <vector>

class QsciScintilla;

namespace uops::views {

class ProgramEditor : public QWidget {
  Q_OBJECT

public:
  enum class Mark { Error, Origin, Running };

  explicit ProgramEditor(QWidget* parent = nullptr);

  QString text() const;
  void setText(const QString& text); // without textEdited
  void edit(const QString& text);    // the whole text replaced as a user would: textEdited
  int lineCount() const;
  // The cursor's line, 1-based; setCursorLine moves it there (first column) and scrolls to it.
  int cursorLine() const;
  void setCursorLine(int line);
  void moveToEnd();

  // Lines (1-based) carrying each mark; 0 or an empty list: none.
  void setMarks(int errorLine, const QString& error, int originLine, int runningLine);
  std::vector<int> markedLines(Mark mark) const;
  QString annotation(int line) const; // the text under line (1-based)
  bool underlined(int line) const;    // the error's squiggle on that line
  // The widget that takes keys (for focus and key events).
  QWidget* textWidget() const;

Q_SIGNALS:
  void textEdited();            // the user changed the text
  void cursorLineChanged(int line);

private:
  void followCursor();

  QsciScintilla* m_edit;
  bool m_setting = false;
  int m_cursorLine = 1;
};

} // namespace uops::views
