// UPat: a pattern over UOp graphs, the left-hand side of a rewrite rule.
//
// A pattern constrains a node's op (one or a set), dtype (a set, or a class such
// as "any integer"), arg (an exact value or a predicate), an optional node
// predicate, and its sources: unconstrained, a fixed list, a fixed list tried
// in every order (the default for commutative ops), a fixed prefix, or one
// pattern repeated for any number of sources. A pattern may capture the node
// under a name; a name captured twice must be the same node (interning makes
// that a pointer compare).
//
// Operators build patterns that read like the law they match:
//   UPat::var("x") * 1            Mul(x, Const 1) in either order
//   UPat::var("x") + UPat::cvar("c")
// Arithmetic literals convert to constant patterns that match a Const of any
// dtype whose value equals them numerically (1 matches 1, 1.0 and true).
#pragma once

#include "core/ir/arg.h"
#include "core/ir/dtype.h"
#include "core/ir/op.h"

#include <bitset>
#include <concepts>
#include <functional>
#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

namespace uops {

class UOp;

// How a pattern's source list constrains a node's sources.
enum class SrcMode : uint8_t {
  Any,      // no constraint
  Fixed,    // exactly these, in this order
  Permuted, // exactly these, in any order (commutative ops)
  Prefix,   // these first, then any number of others
  Repeat,   // any number of sources, each matching the one pattern
};

struct UPatNode;

class UPat {
public:
  // Matches any node.
  UPat();
  // A constant pattern: a Const of any dtype equal to `value` as a number.
  template <class T>
  requires std::is_arithmetic_v<T>
  UPat(T value) // NOLINT: literals convert implicitly so rules read like laws
      : UPat(constant(toConstValue(value))) {}

  static UPat any() { return UPat(); }
  // Any node, captured as `name`.
  static UPat var(std::string name, std::initializer_list<DType> dtypes = {});
  // Any Const, captured as `name`.
  static UPat cvar(std::string name, std::initializer_list<DType> dtypes = {});
  static UPat constant(ConstValue value);
  // A node with this op and any sources.
  static UPat op(Op op);
  // A node with this op and these sources: in any order if `op` is commutative
  // and there are two of them (use inOrder() to fix the order).
  static UPat op(Op op, std::vector<UPat> src);
  static UPat ops(std::initializer_list<Op> ops);
  static UPat ops(std::initializer_list<Op> ops, std::vector<UPat> src);
  static UPat ops(const OpSet& ops);
  static UPat ops(const OpSet& ops, std::vector<UPat> src);

  // Refinements: each returns a new pattern.
  UPat named(std::string name) const;
  UPat dtype(std::initializer_list<DType> dtypes) const;
  UPat dtypeIf(bool (*pred)(const DType&)) const;
  UPat arg(Arg value) const;
  UPat argIf(std::function<bool(const Arg&)> pred) const;
  UPat filter(bool (*pred)(const UOp&)) const;
  UPat src(std::vector<UPat> src) const;         // fixed order
  UPat srcAnyOrder(std::vector<UPat> src) const; // every permutation
  UPat srcPrefix(std::vector<UPat> src) const;   // these first, then anything
  UPat srcRepeat(UPat each) const;               // any length, all match `each`
  UPat inOrder() const;                          // a permuted list becomes fixed

  // Comparisons and the rest build named ALU patterns.
  UPat lt(const UPat& b) const;
  UPat ne(const UPat& b) const;
  UPat max(const UPat& b) const;
  static UPat where(const UPat& c, const UPat& a, const UPat& b);

  const UPatNode& node() const { return *m_node; }
  // The ops a node may have to match; all ops if the pattern does not say.
  OpSet opSet() const;
  // Readable form for rule names and errors: "Mul(x, 1)", "Add(x, c:Const)".
  std::string toString() const;

private:
  explicit UPat(std::shared_ptr<const UPatNode> node) : m_node(std::move(node)) {}
  UPat modified(const std::function<void(UPatNode&)>& change) const;
  template <class T> static ConstValue toConstValue(T v) {
    if constexpr (std::is_same_v<T, bool>)
      return ConstValue(v);
    else if constexpr (std::is_floating_point_v<T>)
      return ConstValue(static_cast<double>(v));
    else
      return ConstValue(static_cast<int64_t>(v));
  }

  std::shared_ptr<const UPatNode> m_node;
};

// The constraints of one pattern node. Plain data, read by the matcher.
struct UPatNode {
  bool anyOp = true;
  OpSet ops;
  std::vector<DType> dtypes;                 // empty: any dtype
  bool (*dtypePred)(const DType&) = nullptr; // null: any dtype
  enum class ArgKind : uint8_t { Any, Exact, ConstEq, Pred } argKind = ArgKind::Any;
  Arg arg; // Exact: argEqual; ConstEq: numeric equality
  std::function<bool(const Arg&)> argPred;
  bool (*nodePred)(const UOp&) = nullptr;
  std::string name; // empty: not captured
  SrcMode srcMode = SrcMode::Any;
  std::vector<UPat> src; // Repeat: exactly one
};

// Binary ALU patterns; commutative ops match their sources in either order.
UPat operator+(const UPat& a, const UPat& b);
UPat operator*(const UPat& a, const UPat& b);
UPat operator/(const UPat& a, const UPat& b); // Idiv (index math)
UPat operator%(const UPat& a, const UPat& b);
UPat operator&(const UPat& a, const UPat& b);
UPat operator|(const UPat& a, const UPat& b);
UPat operator^(const UPat& a, const UPat& b);
UPat operator<<(const UPat& a, const UPat& b);
UPat operator>>(const UPat& a, const UPat& b);

// Dtype classes for dtypeIf().
bool isIntDType(const DType& d); // signed, unsigned or index
bool isFloatDType(const DType& d);
bool isBoolDType(const DType& d);

} // namespace uops
