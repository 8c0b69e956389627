// LoadError: why a tensor program failed to load, with file, line and column.
#pragma once

#include "core/frontend/source.h"

#include <stdexcept>
#include <string>

namespace uops::frontend {

// Every failure a program can cause (syntax, unknown name, bad arguments, an
// exception from a native binding) ends up as a LoadError. what() is the
// formatted text:
//   file:line:col: message
//   <the source line>
//   <a caret under the column>
class LoadError : public std::runtime_error {
public:
  // caretCol: where the caret goes in lineText when that is an excerpt of
  // the line (0: at loc.col).
  LoadError(std::string file, Location loc, std::string message, std::string lineText,
            int caretCol = 0);

  // Quotes the line from `source`.
  static LoadError at(const SourceFile& source, Location loc, std::string message);

  const std::string& file() const { return m_file; }
  int line() const { return m_loc.line; }
  int col() const { return m_loc.col; }
  Location location() const { return m_loc; }
  const std::string& message() const { return m_message; }
  const std::string& lineText() const { return m_lineText; }
  std::string format() const { return what(); }

private:
  std::string m_file;
  Location m_loc;
  std::string m_message;
  std::string m_lineText;
};

} // namespace uops::frontend
