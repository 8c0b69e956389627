#include "core/frontend/ast_print.h"

#include "core/frontend/number_format.h"

#include <fmt/format.h>

namespace uops::frontend::ast {

namespace {

std::string_view unaryName(UnaryKind op) {
  switch (op) {
  case UnaryKind::Neg:
    return "neg";
  case UnaryKind::Pos:
    return "pos";
  case UnaryKind::Invert:
    return "~";
  case UnaryKind::Not:
    return "not";
  }
  return "?";
}

std::string_view compareName(CompareOp op) {
  switch (op) {
  case CompareOp::Eq:
    return "==";
  case CompareOp::Ne:
    return "!=";
  case CompareOp::Lt:
    return "<";
  case CompareOp::Le:
    return "<=";
  case CompareOp::Gt:
    return ">";
  case CompareOp::Ge:
    return ">=";
  case CompareOp::In:
    return "in";
  case CompareOp::NotIn:
    return "not-in";
  case CompareOp::Is:
    return "is";
  case CompareOp::IsNot:
    return "is-not";
  }
  return "?";
}

std::string constantText(const ConstantValue& value) {
  struct Visitor {
    std::string operator()(NoneConst) const { return "None"; }
    std::string operator()(bool b) const { return b ? "True" : "False"; }
    std::string operator()(int64_t i) const { return fmt::format("{}", i); }
    std::string operator()(double d) const { return formatFloat(d); }
    std::string operator()(const std::string& s) const { return quoteString(s); }
    std::string operator()(EllipsisConst) const { return "..."; }
  };
  return std::visit(Visitor{}, value);
}

class Printer {
public:
  explicit Printer(bool withLocations) : m_locations(withLocations) {}

  std::string expr(const Expr& e);
  std::string stmt(const Stmt& s);

private:
  std::string at(std::string_view head, Location loc) const {
    return m_locations ? fmt::format("{}@{}:{}", head, loc.line, loc.col) : std::string(head);
  }
  std::string optional(const ExprPtr& e) { return e ? expr(*e) : "_"; }
  std::string exprs(const std::vector<ExprPtr>& list) {
    std::string out;
    for (const ExprPtr& e : list)
      out += " " + expr(*e);
    return out;
  }
  std::string block(const Block& body) {
    std::string out;
    for (const StmtPtr& s : body)
      out += " " + stmt(*s);
    return out;
  }
  std::string params(const FunctionShape& shape);
  std::string clauses(const std::vector<Comprehension>& generators);
  std::string comprehension(const ListCompExpr& e);
  std::string call(const CallExpr& e);
  std::string ifStmt(const IfStmt& s);
  std::string alias(const Alias& a) {
    return a.asName.empty() ? at(a.name, a.loc)
                            : fmt::format("(as {} {})", at(a.name, a.loc), a.asName);
  }

