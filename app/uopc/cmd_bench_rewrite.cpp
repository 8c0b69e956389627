// `uopc bench-rewrite`: graphRewrite with pmSymbolic over a large, seeded
// graph of index expressions; prints node visits per second, with and
// without the trace. A benchmark, not a test: the numbers go in reports.
#include "app/uopc/commands.h"

#include "core/ir/build.h"
#include "core/rewrite/trace.h"
#include "core/symbolic/symbolic.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstdint>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

namespace uopc {
namespace {

using namespace uops;

// splitmix64: the same sequence on every platform (std distributions are not).
struct Rng {
  uint64_t state;
  uint64_t next() {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  int64_t pick(int64_t lo, int64_t hi) {
    return lo + static_cast<int64_t>(next() % uint64_t(hi - lo + 1));
  }
};

// Index expressions of the shapes lowering produces, each with something to
// simplify: split and merged ranges, div/mod by known ranges, identities,
// constants to reassociate, decided comparisons, like terms.
class GraphBuilder {
public:
  explicit GraphBuilder(uint64_t seed) : m_rng{seed} {
    for (int64_t i = 0; i < 12; ++i)
      m_ranges.push_back(range(int64_t(1) << m_rng.pick(1, 6), i));
  }

  UOpPtr expression() {
    UOpPtr e = term();
    int parts = int(m_rng.pick(1, 4));
    for (int i = 0; i < parts; ++i)
      e = combine(e, term());
    m_pool.push_back(e);
    if (m_pool.size() > 64) m_pool.erase(m_pool.begin());
    return e;
  }

private:
  UOpPtr var() { return m_ranges[size_t(m_rng.pick(0, int64_t(m_ranges.size()) - 1))]; }
  int64_t bound(const UOpPtr& r) { return int64_t(r->minMax().hi) + 1; }

  UOpPtr term() {
    UOpPtr a = var(), b = var();
    int64_t c = bound(b);
    switch (m_rng.pick(0, 9)) {
    case 0:
      return (a * c + b) / c; // -> a
    case 1:
      return (a * c + b) % c; // -> b
    case 2:
      return ((a + 0) * 1) + m_rng.pick(0, 3); // identities
    case 3:
      return ((a + m_rng.pick(1, 5)) + m_rng.pick(1, 5)) * 2; // reassociation
    case 4:
      return where(lt(a, bound(a)), b, a); // decided: b
    case 5:
      return a * 3 + b + a * 5; // like terms
    case 6:
      return ((a * c + b) / c) * c + (a * c + b) % c; // merge split ranges
    case 7:
      return maximum(a, a + 1); // decided by intervals
    case 8:
      return (a / 2) / 4 + (a % 8) % 4; // nested div and mod
    default:
      if (!m_pool.empty()) return m_pool[size_t(m_rng.pick(0, int64_t(m_pool.size()) - 1))] + a;
      return a + b;
    }
  }

  UOpPtr combine(const UOpPtr& e, const UOpPtr& t) {
    switch (m_rng.pick(0, 3)) {
    case 0:
      return e + t;
    case 1:
      return e * 2 + t;
    case 2:
      return (e + t) % 64;
    default:
      return e + t * 4;
    }
  }

