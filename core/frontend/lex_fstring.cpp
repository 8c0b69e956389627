// f-strings: the literal's text pieces and its {fields}, whose expressions
// are lexed here into tokens of their own (the parser reads them later).
#include "core/frontend/lexer_impl.h"

#include <fmt/format.h>

namespace uops::frontend::detail {

namespace {

// Fields inside the format specs or expressions of fields, f"{f'{x}'}".
constexpr int kMaxFStringNesting = 20;

} // namespace

void Lexer::lexFString(bool raw, Location start) {
  char quote = peek();
  bool triple = peek(1) == quote && peek(2) == quote;
  for (int k = 0; k < (triple ? 3 : 1); ++k)
    advance();
  auto parts = std::make_shared<const std::vector<FStringPart>>(
      fstringParts(quote, triple, raw, false, start));
  emit(TokenKind::FString, "", start);
  m_tokens.back().fstring = std::move(parts);
}

std::vector<FStringPart> Lexer::fstringParts(char quote, bool triple, bool raw, bool inSpec,
                                             Location start) {
  std::vector<FStringPart> parts;
  std::string text;
  Location textLoc = here();
  auto flush = [&] {
    if (!text.empty()) parts.push_back({std::move(text), nullptr, textLoc});
    text.clear();
  };
  auto append = [&](size_t bytes) {
    if (text.empty()) textLoc = here();
    size_t begin = m_pos;
    while (m_pos - begin < bytes)
      advance();
    text.append(m_text.substr(begin, m_pos - begin));
  };
  for (;;) {
    if (atEnd())
      fail(start, fmt::format("unterminated {}f-string literal (detected at line {})",
                              triple ? "triple-quoted " : "", m_line));
    if (atQuote(quote, triple)) {
      if (inSpec) fail(here(), "f-string: expecting '}'");
      for (int k = 0; k < (triple ? 3 : 1); ++k)
        advance();
      flush();
      return parts;
    }
    if (atNewline()) {
      if (!triple)
        fail(start, fmt::format("unterminated f-string literal (detected at line {})", m_line));
      if (text.empty()) textLoc = here();
      text += '\n';
      newline();
      continue;
    }
    char c = peek();
    if (c == '{' && !inSpec && peek(1) == '{') {
      append(1);
      advance(); // the second brace
      continue;
    }
    if (c == '{') {
      flush();
      Location loc = here();
      parts.push_back({"", fstringField(quote, triple, raw, start), loc});
      continue;
    }
    if (c == '}' && inSpec) {
      advance(); // ends the field whose spec this is
      flush();
      return parts;
    }
    if (c == '}') {
      if (peek(1) != '}') fail(here(), "f-string: single '}' is not allowed");
      append(1);
      advance();
      continue;
    }
    if (c != '\\') {
      append(1);
      continue;
    }
    if (text.empty()) textLoc = here();
    advance();
    if (!raw) {
      appendEscape(text);
    } else {
      text += '\\';
      if (atNewline()) {
        text += '\n';
        newline();
      } else if (!atEnd()) {
        append(1);
      }
    }
  }
}

std::shared_ptr<const FStringField> Lexer::fstringField(char quote, bool triple, bool raw,
                                                        Location start) {
  auto field = std::make_shared<FStringField>();
  field->loc = here();
  if (++m_fstringDepth > kMaxFStringNesting)
    fail(field->loc, fmt::format("f-string: fields are nested too deeply (the limit is {})",
                                 kMaxFStringNesting));
  advance(); // '{'
  size_t exprBegin = m_pos;
  field->tokens = lexEmbedded(triple, field->loc);
  if (field->tokens.size() == 1)
    fail(here(), fmt::format("f-string: valid expression required before '{}'", peek()));
  if (peek() == '=') {
    advance();
    while (peek() == ' ' || peek() == '\t')
      advance();
    field->selfDocumenting = std::string(m_text.substr(exprBegin, m_pos - exprBegin));
  }
  if (peek() == '!') {
    advance();
    char c = peek();
    if (c == 'a') fail(here(), "f-string: the !a conversion is not supported");
    if (c != 'r' && c != 's')
      fail(here(), "f-string: invalid conversion character: expected 's' or 'r'");
    field->conversion = c;
    advance();
  }
  if (peek() == ':') {
    advance();
    field->hasSpec = true;
    field->spec = fstringParts(quote, triple, raw, true, start);
  } else {
    if (peek() != '}') fail(here(), "f-string: expecting '}'");
    advance();
  }
  // {x=} shows repr(x) unless a conversion or a spec says otherwise.
  if (!field->selfDocumenting.empty() && !field->conversion && !field->hasSpec)
    field->conversion = 'r';
  --m_fstringDepth;
  return field;
}

std::vector<Token> Lexer::lexEmbedded(bool triple, Location fieldLoc) {
  // The field's tokens go to a list of their own, with their own brackets.
  std::vector<Token> outerTokens = std::move(m_tokens);
  std::vector<OpenBracket> outerBrackets = std::move(m_brackets);
  bool outerLine = m_lineHasTokens;
  m_tokens.clear();
  m_brackets.clear();
  for (;;) {
    while (peek() == ' ' || peek() == '\t' || peek() == '\f')
      advance();
    if (atEnd()) fail(fieldLoc, "f-string: expecting '}'");
    char c = peek();
    // At the field's own level, '}', '!', ':' and a lone '=' end the expression.
    if (m_brackets.empty() &&
        (c == '}' || c == ':' || (c == '!' && peek(1) != '=') || (c == '=' && peek(1) != '=')))
      break;
    if (atNewline()) {
      if (!triple) fail(fieldLoc, "f-string: expecting '}'");
      newline();
    } else if (c == '#') {
      fail(here(), "f-string expression part cannot include '#'");
    } else if (c == '\\') {
      fail(here(), "f-string expression part cannot include a backslash");
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
  emit(TokenKind::End, "", here());
  std::vector<Token> tokens = std::move(m_tokens);
  m_tokens = std::move(outerTokens);
  m_brackets = std::move(outerBrackets);
  m_lineHasTokens = outerLine;
  return tokens;
}

} // namespace uops::frontend::detail
