#include "core/rewrite/match.h"

#include "core/ir/text_arg.h"

#include "core/rewrite/upat.h"

#include <algorithm>

#include <fmt/format.h>
#include <stdexcept>

namespace uops {

const UOpPtr* Match::find(std::string_view name) const {
  for (size_t i = 0; i < m_count; ++i)
    if (*m_captures[i].name == name) return m_captures[i].node;
  return nullptr;
}

const UOpPtr& Match::operator[](std::string_view name) const {
  if (const UOpPtr* node = find(name)) return *node;
  throw std::out_of_range("match has no capture named '" + std::string(name) + "'");
}

bool Match::bind(const std::string& name, const UOpPtr& node) {
  if (const UOpPtr* bound = find(name)) return *bound == node; // interned: same node, same pointer
  if (m_count == kMaxCaptures) return false;
  m_captures[m_count++] = {&name, &node};
  return true;
}

namespace {

// A continuation: "the rest of the match", called once this part succeeded.
// Plain function pointer plus object: no allocation, one indirect call.
struct Next {
  const void* self;
  bool (*call)(const void*);
  bool operator()() const { return call(self); }
};
template <class F> Next nextOf(const F& f) {
  return {&f, [](const void* p) { return (*static_cast<const F*>(p))(); }};
}
const Next kDone{nullptr, [](const void*) { return true; }};

bool constEqual(const Arg& node, const Arg& pattern) {
  auto value = [](const Arg& a) -> std::optional<double> {
    if (const bool* b = std::get_if<bool>(&a)) return *b ? 1.0 : 0.0;
    if (const int64_t* i = std::get_if<int64_t>(&a)) return static_cast<double>(*i);
    if (const double* d = std::get_if<double>(&a)) return *d;
    return std::nullopt;
  };
  // Integers compare exactly (doubles lose precision above 2^53).
  const int64_t* ni = std::get_if<int64_t>(&node);
  const int64_t* pi = std::get_if<int64_t>(&pattern);
  if (ni && pi) return *ni == *pi;
  auto a = value(node), b = value(pattern);
  return a && b && *a == *b;
}

bool dtypeMatches(const UPatNode& p, const DType& d) {
  if (p.dtypePred && !p.dtypePred(d)) return false;
  if (p.dtypes.empty()) return true;
  DType scalar = d.scalarType();
  return std::any_of(p.dtypes.begin(), p.dtypes.end(),
                     [&](const DType& t) { return t == d || t == scalar; });
}

bool argMatches(const UPatNode& p, const Arg& arg) {
  switch (p.argKind) {
  case UPatNode::ArgKind::Any:
    return true;
  case UPatNode::ArgKind::Exact:
    return argEqual(p.arg, arg);
  case UPatNode::ArgKind::ConstEq:
    return constEqual(arg, p.arg);
  case UPatNode::ArgKind::Pred:
    return p.argPred(arg);
  }
  return false;
}

// The node's own fields, without sources or captures.
bool nodeMatches(const UPatNode& p, const UOp& u) {
  if (!p.anyOp && !p.ops.test(static_cast<size_t>(u.op()))) return false;
  if (!dtypeMatches(p, u.dtype())) return false;
  if (!argMatches(p, u.arg())) return false;
  return !p.nodePred || p.nodePred(u);
}

bool matchOne(const UPat& pat, const UOpPtr& node, Match& m, const Next& next);

// Patterns pats[i..n) against the nodes srcs[order[i]..], then `next`.
bool matchList(const UPat* pats, const UOpPtr* srcs, const uint8_t* order, size_t i, size_t n,
               Match& m, const Next& next) {
  if (i == n) return next();
  auto rest = [&] { return matchList(pats, srcs, order, i + 1, n, m, next); };
  return matchOne(pats[i], srcs[order ? order[i] : i], m, nextOf(rest));
}

// Every source against the one repeated pattern.
bool matchRepeat(const UPat& pat, const UOpPtr* srcs, size_t i, size_t n, Match& m,
                 const Next& next) {
  if (i == n) return next();
  auto rest = [&] { return matchRepeat(pat, srcs, i + 1, n, m, next); };
  return matchOne(pat, srcs[i], m, nextOf(rest));
}

bool matchPermuted(const UPatNode& p, const UOpPtr* srcs, Match& m, const Next& next) {
  size_t n = p.src.size();
  std::array<uint8_t, 8> order{};
  if (n > order.size()) return false;
  for (size_t i = 0; i < n; ++i)
    order[i] = static_cast<uint8_t>(i);
  do {
    if (matchList(p.src.data(), srcs, order.data(), 0, n, m, next)) return true;
  } while (std::next_permutation(order.begin(), order.begin() + static_cast<long>(n)));
  return false;
}

bool matchSources(const UPatNode& p, const UOp& u, Match& m, const Next& next) {
  const UOpList& src = u.src();
  switch (p.srcMode) {
  case SrcMode::Any:
    return next();
  case SrcMode::Fixed:
    if (src.size() != p.src.size()) return false;
    return matchList(p.src.data(), src.data(), nullptr, 0, src.size(), m, next);
  case SrcMode::Permuted:
    if (src.size() != p.src.size()) return false;
    return matchPermuted(p, src.data(), m, next);
  case SrcMode::Prefix:
    if (src.size() < p.src.size()) return false;
    return matchList(p.src.data(), src.data(), nullptr, 0, p.src.size(), m, next);
  case SrcMode::Repeat:
    return matchRepeat(p.src[0], src.data(), 0, src.size(), m, next);
  }
  return false;
}

bool matchOne(const UPat& pat, const UOpPtr& node, Match& m, const Next& next) {
  const UPatNode& p = pat.node();
  if (!nodeMatches(p, *node)) return false;
  size_t mark = m.mark();
  if (!p.name.empty() && !m.bind(p.name, node)) return false;
  if (matchSources(p, *node, m, next)) return true;
  m.undo(mark); // backtrack: a later choice must not see this branch's captures
  return false;
}

} // namespace

namespace {

bool matchesAlone(const UPat& pattern, const UOpPtr& node) {
  Match m(node, nullptr);
  return matchOne(pattern, node, m, kDone);
}

// Why `node` fails `pattern` (whose own match failed): its first failed constraint.
std::string mismatch(const UPat& pattern, const UOpPtr& node) {
  const UPatNode& p = pattern.node();
  const UOp& u = *node;
  if (!p.anyOp && !p.ops.test(static_cast<size_t>(u.op())))
    return fmt::format("op is {}, not {}", opName(u.op()), UPat::ops(p.ops).toString());
  if (!dtypeMatches(p, u.dtype())) return fmt::format("dtype {} is not the pattern's", toString(u.dtype()));
  if (!argMatches(p, u.arg())) return fmt::format("arg {} is not the pattern's", text::printArg(u.op(), u.dtype(), u.arg()));
  if (p.nodePred && !p.nodePred(u)) return "the pattern's filter rejects it";
  const UOpList& src = u.src();
  const bool sized = p.srcMode == SrcMode::Fixed || p.srcMode == SrcMode::Permuted;
  if (sized && src.size() != p.src.size())
    return fmt::format("{} sources, the pattern has {}", src.size(), p.src.size());
  if (p.srcMode == SrcMode::Prefix && src.size() < p.src.size())
    return fmt::format("{} sources, the pattern needs at least {}", src.size(), p.src.size());
  if (p.srcMode != SrcMode::Any)
    for (size_t i = 0; i < src.size(); ++i) {
      if (p.srcMode != SrcMode::Repeat && i >= p.src.size()) break;
      const UPat& sub = p.srcMode == SrcMode::Repeat ? p.src[0] : p.src[i];
      if (matchesAlone(sub, src[i])) continue;
      return fmt::format("{}src {} ({}): {}", p.srcMode == SrcMode::Permuted ? "in no order; in this one, " : "", i,
                         sub.toString(), mismatch(sub, src[i]));
    }
  return "a name the pattern captures twice is bound to different nodes";
}

} // namespace

std::optional<std::string> patternMismatch(const UPat& pattern, const UOpPtr& node) {
  if (matchesAlone(pattern, node)) return std::nullopt;
  return mismatch(pattern, node);
}

bool matchPattern(const UPat& pattern, const UOpPtr& node, Match& match) {
  return matchOne(pattern, node, match, kDone);
}

} // namespace uops
