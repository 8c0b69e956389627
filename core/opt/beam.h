// BEAM search over OptOps: from the kernel without OptOps, each round extends
// every kernel in the beam by one action (UPCAST, THREAD and LOCAL splits of
// output axes, UNROLL and GROUP_REDUCE splits of reduce axes, each with
// several factors, as far as the target has them), compiles the
// new candidates in parallel, times each on the real device, and keeps the
// `width` fastest. It stops when a round brings no improvement, after
// `maxRounds`, when cancelled, or when its time budget is spent (it then keeps
// the best found so far); candidates that are invalid or fail to
// compile or run are skipped with their reason. A candidate whose first run
// is more than twice the best time is not run again. Seeds (the heuristics'
// choice, say) are timed before the bare kernel, so a slow bare kernel runs
// once, and start the beam in place of it when they beat it. With a cache, a kernel
// searched before on the same device (with at least this width) is answered
// from it without timing anything.
#pragma once

#include "core/opt/apply_opt.h"
#include "core/opt/beam_cache.h"

#include <algorithm>
#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <stdexcept>
#include <vector>

namespace uops {

struct BeamProgress {
  int round = 0;
  int tried = 0;               // candidates timed so far
  double bestMs = 0;           // the fastest so far
  std::vector<Opt> best;       // its OptOps
  double candidateMs = 0;      // the candidate just timed (0 if it failed)
};

// How the search compiles and times a kernel with a list of OptOps on the
// device. `compile` may run on several threads at once and throws when the
// candidate cannot be built; `time` runs on the search's thread and returns
// milliseconds.
struct BeamTimer {
  std::function<std::shared_ptr<const void>(const std::vector<Opt>& opts)> compile;
  // `cutoffMs`: after a first run slower than this, return that time without repeating
  std::function<double(const std::shared_ptr<const void>& compiled, double cutoffMs)> time;
};

// The fastest of `repeats` calls of `run` (milliseconds each); after a call
// slower than `cutoffMs` it stops, as BeamTimer::time promises.
inline double fastestRun(int repeats, double cutoffMs, const std::function<double()>& run) {
  double best = run();
  for (int i = 1; i < repeats && best <= cutoffMs; ++i) best = std::min(best, run());
  return best;
}

struct BeamSettings {
  int width = 2;
  int maxRounds = 6;
  int compileThreads = 2;
  std::function<void(const BeamProgress&)> progress; // after every candidate
  const std::atomic<bool>* cancel = nullptr;         // set to stop early
  BeamCache* cache = nullptr;                        // optional
  std::string device = "CPU";                        // the cache's device key
  std::vector<std::vector<Opt>> seeds;               // OptOp lists to start from
  double budgetSeconds = 0;                          // wall time for the search; 0: no limit
};

struct BeamResult {
  std::vector<Opt> opts;              // the best found
  double ms = 0;                      // its time
  double baselineMs = 0;              // the kernel without OptOps: its first run when a seed was
                                      // twice as fast (0 when from the cache)
  int tried = 0;
  bool cancelled = false;
  bool fromCache = false;
  bool outOfTime = false;             // the budget ended it (not cached: a longer search may do better)
  std::vector<std::string> skipped;   // "<opts>: <reason>" for each candidate that failed
                                      // ("no OptOps: <reason>" for the bare kernel)
};

// BEAM cannot search a kernel that does not compile or run without OptOps;
// the message says why (the compiler's or the device's error).
class BeamError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// `ast` is the kernel as Optimize types it (no OptOps yet). Throws BeamError.
BeamResult beamSearch(const UOpPtr& ast, const OptTarget& target, const BeamTimer& timer,
                      const BeamSettings& settings);

// The most copies of a kernel body BEAM lets Expand make (product of UPCAST
// and UNROLL sizes): beyond it compile time grows faster than speed.
inline constexpr int64_t kMaxExpansion = 512;

// The actions a round tries on `ast`, valid or not.
std::vector<Opt> beamActions(const UOpPtr& ast, const OptTarget& target);

} // namespace uops
