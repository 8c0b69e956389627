// The lexical level of textual IR: how literals are written, and a cursor that
// reads them back from one line. Printer and parser share it so that every
// literal the printer writes is one the cursor reads to the same bits.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace uops::text {

// Shortest digits that read back to the same double, always recognisable as a
// float: "1.0", "-0.0", "1e+20", "inf", "-nan"; NaNs other than the two default
// quiet ones keep their bits: "nan(0x7ff0000000000001)".
std::string formatFloat(double v);
// A double-quoted string; '"', '\\', and bytes outside printable ASCII escaped
// (\n, \t, \r, \xHH), so any bytes survive.
std::string quoteString(std::string_view bytes);

struct Number {
  enum class Kind { Int, UInt, Float };
  Kind kind = Kind::Int;
  int64_t i = 0;  // Kind::Int
  uint64_t u = 0; // Kind::UInt: only for values above INT64_MAX
  double f = 0;   // Kind::Float
};

// Reads one line left to right; every error throws ParseError at a column of it.
class Cursor {
public:
  Cursor(std::string_view line, int lineNumber) : m_line(line), m_lineNumber(lineNumber) {}

  bool atEnd() const { return m_pos >= m_line.size(); }
  char peek() const { return atEnd() ? '\0' : m_line[m_pos]; }
  int column() const { return static_cast<int>(m_pos) + 1; }
  size_t pos() const { return m_pos; }
  void reset(size_t pos) { m_pos = pos; }
  std::string_view rest() const { return m_line.substr(m_pos); }

  void skipSpaces();
  bool tryConsume(char c);
  bool tryConsume(std::string_view word);
  // Consumes c or throws "expected <what>".
  void expect(char c, std::string_view what);
  // [A-Za-z_][A-Za-z0-9_]*, empty (consuming nothing) if none starts here.
  std::string_view identifier();
  // The next run of non-space characters, for error messages.
  std::string_view token() const;

  Number number();
  int64_t integer(); // a Number that must be Kind::Int
  std::string string();

  [[noreturn]] void fail(std::string message) const { failAt(column(), std::move(message)); }
  [[noreturn]] void failAt(int column, std::string message) const;

private:
  bool nanOrInf(bool negative, Number& out);

  std::string_view m_line;
  int m_lineNumber;
  size_t m_pos = 0;
};

} // namespace uops::text
