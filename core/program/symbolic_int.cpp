#include "core/program/symbolic_int.h"

#include "core/frontend/args.h"
#include "core/frontend/callable.h"
#include "core/frontend/object.h"
#include "core/frontend/script_error.h"
#include "core/program/convert.h"
#include "core/program/realization.h"
#include "core/program/variable_bindings.h"
#include "core/ir/build.h"
#include "core/ir/bound_variable.h"
#include "core/ir/variable.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <map>
#include <memory>

namespace uops::program {

using frontend::Args;
using frontend::BinaryOp;
using frontend::ScriptError;
using frontend::Value;

namespace {

int64_t symFloorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

// A variable, a bound variable, or an int (or comparison) expression over
// them. Immutable: every operation makes a new one.
class SymbolicInt : public frontend::Object {
public:
  struct Parts {
    std::string text;
    int64_t min = 0, max = 0;
    std::optional<int64_t> value;   // known once every variable in it is bound
    std::string unbound;            // the first variable that is not, for messages
    bool isBool = false;            // a comparison: min/max are 0/1
    bool isVariable = false;        // Variable(...) itself, bound or not
    // The int as index arithmetic over the IR's variables (core/ir/variable.h),
    // null where it has none (a comparison, a division of a negative range).
    UOpPtr expr = nullptr;
    // sum(coefficient * variable) + constant where it is linear (`terms`
    // by name): two ints a constant apart differ by a constant for every value.
    std::map<std::string, int64_t> terms = {};
    int64_t constant = 0;
    bool linear = false;
  };
  explicit SymbolicInt(Parts parts) : m(std::move(parts)) {}

  const Parts& parts() const { return m; }

  std::string typeName() const override { return "UOp"; }
  std::string repr() const override {
    if (m.isVariable && m.value)
      return fmt::format("Variable('{}', {}, {}).bind({})", m.text, m.min, m.max, *m.value);
    if (m.isVariable) return fmt::format("Variable('{}', {}, {})", m.text, m.min, m.max);
    return m.text;
  }

  int64_t valueOrThrow() const {
    if (!m.value)
      throw ScriptError(fmt::format(
          "Variable '{}' is not bound: bind it (.bind(value)) before it sizes or indexes a tensor",
          m.unbound));
    return *m.value;
  }

  // tinygrad's __int__/__bool__ need a single value: a range that is one
  // number, or here also the bound value.
  std::optional<int64_t> index() {
    if (m.isBool) return std::nullopt;
    if (m.min == m.max) return m.min;
    return valueOrThrow();
  }
  bool truthy() override {
    if (m.min == m.max) return m.min != 0;
    throw ScriptError(fmt::format("ValueError: eval failed to be a single number, range is {} to {} in {}",
                                  m.isBool ? "False" : std::to_string(m.min),
                                  m.isBool ? "True" : std::to_string(m.max), m.text));
  }

  const frontend::MethodTable* methods() const override {
    static const frontend::MethodTable table{
        {
            {"__index__",
             [](Args& a) {
               a.expectNone();
               std::optional<int64_t> i = self(a).index();
               if (!i) a.fail("a comparison is not an int");
               return Value(*i);
             }},
            {"bind", [](Args& a) { return self(a).bind(a); }},
            {"unbind", [](Args& a) { return self(a).unbind(a); }},
        },
        {
            {"expr", [](const Value& v) { return Value(self(v).variableName("expr")); }},
            {"vmin", [](const Value& v) { return self(v).bound(self(v).m.min); }},
            {"vmax", [](const Value& v) { return self(v).bound(self(v).m.max); }},
            {"val", [](const Value& v) { return Value(self(v).valueOrThrow()); }},
        }};
    return &table;
  }

  std::optional<Value> binaryOp(BinaryOp op, const Value& other, bool reflected) override {
    std::optional<Parts> rhs = operand(other);
    if (!rhs) return std::nullopt;
    const Parts& l = reflected ? *rhs : m;
    const Parts& r = reflected ? m : *rhs;
    std::optional<Parts> out = combine(op, l, r);
    if (!out) return std::nullopt;
    return Value(std::make_shared<SymbolicInt>(std::move(*out)));
  }
  std::optional<Value> unaryOp(frontend::UnaryOp op) override {
    if (op != frontend::UnaryOp::Neg || m.isBool) return std::nullopt;
    Parts p{fmt::format("(-{})", m.text), -m.max, -m.min, {}, m.unbound, false, false, nullptr, {}, 0, false};
    if (m.value) p.value = -*m.value;
    if (m.expr) p.expr = -m.expr;
    p.linear = m.linear;
    p.constant = -m.constant;
    for (const auto& [name, c] : m.terms) p.terms[name] = -c;
    return Value(std::make_shared<SymbolicInt>(std::move(p)));
  }

private:
  static SymbolicInt& self(const Args& a) { return static_cast<SymbolicInt&>(*a.self().object()); }
  static SymbolicInt& self(const Value& v) { return static_cast<SymbolicInt&>(*v.object()); }

