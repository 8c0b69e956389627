// graphRewrite: apply a PatternMatcher to a graph until no rule matches.
//
// Bottom-up (the default): a node's sources are rewritten first, the node is
// rebuilt on the results, then rules are applied to it; a replacement is itself
// rewritten (its sources, then rules) until no rule matches, so the result is a
// fixed point. Top-down (.topDown = true): rules are applied to a node until
// none matches before its sources are rewritten; if rewriting the sources
// changes them, the rebuilt node gets the rules again.
//
// Iterative (explicit stacks, any depth), memoized per call (a shared subgraph
// is rewritten once), and bounded: a rule that leads back to a node still
// being rewritten, or more than maxRewrites rewrites, is an infinite loop and
// throws RewriteError naming the graphRewrite and the last rule that fired.
//
//   // symbolic first: later passes rely on canonical index math
//   sink = graphRewrite(sink, pmSymbolic(), {.name = "initial symbolic"});
#pragma once

#include "core/rewrite/pattern_matcher.h"

#include <cstddef>
#include <source_location>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace uops {

// Counters a call fills in when asked (RewriteOptions::stats); they add up
// over calls so a benchmark can sum repeated runs.
struct RewriteStats {
  size_t visits = 0;   // nodes taken up for rewriting (a memo hit is not a visit)
  size_t rewrites = 0; // rules that fired
  size_t rebuilds = 0; // nodes rebuilt because a source changed
};

struct RewriteOptions {
  std::string_view name = "graph rewrite";
  void* context = nullptr; // handed to every rule as Match::context()
  bool topDown = false;
  size_t maxRewrites = 10'000'000;
  RewriteStats* stats = nullptr;
  // Where graphRewrite was called: the default is the caller's location.
  std::source_location location = std::source_location::current();
};

// An infinite loop in a rewrite, or the rewrite-step limit exceeded.
class RewriteError : public std::runtime_error {
public:
  RewriteError(const std::string& message, std::string rewriteName, std::string ruleName)
      : std::runtime_error(message), m_rewriteName(std::move(rewriteName)),
        m_ruleName(std::move(ruleName)) {}
  const std::string& rewriteName() const { return m_rewriteName; }
  const std::string& ruleName() const { return m_ruleName; }

private:
  std::string m_rewriteName, m_ruleName;
};

UOpPtr graphRewrite(const UOpPtr& root, const PatternMatcher& pm, RewriteOptions opts = {});

// One recorded rewrite: `matched` was replaced by `replacement`.
struct RewritePair {
  UOpPtr matched;
  UOpPtr replacement;
};

// Runs the rewrite driver over `input` with a table instead of rules: a node
// equal to some pairs[i].matched becomes pairs[i].replacement. Given the
// rewrites a graphRewrite recorded in order, the first k of them give the
// graph after its k-th rewrite, and all of them give its result (the driver is
// deterministic and visits nodes in the same order).
UOpPtr replayRewrites(const UOpPtr& input, std::span<const RewritePair> pairs, bool topDown);

} // namespace uops
