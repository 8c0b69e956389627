#include "core/symbolic/structural_order.h"

#include <array>
#include <bit>
#include <compare>
#include <utility>
#include <vector>

namespace uops {
namespace {

template <class T> int cmp(const T& a, const T& b) {
  return a < b ? -1 : (b < a ? 1 : 0);
}

int compareDType(const DType& a, const DType& b) {
  if (int c = cmp(a.scalar, b.scalar)) return c;
  if (int c = cmp(a.count, b.count)) return c;
  if (int c = cmp(a.isPtr, b.isPtr)) return c;
  if (int c = cmp(a.addrSpace, b.addrSpace)) return c;
  return cmp(a.ptrSize, b.ptrSize);
}

int compareDevice(const std::optional<DeviceArg>& a, const std::optional<DeviceArg>& b) {
  if (int c = cmp(a.has_value(), b.has_value())) return c;
  return a ? cmp(a->names, b->names) : 0;
}

struct ArgCompare {
  const Arg& other;
  int operator()(std::monostate) const { return 0; }
  int operator()(bool v) const { return cmp(v, std::get<bool>(other)); }
  int operator()(int64_t v) const { return cmp(v, std::get<int64_t>(other)); }
  int operator()(double v) const {
    // Bitwise, as interning sees doubles; numeric first so 1.0 < 2.0 reads right.
    double w = std::get<double>(other);
    if (int c = cmp(v, w)) return c;
    return cmp(std::bit_cast<uint64_t>(v), std::bit_cast<uint64_t>(w));
  }
  int operator()(const std::string& v) const { return cmp(v, std::get<std::string>(other)); }
  int operator()(const Ints& v) const { return cmp(v, std::get<Ints>(other)); }
  int operator()(const Bools& v) const { return cmp(v, std::get<Bools>(other)); }
  int operator()(const ParamArg& v) const {
    const auto& w = std::get<ParamArg>(other);
    if (int c = cmp(v.slot, w.slot)) return c;
    if (int c = compareDevice(v.device, w.device)) return c;
    return cmp(v.addrSpace, w.addrSpace);
  }
  int operator()(const BufferArg& v) const {
    const auto& w = std::get<BufferArg>(other);
    if (int c = cmp(v.id, w.id)) return c;
    if (int c = cmp(v.size, w.size)) return c;
    if (int c = cmp(v.device.names, w.device.names)) return c;
    return cmp(v.addrSpace, w.addrSpace);
  }
  int operator()(const ReduceArg& v) const {
    const auto& w = std::get<ReduceArg>(other);
    if (int c = cmp(v.op, w.op)) return c;
    return cmp(v.axes, w.axes);
  }
  int operator()(const LoadArg& v) const {
    const auto& w = std::get<LoadArg>(other);
    if (int c = compareDevice(v.device, w.device)) return c;
    return cmp(v.addrSpace, w.addrSpace);
  }
  int operator()(const RangeArg& v) const {
    const auto& w = std::get<RangeArg>(other);
    if (int c = cmp(v.id, w.id)) return c;
    return cmp(v.type, w.type);
  }
};

int compareArg(const Arg& a, const Arg& b) {
  if (int c = cmp(a.index(), b.index())) return c;
  return std::visit(ArgCompare{b}, a);
}

// The node fields, without sources.
int compareFields(const UOp& a, const UOp& b) {
  if (int c = cmp(a.op(), b.op())) return c;
  if (int c = compareDType(a.dtype(), b.dtype())) return c;
  if (int c = compareArg(a.arg(), b.arg())) return c;
  if (int c = cmp(a.tag(), b.tag())) return c;
  return cmp(a.src().size(), b.src().size());
}

} // namespace

int compareStructure(const UOp& a, const UOp& b) {
  // Fast path without allocation: most pairs differ at the top.
  if (&a == &b) return 0;
  if (int c = compareFields(a, b)) return c;
  // pairs still to compare, depth first; most comparisons end within a few
  // levels, so the stack starts on the machine stack
  using Pair = std::pair<const UOp*, const UOp*>;
  std::array<Pair, 64> local;
  std::vector<Pair> spill;
  size_t size = 0;
  auto push = [&](const UOp* x, const UOp* y) {
    if (size < local.size()) local[size] = {x, y};
    else spill.emplace_back(x, y);
    ++size;
  };
  auto pop = [&] {
    --size;
    if (size < local.size()) return local[size];
    Pair p = spill.back();
    spill.pop_back();
    return p;
  };
  push(&a, &b);
  while (size) {
    auto [x, y] = pop();
    if (x == y) continue;
    if (int c = compareFields(*x, *y)) return c;
    for (size_t i = x->src().size(); i-- > 0;)
      push(x->src(i).get(), y->src(i).get());
  }
  return 0;
}

} // namespace uops
