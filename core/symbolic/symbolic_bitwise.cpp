// And, Or, Xor and shifts on integers and bools.
#include "core/symbolic/symbolic.h"

#include "core/symbolic/symbolic_util.h"

namespace uops {
namespace {
using namespace sym;

bool intOrBool(const DType& d) {
  return (d.isInt() || d.isBool()) && d.count == 1 && !d.isPtr;
}
UPat bvar(std::string name) {
  return UPat::var(std::move(name)).dtypeIf(intOrBool);
}
UOpPtr first(const Match& m) {
  return keepShape(*m.root(), m["x"]);
}

} // namespace

const PatternMatcher& pmSymbolicBitwise() {
  static const PatternMatcher pm{
      // x&x -> x
      rule("x&x", bvar("x") & UPat::var("x"), first),
      // x|x -> x
      rule("x|x", bvar("x") | UPat::var("x"), first),
      // x^x -> 0
      rule("x^x", bvar("x") ^ UPat::var("x"),
           [](const Match& m) { return constFor(*m.root(), 0); }),
      // x&0 -> 0
      rule("x&0", bvar("x") & 0, [](const Match& m) { return constFor(*m.root(), 0); }),
      // x|0 -> x
      rule("x|0", bvar("x") | 0, first),
      // x^0 -> x
      rule("x^0", bvar("x") ^ 0, first),
      // x<<0 -> x, x>>0 -> x
      rule("x<<0", bvar("x") << 0, first),
      rule("x>>0", bvar("x") >> 0, first),
      // x&True -> x (bools)
      rule("x&True", UPat::var("x").dtypeIf(isBoolDType) & true, first),
      // x|True -> True (bools)
      rule("x|True", UPat::var("x").dtypeIf(isBoolDType) | true,
           [](const Match& m) { return constFor(*m.root(), 1); }),
  };
  return pm;
}

} // namespace uops
