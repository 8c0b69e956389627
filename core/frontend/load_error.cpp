#include "core/frontend/load_error.h"

#include "core/frontend/utf8.h"

#include <fmt/format.h>

#include <algorithm>

namespace uops::frontend {

namespace {

// Tabs are copied into the caret line so the caret lands under the column
// whatever tab width the reader's terminal uses.
std::string caretLine(std::string_view lineText, int col) {
  std::string out;
  size_t i = 0;
  for (int c = 1; c < col; ++c) {
    if (i < lineText.size() && utf8::decode(lineText, i) == U'\t')
      out += '\t';
    else
      out += ' ';
  }
  out += '^';
  return out;
}

std::string formatError(const std::string& file, Location loc, const std::string& message,
                        const std::string& lineText, int caretCol) {
  return fmt::format("{}:{}:{}: {}\n{}\n{}", file, loc.line, loc.col, message, lineText,
                     caretLine(lineText, caretCol));
}

// The quoted line must be safe to show anywhere (a terminal, JSON, a Qt
// label): ill-formed bytes and control characters become U+FFFD, one column
// each like the lexer counts them, and a very long line (minified or binary
// input) is cut to a window around the column. Returns the text and the
// caret's column in it.
std::pair<std::string, int> quotableLine(std::string_view line, int col) {
  constexpr int kHalfWindow = 120;
  int first = 1;
  int last = col + kHalfWindow;
  if (static_cast<int>(utf8::countCodePoints(line)) > 2 * kHalfWindow)
    first = std::max(1, col - kHalfWindow);
  std::string out = first > 1 ? "..." : "";
  int caret = col - first + 1 + static_cast<int>(out.size());
  size_t i = 0;
  for (int c = 1; i < line.size(); ++c) {
    size_t start = i;
    char32_t cp = utf8::decode(line, i);
    if (c < first) continue;
    if (c > last) {
      out += "...";
      break;
    }
    bool bad = utf8::sequenceLength(line, start) == 0 || (cp < 0x20 && cp != U'\t') || cp == 0x7F;
    if (bad)
      out += "\xEF\xBF\xBD";
    else
      out.append(line.substr(start, i - start));
  }
  return {out, caret};
}

} // namespace

LoadError::LoadError(std::string file, Location loc, std::string message, std::string lineText,
                     int caretCol)
    : std::runtime_error(
          formatError(file, loc, message, lineText, caretCol > 0 ? caretCol : loc.col)),
      m_file(std::move(file)), m_loc(loc), m_message(std::move(message)),
      m_lineText(std::move(lineText)) {}

LoadError LoadError::at(const SourceFile& source, Location loc, std::string message) {
  auto [text, col] = quotableLine(source.lineText(loc.line), loc.col);
  return LoadError(source.name(), loc, std::move(message), std::move(text), col);
}

} // namespace uops::frontend
