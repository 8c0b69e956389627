#include "core/pipeline/bounds_enumerate.h"

#include "core/symbolic/int_value.h"

#include <algorithm>
#include <optional>
#include <unordered_map>
#include <vector>

namespace uops {
namespace {

// The nodes of idx and gate in evaluation order, or nullopt if one is not integer
// arithmetic over Ranges and constants.
struct Program {
  std::vector<const UOp*> nodes;
  std::vector<const UOp*> ranges;
  std::unordered_map<const UOp*, size_t> slot; // look-up only
};

bool evaluable(const UOp& u) {
  switch (u.op()) {
  case Op::Const:
    return !u.dtype().isFloat();
  case Op::Range:
    return u.src(0)->op() == Op::Const;
  case Op::Add: case Op::Mul: case Op::Idiv: case Op::Mod: case Op::Max: case Op::CmpLt:
  case Op::CmpNe: case Op::And: case Op::Or: case Op::Xor: case Op::Where:
    return !u.dtype().isFloat() && !u.src(0)->dtype().isFloat();
  case Op::Cast: // between integer and bool types
    return (u.dtype().isInt() || u.dtype().isBool()) &&
           (u.src(0)->dtype().isInt() || u.src(0)->dtype().isBool()) && u.dtype().count == 1;
  default:
    return false;
  }
}

std::optional<Program> compile(const UOpPtr& idx, const UOpPtr& gate) {
  Program p;
  std::vector<UOpPtr> roots{idx};
  if (gate) roots.push_back(gate);
  for (const UOp* u : toposort(std::span<const UOpPtr>(roots))) {
    if (!evaluable(*u)) return std::nullopt;
    p.slot.emplace(u, p.nodes.size());
    p.nodes.push_back(u);
    if (u->op() == Op::Range) p.ranges.push_back(u);
  }
  return p;
}

int64_t apply(const UOp& u, const std::vector<int64_t>& v, const Program& p) {
  auto in = [&](size_t i) { return v[p.slot.at(u.src(i).get())]; };
  bool b = u.dtype().isBool();
  switch (u.op()) {
  case Op::Add: return b ? (in(0) | in(1)) : in(0) + in(1);
  case Op::Mul: return b ? (in(0) & in(1)) : in(0) * in(1);
  case Op::Idiv: return in(1) == 0 ? 0 : in(0) / in(1);
  case Op::Mod: return in(1) == 0 ? 0 : in(0) % in(1);
  case Op::Max: return std::max(in(0), in(1));
  case Op::CmpLt: return in(0) < in(1);
  case Op::CmpNe: return in(0) != in(1);
  case Op::And: return in(0) & in(1);
  case Op::Or: return in(0) | in(1);
  case Op::Xor: return in(0) ^ in(1);
  case Op::Where: return in(0) ? in(1) : in(2);
  case Op::Cast:
    return static_cast<int64_t>(wrapInt(u.dtype(), in(0)));
  default: return 0;
  }
}

// Evaluates idx (and gate) at every point of their ranges, in odometer order,
// calling visit(idx value, gate holds) until it returns false. False when the
// expressions cannot be evaluated, there are more than `limit` points, or
// visit stopped; true when every point was visited.
template <class Visit>
bool forEachPoint(const UOpPtr& idx, const UOpPtr& gate, int64_t limit, Visit visit) {
  std::optional<Program> p = compile(idx, gate);
  if (!p) return false;
  // values that fit in int64 (index math of kernels this small does)
  if (idx->minMax().isFloat || idx->minMax().lo < INT64_MIN / 2 || idx->minMax().hi > INT64_MAX / 2) return false;
  int64_t points = 1;
  std::vector<int64_t> bounds;
  for (const UOp* r : p->ranges) {
    int64_t n = r->src(0)->minMax().lo > 0 ? static_cast<int64_t>(r->src(0)->minMax().lo) : 0;
    if (n == 0) return true; // an empty loop has no points
    bounds.push_back(n);
    points *= n;
    if (points > limit) return false;
  }
  std::vector<int64_t> values(p->nodes.size(), 0), at(bounds.size(), 0);
  std::vector<size_t> rangeAt(p->nodes.size(), 0); // a Range node's place in `at`
  for (size_t i = 0; i < p->nodes.size(); ++i)
    if (p->nodes[i]->op() == Op::Range)
      rangeAt[i] = static_cast<size_t>(std::find(p->ranges.begin(), p->ranges.end(), p->nodes[i]) - p->ranges.begin());
  size_t gateSlot = gate ? p->slot.at(gate.get()) : 0, idxSlot = p->slot.at(idx.get());
  for (int64_t point = 0; point < points; ++point) {
    for (size_t i = 0; i < p->nodes.size(); ++i) {
      const UOp& u = *p->nodes[i];
      if (u.op() == Op::Const) values[i] = static_cast<int64_t>(u.minMax().lo);
      else if (u.op() == Op::Range) values[i] = at[rangeAt[i]];
      else values[i] = apply(u, values, *p);
    }
    if (!visit(values[idxSlot], !gate || values[gateSlot] != 0)) return false;
    for (size_t d = 0; d < at.size(); ++d) { // the next point, odometer order
      if (++at[d] < bounds[d]) break;
      at[d] = 0;
    }
  }
  return true;
}

} // namespace

bool provenByEnumeration(const UOpPtr& idx, const UOpPtr& gate, int64_t size) {
  return forEachPoint(idx, gate, kBoundsEnumerationLimit, [&](int64_t v, bool active) {
    return !active || (v >= 0 && v < size);
  });
}

bool refutedByEnumeration(const UOpPtr& idx, const UOpPtr& gate, int64_t size) {
  bool outside = false;
  forEachPoint(idx, gate, kBoundsEnumerationLimit, [&](int64_t v, bool active) {
    outside = active && (v < 0 || v >= size);
    return !outside;
  });
  return outside;
}

std::optional<std::vector<int64_t>> valuesAlong(const UOpPtr& e, const UOp& r, int64_t limit) {
  for (const UOp* u : toposort(*e))
    if (u->op() == Op::Range && u != &r) return std::nullopt;
  std::vector<int64_t> values;
  if (!forEachPoint(e, nullptr, limit, [&](int64_t v, bool) {
        values.push_back(v);
        return true;
      }))
    return std::nullopt;
  return values;
}

std::optional<MinMax> enumeratedRange(const UOpPtr& e, int64_t limit) {
  int64_t lo = INT64_MAX, hi = INT64_MIN;
  bool any = false;
  bool done = forEachPoint(e, nullptr, limit, [&](int64_t v, bool) {
    lo = std::min(lo, v);
    hi = std::max(hi, v);
    any = true;
    return true;
  });
  if (!done || !any) return std::nullopt;
  return MinMax::ints(lo, hi);
}

} // namespace uops
