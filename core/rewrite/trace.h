// The rewrite trace: what every graphRewrite on this thread did, step by step.
//
// A TraceRecorder records while it is in scope (it is this thread's
// RewriteListener; recorders nest, the inner one hears the calls made inside
// it). Each graphRewrite call is a step: its name, where it was called, the
// input root, the result, and every rewrite in order (rule, matched node,
// replacement, time since the step began). A rule that throws is the step's
// last rewrite, with no replacement, and the step carries the error. A snapshot
// is a named step that rewrites nothing. UOps are immutable and interned, so a
// root is a whole graph; the root after the k-th rewrite is computed on demand
// by replaying the first k rewrites over the input.
#pragma once

#include "core/rewrite/graph_rewrite.h"
#include "core/rewrite/listener.h"

#include <chrono>
#include <optional>
#include <source_location>
#include <string>
#include <utility>
#include <vector>

namespace uops {

struct TraceRewrite {
  Rule rule;
  UOpPtr matched;
  UOpPtr replacement; // null: the rule threw
  std::chrono::nanoseconds at{0};
  // Its place among all rewrites the recorder heard, in the order they
  // happened: a graphRewrite called inside a rule of another step makes its
  // rewrites between that step's.
  size_t sequence = 0;
};

struct TraceStep {
  std::string name;
  std::source_location location;
  bool topDown = false;
  bool snapshot = false;
  std::optional<WalkScope> substitution{}; // a one-pass substitution (substitute_step.h)
  int depth = 0; // graphRewrite calls made inside a rule of another step are deeper
  UOpPtr input;
  UOpPtr output; // null if the step failed
  std::vector<TraceRewrite> rewrites;
  std::vector<Rule> rules; // the rules the step tried (why_not.h), in order
  std::string error;
  std::chrono::nanoseconds duration{0};

  bool failed() const { return !error.empty(); }
  // The graph after the first k rewrites: input for k = 0, output for k = rewrites.size().
  UOpPtr rootAfter(size_t k) const;
  // How many rewrites each rule made, by rule name, in order of first firing.
  std::vector<std::pair<std::string, size_t>> matchCounts() const;
};

class TraceRecorder final : public RewriteListener {
public:
  TraceRecorder();
  ~TraceRecorder() override;
  TraceRecorder(const TraceRecorder&) = delete;
  TraceRecorder& operator=(const TraceRecorder&) = delete;

  const std::vector<TraceStep>& steps() const { return m_steps; }
  std::vector<TraceStep> takeSteps() { return std::exchange(m_steps, {}); }

  void stepBegin(const RewriteStepInfo& info, const UOpPtr& input) override;
  void ruleFired(const Rule& rule, const UOpPtr& matched, const UOpPtr& replacement) override;
  void ruleThrew(const Rule& rule, const UOpPtr& matched) override;
  void stepEnd(const UOpPtr& output, std::string_view error) override;

private:
  struct Open {
    size_t index;
    std::chrono::steady_clock::time_point start;
  };
  TraceStep& current() { return m_steps[m_open.back().index]; }
  std::chrono::nanoseconds sinceStart() const;

  std::vector<TraceStep> m_steps;
  std::vector<Open> m_open; // steps begun and not yet ended, innermost last
  size_t m_sequence = 0;
  ScopedRewriteListener m_scope;
};

// Records `root` under `name` as a step that rewrites nothing (when a trace is on).
void traceSnapshot(std::string_view name, const UOpPtr& root,
                   std::source_location location = std::source_location::current());

} // namespace uops
