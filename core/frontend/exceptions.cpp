#include "core/frontend/exceptions.h"

#include "core/frontend/attributes.h"
#include "core/frontend/callable.h"
#include "core/frontend/classes.h"
#include "core/frontend/exec_state.h"
#include "core/frontend/repr.h"
#include "core/frontend/script_error.h"

#include <fmt/format.h>

#include <map>
#include <string_view>

namespace uops::frontend {

namespace {

// Python's hierarchy, parents first: name and base.
constexpr std::pair<const char*, const char*> kHierarchy[] = {
    {"Exception", "BaseException"},
    {"ArithmeticError", "Exception"},
    {"ZeroDivisionError", "ArithmeticError"},
    {"OverflowError", "ArithmeticError"},
    {"LookupError", "Exception"},
    {"KeyError", "LookupError"},
    {"IndexError", "LookupError"},
    {"ValueError", "Exception"},
    {"TypeError", "Exception"},
    {"AttributeError", "Exception"},
    {"NameError", "Exception"},
    {"AssertionError", "Exception"},
    {"ImportError", "Exception"},
    {"ModuleNotFoundError", "ImportError"},
    {"RuntimeError", "Exception"},
    {"NotImplementedError", "RuntimeError"},
    {"RecursionError", "RuntimeError"},
    {"StopIteration", "Exception"},
    {"re.error", "Exception"}, // the re module's `error` (a builtin no name reaches)
};

const std::vector<Value>& argsOf(const Value& self) {
  static const std::vector<Value> none;
  Value args = getAttribute(self, "args");
  const std::vector<Value>* items = args.items();
  return items ? *items : none;
}

std::shared_ptr<Class> baseException() {
  auto cls = std::make_shared<Class>("BaseException", objectClass());
  cls->define("__init__", nativeMethod("__init__", [](Args& a) {
                Value self = a.positional().front();
                if (!a.keywords().empty())
                  throw ScriptError(fmt::format("{}() takes no keyword arguments",
                                                asInstance(self)->cls()->name()));
                std::vector<Value> args(a.positional().begin() + 1, a.positional().end());
                setAttribute(self, "args", Value::tuple(std::move(args)));
                return Value();
              }));
  // str(e): the one argument as text, or the arguments' tuple.
  cls->define("__str__", nativeMethod("__str__", [](Args& a) {
                const std::vector<Value>& args = argsOf(a.positional().front());
                if (args.empty()) return Value("");
                return Value(args.size() == 1 ? str(args[0]) : repr(Value::tuple(args)));
              }));
  cls->define("__repr__", nativeMethod("__repr__", [](Args& a) {
                const Value& self = a.positional().front();
                std::string out = asInstance(self)->cls()->name() + "(";
                const std::vector<Value>& args = argsOf(self);
                for (size_t i = 0; i < args.size(); ++i)
                  out += (i ? ", " : "") + repr(args[i]);
                return Value(out + ")");
              }));
  return cls;
}

bool startsWith(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}
bool has(std::string_view text, std::string_view part) {
  return text.find(part) != std::string_view::npos;
}

// The type an interpreter error's message names, and the exception's
// argument (the message without a "KeyError: " or "assertion failed" prefix;
// none for a bare assert).
std::pair<const char*, std::optional<std::string>> classify(const std::string& message) {
  std::string_view m = message;
  if (startsWith(m, "KeyError: ")) return {"KeyError", message.substr(10)}; // the key's repr
  if (startsWith(m, "ValueError: ")) return {"ValueError", message.substr(12)}; // a host binding's
  if (startsWith(m, "IndexError: ")) return {"IndexError", message.substr(12)};
  if (startsWith(m, "re.error: ")) return {"re.error", message.substr(10)};
  if (startsWith(m, "assertion failed: ")) return {"AssertionError", message.substr(18)};
  if (m == "assertion failed") return {"AssertionError", std::nullopt};
  if (has(m, "by zero") || has(m, "modulo by zero")) return {"ZeroDivisionError", message};
  if (has(m, "index out of range")) return {"IndexError", message};
  if (has(m, "has no attribute")) return {"AttributeError", message};
  if (startsWith(m, "name '") && has(m, "is not defined")) return {"NameError", message};
  if (startsWith(m, "cannot access local variable")) return {"NameError", message};
  if (startsWith(m, "no module named")) return {"ModuleNotFoundError", message};
  if (startsWith(m, "cannot import name")) return {"ImportError", message};
  if (has(m, "invalid literal") || has(m, "values to unpack") || has(m, "math domain error") ||
      has(m, "could not convert") || has(m, "is not in list"))
    return {"ValueError", message};
  if (has(m, "unsupported operand") || has(m, "not callable") || has(m, "not subscriptable") ||
      has(m, "not iterable") || has(m, "argument") || has(m, "cannot be interpreted") ||
      has(m, "must be") || has(m, "not supported between"))
    return {"TypeError", message};
  return {"RuntimeError", message};
}

// A KeyError's message holds the key's repr: back to the key for the
// keys programs use (a str without escapes, an int), else the text.
Value keyFromRepr(const std::string& text) {
  bool quoted = text.size() >= 2 && text.front() == text.back() &&
                (text.front() == '\'' || text.front() == '"') &&
                text.find('\\') == std::string::npos;
  if (quoted) return Value(text.substr(1, text.size() - 2));
  bool digits = !text.empty() && text.size() < 19 &&
                text.find_first_not_of("-0123456789", 0) == std::string::npos &&
                text.find('-', 1) == std::string::npos;
  if (digits && text != "-") return Value(static_cast<int64_t>(std::stoll(text)));
  return Value(text);
}

} // namespace

void installExceptions(ExecState& state) {
  std::shared_ptr<Class> root = baseException();
  std::map<std::string, std::shared_ptr<Class>, std::less<>> made{{"BaseException", root}};
  state.builtins.insert_or_assign("BaseException", Value(root));
  for (const auto& [name, base] : kHierarchy) {
    auto cls = std::make_shared<Class>(name, made.at(base));
    made.emplace(name, cls);
    state.builtins.insert_or_assign(name, Value(cls));
  }
  // str(KeyError('x')) is "'x'": the key as written.
  made.at("KeyError")->define("__str__", nativeMethod("__str__", [](Args& a) {
                                const std::vector<Value>& args = argsOf(a.positional().front());
                                if (args.size() == 1) return Value(repr(args[0]));
                                return Value(args.empty() ? "" : repr(Value::tuple(args)));
                              }));
}

std::string describeException(const Value& exception) {
  const Instance* instance = asInstance(exception);
  std::string name = instance ? instance->cls()->name() : exception.typeName();
  std::string text = str(exception);
  return text.empty() ? name : name + ": " + text;
}

namespace {

bool isExceptionClass(const Class* cls) {
  for (const Class* c = cls; c; c = c->base().get())
    if (c->name() == "BaseException" && c->base() && c->base()->isRoot()) return true;
  return false;
}

} // namespace

Value exceptionToRaise(const Value& value) {
  if (const Instance* i = asInstance(value); i && isExceptionClass(i->cls().get())) return value;
  if (const Class* c = asClass(value); c && isExceptionClass(c)) return callValue(value, {});
  throw ScriptError("exceptions must derive from BaseException");
}

bool exceptionMatches(const Value& exception, const Value& type) {
  if (const std::vector<Value>* types = type.items(); types && type.isTuple()) {
    for (const Value& t : *types)
      if (exceptionMatches(exception, t)) return true;
    return false;
  }
  const Class* cls = asClass(type);
  if (!cls || !isExceptionClass(cls))
    throw ScriptError("catching classes that do not inherit from BaseException is not allowed");
  const Instance* instance = asInstance(exception);
  return instance && instance->cls()->isSubclassOf(cls);
}

bool isCatchable(const LoadError& error) {
  if (dynamic_cast<const ProgramException*>(&error)) return true;
  std::string_view m = error.message();
  return !startsWith(m, "program exceeded the limit of") &&
         !startsWith(m, "maximum recursion depth exceeded") && m != "out of memory" &&
         m != "loading was stopped";
}

Value caughtException(const LoadError& error, ExecState& state) {
  if (const auto* raised = dynamic_cast<const ProgramException*>(&error))
    return raised->exception();
  auto [type, argument] = classify(error.message());
  Value cls = state.builtins.at(type);
  if (!argument) return callValue(cls, {});
  if (std::string_view(type) == "KeyError") return callValue(cls, {keyFromRepr(*argument)});
  return callValue(cls, {Value(*argument)});
}

} // namespace uops::frontend
