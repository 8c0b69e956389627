// A read-only code pane of the Code view: QScintilla with line numbers,
// coloured by the language's line rules (code_highlight_rules.h's highlightRules,
// applied by a QScintilla lexer to the lines it shows, so a listing of 10,000
// lines is coloured as it scrolls, not all at once), with whole-line marks for
// the lines of the selected node and of the program line under the cursor.
// QScintilla is included only in the .cpp (views/code/scintilla.h).
#pragma once

#include "views/kernel_text/code_language.h"

#include <QWidget>

#include <vector>

class QsciScintilla;
class QScrollBar;

namespace uops::views {

class CodeLexer;

class CodeEditor : public QWidget {
  Q_OBJECT

public:
  // Whole-line marks; a later one is drawn over an earlier one. ProgramLine and
  // Node: the Code view's; Removed, Added, Missing: a line diff's rows only
  // one side has (the other side's row is Missing). Remark is not a line's
  // colour but a triangle in the margin: a line an optimization remark is about.
  enum class Mark { ProgramLine, Node, Removed, Added, Missing, Remark };

  CodeEditor(const QString& name, CodeLanguage language, QWidget* parent = nullptr);

  QString text() const;
  void setText(const QString& text);
  void clear() { setText({}); }
  int lineCount() const;
  QString lineText(int line) const; // 0-based, without its line break
  CodeLanguage language() const;
  void setLanguage(CodeLanguage language);

  // Marks (0-based lines), each kind replacing its previous lines.
  void setMarks(Mark mark, const std::vector<int>& lines);
  std::vector<int> markedLines(Mark mark) const;
  // Scrolls `line` into view, a third down the page, unless it is shown.
  void reveal(int line);
  // Where line `line` is drawn, in the text widget's coordinates (for clicks).
  QPoint pointOfLine(int line) const;
  QWidget* textWidget() const;
  // The text widget's scroll bars (two panes of a diff scroll together).
  QScrollBar* verticalScrollBar() const;
  QScrollBar* horizontalScrollBar() const;
  // The style the lexer gave to the character at `column` of `line` (0: plain text).
  int styleAt(int line, int column) const;
  // The tooltip over `column` of `line` (0-based): the entry in core/docs of
  // the LLVM IR instruction, intrinsic or keyword there (of the op, in the
  // textual IR), or of the OpenCL C builtin; "" elsewhere and in machine code.
  // Shown when the mouse dwells on the word.
  QString toolTipAt(int line, int column) const;

Q_SIGNALS:
  void lineClicked(int line); // 0-based

protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

private:
  QsciScintilla* m_edit;
  CodeLexer* m_lexer;
};

} // namespace uops::views
