#include "core/rewrite/upat.h"

#include <fmt/format.h>

namespace uops {
namespace {

UPat makeAlu(Op op, const UPat& a, const UPat& b) {
  return UPat::op(op, {a, b});
}

std::string constText(const Arg& arg) {
  if (const bool* b = std::get_if<bool>(&arg)) return *b ? "True" : "False";
  if (const int64_t* i = std::get_if<int64_t>(&arg)) return std::to_string(*i);
  if (const double* d = std::get_if<double>(&arg)) return fmt::format("{}", *d);
  return "?";
}

std::string opsText(const UPatNode& n) {
  if (n.anyOp) return {};
  std::string out;
  int count = 0;
  for (Op op : allOps()) {
    if (!n.ops.test(static_cast<size_t>(op))) continue;
    out += (count++ ? "|" : "") + std::string(opName(op));
  }
  return count > 1 ? "{" + out + "}" : out;
}

} // namespace

UPat::UPat() : m_node(std::make_shared<UPatNode>()) {}

UPat UPat::modified(const std::function<void(UPatNode&)>& change) const {
  auto copy = std::make_shared<UPatNode>(*m_node);
  change(*copy);
  return UPat(std::move(copy));
}

UPat UPat::var(std::string name, std::initializer_list<DType> dtypes) {
  return UPat().named(std::move(name)).dtype(dtypes);
}

UPat UPat::cvar(std::string name, std::initializer_list<DType> dtypes) {
  return op(Op::Const).named(std::move(name)).dtype(dtypes);
}

UPat UPat::constant(ConstValue value) {
  return op(Op::Const).modified([&](UPatNode& n) {
    n.argKind = UPatNode::ArgKind::ConstEq;
    n.arg = toArg(value);
  });
}

UPat UPat::op(Op op) {
  OpSet set;
  set.set(static_cast<size_t>(op));
  return ops(set, {}).modified([](UPatNode& n) { n.srcMode = SrcMode::Any; });
}

UPat UPat::op(Op op, std::vector<UPat> src) {
  OpSet set;
  set.set(static_cast<size_t>(op));
  return ops(set, std::move(src));
}

UPat UPat::ops(std::initializer_list<Op> list) {
  OpSet set;
  for (Op op : list)
    set.set(static_cast<size_t>(op));
  return ops(set, {}).modified([](UPatNode& n) { n.srcMode = SrcMode::Any; });
}

UPat UPat::ops(std::initializer_list<Op> list, std::vector<UPat> src) {
  OpSet set;
  for (Op op : list)
    set.set(static_cast<size_t>(op));
  return ops(set, std::move(src));
}

UPat UPat::ops(const OpSet& set) {
  return ops(set, {}).modified([](UPatNode& n) { n.srcMode = SrcMode::Any; });
}

// Two sources of ops that are all commutative are tried in both orders: the
// law holds either way round, so the rule should too.
UPat UPat::ops(const OpSet& set, std::vector<UPat> src) {
  bool commutative = set.any() && src.size() == 2;
  for (Op op : allOps())
    if (set.test(static_cast<size_t>(op)) && !isCommutative(op)) commutative = false;
  auto node = std::make_shared<UPatNode>();
  node->anyOp = false;
  node->ops = set;
  node->srcMode = commutative ? SrcMode::Permuted : SrcMode::Fixed;
  node->src = std::move(src);
  return UPat(std::move(node));
}

UPat UPat::named(std::string name) const {
  return modified([&](UPatNode& n) { n.name = std::move(name); });
}

UPat UPat::dtype(std::initializer_list<DType> dtypes) const {
  return modified([&](UPatNode& n) { n.dtypes.assign(dtypes.begin(), dtypes.end()); });
}

UPat UPat::dtypeIf(bool (*pred)(const DType&)) const {
  return modified([&](UPatNode& n) { n.dtypePred = pred; });
}

UPat UPat::arg(Arg value) const {
  return modified([&](UPatNode& n) {
    n.argKind = UPatNode::ArgKind::Exact;
    n.arg = std::move(value);
  });
}

UPat UPat::argIf(std::function<bool(const Arg&)> pred) const {
  return modified([&](UPatNode& n) {
    n.argKind = UPatNode::ArgKind::Pred;
    n.argPred = std::move(pred);
  });
}

UPat UPat::filter(bool (*pred)(const UOp&)) const {
  return modified([&](UPatNode& n) { n.nodePred = pred; });
}

UPat UPat::src(std::vector<UPat> src) const {
  return modified([&](UPatNode& n) {
    n.srcMode = SrcMode::Fixed;
    n.src = std::move(src);
  });
}

UPat UPat::srcAnyOrder(std::vector<UPat> src) const {
  return modified([&](UPatNode& n) {
    n.srcMode = SrcMode::Permuted;
    n.src = std::move(src);
  });
}

UPat UPat::srcPrefix(std::vector<UPat> src) const {
  return modified([&](UPatNode& n) {
    n.srcMode = SrcMode::Prefix;
    n.src = std::move(src);
  });
}

UPat UPat::srcRepeat(UPat each) const {
  return modified([&](UPatNode& n) {
    n.srcMode = SrcMode::Repeat;
    n.src = {std::move(each)};
  });
}

UPat UPat::inOrder() const {
  return modified([](UPatNode& n) {
    if (n.srcMode == SrcMode::Permuted) n.srcMode = SrcMode::Fixed;
  });
}

UPat UPat::lt(const UPat& b) const {
  return makeAlu(Op::CmpLt, *this, b);
}
UPat UPat::ne(const UPat& b) const {
  return makeAlu(Op::CmpNe, *this, b);
}
UPat UPat::max(const UPat& b) const {
  return makeAlu(Op::Max, *this, b);
}
UPat UPat::where(const UPat& c, const UPat& a, const UPat& b) {
  return op(Op::Where, {c, a, b});
}

OpSet UPat::opSet() const {
  return m_node->anyOp ? OpSet().set() : m_node->ops;
}

std::string UPat::toString() const {
  const UPatNode& n = *m_node;
  if (n.argKind == UPatNode::ArgKind::ConstEq) return constText(n.arg);
  std::string ops = opsText(n);
  std::string head = n.name.empty() ? ops : ops.empty() ? n.name : n.name + ":" + ops;
  if (head.empty()) head = "_";
  switch (n.srcMode) {
  case SrcMode::Any:
    return head;
  case SrcMode::Repeat:
    return head + "(" + n.src[0].toString() + "...)";
  case SrcMode::Fixed:
  case SrcMode::Permuted:
  case SrcMode::Prefix:
    break;
  }
  std::string out = head + "(";
  for (size_t i = 0; i < n.src.size(); ++i)
    out += (i ? ", " : "") + n.src[i].toString();
  if (n.srcMode == SrcMode::Prefix) out += n.src.empty() ? "..." : ", ...";
  return out + ")";
}

UPat operator+(const UPat& a, const UPat& b) {
  return makeAlu(Op::Add, a, b);
}
UPat operator*(const UPat& a, const UPat& b) {
  return makeAlu(Op::Mul, a, b);
}
UPat operator/(const UPat& a, const UPat& b) {
  return makeAlu(Op::Idiv, a, b);
}
UPat operator%(const UPat& a, const UPat& b) {
  return makeAlu(Op::Mod, a, b);
}
UPat operator&(const UPat& a, const UPat& b) {
  return makeAlu(Op::And, a, b);
}
UPat operator|(const UPat& a, const UPat& b) {
  return makeAlu(Op::Or, a, b);
}
UPat operator^(const UPat& a, const UPat& b) {
  return makeAlu(Op::Xor, a, b);
}
UPat operator<<(const UPat& a, const UPat& b) {
  return makeAlu(Op::Shl, a, b);
}
UPat operator>>(const UPat& a, const UPat& b) {
  return makeAlu(Op::Shr, a, b);
}

bool isIntDType(const DType& d) {
  return d.isInt();
}
bool isFloatDType(const DType& d) {
  return d.isFloat();
}
bool isBoolDType(const DType& d) {
  return d.isBool();
}

} // namespace uops
