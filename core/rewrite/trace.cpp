#include "core/rewrite/trace.h"

#include "core/rewrite/pattern_matcher.h"

#include <algorithm>

namespace uops {

UOpPtr TraceStep::rootAfter(size_t k) const {
  k = std::min(k, rewrites.size());
  if (k == 0 || snapshot) return input;
  if (substitution) {
    NodeSubst subst;
    for (size_t i = 0; i < k; ++i)
      if (rewrites[i].replacement) subst[rewrites[i].matched.get()] = rewrites[i].replacement;
    return substitute(input, subst, *substitution);
  }
  std::vector<RewritePair> pairs;
  pairs.reserve(k);
  for (size_t i = 0; i < k; ++i)
    pairs.push_back({rewrites[i].matched, rewrites[i].replacement});
  return replayRewrites(input, pairs, topDown);
}

std::vector<std::pair<std::string, size_t>> TraceStep::matchCounts() const {
  std::vector<std::pair<std::string, size_t>> counts;
  for (const TraceRewrite& r : rewrites) {
    auto it = std::find_if(counts.begin(), counts.end(),
                           [&](const auto& c) { return c.first == r.rule.name(); });
    if (it == counts.end())
      counts.emplace_back(r.rule.name(), 1);
    else
      ++it->second;
  }
  return counts;
}

TraceRecorder::TraceRecorder() : m_scope(this) {}
TraceRecorder::~TraceRecorder() = default;

std::chrono::nanoseconds TraceRecorder::sinceStart() const {
  return std::chrono::steady_clock::now() - m_open.back().start;
}

void TraceRecorder::stepBegin(const RewriteStepInfo& info, const UOpPtr& input) {
  TraceStep step;
  step.name = std::string(info.name);
  step.location = info.location;
  step.topDown = info.topDown;
  step.snapshot = info.snapshot;
  step.substitution = info.substitution;
  step.depth = static_cast<int>(m_open.size());
  step.input = input;
  if (info.matcher) step.rules = info.matcher->rules();
  m_steps.push_back(std::move(step));
  m_open.push_back({m_steps.size() - 1, std::chrono::steady_clock::now()});
}

void TraceRecorder::ruleFired(const Rule& rule, const UOpPtr& matched, const UOpPtr& replacement) {
  if (m_open.empty()) return;
  current().rewrites.push_back({rule, matched, replacement, sinceStart(), m_sequence++});
}

void TraceRecorder::ruleThrew(const Rule& rule, const UOpPtr& matched) {
  if (m_open.empty()) return;
  current().rewrites.push_back({rule, matched, nullptr, sinceStart(), m_sequence++});
}

void TraceRecorder::stepEnd(const UOpPtr& output, std::string_view error) {
  if (m_open.empty()) return;
  TraceStep& step = current();
  step.output = output;
  step.error = std::string(error);
  step.duration = sinceStart();
  m_open.pop_back();
}

void traceSnapshot(std::string_view name, const UOpPtr& root, std::source_location location) {
  RewriteListener* listener = currentRewriteListener();
  if (!listener) return;
  listener->stepBegin({name, location, false, true}, root);
  listener->stepEnd(root, {});
}

} // namespace uops
