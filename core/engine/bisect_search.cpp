#include "core/engine/bisect_search.h"

#include <fmt/format.h>

#include <map>

namespace uops {
namespace {

class ProbeMemo {
public:
  ProbeMemo(const std::function<Probe(size_t)>& probe, BisectSearch& out) : m_probe(probe), m_out(out) {}
  const Probe& at(size_t limit) {
    auto it = m_seen.find(limit);
    if (it != m_seen.end()) return it->second;
    ++m_out.probes;
    const Probe& p = m_seen.emplace(limit, m_probe(limit)).first->second;
    if (p.verdict == ProbeVerdict::CannotLower) m_out.cannotLower.push_back(limit);
    return p;
  }

private:
  const std::function<Probe(size_t)>& m_probe;
  BisectSearch& m_out;
  std::map<size_t, Probe> m_seen;
};

// The lowerable limit in (lo, hi) nearest to `mid`, or hi when there is none.
size_t lowerableNear(ProbeMemo& memo, size_t lo, size_t mid, size_t hi) {
  for (size_t d = 0; mid + d < hi || mid > lo + d; ++d) {
    if (mid + d < hi && memo.at(mid + d).verdict != ProbeVerdict::CannotLower) return mid + d;
    if (d > 0 && mid > lo + d && memo.at(mid - d).verdict != ProbeVerdict::CannotLower) return mid - d;
  }
  return hi;
}

} // namespace

BisectSearch bisectLimits(size_t total, const std::function<Probe(size_t)>& probe) {
  BisectSearch out;
  ProbeMemo memo(probe, out);
  const Probe& last = memo.at(total);
  if (last.verdict != ProbeVerdict::Bad) {
    out.message = last.verdict == ProbeVerdict::Good
                      ? fmt::format("the lowering with all {} rewrites is not bad: {}", total, last.why)
                      : fmt::format("the lowering with all {} rewrites fails: {}", total, last.why);
    return out;
  }
  // the first lowerable limit from 0 up is the good end
  size_t lo = memo.at(0).verdict != ProbeVerdict::CannotLower ? 0 : lowerableNear(memo, 0, 1, total);
  if (lo == total || memo.at(lo).verdict == ProbeVerdict::Bad) {
    out.message = lo == total ? fmt::format("no prefix of the {} rewrites below all of them can be lowered", total)
                              : fmt::format("already bad with the first {} rewrites' simplifications: {}", lo,
                                            memo.at(lo).why);
    return out;
  }
  size_t hi = total;
  while (hi - lo > 1) {
    size_t m = lowerableNear(memo, lo, lo + (hi - lo) / 2, hi);
    if (m == hi) break; // every limit in (lo, hi) cannot be lowered
    if (memo.at(m).verdict == ProbeVerdict::Good) lo = m;
    else hi = m;
  }
  out.found = true;
  out.lastGood = lo;
  out.firstBad = hi;
  out.good = memo.at(lo);
  out.bad = memo.at(hi);
  return out;
}

} // namespace uops
