#include "core/rewrite/pattern_matcher.h"

#include "core/rewrite/listener.h"
#include "core/rewrite/rewrite_filter.h"

namespace uops {

PatternMatcher::PatternMatcher(std::initializer_list<Rule> rules) : m_rules(rules) {
  index();
}

PatternMatcher::PatternMatcher(std::vector<Rule> rules) : m_rules(std::move(rules)) {
  index();
}

PatternMatcher& PatternMatcher::operator=(const PatternMatcher& other) {
  if (this == &other) return *this;
  m_rules = other.m_rules;
  index();
  return *this;
}

void PatternMatcher::index() {
  for (auto& list : m_byOp)
    list.clear();
  m_ops.reset();
  for (const Rule& r : m_rules) {
    OpSet ops = r.pattern().opSet();
    m_ops |= ops;
    for (size_t op = 0; op < ops.size(); ++op)
      if (ops.test(op)) m_byOp[op].push_back(&r);
  }
}

UOpPtr PatternMatcher::rewrite(const UOpPtr& node, void* context, const Rule** fired,
                               RewriteListener* listener, RewriteFilter* filter) const {
  for (const Rule* r : candidates(node->op())) {
    UOpPtr out;
    try {
      out = r->apply(node, context);
    } catch (...) {
      if (listener) listener->ruleThrew(*r, node);
      throw;
    }
    if (!out || out == node) continue;
    if (filter && !filter->allow(*r, node)) continue;
    if (fired) *fired = r;
    return out;
  }
  return nullptr;
}

PatternMatcher operator+(const PatternMatcher& a, const PatternMatcher& b) {
  std::vector<Rule> rules = a.m_rules;
  rules.insert(rules.end(), b.m_rules.begin(), b.m_rules.end());
  return PatternMatcher(std::move(rules));
}

} // namespace uops
