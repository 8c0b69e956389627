// The `itertools` module's finite tools. Like zip() and map() here they
// return lists, which loops, unpacking and list() treat as Python treats the
// iterators; every element made charges the step budget, so product() of
// large inputs stops at the limit. Infinite iterators (count, cycle, repeat
// without times) have no list form and are refused.
#include "core/frontend/builtins_impl.h"

#include "core/frontend/budget.h"
#include "core/frontend/object.h"
#include "core/frontend/operators.h"
#include "core/frontend/script_error.h"
#include "core/frontend/sequence.h"

#include <fmt/format.h>

namespace uops::frontend {

namespace {

std::vector<Value> chainOf(const std::vector<Value>& iterables) {
  std::vector<Value> out;
  for (const Value& iterable : iterables) {
    Iterator it(iterable);
    Value v;
    while (it.next(v)) {
      chargeSteps(1);
      out.push_back(std::move(v));
    }
  }
  return out;
}

// chain(*its) and chain.from_iterable(its): a callable with an attribute.
class Chain : public Object {
public:
  std::string typeName() const override { return "itertools.chain"; }
  std::string repr() const override { return "<class 'itertools.chain'>"; }
  const MethodTable* methods() const override {
    static const MethodTable table{{"from_iterable", [](Args& a) {
                                      auto [iterables] = a.bind({"iterable"});
                                      return Value::list(chainOf(toVector(iterables)));
                                    }}};
    return &table;
  }
  Value call(Args& a) override {
    auto [iterables] = a.bind({"*iterables"});
    return Value::list(chainOf(*iterables.items()));
  }
};

Value product(Args& a) {
  auto [iterables, repeat] = a.bind({"*iterables", {"repeat", 1}});
  int64_t times = detail::toIndex(repeat);
  if (times < 0) throw ScriptError("repeat argument cannot be negative");
  std::vector<std::vector<Value>> pools;
  for (int64_t r = 0; r < times; ++r)
    for (const Value& iterable : *iterables.items())
      pools.push_back(toVector(iterable));
  // An odometer over the pools, the last one turning fastest.
  std::vector<Value> out;
  std::vector<size_t> index(pools.size(), 0);
  for (const std::vector<Value>& pool : pools)
    if (pool.empty()) return Value::list({});
  for (;;) {
    chargeSteps(static_cast<int64_t>(pools.size()) + 1);
    std::vector<Value> row;
    for (size_t i = 0; i < pools.size(); ++i)
      row.push_back(pools[i][index[i]]);
    out.push_back(Value::tuple(std::move(row)));
    size_t i = pools.size();
    while (i > 0 && ++index[i - 1] == pools[i - 1].size())
      index[--i] = 0;
    if (i == 0) return Value::list(std::move(out));
  }
}

Value accumulate(Args& a) {
  auto [iterable, func, bareStar, initial] =
      a.bind({"iterable", {"func", Value()}, "*", {"initial", Value()}});
  (void)bareStar;
  std::vector<Value> out;
  Value acc;
  bool started = !initial.isNone();
  if (started) out.push_back(acc = initial);
  Iterator it(iterable);
  Value v;
  while (it.next(v)) {
    chargeSteps(1);
    if (!started) {
      acc = v;
      started = true;
    } else {
      acc = func.isNone() ? binaryOp(BinaryOp::Add, acc, v) : callValue(func, {acc, v});
    }
    out.push_back(acc);
  }
  return Value::list(std::move(out));
}

Value repeat(Args& a) {
  auto [object, times] = a.bind({"object", {"times", Value()}});
  if (times.isNone())
    throw ScriptError("repeat() without times is infinite, which is not supported: pass times");
  int64_t n = std::max<int64_t>(detail::toIndex(times), 0);
  chargeSteps(n);
  return Value::list(std::vector<Value>(static_cast<size_t>(n), object));
}

Value zipLongest(Args& a) {
  auto [iterables, fillvalue] = a.bind({"*iterables", {"fillvalue", Value()}});
  std::vector<std::vector<Value>> columns;
  size_t longest = 0;
  for (const Value& iterable : *iterables.items()) {
    columns.push_back(toVector(iterable));
    longest = std::max(longest, columns.back().size());
  }
  std::vector<Value> out;
  for (size_t i = 0; i < longest; ++i) {
    chargeSteps(1);
    std::vector<Value> row;
    for (const std::vector<Value>& column : columns)
      row.push_back(i < column.size() ? column[i] : fillvalue);
    out.push_back(Value::tuple(std::move(row)));
  }
  return Value::list(std::move(out));
}

// islice(it, stop) or islice(it, start, stop[, step]); None means "no bound".
Value islice(Args& a) {
  if (!a.keywords().empty()) a.fail("takes no keyword arguments");
  const std::vector<Value>& p = a.positional();
  if (p.size() < 2 || p.size() > 4)
    throw ScriptError(fmt::format("islice expected 2 to 4 arguments, got {}", p.size()));
  auto bound = [](const Value& v, int64_t none) {
    int64_t n = v.isNone() ? none : detail::toIndex(v);
    if (n < 0)
      throw ScriptError("Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize.");
    return n;
  };
  int64_t start = p.size() == 2 ? 0 : bound(p[1], 0);
  int64_t stop = bound(p.size() == 2 ? p[1] : p[2], INT64_MAX);
  int64_t step = p.size() == 4 ? bound(p[3], 1) : 1;
  if (step == 0) throw ScriptError("Step for islice() must be a positive integer or None.");
  std::vector<Value> out;
  Iterator it(p[0]);
  Value v;
  for (int64_t i = 0; i < stop && it.next(v); ++i) {
    chargeSteps(1);
    if (i >= start && (i - start) % step == 0) out.push_back(v);
  }
  return Value::list(std::move(out));
}

// combinations(pool, r) and permutations(pool, r) in Python's order: index
// tuples in lexicographic order, distinct (permutations) or increasing
// (combinations). A depth-first walk with an explicit stack of cursors, so r
// may be as large as the pool.
std::vector<Value> choose(const std::vector<Value>& pool, size_t r, bool ordered) {
  if (r == 0) return {Value::tuple({})};
  std::vector<Value> out;
  std::vector<size_t> picked;
  std::vector<bool> used(pool.size(), false);
  std::vector<size_t> cursor{0}; // the next candidate at each depth
  while (!cursor.empty()) {
    chargeSteps(1);
    size_t& c = cursor.back();
    // A combination needs r - picked.size() more increasing indices: a
    // candidate past that point leads nowhere.
    size_t end = ordered ? pool.size() : pool.size() + picked.size() + 1 - r;
    while (c < end && used[c])
      ++c;
    if (c >= end) {
      cursor.pop_back();
      if (!picked.empty()) {
        used[picked.back()] = false;
        picked.pop_back();
      }
      continue;
    }
    used[c] = true;
    picked.push_back(c++);
    if (picked.size() < r) {
      cursor.push_back(ordered ? 0 : picked.back() + 1);
      continue;
    }
    chargeSteps(static_cast<int64_t>(r));
    std::vector<Value> row;
    for (size_t i : picked)
      row.push_back(pool[i]);
    out.push_back(Value::tuple(std::move(row)));
    used[picked.back()] = false;
    picked.pop_back();
  }
  return out;
}

Value selections(Args& a, bool ordered) {
  auto [iterable, r] = a.bind({"iterable", {"r", Value()}});
  std::vector<Value> pool = toVector(iterable);
  if (!ordered && r.isNone()) a.fail("missing required argument 'r' (pos 2)");
  int64_t n = r.isNone() ? static_cast<int64_t>(pool.size()) : detail::toIndex(r);
  if (n < 0) throw ScriptError("r must be non-negative");
  if (static_cast<size_t>(n) > pool.size()) return Value::list({});
  return Value::list(choose(pool, static_cast<size_t>(n), ordered));
}

Value starmap(Args& a) {
  auto [function, iterable] = a.bind({"function", "iterable"});
  std::vector<Value> out;
  Iterator it(iterable);
  Value v;
  while (it.next(v)) {
    chargeSteps(1);
    out.push_back(callValue(function, toVector(v)));
  }
  return Value::list(std::move(out));
}

Value pairwise(Args& a) {
  auto [iterable] = a.bind({"iterable"});
  std::vector<Value> items = toVector(iterable);
  std::vector<Value> out;
  for (size_t i = 1; i < items.size(); ++i)
    out.push_back(Value::tuple({items[i - 1], items[i]}));
  return Value::list(std::move(out));
}

// groupby: runs of equal keys, each as (key, list of its items).
Value groupby(Args& a) {
  auto [iterable, key] = a.bind({"iterable", {"key", Value()}});
  std::vector<Value> out;
  std::vector<Value> group;
  Value groupKey;
  auto flush = [&] {
    if (!group.empty()) out.push_back(Value::tuple({groupKey, Value::list(std::move(group))}));
    group.clear();
  };
  Iterator it(iterable);
  Value v;
  while (it.next(v)) {
    chargeSteps(1);
    Value k = key.isNone() ? v : callValue(key, {v});
    if (!group.empty() && !truthy(binaryOp(BinaryOp::Eq, groupKey, k))) flush();
    if (group.empty()) groupKey = k;
    group.push_back(v);
  }
  flush();
  return Value::list(std::move(out));
}

// takewhile / dropwhile: the longest prefix where the predicate holds, or the rest.
Value whilePredicate(Args& a, bool take) {
  auto [predicate, iterable] = a.bind({"predicate", "iterable"});
  std::vector<Value> out;
  bool dropping = !take;
  Iterator it(iterable);
  Value v;
  while (it.next(v)) {
    chargeSteps(1);
    if (take && !truthy(callValue(predicate, {v}))) break;
    if (dropping && truthy(callValue(predicate, {v}))) continue;
    dropping = false;
    out.push_back(v);
  }
  return Value::list(std::move(out));
}

} // namespace

void installItertoolsModule(ExecState& state) {
  auto itertools = std::make_shared<Namespace>();
  itertools->name = "itertools";
  auto add = [&](std::string name, Value v) {
    itertools->members.insert_or_assign(std::move(name), std::move(v));
  };
  add("chain", Value(std::make_shared<Chain>()));
  add("product", makeNative("product", product));
  add("accumulate", makeNative("accumulate", accumulate));
  add("repeat", makeNative("repeat", repeat));
  add("zip_longest", makeNative("zip_longest", zipLongest));
  add("islice", makeNative("islice", islice));
  add("combinations", makeNative("combinations", [](Args& a) { return selections(a, false); }));
  add("permutations", makeNative("permutations", [](Args& a) { return selections(a, true); }));
  add("starmap", makeNative("starmap", starmap));
  add("pairwise", makeNative("pairwise", pairwise));
  add("groupby", makeNative("groupby", groupby));
  add("takewhile", makeNative("takewhile", [](Args& a) { return whilePredicate(a, true); }));
  add("dropwhile", makeNative("dropwhile", [](Args& a) { return whilePredicate(a, false); }));
  state.modules.insert_or_assign("itertools", std::move(itertools));
}

} // namespace uops::frontend
