// A seeded generator of random UOp graphs for round-trip tests: every op, every
// Arg alternative with awkward values (NaN payloads, -0.0, uint64 above INT64_MAX,
// bytes that need escapes), tags, and nodes that break the spec on purpose
// (wrong arity, wrong arg kind, shapes that cannot be derived).
#pragma once

#include "core/ir/arg_kind.h"
#include "core/ir/build.h"
#include "core/ir/shape.h"

#include <bit>
#include <cmath>
#include <limits>
#include <random>

namespace irtest {

class RandomGraph {
public:
  explicit RandomGraph(uint64_t seed) : m_rng(seed) {}

  // A graph of about `steps` random nodes over a few leaves, rooted at a Sink
  // of the last ones (so nothing built is left out of the graph).
  uops::UOpPtr make(int steps) {
    using namespace uops;
    m_pool.clear();
    m_pool.push_back(buffer(1, dtypes::float32, 12, randomDevice()));
    m_pool.push_back(reshape(m_pool.back(), {3, 4}));
    m_pool.push_back(constant(dtypes::int32, int64_t(2)));
    m_pool.push_back(range(5, 0));
    for (int i = 0; i < steps; ++i)
      m_pool.push_back(randomNode());
    UOpList last(m_pool.end() -
                     std::min<std::ptrdiff_t>(4, static_cast<std::ptrdiff_t>(m_pool.size())),
                 m_pool.end());
    return UOp::make(Op::Sink, dtypes::void_, std::move(last));
  }

private:
  int64_t uniform(int64_t lo, int64_t hi) {
    return std::uniform_int_distribution<int64_t>(lo, hi)(m_rng);
  }
  bool chance(int percent) { return uniform(0, 99) < percent; }
  template <class T> const T& pick(const std::vector<T>& v) {
    return v[static_cast<size_t>(uniform(0, static_cast<int64_t>(v.size()) - 1))];
  }

  uops::DType randomDType() {
    using namespace uops;
    static const std::vector<DType> kTypes = {dtypes::void_,
                                              dtypes::bool_,
                                              dtypes::int8,
                                              dtypes::int32,
                                              dtypes::int64,
                                              dtypes::uint8,
                                              dtypes::uint64,
                                              dtypes::float16,
                                              dtypes::bfloat16,
                                              dtypes::float32,
                                              dtypes::float64,
                                              dtypes::index,
                                              dtypes::float32.vec(4),
                                              dtypes::int32.ptr(16),
                                              dtypes::float16.vec(2).ptr(-1, AddrSpace::Local)};
    return pick(kTypes);
  }

  std::string randomBytes() {
    std::string s;
    for (int64_t n = uniform(0, 12); n > 0; --n)
      s += static_cast<char>(uniform(0, 255));
    return s;
  }

  uops::DeviceArg randomDevice() {
    static const std::vector<std::string> kNames = {"CPU",
                                                    "CL:0",
                                                    "CL:1",
                                                    "INTERP",
                                                    "we\"ird\\dev\x01"
                                                    "ce",
                                                    "new\nline",
                                                    ""};
    uops::DeviceArg d;
    int64_t n = chance(70) ? 1 : uniform(0, 3);
    for (int64_t i = 0; i < n; ++i)
      d.names.push_back(pick(kNames));
    return d;
  }

  double randomDouble() {
    switch (uniform(0, 9)) {
    case 0:
      return -0.0;
    case 1:
      return std::numeric_limits<double>::quiet_NaN();
    case 2:
      return -std::numeric_limits<double>::quiet_NaN();
    case 3:
      return std::bit_cast<double>(0x7ff0000000000000ull |
                                   static_cast<uint64_t>(uniform(1, 1 << 20)));
    case 4:
      return uniform(0, 1) ? std::numeric_limits<double>::infinity()
                           : -std::numeric_limits<double>::infinity();
    case 5:
      return std::numeric_limits<double>::denorm_min() * static_cast<double>(uniform(1, 9));
    case 6:
      return static_cast<double>(uniform(-5, 5));
    default:
      return std::bit_cast<double>(static_cast<uint64_t>(m_rng()));
    }
  }

  int64_t randomInt() {
    switch (uniform(0, 3)) {
    case 0:
      return std::numeric_limits<int64_t>::min();
    case 1:
      return static_cast<int64_t>(m_rng());
    default:
      return uniform(-10, 10);
    }
  }

  uops::Ints randomInts() {
    uops::Ints v;
    for (int64_t n = uniform(0, 4); n > 0; --n)
      v.push_back(uniform(-1, 4));
    return v;
  }

  uops::Arg randomConst(uops::DType d) {
    if (chance(10)) return randomArgOfKind(uniform(1, 3)); // a value of the wrong kind
    if (d.isBool()) return chance(50);
    if (d.isFloat()) return randomDouble();
    return randomInt();
  }

