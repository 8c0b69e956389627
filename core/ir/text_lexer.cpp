#include "core/ir/text_lexer.h"

#include "core/ir/text.h"

#include <bit>
#include <charconv>
#include <cmath>
#include <limits>

#include <fmt/format.h>

namespace uops {

ParseError::ParseError(int line, int column, std::string message)
    : m_line(line), m_column(column), m_message(std::move(message)),
      m_what(fmt::format("{}:{}: {}", line, column, m_message)) {}

namespace text {
namespace {

constexpr uint64_t kQuietNaN = 0x7ff8000000000000ull; // what NAN and quiet_NaN() hold
constexpr uint64_t kSignBit = 0x8000000000000000ull;

bool isDigit(char c) {
  return c >= '0' && c <= '9';
}
bool isIdentStart(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
bool isIdentChar(char c) {
  return isIdentStart(c) || isDigit(c);
}

int hexDigit(char c) {
  if (isDigit(c)) return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

} // namespace

std::string formatFloat(double v) {
  if (std::isnan(v)) {
    uint64_t bits = std::bit_cast<uint64_t>(v);
    if (bits == kQuietNaN) return "nan";
    if (bits == (kQuietNaN | kSignBit)) return "-nan";
    return fmt::format("nan(0x{:016x})", bits);
  }
  // fmt's `{}` is the shortest form that reads back exactly, but writes 1.0 as "1".
  std::string s = fmt::format("{}", v);
  if (s.find_first_of(".ei") == std::string::npos) s += ".0";
  return s;
}

std::string quoteString(std::string_view bytes) {
  std::string out = "\"";
  for (char c : bytes) {
    auto u = static_cast<unsigned char>(c);
    switch (c) {
    case '"':
      out += "\\\"";
      break;
    case '\\':
      out += "\\\\";
      break;
    case '\n':
      out += "\\n";
      break;
    case '\t':
      out += "\\t";
      break;
    case '\r':
      out += "\\r";
      break;
    default:
      if (u < 0x20 || u >= 0x7f)
        out += fmt::format("\\x{:02x}", u);
      else
        out += c;
    }
  }
  return out + "\"";
}

void Cursor::skipSpaces() {
  while (peek() == ' ' || peek() == '\t')
    ++m_pos;
}

bool Cursor::tryConsume(char c) {
  if (peek() != c || atEnd()) return false;
  ++m_pos;
  return true;
}

bool Cursor::tryConsume(std::string_view word) {
  if (!rest().starts_with(word)) return false;
  m_pos += word.size();
  return true;
}

void Cursor::expect(char c, std::string_view what) {
  if (!tryConsume(c)) fail(fmt::format("expected {}, got {}", what, token()));
}

std::string_view Cursor::identifier() {
  size_t begin = m_pos;
  if (!isIdentStart(peek())) return {};
  while (isIdentChar(peek()))
    ++m_pos;
  return m_line.substr(begin, m_pos - begin);
}

std::string_view Cursor::token() const {
  if (atEnd()) return "end of line";
  size_t end = m_line.find_first_of(" \t", m_pos);
  std::string_view t = m_line.substr(m_pos, end == std::string_view::npos ? end : end - m_pos);
  return t;
}

void Cursor::failAt(int column, std::string message) const {
  throw ParseError(m_lineNumber, column, std::move(message));
}

// inf, nan and nan(0x<bits>) after an optional '-'.
bool Cursor::nanOrInf(bool negative, Number& out) {
  size_t begin = m_pos;
  std::string_view word = identifier();
  if (word != "inf" && word != "nan") {
    m_pos = begin;
    return false;
  }
  out.kind = Number::Kind::Float;
  if (word == "inf") {
    out.f = negative ? -std::numeric_limits<double>::infinity()
                     : std::numeric_limits<double>::infinity();
    return true;
  }
  uint64_t bits = kQuietNaN | (negative ? kSignBit : 0);
  if (tryConsume("(0x")) {
    int start = column();
    bits = 0;
    int digits = 0;
    for (; hexDigit(peek()) >= 0 && digits < 16; ++digits, ++m_pos)
      bits = bits << 4 | static_cast<uint64_t>(hexDigit(peek()));
    if (digits == 0 || !tryConsume(')'))
      failAt(start, "expected up to 16 hex digits and ')' in nan(0x...)");
    if (negative) failAt(start, "a nan with explicit bits carries its sign in them; drop the '-'");
    if (!std::isnan(std::bit_cast<double>(bits)))
      failAt(start, fmt::format("0x{:016x} is not the bit pattern of a nan", bits));
  }
  out.f = std::bit_cast<double>(bits);
  return true;
}

Number Cursor::number() {
  int start = column();
  size_t begin = m_pos;
  bool negative = tryConsume('-');
  Number n;
  if (nanOrInf(negative, n)) return n;
  auto digits = [&] {
    size_t from = m_pos;
    while (isDigit(peek()))
      ++m_pos;
    return m_pos > from;
  };
  if (!digits()) {
    m_pos = begin;
    failAt(start, fmt::format("expected a number, got {}", token()));
  }
  bool isFloat = false;
  if (tryConsume('.')) {
    isFloat = true;
    if (!digits()) failAt(start, "expected digits after '.' in a number");
  }
  if (peek() == 'e' || peek() == 'E') {
    isFloat = true;
    ++m_pos;
    if (!tryConsume('+')) tryConsume('-');
    if (!digits()) failAt(start, "expected digits in the exponent of a number");
  }
  std::string_view text = m_line.substr(begin, m_pos - begin);
  const char* first = text.data();
  const char* last = text.data() + text.size();
  if (isFloat) {
    n.kind = Number::Kind::Float;
    auto [end, ec] = std::from_chars(first, last, n.f);
    if (ec != std::errc() || end != last) failAt(start, fmt::format("float {} out of range", text));
    return n;
  }
  if (auto [end, ec] = std::from_chars(first, last, n.i); ec == std::errc() && end == last)
    return n;
  if (!negative) {
    n.kind = Number::Kind::UInt;
    if (auto [end, ec] = std::from_chars(first, last, n.u); ec == std::errc() && end == last)
      return n;
  }
  failAt(start, fmt::format("integer {} out of range", text));
}

int64_t Cursor::integer() {
  int start = column();
  Number n = number();
  if (n.kind != Number::Kind::Int)
    failAt(start, fmt::format("expected an int64 integer, got {}",
                              m_line.substr(start - 1, m_pos - (start - 1))));
  return n.i;
}

std::string Cursor::string() {
  int start = column();
  expect('"', "a string");
  std::string out;
  while (true) {
    if (atEnd()) failAt(start, "unterminated string");
    char c = m_line[m_pos++];
    if (c == '"') return out;
    if (c != '\\') {
      out += c;
      continue;
    }
    int escape = column() - 1;
    if (atEnd()) failAt(start, "unterminated string");
    char e = m_line[m_pos++];
    switch (e) {
    case 'n':
      out += '\n';
      break;
    case 't':
      out += '\t';
      break;
    case 'r':
      out += '\r';
      break;
    case '\\':
      out += '\\';
      break;
    case '"':
      out += '"';
      break;
    case 'x': {
      int hi = hexDigit(peek());
      int lo = hi < 0 ? -1 : hexDigit(m_pos + 1 < m_line.size() ? m_line[m_pos + 1] : '\0');
      if (hi < 0 || lo < 0) failAt(escape, "\\x needs two hex digits");
      out += static_cast<char>(hi * 16 + lo);
      m_pos += 2;
      break;
    }
    default:
      failAt(escape, fmt::format("unknown escape '\\{}' in string", e));
    }
  }
}

} // namespace text
} // namespace uops
