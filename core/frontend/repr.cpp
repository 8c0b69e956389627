#include "core/frontend/repr.h"

#include "core/frontend/budget.h"
#include "core/frontend/callable.h"
#include "core/frontend/dict.h"
#include "core/frontend/number_format.h"
#include "core/frontend/object.h"
#include "core/frontend/script_error.h"

#include <fmt/format.h>

namespace uops::frontend {

namespace {

std::string optionalInt(const std::optional<int64_t>& v) {
  return v ? fmt::format("{}", *v) : "None";
}

std::string reprAt(const Value& value, int depth);

std::string itemsRepr(const std::vector<Value>& items, int depth) {
  chargeSteps(static_cast<int64_t>(items.size()));
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += ", ";
    out += reprAt(items[i], depth + 1);
  }
  return out;
}

std::string dictRepr(const Dict& dict, int depth) {
  std::string out = "{";
  for (const auto& [key, value] : dict.items()) {
    if (out.size() > 1) out += ", ";
    out += reprAt(key, depth + 1) + ": " + reprAt(value, depth + 1);
  }
  return out + "}";
}

std::string reprAt(const Value& value, int depth) {
  if (depth > kMaxValueNesting)
    throw ScriptError("maximum recursion depth exceeded while getting the repr of an object");
  struct Visitor {
    int depth;
    std::string operator()(NoneType) const { return "None"; }
    std::string operator()(bool b) const { return b ? "True" : "False"; }
    std::string operator()(int64_t i) const { return fmt::format("{}", i); }
    std::string operator()(double d) const { return formatFloat(d); }
    std::string operator()(const std::string& s) const { return quoteString(s); }
    std::string operator()(const ListPtr& l) const {
      return "[" + itemsRepr(l->items, depth) + "]";
    }
    std::string operator()(const TuplePtr& t) const {
      return "(" + itemsRepr(t->items, depth) + (t->items.size() == 1 ? ",)" : ")");
    }
    std::string operator()(const Slice& s) const {
      return fmt::format("slice({}, {}, {})", optionalInt(s.start), optionalInt(s.stop),
                         optionalInt(s.step));
    }
    std::string operator()(EllipsisType) const { return "Ellipsis"; }
    std::string operator()(const Range& r) const {
      return r.step == 1 ? fmt::format("range({}, {})", r.start, r.stop)
                         : fmt::format("range({}, {}, {})", r.start, r.stop, r.step);
    }
    std::string operator()(const FunctionPtr& f) const {
      return fmt::format("<function {}>", f->name);
    }
    std::string operator()(const NativeFunctionPtr& f) const {
      if (f->isType) return fmt::format("<class '{}'>", f->name);
      if (f->self)
        return fmt::format("<bound method {} of {} object>", f->name, f->self->typeName());
      return fmt::format("<built-in function {}>", f->name);
    }
    std::string operator()(const NamespacePtr& n) const {
      return fmt::format("<module '{}'>", n->name);
    }
    std::string operator()(const ObjectPtr& o) const {
      // Dicts nest like lists: their depth counts here, not in a fresh repr().
      if (const Dict* d = asDict(Value(o))) return dictRepr(*d, depth);
      return o->repr();
    }
  };
  return std::visit(Visitor{depth}, value.variant());
}

} // namespace

std::string repr(const Value& value) {
  return reprAt(value, 0);
}

std::string str(const Value& value) {
  if (const std::string* s = value.get<std::string>()) return *s;
  if (value.isObject() && !asDict(value)) return value.object()->str();
  return repr(value);
}

} // namespace uops::frontend
