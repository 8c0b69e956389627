#include "core/frontend/source.h"

#include "core/frontend/utf8.h"

#include <algorithm>

namespace uops::frontend {

SourceFile::SourceFile(std::string name, std::string text)
    : m_name(std::move(name)), m_text(std::move(text)) {
  m_lineStarts.push_back(0);
  for (size_t i = 0; i < m_text.size(); ++i) {
    if (m_text[i] == '\r' && i + 1 < m_text.size() && m_text[i + 1] == '\n') ++i;
    if (m_text[i] == '\n' || m_text[i] == '\r') m_lineStarts.push_back(i + 1);
  }
}

std::string_view SourceFile::lineText(int line) const {
  if (line < 1 || line > lineCount()) return {};
  size_t begin = m_lineStarts[static_cast<size_t>(line - 1)];
  size_t end = begin;
  while (end < m_text.size() && m_text[end] != '\n' && m_text[end] != '\r')
    ++end;
  return std::string_view(m_text).substr(begin, end - begin);
}

Location SourceFile::locationOf(size_t offset) const {
  offset = std::min(offset, m_text.size());
  auto it = std::upper_bound(m_lineStarts.begin(), m_lineStarts.end(), offset);
  auto line = static_cast<int>(it - m_lineStarts.begin());
  size_t begin = *(it - 1);
  std::string_view prefix = std::string_view(m_text).substr(begin, offset - begin);
  return {line, static_cast<int>(utf8::countCodePoints(prefix)) + 1};
}

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

} // namespace uops::frontend
