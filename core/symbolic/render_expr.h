// renderExpr: index math as one line of infix text, "(x*4+y)//4".
//
// For the explorer's labels and for tests that compare simplified expressions
// as text. Python-like precedence and spelling (// and % truncate as the IR
// defines them; != and < for the comparisons; max(), where(), cast()); other
// ops render as Name(src, ...). Parentheses only where precedence needs them.
// Streaming and iterative: output stops at maxLength (ending in "..."), so
// deep chains and heavily shared graphs stay cheap.
#pragma once

#include "core/ir/uop.h"

#include <functional>
#include <optional>
#include <string>

namespace uops {

struct RenderOptions {
  // A name for a node (variables such as "x"); nullopt: the default spelling,
  // r<id> for a Range, p<slot> for a Param, the name of a Special.
  std::function<std::optional<std::string>(const UOp&)> name;
  size_t maxLength = 4096;
};

std::string renderExpr(const UOp& root, const RenderOptions& options = {});
inline std::string renderExpr(const UOpPtr& root, const RenderOptions& options = {}) {
  return root ? renderExpr(*root, options) : std::string("<null>");
}

} // namespace uops
