// Textual IR: one UOp per line, sources before users, the root last.
//
//   %0 = Buffer() dtypes.float (16,) arg=(id=1, size=16, device="CPU", addrspace=GLOBAL)
//   %1 = Const() dtypes.index () arg=4
//   %3 = Reduce(%2) dtypes.float (4, 1, 4) arg=(Add, axes=(1,))
//
// A line is `%<id> = <Op>(<sources>) <dtype> <shape or <invalid>> [arg=<arg>] [tag=<n>]`
// with an optional trailing `# comment`. The shape is derived, printed only so a
// reader sees it; the parser checks that it still matches. Printing then parsing
// gives back the same interned node, for every graph (also ones that break the
// spec): the argument syntax names every Arg alternative without looking at the op,
// except that an empty tuple `()` is Bools for Flip and Ints elsewhere.
//
// Arg syntax: True/False; 3, -3 (int); 3.0, -0.0, 1e+20, inf, -inf, nan, -nan,
// nan(0x7ff0000000000001) (float, shortest round-trip digits, always with a '.',
// an exponent or a name); "text\x00\n" (bytes); (1, 2) or ints() (Ints);
// (True, False) or bools() (Bools); (slot=0, device="CPU", addrspace=LOCAL) (Param);
// (id=1, size=16, device=("CL:0", "CL:1"), addrspace=GLOBAL) (Buffer);
// (Add, axes=(1,)) (Reduce); (device="CPU", addrspace=GLOBAL) (Load); (0, LOOP) (Range).
// A uint64 Const prints its value unsigned.
#pragma once

#include "core/ir/uop.h"

#include <exception>
#include <string>
#include <string_view>
#include <unordered_map>

namespace uops {

struct PrintOptions {
  // Appends `# device=... min_max=[lo, hi] axis=n` to each line (absent ones left out).
  bool showDerived = false;
};

// The number of every node of root's graph as printGraph prints it: its place in
// toposort(root). Keyed by pointer for look-up only; nothing iterates it.
using NodeIds = std::unordered_map<const UOp*, size_t>;
NodeIds numberNodes(const UOp& root);

// The whole graph, one line per node ending in '\n', in toposort order.
std::string printGraph(const UOpPtr& root, PrintOptions options = {});
// One node's line (no '\n'); its sources must be in `ids`.
std::string printNode(const UOp& node, const NodeIds& ids, PrintOptions options = {});

// A user error in textual IR: "3:14: unknown op 'Ad'". Line and column are 1-based.
class ParseError : public std::exception {
public:
  ParseError(int line, int column, std::string message);
  int line() const { return m_line; }
  int column() const { return m_column; }
  const std::string& message() const { return m_message; }
  const char* what() const noexcept override { return m_what.c_str(); }

private:
  int m_line;
  int m_column;
  std::string m_message;
  std::string m_what;
};

// The root (last line) of the graph in `text`. Blank lines and lines starting
// with '#' are skipped. Throws ParseError on bad syntax, an undefined or
// redefined id, a printed shape that differs from the derived one, or a node
// that does not reach the root.
UOpPtr parseGraph(std::string_view text);

} // namespace uops
