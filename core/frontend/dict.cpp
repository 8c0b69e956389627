#include "core/frontend/dict.h"

#include "core/frontend/budget.h"
#include "core/frontend/object_registry.h"
#include "core/frontend/operators.h"
#include "core/frontend/repr.h"
#include "core/frontend/script_error.h"
#include "core/frontend/sequence.h"

#include <fmt/format.h>

#include <cmath>
#include <functional>
#include <typeinfo>

namespace uops::frontend {

namespace {

constexpr size_t kNotFound = static_cast<size_t>(-1);

size_t combine(size_t seed, size_t h) {
  return seed ^ (h + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2));
}

size_t hashAt(const Value& key, int depth) {
  if (depth > kMaxValueNesting) throw ScriptError("maximum recursion depth exceeded while hashing");
  struct Visitor {
    int depth;
    size_t operator()(NoneType) const { return 0x5bd1e995; }
    size_t operator()(EllipsisType) const { return 0x27d4eb2d; }
    size_t operator()(bool b) const { return std::hash<int64_t>()(b ? 1 : 0); }
    size_t operator()(int64_t i) const { return std::hash<int64_t>()(i); }
    size_t operator()(double d) const {
      // Equal numbers are one key: 2.0 hashes as 2.
      if (std::trunc(d) == d && std::fabs(d) < 9.2e18)
        return std::hash<int64_t>()(static_cast<int64_t>(d));
      return std::hash<double>()(d);
    }
    size_t operator()(const std::string& s) const { return std::hash<std::string>()(s); }
    size_t operator()(const Range& r) const { return std::hash<int64_t>()(r.size()); }
    size_t operator()(const TuplePtr& t) const {
      size_t h = t->items.size();
      chargeSteps(static_cast<int64_t>(t->items.size()));
      for (const Value& v : t->items)
        h = combine(h, hashAt(v, depth + 1));
      return h;
    }
    size_t operator()(const ListPtr&) const { throw ScriptError("unhashable type: 'list'"); }
    size_t operator()(const Slice&) const { throw ScriptError("unhashable type: 'slice'"); }
    size_t operator()(const FunctionPtr& f) const { return std::hash<const void*>()(f.get()); }
    size_t operator()(const NativeFunctionPtr& f) const {
      return std::hash<const void*>()(f.get());
    }
    size_t operator()(const NamespacePtr& n) const { return std::hash<const void*>()(n.get()); }
    size_t operator()(const ObjectPtr& o) const {
      if (typeid(*o) == typeid(Dict)) throw ScriptError("unhashable type: 'dict'");
      return std::hash<const void*>()(o.get());
    }
  };
  return std::visit(Visitor{depth}, key.variant());
}

bool sameKeyAt(const Value& a, const Value& b, int depth) {
  if (depth > kMaxValueNesting) throw ScriptError("maximum recursion depth exceeded in comparison");
  if (identical(a, b)) return true;
  // Objects are keys by identity: a Tensor's == builds a tensor.
  if (a.isObject() || b.isObject()) return false;
  if (a.isTuple() && b.isTuple()) {
    const std::vector<Value>& x = *a.items();
    const std::vector<Value>& y = *b.items();
    if (x.size() != y.size()) return false;
    for (size_t i = 0; i < x.size(); ++i)
      if (!sameKeyAt(x[i], y[i], depth + 1)) return false;
    return true;
  }
  return equals(a, b);
}

Dict& selfDict(const Args& a) {
  return *asDict(a.self());
}

// The pairs of dict(x) and update(x): a dict's items or an iterable of pairs.
void mergeInto(Dict& target, const Value& source) {
  if (const Dict* d = asDict(source)) {
    chargeSteps(static_cast<int64_t>(d->size()));
    for (const auto& [k, v] : d->items())
      target.set(k, v);
    return;
  }
  Iterator it(source, "'{}' object is not iterable");
  Value item;
  for (size_t i = 0; it.next(item); ++i) {
    chargeSteps(1);
    const std::vector<Value>* pair = item.items();
    if (!pair && !item.isStr())
      throw ScriptError(
          fmt::format("cannot convert dictionary update sequence element #{} to a sequence", i));
    std::vector<Value> kv = toVector(item);
    if (kv.size() != 2)
      throw ScriptError(fmt::format(
          "dictionary update sequence element #{} has length {}; 2 is required", i, kv.size()));
    target.set(kv[0], kv[1]);
  }
}

void mergeKeywords(Dict& target, const Args& a) {
  for (const auto& [name, value] : a.keywords())
    target.set(Value(name), value);
}

[[noreturn]] void missingKey(const Value& key) {
  throw ScriptError(fmt::format("KeyError: {}", repr(key)));
}

} // namespace

