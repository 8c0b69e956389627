// Where a node comes from: the line of the tensor program that made it. The
// loader runs each statement of a program under a ProvenanceScope of its
// line; a node made while one is active records that line (UOp::line()).
// Lowering keeps it: a node rebuilt from another (withSrc, withArg, ...) and
// whatever a rewrite rule makes for a node take that node's line, so a
// kernel's loads, its arithmetic and its store still name the program lines
// they came from after every stage. An interned node keeps the line of the
// first statement that made it.
#pragma once

#include <cstdint>

namespace uops {

// The line new nodes on this thread record: 0 (none) outside every scope.
int32_t currentProvenance();

// Sets the line new nodes on this thread record until the scope ends (scopes
// nest; a line of 0 keeps the enclosing one).
class ProvenanceScope {
public:
  explicit ProvenanceScope(int32_t line);
  ~ProvenanceScope();
  ProvenanceScope(const ProvenanceScope&) = delete;
  ProvenanceScope& operator=(const ProvenanceScope&) = delete;

private:
  int32_t m_previous;
};

} // namespace uops