  // Kinds by Arg index: 0 None, 1 bool, 2 int, 3 double, 4 string, 5 Ints,
  // 6 Bools, 7 Param, 8 Buffer, 9 Reduce, 10 Load, 11 Range.
  uops::Arg randomArgOfKind(int64_t kind) {
    using namespace uops;
    switch (kind) {
    case 0:
      return {};
    case 1:
      return chance(50);
    case 2:
      return randomInt();
    case 3:
      return randomDouble();
    case 4:
      return randomBytes();
    case 5:
      return randomInts();
    case 6: {
      Bools b;
      for (int64_t n = uniform(0, 4); n > 0; --n)
        b.push_back(chance(50));
      return b;
    }
    case 7: {
      ParamArg p{uniform(-1, 4), {}, {}, {}};
      if (chance(50)) p.device = randomDevice();
      if (chance(50)) p.addrSpace = static_cast<AddrSpace>(uniform(0, 2));
      return p;
    }
    case 8:
      return BufferArg{uniform(0, 9), uniform(-1, 20), randomDevice(),
                       static_cast<AddrSpace>(uniform(0, 2))};
    case 9:
      return ReduceArg{chance(80) ? pick(std::vector<Op>{Op::Add, Op::Max, Op::Mul})
                                  : pick(std::vector<Op>(allOps().begin(), allOps().end())),
                       randomInts()};
    case 10:
      return LoadArg{chance(50) ? std::optional<DeviceArg>(randomDevice()) : std::nullopt,
                     static_cast<AddrSpace>(uniform(0, 2))};
    default:
      return RangeArg{randomInt(), static_cast<AxisType>(uniform(0, 8))};
    }
  }

  // Mostly the kind the op expects (see arg.h), sometimes any kind.
  uops::Arg randomArg(uops::Op op, uops::DType d) {
    using namespace uops;
    if (chance(15)) return randomArgOfKind(uniform(0, 11));
    switch (expectedArgKind(op)) {
    case ArgKind::None:
      return {};
    case ArgKind::Const:
      return randomConst(d);
    case ArgKind::Int:
      return uniform(-1, 3);
    case ArgKind::String:
      return randomBytes();
    case ArgKind::Ints:
      return randomInts();
    case ArgKind::Bools:
      return randomArgOfKind(6);
    case ArgKind::Param:
      return randomArgOfKind(7);
    case ArgKind::Buffer:
      return randomArgOfKind(8);
    case ArgKind::Reduce:
      return randomArgOfKind(9);
    case ArgKind::Load:
      return randomArgOfKind(10);
    case ArgKind::Range:
      return randomArgOfKind(11);
    }
    return {};
  }

  // Shape operands that hold, more often than chance would give: a flattening
  // Reshape, an identity Expand, Pad and Shrink by nothing, a small Param shape.
  void shapeOperands(uops::Op op, uops::UOpList& src) {
    using namespace uops;
    if (src.empty() || !chance(60)) return;
    if (op == Op::Param)
      src[0] = shapeOperand(Shape(static_cast<size_t>(uniform(0, 3)), uniform(1, 4)));
    if (op == Op::Param || !src[0]->shapeValid()) return;
    const Shape in = src[0]->shape();
    if (op == Op::Reshape && src.size() == 2) src[1] = shapeOperand({shapeProduct(in)});
    if (op == Op::Expand && src.size() == 2) src[1] = shapeOperand(in);
    if ((op == Op::Pad || op == Op::Shrink) && src.size() == 3) {
      src[1] = shapeOperand(Shape(in.size(), 0));
      src[2] = shapeOperand(in);
    }
  }

  uops::UOpPtr randomNode() {
    using namespace uops;
    Op op = pick(std::vector<Op>(allOps().begin(), allOps().end()));
    const OpInfo& info = opInfo(op);
    int64_t hi = info.maxSrc < 0 ? info.minSrc + 3 : info.maxSrc;
    int64_t n = uniform(info.minSrc, hi);
    if (chance(5)) n = std::max<int64_t>(0, n + (chance(50) ? 1 : -1)); // wrong arity
    UOpList src;
    for (int64_t i = 0; i < n; ++i) {
      // Recent nodes more often, so graphs grow deep as well as wide.
      int64_t size = static_cast<int64_t>(m_pool.size());
      int64_t from = chance(60) ? std::max<int64_t>(0, size - 5) : 0;
      src.push_back(m_pool[static_cast<size_t>(uniform(from, size - 1))]);
    }
    shapeOperands(op, src);
    DType d = !src.empty() && chance(60) ? src[0]->dtype() : randomDType();
    if (isComparison(op) && chance(70)) d = dtypes::bool_;
    Tag tag = chance(10) ? Tag(uniform(-3, 1000)) : std::nullopt;
    return UOp::make(op, d, std::move(src), randomArg(op, d), tag);
  }

  std::mt19937_64 m_rng;
  std::vector<uops::UOpPtr> m_pool;
};

} // namespace irtest
