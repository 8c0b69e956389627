#include "backends/opencl/numbered_source.h"

#include <algorithm>
#include <sstream>

namespace uops {

std::string numberedSource(const std::string& source) {
  if (source.empty()) return {};
  const size_t lines =
      size_t(std::count(source.begin(), source.end(), '\n')) + (source.back() == '\n' ? 0 : 1);
  const size_t width = std::to_string(lines).size();
  std::istringstream stream(source);
  std::string text;
  size_t number = 0;
  for (std::string line; std::getline(stream, line);) {
    std::string label = std::to_string(++number);
    text += std::string(width - label.size(), ' ') + label + " | " + line + "\n";
  }
  return text;
}

} // namespace uops
