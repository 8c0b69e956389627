// Seeded random tensor graphs lowered by Callify and Rangeify, each schedule
// run by the kernel interpreter against the reference evaluator on the
// original graph: chains of movement ops (reshape, permute, expand, pad,
// shrink, flip, strided and negative-step slices, gathers, concatenation),
// elementwise ops (unary, casts, where, with a broadcast input, with another
// view of the same value) and reductions (single and multi-axis, cumsum,
// matmul, pooled windows) on small shapes. Every kernel's
// index math must also be provably in bounds (bounds_check.h), so what
// Rangeify emits is what the codegen stages can accept.
#include "tests/support/test_registry.h"
#include "core/pipeline/bounds_check.h"
#include "core/tensor/tensor.h"
#include "tests/pipeline/rangeify_test.h"

#include <QTest>

#include <algorithm>
#include <numeric>

using namespace uops;
using namespace rangeifytest;

namespace {

constexpr int64_t kMaxElements = 192;
constexpr uint64_t kSeeds = 2000;

class RandomChain {
public:
  explicit RandomChain(uint64_t seed) : m_rng(seed) {}

  // A chain of `steps` random ops on a random input; outputs are the result
  // and, sometimes, an intermediate value that other ops also read.
  std::vector<UOpPtr> make(int steps) {
    Shape shape;
    for (int64_t k = 0, rank = uniform(1, 3); k < rank; ++k) shape.push_back(uniform(1, 4));
    Tensor x = Tensor::empty(shape);
    note(fmt::format("input{}", toString(shape)));
    std::vector<UOpPtr> outputs;
    for (int i = 0; i < steps; ++i) {
      x = step(x);
      if (outputs.empty() && chance(10)) {
        outputs.push_back(x.uop());
        note("(an output)");
      }
    }
    outputs.push_back(x.uop());
    return outputs;
  }

  const std::string& recipe() const { return m_recipe; }

private:
  int64_t uniform(int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(m_rng); }
  bool chance(int percent) { return uniform(0, 99) < percent; }
  int64_t axisOf(const Tensor& x) { return uniform(0, static_cast<int64_t>(x.shape().size()) - 1); }
  void note(const std::string& s) { m_recipe += s + " "; }

  Tensor step(const Tensor& x) {
    const Shape s = x.shape();
    if (s.empty()) return elementwise(x);
    switch (uniform(0, 19)) {
    case 0: return reshapeOf(x);
    case 1: return permuteOf(x);
    case 2: return expandOf(x);
    case 3: return padOf(x);
    case 4: return shrinkOf(x);
    case 5: return flipOf(x);
    case 6: return elementwise(x);
    case 7: return withInput(x);
    case 8: return withOwnView(x);
    case 9: return reduceOf(x);
    case 10: return reduceBroadcast(x);
    case 11: return stridedSlice(x);
    case 12: return gatherOf(x);
    case 13: return castOrCompare(x);
    case 14: return multiReduce(x);
    case 15: return catOf(x);
    case 16: return cumsumOf(x);
    case 17: return matmulOf(x);
    case 18: return poolOf(x);
    default: note("contiguous"); return x.contiguous();
    }
  }

  // The prime factors of the element count regrouped into random axes.
  Tensor reshapeOf(const Tensor& x) {
    Ints factors;
    int64_t n = shapeProduct(x.shape());
    for (int64_t p = 2; n > 1; ++p)
      while (n % p == 0) factors.push_back(p), n /= p;
    std::shuffle(factors.begin(), factors.end(), m_rng);
    Shape to;
    for (int64_t f : factors) {
      if (!to.empty() && chance(40)) to.back() *= f;
      else to.push_back(f);
      if (chance(15)) to.push_back(1);
    }
    if (to.empty()) to.push_back(1);
    note(fmt::format("reshape{}", toString(to)));
    return x.reshape(to);
  }

  Tensor permuteOf(const Tensor& x) {
    Ints order(x.shape().size());
    std::iota(order.begin(), order.end(), 0);
    std::shuffle(order.begin(), order.end(), m_rng);
    note(fmt::format("permute{}", fmt::join(order, ",")));
    return x.permute(order);
  }

  // A new axis of size 1 broadcast to 2 or 3 (or a size-1 axis broadcast).
  Tensor expandOf(const Tensor& x) {
    int64_t size = uniform(2, 3);
    if (shapeProduct(x.shape()) * size > kMaxElements) return elementwise(x);
    Tensor u = x.unsqueeze(uniform(0, static_cast<int64_t>(x.shape().size())));
    Shape to = u.shape();
    for (int64_t& d : to)
      if (d == 1) {
        d = size;
        break;
      }
    note(fmt::format("expand{}", toString(to)));
    return u.expand(to);
  }

