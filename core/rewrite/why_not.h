// Why a rule did not rewrite a node, for the explorer's "Why not" view: every
// rule of a stage's passes that could match the node's op
// (PatternMatcher::candidates), each with the first constraint of its pattern
// the node fails (match.h patternMismatch). A rule whose pattern matches may
// still decline in its function; that is not run here (it may need its pass's
// context), so such a rule reads "pattern matches".
#pragma once

#include "core/rewrite/rule.h"

#include <span>
#include <string>
#include <vector>

namespace uops {

struct RuleVerdict {
  Rule rule;
  bool matches = false; // the pattern matches (the rule's function decides)
  std::string why;      // the first failed constraint, or "pattern matches"
};

// The rules of `rules` whose root pattern admits the node's op, in order,
// each once (a rule several passes list is judged once).
std::vector<RuleVerdict> whyNot(std::span<const Rule> rules, const UOpPtr& node);

} // namespace uops
