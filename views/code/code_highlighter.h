// Syntax highlighting for the Code view: LLVM IR, OpenCL C and disassembly
// (keywords and mnemonics, types, numbers, comments, labels, registers and
// value names). Line-based rules: each line is coloured on its own, which is
// all these languages need as the renderers and the disassembler write them.
// A new text is coloured progressively: its first kFirstLines lines (more than
// a screenful) at once, the rest from the event loop in slices of about
// kSliceMs, so a listing of 10,000 lines shows at once and colours without
// holding the window up.
#pragma once

#include "views/code/code_language.h"

#include <QRegularExpression>
#include <QSyntaxHighlighter>
#include <QTextCharFormat>
#include <QTimer>

#include <vector>

namespace uops::views {

// What a highlighted token is; each has its own colour.
enum class TokenKind : unsigned char { Keyword, Type, Number, Comment, Label, Register, Builtin };

struct HighlightRule {
  QRegularExpression pattern;
  TokenKind kind;
  int group = 0; // the capture group that gets the colour (0: the whole match)
};

// The rules of a language, applied in order (a later match recolours an earlier one).
std::vector<HighlightRule> highlightRules(CodeLanguage language);
QTextCharFormat tokenFormat(TokenKind kind);

class CodeHighlighter final : public QSyntaxHighlighter {
  Q_OBJECT

public:
  static constexpr int kFirstLines = 120;
  static constexpr int kSliceMs = 8;

  CodeHighlighter(QTextDocument* document, CodeLanguage language);
  void setLanguage(CodeLanguage language);
  CodeLanguage language() const { return m_language; }
  // Lines coloured so far, from the top.
  int colouredLines() const { return m_limit; }

protected:
  void highlightBlock(const QString& text) final;

private:
  void colourNextSlice();

  CodeLanguage m_language;
  std::vector<HighlightRule> m_rules;
  int m_limit = kFirstLines; // lines below this one wait for their slice
  bool m_slicing = false;    // colourNextSlice is re-colouring
  QTimer m_next;
};

} // namespace uops::views
