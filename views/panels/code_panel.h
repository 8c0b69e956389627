// The Code view: the selected kernel's rendered LLVM IR and its machine code
// (LLVM's disassembler; the Session compiles it on a worker) side by side; the
// graph's textual IR for the whole-program stages.
#pragma once

#include <QWidget>

class QPlainTextEdit;

namespace uops::views {

class Session;

class CodePanel : public QWidget {
  Q_OBJECT

public:
  explicit CodePanel(Session& session, QWidget* parent = nullptr);
  QPlainTextEdit* source() const { return m_source; }
  QPlainTextEdit* isa() const { return m_isa; }

private:
  void show(int record);

  Session& m_session;
  QPlainTextEdit* m_source;
  QPlainTextEdit* m_isa;
};

} // namespace uops::views
