#include "core/pipeline/lowering_filter.h"

#include "core/pipeline/pipeline_runner.h"
#include "core/rewrite/rule.h"

#include <algorithm>
#include <fmt/format.h>

namespace uops {
namespace {

// A step whose rewrites are rule applications (not a pass recorded as rewrites).
bool appliesRules(const TraceStep& step) {
  return !step.snapshot && !step.substitution && !step.rules.empty();
}

size_t applicationsIn(const StageRecord& record) {
  size_t n = 0;
  for (const TraceStep& step : record.steps) {
    if (!appliesRules(step)) continue;
    for (const TraceRewrite& r : step.rewrites)
      n += r.replacement ? 1 : 0;
  }
  return n;
}

} // namespace

RuleKey RuleKey::of(const Rule& rule) {
  return {rule.name(), rule.locationText()};
}

bool RuleKey::matches(const Rule& rule) const {
  return rule.name() == name && rule.locationText() == location;
}

bool optionalRule(const Rule& rule) {
  return std::string_view(rule.location().file_name()).find("core/symbolic/") != std::string_view::npos;
}

size_t LoweringFilter::firstApplication(std::string_view stage, size_t kernelIndex) const {
  for (const ApplicationRange& r : ranges)
    if (r.stage == stage && r.kernelIndex == kernelIndex) return r.first;
  return kNoLimit / 2;
}

bool LoweringFilter::skips(const Rule& rule, size_t index) const {
  if (index >= limit && optionalRule(rule)) return true;
  if (std::binary_search(disabledApplications.begin(), disabledApplications.end(), index)) return true;
  return std::any_of(disabledRules.begin(), disabledRules.end(), [&](const RuleKey& k) { return k.matches(rule); });
}

std::string LoweringFilter::describe() const {
  std::vector<std::string> parts;
  for (const RuleKey& k : disabledRules)
    parts.push_back(fmt::format("rule '{}' ({}) off", k.name, k.location));
  for (size_t i : disabledApplications)
    parts.push_back(fmt::format("rewrite #{} off", i));
  if (limit != kNoLimit) parts.push_back(fmt::format("only the first {} rewrites' simplifications", limit));
  std::string out;
  for (const std::string& p : parts)
    out += (out.empty() ? "" : "; ") + p;
  return out;
}

std::vector<ApplicationRange> applicationRanges(const PipelineRun& traced) {
  std::vector<ApplicationRange> out;
  size_t next = 0;
  for (const StageRecord& record : traced.stages) {
    size_t n = applicationsIn(record);
    out.push_back({.stage = record.stage, .kernelIndex = record.kernelIndex, .first = next, .count = n});
    next += n;
  }
  return out;
}

size_t totalApplications(const std::vector<ApplicationRange>& ranges) {
  return ranges.empty() ? 0 : ranges.back().first + ranges.back().count;
}

ApplicationPlace findApplication(const PipelineRun& traced, size_t index) {
  size_t next = 0;
  for (size_t rec = 0; rec < traced.stages.size(); ++rec) {
    const std::vector<TraceStep>& steps = traced.stages[rec].steps;
    for (size_t s = 0; s < steps.size(); ++s) {
      if (!appliesRules(steps[s])) continue;
      for (size_t k = 0; k < steps[s].rewrites.size(); ++k) {
        if (!steps[s].rewrites[k].replacement) continue;
        if (next++ == index) return {.found = true, .record = rec, .step = s, .rewrite = k};
      }
    }
  }
  return {};
}

size_t applicationNumber(const PipelineRun& traced, size_t record, size_t step, size_t rewrite) {
  if (record >= traced.stages.size()) return LoweringFilter::kNoLimit;
  const std::vector<TraceStep>& steps = traced.stages[record].steps;
  if (step >= steps.size() || !appliesRules(steps[step]) || rewrite >= steps[step].rewrites.size() ||
      !steps[step].rewrites[rewrite].replacement)
    return LoweringFilter::kNoLimit;
  size_t next = 0;
  for (size_t rec = 0; rec < record; ++rec)
    next += applicationsIn(traced.stages[rec]);
  for (size_t s = 0; s <= step; ++s) {
    if (!appliesRules(steps[s])) continue;
    size_t end = s == step ? rewrite : steps[s].rewrites.size();
    for (size_t k = 0; k < end; ++k)
      next += steps[s].rewrites[k].replacement ? 1 : 0;
  }
  return next;
}

bool RecordRewriteFilter::allow(const Rule& rule, const UOpPtr&) {
  return !m_filter.skips(rule, m_next++);
}

} // namespace uops
