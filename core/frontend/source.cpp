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

} // namespace uops::frontend