  // An end of the range: a bool for a comparison, as tinygrad gives it.
  Value bound(int64_t end) const { return m.isBool ? Value(end != 0) : Value(end); }

  std::string variableName(std::string_view what) const {
    if (!m.isVariable) throw ScriptError(fmt::format("{} is only for a Variable, not {}", what, m.text));
    return m.text;
  }

  Value bind(Args& a) {
    auto [v] = a.bind({"val"});
    std::string name = variableName("bind");
    if (m.value) a.fail(fmt::format("Variable '{}' is already bound", name));
    int64_t value = toInt(a, v, "val");
    if (value < m.min || value > m.max)
      a.fail(fmt::format("bind {} not in range [{}, {}]", value, m.min, m.max));
    realizeWritesBeforeRebinding(name, value);
    recordVariableBinding(name, m.min, m.max, value);
    Parts p = m;
    p.value = value;
    p.unbound.clear();
    p.expr = boundVariable(name, m.min, m.max, value); // the value travels with every graph over it
    return Value(std::make_shared<SymbolicInt>(std::move(p)));
  }

  Value unbind(Args& a) {
    a.expectNone();
    std::string name = variableName("unbind");
    if (!m.value) a.fail(fmt::format("can't unbind Variable '{}': it is not bound", name));
    Parts p = m;
    p.value.reset();
    p.unbound = name;
    p.expr = variable(name, m.min, m.max);
    return Value::tuple({Value(std::make_shared<SymbolicInt>(std::move(p))), Value(*m.value)});
  }

  static std::optional<Parts> operand(const Value& v) {
    if (v.isObject())
      if (auto* s = dynamic_cast<SymbolicInt*>(v.object().get())) return s->m;
    int64_t i = 0;
    if (const int64_t* p = v.get<int64_t>()) i = *p;
    else if (const bool* b = v.get<bool>()) i = *b ? 1 : 0;
    else return std::nullopt;
    return Parts{std::to_string(i), i, i, i, {}, false, false, constIndex(i), {}, i, true};
  }

  static std::optional<Parts> combine(BinaryOp op, const Parts& l, const Parts& r) {
    Parts p;
    p.unbound = l.unbound.empty() ? r.unbound : l.unbound;
    p.text = fmt::format("({}{}{})", l.text, frontend::symbol(op), r.text);
    std::optional<int64_t> lv = l.value, rv = r.value;
    auto both = [&](auto f) -> std::optional<int64_t> {
      if (lv && rv) return f(*lv, *rv);
      return std::nullopt;
    };
    auto exprOf = [&](auto f) { return l.expr && r.expr ? f(l.expr, r.expr) : nullptr; };
    switch (op) {
    case BinaryOp::Add:
      p.min = l.min + r.min, p.max = l.max + r.max;
      p.value = both([](int64_t a, int64_t b) { return a + b; });
      p.expr = exprOf([](const UOpPtr& a, const UOpPtr& b) { return a + b; });
      linearSum(p, l, r, 1);
      return p;
    case BinaryOp::Sub:
      p.min = l.min - r.max, p.max = l.max - r.min;
      p.value = both([](int64_t a, int64_t b) { return a - b; });
      p.expr = exprOf([](const UOpPtr& a, const UOpPtr& b) { return a - b; });
      linearSum(p, l, r, -1);
      return p;
    case BinaryOp::Mul: {
      std::array<int64_t, 4> c{l.min * r.min, l.min * r.max, l.max * r.min, l.max * r.max};
      p.min = *std::min_element(c.begin(), c.end());
      p.max = *std::max_element(c.begin(), c.end());
      p.value = both([](int64_t a, int64_t b) { return a * b; });
      p.expr = exprOf([](const UOpPtr& a, const UOpPtr& b) { return a * b; });
      linearProduct(p, l, r);
      return p;
    }
    case BinaryOp::FloorDiv:
    case BinaryOp::Mod: {
      // By a positive constant, as shapes and positions divide.
      if (r.min != r.max || r.min <= 0) return std::nullopt;
      int64_t c = r.min;
      if (op == BinaryOp::FloorDiv) {
        p.min = symFloorDiv(l.min, c), p.max = symFloorDiv(l.max, c);
        p.value = both([](int64_t a, int64_t b) { return symFloorDiv(a, b); });
      } else {
        bool inside = l.min >= 0 && l.max < c;
        p.min = inside ? l.min : 0, p.max = inside ? l.max : c - 1;
        p.value = both([](int64_t a, int64_t b) { return a - symFloorDiv(a, b) * b; });
      }
      // Idiv and Mod truncate: the same as Python's floor for a range >= 0
      if (l.expr && l.min >= 0) p.expr = op == BinaryOp::FloorDiv ? l.expr / constIndex(c) : l.expr % constIndex(c);
      return p;
    }
    case BinaryOp::Lt:
    case BinaryOp::Le:
    case BinaryOp::Gt:
    case BinaryOp::Ge:
    case BinaryOp::Eq:
    case BinaryOp::Ne:
      return compare(op, l, r, std::move(p));
    default:
      return std::nullopt;
    }
  }