size_t hashKey(const Value& key) {
  return hashAt(key, 0);
}

bool sameKey(const Value& a, const Value& b) {
  return sameKeyAt(a, b, 0);
}

std::shared_ptr<Dict> Dict::make() {
  auto d = std::make_shared<Dict>();
  d->m_registered = registerObject(d);
  return d;
}

Dict::~Dict() {
  std::vector<Value> values;
  values.reserve(m_entries.size() * 2);
  for (Entry& e : m_entries) {
    values.push_back(std::move(e.key));
    values.push_back(std::move(e.value));
  }
  releaseValues(values);
}

size_t Dict::position(const Value& key, size_t hash) const {
  auto [begin, end] = m_index.equal_range(hash);
  for (auto it = begin; it != end; ++it)
    if (sameKey(m_entries[it->second].key, key)) return it->second;
  return kNotFound;
}

const Value* Dict::find(const Value& key) const {
  size_t at = position(key, hashKey(key));
  return at == kNotFound ? nullptr : &m_entries[at].value;
}

void Dict::set(const Value& key, Value value) {
  size_t hash = hashKey(key);
  // A program storing into a host's dict makes it the program's to empty.
  if (!m_registered) m_registered = registerObject(shared_from_this());
  chargeSteps(1);
  size_t at = position(key, hash);
  if (at != kNotFound) {
    m_entries[at].value = std::move(value);
    return;
  }
  m_index.emplace(hash, m_entries.size());
  m_entries.push_back({key, std::move(value), hash, true});
  ++m_live;
}

bool Dict::erase(const Value& key, Value* removed) {
  size_t hash = hashKey(key);
  auto [begin, end] = m_index.equal_range(hash);
  for (auto it = begin; it != end; ++it) {
    Entry& e = m_entries[it->second];
    if (!sameKey(e.key, key)) continue;
    if (removed) *removed = e.value;
    e.live = false;
    e.key = Value();
    e.value = Value();
    m_index.erase(it);
    --m_live;
    if (m_entries.size() > 16 && m_live < m_entries.size() / 2) compact();
    return true;
  }
  return false;
}

void Dict::compact() {
  std::vector<Entry> kept;
  kept.reserve(m_live);
  for (Entry& e : m_entries)
    if (e.live) kept.push_back(std::move(e));
  m_entries = std::move(kept);
  m_index.clear();
  for (size_t i = 0; i < m_entries.size(); ++i)
    m_index.emplace(m_entries[i].hash, i);
}

void Dict::clear() {
  std::vector<Value> values;
  for (Entry& e : m_entries) {
    values.push_back(std::move(e.key));
    values.push_back(std::move(e.value));
  }
  m_entries.clear();
  m_index.clear();
  m_live = 0;
  releaseValues(values);
}

std::vector<Value> Dict::keys() const {
  chargeSteps(static_cast<int64_t>(m_live));
  std::vector<Value> out;
  out.reserve(m_live);
  for (const Entry& e : m_entries)
    if (e.live) out.push_back(e.key);
  return out;
}

std::vector<std::pair<Value, Value>> Dict::items() const {
  chargeSteps(static_cast<int64_t>(m_live));
  std::vector<std::pair<Value, Value>> out;
  out.reserve(m_live);
  for (const Entry& e : m_entries)
    if (e.live) out.emplace_back(e.key, e.value);
  return out;
}

std::string Dict::repr() const {
  return frontend::repr(Value(std::const_pointer_cast<Object>(shared_from_this())));
}

Value Dict::getItem(const Value& key) {
  if (const Value* v = find(key)) return *v;
  missingKey(key);
}

