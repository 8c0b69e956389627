// Number literals: decimal, 0x/0o/0b integers and floats, with underscores.
#include "core/frontend/lexer_impl.h"

#include "core/frontend/number_format.h"

#include <fmt/format.h>

#include <charconv>
#include <limits>

namespace uops::frontend::detail {

namespace {

int digitValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return 99;
}

} // namespace

void Lexer::lexRadixInt(Location start) {
  char kind = static_cast<char>(peek(1) | 0x20);
  int radix = kind == 'x' ? 16 : kind == 'o' ? 8 : 2;
  const char* name = kind == 'x' ? "hexadecimal" : kind == 'o' ? "octal" : "binary";
  advance();
  advance();
  uint64_t value = 0;
  bool anyDigit = false;
  bool tooLarge = false;
  for (;;) {
    char c = peek();
    if (c == '_') {
      advance();
      if (digitValue(peek()) >= radix) fail(start, fmt::format("invalid {} literal", name));
      continue;
    }
    int d = digitValue(c);
    if (d >= radix) break;
    tooLarge |= value > (static_cast<uint64_t>(std::numeric_limits<int64_t>::max()) -
                         static_cast<uint64_t>(d)) /
                            static_cast<uint64_t>(radix);
    value = value * static_cast<uint64_t>(radix) + static_cast<uint64_t>(d);
    anyDigit = true;
    advance();
  }
  if (isDigit(peek())) fail(here(), fmt::format("invalid digit '{}' in {} literal", peek(), name));
  if (!anyDigit || isIdentChar(peek())) fail(start, fmt::format("invalid {} literal", name));
  if (tooLarge) fail(start, "integer literal is too large (the limit is 2**63 - 1)");
  emit(TokenKind::Int, fmt::format("{}", value), start);
  m_tokens.back().intValue = static_cast<int64_t>(value);
}

void Lexer::lexNumber() {
  Location start = here();
  if (peek() == '0' && std::string_view("xXoObB").find(peek(1)) != std::string_view::npos &&
      peek(1) != '\0')
    return lexRadixInt(start);
  size_t begin = m_pos;
  auto digits = [&] {
    while (isDigit(peek())) {
      advance();
      if (peek() == '_') {
        if (!isDigit(peek(1))) fail(start, "invalid decimal literal");
        advance();
      }
    }
  };
  bool isFloat = false;
  digits();
  if (peek() == '.') {
    isFloat = true;
    advance();
    if (isDigit(peek())) digits();
  }
  if ((peek() == 'e' || peek() == 'E') &&
      (isDigit(peek(1)) || ((peek(1) == '+' || peek(1) == '-') && isDigit(peek(2))))) {
    isFloat = true;
    advance();
    if (!isDigit(peek())) advance();
    digits();
  }
  if (peek() == 'j' || peek() == 'J') fail(start, "complex literals are not supported");
  if (isIdentChar(peek())) fail(start, "invalid decimal literal");
  std::string spelling;
  for (char c : m_text.substr(begin, m_pos - begin))
    if (c != '_') spelling += c;
  if (isFloat) {
    std::optional<double> value = parseDecimalFloat(spelling);
    if (!value) fail(start, "invalid decimal literal");
    emit(TokenKind::Float, spelling, start);
    m_tokens.back().floatValue = *value;
    return;
  }
  if (spelling.size() > 1 && spelling[0] == '0' &&
      spelling.find_first_not_of('0') != std::string::npos)
    fail(start, "leading zeros in decimal integer literals are not permitted; use an 0o prefix "
                "for octal integers");
  int64_t value = 0;
  auto [end, ec] = std::from_chars(spelling.data(), spelling.data() + spelling.size(), value);
  if (ec == std::errc::result_out_of_range)
    fail(start, "integer literal is too large (the limit is 2**63 - 1)");
  (void)end;
  emit(TokenKind::Int, spelling, start);
  m_tokens.back().intValue = value;
}

} // namespace uops::frontend::detail
