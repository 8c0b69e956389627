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

// A record's rule applications in the order they happened (the filter's
// order): by the trace's sequence, so a graphRewrite called inside a rule
// counts where it ran, not where its step is listed.
std::vector<ApplicationPlace> applicationsOf(const StageRecord& record, size_t index) {
  std::vector<std::pair<size_t, ApplicationPlace>> seen;
  for (size_t s = 0; s < record.steps.size(); ++s) {
    if (!appliesRules(record.steps[s])) continue;
    const std::vector<TraceRewrite>& rewrites = record.steps[s].rewrites;
    for (size_t k = 0; k < rewrites.size(); ++k)
      if (rewrites[k].replacement)
        seen.push_back({rewrites[k].sequence, {.found = true, .record = index, .step = s, .rewrite = k}});
  }
  std::sort(seen.begin(), seen.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<ApplicationPlace> out;
  for (const auto& p : seen)
    out.push_back(p.second);
  return out;
}

size_t applicationsIn(const StageRecord& record) {
  return applicationsOf(record, 0).size();
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
  for (size_t rec = 0; rec < traced.stages.size(); ++rec) {
    std::vector<ApplicationPlace> places = applicationsOf(traced.stages[rec], rec);
    if (index < places.size()) return places[index];
    index -= places.size();
  }
  return {};
}

size_t applicationNumber(const PipelineRun& traced, size_t record, size_t step, size_t rewrite) {
  if (record >= traced.stages.size()) return LoweringFilter::kNoLimit;
  size_t before = 0;
  for (size_t rec = 0; rec < record; ++rec)
    before += applicationsIn(traced.stages[rec]);
  std::vector<ApplicationPlace> places = applicationsOf(traced.stages[record], record);
  for (size_t i = 0; i < places.size(); ++i)
    if (places[i].step == step && places[i].rewrite == rewrite) return before + i;
  return LoweringFilter::kNoLimit;
}

bool RecordRewriteFilter::allow(const Rule& rule, const UOpPtr&) {
  return !m_filter.skips(rule, m_next++);
}

} // namespace uops
