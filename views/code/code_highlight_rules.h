// The Code view's highlighting rules: LLVM IR, OpenCL C and disassembly
// (keywords and mnemonics, types, numbers, comments, labels, registers and
// value names). Line-based: each line is coloured on its own, which is all
// these languages need as the renderers and the disassembler write them. The
// code panes' QScintilla lexer (code_editor.cpp) applies them to the lines it
// shows.
#pragma once

#include "views/kernel_text/code_language.h"

#include <QRegularExpression>
#include <QTextCharFormat>

#include <vector>

namespace uops::views {

// What a highlighted token is; each has its own colour.
enum class TokenKind : unsigned char { Keyword, Type, Number, Comment, Label, Register, Builtin };
constexpr int kTokenKinds = 7;

struct HighlightRule {
  QRegularExpression pattern;
  TokenKind kind;
  int group = 0; // the capture group that gets the colour (0: the whole match)
};

// The rules of a language, applied in order (a later match recolours an earlier one).
std::vector<HighlightRule> highlightRules(CodeLanguage language);
QTextCharFormat tokenFormat(TokenKind kind);
// Per character of `line`: the kind of its token, or -1 for plain text.
std::vector<int> lineTokens(const std::vector<HighlightRule>& rules, const QString& line);

} // namespace uops::views
