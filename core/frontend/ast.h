// The AST of the Python subset: expressions and statements, each with the
// location of its first character (and of its operator where errors point).
#pragma once

#include "core/frontend/op_kinds.h"
#include "core/frontend/source.h"

#include <cassert>
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_set>
#include <utility>
#include <variant>
#include <vector>

namespace uops::frontend::ast {

// ---- expressions --------------------------------------------------------

enum class ExprKind : uint8_t {
  Name,
  Constant,
  List,
  Tuple,
  ListComp,
  Attribute,
  Subscript,
  Slice,
  Call,
  Starred,
  Unary,
  Binary,
  BoolOp,
  Compare,
  IfExp,
  Lambda,
  Dict,
  DictComp,
  FString,
  FormattedValue,
  NamedExpr,
  Yield,
};

struct Expr {
  Expr(ExprKind k, Location l) : kind(k), loc(l) {}
  virtual ~Expr() = default;
  Expr(const Expr&) = delete;
  Expr& operator=(const Expr&) = delete;

  // Downcast by tag (the node's kind), never by dynamic_cast.
  template <class T> const T& as() const {
    assert(kind == T::Kind && "wrong expression kind");
    return static_cast<const T&>(*this);
  }

  ExprKind kind;
  Location loc;
  int depth =
      1; // height of the subtree: the parser bounds it so evaluation cannot overflow the stack
};
using ExprPtr = std::unique_ptr<Expr>;

struct NameExpr : Expr {
  static constexpr ExprKind Kind = ExprKind::Name;
  NameExpr(Location l, std::string i) : Expr(Kind, l), id(std::move(i)) {}
  std::string id;
};

struct NoneConst {
  friend bool operator==(NoneConst, NoneConst) { return true; }
};
struct EllipsisConst {
  friend bool operator==(EllipsisConst, EllipsisConst) { return true; }
};
using ConstantValue = std::variant<NoneConst, bool, int64_t, double, std::string, EllipsisConst>;

struct ConstantExpr : Expr {
  static constexpr ExprKind Kind = ExprKind::Constant;
  // Builds the variant in place from any alternative: moving a temporary
  // variant trips GCC 12's -Wmaybe-uninitialized under the sanitizers.
  template <class T> ConstantExpr(Location l, T&& v) : Expr(Kind, l), value(std::forward<T>(v)) {}
  ConstantValue value;
};

// List and tuple displays; elements may be Starred.
struct SequenceExpr : Expr {
  SequenceExpr(ExprKind k, Location l) : Expr(k, l) {}
  std::vector<ExprPtr> elts;
};
struct ListExpr : SequenceExpr {
  static constexpr ExprKind Kind = ExprKind::List;
  explicit ListExpr(Location l) : SequenceExpr(Kind, l) {}
};
struct TupleExpr : SequenceExpr {
  static constexpr ExprKind Kind = ExprKind::Tuple;
  explicit TupleExpr(Location l) : SequenceExpr(Kind, l) {}
};

struct Comprehension {
  ExprPtr target;
  ExprPtr iter;
  std::vector<ExprPtr> ifs;
};

// [elt for target in iter if cond ...]; a generator expression in parentheses
// is read as the same thing (evaluated eagerly into a list).
struct ListCompExpr : Expr {
  static constexpr ExprKind Kind = ExprKind::ListComp;
  explicit ListCompExpr(Location l) : Expr(Kind, l) {}
  ExprPtr elt;
  std::vector<Comprehension> generators;
  bool isGenerator = false;
  std::unordered_set<std::string> locals; // the targets: a comprehension has its own scope
};

struct AttributeExpr : Expr {
  static constexpr ExprKind Kind = ExprKind::Attribute;
  AttributeExpr(Location l, ExprPtr v, std::string a, Location al)
      : Expr(Kind, l), value(std::move(v)), attr(std::move(a)), attrLoc(al) {}
  ExprPtr value;
  std::string attr;
  Location attrLoc; // of the attribute name: where "no attribute" errors point
};

struct SubscriptExpr : Expr {
  static constexpr ExprKind Kind = ExprKind::Subscript;
  SubscriptExpr(Location l, ExprPtr v, ExprPtr i, Location bl)
      : Expr(Kind, l), value(std::move(v)), index(std::move(i)), bracketLoc(bl) {}
  ExprPtr value;
  ExprPtr index; // a Tuple for x[a, b]; Slice for x[a:b]
  Location bracketLoc;
};

// lower:upper:step inside a subscript; absent parts are null.
struct SliceExpr : Expr {
  static constexpr ExprKind Kind = ExprKind::Slice;
  explicit SliceExpr(Location l) : Expr(Kind, l) {}
  ExprPtr lower, upper, step;
};

// name = value; an empty name is `**value` (a dict's items as keywords).
struct Keyword {
  std::string name;
  ExprPtr value;
  Location loc;
};

struct CallExpr : Expr {
  static constexpr ExprKind Kind = ExprKind::Call;
  CallExpr(Location l, ExprPtr f) : Expr(Kind, l), func(std::move(f)) {}
  ExprPtr func;
  std::vector<ExprPtr> args; // may hold Starred (*args unpacking)
  std::vector<Keyword> keywords;
  Location errorLoc; // the called name (for x.f(...), the f): errors from the call point here
};

struct StarredExpr : Expr {
  static constexpr ExprKind Kind = ExprKind::Starred;
  StarredExpr(Location l, ExprPtr v) : Expr(Kind, l), value(std::move(v)) {}
  ExprPtr value;
};

enum class UnaryKind : uint8_t { Neg, Pos, Invert, Not };

struct UnaryExpr : Expr {
  static constexpr ExprKind Kind = ExprKind::Unary;
  UnaryExpr(Location l, UnaryKind o, ExprPtr e) : Expr(Kind, l), op(o), operand(std::move(e)) {}
  UnaryKind op;
  ExprPtr operand;
};

struct BinaryExpr : Expr {
  static constexpr ExprKind Kind = ExprKind::Binary;
  BinaryExpr(Location l, BinaryOp o, ExprPtr a, ExprPtr b, Location ol)
      : Expr(Kind, l), op(o), left(std::move(a)), right(std::move(b)), opLoc(ol) {}
  BinaryOp op;
  ExprPtr left, right;
  Location opLoc;
};

struct BoolOpExpr : Expr {
  static constexpr ExprKind Kind = ExprKind::BoolOp;
  BoolOpExpr(Location l, bool a) : Expr(Kind, l), isAnd(a) {}
  bool isAnd; // `and` or `or`
  std::vector<ExprPtr> values;
};

enum class CompareOp : uint8_t { Eq, Ne, Lt, Le, Gt, Ge, In, NotIn, Is, IsNot };

// a < b <= c: one node, so the middle operand is evaluated once.
struct CompareExpr : Expr {
  static constexpr ExprKind Kind = ExprKind::Compare;
  CompareExpr(Location l, ExprPtr first) : Expr(Kind, l), left(std::move(first)) {}
  ExprPtr left;
  std::vector<CompareOp> ops;
  std::vector<ExprPtr> comparators;
  std::vector<Location> opLocs;
};

struct IfExpr : Expr {
  static constexpr ExprKind Kind = ExprKind::IfExp;
  explicit IfExpr(Location l) : Expr(Kind, l) {}
  ExprPtr test, body, orelse;
};

enum class ParamKind : uint8_t { Positional, VarArgs, KeywordOnly, VarKeywords };

struct Parameter {
  std::string name;
  ParamKind kind = ParamKind::Positional;
  ExprPtr defaultValue; // null when required
  Location loc;
};

// What def and lambda share: parameters and the names bound in the body,
// which are local to a call (Python decides scope per function, statically).
struct FunctionShape {
  std::vector<Parameter> params;
  std::unordered_set<std::string> locals;
  bool generator = false; // its body yields (not inside a nested def)
};

// `yield value` or `yield from value` in a generator function: a call of the
// function runs its body to the end and gives a list of what it yielded, as
// generator expressions here are lists (callFunction in eval_call.cpp).
struct YieldExpr : Expr {
  static constexpr ExprKind Kind = ExprKind::Yield;
  explicit YieldExpr(Location l) : Expr(Kind, l) {}
  ExprPtr value; // null: `yield` alone, None
  bool from = false;
};

// (name := value): assigns and gives the value; in a comprehension the name
// is bound in the scope around it, as in Python.
struct NamedExpr : Expr {
  static constexpr ExprKind Kind = ExprKind::NamedExpr;
  explicit NamedExpr(Location l) : Expr(Kind, l) {}
  std::string name;
  ExprPtr value;
};

struct LambdaExpr : Expr {
  static constexpr ExprKind Kind = ExprKind::Lambda;
  explicit LambdaExpr(Location l) : Expr(Kind, l) {}
  FunctionShape shape;
  ExprPtr body;
};

// {k: v, **m}: keys and values pair up; a null key marks `**m`, whose items
// are merged in at that point.
struct DictExpr : Expr {
  static constexpr ExprKind Kind = ExprKind::Dict;
  explicit DictExpr(Location l) : Expr(Kind, l) {}
  std::vector<ExprPtr> keys;
  std::vector<ExprPtr> values;
};

// {key: value for target in iter if cond ...}
struct DictCompExpr : Expr {
  static constexpr ExprKind Kind = ExprKind::DictComp;
  explicit DictCompExpr(Location l) : Expr(Kind, l) {}
  ExprPtr key, value;
  std::vector<Comprehension> generators;
  std::unordered_set<std::string> locals;
};

// f"a{x!r:>{w}}b": literal parts are Constant strings, fields FormattedValue.
// Adjacent literals ("a" f"{x}") join into one FString.
struct FStringExpr : Expr {
  static constexpr ExprKind Kind = ExprKind::FString;
  explicit FStringExpr(Location l) : Expr(Kind, l) {}
  std::vector<ExprPtr> parts;
};

// One {field} of an f-string: the value, its conversion ('r', 's' or 0) and
// its format spec (an FString, or null when there is none).
struct FormattedValueExpr : Expr {
  static constexpr ExprKind Kind = ExprKind::FormattedValue;
  FormattedValueExpr(Location l, ExprPtr v) : Expr(Kind, l), value(std::move(v)) {}
  ExprPtr value;
  char conversion = 0;
  ExprPtr spec;
};

// ---- statements ---------------------------------------------------------

enum class StmtKind : uint8_t {
  Expr,
  Assign,
  AugAssign,
  Import,
  ImportFrom,
  FunctionDef,
  Return,
  If,
  For,
  While,
  Break,
  Continue,
  Pass,
  Assert,
  ClassDef,
  With,
  Delete,
  Raise,
  Try,
};

struct Stmt {
  Stmt(StmtKind k, Location l) : kind(k), loc(l) {}
  virtual ~Stmt() = default;
  Stmt(const Stmt&) = delete;
  Stmt& operator=(const Stmt&) = delete;

