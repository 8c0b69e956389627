// Sequence builtins: range, len, list, tuple, min, max, sum, sorted,
// reversed, enumerate, zip, map, iter, any, all. Python returns iterators from
// some of these; here they return lists, which every use in a tensor
// program (loops, unpacking, list(), sum()) treats the same.
#include "core/frontend/builtins_impl.h"

#include "core/frontend/budget.h"
#include "core/frontend/operators.h"
#include "core/frontend/script_error.h"
#include "core/frontend/sequence.h"

#include <fmt/format.h>

namespace uops::frontend::detail {

namespace {

bool lessThan(const Value& a, const Value& b) {
  return truthy(binaryOp(BinaryOp::Lt, a, b));
}

// A stable merge sort that needs only a consistent-or-not `<`: unlike
// std::sort it stays in bounds whatever the comparisons return (NaN, host
// objects), and it charges the budget for its comparisons.
void mergeSort(std::vector<Value>& items,
               const std::function<bool(const Value&, const Value&)>& less) {
  std::vector<Value> buffer(items.size());
  for (size_t width = 1; width < items.size(); width *= 2) {
    for (size_t lo = 0; lo < items.size(); lo += 2 * width) {
      size_t mid = std::min(lo + width, items.size());
      size_t hi = std::min(lo + 2 * width, items.size());
      size_t i = lo;
      size_t j = mid;
      size_t k = lo;
      chargeSteps(static_cast<int64_t>(hi - lo));
      while (i < mid && j < hi)
        buffer[k++] = less(items[j], items[i]) ? items[j++] : items[i++];
      while (i < mid)
        buffer[k++] = items[i++];
      while (j < hi)
        buffer[k++] = items[j++];
    }
    items.swap(buffer);
  }
}

// min() and max(): one iterable or several arguments; key= and default=.
Value extreme(Args& a, bool wantMax) {
  // Named copies, not a structured binding: a lambda below uses `key`, and
  // clang 14 cannot capture structured bindings.
  std::array<Value, 3> bound =
      a.bind({"*args", {"key", Value()}, {"default", Value(EllipsisType{})}});
  const Value& values = bound[0];
  const Value& key = bound[1];
  const Value& fallback = bound[2];
  const std::vector<Value>& args = *values.items();
  std::string_view name = wantMax ? "max" : "min";
  if (args.empty()) throw ScriptError(fmt::format("{} expected at least 1 argument, got 0", name));
  bool hasDefault = !fallback.is<EllipsisType>();
  if (args.size() > 1 && hasDefault)
    throw ScriptError(
        fmt::format("Cannot specify a default for {}() with multiple positional arguments", name));
  std::vector<Value> items = args.size() == 1 ? toVector(args[0]) : args;
  if (items.empty()) {
    if (hasDefault) return fallback;
    throw ScriptError(fmt::format("{}() iterable argument is empty", name));
  }
  auto keyOf = [&](const Value& v) { return key.isNone() ? v : callValue(key, {v}); };
  Value best = items[0];
  Value bestKey = keyOf(best);
  for (size_t i = 1; i < items.size(); ++i) {
    Value k = keyOf(items[i]);
    // The first of equal extremes wins, as in Python.
    if (wantMax ? lessThan(bestKey, k) : lessThan(k, bestKey)) {
      best = items[i];
      bestKey = std::move(k);
    }
  }
  return best;
}

Value sum(Args& a) {
  auto [iterable, start] = a.bind({"iterable", {"start", 0}});
  if (start.isStr()) throw ScriptError("sum() can't sum strings [use ''.join(seq) instead]");
  Value total = start;
  Iterator it(iterable);
  Value v;
  while (it.next(v)) {
    chargeSteps(1);
    total = binaryOp(BinaryOp::Add, total, v);
  }
  return total;
}

Value range(Args& a) {
  if (!a.keywords().empty()) a.fail("takes no keyword arguments");
  const std::vector<Value>& p = a.positional();
  if (p.empty() || p.size() > 3)
    throw ScriptError(fmt::format("range expected 1 to 3 arguments, got {}", p.size()));
  Range r;
  if (p.size() == 1) {
    r.stop = toIndex(p[0]);
  } else {
    r.start = toIndex(p[0]);
    r.stop = toIndex(p[1]);
  }
  if (p.size() == 3) r.step = toIndex(p[2]);
  if (r.step == 0) throw ScriptError("range() arg 3 must not be zero");
  return Value(r);
}

Value zip(Args& a) {
  auto [iterables] = a.bind({"*iterables"});
  std::vector<Iterator> its;
  for (const Value& v : *iterables.items())
    its.emplace_back(v, "zip argument must support iteration, not {}");
  std::vector<Value> out;
  if (its.empty()) return Value::list({});
  for (;;) {
    std::vector<Value> row(its.size());
    for (size_t i = 0; i < its.size(); ++i)
      if (!its[i].next(row[i])) return Value::list(std::move(out));
    chargeSteps(static_cast<int64_t>(its.size()));
    out.push_back(Value::tuple(std::move(row)));
  }
}

Value map(Args& a) {
  auto [fn, iterables] = a.bind({"function", "*iterables"});
  if (iterables.items()->empty()) throw ScriptError("map() must have at least two arguments.");
  std::vector<Iterator> its;
  for (const Value& v : *iterables.items())
    its.emplace_back(v);
  std::vector<Value> out;
  for (;;) {
    std::vector<Value> row(its.size());
    for (size_t i = 0; i < its.size(); ++i)
      if (!its[i].next(row[i])) return Value::list(std::move(out));
    chargeSteps(1);
    out.push_back(callValue(fn, std::move(row)));
  }
}

} // namespace

void addSequenceBuiltins(ExecState& state) {
  defineType(state, "range", range);
  defineBuiltin(state, "len", [](Args& a) {
    auto [x] = a.bind({"obj"});
    std::optional<int64_t> n = length(x);
    if (!n) throw ScriptError(fmt::format("object of type '{}' has no len()", x.typeName()));
    return Value(*n);
  });
  defineType(state, "list", [](Args& a) {
    auto [iterable] = a.bind({{"iterable", Value::tuple({})}});
    return Value::list(toVector(iterable));
  });
  defineType(state, "tuple", [](Args& a) {
    auto [iterable] = a.bind({{"iterable", Value::tuple({})}});
    if (iterable.isTuple()) return iterable;
    return Value::tuple(toVector(iterable));
  });
  defineBuiltin(state, "min", [](Args& a) { return extreme(a, false); });
  defineBuiltin(state, "max", [](Args& a) { return extreme(a, true); });
  defineBuiltin(state, "sum", sum);
  defineBuiltin(state, "sorted", [](Args& a) {
    auto [iterable, bareStar, key, reverse] =
        a.bind({"iterable", "*", {"key", Value()}, {"reverse", false}});
    (void)bareStar; // the bare * binds nothing
    std::vector<Value> items = toVector(iterable);
    std::vector<Value> keys = items;
    if (!key.isNone())
      for (Value& k : keys)
        k = callValue(key, {k});
    // Sort indices by key so the items follow their keys; reverse keeps
    // equal elements in their original order, as Python's does.
    std::vector<Value> order;
    for (size_t i = 0; i < items.size(); ++i)
      order.emplace_back(static_cast<int64_t>(i));
    bool descending = truthy(reverse);
    mergeSort(order, [&](const Value& x, const Value& y) {
      const Value& kx = keys[static_cast<size_t>(*x.get<int64_t>())];
      const Value& ky = keys[static_cast<size_t>(*y.get<int64_t>())];
      return descending ? lessThan(ky, kx) : lessThan(kx, ky);
    });
    std::vector<Value> out;
    for (const Value& i : order)
      out.push_back(items[static_cast<size_t>(*i.get<int64_t>())]);
    return Value::list(std::move(out));
  });
  defineBuiltin(state, "reversed", [](Args& a) {
    auto [seq] = a.bind({"sequence"});
    if (!seq.items() && !seq.isStr() && !seq.is<Range>())
      throw ScriptError(fmt::format("'{}' object is not reversible", seq.typeName()));
    std::vector<Value> items = toVector(seq);
    return Value::list(std::vector<Value>(items.rbegin(), items.rend()));
  });
  defineBuiltin(state, "enumerate", [](Args& a) {
    auto [iterable, start] = a.bind({"iterable", {"start", 0}});
    int64_t i = toIndex(start);
    std::vector<Value> out;
    Iterator it(iterable);
    Value v;
    while (it.next(v)) {
      chargeSteps(1);
      out.push_back(Value::tuple({Value(i), v}));
      if (__builtin_add_overflow(i, 1, &i)) throw ScriptError("enumerate() index is too large");
    }
    return Value::list(std::move(out));
  });
  // iter(x) is a list of x's elements: loops, unpacking and list() read it
  // as they read an iterator (next() is not supported).
  defineBuiltin(state, "iter", [](Args& a) {
    auto [iterable] = a.bind({"object"});
    return Value::list(toVector(iterable));
  });
  defineBuiltin(state, "zip", zip);
  defineBuiltin(state, "map", map);
  defineBuiltin(state, "any", [](Args& a) {
    auto [iterable] = a.bind({"iterable"});
    Iterator it(iterable);
    Value v;
    while (it.next(v)) {
      chargeSteps(1);
      if (truthy(v)) return Value(true);
    }
    return Value(false);
  });
  defineBuiltin(state, "all", [](Args& a) {
    auto [iterable] = a.bind({"iterable"});
    Iterator it(iterable);
    Value v;
    while (it.next(v)) {
      chargeSteps(1);
      if (!truthy(v)) return Value(false);
    }
    return Value(true);
  });
}

} // namespace uops::frontend::detail
