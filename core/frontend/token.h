// Token: one lexeme of the Python subset, with its location.
#pragma once

#include "core/frontend/source.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace uops::frontend {

enum class TokenKind : uint8_t {
  Name,
  Keyword,
  Int,
  Float,
  String,
  Op, // operators and delimiters, including "..."
  Newline,
  Indent,
  Dedent,
  End,
};

struct Token {
  TokenKind kind = TokenKind::End;
  // Name, Keyword, Op: the spelling. Int, Float: the source spelling.
  // String: the decoded value (UTF-8).
  std::string text;
  int64_t intValue = 0;
  double floatValue = 0.0;
  Location loc;

  bool isOp(std::string_view op) const { return kind == TokenKind::Op && text == op; }
  bool isKeyword(std::string_view kw) const { return kind == TokenKind::Keyword && text == kw; }
};

std::string_view tokenKindName(TokenKind kind); // "name", "newline", ...

// How an error message names a token: "')'", "'if'", "end of line", ...
std::string describeToken(const Token& token);

bool isKeyword(std::string_view word);

} // namespace uops::frontend