  bool m_locations;
};

std::string Printer::params(const FunctionShape& shape) {
  std::string out = "(";
  for (const Parameter& p : shape.params) {
    if (out.size() > 1) out += ' ';
    if (p.kind == ParamKind::VarArgs)
      out += p.name.empty() ? "*" : fmt::format("(* {})", p.name);
    else if (p.kind == ParamKind::VarKeywords)
      out += fmt::format("(** {})", p.name);
    else if (p.defaultValue)
      out += fmt::format("(= {} {})", at(p.name, p.loc), expr(*p.defaultValue));
    else
      out += at(p.name, p.loc);
  }
  return out + ")";
}

std::string Printer::clauses(const std::vector<Comprehension>& generators) {
  std::string out;
  for (const Comprehension& c : generators) {
    out += fmt::format(" (for {} {}", expr(*c.target), expr(*c.iter));
    for (const ExprPtr& cond : c.ifs)
      out += fmt::format(" (if {})", expr(*cond));
    out += ")";
  }
  return out;
}

std::string Printer::comprehension(const ListCompExpr& e) {
  return fmt::format("({} {}{})", at(e.isGenerator ? "genexp" : "listcomp", e.loc), expr(*e.elt),
                     clauses(e.generators));
}

std::string Printer::call(const CallExpr& e) {
  std::string out = fmt::format("({} {}{}", at("call", e.loc), expr(*e.func), exprs(e.args));
  for (const Keyword& k : e.keywords)
    out += k.name.empty() ? fmt::format(" ({} {})", at("**", k.loc), expr(*k.value))
                          : fmt::format(" (kw {} {})", at(k.name, k.loc), expr(*k.value));
  return out + ")";
}

std::string Printer::expr(const Expr& e) {
  switch (e.kind) {
  case ExprKind::Name:
    return at(e.as<NameExpr>().id, e.loc);
  case ExprKind::Constant:
    return at(constantText(e.as<ConstantExpr>().value), e.loc);
  case ExprKind::List:
    return fmt::format("({}{})", at("list", e.loc), exprs(e.as<ListExpr>().elts));
  case ExprKind::Tuple:
    return fmt::format("({}{})", at("tuple", e.loc), exprs(e.as<TupleExpr>().elts));
  case ExprKind::ListComp:
    return comprehension(e.as<ListCompExpr>());
  case ExprKind::Attribute: {
    const auto& a = e.as<AttributeExpr>();
    return fmt::format("({} {} {})", at(".", e.loc), expr(*a.value), a.attr);
  }
  case ExprKind::Subscript: {
    const auto& s = e.as<SubscriptExpr>();
    return fmt::format("({} {} {})", at("sub", e.loc), expr(*s.value), expr(*s.index));
  }
  case ExprKind::Slice: {
    const auto& s = e.as<SliceExpr>();
    return fmt::format("({} {} {} {})", at("slice", e.loc), optional(s.lower), optional(s.upper),
                       optional(s.step));
  }
  case ExprKind::Call:
    return call(e.as<CallExpr>());
  case ExprKind::Starred:
    return fmt::format("({} {})", at("*", e.loc), expr(*e.as<StarredExpr>().value));
  case ExprKind::NamedExpr:
    return fmt::format("({} {} {})", at(":=", e.loc), e.as<NamedExpr>().name,
                       expr(*e.as<NamedExpr>().value));
  case ExprKind::Yield: {
    const auto& y = e.as<YieldExpr>();
    return fmt::format("({} {})", at(y.from ? "yield-from" : "yield", e.loc), optional(y.value));
  }
  case ExprKind::Unary: {
    const auto& u = e.as<UnaryExpr>();
    return fmt::format("({} {})", at(unaryName(u.op), e.loc), expr(*u.operand));
  }
  case ExprKind::Binary: {
    const auto& b = e.as<BinaryExpr>();
    return fmt::format("({} {} {})", at(symbol(b.op), e.loc), expr(*b.left), expr(*b.right));
  }
  case ExprKind::BoolOp: {
    const auto& b = e.as<BoolOpExpr>();
    return fmt::format("({}{})", at(b.isAnd ? "and" : "or", e.loc), exprs(b.values));
  }
  case ExprKind::Compare: {
    const auto& c = e.as<CompareExpr>();
    if (c.ops.size() == 1)
      return fmt::format("({} {} {})", at(compareName(c.ops[0]), e.loc), expr(*c.left),
                         expr(*c.comparators[0]));
    std::string out = fmt::format("({} {}", at("compare", e.loc), expr(*c.left));
    for (size_t i = 0; i < c.ops.size(); ++i)
      out += fmt::format(" {} {}", compareName(c.ops[i]), expr(*c.comparators[i]));
    return out + ")";
  }
  case ExprKind::IfExp: {
    const auto& i = e.as<IfExpr>();
    return fmt::format("({} {} {} {})", at("ifexp", e.loc), expr(*i.test), expr(*i.body),
                       expr(*i.orelse));
  }
  case ExprKind::Lambda: {
    const auto& l = e.as<LambdaExpr>();
    return fmt::format("({} {} {})", at("lambda", e.loc), params(l.shape), expr(*l.body));
  }
  case ExprKind::Dict: {
    const auto& d = e.as<DictExpr>();
    std::string out = "(" + at("dict", e.loc);
    for (size_t i = 0; i < d.keys.size(); ++i)
      out += d.keys[i] ? fmt::format(" (: {} {})", expr(*d.keys[i]), expr(*d.values[i]))
                       : fmt::format(" (** {})", expr(*d.values[i]));
    return out + ")";
  }
  case ExprKind::DictComp: {
    const auto& d = e.as<DictCompExpr>();
    return fmt::format("({} {} {}{})", at("dictcomp", e.loc), expr(*d.key), expr(*d.value),
                       clauses(d.generators));
  }
  case ExprKind::FString:
    return fmt::format("({}{})", at("f", e.loc), exprs(e.as<FStringExpr>().parts));
  case ExprKind::FormattedValue: {
    const auto& f = e.as<FormattedValueExpr>();
    std::string conversion = f.conversion ? fmt::format(" !{}", f.conversion) : "";
    std::string spec = f.spec ? " " + expr(*f.spec) : "";
    return fmt::format("({} {}{}{})", at("field", e.loc), expr(*f.value), conversion, spec);
  }
  }
  return "?";
}

std::string Printer::ifStmt(const IfStmt& s) {
  std::string out;
  for (size_t i = 0; i < s.branches.size(); ++i) {
    const IfStmt::Branch& b = s.branches[i];
    std::string body = fmt::format("{} ({})", expr(*b.test), block(b.body).substr(1));
    out += i == 0 ? fmt::format("({} {}", at("if", b.loc), body)
                  : fmt::format(" ({} {})", at("elif", b.loc), body);
  }
  if (!s.orelse.empty()) out += fmt::format(" (else ({}))", block(s.orelse).substr(1));
  return out + ")";
}

std::string Printer::stmt(const Stmt& s) {
  switch (s.kind) {
  case StmtKind::Expr:
    return fmt::format("({} {})", at("expr", s.loc), expr(*s.as<ExprStmt>().value));
  case StmtKind::Assign: {
    const auto& a = s.as<AssignStmt>();
    return fmt::format("({}{} {})", at("=", s.loc), exprs(a.targets), expr(*a.value));
  }
  case StmtKind::AugAssign: {
    const auto& a = s.as<AugAssignStmt>();
    return fmt::format("({}= {} {})", at(symbol(a.op), s.loc), expr(*a.target), expr(*a.value));
  }
  case StmtKind::Import: {
    std::string out = "(" + at("import", s.loc);
    for (const Alias& a : s.as<ImportStmt>().names)
      out += " " + alias(a);
    return out + ")";
  }
  case StmtKind::ImportFrom: {
    const auto& i = s.as<ImportFromStmt>();
    std::string out = fmt::format("({} {}", at("from", s.loc), at(i.module, i.moduleLoc));
    if (i.star) out += " *";
    for (const Alias& a : i.names)
      out += " " + alias(a);
    return out + ")";
  }
  case StmtKind::FunctionDef: {
    const auto& d = s.as<FunctionDefStmt>();
    std::string decorators;
    if (!d.decorators.empty()) decorators = fmt::format(" (decorators{})", exprs(d.decorators));
    return fmt::format("({} {} {}{}{})", at("def", s.loc), at(d.name, d.nameLoc), params(d.shape),
                       decorators, block(d.body));
  }
  case StmtKind::Return: {
    const auto& r = s.as<ReturnStmt>();
    return r.value ? fmt::format("({} {})", at("return", s.loc), expr(*r.value))
                   : fmt::format("({})", at("return", s.loc));
  }
  case StmtKind::If:
    return ifStmt(s.as<IfStmt>());
  case StmtKind::For: {
    const auto& f = s.as<ForStmt>();
    std::string orelse =
        f.orelse.empty() ? "" : fmt::format(" (else ({}))", block(f.orelse).substr(1));
    return fmt::format("({} {} {} ({}){})", at("for", s.loc), expr(*f.target), expr(*f.iter),
                       block(f.body).substr(1), orelse);
  }
  case StmtKind::While: {
    const auto& w = s.as<WhileStmt>();
    std::string orelse =
        w.orelse.empty() ? "" : fmt::format(" (else ({}))", block(w.orelse).substr(1));
    return fmt::format("({} {} ({}){})", at("while", s.loc), expr(*w.test), block(w.body).substr(1),
                       orelse);
  }
  case StmtKind::Break:
    return fmt::format("({})", at("break", s.loc));
  case StmtKind::Continue:
    return fmt::format("({})", at("continue", s.loc));
  case StmtKind::Pass:
    return fmt::format("({})", at("pass", s.loc));
  case StmtKind::Assert: {
    const auto& a = s.as<AssertStmt>();
    std::string message = a.message ? " " + expr(*a.message) : "";
    return fmt::format("({} {}{})", at("assert", s.loc), expr(*a.test), message);
  }
  case StmtKind::ClassDef: {
    const auto& c = s.as<ClassDefStmt>();
    std::string decorators;
    if (!c.decorators.empty()) decorators = fmt::format(" (decorators{})", exprs(c.decorators));
    std::string base = c.base ? " (base " + expr(*c.base) + ")" : "";
    return fmt::format("({} {}{}{}{})", at("class", s.loc), at(c.name, c.nameLoc), base, decorators,
                       block(c.body));
  }
  case StmtKind::Delete:
    return fmt::format("({}{})", at("del", s.loc), exprs(s.as<DeleteStmt>().targets));
  case StmtKind::Raise: {
    const auto& r = s.as<RaiseStmt>();
    std::string out = "(" + at("raise", s.loc);
    if (r.exc) out += " " + expr(*r.exc);
    if (r.cause) out += " (from " + expr(*r.cause) + ")";
    return out + ")";
  }
  case StmtKind::Try: {
    const auto& t = s.as<TryStmt>();
    std::string out = fmt::format("({} ({})", at("try", s.loc), block(t.body).substr(1));
    for (const TryStmt::Handler& h : t.handlers) {
      out += " (" + at("except", h.loc);
      if (h.type) out += " " + expr(*h.type);
      if (!h.name.empty()) out += " (as " + h.name + ")";
      out += block(h.body) + ")";
    }
    if (!t.orelse.empty()) out += fmt::format(" (else ({}))", block(t.orelse).substr(1));
    if (!t.finalbody.empty()) out += fmt::format(" (finally ({}))", block(t.finalbody).substr(1));
    return out + ")";
  }
  case StmtKind::With: {
    const auto& w = s.as<WithStmt>();
    std::string out = "(" + at("with", s.loc);
    for (const WithStmt::Item& item : w.items)
      out += item.target ? fmt::format(" (as {} {})", expr(*item.context), expr(*item.target))
                         : " " + expr(*item.context);
    return out + " (" + block(w.body).substr(1) + "))";
  }
  }
  return "?";
}

} // namespace

std::string printExpr(const Expr& expr, bool withLocations) {
  return Printer(withLocations).expr(expr);
}

std::string printStmt(const Stmt& stmt, bool withLocations) {
  return Printer(withLocations).stmt(stmt);
}

std::string printModule(const Module& module, bool withLocations) {
  std::string out;
  Printer printer(withLocations);
  for (const StmtPtr& s : module.body)
    out += printer.stmt(*s) + "\n";
  return out;
}

} // namespace uops::frontend::ast
