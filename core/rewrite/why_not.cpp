#include "core/rewrite/why_not.h"

#include "core/ir/uop.h"

#include <algorithm>

namespace uops {

std::vector<RuleVerdict> whyNot(std::span<const Rule> rules, const UOpPtr& node) {
  std::vector<RuleVerdict> out;
  for (const Rule& r : rules) {
    if (!r.pattern().opSet().test(static_cast<size_t>(node->op()))) continue;
    if (std::any_of(out.begin(), out.end(), [&](const RuleVerdict& v) { return v.rule == r; })) continue;
    std::optional<std::string> why = patternMismatch(r.pattern(), node);
    out.push_back({r, !why, why.value_or("pattern matches")});
  }
  return out;
}

} // namespace uops
