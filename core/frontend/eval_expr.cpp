// Expressions: names, literals, operators, subscripts, comprehensions.
#include "core/frontend/executor.h"

#include "core/frontend/attributes.h"
#include "core/frontend/dict.h"
#include "core/frontend/format_spec.h"
#include "core/frontend/index_hook.h"
#include "core/frontend/operators.h"
#include "core/frontend/script_error.h"
#include "core/frontend/sequence.h"
#include "core/frontend/string_format.h"
#include "core/frontend/suggest.h"

#include <fmt/format.h>

#include <algorithm>

namespace uops::frontend {

using namespace ast;

namespace {

Value constantValue(const ConstantValue& c) {
  struct Visitor {
    Value operator()(NoneConst) const { return Value(); }
    Value operator()(bool b) const { return Value(b); }
    Value operator()(int64_t i) const { return Value(i); }
    Value operator()(double d) const { return Value(d); }
    Value operator()(const std::string& s) const { return Value(s); }
    Value operator()(EllipsisConst) const { return Value(EllipsisType{}); }
  };
  return std::visit(Visitor{}, c);
}

BinaryOp comparisonOp(CompareOp op) {
  switch (op) {
  case CompareOp::Eq:
    return BinaryOp::Eq;
  case CompareOp::Ne:
    return BinaryOp::Ne;
  case CompareOp::Lt:
    return BinaryOp::Lt;
  case CompareOp::Le:
    return BinaryOp::Le;
  case CompareOp::Gt:
    return BinaryOp::Gt;
  default:
    return BinaryOp::Ge;
  }
}

Value compare(CompareOp op, const Value& a, const Value& b) {
  switch (op) {
  case CompareOp::In:
    return Value(contains(b, a));
  case CompareOp::NotIn:
    return Value(!contains(b, a));
  case CompareOp::Is:
    return Value(identical(a, b));
  case CompareOp::IsNot:
    return Value(!identical(a, b));
  default:
    return binaryOp(comparisonOp(op), a, b);
  }
}

} // namespace

bool Executor::truthyAt(const Value& v, Location loc) {
  return guarded(loc, [&] { return truthy(v); });
}

Value Executor::lookup(const std::string& name, Location loc, Scope& scope) {
  for (Scope* s = &scope; s; s = s->parent) {
    if (s->locals && !s->locals->count(name)) continue; // not local here: look outward
    auto it = s->vars.find(name);
    if (it != s->vars.end()) return it->second;
    if (s->classBody) continue; // not bound in the class body yet: look outside
    if (s->locals)
      fail(loc,
           fmt::format("cannot access local variable '{}' where it is not associated with a value",
                       name));
    break; // the module scope: builtins come next
  }
  auto builtin = m_state.builtins.find(name);
  if (builtin != m_state.builtins.end()) return builtin->second;
  std::vector<std::string> visible;
  for (Scope* s = &scope; s; s = s->parent)
    for (const auto& [n, v] : s->vars)
      visible.push_back(n);
  for (const auto& [n, v] : m_state.builtins)
    visible.push_back(n);
  std::sort(visible.begin(), visible.end());
  fail(loc, fmt::format("name '{}' is not defined{}", name, didYouMean(name, visible)));
}

std::vector<Value> Executor::evalElements(const std::vector<ExprPtr>& elts, Scope& scope) {
  std::vector<Value> out;
  out.reserve(elts.size());
  for (const ExprPtr& e : elts) {
    if (e->kind != ExprKind::Starred) {
      out.push_back(eval(*e, scope));
      continue;
    }
    const Expr& inner = *e->as<StarredExpr>().value;
    Value iterable = eval(inner, scope);
    guarded(inner.loc, [&] {
      for (Value& v : toVector(iterable))
        out.push_back(std::move(v));
    });
  }
  return out;
}

Value Executor::evalCompare(const CompareExpr& e, Scope& scope) {
  Value left = eval(*e.left, scope);
  for (size_t i = 0; i < e.ops.size(); ++i) {
    Value right = eval(*e.comparators[i], scope);
    Value r = guarded(e.opLocs[i], [&] { return compare(e.ops[i], left, right); });
    // a < b < c is (a < b) and (b < c), with b evaluated once.
    if (i + 1 == e.ops.size() || !truthyAt(r, e.opLocs[i])) return r;
    left = std::move(right);
  }
  return Value();
}

Value Executor::evalBoolOp(const BoolOpExpr& e, Scope& scope) {
  // `and` gives the first falsy operand (or the last), `or` the first truthy one;
  // the last operand is returned as it is, without asking for its truth value
  // (`True and tensor` is the tensor).
  for (size_t i = 0; i + 1 < e.values.size(); ++i) {
    Value v = eval(*e.values[i], scope);
    if (truthyAt(v, e.values[i]->loc) != e.isAnd) return v;
  }
  return eval(*e.values.back(), scope);
}

Value Executor::evalSlice(const SliceExpr& e, Scope& scope) {
  // `object`: the host object a bound came from through __index__, kept
  auto bound = [&](const ExprPtr& part, std::shared_ptr<Object>* object) -> std::optional<int64_t> {
    if (!part) return std::nullopt;
    Value v = eval(*part, scope);
    if (v.isNone()) return std::nullopt;
    if (const bool* b = v.get<bool>()) return *b ? 1 : 0;
    if (const int64_t* i = v.get<int64_t>()) return *i;
    if (std::optional<int64_t> i = guarded(part->loc, [&] { return hostIndex(v); })) {
      if (object && v.isObject()) *object = v.object();
      return i;
    }
    fail(part->loc, fmt::format("slice indices must be integers or None, not {}", v.typeName()));
  };
  Slice s;
  s.start = bound(e.lower, &s.startObject);
  s.stop = bound(e.upper, &s.stopObject);
  s.step = bound(e.step, nullptr);
  return Value(s);
}

void Executor::comprehensionLevel(const std::vector<Comprehension>& generators, size_t level,
                                  const Value& iterable, Scope& inner,
                                  const std::function<void(Scope&)>& emit) {
  const Comprehension& g = generators[level];
  Iterator it = guarded(g.iter->loc, [&] { return Iterator(iterable); });
  Value item;
  while (it.next(item)) {
    m_state.budget->charge(1);
    assign(*g.target, item, inner);
    bool keep = std::all_of(g.ifs.begin(), g.ifs.end(), [&](const ExprPtr& cond) {
      return truthyAt(eval(*cond, inner), cond->loc);
    });
    if (!keep) continue;
    if (level + 1 == generators.size())
      emit(inner);
    else
      comprehensionLevel(generators, level + 1, eval(*generators[level + 1].iter, inner), inner,
                         emit);
  }
}

void Executor::runComprehension(const std::vector<Comprehension>& generators,
                                const std::unordered_set<std::string>& locals, Scope& scope,
                                const std::function<void(Scope&)>& emit) {
  // The first iterable is evaluated outside the comprehension's own scope,
  // as in Python.
  Value first = eval(*generators[0].iter, scope);
  auto inner = std::make_shared<Scope>();
  inner->parent = &scope;
  inner->locals = &locals;
  inner->comprehension = true;
  comprehensionLevel(generators, 0, first, *inner, emit);
}

Value Executor::evalListComp(const ListCompExpr& e, Scope& scope) {
  std::vector<Value> out;
  runComprehension(e.generators, e.locals, scope,
                   [&](Scope& inner) { out.push_back(eval(*e.elt, inner)); });
  return Value::list(std::move(out));
}

Value Executor::evalDict(const DictExpr& e, Scope& scope) {
  auto dict = Dict::make();
  for (size_t i = 0; i < e.keys.size(); ++i) {
    if (!e.keys[i]) {
      // {**m}: m's items, in its order
      const Expr& source = *e.values[i];
      Value mapping = eval(source, scope);
      guarded(source.loc, [&] {
        const Dict* from = asDict(mapping);
        if (!from)
          throw ScriptError(fmt::format("'{}' object is not a mapping", mapping.typeName()));
        for (const auto& [k, v] : from->items())
          dict->set(k, v);
      });
      continue;
    }
    Value key = eval(*e.keys[i], scope);
    Value value = eval(*e.values[i], scope);
    guarded(e.keys[i]->loc, [&] { dict->set(key, value); });
  }
  return Value(dict);
}

Value Executor::evalDictComp(const DictCompExpr& e, Scope& scope) {
  auto dict = Dict::make();
  runComprehension(e.generators, e.locals, scope, [&](Scope& inner) {
    Value key = eval(*e.key, inner);
    Value value = eval(*e.value, inner);
    guarded(e.key->loc, [&] { dict->set(key, value); });
  });
  return Value(dict);
}

// A generator call here runs to its end, so an endless generator (consumed
// with a break or islice in Python) stops at this many values with an error.
constexpr size_t kMaxYielded = 1'000'000;

Value Executor::evalYield(const YieldExpr& e, Scope& scope) {
  std::vector<Value>& out = *m_state.yielded.back();
  auto add = [&](Value v) {
    if (out.size() >= kMaxYielded)
      fail(e.loc,
           fmt::format("a generator yielded {} values: generators run to their end when "
                       "called here (the values become a list), so an endless one cannot be used",
                       kMaxYielded));
    m_state.budget->charge(1);
    out.push_back(std::move(v));
  };
  Value value = e.value ? eval(*e.value, scope) : Value();
  if (!e.from) {
    add(std::move(value));
    return Value();
  }
  for (Value& v : guarded(e.value->loc, [&] { return toVector(value); }))
    add(std::move(v));
  return Value();
}

Value Executor::evalFString(const FStringExpr& e, Scope& scope) {
  std::string out;
  for (const ExprPtr& part : e.parts) {
    if (part->kind != ExprKind::FormattedValue) {
      out += *eval(*part, scope).get<std::string>();
      continue;
    }
    const auto& field = part->as<FormattedValueExpr>();
    Value value = eval(*field.value, scope);
    std::string spec =
        field.spec ? *evalFString(field.spec->as<FStringExpr>(), scope).get<std::string>() : "";
    out += guarded(field.loc, [&] {
      if (field.conversion) value = Value(convertField(value, field.conversion));
      return formatValue(value, spec);
    });
  }
  m_state.budget->charge(static_cast<int64_t>(out.size()) / 64);
  return Value(std::move(out));
}

Value Executor::eval(const Expr& expr, Scope& scope) {
  checkStack(expr.loc);
  return evalExpression(expr, scope);
}

Value Executor::evalExpression(const Expr& expr, Scope& scope) {
  switch (expr.kind) {
  case ExprKind::Name:
    return lookup(expr.as<NameExpr>().id, expr.loc, scope);
  case ExprKind::Constant:
    return constantValue(expr.as<ConstantExpr>().value);
  case ExprKind::List:
    return Value::list(evalElements(expr.as<ListExpr>().elts, scope));
  case ExprKind::Tuple:
    return Value::tuple(evalElements(expr.as<TupleExpr>().elts, scope));
  case ExprKind::ListComp:
    return evalListComp(expr.as<ListCompExpr>(), scope);
  case ExprKind::Attribute: {
    const auto& a = expr.as<AttributeExpr>();
    Value object = eval(*a.value, scope);
    return guarded(a.attrLoc, [&] { return getAttribute(object, a.attr); });
  }
  case ExprKind::Subscript: {
    const auto& s = expr.as<SubscriptExpr>();
    Value container = eval(*s.value, scope);
    Value index = eval(*s.index, scope);
    return guarded(s.bracketLoc, [&] { return getItem(container, index); });
  }
  case ExprKind::Slice:
    return evalSlice(expr.as<SliceExpr>(), scope);
  case ExprKind::Call:
    return evalCall(expr.as<CallExpr>(), scope);
  case ExprKind::Starred:
    fail(expr.loc, "cannot use starred expression here");
  case ExprKind::Unary: {
    const auto& u = expr.as<UnaryExpr>();
    Value v = eval(*u.operand, scope);
    if (u.op == UnaryKind::Not) return Value(!truthyAt(v, expr.loc));
    UnaryOp op = u.op == UnaryKind::Neg   ? UnaryOp::Neg
                 : u.op == UnaryKind::Pos ? UnaryOp::Pos
                                          : UnaryOp::Invert;
    return guarded(expr.loc, [&] { return unaryOp(op, v); });
  }
  case ExprKind::Binary: {
    const auto& b = expr.as<BinaryExpr>();
    Value left = eval(*b.left, scope);
    Value right = eval(*b.right, scope);
    return guarded(b.opLoc, [&] { return binaryOp(b.op, left, right); });
  }
  case ExprKind::BoolOp:
    return evalBoolOp(expr.as<BoolOpExpr>(), scope);
  case ExprKind::Compare:
    return evalCompare(expr.as<CompareExpr>(), scope);
  case ExprKind::IfExp: {
    const auto& i = expr.as<IfExpr>();
    return truthyAt(eval(*i.test, scope), i.test->loc) ? eval(*i.body, scope)
                                                       : eval(*i.orelse, scope);
  }
  case ExprKind::Lambda: {
    const auto& l = expr.as<LambdaExpr>();
    return makeFunction("<lambda>", l.shape, nullptr, l.body.get(), scope);
  }
  case ExprKind::Dict:
    return evalDict(expr.as<DictExpr>(), scope);
  case ExprKind::DictComp:
    return evalDictComp(expr.as<DictCompExpr>(), scope);
  case ExprKind::FString:
    return evalFString(expr.as<FStringExpr>(), scope);
  case ExprKind::FormattedValue:
    break; // only inside an FString
  case ExprKind::NamedExpr: {
    const auto& n = expr.as<NamedExpr>();
    Value v = eval(*n.value, scope);
    Scope* target = &scope;
    while (target->comprehension && target->parent)
      target = target->parent;
    target->vars.insert_or_assign(n.name, v);
    return v;
  }
  case ExprKind::Yield:
    return evalYield(expr.as<YieldExpr>(), scope);
  }
  fail(expr.loc, "unknown expression");
}

} // namespace uops::frontend
