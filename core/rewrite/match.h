// Match: what a rule's function sees when its pattern matched a node.
//
// Captures point at the UOpPtr that already holds each node (a source slot of
// its user, or the root handed to the matcher), so matching copies no
// shared_ptr and m["x"] returns a reference.
#pragma once

#include "core/ir/uop.h"

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace uops {

class UPat;

class Match {
public:
  static constexpr size_t kMaxCaptures = 16;

  Match(const UOpPtr& root, void* context) : m_root(&root), m_context(context) {}

  // The capture `name`; throws std::out_of_range if the pattern has no such name
  // (a bug in the rule, not in the graph).
  const UOpPtr& operator[](std::string_view name) const;
  // The capture `name`, or null when it was not captured.
  const UOpPtr* find(std::string_view name) const;
  size_t size() const { return m_count; }

  // The node the rule's pattern matched.
  const UOpPtr& root() const { return *m_root; }
  // The context handed to graphRewrite ({.context = ptr}).
  void* context() const { return m_context; }
  template <class T> T& ctx() const { return *static_cast<T*>(m_context); }

  // Used by the matcher.
  struct Capture {
    const std::string* name; // points into the pattern, which must outlive the Match
    const UOpPtr* node;
  };
  // False if `name` is already bound to another node (or there are too many captures).
  bool bind(const std::string& name, const UOpPtr& node);
  size_t mark() const { return m_count; }
  void undo(size_t mark) { m_count = mark; }

private:
  const UOpPtr* m_root;
  void* m_context;
  size_t m_count = 0;
  std::array<Capture, kMaxCaptures> m_captures; // only [0, m_count) is set: no zeroing per attempt
};

// Does `pattern` match `node`? Fills `match` with the captures on success and
// leaves it as it was on failure. Tries every order of permuted source lists
// and backtracks, so names captured twice are checked across all choices.
bool matchPattern(const UPat& pattern, const UOpPtr& node, Match& match);

// Why `node` does not match `pattern`: the first constraint it fails, with its
// place in the pattern ("src 1 (c:Const): op is Add, not Const"); nullopt
// when it matches.
std::optional<std::string> patternMismatch(const UPat& pattern, const UOpPtr& node);

} // namespace uops
