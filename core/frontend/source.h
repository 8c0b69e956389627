// SourceFile: a program's name and text, with line lookup for error messages.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace uops::frontend {

// A 1-based line and a 1-based column counted in code points (what an editor
// shows), the position every token, AST node and error carries.
struct Location {
  int line = 0;
  int col = 0;
  friend bool operator==(const Location&, const Location&) = default;
};

class SourceFile {
public:
  SourceFile(std::string name, std::string text);

  const std::string& name() const { return m_name; }
  const std::string& text() const { return m_text; }
  int lineCount() const { return static_cast<int>(m_lineStarts.size()); }

  // The text of a 1-based line without its terminator ("\n", "\r\n" or "\r");
  // empty for lines past the end.
  std::string_view lineText(int line) const;

  // The location of a byte offset (ill-formed UTF-8 bytes count one column each).
  Location locationOf(size_t offset) const;

private:
  std::string m_name;
  std::string m_text;
  std::vector<size_t> m_lineStarts;
};

// A source line made safe to quote anywhere (a terminal, JSON, a Qt label):
// ill-formed bytes and control characters become U+FFFD, one column each
// like the lexer counts them, and a very long line (minified or binary
// input) is cut to a window around `col`. Returns the text and `col`'s
// column in it.
std::pair<std::string, int> quotableLine(std::string_view line, int col);

} // namespace uops::frontend
