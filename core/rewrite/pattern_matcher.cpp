#include "core/rewrite/pattern_matcher.h"

#include "core/rewrite/listener.h"
#include "core/rewrite/rewrite_filter.h"

#include <atomic>
#include <cassert>

namespace uops {

PatternMatcher::PatternMatcher(std::initializer_list<Rule> rules) : m_rules(rules) {
  m_parts.push_back({0, m_rules.size(), 0});
  index();
}

PatternMatcher::PatternMatcher(std::vector<Rule> rules) : m_rules(std::move(rules)) {
  m_parts.push_back({0, m_rules.size(), 0});
  index();
}

PatternMatcher& PatternMatcher::operator=(const PatternMatcher& other) {
  if (this == &other) return *this;
  m_rules = other.m_rules;
  m_parts = other.m_parts;
  index();
  return *this;
}

PatternMatcher PatternMatcher::pure(const PatternMatcher& rules) {
  static std::atomic<uint32_t> count{0};
  uint32_t n = count.fetch_add(1);
  assert(n < 32 && "a node has 32 bits for pure rule sets");
  PatternMatcher pm(rules.m_rules);
  pm.m_parts = {{0, pm.m_rules.size(), uint32_t{1} << n}};
  pm.index();
  return pm;
}

void PatternMatcher::index() {
  for (auto& list : m_byOp)
    list.clear();
  for (auto& runs : m_runs)
    runs.clear();
  m_ops.reset();
  for (const Part& part : m_parts)
    for (size_t i = part.begin; i < part.end; ++i) {
      OpSet ops = m_rules[i].pattern().opSet();
      m_ops |= ops;
      for (size_t op = 0; op < ops.size(); ++op) {
        if (!ops.test(op)) continue;
        auto at = static_cast<uint32_t>(m_byOp[op].size());
        m_byOp[op].push_back(&m_rules[i]);
        std::vector<CandidateRun>& runs = m_runs[op];
        if (runs.empty() || runs.back().end != at || runs.back().partBegin != part.begin)
          runs.push_back({at, at, part.pureBit, part.begin});
        ++runs.back().end;
      }
    }
}

UOpPtr PatternMatcher::rewrite(const UOpPtr& node, void* context, const Rule** fired,
                               RewriteListener* listener, RewriteFilter* filter) const {
  const auto op = static_cast<size_t>(node->op());
  const std::vector<const Rule*>& rules = m_byOp[op];
  const uint32_t known = node->unmatchedRuleSets();
  uint32_t learned = 0;
  for (const CandidateRun& run : m_runs[op]) {
    if (run.pureBit & known) continue;
    bool refused = false; // a filter's veto is no fact about the node
    for (uint32_t i = run.begin; i < run.end; ++i) {
      const Rule* r = rules[i];
      UOpPtr out;
      try {
        out = r->apply(node, context);
      } catch (...) {
        if (listener) listener->ruleThrew(*r, node);
        throw;
      }
      if (!out || out == node) continue;
      if (filter && !filter->allow(*r, node)) {
        refused = true;
        continue;
      }
      if (learned) node->addUnmatchedRuleSets(learned);
      if (fired) *fired = r;
      return out;
    }
    if (!refused) learned |= run.pureBit;
  }
  if (learned) node->addUnmatchedRuleSets(learned);
  return nullptr;
}

PatternMatcher operator+(const PatternMatcher& a, const PatternMatcher& b) {
  PatternMatcher sum;
  sum.m_rules = a.m_rules;
  sum.m_rules.insert(sum.m_rules.end(), b.m_rules.begin(), b.m_rules.end());
  sum.m_parts = a.m_parts;
  for (PatternMatcher::Part part : b.m_parts) {
    part.begin += a.m_rules.size();
    part.end += a.m_rules.size();
    sum.m_parts.push_back(part);
  }
  sum.index();
  return sum;
}

} // namespace uops
