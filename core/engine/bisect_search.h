// The search of a bisection over limits 0..total (lowering_filter.h): the
// first limit whose lowering is bad, stepping around limits that cannot be
// lowered (a prefix of rewrites may leave a graph later stages do not take),
// which count as neither good nor bad (git bisect's "skip").
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace uops {

enum class ProbeVerdict { Good, Bad, CannotLower };

struct Probe {
  ProbeVerdict verdict = ProbeVerdict::CannotLower;
  std::string why; // "3 of 3 outputs match ...", "out[0][1] is 2 where ...", "Expand (E_4): ..."
};

struct BisectSearch {
  bool found = false;
  size_t lastGood = 0; // the largest limit below firstBad found good
  size_t firstBad = 0; // the smallest limit found bad: application firstBad - 1 made it so
  Probe good, bad;     // the probes at lastGood and firstBad
  std::vector<size_t> cannotLower; // limits stepped around, in the order probed
  size_t probes = 0;
  std::string message; // why nothing was found
};

// Probes `total` (it must be bad) and 0 (it must be good), then halves the
// range between the last good and the first bad limit; a limit that cannot be
// lowered is replaced by its nearest lowerable neighbour inside the range.
// When every limit inside is unlowerable, firstBad - lastGood > 1 and the
// culprit is one of those applications. Each limit is probed at most once.
BisectSearch bisectLimits(size_t total, const std::function<Probe(size_t limit)>& probe);

} // namespace uops
