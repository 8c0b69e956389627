#include "core/runtime/eval_error.h"

#include "core/ir/shape.h"

#include <fmt/format.h>

namespace uops {
namespace {

std::string describe(const UOp& node, const std::string& why) {
  return fmt::format("cannot evaluate {} ({}, shape {}): {}", opName(node.op()),
                     toString(node.dtype()), toString(node.shape()), why);
}

} // namespace

EvalError::EvalError(const UOp& node, const std::string& why)
    : std::runtime_error(describe(node, why)), m_node(node.ptr()), m_why(why) {}

} // namespace uops