  Tensor padOf(const Tensor& x) {
    int64_t a = axisOf(x), lo = uniform(0, 2), hi = uniform(0, 2);
    Shape grown = x.shape();
    grown[static_cast<size_t>(a)] += lo + hi;
    if (shapeProduct(grown) > kMaxElements) return shrinkOf(x);
    std::vector<PadPair> pads(x.shape().size());
    pads[static_cast<size_t>(a)] = std::pair<int64_t, int64_t>{lo, hi};
    double fill = chance(30) ? 1.5 : 0.0;
    note(fmt::format("pad(axis {}, {}, {}, {})", a, lo, hi, fill));
    return x.pad(pads, "constant", fill);
  }

  Tensor shrinkOf(const Tensor& x) {
    int64_t a = axisOf(x), d = x.shape()[static_cast<size_t>(a)];
    int64_t start = uniform(0, d - 1), end = uniform(start + 1, d);
    std::vector<ShrinkPair> keep(x.shape().size());
    keep[static_cast<size_t>(a)] = std::pair<int64_t, int64_t>{start, end};
    note(fmt::format("shrink(axis {}, {}, {})", a, start, end));
    return x.shrink(keep);
  }

  Tensor flipOf(const Tensor& x) {
    Ints axes;
    for (int64_t k = 0; k < static_cast<int64_t>(x.shape().size()); ++k)
      if (chance(50)) axes.push_back(k);
    if (axes.empty()) axes.push_back(axisOf(x));
    note(fmt::format("flip{}", fmt::join(axes, ",")));
    return x.flip(axes);
  }

  Tensor elementwise(const Tensor& x) {
    switch (uniform(0, 3)) {
    case 0: note("relu"); return x.relu();
    case 1: note("*2-1"); return x * 2.0 - 1.0;
    case 2: note("sin"); return x.sin();
    default: note("square+x"); return x.square() + x;
    }
  }

  // An operation with a new input of the same shape or broadcast to it.
  Tensor withInput(const Tensor& x) {
    Shape s = x.shape();
    for (int64_t& d : s)
      if (chance(35)) d = 1;
    if (chance(25) && s.size() > 1) s.erase(s.begin());
    Tensor y = Tensor::empty(s);
    note(fmt::format("mul-input{}", toString(s)));
    return chance(50) ? x * y : x - y;
  }

  // x combined with another view of itself: its readers disagree on the index.
  Tensor withOwnView(const Tensor& x) {
    int64_t a = axisOf(x);
    note(fmt::format("x+flip(x, {})", a));
    return x + x.flip({a});
  }

  Tensor reduceOf(const Tensor& x) {
    int64_t a = axisOf(x);
    bool keep = chance(50), useMax = chance(40);
    note(fmt::format("{}(axis {}{})", useMax ? "max" : "sum", a, keep ? ", keepdim" : ""));
    return useMax ? x.max(a, keep) : x.sum(a, keep);
  }

  // A reduction broadcast back over what it reduced (softmax-like).
  Tensor reduceBroadcast(const Tensor& x) {
    int64_t a = axisOf(x);
    note(fmt::format("x-sum(axis {})", a));
    return x - x.sum(a, true).expand(x.shape());
  }

  // x[start:stop:step] along one axis, the step possibly negative.
  Tensor stridedSlice(const Tensor& x) {
    int64_t a = axisOf(x), d = x.shape()[static_cast<size_t>(a)];
    int64_t step = uniform(1, 3) * (chance(50) ? -1 : 1);
    int64_t start = uniform(-d, d - 1), stop = uniform(-d - 1, d + 1);
    Slice sl{start, stop, step};
    if (chance(30)) sl.start.reset();
    if (chance(30)) sl.stop.reset();
    std::vector<Index> idx;
    for (int64_t k = 0; k < a; ++k) idx.emplace_back(Slice{});
    idx.emplace_back(sl);
    Tensor out = x.getitem(idx);
    if (shapeProduct(out.shape()) == 0) return x; // nothing left to check
    note(fmt::format("slice(axis {}, {}:{}:{})", a, sl.start ? fmt::format("{}", *sl.start) : "",
                     sl.stop ? fmt::format("{}", *sl.stop) : "", step));
    return out;
  }

