// LoadError: why a tensor program failed to load, with file, line and column,
// and the calls it came through.
#pragma once

#include "core/frontend/source.h"
#include "core/frontend/traceback.h"

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace uops::frontend {

// Every failure a program can cause (syntax, unknown name, bad arguments, an
// exception from a native binding) ends up as a LoadError. what() is the
// formatted text:
//   file:line:col: message
//   <the source line>
//   <a caret under the column>
// and, when the error came out of a call (a library layer called from the
// program's own method), the traceback through those calls as Python prints
// it, the program's top level first and the raising line last.
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
  const char* what() const noexcept override;

  // The calls from the top level down to the raising line (that one last).
  std::vector<TraceFrame> traceback() const;
  // The innermost line of `file` on the traceback: where the program in
  // `file` called the library that raised; 0 when the error never passed it.
  int userLine(std::string_view file) const;

  // Recording the traceback while the error unwinds, free until then. A
  // function (or module, or class body) the error leaves names the frame
  // it was raised or called in; the caller's first handler then adds the
  // line of its call.
  void leaveFrame(const std::string& function);
  bool awaitsCaller() const { return m_awaitsCaller; }
  void addCaller(TraceFrame site);

private:
  void updateText();

  std::string m_file;
  Location m_loc;
  std::string m_message;
  std::string m_lineText;
  std::vector<TraceFrame> m_frames; // innermost (the raising line) first
  bool m_awaitsCaller = false;
  std::string m_text; // what() once the traceback has more than the raising line
};

} // namespace uops::frontend
