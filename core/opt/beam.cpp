#include "core/opt/beam.h"

#include "core/ir/text.h"
#include "core/opt/kernel_ranges.h"

#include <algorithm>
#include <chrono>
#include <future>
#include <limits>
#include <set>

#include <fmt/format.h>

namespace uops {
namespace {

struct Candidate {
  std::vector<Opt> opts;
  UOpPtr ast;
  double ms = std::numeric_limits<double>::infinity();
};

std::string described(const std::vector<Opt>& opts) {
  return opts.empty() ? std::string("no OptOps") : formatOpts(opts);
}

bool cancelled(const BeamSettings& s) { return s.cancel && s.cancel->load(); }

// Whether the search may go on: not cancelled and within its budget.
class Deadline {
public:
  explicit Deadline(const BeamSettings& s) : m_settings(s), m_start(std::chrono::steady_clock::now()) {}
  bool spent() {
    if (m_settings.budgetSeconds > 0 &&
        std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count() > m_settings.budgetSeconds)
      m_spent = true;
    return m_spent;
  }
  bool stop() { return cancelled(m_settings) || spent(); }
  bool wasSpent() const { return m_spent; }

private:
  const BeamSettings& m_settings;
  std::chrono::steady_clock::time_point m_start;
  bool m_spent = false;
};

} // namespace

std::vector<Opt> beamActions(const UOpPtr& ast, const OptTarget& target) {
  std::vector<Opt> actions;
  // copies Expand makes: the product of UPCAST and UNROLL sizes stays within kMaxExpansion
  int64_t expansion = expansionOf(ast);
  auto fits = [&](int64_t f) { return expansion * f <= kMaxExpansion; };
  // one THREAD axis spreads the kernel over the cores; more would oversubscribe them
  bool threaded = false;
  for (const UOpPtr& r : kernelRanges(ast)) threaded |= r->argAs<RangeArg>().type == AxisType::Thread;
  int axis = 0;
  for (const UOpPtr& r : kernelRanges(ast)) {
    AxisType t = r->argAs<RangeArg>().type;
    if (t == AxisType::Loop || t == AxisType::Global) {
      for (int64_t f : {2, 3, 4, 8, 16, 32})
        if (fits(f)) actions.push_back({OptOpKind::Split, axis, f, AxisType::Upcast, false, 0});
      if (target.hasThreads && target.threads > 1 && !threaded)
        actions.push_back({OptOpKind::Split, axis, target.threads, AxisType::Thread, false, 0});
      if (target.hasLocals)
        for (int64_t f : {4, 8, 16, 32}) actions.push_back({OptOpKind::Split, axis, f, AxisType::Local, false, 0});
    }
    if (t == AxisType::Reduce) {
      // TC comes first: offered while nothing is split yet
      if (!target.tensorCores.empty() && expansion == 1 && !threaded) actions.push_back({OptOpKind::TC, axis, 0, AxisType::Upcast, false, 0});
      for (int64_t f : {2, 4, 8, 16})
        if (fits(f)) actions.push_back({OptOpKind::Split, axis, f, AxisType::Unroll, false, 0});
      if (target.hasLocals) {
        for (int64_t f : {8, 16, 32}) actions.push_back({OptOpKind::Split, axis, f, AxisType::GroupReduce, false, 0});
        actions.push_back({OptOpKind::Split, axis, 16, AxisType::GroupReduce, true, 0});
      }
    }
    ++axis;
  }
  return actions;
}

BeamResult beamSearch(const UOpPtr& ast, const OptTarget& target, const BeamTimer& timer,
                      const BeamSettings& settings) {
  BeamResult result;
  std::string key;
  if (settings.cache) {
    key = printGraph(ast);
    if (auto hit = settings.cache->find(key, settings.device, settings.width)) {
      result.opts = hit->opts;
      result.ms = hit->ms;
      result.fromCache = true;
      return result;
    }
  }
  BeamProgress progress;
  Deadline deadline(settings);
  bool haveBest = false;
  std::string bareError; // why the kernel without OptOps did not compile or run
  // compiles a batch in parallel, then times each in turn
  auto evaluate = [&](std::vector<Candidate>& batch) {
    size_t next = 0;
    std::vector<std::shared_ptr<const void>> compiled(batch.size());
    std::vector<std::string> errors(batch.size());
    while (next < batch.size() && !deadline.stop()) {
      size_t chunk = std::min(batch.size() - next, static_cast<size_t>(std::max(settings.compileThreads, 1)));
      std::vector<std::future<void>> jobs;
      for (size_t i = next; i < next + chunk; ++i)
        jobs.push_back(std::async(std::launch::async, [&, i] {
          try {
            compiled[i] = timer.compile(batch[i].opts);
          } catch (const std::exception& e) {
            errors[i] = e.what();
          }
        }));
      for (auto& j : jobs) j.get();
      for (size_t i = next; i < next + chunk && !cancelled(settings); ++i) { // a compiled batch is timed whole
        if (compiled[i]) {
          try {
            batch[i].ms = timer.time(compiled[i], haveBest ? 2 * progress.bestMs
                                                           : std::numeric_limits<double>::infinity());
          } catch (const std::exception& e) {
            errors[i] = e.what();
          }
        }
        if (batch[i].opts.empty()) bareError = errors[i];
        if (!errors[i].empty()) result.skipped.push_back(fmt::format("{}: {}", described(batch[i].opts), errors[i]));
        ++result.tried;
        progress.tried = result.tried;
        progress.candidateMs = errors[i].empty() ? batch[i].ms : 0;
        if (errors[i].empty() && (!haveBest || batch[i].ms < progress.bestMs)) {
          haveBest = true;
          progress.bestMs = batch[i].ms;
          progress.best = batch[i].opts;
        }
        if (settings.progress) settings.progress(progress);
        compiled[i].reset(); // the device's copy is what the cache keeps
      }
      next += chunk;
    }
  };

  // seeds first: with a time to beat, the bare kernel (often far slower) is
  // run once, not repeated
  std::vector<Candidate> start;
  for (const std::vector<Opt>& seed : settings.seeds) {
    try {
      start.push_back({seed, applyOpts(ast, seed, target)});
    } catch (const OptError& e) {
      result.skipped.push_back(fmt::format("{}: {}", described(seed), e.what()));
    }
  }
  start.push_back({{}, ast});
  evaluate(start);
  const Candidate& bare = start.back();
  if (bare.ms == std::numeric_limits<double>::infinity()) {
    result.cancelled = cancelled(settings);
    result.outOfTime = deadline.wasSpent();
    if (!result.cancelled && !result.outOfTime)
      throw BeamError("BEAM: the kernel without OptOps does not run: " +
                      (bareError.empty() ? std::string("unknown error") : bareError));
    return result;
  }
  result.baselineMs = bare.ms;
  std::sort(start.begin(), start.end(), [](const Candidate& a, const Candidate& b) { return a.ms < b.ms; });
  Candidate best = start[0];
  std::set<const UOp*> seen;
  for (const Candidate& c : start) seen.insert(c.ast.get());
  // the bare kernel is a parent only when no seed beats it
  std::vector<Candidate> beam;
  for (const Candidate& c : start)
    if (c.ms < std::numeric_limits<double>::infinity() && (beam.empty() || !c.opts.empty()) &&
        beam.size() < static_cast<size_t>(std::max(settings.width, 1)))
      beam.push_back(c);
  for (int round = 1; round <= settings.maxRounds && !deadline.stop(); ++round) {
    progress.round = round;
    std::vector<Candidate> next;
    for (const Candidate& c : beam)
      for (const Opt& action : beamActions(c.ast, target)) {
        try {
          UOpPtr k = applyOpt(c.ast, action, target, c.opts);
          if (!seen.insert(k.get()).second) continue; // the same kernel by another path
          Candidate n{c.opts, k};
          n.opts.push_back(action);
          next.push_back(std::move(n));
        } catch (const OptError&) {
          // not applicable here: not a candidate
        }
      }
    if (next.empty()) break;
    evaluate(next);
    std::sort(next.begin(), next.end(), [](const Candidate& a, const Candidate& b) { return a.ms < b.ms; });
    if (next.front().ms >= best.ms) break; // no improvement (or nothing timed in time): stop
    best = next.front();
    next.resize(std::min(next.size(), static_cast<size_t>(std::max(settings.width, 1))));
    std::erase_if(next, [](const Candidate& c) { return c.ms == std::numeric_limits<double>::infinity(); });
    beam = std::move(next);
  }
  result.cancelled = cancelled(settings);
  result.outOfTime = deadline.wasSpent();
  result.opts = best.opts;
  result.ms = best.ms;
  if (settings.cache && !result.cancelled && !result.outOfTime)
    settings.cache->store(key, settings.device, {result.opts, result.ms, settings.width});
  return result;
}

} // namespace uops
