#include "core/frontend/load_error.h"

#include "core/frontend/utf8.h"

#include <fmt/format.h>

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

} // namespace

LoadError::LoadError(std::string file, Location loc, std::string message, std::string lineText,
                     int caretCol)
    : std::runtime_error(
          formatError(file, loc, message, lineText, caretCol > 0 ? caretCol : loc.col)),
      m_file(std::move(file)), m_loc(loc), m_message(std::move(message)),
      m_lineText(std::move(lineText)) {
  m_frames.push_back(frameAt(m_file, m_loc, m_lineText));
}

LoadError LoadError::at(const SourceFile& source, Location loc, std::string message) {
  auto [text, col] = quotableLine(source.lineText(loc.line), loc.col);
  return LoadError(source.name(), loc, std::move(message), std::move(text), col);
}

const char* LoadError::what() const noexcept {
  return m_text.empty() ? std::runtime_error::what() : m_text.c_str();
}

std::vector<TraceFrame> LoadError::traceback() const {
  return {m_frames.rbegin(), m_frames.rend()};
}

int LoadError::userLine(std::string_view file) const {
  for (const TraceFrame& frame : m_frames)
    if (frame.file == file) return frame.loc.line;
  return 0;
}

void LoadError::leaveFrame(const std::string& function) {
  // a frame already named is one whose caller added no line: it stays as it is
  if (m_frames.back().function.empty()) m_frames.back().function = function;
  m_awaitsCaller = true;
  updateText();
}

void LoadError::addCaller(TraceFrame site) {
  m_frames.push_back(std::move(site));
  m_awaitsCaller = false;
  updateText();
}

// The first lines stay what they were without a traceback: tools and tests
// read file:line:col: message from the first line.
void LoadError::updateText() {
  if (m_frames.size() < 2) return;
  m_text = fmt::format("{}\n{}", std::runtime_error::what(), formatTraceback(traceback()));
}

} // namespace uops::frontend
