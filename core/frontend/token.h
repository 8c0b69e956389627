// Token: one lexeme of the Python subset, with its location.
#pragma once

#include "core/frontend/source.h"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace uops::frontend {

enum class TokenKind : uint8_t {
  Name,
  Keyword,
  Int,
  Float,
  String,
  FString, // f"...": its pieces are in `fstring`
  Op,      // operators and delimiters, including "..."
  Newline,
  Indent,
  Dedent,
  End,
};

struct FStringPart;

struct Token {
  TokenKind kind = TokenKind::End;
  // Name, Keyword, Op: the spelling. Int, Float: the source spelling.
  // String: the decoded value (UTF-8).
  std::string text;
  int64_t intValue = 0;
  double floatValue = 0.0;
  Location loc;
  std::shared_ptr<const std::vector<FStringPart>> fstring; // FString only

  bool isOp(std::string_view op) const { return kind == TokenKind::Op && text == op; }
  bool isKeyword(std::string_view kw) const { return kind == TokenKind::Keyword && text == kw; }
};

// An f-string's field: {expression=!conversion:spec}. The expression is
// lexed into tokens of its own (ending with End) at their places in the file.
struct FStringField {
  std::vector<Token> tokens;
  Location loc;        // of the '{'
  char conversion = 0; // 'r', 's' or 0
  bool hasSpec = false;
  std::vector<FStringPart> spec; // text and nested fields
  std::string selfDocumenting;   // "x=" for {x=}: written before the value
};

// Text (escapes decoded, {{ and }} undone) or a field.
struct FStringPart {
  std::string text;
  std::shared_ptr<const FStringField> field; // null for text
  Location loc;
};

std::string_view tokenKindName(TokenKind kind); // "name", "newline", ...

// How an error message names a token: "')'", "'if'", "end of line", ...
std::string describeToken(const Token& token);

bool isKeyword(std::string_view word);

} // namespace uops::frontend