  Rng m_rng;
  UOpList m_ranges;
  UOpList m_pool;
};

UOpPtr buildGraph(size_t minNodes, uint64_t seed) {
  GraphBuilder builder(seed);
  UOpList roots;
  for (;;) {
    for (int i = 0; i < 2000; ++i)
      roots.push_back(builder.expression());
    UOpPtr root = sink(roots);
    if (toposort(*root).size() >= minNodes) return root;
  }
}

struct Run {
  UOpPtr out;
  RewriteStats stats;
  double seconds = 0;    // wall clock
  double cpuSeconds = 0; // this process's CPU time: steadier on a shared machine
};

// Timed: graphRewrite, and for a traced run the recorder's end too (it holds
// every matched node and replacement, which are freed with it).
Run runOnce(const UOpPtr& root, bool trace, std::vector<std::pair<std::string, size_t>>* counts) {
  Run r;
  auto start = std::chrono::steady_clock::now();
  std::clock_t cpuStart = std::clock();
  {
    std::optional<TraceRecorder> recorder;
    if (trace) recorder.emplace();
    r.out = graphRewrite(root, pmSymbolic(), {.name = "bench symbolic", .stats = &r.stats});
    if (recorder && counts) *counts = recorder->steps().at(0).matchCounts();
  }
  r.cpuSeconds = double(std::clock() - cpuStart) / CLOCKS_PER_SEC;
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

void report(const std::string& label, const Run& r) {
  fmt::print("{:<10} {:>8} {:>9} {:>9} {:>9.1f} {:>9.1f} {:>12.0f}\n", label, r.stats.visits,
             r.stats.rewrites, r.stats.rebuilds, r.seconds * 1e3, r.cpuSeconds * 1e3,
             double(r.stats.visits) / r.cpuSeconds);
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

void bench(size_t nodes, int runs, bool trace, uint64_t seed) {
  auto start = std::chrono::steady_clock::now();
  UOpPtr root = buildGraph(nodes, seed);
  double buildMs =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  fmt::print("graph: {} nodes ({} index expressions, seed {}), built in {:.1f} ms\n",
             toposort(*root).size(), root->src().size(), seed, buildMs);
  fmt::print("{:<10} {:>8} {:>9} {:>9} {:>9} {:>9} {:>12}\n", "run", "visits", "rewrites",
             "rebuilds", "wall ms", "cpu ms", "visits/cpu s");
  // The first run also computes min_max of every new node (memoized in the
  // node); later runs differ only in what the intern table still holds.
  // Traced and untraced runs alternate so machine noise hits both alike.
  Run first = runOnce(root, false, nullptr);
  report("cold", first);
  std::vector<double> plain, traced;
  std::vector<std::pair<std::string, size_t>> counts;
  for (int i = 1; i < runs; ++i) {
    Run r = runOnce(root, false, nullptr);
    if (r.out != first.out) throw std::runtime_error("bench-rewrite: runs disagree");
    report(fmt::format("warm {}", i), r);
    plain.push_back(r.cpuSeconds);
    if (!trace) continue;
    Run t = runOnce(root, true, &counts);
    if (t.out != first.out) throw std::runtime_error("bench-rewrite: the traced run disagrees");
    report(fmt::format("traced {}", i), t);
    traced.push_back(t.cpuSeconds);
  }
  if (plain.empty()) plain.push_back(first.cpuSeconds);
  double m = median(plain);
  fmt::print("result: {} nodes in, {} out; median {:.1f} cpu ms, {:.0f} node visits/s\n",
             toposort(*root).size(), toposort(*first.out).size(), m * 1e3,
             double(first.stats.visits) / m);
  if (traced.empty()) return;
  double mt = median(traced);
  fmt::print("trace on: median {:.1f} cpu ms ({:+.1f}%), {:.0f} node visits/s; rewrites by rule:\n",
             mt * 1e3, (mt / m - 1) * 100, double(first.stats.visits) / mt);
  std::sort(counts.begin(), counts.end(),
            [](const auto& a, const auto& b) { return a.second > b.second; });
  for (const auto& [name, n] : counts)
    fmt::print("  {:>8}  {}\n", n, name);
}

} // namespace

void addBenchRewriteCommand(CLI::App& app) {
  auto* cmd = app.add_subcommand("bench-rewrite", "benchmark graphRewrite with the symbolic rules");
  struct Options {
    size_t nodes = 100000;
    int runs = 5;
    bool trace = false;
    uint64_t seed = 1;
  };
  auto opts = std::make_shared<Options>();
  cmd->add_option("--nodes", opts->nodes, "at least this many nodes in the graph")
      ->capture_default_str();
  cmd->add_option("--runs", opts->runs, "graphRewrite calls (the first is cold)")
      ->capture_default_str();
  cmd->add_option("--seed", opts->seed, "graph generator seed")->capture_default_str();
  cmd->add_flag("--trace", opts->trace, "also run with a TraceRecorder, to show its cost");
  cmd->callback([opts] { bench(opts->nodes, std::max(opts->runs, 1), opts->trace, opts->seed); });
}

} // namespace uopc
