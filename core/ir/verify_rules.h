// Internal to the verifier: the context one node's rules run in, shared by the
// files that hold the rules of each op group.
#pragma once

#include "core/ir/uop.h"

#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

namespace uops::verify_detail {

class Rules {
public:
  Rules(const UOp& node, std::vector<std::string>& errors) : u(node), m_out(errors) {}

  // Records "<Op>: <message>".
  template <class... A> void fail(fmt::format_string<A...> f, A&&... args) {
    m_out.push_back(
        fmt::format("{}: {}", opName(u.op()), fmt::format(f, std::forward<A>(args)...)));
  }
  DType src(size_t i) const { return u.src(i)->dtype(); }

  void dtypeIs(DType expected, std::string_view whose);
  void sameAsSrc0() { dtypeIs(src(0), "src[0]'s"); }
  void isVoid();
  void equalSources(size_t a, size_t b, std::string_view what);
  void srcIsBool(size_t i, std::string_view what);
  void srcIsInt(size_t i, std::string_view what);
  void srcsAreOp(size_t from, Op op);

  const UOp& u;

private:
  std::vector<std::string>& m_out;
};

inline bool isValueType(DType d) {
  return !d.isVoid() && !d.isPtr;
}

// One function per group of the spec's tables.
void sourceRules(Rules& r);
void movementRules(Rules& r);
void reduceRules(Rules& r);
void callRules(Rules& r);
void memoryRules(Rules& r);
void orderingRules(Rules& r);
void elementwiseRules(Rules& r);
void codegenRules(Rules& r);

} // namespace uops::verify_detail
