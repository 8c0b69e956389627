// Static facts the parser records on the AST: which names a function binds
// (Python decides local vs. global per function, before running it) and how
// high each expression tree is.
#include "core/frontend/parser_impl.h"

#include <algorithm>

namespace uops::frontend::detail {

using namespace ast;

void collectTargetNames(const Expr& target, std::unordered_set<std::string>& out) {
  switch (target.kind) {
  case ExprKind::Name:
    out.insert(target.as<NameExpr>().id);
    return;
  case ExprKind::Starred:
    return collectTargetNames(*target.as<StarredExpr>().value, out);
  case ExprKind::List:
  case ExprKind::Tuple:
    for (const ExprPtr& e : static_cast<const SequenceExpr&>(target).elts)
      collectTargetNames(*e, out);
    return;
  default:
    return; // attribute and subscript targets bind no name
  }
}

// Nested defs bind their own name here but their bodies are their own scope;
// comprehensions and lambdas (expressions) bind nothing in the function.
void collectLocals(const Block& body, std::unordered_set<std::string>& out) {
  for (const StmtPtr& s : body) {
    switch (s->kind) {
    case StmtKind::Assign:
      for (const ExprPtr& t : s->as<AssignStmt>().targets)
        collectTargetNames(*t, out);
      break;
    case StmtKind::AugAssign:
      collectTargetNames(*s->as<AugAssignStmt>().target, out);
      break;
    case StmtKind::Import:
      for (const Alias& a : s->as<ImportStmt>().names)
        out.insert(a.asName.empty() ? a.name.substr(0, a.name.find('.')) : a.asName);
      break;
    case StmtKind::ImportFrom:
      for (const Alias& a : s->as<ImportFromStmt>().names)
        out.insert(a.asName.empty() ? a.name : a.asName);
      break;
    case StmtKind::FunctionDef:
      out.insert(s->as<FunctionDefStmt>().name);
      break;
    case StmtKind::ClassDef:
      out.insert(s->as<ClassDefStmt>().name);
      break;
    case StmtKind::With:
      for (const WithStmt::Item& item : s->as<WithStmt>().items)
        if (item.target) collectTargetNames(*item.target, out);
      collectLocals(s->as<WithStmt>().body, out);
      break;
    case StmtKind::If:
      for (const IfStmt::Branch& b : s->as<IfStmt>().branches)
        collectLocals(b.body, out);
      collectLocals(s->as<IfStmt>().orelse, out);
      break;
    case StmtKind::For:
      collectTargetNames(*s->as<ForStmt>().target, out);
      collectLocals(s->as<ForStmt>().body, out);
      collectLocals(s->as<ForStmt>().orelse, out);
      break;
    case StmtKind::While:
      collectLocals(s->as<WhileStmt>().body, out);
      collectLocals(s->as<WhileStmt>().orelse, out);
      break;
    case StmtKind::Delete:
      // `del x` makes x local, as assigning it does.
      for (const ExprPtr& t : s->as<DeleteStmt>().targets)
        collectTargetNames(*t, out);
      break;
    case StmtKind::Try: {
      const auto& t = s->as<TryStmt>();
      collectLocals(t.body, out);
      for (const TryStmt::Handler& h : t.handlers) {
        if (!h.name.empty()) out.insert(h.name);
        collectLocals(h.body, out);
      }
      collectLocals(t.orelse, out);
      collectLocals(t.finalbody, out);
      break;
    }
    case StmtKind::Raise:
    case StmtKind::Expr:
    case StmtKind::Return:
    case StmtKind::Break:
    case StmtKind::Continue:
    case StmtKind::Pass:
    case StmtKind::Assert:
      break;
    }
  }
}

int expressionDepth(const Expr& e) {
  int d = 0;
  auto child = [&](const ExprPtr& c) {
    if (c) d = std::max(d, c->depth);
  };
  switch (e.kind) {
  case ExprKind::Name:
  case ExprKind::Constant:
    break;
  case ExprKind::List:
  case ExprKind::Tuple:
    for (const ExprPtr& c : static_cast<const SequenceExpr&>(e).elts)
      child(c);
    break;
  case ExprKind::ListComp: {
    const auto& l = e.as<ListCompExpr>();
    child(l.elt);
    for (const Comprehension& g : l.generators) {
      child(g.target);
      child(g.iter);
      for (const ExprPtr& c : g.ifs)
        child(c);
    }
    break;
  }
  case ExprKind::Attribute:
    child(e.as<AttributeExpr>().value);
    break;
  case ExprKind::Subscript:
    child(e.as<SubscriptExpr>().value);
    child(e.as<SubscriptExpr>().index);
    break;
  case ExprKind::Slice:
    child(e.as<SliceExpr>().lower);
    child(e.as<SliceExpr>().upper);
    child(e.as<SliceExpr>().step);
    break;
  case ExprKind::Call:
    child(e.as<CallExpr>().func);
    for (const ExprPtr& c : e.as<CallExpr>().args)
      child(c);
    for (const Keyword& k : e.as<CallExpr>().keywords)
      child(k.value);
    break;
  case ExprKind::Starred:
    child(e.as<StarredExpr>().value);
    break;
  case ExprKind::NamedExpr:
    child(e.as<NamedExpr>().value);
    break;
  case ExprKind::Yield:
    child(e.as<YieldExpr>().value);
    break;
  case ExprKind::Unary:
    child(e.as<UnaryExpr>().operand);
    break;
  case ExprKind::Binary:
    child(e.as<BinaryExpr>().left);
    child(e.as<BinaryExpr>().right);
    break;
  case ExprKind::BoolOp:
    for (const ExprPtr& c : e.as<BoolOpExpr>().values)
      child(c);
    break;
  case ExprKind::Compare:
    child(e.as<CompareExpr>().left);
    for (const ExprPtr& c : e.as<CompareExpr>().comparators)
      child(c);
    break;
  case ExprKind::IfExp:
    child(e.as<IfExpr>().test);
    child(e.as<IfExpr>().body);
    child(e.as<IfExpr>().orelse);
    break;
  case ExprKind::Lambda:
    child(e.as<LambdaExpr>().body);
    for (const Parameter& p : e.as<LambdaExpr>().shape.params)
      child(p.defaultValue);
    break;
  case ExprKind::Dict:
    for (const ExprPtr& c : e.as<DictExpr>().keys)
      child(c);
    for (const ExprPtr& c : e.as<DictExpr>().values)
      child(c);
    break;
  case ExprKind::DictComp: {
    const auto& comp = e.as<DictCompExpr>();
    child(comp.key);
    child(comp.value);
    for (const Comprehension& g : comp.generators) {
      child(g.target);
      child(g.iter);
      for (const ExprPtr& c : g.ifs)
        child(c);
    }
    break;
  }
  case ExprKind::FString:
    for (const ExprPtr& c : e.as<FStringExpr>().parts)
      child(c);
    break;
  case ExprKind::FormattedValue:
    child(e.as<FormattedValueExpr>().value);
    child(e.as<FormattedValueExpr>().spec);
    break;
  }
  return d + 1;
}

} // namespace uops::frontend::detail
