#include "core/opt/kernel_work.h"

#include "core/opt/kernel_ranges.h"

#include <algorithm>
#include <unordered_map>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace uops {
namespace {

// A set of the kernel's ranges by their position in kernelRanges.
class RangeSet {
public:
  explicit RangeSet(size_t n = 0) : m_words((n + 63) / 64, 0) {}
  void insert(size_t i) { m_words[i / 64] |= uint64_t{1} << (i % 64); }
  void erase(size_t i) { m_words[i / 64] &= ~(uint64_t{1} << (i % 64)); }
  bool contains(size_t i) const { return (m_words[i / 64] >> (i % 64)) & 1; }
  void merge(const RangeSet& o) {
    for (size_t w = 0; w < m_words.size(); ++w) m_words[w] |= o.m_words[w];
  }

private:
  std::vector<uint64_t> m_words;
};

struct RangeDeps {
  std::vector<UOpPtr> ranges;                       // kernelRanges order
  std::unordered_map<const UOp*, size_t> position;  // range -> index in `ranges`
  std::vector<const UOp*> order;                    // toposort, sources first
  std::unordered_map<const UOp*, RangeSet> reaches; // node -> open ranges its value varies along
};

RangeDeps rangeDeps(const UOpPtr& ast) {
  RangeDeps d;
  d.ranges = kernelRanges(ast);
  for (size_t i = 0; i < d.ranges.size(); ++i) d.position.emplace(d.ranges[i].get(), i);
  d.order = toposort(*ast);
  for (const UOp* u : d.order) {
    RangeSet set(d.ranges.size());
    if (auto it = d.position.find(u); it != d.position.end()) set.insert(it->second);
    for (const UOpPtr& s : u->src()) set.merge(d.reaches.at(s.get()));
    // a reduction's value (and an End's) no longer varies along the ranges it closes
    if (u->op() == Op::Reduce || u->op() == Op::End)
      for (size_t k = 1; k < u->src().size(); ++k)
        if (auto it = d.position.find(u->src(k).get()); it != d.position.end()) set.erase(it->second);
    d.reaches.emplace(u, std::move(set));
  }
  return d;
}

bool isCopyAxis(AxisType t) { return t == AxisType::Upcast || t == AxisType::Unroll; }
bool isOutputAxis(AxisType t) { return t != AxisType::Reduce && t != AxisType::GroupReduce && t != AxisType::Unroll; }

AxisType typeOf(const UOpPtr& r) { return r->argAs<RangeArg>().type; }

} // namespace

int64_t expandedWeight(const UOp& u, const NodeWeights& weights) {
  int64_t w = 1;
  if (weights.decomposedTranscendentals) {
    switch (u.op()) {
    case Op::Sin: w = 392; break;
    case Op::Log2: w = 80; break;
    case Op::Exp2: w = 58; break;
    default: break;
    }
  }
  const ScalarType t = u.dtype().scalar;
  if (weights.emulatedHalf && (t == ScalarType::Float16 || t == ScalarType::BFloat16) &&
      (opGroup(u.op()) == OpGroup::Elementwise || opGroup(u.op()) == OpGroup::DecomposedElementwise))
    w *= 4;
  return w;
}

KernelCopies copiesOf(const UOpPtr& ast, const NodeWeights& weights) {
  RangeDeps d = rangeDeps(ast);
  KernelCopies out;
  for (const UOp* u : d.order) {
    const RangeSet& set = d.reaches.at(u);
    int64_t copies = 1;
    for (size_t i = 0; i < d.ranges.size(); ++i)
      if (set.contains(i) && isCopyAxis(typeOf(d.ranges[i])))
        copies = std::min<int64_t>(copies * std::max<int64_t>(constBound(*d.ranges[i]).value_or(1), 1), int64_t{1} << 40);
    out.most = std::max(out.most, copies);
    out.total = std::min<int64_t>(out.total + copies * expandedWeight(*u, weights), int64_t{1} << 50);
  }
  return out;
}

std::vector<std::string> recomputedReductions(const UOpPtr& ast) {
  RangeDeps d = rangeDeps(ast);
  const size_t n = d.ranges.size();
  // the reduce ranges of every reduction a node is computed inside of (its
  // value feeds that reduction's accumulator), consumers first
  std::unordered_map<const UOp*, RangeSet> inside;
  for (auto it = d.order.rbegin(); it != d.order.rend(); ++it) {
    const UOp* u = *it;
    RangeSet here = inside.contains(u) ? inside.at(u) : RangeSet(n);
    for (size_t i = 0; i < u->src().size(); ++i) {
      RangeSet& s = inside.try_emplace(u->src(i).get(), n).first->second;
      s.merge(here);
      if (u->op() == Op::Reduce && i == 0)
        for (size_t k = 1; k < u->src().size(); ++k)
          if (auto p = d.position.find(u->src(k).get()); p != d.position.end()) s.insert(p->second);
    }
  }
  std::vector<std::string> found;
  for (const UOp* u : d.order) {
    if (u->op() != Op::Reduce) continue;
    RangeSet own(n);
    for (size_t k = 1; k < u->src().size(); ++k)
      if (auto p = d.position.find(u->src(k).get()); p != d.position.end()) own.insert(p->second);
    // the loops its value depends on, its own reduce loops aside
    const RangeSet& deps = d.reaches.at(u->src(0).get());
    int64_t innermost = -1;
    for (size_t i = 0; i < n; ++i)
      if (deps.contains(i) && !own.contains(i)) innermost = std::max(innermost, nestKey(*d.ranges[i]));
    const RangeSet& enclosing = inside.contains(u) ? inside.at(u) : RangeSet(n);
    std::vector<std::string> along;
    for (size_t i = 0; i < n; ++i) {
      const UOpPtr& r = d.ranges[i];
      bool encloses = isOutputAxis(typeOf(r)) || enclosing.contains(i);
      if (!encloses || deps.contains(i) || own.contains(i) || nestKey(*r) > innermost) continue;
      if (constBound(*r).value_or(2) < 2) continue;
      along.push_back(fmt::format("axis {} ({} {})", i, axisTypeName(typeOf(r)), constBound(*r).value_or(0)));
    }
    if (!along.empty())
      found.push_back(fmt::format("a {} reduction is computed again along {}", opName(u->argAs<ReduceArg>().op),
                                  fmt::join(along, ", ")));
  }
  return found;
}

} // namespace uops
