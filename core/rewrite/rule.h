// Rule: a named pattern and the function that builds its replacement.
//
// The function returns the replacement, or nullptr for "no match" (the rule's
// own conditions did not hold); either way it changes nothing else. Returning
// the matched node itself also counts as no match. A rule knows its name and
// the source location of the rule(...) call that made it, so the trace can say
// which line fired:
//   // x*1 -> x
//   rule("x*1", UPat::var("x") * 1, [](const Match& m) { return m["x"]; }),
#pragma once

#include "core/ir/provenance.h"
#include "core/rewrite/match.h"
#include "core/rewrite/upat.h"

#include <functional>
#include <memory>
#include <source_location>
#include <string>
#include <string_view>
#include <type_traits>

namespace uops {

using RuleFnPtr = UOpPtr (*)(const Match&);

class Rule {
public:
  Rule(std::string name, UPat pattern, RuleFnPtr fn, std::source_location location);
  Rule(std::string name, UPat pattern, std::function<UOpPtr(const Match&)> fn,
       std::source_location location);

  const std::string& name() const { return m_impl->name; }
  const std::source_location& location() const { return m_impl->location; }
  const UPat& pattern() const { return m_impl->pattern; }
  // "file.cpp:12" (file name without directories).
  std::string locationText() const;

  // Match the pattern against `node` and run the function; nullptr if either fails.
  UOpPtr apply(const UOpPtr& node, void* context) const {
    Match m(node, context);
    if (!matchPattern(m_impl->pattern, node, m)) return nullptr;
    ProvenanceScope from(node->line()); // what the rule makes comes from the node it rewrites
    return m_impl->fast ? m_impl->fast(m) : m_impl->slow(m);
  }

  // Same rule, same object: rules are shared handles.
  friend bool operator==(const Rule& a, const Rule& b) { return a.m_impl == b.m_impl; }

private:
  struct Impl {
    std::string name;
    UPat pattern;
    RuleFnPtr fast = nullptr; // captureless functions: one direct call
    std::function<UOpPtr(const Match&)> slow;
    std::source_location location;
  };
  std::shared_ptr<const Impl> m_impl;
};

// rule(name, pattern, fn) and rule(pattern, fn) (named after the pattern).
// `fn` is any callable taking a Match and returning something convertible to UOpPtr.
template <class F>
Rule rule(std::string name, UPat pattern, F fn,
          std::source_location location = std::source_location::current()) {
  using Result = std::invoke_result_t<const F&, const Match&>;
  static_assert(std::is_convertible_v<Result, UOpPtr>, "a rule returns a UOpPtr or nullptr");
  if constexpr (std::is_convertible_v<F, RuleFnPtr>) {
    return Rule(std::move(name), std::move(pattern), static_cast<RuleFnPtr>(fn), location);
  } else {
    std::function<UOpPtr(const Match&)> wrapped = [f = std::move(fn)](const Match& m) -> UOpPtr {
      return f(m);
    };
    return Rule(std::move(name), std::move(pattern), std::move(wrapped), location);
  }
}

template <class F>
Rule rule(UPat pattern, F fn, std::source_location location = std::source_location::current()) {
  std::string name = pattern.toString();
  return rule(std::move(name), std::move(pattern), std::move(fn), location);
}

} // namespace uops
