// The verifier's driver: every node of a graph, with its printed line for context.
#include "core/ir/verify.h"

#include "core/ir/text.h"

#include <fmt/format.h>

namespace uops {

std::vector<VerifyError> verify(const UOpPtr& root) {
  std::vector<const UOp*> order = toposort(*root);
  std::vector<std::pair<const UOp*, std::vector<std::string>>> broken;
  for (const UOp* node : order)
    if (std::vector<std::string> rules = verifyNode(*node); !rules.empty()) broken.emplace_back(node, std::move(rules));
  std::vector<VerifyError> errors;
  if (broken.empty()) return errors;
  // node ids for the printed lines, only when something is wrong
  NodeIds ids;
  for (const UOp* node : order)
    ids.emplace(node, ids.size());
  for (auto& [node, rules] : broken)
    for (std::string& rule : rules)
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
