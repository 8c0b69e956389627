// PatternMatcher: an ordered list of rules, dispatched on the root node's op.
//
// Each op has its own vector of candidate rules (those whose root pattern can
// match that op), in rule order, so a node only tries rules that could apply
// and adding rules for other ops costs it nothing. Matchers compose with `+`
// (the left operand's rules first). Rule sets are functions returning a
// function-local static:
//   const PatternMatcher& pmSymbolicAdd() { static const PatternMatcher pm{...}; return pm; }
//
// A pure rule set (`pure`: every rule's result depends on the matched node
// alone, never on the context, a target or other state) gets a bit of its
// own. Once none of its rules matched a node, the node keeps that bit
// (UOp::unmatchedRuleSets) and no later rewrite tries those rules on it again,
// alone or composed with others: symbolic simplification runs in many passes
// over graphs that are mostly what an earlier pass left.
#pragma once

#include "core/rewrite/rule.h"

#include <array>
#include <initializer_list>
#include <span>
#include <vector>

namespace uops {

class RewriteFilter;
class RewriteListener;

class PatternMatcher {
public:
  PatternMatcher() = default;
  PatternMatcher(std::initializer_list<Rule> rules);
  explicit PatternMatcher(std::vector<Rule> rules);
  // The per-op index points into the rule list, so a copy re-indexes its own.
  PatternMatcher(const PatternMatcher& other) : m_rules(other.m_rules), m_parts(other.m_parts) { index(); }
  PatternMatcher& operator=(const PatternMatcher& other);
  PatternMatcher(PatternMatcher&&) noexcept = default; // a moved vector keeps its elements
  PatternMatcher& operator=(PatternMatcher&&) noexcept = default;

  const std::vector<Rule>& rules() const { return m_rules; }
  // The rules that may match a node with this op, in order.
  std::span<const Rule* const> candidates(Op op) const { return m_byOp[static_cast<size_t>(op)]; }
  // The ops some rule may match: a graph without any of them is left as it is.
  const OpSet& ops() const { return m_ops; }

  // The first rule (in order) that matches `node` and returns a different node:
  // its replacement; nullptr if none. `fired` (when given) gets that rule. A
  // rule that throws is reported to `listener` (when given) before the
  // exception goes on. A `filter` (when given) may refuse an application: the
  // next rule is tried as if that one had not matched.
  UOpPtr rewrite(const UOpPtr& node, void* context = nullptr, const Rule** fired = nullptr,
                 RewriteListener* listener = nullptr, RewriteFilter* filter = nullptr) const;

  // `rules` as one pure rule set with a bit of its own (at most 32 in a process).
  static PatternMatcher pure(const PatternMatcher& rules);

  friend PatternMatcher operator+(const PatternMatcher& a, const PatternMatcher& b);

private:
  // Rules [begin, end) of the list share `pureBit` (0: not pure).
  struct Part {
    size_t begin, end;
    uint32_t pureBit;
  };
  // A run of one op's candidates (m_byOp[op][begin, end)) from one part.
  struct CandidateRun {
    uint32_t begin, end;
    uint32_t pureBit;
    size_t partBegin;
  };
  void index();

  std::vector<Rule> m_rules;
  std::vector<Part> m_parts;
  std::array<std::vector<const Rule*>, kOpCount> m_byOp;
  std::array<std::vector<CandidateRun>, kOpCount> m_runs;
  OpSet m_ops;
};

} // namespace uops
