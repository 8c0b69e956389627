// RewriteListener: who hears what graphRewrite does (the trace, a debugger).
//
// One listener per thread, installed by a scope object; graphRewrite reads it
// once per call and the engine tests one pointer per rewrite, so a thread with
// no listener pays a null check (llvm-project PatternMatch.h
// RewriterBase::Listener, tinygrad's TRACK_MATCH_STATS).
#pragma once

#include "core/ir/graph_walk.h"
#include "core/ir/uop.h"

#include <optional>
#include <source_location>
#include <string_view>

namespace uops {

class PatternMatcher;

class Rule;

// What a listener learns about a graphRewrite call when it begins.
struct RewriteStepInfo {
  std::string_view name;
  std::source_location location;
  bool topDown = false;
  bool snapshot = false; // a named root that rewrites nothing (traceSnapshot)
  const PatternMatcher* matcher = nullptr; // the step's rules (none for a snapshot)
  // A one-pass substitution (substitute_step.h): its rewrites replay through
  // substitute() in this scope, not through the rewrite driver.
  std::optional<WalkScope> substitution{};
};

class RewriteListener {
public:
  virtual ~RewriteListener() = default;
  virtual void stepBegin(const RewriteStepInfo& info, const UOpPtr& input) = 0;
  // `rule` matched `matched` and returned `replacement` (never null here).
  virtual void ruleFired(const Rule& rule, const UOpPtr& matched, const UOpPtr& replacement) = 0;
  // `rule` matched `matched` and its function threw; stepEnd follows with the error.
  virtual void ruleThrew(const Rule& rule, const UOpPtr& matched) = 0;
  // `output` is null when the step failed; `error` is then its message.
  virtual void stepEnd(const UOpPtr& output, std::string_view error) = 0;
};

// This thread's listener, or null.
RewriteListener* currentRewriteListener();

// Installs a listener for the current thread while in scope; nests (restores
// the previous one on exit).
class ScopedRewriteListener {
public:
  explicit ScopedRewriteListener(RewriteListener* listener);
  ~ScopedRewriteListener();
  ScopedRewriteListener(const ScopedRewriteListener&) = delete;
  ScopedRewriteListener& operator=(const ScopedRewriteListener&) = delete;

private:
  RewriteListener* m_previous;
};

} // namespace uops
