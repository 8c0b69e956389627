#include "core/frontend/sequence.h"

#include "core/frontend/budget.h"
#include "core/frontend/callable.h"
#include "core/frontend/object.h"
#include "core/frontend/operators.h"
#include "core/frontend/script_error.h"
#include "core/frontend/utf8.h"

#include <fmt/format.h>

#include <algorithm>
#include <unordered_set>

namespace uops::frontend {

namespace {

// The largest collection one operation may build, whatever the step budget.
constexpr int64_t kMaxCollection = int64_t{1} << 31;

std::optional<int64_t> indexOf(const Value& v) {
  if (const int64_t* i = v.get<int64_t>()) return *i;
  if (const bool* b = v.get<bool>()) return *b ? 1 : 0;
  // an object standing for an int (a numpy integer) indexes as one (__index__)
  if (v.isObject())
    if (std::optional<Value> n = v.object()->asNumber(); n && n->isIntLike()) return indexOf(*n);
  return std::nullopt;
}

int64_t normalize(int64_t index, int64_t size, std::string_view what) {
  int64_t i = index < 0 ? index + size : index;
  if (i < 0 || i >= size) throw ScriptError(fmt::format("{} index out of range", what));
  return i;
}

std::vector<char32_t> codePoints(const std::string& s) {
  std::vector<char32_t> out;
  for (size_t i = 0; i < s.size();)
    out.push_back(utf8::decode(s, i));
  chargeSteps(static_cast<int64_t>(out.size()));
  return out;
}

std::string fromCodePoints(const std::vector<char32_t>& cps, const SliceIndices& s) {
  std::string out;
  for (int64_t k = 0; k < s.count; ++k)
    utf8::append(out, cps[static_cast<size_t>(s.start + k * s.step)]);
  return out;
}

} // namespace

bool holdsList(const Value& from, const List* target) {
  return holdsContainer(from, target);
}

bool holdsContainer(const Value& from, const void* target) {
  // Everything that can own a Value: list and tuple items, a bound method's
  // receiver, a function's defaults, what a host object reports. Each
  // container is walked once, however many paths lead to it.
  std::vector<Value> stack{from};
  std::unordered_set<const void*> seen;
  while (!stack.empty()) {
    Value v = std::move(stack.back());
    stack.pop_back();
    chargeSteps(1);
    const void* address = nullptr;
    if (const ListPtr* l = v.get<ListPtr>()) address = l->get();
    if (const TuplePtr* t = v.get<TuplePtr>()) address = t->get();
    if (v.isObject()) address = v.object().get();
    if (const FunctionPtr* f = v.get<FunctionPtr>()) address = f->get();
    if (address == target) return true;
    if (address && !seen.insert(address).second) continue;
    if (const std::vector<Value>* items = v.items())
      stack.insert(stack.end(), items->begin(), items->end());
    else if (const NativeFunctionPtr* n = v.get<NativeFunctionPtr>(); n && (*n)->self)
      stack.push_back(*(*n)->self);
    else if (const FunctionPtr* f = v.get<FunctionPtr>())
      stack.insert(stack.end(), (*f)->defaults.begin(), (*f)->defaults.end());
    else if (v.isObject() && !v.object()->breaksCycles())
      v.object()->forEachValue([&](const Value& held) { stack.push_back(held); });
  }
  return false;
}

SliceIndices resolveSlice(const Slice& slice, int64_t length) {
  int64_t step = slice.step.value_or(1);
  if (step == 0) throw ScriptError("slice step cannot be zero");
  // Clamp in 128 bits: start + length can overflow for extreme bounds.
  auto clamp = [&](std::optional<int64_t> bound, __int128 fallback) -> __int128 {
    if (!bound) return fallback;
    __int128 b = *bound;
    if (b < 0) b += length;
    __int128 lo = step < 0 ? -1 : 0;
    __int128 hi = step < 0 ? length - 1 : length;
    return b < lo ? lo : b > hi ? hi : b;
  };
  __int128 start = clamp(slice.start, step < 0 ? length - 1 : 0);
  __int128 stop = clamp(slice.stop, step < 0 ? -1 : length);
  __int128 count = 0;
  if (step > 0 && stop > start) count = (stop - start - 1) / step + 1;
  if (step < 0 && start > stop) count = (start - stop - 1) / -static_cast<__int128>(step) + 1;
  return {static_cast<int64_t>(start), step, static_cast<int64_t>(count)};
}

Value getItem(const Value& container, const Value& index) {
  if (container.isObject()) return container.object()->getItem(index);
  if (const std::vector<Value>* items = container.items()) {
    bool isList = container.isList();
    std::string_view what = isList ? "list" : "tuple";
    if (std::optional<int64_t> i = indexOf(index))
      return (
          *items)[static_cast<size_t>(normalize(*i, static_cast<int64_t>(items->size()), what))];
    if (const Slice* s = index.get<Slice>()) {
      SliceIndices r = resolveSlice(*s, static_cast<int64_t>(items->size()));
      chargeSteps(r.count);
      std::vector<Value> out;
      out.reserve(static_cast<size_t>(r.count));
      for (int64_t k = 0; k < r.count; ++k)
        out.push_back((*items)[static_cast<size_t>(r.start + k * r.step)]);
      return isList ? Value::list(std::move(out)) : Value::tuple(std::move(out));
    }
    throw ScriptError(
        fmt::format("{} indices must be integers or slices, not {}", what, index.typeName()));
  }
  if (const std::string* s = container.get<std::string>()) {
    std::vector<char32_t> cps = codePoints(*s);
    auto size = static_cast<int64_t>(cps.size());
    if (std::optional<int64_t> i = indexOf(index))
      return Value(fromCodePoints(cps, {normalize(*i, size, "string"), 1, 1}));
    if (const Slice* sl = index.get<Slice>())
      return Value(fromCodePoints(cps, resolveSlice(*sl, size)));
    throw ScriptError(fmt::format("string indices must be integers, not '{}'", index.typeName()));
  }
  if (const Range* r = container.get<Range>()) {
    if (std::optional<int64_t> i = indexOf(index))
      return Value(r->at(normalize(*i, r->size(), "range object")));
    if (const Slice* sl = index.get<Slice>()) {
      SliceIndices s = resolveSlice(*sl, r->size());
      __int128 start = static_cast<__int128>(r->start) + static_cast<__int128>(s.start) * r->step;
      __int128 step = static_cast<__int128>(r->step) * s.step;
      __int128 stop = start + step * s.count;
      if (step > INT64_MAX || step < INT64_MIN || stop > INT64_MAX || stop < INT64_MIN)
        throw ScriptError("range slice is too large");
      return Value(Range{static_cast<int64_t>(start), static_cast<int64_t>(stop),
                         static_cast<int64_t>(step)});
    }
    throw ScriptError(
        fmt::format("range indices must be integers or slices, not {}", index.typeName()));
  }
  // list[int], tuple[int, ...], dict[str, int]: generic aliases in
  // annotations and type aliases (Shape = tuple[int, ...]); they stand for
  // the type itself, which calling and isinstance() treat as Python does.
  if (const NativeFunctionPtr* f = container.get<NativeFunctionPtr>(); f && (*f)->isType) {
    static constexpr std::string_view kGeneric[] = {"list", "tuple", "dict"};
    if (std::find(std::begin(kGeneric), std::end(kGeneric), (*f)->name) != std::end(kGeneric))
      return container;
    throw ScriptError(fmt::format("type '{}' is not subscriptable", (*f)->name));
  }
  throw ScriptError(fmt::format("'{}' object is not subscriptable", container.typeName()));
}

void setItem(const Value& container, const Value& index, const Value& value) {
  if (container.isObject()) return container.object()->setItem(index, value);
  const ListPtr* list = container.get<ListPtr>();
  if (!list)
    throw ScriptError(
        fmt::format("'{}' object does not support item assignment", container.typeName()));
  std::vector<Value>& items = (*list)->items;
  std::optional<int64_t> i = indexOf(index);
  if (!i) {
    if (index.is<Slice>()) throw ScriptError("slice assignment is not supported");
    throw ScriptError(
        fmt::format("list indices must be integers or slices, not {}", index.typeName()));
  }
  if (holdsList(value, list->get())) throw ScriptError("a list cannot contain itself");
  items[static_cast<size_t>(normalize(*i, static_cast<int64_t>(items.size()), "list assignment"))] =
      value;
}

Value repeatSequence(const Value& seq, int64_t n) {
  if (n < 0) n = 0;
  if (const std::string* s = seq.get<std::string>()) {
    __int128 total = static_cast<__int128>(s->size()) * n;
    if (total > kMaxCollection) throw ScriptError("repeated string is too large");
    chargeSteps(static_cast<int64_t>(total) / 16);
    std::string out;
    out.reserve(static_cast<size_t>(total));
    for (int64_t k = 0; k < n; ++k)
      out += *s;
    return Value(std::move(out));
  }
  const std::vector<Value>& items = *seq.items();
  __int128 total = static_cast<__int128>(items.size()) * n;
  if (total > kMaxCollection)
    throw ScriptError(fmt::format("repeated {} is too large", seq.typeName()));
  chargeSteps(static_cast<int64_t>(total));
  std::vector<Value> out;
  out.reserve(static_cast<size_t>(total));
  for (int64_t k = 0; k < n; ++k)
    out.insert(out.end(), items.begin(), items.end());
  return seq.isList() ? Value::list(std::move(out)) : Value::tuple(std::move(out));
}

std::optional<int64_t> length(const Value& v) {
  if (const std::vector<Value>* items = v.items()) return static_cast<int64_t>(items->size());
  if (const std::string* s = v.get<std::string>())
    return static_cast<int64_t>(utf8::countCodePoints(*s));
  if (const Range* r = v.get<Range>()) return r->size();
  if (v.isObject()) return v.object()->length();
  return std::nullopt;
}

Iterator::Iterator(const Value& iterable, std::string_view notIterable) : m_source(iterable) {
  if (iterable.items() || iterable.isStr() || iterable.is<Range>()) return;
  if (iterable.isObject()) {
    if (std::optional<std::vector<Value>> items = iterable.object()->iterate()) {
      m_materialized = std::move(*items);
      m_useMaterialized = true;
      return;
    }
  }
  throw ScriptError(fmt::format(fmt::runtime(notIterable), iterable.typeName()));
}

bool Iterator::next(Value& out) {
  if (m_useMaterialized) {
    if (m_index >= static_cast<int64_t>(m_materialized.size())) return false;
    out = m_materialized[static_cast<size_t>(m_index++)];
    return true;
  }
  if (const std::vector<Value>* items = m_source.items()) {
    if (m_index >= static_cast<int64_t>(items->size())) return false;
    out = (*items)[static_cast<size_t>(m_index++)];
    return true;
  }
  if (const Range* r = m_source.get<Range>()) {
    if (m_index >= r->size()) return false;
    out = Value(r->at(m_index++));
    return true;
  }
  const std::string& s = *m_source.get<std::string>();
  if (m_byte >= s.size()) return false;
  size_t begin = m_byte;
  utf8::decode(s, m_byte);
  out = Value(s.substr(begin, m_byte - begin));
  return true;
}

int64_t Iterator::count() const {
  if (m_useMaterialized) return static_cast<int64_t>(m_materialized.size());
  if (const std::vector<Value>* items = m_source.items()) return static_cast<int64_t>(items->size());
  if (const Range* r = m_source.get<Range>()) return r->size();
  return 0;
}

std::vector<Value> toVector(const Value& iterable) {
  if (std::optional<int64_t> n = length(iterable); n && *n > kMaxCollection)
    throw ScriptError(fmt::format("{} is too large to materialize", iterable.typeName()));
  Iterator it(iterable);
  std::vector<Value> out;
  Value v;
  while (it.next(v)) {
    chargeSteps(1);
    out.push_back(std::move(v));
  }
  return out;
}

} // namespace uops::frontend
