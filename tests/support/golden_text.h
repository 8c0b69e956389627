// Golden text comparison for tests: on a mismatch, the first differing line and
// both texts, so the failure shows what changed.
#pragma once

#include <QString>

#include <sstream>
#include <string>
#include <vector>

namespace golden {

inline std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    out.push_back(line);
  return out;
}

// Empty when equal.
inline QString difference(const std::string& actual, const std::string& expected) {
  if (actual == expected) return {};
  auto a = lines(actual), e = lines(expected);
  size_t i = 0;
  while (i < a.size() && i < e.size() && a[i] == e[i])
    ++i;
  std::string first = "line " + std::to_string(i + 1) +
                      ":\n  actual:   " + (i < a.size() ? a[i] : "<end>") +
                      "\n  expected: " + (i < e.size() ? e[i] : "<end>");
  return QString::fromStdString(first + "\n--- actual ---\n" + actual + "--- expected ---\n" +
                                expected);
}

} // namespace golden
