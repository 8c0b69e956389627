#include "core/opt/opt.h"

#include <cctype>
#include <charconv>

#include <fmt/format.h>

namespace uops {
namespace {

std::string_view kindName(OptOpKind op) {
  switch (op) {
  case OptOpKind::Split: return "Split";
  case OptOpKind::Padto: return "Padto";
  case OptOpKind::Swap: return "Swap";
  case OptOpKind::Nolocals: return "Nolocals";
  case OptOpKind::TC: return "TC";
  }
  return "?";
}

class Parser {
public:
  explicit Parser(std::string_view text) : m_text(text) {}

  std::vector<Opt> all() {
    std::vector<Opt> opts;
    skipSeparators();
    while (m_pos < m_text.size()) {
      opts.push_back(one());
      skipSeparators();
    }
    return opts;
  }

private:
  [[noreturn]] void fail(const std::string& why) const { failAt(m_pos, why); }
  // errors about the last word point at its start
  [[noreturn]] void failWord(const std::string& why) const { failAt(m_wordStart, why); }
  [[noreturn]] void failAt(size_t pos, const std::string& why) const {
    throw OptParseError(fmt::format("OptOps at column {}: {} (in \"{}\")", pos + 1, why, m_text));
  }
  void skipSpaces() {
    while (m_pos < m_text.size() && std::isspace(static_cast<unsigned char>(m_text[m_pos])))
      ++m_pos;
  }
  void skipSeparators() {
    while (m_pos < m_text.size() &&
           (std::isspace(static_cast<unsigned char>(m_text[m_pos])) || m_text[m_pos] == ';'))
      ++m_pos;
  }
  std::string_view word() {
    skipSpaces();
    size_t start = m_pos;
    while (m_pos < m_text.size() &&
           (std::isalnum(static_cast<unsigned char>(m_text[m_pos])) || m_text[m_pos] == '_' || m_text[m_pos] == '-'))
      ++m_pos;
    if (start == m_pos) fail("expected a name or a number");
    m_wordStart = start;
    return m_text.substr(start, m_pos - start);
  }
  void expect(char c) {
    skipSpaces();
    if (m_pos >= m_text.size() || m_text[m_pos] != c) fail(fmt::format("expected '{}'", c));
    ++m_pos;
  }
  bool peek(char c) {
    skipSpaces();
    return m_pos < m_text.size() && m_text[m_pos] == c;
  }
  int64_t number() {
    std::string_view w = word();
    int64_t v = 0;
    auto [end, ec] = std::from_chars(w.data(), w.data() + w.size(), v);
    if (ec != std::errc() || end != w.data() + w.size()) failWord(fmt::format("'{}' is not an integer", w));
    return v;
  }
  int axis() {
    int64_t v = number();
    if (v < 0 || v > 1000) failWord(fmt::format("axis {} out of range", v));
    return static_cast<int>(v);
  }

  Opt one() {
    Opt opt;
    std::string_view name = word();
    size_t nameStart = m_wordStart;
    if (name == "Nolocals") {
      opt.op = OptOpKind::Nolocals;
      return opt;
    }
    expect('(');
    if (name == "Split") {
      opt.op = OptOpKind::Split;
      opt.axis = axis();
      expect(',');
      opt.amount = number();
      expect(',');
      std::string_view target = word();
      auto type = axisTypeFromName(target);
      if (!type) failWord(fmt::format("unknown AxisType '{}'", target));
      opt.target = *type;
      if (peek(',')) {
        expect(',');
        if (word() != "top") failWord("expected 'top'");
        opt.top = true;
      }
    } else if (name == "Padto") {
      opt.op = OptOpKind::Padto;
      opt.axis = axis();
      expect(',');
      opt.amount = number();
    } else if (name == "Swap") {
      opt.op = OptOpKind::Swap;
      opt.axis = axis();
      expect(',');
      opt.other = axis();
    } else if (name == "TC") {
      opt.op = OptOpKind::TC;
      opt.axis = axis();
    } else {
      failAt(nameStart, fmt::format("unknown OptOp '{}' (Split, Padto, Swap, Nolocals, TC)", name));
    }
    expect(')');
    return opt;
  }

  std::string_view m_text;
  size_t m_pos = 0;
  size_t m_wordStart = 0;
};

} // namespace

std::string formatOpt(const Opt& opt) {
  switch (opt.op) {
  case OptOpKind::Split:
    return fmt::format("Split({}, {}, {}{})", opt.axis, opt.amount, axisTypeName(opt.target),
                       opt.top ? ", top" : "");
  case OptOpKind::Padto: return fmt::format("Padto({}, {})", opt.axis, opt.amount);
  case OptOpKind::Swap: return fmt::format("Swap({}, {})", opt.axis, opt.other);
  case OptOpKind::Nolocals: return "Nolocals";
  case OptOpKind::TC: return fmt::format("TC({})", opt.axis);
  }
  return std::string(kindName(opt.op));
}

std::string formatOpts(const std::vector<Opt>& opts) {
  std::string out;
  for (const Opt& o : opts) out += (out.empty() ? "" : "; ") + formatOpt(o);
  return out;
}

std::vector<Opt> parseOpts(std::string_view text) { return Parser(text).all(); }

} // namespace uops
