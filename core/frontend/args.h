// Args: the arguments of a call, and Python-style binding to named parameters.
#pragma once

#include "core/frontend/value.h"

#include <array>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace uops::frontend {

// One parameter of a native function's signature:
//   "x"            required
//   {"axis", None} optional, with its default
//   "*args"        collects the remaining positional arguments as a tuple;
//                  the parameters after it are keyword-only
//   "*"            (bare) the parameters after it are keyword-only
//   "**kwargs"     collects the remaining keyword arguments as a dict
struct Param {
  Param(const char* n) : name(n) {} // NOLINT: a bare string names a required parameter
  Param(const char* n, Value d) : name(n), fallback(std::move(d)) {}
  std::string_view name;
  std::optional<Value> fallback;
};

class Args {
public:
  Args() = default;
  explicit Args(std::vector<Value> positional,
                std::vector<std::pair<std::string, Value>> keywords = {})
      : m_positional(std::move(positional)), m_keywords(std::move(keywords)) {}

  // The callee's name, for messages: "reshape() got an unexpected keyword argument 'foo'".
  std::string_view name() const { return m_name; }
  void setName(std::string name) { m_name = std::move(name); }
  // The receiver of a method call (None for plain functions).
  const Value& self() const { return m_self; }
  void setSelf(Value self) { m_self = std::move(self); }

  std::vector<Value>& positional() { return m_positional; }
  const std::vector<Value>& positional() const { return m_positional; }
  std::vector<std::pair<std::string, Value>>& keywords() { return m_keywords; }
  const std::vector<std::pair<std::string, Value>>& keywords() const { return m_keywords; }

  // Binds the arguments to a signature, Python's way, and returns one value
  // per parameter in order (a tuple for "*args"):
  //   auto [shape, rest] = a.bind({"shape", "*args"});
  //   auto [axis, keepdim] = a.bind({{"axis", None}, {"keepdim", false}});
  // Errors read like Python's: "sum() got an unexpected keyword argument
  // 'foo'", "f() missing 1 required positional argument: 'x'", "f() takes 2
  // positional arguments but 3 were given", "f() got multiple values for
  // argument 'x'".
  template <size_t N> std::array<Value, N> bind(const Param (&params)[N]) const {
    std::array<Value, N> out;
    bindInto(std::span<const Param>(params, N), out);
    return out;
  }
  void bindInto(std::span<const Param> params, std::span<Value> out) const;
  // For a function of no arguments: "f() takes no arguments (1 given)".
  void expectNone() const;

  // Throws ScriptError("name() message").
  [[noreturn]] void fail(std::string_view message) const;

private:
  std::string m_name = "function";
  Value m_self;
  std::vector<Value> m_positional;
  std::vector<std::pair<std::string, Value>> m_keywords;
};

// The binder behind Args::bind and calls of user functions.
enum class ParamRole : uint8_t { Positional, VarArgs, KeywordOnly, VarKeywords };
struct ParamSpec {
  std::string_view name; // empty for a bare *
  ParamRole role = ParamRole::Positional;
  const Value* fallback = nullptr; // null: required
};
void bindArguments(const Args& args, std::span<const ParamSpec> params, std::span<Value> out);

} // namespace uops::frontend
