// The spec verifier: what a well-formed UOp graph obeys (arity, arg kind, dtype
// and shape rules from the spec's tables). UOp::make accepts anything; stages
// call verify at entry and exit.
#pragma once

#include "core/ir/uop.h"

#include <stdexcept>
#include <string>
#include <vector>

namespace uops {

struct VerifyError {
  UOpPtr node;
  std::string line; // the node as printGraph(root) prints it: "%5 = Where(%2, %3, %4) ..."
  std::string rule; // "Where: condition must be bool, got dtypes.float"
};

// Every rule broken by a node of root's graph, in toposort order (each node's
// errors in the order the rules are checked). Empty: the graph is well-formed.
std::vector<VerifyError> verify(const UOpPtr& root);

// The rules one node breaks, without the graph context: "<Op>: <what>" each.
// Once arity or the arg kind is wrong, the other rules of the node are skipped
// (they read sources and arg); the shape rule is skipped when a source has no
// shape, since that source reports its own error.
std::vector<std::string> verifyNode(const UOp& node);

class VerifyFailure : public std::runtime_error {
public:
  explicit VerifyFailure(std::vector<VerifyError> errors);
  const std::vector<VerifyError>& errors() const { return m_errors; }

private:
  std::vector<VerifyError> m_errors;
};

// "<rule>\n    at <line>" for each error, joined by '\n' (no trailing newline).
std::string formatErrors(const std::vector<VerifyError>& errors);
// Throws VerifyFailure listing every error, if any.
void verifyOrThrow(const UOpPtr& root);

} // namespace uops
