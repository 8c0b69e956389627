// Syntax highlighting for the Code view: LLVM IR, OpenCL C and disassembly
// (keywords and mnemonics, types, numbers, comments, labels, registers and
// value names). Line-based rules: each line is coloured on its own, which is
// all these languages need as the renderers and the disassembler write them.
// A new text is coloured progressively: its first kFirstLines lines (more than
// a screenful) at once, the rest from the event loop in slices of about
// kSliceMs, so a listing of 10,000 lines shows at once and colours without
// holding the window up. (QSyntaxHighlighter would visit every line of a new
// text at once, even to colour none of them: 22 ms for 7,000 lines.)
#pragma once

#include "views/code/code_language.h"

#include <QRegularExpression>
#include <QObject>
#include <QTextBlock>
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

class CodeHighlighter final : public QObject {
  Q_OBJECT

public:
  static constexpr int kFirstLines = 120;
  static constexpr int kSliceMs = 8;

  CodeHighlighter(QTextDocument* document, CodeLanguage language);
  void setLanguage(CodeLanguage language);
  CodeLanguage language() const { return m_language; }
  QTextDocument* document() const { return m_document; }
  // Colours the document again from the top (its first lines at once).
  void rehighlight();
  // Lines coloured so far, from the top.
  int colouredLines() const { return m_limit; }

private:
  void colourUpTo(int line, qint64 budgetMs);
  void colourBlock(const QTextBlock& block);

  QTextDocument* m_document;
  CodeLanguage m_language;
  std::vector<HighlightRule> m_rules;
  int m_limit = 0;        // lines above this one are coloured
  bool m_applying = false; // our own format changes, not a new text
  QTimer m_next;
};

} // namespace uops::views
