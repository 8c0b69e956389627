// Syntax highlighting for the Code view: LLVM IR, OpenCL C and disassembly
// (keywords and mnemonics, types, numbers, comments, labels, registers and
// value names). Line-based rules: each line is coloured on its own, which is
// all these languages need as the renderers and the disassembler write them.
#pragma once

#include "views/code/code_language.h"

#include <QRegularExpression>
#include <QSyntaxHighlighter>
#include <QTextCharFormat>

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
  CodeHighlighter(QTextDocument* document, CodeLanguage language);
  void setLanguage(CodeLanguage language);
  CodeLanguage language() const { return m_language; }

protected:
  void highlightBlock(const QString& text) final;

private:
  CodeLanguage m_language;
  std::vector<HighlightRule> m_rules;
};

} // namespace uops::views