  // l + sign * r, where both are linear.
  static void linearSum(Parts& p, const Parts& l, const Parts& r, int64_t sign) {
    if (!l.linear || !r.linear) return;
    p.linear = true;
    p.terms = l.terms;
    for (const auto& [name, c] : r.terms) p.terms[name] += sign * c;
    std::erase_if(p.terms, [](const auto& t) { return t.second == 0; });
    p.constant = l.constant + sign * r.constant;
  }
  // l * r, linear where one side is a constant.
  static void linearProduct(Parts& p, const Parts& l, const Parts& r) {
    if (!l.linear || !r.linear || (!l.terms.empty() && !r.terms.empty())) return;
    const Parts& k = l.terms.empty() ? l : r; // the constant
    const Parts& x = l.terms.empty() ? r : l;
    p.linear = true;
    for (const auto& [name, c] : x.terms)
      if (c * k.constant != 0) p.terms[name] = c * k.constant;
    p.constant = x.constant * k.constant;
  }

  // A comparison is symbolic unless the ranges decide it (as tinygrad's):
  // bool() of an undecided one is an error, whatever the bound values are.
  static Parts compare(BinaryOp op, const Parts& l, const Parts& r, Parts p) {
    p.isBool = true;
    auto holds = [op](int64_t a, int64_t b) {
      switch (op) {
      case BinaryOp::Lt: return a < b;
      case BinaryOp::Le: return a <= b;
      case BinaryOp::Gt: return a > b;
      case BinaryOp::Ge: return a >= b;
      case BinaryOp::Eq: return a == b;
      default: return a != b;
      }
    };
    // Decided when it holds, or fails, for every pair of values in the ranges.
    bool single = l.min == l.max && r.min == r.max;
    bool disjoint = l.max < r.min || l.min > r.max;
    std::optional<bool> decided;
    switch (op) {
    case BinaryOp::Lt:
      if (l.max < r.min || l.min >= r.max) decided = l.max < r.min;
      break;
    case BinaryOp::Le:
      if (l.max <= r.min || l.min > r.max) decided = l.max <= r.min;
      break;
    case BinaryOp::Gt:
      if (l.min > r.max || l.max <= r.min) decided = l.min > r.max;
      break;
    case BinaryOp::Ge:
      if (l.min >= r.max || l.max < r.min) decided = l.min >= r.max;
      break;
    default: // Eq, Ne
      if (single || disjoint) decided = (single && l.min == r.min) == (op == BinaryOp::Eq);
      break;
    }
    p.min = decided ? *decided : 0;
    p.max = decided ? *decided : 1;
    if (l.value && r.value) p.value = holds(*l.value, *r.value) ? 1 : 0;
    return p;
  }

