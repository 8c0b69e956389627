#include "core/frontend/attributes.h"

#include "core/frontend/budget.h"
#include "core/frontend/callable.h"
#include "core/frontend/object.h"
#include "core/frontend/operators.h"
#include "core/frontend/repr.h"
#include "core/frontend/script_error.h"
#include "core/frontend/sequence.h"
#include "core/frontend/string_format.h"
#include "core/frontend/suggest.h"

#include <fmt/format.h>

#include <algorithm>

namespace uops::frontend {

namespace {

List& selfList(const Args& a) {
  return **a.self().get<ListPtr>();
}
const std::string& selfStr(const Args& a) {
  return *a.self().get<std::string>();
}

const std::string& strArg(const Args& a, const Value& v) {
  if (const std::string* s = v.get<std::string>()) return *s;
  a.fail(fmt::format("argument must be str, not {}", v.typeName()));
}

int64_t intArg(const Args& a, const Value& v) {
  if (v.isBool()) return *v.get<bool>() ? 1 : 0;
  if (const int64_t* i = v.get<int64_t>()) return *i;
  a.fail(fmt::format("'{}' object cannot be interpreted as an integer", v.typeName()));
}

void checkNoCycle(const Args& a, const Value& v) {
  if (holdsList(v, &selfList(a))) a.fail("cannot store a list inside itself");
}

Value indexIn(Args& a, const std::vector<Value>& items, std::string_view what) {
  auto [x] = a.bind({"value"});
  for (size_t i = 0; i < items.size(); ++i) {
    chargeSteps(1);
    if (equals(items[i], x)) return Value(i);
  }
  throw ScriptError(fmt::format("{} is not in {}", repr(x), what));
}

Value countIn(Args& a, const std::vector<Value>& items) {
  Value x = a.bind({"value"})[0]; // a lambda uses it: clang 14 cannot capture structured bindings
  chargeSteps(static_cast<int64_t>(items.size()));
  return Value(
      std::count_if(items.begin(), items.end(), [&](const Value& v) { return equals(v, x); }));
}

const MethodTable& listMethods() {
  static const MethodTable table{
      {"append",
       [](Args& a) {
         auto [x] = a.bind({"object"});
         checkNoCycle(a, x);
         chargeSteps(1);
         selfList(a).items.push_back(x);
         return Value();
       }},
      {"extend",
       [](Args& a) {
         auto [iterable] = a.bind({"iterable"});
         std::vector<Value> more = toVector(iterable);
         for (const Value& v : more)
           checkNoCycle(a, v);
         auto& items = selfList(a).items;
         items.insert(items.end(), more.begin(), more.end());
         return Value();
       }},
      {"insert",
       [](Args& a) {
         auto [index, x] = a.bind({"index", "object"});
         checkNoCycle(a, x);
         auto& items = selfList(a).items;
         auto size = static_cast<int64_t>(items.size());
         int64_t i = intArg(a, index);
         i = std::clamp<int64_t>(i < 0 ? i + size : i, 0, size);
         chargeSteps(size - i + 1);
         items.insert(items.begin() + i, x);
         return Value();
       }},
      {"pop",
       [](Args& a) {
         auto [index] = a.bind({{"index", -1}});
         auto& items = selfList(a).items;
         if (items.empty()) throw ScriptError("pop from empty list");
         auto size = static_cast<int64_t>(items.size());
         int64_t i = intArg(a, index);
         i = i < 0 ? i + size : i;
         if (i < 0 || i >= size) throw ScriptError("pop index out of range");
         chargeSteps(size - i);
         Value out = items[static_cast<size_t>(i)];
         items.erase(items.begin() + i);
         return out;
       }},
      {"index", [](Args& a) { return indexIn(a, selfList(a).items, "list"); }},
      {"count", [](Args& a) { return countIn(a, selfList(a).items); }},
      {"copy",
       [](Args& a) {
         a.expectNone();
         chargeSteps(static_cast<int64_t>(selfList(a).items.size()));
         return Value::list(selfList(a).items);
       }},
      {"reverse",
       [](Args& a) {
         a.expectNone();
         std::reverse(selfList(a).items.begin(), selfList(a).items.end());
         return Value();
       }},
  };
  return table;
}

const MethodTable& tupleMethods() {
  static const MethodTable table{
      {"index", [](Args& a) { return indexIn(a, *a.self().items(), "tuple"); }},
      {"count", [](Args& a) { return countIn(a, *a.self().items()); }},
  };
  return table;
}

bool isSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

Value split(Args& a) {
  auto [sepValue] = a.bind({{"sep", Value()}});
  const std::string& s = selfStr(a);
  chargeSteps(static_cast<int64_t>(s.size()) / 16 + 1);
  std::vector<Value> parts;
  if (sepValue.isNone()) {
    size_t i = 0;
    while (i < s.size()) {
      while (i < s.size() && isSpace(s[i]))
        ++i;
      size_t begin = i;
      while (i < s.size() && !isSpace(s[i]))
        ++i;
      if (i > begin) parts.emplace_back(s.substr(begin, i - begin));
    }
    return Value::list(std::move(parts));
  }
  const std::string& sep = strArg(a, sepValue);
  if (sep.empty()) throw ScriptError("empty separator");
  size_t begin = 0;
  for (size_t at; (at = s.find(sep, begin)) != std::string::npos; begin = at + sep.size())
    parts.emplace_back(s.substr(begin, at - begin));
  parts.emplace_back(s.substr(begin));
  return Value::list(std::move(parts));
}

// str.strip/lstrip/rstrip([chars]): whitespace, or any of the given characters.
Value stripped(Args& a, bool left, bool right) {
  auto [chars] = a.bind({{"chars", Value()}});
  const std::string& s = selfStr(a);
  std::optional<std::string> set;
  if (!chars.isNone()) set = strArg(a, chars);
  auto strip = [&](char c) { return set ? set->find(c) != std::string::npos : isSpace(c); };
  size_t begin = 0;
  size_t end = s.size();
  while (left && begin < end && strip(s[begin]))
    ++begin;
  while (right && end > begin && strip(s[end - 1]))
    --end;
  return Value(s.substr(begin, end - begin));
}

const MethodTable& strMethods() {
  static const MethodTable table{
      {"join",
       [](Args& a) {
         auto [iterable] = a.bind({"iterable"});
         std::string out;
         std::vector<Value> items = toVector(iterable);
         for (size_t i = 0; i < items.size(); ++i) {
           const std::string* s = items[i].get<std::string>();
           if (!s)
             throw ScriptError(fmt::format("sequence item {}: expected str instance, {} found", i,
                                           items[i].typeName()));
           if (i > 0) out += selfStr(a);
           out += *s;
         }
         chargeSteps(static_cast<int64_t>(out.size()) / 16);
         return Value(std::move(out));
       }},
      {"split", split},
      {"format", [](Args& a) { return Value(braceFormat(selfStr(a), a)); }},
      {"strip", [](Args& a) { return stripped(a, true, true); }},
      {"lstrip", [](Args& a) { return stripped(a, true, false); }},
      {"rstrip", [](Args& a) { return stripped(a, false, true); }},
      {"upper",
       [](Args& a) {
         a.expectNone();
         std::string s = selfStr(a);
         for (char& c : s)
           if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
         return Value(std::move(s));
       }},
      {"lower",
       [](Args& a) {
         a.expectNone();
         std::string s = selfStr(a);
         for (char& c : s)
           if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
         return Value(std::move(s));
       }},
      {"startswith",
       [](Args& a) {
         auto [prefix] = a.bind({"prefix"});
         return Value(selfStr(a).starts_with(strArg(a, prefix)));
       }},
      {"endswith",
       [](Args& a) {
         auto [suffix] = a.bind({"suffix"});
         return Value(selfStr(a).ends_with(strArg(a, suffix)));
       }},
      {"replace",
       [](Args& a) {
         auto [oldValue, newValue] = a.bind({"old", "new"});
         const std::string& from = strArg(a, oldValue);
         const std::string& to = strArg(a, newValue);
         const std::string& s = selfStr(a);
         if (from.empty()) throw ScriptError("replace() with an empty pattern is not supported");
         std::string out;
         size_t begin = 0;
         for (size_t at; (at = s.find(from, begin)) != std::string::npos;
              begin = at + from.size()) {
           out += s.substr(begin, at - begin) + to;
           chargeSteps(1 + static_cast<int64_t>(to.size()) / 16);
         }
         out += s.substr(begin);
         return Value(std::move(out));
       }},
  };
  return table;
}

const MethodTable* builtinMethods(const Value& v) {
  if (v.isList()) return &listMethods();
  if (v.isTuple()) return &tupleMethods();
  if (v.isStr()) return &strMethods();
  return nullptr;
}

std::vector<std::string> memberNames(const Namespace& ns) {
  std::vector<std::string> out;
  for (const auto& [name, value] : ns.members)
    out.push_back(name);
  return out;
}

} // namespace

Value getAttribute(const Value& value, std::string_view name) {
  if (value.isObject()) {
    const ObjectPtr& object = value.object();
    if (std::optional<Value> v = object->getAttr(name)) return *v;
    throw AttributeError(fmt::format("'{}' object has no attribute '{}'{}", object->typeName(),
                                     name, didYouMean(name, object->attributeNames())));
  }
  if (const NamespacePtr* ns = value.get<NamespacePtr>()) {
    auto it = (*ns)->members.find(name);
    if (it != (*ns)->members.end()) return it->second;
    throw AttributeError(fmt::format("module '{}' has no attribute '{}'{}", (*ns)->name, name,
                                     didYouMean(name, memberNames(**ns))));
  }
  if (const FunctionPtr* f = value.get<FunctionPtr>(); f && name == "__name__")
    return Value((*f)->name);
  if (const NativeFunctionPtr* f = value.get<NativeFunctionPtr>(); f && name == "__name__")
    return Value((*f)->name);
  if (const MethodTable* table = builtinMethods(value)) {
    if (const Method* m = table->method(name)) return bindMethod(*m, value);
    throw AttributeError(fmt::format("'{}' object has no attribute '{}'{}", value.typeName(), name,
                                     didYouMean(name, table->names())));
  }
  throw AttributeError(fmt::format("'{}' object has no attribute '{}'", value.typeName(), name));
}

void setAttribute(const Value& value, std::string_view name, const Value& newValue) {
  if (value.isObject()) return value.object()->setAttr(name, newValue);
  throw ScriptError(
      fmt::format("cannot set attribute '{}' of '{}' object", name, value.typeName()));
}

} // namespace uops::frontend
