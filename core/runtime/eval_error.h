// EvalError: why the reference evaluator could not give a node a value.
#pragma once

#include "core/ir/uop.h"

#include <stdexcept>
#include <string>

namespace uops {

// A user-visible failure (a kernel-level op in a tensor graph, a missing
// buffer, an index out of range), naming the node's op, dtype and shape. The
// node is kept so a view can point at it.
class EvalError : public std::runtime_error {
public:
  EvalError(const UOp& node, const std::string& why);

  const UOpPtr& node() const { return m_node; }
  Op op() const { return m_node->op(); }
  // The reason alone, without the node description.
  const std::string& why() const { return m_why; }

private:
  UOpPtr m_node;
  std::string m_why;
};

} // namespace uops
