#include "core/frontend/token.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>

namespace uops::frontend {

std::string_view tokenKindName(TokenKind kind) {
  switch (kind) {
  case TokenKind::Name:
    return "name";
  case TokenKind::Keyword:
    return "keyword";
  case TokenKind::Int:
    return "int";
  case TokenKind::Float:
    return "float";
  case TokenKind::String:
    return "string";
  case TokenKind::FString:
    return "f-string";
  case TokenKind::Op:
    return "op";
  case TokenKind::Newline:
    return "newline";
  case TokenKind::Indent:
    return "indent";
  case TokenKind::Dedent:
    return "dedent";
  case TokenKind::End:
    return "end";
  }
  return "?";
}

std::string describeToken(const Token& token) {
  switch (token.kind) {
  case TokenKind::Name:
  case TokenKind::Keyword:
  case TokenKind::Int:
  case TokenKind::Float:
  case TokenKind::Op:
    return fmt::format("'{}'", token.text);
  case TokenKind::String:
  case TokenKind::FString:
    return "string literal";
  case TokenKind::Newline:
    return "end of line";
  case TokenKind::Indent:
    return "indent";
  case TokenKind::Dedent:
    return "dedent";
  case TokenKind::End:
    return "end of file";
  }
  return "?";
}

bool isKeyword(std::string_view word) {
  // Python's hard keywords, sorted for binary search.
  static constexpr std::array<std::string_view, 35> kKeywords = {
      "False", "None",     "True",  "and",    "as",   "assert", "async",  "await",    "break",
      "class", "continue", "def",   "del",    "elif", "else",   "except", "finally",  "for",
      "from",  "global",   "if",    "import", "in",   "is",     "lambda", "nonlocal", "not",
      "or",    "pass",     "raise", "return", "try",  "while",  "with",   "yield"};
  return std::binary_search(kKeywords.begin(), kKeywords.end(), word);
}

} // namespace uops::frontend
