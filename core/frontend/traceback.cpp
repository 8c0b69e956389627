#include "core/frontend/traceback.h"

#include <fmt/format.h>

namespace uops::frontend {

namespace {

bool sameFrame(const TraceFrame& a, const TraceFrame& b) {
  return a.file == b.file && a.loc.line == b.loc.line && a.function == b.function;
}

void appendFrame(std::string& out, const TraceFrame& frame) {
  out += fmt::format("\n  File \"{}\", line {}", frame.file, frame.loc.line);
  if (!frame.function.empty()) out += fmt::format(", in {}", frame.function);
  if (!frame.lineText.empty()) out += fmt::format("\n    {}", frame.lineText);
}

} // namespace

TraceFrame frameAt(std::string file, Location loc, std::string_view lineText) {
  size_t start = lineText.find_first_not_of(" \t");
  return {.file = std::move(file),
          .loc = loc,
          .function = {},
          .lineText = std::string(start == std::string_view::npos ? std::string_view()
                                                                  : lineText.substr(start))};
}

TraceFrame frameAt(const SourceFile& source, Location loc) {
  return frameAt(source.name(), loc, quotableLine(source.lineText(loc.line), loc.col).first);
}

std::string formatTraceback(const std::vector<TraceFrame>& outermostFirst) {
  // Python's limit: a run of one frame shows three times, then its count
  constexpr size_t kShownRepeats = 3;
  std::string out = "Traceback (most recent call last):";
  size_t repeats = 0;
  for (size_t i = 0; i < outermostFirst.size(); ++i) {
    repeats = i > 0 && sameFrame(outermostFirst[i], outermostFirst[i - 1]) ? repeats + 1 : 0;
    if (repeats < kShownRepeats) appendFrame(out, outermostFirst[i]);
    bool runEnds =
        i + 1 == outermostFirst.size() || !sameFrame(outermostFirst[i + 1], outermostFirst[i]);
    if (runEnds && repeats >= kShownRepeats)
      out += fmt::format("\n  [Previous line repeated {} more times]", repeats + 1 - kShownRepeats);
  }
  return out;
}

} // namespace uops::frontend
