// One node's rules, in order: arity, arg kind, the dtype rules of its group, shape.
#include "core/ir/verify.h"

#include "core/ir/arg_kind.h"
#include "core/ir/shape.h"
#include "core/ir/verify_rules.h"

namespace uops {
namespace {

using verify_detail::Rules;

bool arityHolds(Rules& r) {
  const OpInfo& info = opInfo(r.u.op());
  size_t n = r.u.src().size();
  bool ok = n >= static_cast<size_t>(info.minSrc) &&
            (info.maxSrc < 0 || n <= static_cast<size_t>(info.maxSrc));
  if (ok) return true;
  auto sources = [](int k) { return k == 1 ? "source" : "sources"; };
  if (info.maxSrc < 0)
    r.fail("takes at least {} {}, got {}", info.minSrc, sources(info.minSrc), n);
  else if (info.minSrc == info.maxSrc)
    r.fail("takes {} {}, got {}", info.minSrc, sources(info.minSrc), n);
  else
    r.fail("takes {} to {} sources, got {}", info.minSrc, info.maxSrc, n);
  return false;
}

bool argKindHolds(Rules& r) {
  ArgKind kind = expectedArgKind(r.u.op());
  if (argHasKind(r.u.arg(), kind)) return true;
  r.fail("arg must be {}, got {}", argKindName(kind), argAlternativeName(r.u.arg()));
  return false;
}

void dtypeRules(Rules& r) {
  switch (opGroup(r.u.op())) {
  case OpGroup::Source:
    return verify_detail::sourceRules(r);
  case OpGroup::Movement:
    return verify_detail::movementRules(r);
  case OpGroup::Reduce:
    return verify_detail::reduceRules(r);
  case OpGroup::Call:
    return verify_detail::callRules(r);
  case OpGroup::Load:
  case OpGroup::Store:
    return verify_detail::memoryRules(r);
  case OpGroup::Ordering:
    return verify_detail::orderingRules(r);
  case OpGroup::Elementwise:
  case OpGroup::DecomposedElementwise:
    return verify_detail::elementwiseRules(r);
  case OpGroup::Marker:
    return r.sameAsSrc0();
  case OpGroup::Codegen:
    if (r.u.op() == Op::Fma || r.u.op() == Op::Ldexp || r.u.op() == Op::FracNearest)
      return verify_detail::elementwiseRules(r);
    return verify_detail::codegenRules(r);
  }
}

// The spec's shape rules live in inferShape: a node without a shape broke one.
void shapeRule(Rules& r) {
  const UOp& u = r.u;
  if (u.shapeValid()) return;
  for (const auto& s : u.src())
    if (!s->shapeValid()) return;
  std::string why;
  inferShape(u.op(), u.dtype(), u.src(), u.arg(), &why);
  r.fail("{}", why);
}

} // namespace

std::vector<std::string> verifyNode(const UOp& node) {
  std::vector<std::string> errors;
  Rules rules(node, errors);
  if (!arityHolds(rules) || !argKindHolds(rules)) return errors;
  dtypeRules(rules);
  shapeRule(rules);
  return errors;
}

} // namespace uops
