#include "core/frontend/operators.h"

#include "core/frontend/arith.h"
#include "core/frontend/budget.h"
#include "core/frontend/callable.h"
#include "core/frontend/dict.h"
#include "core/frontend/object.h"
#include "core/frontend/repr.h"
#include "core/frontend/script_error.h"
#include "core/frontend/sequence.h"
#include "core/frontend/string_format.h"

#include <fmt/format.h>

#include <cmath>

namespace uops::frontend {

namespace {

[[noreturn]] void unsupported(BinaryOp op, const Value& a, const Value& b) {
  if (isComparison(op) && op != BinaryOp::Eq && op != BinaryOp::Ne)
    throw ScriptError(fmt::format("'{}' not supported between instances of '{}' and '{}'",
                                  symbol(op), a.typeName(), b.typeName()));
  throw ScriptError(fmt::format("unsupported operand type(s) for {}: '{}' and '{}'", symbol(op),
                                a.typeName(), b.typeName()));
}

void checkDepth(int depth) {
  if (depth > kMaxValueNesting) throw ScriptError("maximum recursion depth exceeded in comparison");
}

bool equalsAt(const Value& a, const Value& b, int depth);

// The host objects' hooks for `a op b`, in Python's order; nullopt when
// neither operand is an object or both decline.
std::optional<Value> hostBinary(BinaryOp op, const Value& a, const Value& b) {
  if (a.isObject())
    if (std::optional<Value> r = a.object()->binaryOp(op, b, false)) return r;
  if (b.isObject())
    return isComparison(op) ? b.object()->binaryOp(mirrored(op), a, false)
                            : b.object()->binaryOp(op, a, true);
  return std::nullopt;
}

bool sameItems(const std::vector<Value>& x, const std::vector<Value>& y, int depth) {
  if (x.size() != y.size()) return false;
  chargeSteps(static_cast<int64_t>(x.size()));
  for (size_t i = 0; i < x.size(); ++i)
    if (!equalsAt(x[i], y[i], depth + 1)) return false;
  return true;
}

bool equalsAt(const Value& a, const Value& b, int depth) {
  checkDepth(depth);
  if (identical(a, b)) return true;
  const Dict* da = asDict(a);
  const Dict* db = asDict(b);
  if (da && db) {
    // Same keys, equal values; nested dicts compare at the next depth.
    if (da->size() != db->size()) return false;
    for (const auto& [key, value] : da->items()) {
      const Value* other = db->find(key);
      if (!other || !equalsAt(value, *other, depth + 1)) return false;
    }
    return true;
  }
  if (a.isObject() || b.isObject()) {
    // Declined by both: objects are equal only to themselves (checked above).
    std::optional<Value> r = hostBinary(BinaryOp::Eq, a, b);
    return r && truthy(*r);
  }
  if (a.isNumber() && b.isNumber()) return compareNumbers(a, b) == 0;
  if (a.isList() && b.isList()) return sameItems(*a.items(), *b.items(), depth);
  if (a.isTuple() && b.isTuple()) return sameItems(*a.items(), *b.items(), depth);
  if (a.is<Range>() && b.is<Range>()) {
    const Range& x = *a.get<Range>();
    const Range& y = *b.get<Range>();
    int64_t n = x.size();
    return n == y.size() && (n == 0 || (x.start == y.start && (n == 1 || x.step == y.step)));
  }
  if (a.variant().index() != b.variant().index()) return false;
  if (a.isStr()) return *a.get<std::string>() == *b.get<std::string>();
  if (a.is<Slice>()) return *a.get<Slice>() == *b.get<Slice>();
  return false; // functions and modules: identity only, checked above
}

// <, <=, >, >= on two lists, two tuples or two strings.
std::optional<bool> orderSequences(BinaryOp op, const Value& a, const Value& b, int depth) {
  checkDepth(depth);
  std::strong_ordering lengths = std::strong_ordering::equal;
  if (a.isStr() && b.isStr()) {
    // UTF-8 byte order is code point order.
    int c = a.get<std::string>()->compare(*b.get<std::string>());
    lengths = c <=> 0;
  } else if ((a.isList() && b.isList()) || (a.isTuple() && b.isTuple())) {
    const std::vector<Value>& x = *a.items();
    const std::vector<Value>& y = *b.items();
    size_t n = std::min(x.size(), y.size());
    for (size_t i = 0; i < n; ++i) {
      chargeSteps(1);
      if (equalsAt(x[i], y[i], depth + 1)) continue;
      // The first differing pair decides.
      if (auto nested = orderSequences(op, x[i], y[i], depth + 1)) return nested;
      return truthy(binaryOp(op, x[i], y[i]));
    }
    lengths = x.size() <=> y.size();
  } else {
    return std::nullopt;
  }
  switch (op) {
  case BinaryOp::Lt:
    return lengths < 0;
  case BinaryOp::Le:
    return lengths <= 0;
  case BinaryOp::Gt:
    return lengths > 0;
  default:
    return lengths >= 0;
  }
}

std::optional<Value> sequenceBinary(BinaryOp op, const Value& a, const Value& b) {
  if (op == BinaryOp::Add) {
    if (a.isStr() && b.isStr()) {
      chargeSteps(
          static_cast<int64_t>(a.get<std::string>()->size() + b.get<std::string>()->size()) / 16);
      return Value(*a.get<std::string>() + *b.get<std::string>());
    }
    bool lists = a.isList() && b.isList();
    if (lists || (a.isTuple() && b.isTuple())) {
      std::vector<Value> items = *a.items();
      chargeSteps(static_cast<int64_t>(items.size() + b.items()->size()));
      items.insert(items.end(), b.items()->begin(), b.items()->end());
      return lists ? Value::list(std::move(items)) : Value::tuple(std::move(items));
    }
    if (a.isList() || a.isTuple() || a.isStr())
      throw ScriptError(fmt::format("can only concatenate {} (not \"{}\") to {}", a.typeName(),
                                    b.typeName(), a.typeName()));
    return std::nullopt;
  }
  if (op == BinaryOp::Mul) {
    if (b.isIntLike() && (a.isList() || a.isTuple() || a.isStr()))
      return repeatSequence(a, b.isBool() ? *b.get<bool>() : *b.get<int64_t>());
    if (a.isIntLike() && (b.isList() || b.isTuple() || b.isStr()))
      return repeatSequence(b, a.isBool() ? *a.get<bool>() : *a.get<int64_t>());
  }
  return std::nullopt;
}

} // namespace

bool identical(const Value& a, const Value& b) {
  if (a.variant().index() != b.variant().index()) return false;
  struct Visitor {
    const Value& other;
    bool operator()(NoneType) const { return true; }
    bool operator()(EllipsisType) const { return true; }
    bool operator()(bool v) const { return v == *other.get<bool>(); }
    bool operator()(int64_t v) const { return v == *other.get<int64_t>(); }
    bool operator()(double v) const { return v == *other.get<double>(); }
    bool operator()(const std::string& v) const { return v == *other.get<std::string>(); }
    bool operator()(const Slice& v) const { return v == *other.get<Slice>(); }
    bool operator()(const Range& v) const { return v == *other.get<Range>(); }
    bool operator()(const ListPtr& v) const { return v == *other.get<ListPtr>(); }
    bool operator()(const TuplePtr& v) const { return v == *other.get<TuplePtr>(); }
    bool operator()(const FunctionPtr& v) const { return v == *other.get<FunctionPtr>(); }
    bool operator()(const NativeFunctionPtr& v) const {
      return v == *other.get<NativeFunctionPtr>();
    }
    bool operator()(const NamespacePtr& v) const { return v == *other.get<NamespacePtr>(); }
    bool operator()(const ObjectPtr& v) const { return v == *other.get<ObjectPtr>(); }
  };
  return std::visit(Visitor{b}, a.variant());
}

bool equals(const Value& a, const Value& b) {
  return equalsAt(a, b, 0);
}

Value binaryOp(BinaryOp op, const Value& a, const Value& b) {
  // str % args is the string's: a host object on the right is not asked.
  if (op == BinaryOp::Mod && a.isStr()) return Value(percentFormat(*a.get<std::string>(), b));
  if (std::optional<Value> r = hostBinary(op, a, b)) return *r;
  if (std::optional<Value> r = numericBinary(op, a, b)) return *r;
  if (op == BinaryOp::Eq) return Value(equals(a, b));
  if (op == BinaryOp::Ne) return Value(!equals(a, b));
  if (isComparison(op)) {
    if (std::optional<bool> r = orderSequences(op, a, b, 0)) return Value(*r);
    unsupported(op, a, b);
  }
  if (std::optional<Value> r = sequenceBinary(op, a, b)) return *r;
  unsupported(op, a, b);
}

Value unaryOp(UnaryOp op, const Value& v) {
  if (v.isObject()) {
    if (std::optional<Value> r = v.object()->unaryOp(op)) return *r;
  } else if (std::optional<Value> r = numericUnary(op, v)) {
    return *r;
  }
  if (op == UnaryOp::Abs)
    throw ScriptError(fmt::format("bad operand type for abs(): '{}'", v.typeName()));
  throw ScriptError(fmt::format("bad operand type for unary {}: '{}'", symbol(op), v.typeName()));
}

bool truthy(const Value& v) {
  struct Visitor {
    bool operator()(NoneType) const { return false; }
    bool operator()(bool b) const { return b; }
    bool operator()(int64_t i) const { return i != 0; }
    bool operator()(double d) const { return d != 0.0; }
    bool operator()(const std::string& s) const { return !s.empty(); }
    bool operator()(const ListPtr& l) const { return !l->items.empty(); }
    bool operator()(const TuplePtr& t) const { return !t->items.empty(); }
    bool operator()(const Range& r) const { return r.size() > 0; }
    bool operator()(const ObjectPtr& o) const { return o->truthy(); }
    bool operator()(const Slice&) const { return true; }
    bool operator()(EllipsisType) const { return true; }
    bool operator()(const FunctionPtr&) const { return true; }
    bool operator()(const NativeFunctionPtr&) const { return true; }
    bool operator()(const NamespacePtr&) const { return true; }
  };
  return std::visit(Visitor{}, v.variant());
}

bool contains(const Value& container, const Value& item) {
  if (const std::string* s = container.get<std::string>()) {
    const std::string* needle = item.get<std::string>();
    if (!needle)
      throw ScriptError(
          fmt::format("'in <string>' requires string as left operand, not {}", item.typeName()));
    chargeSteps(static_cast<int64_t>(s->size()) / 16);
    return s->find(*needle) != std::string::npos;
  }
  if (const Range* r = container.get<Range>()) {
    if (!item.isNumber()) return false;
    if (item.isFloat()) {
      double d = *item.get<double>();
      if (d != std::floor(d) || std::fabs(d) >= 9.2e18) return false;
      return contains(container, Value(static_cast<int64_t>(d)));
    }
    int64_t i = item.isBool() ? *item.get<bool>() : *item.get<int64_t>();
    int64_t n = r->size();
    if (n == 0) return false;
    __int128 offset = static_cast<__int128>(i) - r->start;
    return offset % r->step == 0 && offset / r->step >= 0 && offset / r->step < n;
  }
  if (container.isObject())
    if (std::optional<bool> r = container.object()->contains(item)) return *r;
  Iterator it(container, "argument of type '{}' is not iterable");
  Value element;
  while (it.next(element)) {
    chargeSteps(1);
    if (equals(element, item)) return true;
  }
  return false;
}

} // namespace uops::frontend
