// The Code view: the selected kernel's rendered source (LLVM IR for the CPU,
// OpenCL C for CL devices) and its machine code (the Session compiles it on a
// worker) side by side, highlighted; the graph's textual IR for the
// whole-program stages. The lines the selected node produced are marked and
// scrolled to; clicking a line selects the node that produced it.
#pragma once

#include <QList>
#include <QTextEdit>
#include <QWidget>

#include <cstdint>

#include <vector>

class QPlainTextEdit;

namespace uops {
class UOp;
}

namespace uops::views {

class CodeHighlighter;
class Session;

class CodePanel : public QWidget {
  Q_OBJECT

public:
  explicit CodePanel(Session& session, QWidget* parent = nullptr);
  QPlainTextEdit* source() const { return m_source; }
  QPlainTextEdit* isa() const { return m_isa; }
  CodeHighlighter* sourceHighlighter() const { return m_sourceHighlighter; }
  // The source lines (0-based) whose nodes came from the Session's program line.
  std::vector<int> programLineMarks() const;
  // The source lines (0-based) the selected node produced, marked in the view.
  const std::vector<int>& markedLines() const { return m_marked; }
  // The node that produced source line `line` (0-based), or null.
  const UOp* nodeOfLine(int line) const;
  // What a click on source line `line` does: selects its node; false when no node is known.
  bool chooseLine(int line);

protected:
  bool eventFilter(QObject* watched, class QEvent* event) override;

private:
  void show(int record);
  void markNode(const UOp* node);

  Session& m_session;
  QPlainTextEdit* m_source;
  QPlainTextEdit* m_isa;
  CodeHighlighter* m_sourceHighlighter;
  CodeHighlighter* m_isaHighlighter;
  std::vector<const UOp*> m_lineNodes; // of the source shown: one per line (identity only)
  std::vector<int> m_marked;
  std::vector<int32_t> m_lineOrigins; // per source line: the program line its node came from (0: none)
  QList<QTextEdit::ExtraSelection> m_programMarks; // the lines of the Session's program line
  void markProgramLine(int line);
  void showMarks(const QList<QTextEdit::ExtraSelection>& nodeMarks);
};

} // namespace uops::views
