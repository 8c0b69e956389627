// The verifier's driver: every node of a graph, with its printed line for context.
#include "core/ir/verify.h"

#include "core/ir/text.h"

#include <fmt/format.h>

namespace uops {

std::vector<VerifyError> verify(const UOpPtr& root) {
  std::vector<const UOp*> order = toposort(*root);
  NodeIds ids;
  for (const UOp* node : order)
    ids.emplace(node, ids.size());
  std::vector<VerifyError> errors;
  for (const UOp* node : order)
    for (std::string& rule : verifyNode(*node))
      errors.push_back({node->ptr(), printNode(*node, ids), std::move(rule)});
  return errors;
}

std::string formatErrors(const std::vector<VerifyError>& errors) {
  std::string s;
  for (const auto& e : errors)
    s += fmt::format("{}{}\n    at {}", s.empty() ? "" : "\n", e.rule, e.line);
  return s;
}

VerifyFailure::VerifyFailure(std::vector<VerifyError> errors)
    : std::runtime_error(fmt::format("graph breaks {} spec rule{}:\n{}", errors.size(),
                                     errors.size() == 1 ? "" : "s", formatErrors(errors))),
      m_errors(std::move(errors)) {}

void verifyOrThrow(const UOpPtr& root) {
  auto errors = verify(root);
  if (!errors.empty()) throw VerifyFailure(std::move(errors));
}

} // namespace uops