  template <class T> const T& as() const {
    assert(kind == T::Kind && "wrong statement kind");
    return static_cast<const T&>(*this);
  }

  StmtKind kind;
  Location loc;
};
using StmtPtr = std::unique_ptr<Stmt>;
using Block = std::vector<StmtPtr>;

struct ExprStmt : Stmt {
  static constexpr StmtKind Kind = StmtKind::Expr;
  ExprStmt(Location l, ExprPtr v) : Stmt(Kind, l), value(std::move(v)) {}
  ExprPtr value;
};

// a = b = value; targets are Name, Attribute, Subscript, Tuple/List of
// targets, or Starred inside those.
struct AssignStmt : Stmt {
  static constexpr StmtKind Kind = StmtKind::Assign;
  explicit AssignStmt(Location l) : Stmt(Kind, l) {}
  std::vector<ExprPtr> targets;
  ExprPtr value;
};

struct AugAssignStmt : Stmt {
  static constexpr StmtKind Kind = StmtKind::AugAssign;
  explicit AugAssignStmt(Location l) : Stmt(Kind, l) {}
  ExprPtr target; // Name, Attribute or Subscript
  BinaryOp op = BinaryOp::Add;
  ExprPtr value;
  Location opLoc;
};

struct Alias {
  std::string name; // dotted for `import a.b`
  std::string asName;
  Location loc;
};

struct ImportStmt : Stmt {
  static constexpr StmtKind Kind = StmtKind::Import;
  explicit ImportStmt(Location l) : Stmt(Kind, l) {}
  std::vector<Alias> names;
};

struct ImportFromStmt : Stmt {
  static constexpr StmtKind Kind = StmtKind::ImportFrom;
  explicit ImportFromStmt(Location l) : Stmt(Kind, l) {}
  std::string module;
  Location moduleLoc;
  std::vector<Alias> names; // empty for `from m import *`
  bool star = false;
};

struct FunctionDefStmt : Stmt {
  static constexpr StmtKind Kind = StmtKind::FunctionDef;
  explicit FunctionDefStmt(Location l) : Stmt(Kind, l) {}
  std::string name;
  Location nameLoc;
  std::vector<ExprPtr> decorators;
  FunctionShape shape;
  Block body;
};

struct ReturnStmt : Stmt {
  static constexpr StmtKind Kind = StmtKind::Return;
  explicit ReturnStmt(Location l) : Stmt(Kind, l) {}
  ExprPtr value; // null for a bare return
};

// if/elif/else as one node: a long elif chain stays flat.
struct IfStmt : Stmt {
  static constexpr StmtKind Kind = StmtKind::If;
  explicit IfStmt(Location l) : Stmt(Kind, l) {}
  struct Branch {
    Location loc; // of the `if` or `elif` keyword
    ExprPtr test;
    Block body;
  };
  std::vector<Branch> branches;
  Block orelse;
};

struct ForStmt : Stmt {
  static constexpr StmtKind Kind = StmtKind::For;
  explicit ForStmt(Location l) : Stmt(Kind, l) {}
  ExprPtr target;
  ExprPtr iter;
  Block body;
  Block orelse;
};

struct WhileStmt : Stmt {
  static constexpr StmtKind Kind = StmtKind::While;
  explicit WhileStmt(Location l) : Stmt(Kind, l) {}
  ExprPtr test;
  Block body;
  Block orelse;
};

struct BreakStmt : Stmt {
  static constexpr StmtKind Kind = StmtKind::Break;
  explicit BreakStmt(Location l) : Stmt(Kind, l) {}
};
struct ContinueStmt : Stmt {
  static constexpr StmtKind Kind = StmtKind::Continue;
  explicit ContinueStmt(Location l) : Stmt(Kind, l) {}
};
struct PassStmt : Stmt {
  static constexpr StmtKind Kind = StmtKind::Pass;
  explicit PassStmt(Location l) : Stmt(Kind, l) {}
};

struct AssertStmt : Stmt {
  static constexpr StmtKind Kind = StmtKind::Assert;
  explicit AssertStmt(Location l) : Stmt(Kind, l) {}
  ExprPtr test;
  ExprPtr message; // may be null
};

// del a, b[i], c.x: each target in order.
struct DeleteStmt : Stmt {
  static constexpr StmtKind Kind = StmtKind::Delete;
  explicit DeleteStmt(Location l) : Stmt(Kind, l) {}
  std::vector<ExprPtr> targets;
};

// raise [exc [from cause]]; a bare raise re-raises the exception being handled.
struct RaiseStmt : Stmt {
  static constexpr StmtKind Kind = StmtKind::Raise;
  explicit RaiseStmt(Location l) : Stmt(Kind, l) {}
  ExprPtr exc;   // may be null
  ExprPtr cause; // may be null
};

// try: body / except [type [as name]]: ... / else: ... / finally: ...
struct TryStmt : Stmt {
  static constexpr StmtKind Kind = StmtKind::Try;
  explicit TryStmt(Location l) : Stmt(Kind, l) {}
  struct Handler {
    Location loc;
    ExprPtr type;     // null for a bare except
    std::string name; // empty without `as`
    Block body;
  };
  Block body;
  std::vector<Handler> handlers;
  Block orelse;
  Block finalbody;
};

// class Name(Base): body. At most one base; the body runs once, in a scope
// of its own whose names become the class's attributes.
struct ClassDefStmt : Stmt {
  static constexpr StmtKind Kind = StmtKind::ClassDef;
  explicit ClassDefStmt(Location l) : Stmt(Kind, l) {}
  std::string name;
  Location nameLoc;
  std::vector<ExprPtr> decorators;
  ExprPtr base; // null without one
  Block body;
  std::unordered_set<std::string> locals; // the names the body binds
  // `name: annotation` statements directly in the body, in order, with the
  // annotation's text: the class's __annotations__ (what @dataclass reads).
  std::vector<std::pair<std::string, std::string>> annotations;
};

// with a as x, b: body (items enter left to right and exit in reverse).
struct WithStmt : Stmt {
  static constexpr StmtKind Kind = StmtKind::With;
  explicit WithStmt(Location l) : Stmt(Kind, l) {}
  struct Item {
    ExprPtr context;
    ExprPtr target; // null without `as`
  };
  std::vector<Item> items;
  Block body;
};

struct Module {
  Block body;
};

} // namespace uops::frontend::ast