  Parts m;
};

Value makeVariable(Args& a) {
  // dtype, multiple_of and param change how tinygrad stores the variable,
  // not the ints it stands for.
  [[maybe_unused]] auto [name, lo, hi, dtype, multipleOf, param] = a.bind(
      {"name", "min_val", "max_val", {"dtype", Value()}, {"multiple_of", 1}, {"param", false}});
  std::string n = toStr(a, name, "name");
  int64_t min = toInt(a, lo, "min_val"), max = toInt(a, hi, "max_val");
  if (min > max) a.fail(fmt::format("Variable '{}' has an empty range [{}, {}]", n, min, max));
  SymbolicInt::Parts p{n, min, max, {}, n, false, true, variable(n, min, max), {{n, 1}}, 0, true};
  return Value(std::make_shared<SymbolicInt>(std::move(p)));
}

// `UOp`: the class tinygrad's symbolic ints belong to; `UOp.variable(...)`
// is `Variable(...)`, isinstance(x, UOp) is true for them.
class UOpClass : public frontend::Object {
public:
  std::string typeName() const override { return "type"; }
  std::string repr() const override { return "<class 'tinygrad.uop.ops.UOp'>"; }
  const frontend::MethodTable* methods() const override {
    static const frontend::MethodTable table{{"variable", makeVariable}};
    return &table;
  }
  std::optional<bool> isInstance(const Value& v) override { return isSymbolicInt(v); }
};

} // namespace

Value variableFunction() {
  return frontend::makeNative("Variable", makeVariable);
}

Value uopClass() {
  static const Value cls(std::make_shared<UOpClass>());
  return cls;
}

bool isSymbolicInt(const Value& v) {
  return v.isObject() && dynamic_cast<const SymbolicInt*>(v.object().get()) != nullptr;
}

std::optional<std::string> boundVariableText(const Value& v) {
  if (!v.isObject()) return std::nullopt;
  auto* s = dynamic_cast<SymbolicInt*>(v.object().get());
  if (!s || !s->parts().isVariable || !s->parts().value) return std::nullopt;
  return fmt::format("{}={}", s->parts().text, *s->parts().value);
}

namespace {

const SymbolicInt* symbolicOf(const Value& v) {
  return v.isObject() ? dynamic_cast<const SymbolicInt*>(v.object().get()) : nullptr;
}

} // namespace

UOpPtr symbolicExpr(const Value& v) {
  const SymbolicInt* s = symbolicOf(v);
  if (!s || s->parts().isBool || !s->parts().value || s->parts().min == s->parts().max) return nullptr;
  return s->parts().expr;
}

std::optional<int64_t> constantDifference(const Value& start, const Value& stop) {
  auto linear = [](const Value& v) -> std::optional<std::pair<std::map<std::string, int64_t>, int64_t>> {
    if (const int64_t* i = v.get<int64_t>()) return std::pair{std::map<std::string, int64_t>{}, *i};
    const SymbolicInt* s = symbolicOf(v);
    if (!s || !s->parts().linear) return std::nullopt;
    return std::pair{s->parts().terms, s->parts().constant};
  };
  auto a = linear(start), b = linear(stop);
  if (!a || !b || a->first != b->first) return std::nullopt;
  return b->second - a->second;
}

namespace {
thread_local int tlFoldNotesDeferred = 0;
} // namespace

DeferFoldNotes::DeferFoldNotes() { ++tlFoldNotesDeferred; }
DeferFoldNotes::~DeferFoldNotes() { --tlFoldNotesDeferred; }

std::optional<SymbolicBounds> symbolicBounds(const Value& v) {
  const SymbolicInt* s = symbolicOf(v);
  if (!s) return std::nullopt;
  const SymbolicInt::Parts& p = s->parts();
  if (p.isBool || !p.value || p.min == p.max || !p.expr || !p.linear) return std::nullopt;
  SymbolicBounds b{p.text, p.min, p.max, *p.value, p.expr, {}, v};
  for (const auto& [name, c] : p.terms) b.variables.push_back(name);
  return b;
}

void noteFoldedValue(const Value& v) {
  if (tlFoldNotesDeferred > 0) return;
  const SymbolicInt* s = symbolicOf(v);
  if (!s || s->parts().isBool || s->parts().min == s->parts().max) return;
  for (const auto& [name, c] : s->parts().terms) recordFoldedUse(name, s->parts().text);
  if (!s->parts().linear && !s->parts().unbound.empty()) recordFoldedUse(s->parts().unbound, s->parts().text);
}

std::optional<int64_t> symbolicValue(const Value& v) {
  if (!v.isObject()) return std::nullopt;
  auto* s = dynamic_cast<SymbolicInt*>(v.object().get());
  if (!s || s->parts().isBool) return std::nullopt;
  std::optional<int64_t> value = s->index();
  noteFoldedValue(v);
  return value;
}

} // namespace uops::program
