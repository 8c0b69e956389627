// LoweringFilter: rule applications a lowering skips, by their place in the
// lowering's order or by rule.
//
// The lowering numbers its rule applications in the order of its stage
// records (Callify, Rangeify, then stage by stage over the kernels) and, in a
// record, in the order they happen; the numbering of a run without a filter
// (its traced records, applicationRanges) says where each record's
// applications start. A filter
// - skips every application of a switched-off rule (by name and source line),
// - skips single applications by number,
// - with a limit N (llvm-project's opt-bisect-limit at the grain of one
//   rewrite), lets the first N applications happen and skips the optional
//   rules' applications after them: the simplifications of core/symbolic,
//   which a graph can be lowered without. The rules that lower are always
//   applied, so a prefix still reaches code (or fails to, which bisection
//   steps around).
// Applications up to the first one skipped are those of the run without a
// filter, so "the N-th application" names one rewrite of its trace.
#pragma once

#include "core/rewrite/rewrite_filter.h"

#include <cstddef>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

namespace uops {

struct PipelineRun;
class Rule;

// A rule by what the trace shows of it.
struct RuleKey {
  std::string name;
  std::string location; // Rule::locationText(): "symbolic_add.cpp:120"

  static RuleKey of(const Rule& rule);
  bool matches(const Rule& rule) const;
  friend bool operator==(const RuleKey&, const RuleKey&) = default;
};

// One stage record's applications: [first, first + count).
struct ApplicationRange {
  std::string stage;
  size_t kernelIndex = 0;
  size_t first = 0;
  size_t count = 0;
};

// The simplifications a lowering can do without (core/symbolic's rules).
bool optionalRule(const Rule& rule);

struct LoweringFilter {
  static constexpr size_t kNoLimit = std::numeric_limits<size_t>::max();
  size_t limit = kNoLimit; // applications from this one on skip the optional rules
  std::vector<RuleKey> disabledRules;
  std::vector<size_t> disabledApplications; // by number, sorted
  std::vector<ApplicationRange> ranges;     // from a run without a filter (applicationRanges)

  bool active() const { return limit != kNoLimit || !disabledRules.empty() || !disabledApplications.empty(); }
  // Where the record (stage, kernel) starts numbering; one the unfiltered run
  // did not have comes after all of them.
  size_t firstApplication(std::string_view stage, size_t kernelIndex) const;
  // Whether application `index` of `rule` is skipped.
  bool skips(const Rule& rule, size_t index) const;
  // "rule 'x+x' (symbolic_add.cpp:120) off; application 57 off; optional rules only up to application 12"
  std::string describe() const;
};

// Where each record's applications lie in `traced` (a traced run without a filter).
std::vector<ApplicationRange> applicationRanges(const PipelineRun& traced);
size_t totalApplications(const std::vector<ApplicationRange>& ranges);

// Application `index` of a traced run: its record in run.stages, the step in
// the record, the rewrite in the step. `found` false past the last one.
struct ApplicationPlace {
  bool found = false;
  size_t record = 0, step = 0, rewrite = 0;
};
ApplicationPlace findApplication(const PipelineRun& traced, size_t index);
// The number of the application at (record, step, rewrite); kNoLimit when it
// is no rule's (a pass without rules, a rule that threw).
size_t applicationNumber(const PipelineRun& traced, size_t record, size_t step, size_t rewrite);

// The filter for one stage record: numbers its applications from the
// record's start and asks the LoweringFilter about each.
class RecordRewriteFilter final : public RewriteFilter {
public:
  RecordRewriteFilter(const LoweringFilter& filter, std::string_view stage, size_t kernelIndex)
      : m_filter(filter), m_next(filter.firstApplication(stage, kernelIndex)) {}
  bool allow(const Rule& rule, const UOpPtr& matched) override;

private:
  const LoweringFilter& m_filter;
  size_t m_next;
};

} // namespace uops
