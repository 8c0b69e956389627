// Lexer internals shared by lexer.cpp, lex_number.cpp and lex_string.cpp.
#pragma once

#include "core/frontend/source.h"
#include "core/frontend/token.h"

#include <string>
#include <string_view>
#include <vector>

namespace uops::frontend::detail {

inline bool isDigit(char c) {
  return c >= '0' && c <= '9';
}
inline bool isIdentStart(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
inline bool isIdentChar(char c) {
  return isIdentStart(c) || isDigit(c);
}

class Lexer {
public:
  explicit Lexer(const SourceFile& source);
  std::vector<Token> run();

private:
  struct IndentLevel {
    int width;     // tabs to the next multiple of 8, as Python counts them
    int charCount; // tabs as one column: must order lines the same way
  };
  struct OpenBracket {
    char ch;
    Location loc;
  };

  bool atEnd() const { return m_pos >= m_text.size(); }
  char peek(size_t ahead = 0) const {
    return m_pos + ahead < m_text.size() ? m_text[m_pos + ahead] : '\0';
  }
  bool atNewline() const { return peek() == '\n' || peek() == '\r'; }
  Location here() const { return {m_line, m_col}; }
  void advance(); // one code point, never a line terminator
  void newline(); // one "\n", "\r\n" or "\r"
  [[noreturn]] void fail(Location loc, std::string message) const;

  void checkEncoding() const;
  void indentation(); // at the start of a line outside brackets
  void lexName();
  void lexNumber();
  void lexRadixInt(Location start);
  void lexString(std::string_view prefix, Location start);
  void appendEscape(std::string& out);
  // f-strings (lex_fstring.cpp)
  bool atQuote(char quote, bool triple) const {
    return peek() == quote && (!triple || (peek(1) == quote && peek(2) == quote));
  }
  void lexFString(bool raw, Location start);
  std::vector<FStringPart> fstringParts(char quote, bool triple, bool raw, bool inSpec,
                                        Location start);
  std::shared_ptr<const FStringField> fstringField(char quote, bool triple, bool raw,
                                                   Location start);
  std::vector<Token> lexEmbedded(bool triple, Location fieldLoc);
  void lexOperator();
  void emit(TokenKind kind, std::string text, Location loc);
  void finish();

  const SourceFile& m_source;
  std::string_view m_text;
  size_t m_pos = 0;
  int m_line = 1;
  int m_col = 1;
  bool m_lineHasTokens = false;
  std::vector<IndentLevel> m_indents{{0, 0}};
  std::vector<OpenBracket> m_brackets;
  std::vector<Token> m_tokens;
  int m_fstringDepth = 0; // fields inside fields
};

} // namespace uops::frontend::detail
