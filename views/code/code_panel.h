// The Code view: the selected kernel's rendered source (LLVM IR for the CPU,
// OpenCL C for CL devices) and its machine code (the Session compiles it on a
// worker) side by side in CodeEditor panes (QScintilla, line numbers,
// highlighted); the graph's textual IR for the whole-program stages. The lines the selected node produced are marked and
// scrolled to; clicking a line selects the node that produced it.
#pragma once

#include <QWidget>

#include <cstdint>

#include <vector>

namespace uops {
class UOp;
}

class QCheckBox;

namespace uops::views {

class CodeEditor;
class Session;

class CodePanel : public QWidget {
  Q_OBJECT

public:
  explicit CodePanel(Session& session, QWidget* parent = nullptr);
  CodeEditor* source() const { return m_source; }
  CodeEditor* isa() const { return m_isa; }
  // Whether the machine-code pane shows each instruction's address and bytes (off: mnemonic first).
  QCheckBox* addressesAndBytes() const { return m_addresses; }
  // The source lines (0-based) whose nodes came from the Session's program line.
  std::vector<int> programLineMarks() const;
  // The source lines (0-based) the selected node produced, marked in the view.
  const std::vector<int>& markedLines() const { return m_marked; }
  // The source lines (0-based) some remark of the kernel is about (core/remarks), marked in the margin.
  std::vector<int> remarkLines() const;
  // The node that produced source line `line` (0-based), or null.
  const UOp* nodeOfLine(int line) const;
  // What a click on source line `line` does: selects its node; false when no node is known.
  bool chooseLine(int line);

private:
  void show(int record);
  void markNode(const UOp* node);
  void showMachineCode();

  Session& m_session;
  CodeEditor* m_source;
  CodeEditor* m_isa;
  QCheckBox* m_addresses;
  QString m_machineCode; // as the device gave it, addresses and bytes included
  std::vector<const UOp*> m_lineNodes; // of the source shown: one per line (identity only)
  std::vector<int> m_marked;
  std::vector<int32_t> m_lineOrigins; // per source line: the program line its node came from (0: none)
  void markProgramLine(int line);
  void markRemarks();
};

} // namespace uops::views
