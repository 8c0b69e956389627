// Expressions, from lambda and conditional expressions down to atoms.
#include "core/frontend/parser_impl.h"

#include "core/frontend/load_error.h"
#include "core/frontend/parser.h"

#include <fmt/format.h>

#include <array>
#include <span>
#include <unordered_set>

namespace uops::frontend::detail {

using namespace ast;

namespace {

struct LevelOp {
  std::string_view spelling;
  BinaryOp op;
};

// Binary operator precedence, loosest first; each level is left-associative.
constexpr std::array<LevelOp, 1> kOr = {{{"|", BinaryOp::BitOr}}};
constexpr std::array<LevelOp, 1> kXor = {{{"^", BinaryOp::BitXor}}};
constexpr std::array<LevelOp, 1> kAnd = {{{"&", BinaryOp::BitAnd}}};
constexpr std::array<LevelOp, 2> kShift = {{{"<<", BinaryOp::LShift}, {">>", BinaryOp::RShift}}};
constexpr std::array<LevelOp, 2> kSum = {{{"+", BinaryOp::Add}, {"-", BinaryOp::Sub}}};
constexpr std::array<LevelOp, 5> kTerm = {{{"*", BinaryOp::Mul},
                                           {"/", BinaryOp::TrueDiv},
                                           {"//", BinaryOp::FloorDiv},
                                           {"%", BinaryOp::Mod},
                                           {"@", BinaryOp::MatMul}}};
constexpr std::array<std::span<const LevelOp>, 6> kLevels = {kOr, kXor, kAnd, kShift, kSum, kTerm};

} // namespace

NestingGuard::NestingGuard(Parser& parser) : m_parser(parser) {
  if (++m_parser.m_nesting > kMaxNesting)
    m_parser.fail(
        m_parser.peek().loc,
        fmt::format("expression is too deeply nested (the limit is {} levels)", kMaxNesting));
}

ExprPtr Parser::seal(ExprPtr node) const {
  node->depth = expressionDepth(*node);
  if (node->depth > kMaxExprDepth)
    fail(node->loc, fmt::format("expression is too long or too deeply nested (the limit is {} "
                                "levels)",
                                kMaxExprDepth));
  return node;
}

ExprPtr Parser::expression() {
  NestingGuard guard(*this);
  if (atKeyword("lambda")) return lambda();
  if (peek().kind == TokenKind::Name && peek(1).isOp(":=")) return namedExpression();
  ExprPtr body = disjunction();
  if (!atKeyword("if")) return body;
  next();
  auto node = std::make_unique<IfExpr>(body->loc);
  node->body = std::move(body);
  node->test = disjunction();
  if (!acceptKeyword("else")) unexpected("'else' in the conditional expression");
  node->orelse = expression();
  return seal(std::move(node));
}

ExprPtr Parser::starExpression() {
  if (!atOp("*")) return expression();
  Location loc = next().loc;
  NestingGuard guard(*this);
  return seal(std::make_unique<StarredExpr>(loc, binaryLevel(0)));
}

ExprPtr Parser::starExpressions() {
  ExprPtr first = starExpression();
  if (!atOp(",")) return first;
  auto tuple = std::make_unique<TupleExpr>(first->loc);
  tuple->elts.push_back(std::move(first));
  while (acceptOp(",")) {
    const Token& t = peek();
    bool more = t.kind == TokenKind::Name || t.kind == TokenKind::Int ||
                t.kind == TokenKind::Float || t.kind == TokenKind::String ||
                t.kind == TokenKind::FString ||
                (t.kind == TokenKind::Keyword &&
                 (t.text == "None" || t.text == "True" || t.text == "False" || t.text == "not" ||
                  t.text == "lambda")) ||
                (t.kind == TokenKind::Op &&
                 (t.text == "(" || t.text == "[" || t.text == "-" || t.text == "+" ||
                  t.text == "~" || t.text == "*" || t.text == "..." || t.text == "{"));
    if (!more) break; // a trailing comma
    tuple->elts.push_back(starExpression());
  }
  return seal(std::move(tuple));
}

ExprPtr Parser::targetList() {
  auto one = [&]() -> ExprPtr {
    if (!atOp("*")) return binaryLevel(0);
    Location loc = next().loc;
    return seal(std::make_unique<StarredExpr>(loc, binaryLevel(0)));
  };
  ExprPtr first = one();
  if (!atOp(",")) return first;
  auto tuple = std::make_unique<TupleExpr>(first->loc);
  tuple->elts.push_back(std::move(first));
  while (acceptOp(",")) {
    if (atKeyword("in") || atOp("=")) break;
    tuple->elts.push_back(one());
  }
  return seal(std::move(tuple));
}

ExprPtr Parser::disjunction() {
  ExprPtr first = conjunction();
  if (!atKeyword("or")) return first;
  auto node = std::make_unique<BoolOpExpr>(first->loc, false);
  node->values.push_back(std::move(first));
  while (acceptKeyword("or"))
    node->values.push_back(conjunction());
  return seal(std::move(node));
}

ExprPtr Parser::conjunction() {
  ExprPtr first = inversion();
  if (!atKeyword("and")) return first;
  auto node = std::make_unique<BoolOpExpr>(first->loc, true);
  node->values.push_back(std::move(first));
  while (acceptKeyword("and"))
    node->values.push_back(inversion());
  return seal(std::move(node));
}

ExprPtr Parser::inversion() {
  if (!atKeyword("not")) return comparison();
  Location loc = next().loc;
  NestingGuard guard(*this);
  return seal(std::make_unique<UnaryExpr>(loc, UnaryKind::Not, inversion()));
}

ExprPtr Parser::comparison() {
  ExprPtr first = binaryLevel(0);
  std::unique_ptr<CompareExpr> node;
  for (;;) {
    const Token& t = peek();
    Location loc = t.loc;
    CompareOp op;
    if (t.isOp("=="))
      op = CompareOp::Eq;
    else if (t.isOp("!="))
      op = CompareOp::Ne;
    else if (t.isOp("<"))
      op = CompareOp::Lt;
    else if (t.isOp("<="))
      op = CompareOp::Le;
    else if (t.isOp(">"))
      op = CompareOp::Gt;
    else if (t.isOp(">="))
      op = CompareOp::Ge;
    else if (t.isKeyword("in"))
      op = CompareOp::In;
    else if (t.isKeyword("not") && peek(1).isKeyword("in"))
      op = CompareOp::NotIn;
    else if (t.isKeyword("is"))
      op = peek(1).isKeyword("not") ? CompareOp::IsNot : CompareOp::Is;
    else
      break;
    next();
    if (op == CompareOp::NotIn || op == CompareOp::IsNot) next();
    if (!node) node = std::make_unique<CompareExpr>(first->loc, std::move(first));
    node->ops.push_back(op);
    node->opLocs.push_back(loc);
    node->comparators.push_back(binaryLevel(0));
  }
  if (!node) return first;
  return seal(std::move(node));
}

ExprPtr Parser::binaryLevel(int level) {
  if (level == static_cast<int>(kLevels.size())) return factor();
  ExprPtr left = binaryLevel(level + 1);
  for (;;) {
    const LevelOp* found = nullptr;
    for (const LevelOp& candidate : kLevels[static_cast<size_t>(level)])
      if (atOp(candidate.spelling)) found = &candidate;
    if (!found) return left;
    Location opLoc = next().loc;
    ExprPtr right = binaryLevel(level + 1);
    Location loc = left->loc;
    left = seal(
        std::make_unique<BinaryExpr>(loc, found->op, std::move(left), std::move(right), opLoc));
  }
}

ExprPtr Parser::factor() {
  UnaryKind op;
  if (atOp("-"))
    op = UnaryKind::Neg;
  else if (atOp("+"))
    op = UnaryKind::Pos;
  else if (atOp("~"))
    op = UnaryKind::Invert;
  else
    return power();
  Location loc = next().loc;
  NestingGuard guard(*this);
  return seal(std::make_unique<UnaryExpr>(loc, op, factor()));
}

ExprPtr Parser::power() {
  ExprPtr base = primary();
  if (!atOp("**")) return base;
  Location opLoc = next().loc;
  NestingGuard guard(*this);
  ExprPtr exponent =
      factor(); // right-associative, and binds tighter than a unary minus on its left
  Location loc = base->loc;
  return seal(std::make_unique<BinaryExpr>(loc, BinaryOp::Pow, std::move(base), std::move(exponent),
                                           opLoc));
}

ExprPtr Parser::primary() {
  ExprPtr node = atom();
  for (;;) {
    if (atOp(".")) {
      next();
      const Token& name = expectName("an attribute name after '.'");
      Location loc = node->loc;
      node = seal(std::make_unique<AttributeExpr>(loc, std::move(node), name.text, name.loc));
    } else if (atOp("(")) {
      node = call(std::move(node));
    } else if (atOp("[")) {
      node = subscript(std::move(node));
    } else {
      return node;
    }
  }
}

ExprPtr Parser::call(ExprPtr func) {
  Location paren = next().loc;
  auto node = std::make_unique<CallExpr>(func->loc, std::move(func));
  const Expr& callee = *node->func;
  node->errorLoc = callee.kind == ExprKind::Attribute ? callee.as<AttributeExpr>().attrLoc
                   : callee.kind == ExprKind::Name    ? callee.loc
                                                      : paren;
  std::unordered_set<std::string> keywordNames;
  bool sawDoubleStar = false;
  while (!atOp(")")) {
    Location loc = peek().loc;
    if (acceptOp("*")) {
      NestingGuard guard(*this);
      node->args.push_back(seal(std::make_unique<StarredExpr>(loc, expression())));
      if (sawDoubleStar)
        fail(loc, "iterable argument unpacking follows keyword argument unpacking");
    } else if (acceptOp("**")) {
      sawDoubleStar = true;
      node->keywords.push_back({"", expression(), loc});
    } else if (peek().kind == TokenKind::Name && peek(1).isOp("=")) {
      std::string name = next().text;
      next();
      if (!keywordNames.insert(name).second)
        fail(loc, fmt::format("keyword argument repeated: {}", name));
      node->keywords.push_back({name, expression(), loc});
    } else {
      ExprPtr arg = expression();
      if (atKeyword("for")) {
        Location argLoc = arg->loc;
        if (!node->args.empty() || !node->keywords.empty())
          fail(argLoc, "generator expression must be parenthesized");
        arg = comprehension(std::move(arg), argLoc, true);
        if (!atOp(")")) fail(argLoc, "generator expression must be parenthesized");
      }
      if (atOp("="))
        fail(arg->loc, "expression cannot contain assignment, perhaps you meant \"==\"?");
      if (sawDoubleStar) fail(arg->loc, "positional argument follows keyword argument unpacking");
      if (!node->keywords.empty()) fail(arg->loc, "positional argument follows keyword argument");
      node->args.push_back(std::move(arg));
    }
    if (!acceptOp(",")) break;
  }
  if (!atOp(")")) unexpected("',' or ')'");
  next();
  return seal(std::move(node));
}

ExprPtr Parser::sliceItem() {
  Location loc = peek().loc;
  ExprPtr lower;
  if (!atOp(":")) {
    lower = starExpression();
    if (!atOp(":")) return lower;
  }
  next();
  auto slice = std::make_unique<SliceExpr>(loc);
  slice->lower = std::move(lower);
  auto bound = [&]() -> ExprPtr {
    if (atOp(":") || atOp(",") || atOp("]")) return nullptr;
    return expression();
  };
  slice->upper = bound();
  if (acceptOp(":")) slice->step = bound();
  return seal(std::move(slice));
}

ExprPtr Parser::subscript(ExprPtr value) {
  Location bracket = next().loc;
  if (atOp("]")) unexpected("an index");
  ExprPtr index = sliceItem();
  if (atOp(",")) {
    auto tuple = std::make_unique<TupleExpr>(index->loc);
    tuple->elts.push_back(std::move(index));
    while (acceptOp(",") && !atOp("]"))
      tuple->elts.push_back(sliceItem());
    index = seal(std::move(tuple));
  }
  if (!atOp("]")) unexpected("',' or ']'");
  next();
  Location loc = value->loc;
  return seal(std::make_unique<SubscriptExpr>(loc, std::move(value), std::move(index), bracket));
}

void Parser::comprehensionClauses(std::vector<Comprehension>& out,
                                  std::unordered_set<std::string>& locals) {
  while (atKeyword("for")) {
    next();
    Comprehension clause;
    clause.target = targetList();
    checkTarget(*clause.target);
    collectTargetNames(*clause.target, locals);
    if (!acceptKeyword("in")) unexpected("'in'");
    clause.iter = disjunction();
    while (acceptKeyword("if"))
      clause.ifs.push_back(disjunction());
    out.push_back(std::move(clause));
  }
  if (atKeyword("async")) fail(peek().loc, "asynchronous comprehensions are not supported");
}

ExprPtr Parser::comprehension(ExprPtr elt, Location loc, bool generator) {
  auto node = std::make_unique<ListCompExpr>(loc);
  node->elt = std::move(elt);
  node->isGenerator = generator;
  comprehensionClauses(node->generators, node->locals);
  return seal(std::move(node));
}

// {}, {k: v, **m}, {k: v for ...}; sets are outside the subset.
ExprPtr Parser::dictDisplay() {
  Location loc = next().loc;
  auto dict = std::make_unique<DictExpr>(loc);
  while (!atOp("}")) {
    if (acceptOp("**")) {
      dict->keys.push_back(nullptr);
      dict->values.push_back(binaryLevel(0));
    } else {
      ExprPtr key = expression();
      if (!atOp(":")) {
        if (atOp(",") || atOp("}") || atKeyword("for")) fail(loc, "set displays are not supported");
        unexpected("':'");
      }
      next();
      ExprPtr value = expression();
      if (atKeyword("for")) {
        if (!dict->keys.empty()) unexpected("',' or '}'");
        auto comp = std::make_unique<DictCompExpr>(loc);
        comp->key = std::move(key);
        comp->value = std::move(value);
        comprehensionClauses(comp->generators, comp->locals);
        if (!acceptOp("}")) unexpected("'}'");
        return seal(std::move(comp));
      }
      dict->keys.push_back(std::move(key));
      dict->values.push_back(std::move(value));
    }
    if (!acceptOp(",")) break;
  }
  if (!acceptOp("}")) unexpected("',' or '}'");
  return seal(std::move(dict));
}

ExprPtr Parser::parenthesized() {
  Location loc = next().loc;
  if (acceptOp(")")) return seal(std::make_unique<TupleExpr>(loc));
  if (atKeyword("yield")) {
    ExprPtr yielded = yieldExpression();
    if (!acceptOp(")")) unexpected("')'");
    return yielded;
  }
  ExprPtr first = starExpression();
  if (atOp(":=")) fail(peek().loc, "only a name can be the target of ':='");
  if (atKeyword("for")) {
    ExprPtr comp = comprehension(std::move(first), loc, true);
    if (!acceptOp(")")) unexpected("')'");
    return comp;
  }
  if (!atOp(",")) {
    if (!acceptOp(")")) unexpected("')'");
    if (first->kind == ExprKind::Starred) fail(first->loc, "cannot use starred expression here");
    return first;
  }
  auto tuple = std::make_unique<TupleExpr>(loc);
  tuple->elts.push_back(std::move(first));
  while (acceptOp(",") && !atOp(")"))
    tuple->elts.push_back(starExpression());
  if (!acceptOp(")")) unexpected("',' or ')'");
  return seal(std::move(tuple));
}

ExprPtr Parser::listDisplay() {
  Location loc = next().loc;
  auto list = std::make_unique<ListExpr>(loc);
  if (acceptOp("]")) return seal(std::move(list));
  ExprPtr first = starExpression();
  if (atKeyword("for")) {
    ExprPtr comp = comprehension(std::move(first), loc, false);
    if (!acceptOp("]")) unexpected("']'");
    return comp;
  }
  list->elts.push_back(std::move(first));
  while (acceptOp(",") && !atOp("]"))
    list->elts.push_back(starExpression());
  if (!acceptOp("]")) unexpected("',' or ']'");
  return seal(std::move(list));
}

ExprPtr Parser::lambda() {
  Location loc = next().loc;
  auto node = std::make_unique<LambdaExpr>(loc);
  parameters(node->shape, ":", false);
  expectOp(":");
  for (const Parameter& p : node->shape.params)
    if (!p.name.empty()) node->shape.locals.insert(p.name);
  auto* namedLocals = std::exchange(m_namedLocals, &node->shape.locals);
  auto* def = std::exchange(m_def, nullptr);
  node->body = expression();
  m_def = def;
  m_namedLocals = namedLocals;
  return seal(std::move(node));
}

// yield [value], yield a, b, or yield from iterable: makes the def around it
// a generator.
ExprPtr Parser::yieldExpression() {
  Location loc = next().loc;
  if (!m_def) fail(loc, "'yield' outside function");
  m_def->generator = true;
  auto node = std::make_unique<YieldExpr>(loc);
  if (acceptKeyword("from")) {
    node->from = true;
    node->value = expression();
  } else if (peek().kind != TokenKind::Newline && peek().kind != TokenKind::End && !atOp(")") &&
             !atOp("]") && !atOp("}") && !atOp("=") && !atOp(";")) {
    node->value = starExpressions();
  }
  return seal(std::move(node));
}

// name := value. The name becomes a local of the enclosing function (Python
// binds it there even from inside a comprehension).
ExprPtr Parser::namedExpression() {
  const Token& name = next();
  auto node = std::make_unique<NamedExpr>(name.loc);
  node->name = name.text;
  next(); // :=
  node->value = expression();
  if (m_namedLocals) m_namedLocals->insert(node->name);
  return seal(std::move(node));
}

ExprPtr Parser::atom() {
  const Token& t = peek();
  switch (t.kind) {
  case TokenKind::Name: {
    Location loc = t.loc;
    return seal(std::make_unique<NameExpr>(loc, next().text));
  }
  case TokenKind::Int:
    next();
    return seal(std::make_unique<ConstantExpr>(t.loc, t.intValue));
  case TokenKind::Float:
    next();
    return seal(std::make_unique<ConstantExpr>(t.loc, t.floatValue));
  case TokenKind::String:
  case TokenKind::FString:
    return strings();
  case TokenKind::Keyword:
    if (t.text == "None" || t.text == "True" || t.text == "False") {
      next();
      if (t.text == "None") return seal(std::make_unique<ConstantExpr>(t.loc, NoneConst{}));
      return seal(std::make_unique<ConstantExpr>(t.loc, t.text == "True"));
    }
    if (t.text == "yield") return yieldExpression();
    if (t.text == "await") fail(t.loc, "'await' is not supported");
    break;
  case TokenKind::Op:
    if (t.text == "(") return parenthesized();
    if (t.text == "[") return listDisplay();
    if (t.text == "{") return dictDisplay();
    if (t.text == "...") {
      next();
      return seal(std::make_unique<ConstantExpr>(t.loc, EllipsisConst{}));
    }
    break;
  case TokenKind::Newline:
  case TokenKind::Indent:
  case TokenKind::Dedent:
  case TokenKind::End:
    break;
  }
  unexpected("an expression");
}

} // namespace uops::frontend::detail
