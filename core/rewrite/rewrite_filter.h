// RewriteFilter: which rule applications graphRewrite may make.
//
// Bisection and the explorer's switched-off rules skip applications: a rule
// that matched and would replace a node is asked about first, and a refusal
// counts as "no match" (the node's next rule is tried). One filter per
// thread, installed by a scope object like the listener; graphRewrite reads
// it once per call, so a thread without one pays a null check per rewrite
// (llvm-project's opt-bisect-limit, OptBisect.h, at the grain of one rule).
#pragma once

#include "core/ir/uop.h"

namespace uops {

class Rule;

class RewriteFilter {
public:
  virtual ~RewriteFilter() = default;
  // `rule` matched `matched` and would replace it: false skips this application.
  virtual bool allow(const Rule& rule, const UOpPtr& matched) = 0;
};

// This thread's filter, or null.
RewriteFilter* currentRewriteFilter();

// Installs a filter for the current thread while in scope; nests (restores
// the previous one on exit).
class ScopedRewriteFilter {
public:
  explicit ScopedRewriteFilter(RewriteFilter* filter);
  ~ScopedRewriteFilter();
  ScopedRewriteFilter(const ScopedRewriteFilter&) = delete;
  ScopedRewriteFilter& operator=(const ScopedRewriteFilter&) = delete;

private:
  RewriteFilter* m_previous;
};

} // namespace uops
