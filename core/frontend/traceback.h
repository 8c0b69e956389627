// TraceFrame: one call an error unwound through, and the traceback Python
// prints from them ("Traceback (most recent call last):").
#pragma once

#include "core/frontend/source.h"

#include <string>
#include <string_view>
#include <vector>

namespace uops::frontend {

// Where a function (or a module's top level) was when the error passed:
// the line it raised at, or the call it was making.
struct TraceFrame {
  std::string file;
  Location loc;
  std::string function; // "<module>" at a module's top level; empty while unknown
  std::string lineText; // the line without its indentation
};

// The frame at `loc` of `source` (or of `file`, its line quoted already), its
// function not yet known.
TraceFrame frameAt(const SourceFile& source, Location loc);
TraceFrame frameAt(std::string file, Location loc, std::string_view lineText);

// Python's text, the outermost call first:
//   Traceback (most recent call last):
//     File "model.py", line 12, in <module>
//       out = net(x)
// A frame repeated more than three times in a row (deep recursion) is
// printed three times and counted ("[Previous line repeated 196 more times]").
std::string formatTraceback(const std::vector<TraceFrame>& outermostFirst);

} // namespace uops::frontend