void Dict::setItem(const Value& key, const Value& value) {
  set(key, value);
}

std::optional<Value> Dict::binaryOp(BinaryOp op, const Value& other, bool reflected) {
  // d | e: a new dict with e's items over d's.
  const Dict* rhs = asDict(other);
  if (op != BinaryOp::BitOr || !rhs || reflected) return std::nullopt;
  auto out = Dict::make();
  mergeInto(*out, Value(shared_from_this()));
  mergeInto(*out, other);
  return Value(out);
}

std::optional<bool> Dict::contains(const Value& item) {
  return find(item) != nullptr;
}

void Dict::forEachValue(const std::function<void(const Value&)>& visit) const {
  for (const Entry& e : m_entries) {
    if (!e.live) continue;
    visit(e.key);
    visit(e.value);
  }
}

const MethodTable* Dict::methods() const {
  static const MethodTable table{
      {"keys",
       [](Args& a) {
         a.expectNone();
         return Value::list(selfDict(a).keys());
       }},
      {"values",
       [](Args& a) {
         a.expectNone();
         std::vector<Value> out;
         for (auto& [k, v] : selfDict(a).items())
           out.push_back(std::move(v));
         return Value::list(std::move(out));
       }},
      {"items",
       [](Args& a) {
         a.expectNone();
         std::vector<Value> out;
         for (auto& [k, v] : selfDict(a).items())
           out.push_back(Value::tuple({std::move(k), std::move(v)}));
         return Value::list(std::move(out));
       }},
      {"get",
       [](Args& a) {
         auto [key, fallback] = a.bind({"key", {"default", Value()}});
         const Value* v = selfDict(a).find(key);
         return v ? *v : fallback;
       }},
      {"pop",
       [](Args& a) {
         auto [key, fallback] = a.bind({"key", {"default", Value(EllipsisType{})}});
         Value removed;
         if (selfDict(a).erase(key, &removed)) return removed;
         if (fallback.is<EllipsisType>()) missingKey(key);
         return fallback;
       }},
      {"popitem",
       [](Args& a) {
         a.expectNone();
         std::vector<Value> keys = selfDict(a).keys();
         if (keys.empty()) throw ScriptError("KeyError: 'popitem(): dictionary is empty'");
         Value removed;
         selfDict(a).erase(keys.back(), &removed);
         return Value::tuple({keys.back(), removed});
       }},
      {"setdefault",
       [](Args& a) {
         auto [key, fallback] = a.bind({"key", {"default", Value()}});
         if (const Value* v = selfDict(a).find(key)) return *v;
         selfDict(a).set(key, fallback);
         return fallback;
       }},
      {"update",
       [](Args& a) {
         if (a.positional().size() > 1)
           a.fail(fmt::format("expected at most 1 argument, got {}", a.positional().size()));
         if (!a.positional().empty()) mergeInto(selfDict(a), a.positional()[0]);
         mergeKeywords(selfDict(a), a);
         return Value();
       }},
      {"copy",
       [](Args& a) {
         a.expectNone();
         auto out = Dict::make();
         mergeInto(*out, a.self());
         return Value(out);
       }},
      {"clear",
       [](Args& a) {
         a.expectNone();
         selfDict(a).clear();
         return Value();
       }},
  };
  return &table;
}

Value makeDict(std::vector<std::pair<Value, Value>> items) {
  auto d = Dict::make();
  for (auto& [k, v] : items)
    d->set(k, std::move(v));
  return Value(d);
}

Dict* asDict(const Value& value) {
  if (!value.isObject()) return nullptr;
  Object* o = value.object().get();
  return typeid(*o) == typeid(Dict) ? static_cast<Dict*>(o) : nullptr;
}

// dict(), dict(mapping or pairs), dict(**kwargs): used by the builtin.
Value dictFromArgs(Args& a) {
  if (a.positional().size() > 1)
    throw ScriptError(
        fmt::format("dict expected at most 1 argument, got {}", a.positional().size()));
  auto out = Dict::make();
  if (!a.positional().empty()) mergeInto(*out, a.positional()[0]);
  mergeKeywords(*out, a);
  return Value(out);
}

} // namespace uops::frontend
