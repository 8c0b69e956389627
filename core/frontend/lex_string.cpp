// String literals: quotes, triple quotes, raw prefixes and escape sequences.
#include "core/frontend/lexer_impl.h"

#include "core/frontend/utf8.h"

#include <fmt/format.h>

namespace uops::frontend::detail {

namespace {

int hexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

} // namespace

// Called after the backslash; appends the escaped character(s).
void Lexer::appendEscape(std::string& out) {
  Location at = {m_line, m_col - 1};
  char c = peek();
  if (atNewline()) return newline(); // backslash-newline continues the literal
  if (atEnd()) return;               // lexString reports the unterminated literal
  auto simple = std::string_view("\\\\''\"\"a\ab\bf\fn\nr\rt\tv\v");
  for (size_t k = 0; k < simple.size(); k += 2) {
    if (simple[k] == c) {
      out += simple[k + 1];
      return advance();
    }
  }
  if (c >= '0' && c <= '7') {
    char32_t value = 0;
    for (int k = 0; k < 3 && peek() >= '0' && peek() <= '7'; ++k) {
      value = value * 8 + static_cast<char32_t>(peek() - '0');
      advance();
    }
    return utf8::append(out, value);
  }
  int width = c == 'x' ? 2 : c == 'u' ? 4 : c == 'U' ? 8 : 0;
  if (width == 0) {
    if (c == 'N') fail(at, "\\N{...} escapes are not supported");
    out += '\\'; // Python keeps unknown escapes as written
    return;
  }
  advance();
  char32_t value = 0;
  for (int k = 0; k < width; ++k) {
    int h = hexValue(peek());
    if (h < 0)
      fail(at, fmt::format("truncated \\{}{} escape", c,
                           std::string(static_cast<size_t>(width), c == 'x' ? 'X' : 'x')));
    value = value * 16 + static_cast<char32_t>(h);
    advance();
  }
  if (value > 0x10FFFF) fail(at, "illegal Unicode character in \\U escape");
  if (value >= 0xD800 && value <= 0xDFFF)
    fail(at, "surrogate code points cannot be written in a string literal");
  utf8::append(out, value);
}

void Lexer::lexString(std::string_view prefix, Location start) {
  if (prefix.find_first_of("bB") != std::string_view::npos)
    fail(start, "bytes literals are not supported");
  bool raw = prefix.find_first_of("rR") != std::string_view::npos;
  if (prefix.find_first_of("fF") != std::string_view::npos) return lexFString(raw, start);
  char quote = peek();
  bool triple = peek(1) == quote && peek(2) == quote;
  for (int k = 0; k < (triple ? 3 : 1); ++k)
    advance();
  std::string value;
  for (;;) {
    if (atEnd())
      fail(start, fmt::format("unterminated {}string literal (detected at line {})",
                              triple ? "triple-quoted " : "", m_line));
    char c = peek();
    if (c == quote && (!triple || (peek(1) == quote && peek(2) == quote))) {
      for (int k = 0; k < (triple ? 3 : 1); ++k)
        advance();
      break;
    }
    if (atNewline()) {
      if (!triple)
        fail(start, fmt::format("unterminated string literal (detected at line {})", m_line));
      value += '\n'; // Python reads "\r\n" inside a literal as "\n"
      newline();
      continue;
    }
    if (c != '\\') {
      size_t begin = m_pos;
      advance();
      value.append(m_text.substr(begin, m_pos - begin));
      continue;
    }
    advance();
    if (!raw) {
      appendEscape(value);
      continue;
    }
    // A raw literal keeps the backslash and the character after it, which
    // therefore cannot end the literal.
    value += '\\';
    if (atNewline()) {
      value += '\n';
      newline();
    } else if (!atEnd()) {
      size_t begin = m_pos;
      advance();
      value.append(m_text.substr(begin, m_pos - begin));
    }
  }
  emit(TokenKind::String, std::move(value), start);
}

} // namespace uops::frontend::detail