  // x[i] along the first axis with an int tensor of computed indices.
  Tensor gatherOf(const Tensor& x) {
    int64_t d = x.shape()[0], n = uniform(1, 4);
    if (shapeProduct(x.shape()) / d * n > kMaxElements) return elementwise(x);
    Tensor i = (Tensor::arange(n) * uniform(1, 3) + uniform(0, 2)) % d;
    note(fmt::format("gather({})", n));
    return x.getitem({i});
  }

  Tensor castOrCompare(const Tensor& x) {
    if (chance(50)) {
      note("cast int and back");
      return (x * 2.0).cast(dtypes::int32).cast(dtypes::float32);
    }
    note("where(x<0.5, x, -x)");
    return x.lt(0.5).where(x, -x);
  }

  // A reduction over two axes.
  Tensor multiReduce(const Tensor& x) {
    if (x.shape().size() < 2) return reduceOf(x);
    int64_t a = axisOf(x), b = axisOf(x);
    if (a == b) b = (a + 1) % static_cast<int64_t>(x.shape().size());
    bool keep = chance(50);
    note(fmt::format("sum(axes {},{}{})", a, b, keep ? ", keepdim" : ""));
    return x.sum(Ints{a, b}, keep);
  }

  // x concatenated with a view of itself along one axis.
  Tensor catOf(const Tensor& x) {
    int64_t a = axisOf(x);
    if (shapeProduct(x.shape()) * 2 > kMaxElements) return flipOf(x);
    note(fmt::format("cat(x, flip(x), axis {})", a));
    return x.cat({x.flip({a}) * 0.5}, a);
  }

  Tensor cumsumOf(const Tensor& x) {
    int64_t a = axisOf(x);
    note(fmt::format("cumsum(axis {})", a));
    return x.cumsum(a);
  }

  // x contracted with a new input over its last axis.
  Tensor matmulOf(const Tensor& x) {
    int64_t m = uniform(1, 4);
    Shape out = x.shape();
    out.back() = m;
    if (shapeProduct(out) * x.shape().back() > kMaxElements) return reduceOf(x);
    note(fmt::format("matmul({})", m));
    return x.matmul(Tensor::empty({x.shape().back(), m}));
  }

  // Sliding windows over the last axis (a 1-D convolution's input), summed.
  Tensor poolOf(const Tensor& x) {
    int64_t d = x.shape().back(), k = uniform(1, 3), stride = uniform(1, 2), dilation = uniform(1, 2);
    if (d < (k - 1) * dilation + 1 || shapeProduct(x.shape()) * k > kMaxElements) return shrinkOf(x);
    note(fmt::format("pool(k {}, stride {}, dilation {})", k, stride, dilation));
    return x.pool({k}, {stride}, {dilation}).sum(-1);
  }

  std::mt19937_64 m_rng;
  std::string m_recipe;
};

} // namespace

class TestRangeifyRandom : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void randomChains() {
    QStringList failures;
    for (uint64_t seed = 1; seed <= kSeeds; ++seed) {
      RandomChain chain(seed);
      std::vector<UOpPtr> outputs = chain.make(static_cast<int>(3 + seed % 8));
      QString what = QStringLiteral("seed %1: %2: ").arg(seed).arg(qs(chain.recipe()));
      if (std::optional<std::string> bad = check(outputs, seed)) failures.push_back(what + qs(*bad));
    }
    QVERIFY2(failures.isEmpty(), qPrintable(QStringLiteral("%1 of %2 failed, the first: %3")
                                                 .arg(failures.size())
                                                 .arg(kSeeds)
                                                 .arg(failures.mid(0, 5).join(QStringLiteral("\n")))));
  }

private:
  // Why the outputs' schedule is wrong, or nullopt.
  static std::optional<std::string> check(const std::vector<UOpPtr>& outputs, uint64_t seed) {
    Schedule s;
    try {
      s = lowerToSchedule(outputs);
    } catch (const std::exception& e) {
      return std::string("lowering failed: ") + e.what();
    }
    try {
      for (const ScheduledKernel& k : s.kernels)
        for (const BoundsViolation& v : findUnsafeAccesses(k.ast)) return describe(v, k.name);
      return mismatch(outputs, s, randomInputs(outputs, seed));
    } catch (const std::exception& e) {
      return std::string("checking the schedule threw: ") + e.what();
    }
  }
};

UOPSCOPE_TEST(TestRangeifyRandom);
#include "test_rangeify_random.moc"
