#include "core/frontend/suggest.h"

#include <fmt/format.h>

#include <algorithm>

namespace uops::frontend {

namespace {

size_t editDistance(std::string_view a, std::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j)
    row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t substitute = diagonal + (a[i - 1] == b[j - 1] ? 0 : 1);
      diagonal = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, substitute});
    }
  }
  return row[b.size()];
}

} // namespace

std::string didYouMean(std::string_view name, const std::vector<std::string>& candidates) {
  constexpr size_t kLongest = 64; // long names (hostile input) are not worth comparing
  if (name.size() > kLongest) return "";
  // One edit per three characters: a one-letter name never gets a guess.
  size_t limit = (name.size() + 1) / 3;
  if (limit == 0) return "";
  const std::string* best = nullptr;
  size_t bestDistance = limit + 1;
  for (const std::string& c : candidates) {
    if (c == name || c.size() > kLongest) continue;
    size_t d = editDistance(name, c);
    if (d < bestDistance || (d == bestDistance && best && c < *best)) {
      best = &c;
      bestDistance = d;
    }
  }
  return best ? fmt::format(". Did you mean: '{}'?", *best) : "";
}

} // namespace uops::frontend
