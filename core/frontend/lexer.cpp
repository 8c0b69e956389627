#include "core/frontend/lexer.h"

#include "core/frontend/lexer_impl.h"
#include "core/frontend/load_error.h"
#include "core/frontend/utf8.h"

#include <fmt/format.h>

#include <array>

namespace uops::frontend {

namespace detail {

namespace {

// CPython's limits, so programs that load here also compile there.
constexpr size_t kMaxBrackets = 200;
constexpr size_t kMaxIndentLevels = 100;

// Longest first, so "**=" wins over "**" and "*".
constexpr std::array<std::string_view, 47> kOperators = {
    "**=", "//=", ">>=", "<<=", "...", "**", "//", "<<", ">>", "<=", ">=", "==",
    "!=",  "->",  "+=",  "-=",  "*=",  "/=", "%=", "&=", "|=", "^=", "@=", ":=",
    "+",   "-",   "*",   "/",   "%",   "@",  "&",  "|",  "^",  "~",  "<",  ">",
    "(",   ")",   "[",   "]",   "{",   "}",  ",",  ":",  ".",  ";",  "="};

char closerOf(char open) {
  return open == '(' ? ')' : open == '[' ? ']' : '}';
}

} // namespace

Lexer::Lexer(const SourceFile& source) : m_source(source), m_text(source.text()) {}

void Lexer::advance() {
  int n = utf8::sequenceLength(m_text, m_pos);
  m_pos += static_cast<size_t>(n > 0 ? n : 1);
  ++m_col;
}

void Lexer::newline() {
  if (peek() == '\r' && peek(1) == '\n') ++m_pos;
  ++m_pos;
  ++m_line;
  m_col = 1;
}

void Lexer::fail(Location loc, std::string message) const {
  throw LoadError::at(m_source, loc, std::move(message));
}

void Lexer::checkEncoding() const {
  auto invalid = utf8::firstInvalid(m_text);
  size_t nul = m_text.find('\0');
  if (nul != std::string_view::npos && (!invalid || nul < *invalid))
    fail(m_source.locationOf(nul), "source code cannot contain null bytes");
  if (invalid)
    fail(m_source.locationOf(*invalid),
         fmt::format("invalid UTF-8: byte 0x{:02x} does not start a valid character",
                     static_cast<unsigned char>(m_text[*invalid])));
}

void Lexer::emit(TokenKind kind, std::string text, Location loc) {
  Token token;
  token.kind = kind;
  token.text = std::move(text);
  token.loc = loc;
  m_tokens.push_back(std::move(token));
  m_lineHasTokens = true;
}

void Lexer::indentation() {
  int width = 0;
  int chars = 0;
  for (;; advance()) {
    char c = peek();
    if (c == ' ') {
      ++width;
      ++chars;
    } else if (c == '\t') {
      width = (width / 8 + 1) * 8;
      ++chars;
    } else if (c == '\f') {
      width = chars = 0; // Python resets the count at a form feed
    } else {
      break;
    }
  }
  if (atEnd() || atNewline() || peek() == '#')
    return; // a blank or comment-only line changes no indentation
  const char* tabError = "inconsistent use of tabs and spaces in indentation";
  IndentLevel top = m_indents.back();
  if (width > top.width) {
    if (chars <= top.charCount) fail(here(), tabError);
    if (m_indents.size() > kMaxIndentLevels) fail(here(), "too many levels of indentation");
    m_indents.push_back({width, chars});
    emit(TokenKind::Indent, "", here());
  } else {
    while (width < m_indents.back().width) {
      m_indents.pop_back();
      emit(TokenKind::Dedent, "", here());
    }
    if (width != m_indents.back().width)
      fail(here(), "unindent does not match any outer indentation level");
    if (chars != m_indents.back().charCount) fail(here(), tabError);
  }
  m_lineHasTokens = false; // indent tokens alone do not make a logical line
}

void Lexer::lexName() {
  Location start = here();
  size_t begin = m_pos;
  while (isIdentChar(peek()))
    advance();
  std::string_view word = m_text.substr(begin, m_pos - begin);
  if (peek() == '"' || peek() == '\'') {
    bool prefix = word.size() <= 2 && word.find_first_not_of("rRuUbBfF") == std::string_view::npos;
    if (prefix) return lexString(word, start);
  }
  emit(isKeyword(word) ? TokenKind::Keyword : TokenKind::Name, std::string(word), start);
}

void Lexer::lexOperator() {
  Location start = here();
  std::string_view rest = m_text.substr(m_pos);
  for (std::string_view op : kOperators) {
    if (op[0] != rest[0] || !rest.starts_with(op)) continue; // the first character rules out most
    char c = op[0];
    if (op.size() == 1 && (c == '(' || c == '[' || c == '{')) {
      if (m_brackets.size() >= kMaxBrackets) fail(start, "too many nested parentheses");
      m_brackets.push_back({c, start});
    } else if (op.size() == 1 && (c == ')' || c == ']' || c == '}')) {
      if (m_brackets.empty()) fail(start, fmt::format("unmatched '{}'", c));
      OpenBracket open = m_brackets.back();
      if (closerOf(open.ch) != c) {
        std::string where =
            open.loc.line != start.line ? fmt::format(" on line {}", open.loc.line) : "";
        fail(start,
             fmt::format("closing parenthesis '{}' does not match opening parenthesis '{}'{}", c,
                         open.ch, where));
      }
      m_brackets.pop_back();
    }
    for (size_t k = 0; k < op.size(); ++k)
      advance();
    return emit(TokenKind::Op, std::string(op), start);
  }
  size_t at = m_pos;
  char32_t cp = utf8::decode(m_text, at);
  if (cp < 0x20 || cp == 0x7F)
    fail(start, fmt::format("invalid non-printable character U+{:04X}", static_cast<uint32_t>(cp)));
  fail(start, fmt::format("invalid character '{}' (U+{:04X})", m_text.substr(m_pos, at - m_pos),
                          static_cast<uint32_t>(cp)));
}

void Lexer::finish() {
  if (!m_brackets.empty())
    fail(m_brackets.back().loc, fmt::format("'{}' was never closed", m_brackets.back().ch));
  if (m_lineHasTokens) emit(TokenKind::Newline, "", here());
  for (size_t i = 1; i < m_indents.size(); ++i)
    emit(TokenKind::Dedent, "", here());
  emit(TokenKind::End, "", here());
}

std::vector<Token> Lexer::run() {
  checkEncoding();
  if (m_text.substr(0, 3) == "\xEF\xBB\xBF")
    m_pos = 3; // a byte order mark is not part of the first line
  bool lineStart = true;
  for (;;) {
    if (lineStart && m_brackets.empty()) indentation();
    lineStart = false;
    while (peek() == ' ' || peek() == '\t' || peek() == '\f')
      advance();
    if (atEnd()) break;
    char c = peek();
    if (c == '#') {
      while (!atEnd() && !atNewline())
        advance();
    } else if (c == '\n' || c == '\r') {
      if (m_brackets.empty() && m_lineHasTokens) {
        emit(TokenKind::Newline, "", here());
        m_lineHasTokens = false;
      }
      newline();
      lineStart = true;
    } else if (c == '\\') {
      Location at = here();
      advance();
      if (atEnd()) fail(at, "unexpected end of file after line continuation character");
      if (!atNewline()) fail(at, "unexpected character after line continuation character");
      newline();
    } else if (isIdentStart(c)) {
      lexName();
    } else if (isDigit(c) || (c == '.' && isDigit(peek(1)))) {
      lexNumber();
    } else if (c == '"' || c == '\'') {
      lexString("", here());
    } else {
      lexOperator();
    }
  }
  finish();
  return std::move(m_tokens);
}

} // namespace detail

std::vector<Token> tokenize(const SourceFile& source) {
  return detail::Lexer(source).run();
}

} // namespace uops::frontend
