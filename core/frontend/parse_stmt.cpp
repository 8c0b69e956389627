// Statements and blocks: simple statements, def, if, for, while, imports.
#include "core/frontend/parser_impl.h"

#include "core/frontend/lexer.h"
#include "core/frontend/load_error.h"
#include "core/frontend/parser.h"

#include <fmt/format.h>

#include <array>
#include <unordered_set>
#include <utility>

namespace uops::frontend::detail {

using namespace ast;

namespace {

struct AugOp {
  std::string_view spelling;
  BinaryOp op;
};
constexpr std::array<AugOp, 13> kAugOps = {{{"+=", BinaryOp::Add},
                                            {"-=", BinaryOp::Sub},
                                            {"*=", BinaryOp::Mul},
                                            {"@=", BinaryOp::MatMul},
                                            {"/=", BinaryOp::TrueDiv},
                                            {"//=", BinaryOp::FloorDiv},
                                            {"%=", BinaryOp::Mod},
                                            {"**=", BinaryOp::Pow},
                                            {"<<=", BinaryOp::LShift},
                                            {">>=", BinaryOp::RShift},
                                            {"&=", BinaryOp::BitAnd},
                                            {"|=", BinaryOp::BitOr},
                                            {"^=", BinaryOp::BitXor}}};

// Statements outside the subset: named in the error rather than "invalid syntax".
bool isUnsupportedStatement(std::string_view kw) {
  for (std::string_view s : {"global", "nonlocal", "async"})
    if (kw == s) return true;
  return false;
}

// How "cannot assign to ..." names an expression that is not a target.
std::string_view describeNonTarget(const Expr& e) {
  switch (e.kind) {
  case ExprKind::Constant: {
    const ConstantValue& v = e.as<ConstantExpr>().value;
    if (std::holds_alternative<NoneConst>(v)) return "None";
    if (const bool* b = std::get_if<bool>(&v)) return *b ? "True" : "False";
    if (std::holds_alternative<EllipsisConst>(v)) return "ellipsis";
    return "literal";
  }
  case ExprKind::Call:
    return "function call";
  case ExprKind::Compare:
    return "comparison";
  case ExprKind::IfExp:
    return "conditional expression";
  case ExprKind::Lambda:
    return "lambda";
  case ExprKind::Yield:
    return "yield expression";
  case ExprKind::ListComp:
    return e.as<ListCompExpr>().isGenerator ? "generator expression" : "list comprehension";
  case ExprKind::Dict:
    return "dict literal";
  case ExprKind::DictComp:
    return "dict comprehension";
  case ExprKind::FString:
    return "f-string expression";
  default:
    return "expression";
  }
}

} // namespace

Parser::Parser(const SourceFile& source, std::vector<Token> tokens)
    : m_source(source), m_tokens(std::move(tokens)) {}

const Token& Parser::peek(size_t ahead) const {
  size_t i = std::min(m_pos + ahead, m_tokens.size() - 1); // the last token is End
  return m_tokens[i];
}

const Token& Parser::next() {
  const Token& t = m_tokens[m_pos];
  if (m_pos + 1 < m_tokens.size()) ++m_pos;
  return t;
}

bool Parser::acceptOp(std::string_view op) {
  if (!atOp(op)) return false;
  next();
  return true;
}

bool Parser::acceptKeyword(std::string_view kw) {
  if (!atKeyword(kw)) return false;
  next();
  return true;
}

const Token& Parser::expectOp(std::string_view op) {
  if (!atOp(op)) unexpected(fmt::format("'{}'", op));
  return next();
}

const Token& Parser::expectName(std::string_view what) {
  if (peek().kind != TokenKind::Name) unexpected(what);
  return next();
}

void Parser::fail(Location loc, std::string message) const {
  throw LoadError::at(m_source, loc, std::move(message));
}

void Parser::unexpected(std::string_view expected) const {
  const Token& t = peek();
  if (t.kind == TokenKind::Indent) fail(t.loc, "unexpected indent");
  fail(t.loc, fmt::format("expected {}, found {}", expected, describeToken(t)));
}

Module Parser::parseModule() {
  Module module;
  while (peek().kind != TokenKind::End)
    statement(module.body);
  return module;
}

void Parser::statement(Block& out) {
  const Token& t = peek();
  if (t.kind == TokenKind::Indent) fail(t.loc, "unexpected indent");
  if (t.isOp("@")) return out.push_back(decorated());
  if (t.kind == TokenKind::Keyword) {
    if (t.text == "def") return out.push_back(functionDef({}, t.loc));
    if (t.text == "if") return out.push_back(ifStatement());
    if (t.text == "for") return out.push_back(forStatement());
    if (t.text == "while") return out.push_back(whileStatement());
    if (t.text == "class") return out.push_back(classDefinition({}, t.loc));
    if (t.text == "with") return out.push_back(withStatement());
    if (t.text == "try") return out.push_back(tryStatement());
    if (t.text == "elif" || t.text == "else")
      fail(t.loc, fmt::format("'{}' without a matching 'if'", t.text));
    if (t.text == "except" || t.text == "finally")
      fail(t.loc, fmt::format("'{}' without a matching 'try'", t.text));
    if (isUnsupportedStatement(t.text))
      fail(t.loc, fmt::format("'{}' statements are not supported", t.text));
  }
  if (atMatchStatement()) return matchStatement(out);
  simpleStatements(out);
}

void Parser::simpleStatements(Block& out) {
  for (;;) {
    out.push_back(simpleStatement());
    if (!acceptOp(";") || peek().kind == TokenKind::Newline) break;
  }
  if (peek().kind != TokenKind::Newline) unexpected("end of line");
  next();
}

StmtPtr Parser::simpleStatement() {
  const Token& t = peek();
  Location loc = t.loc;
  if (t.kind != TokenKind::Keyword) return assignmentOrExpression();
  if (t.text == "pass") {
    next();
    return std::make_unique<PassStmt>(loc);
  }
  if (t.text == "break" || t.text == "continue") {
    if (m_loops == 0) fail(loc, fmt::format("'{}' outside loop", t.text));
    next();
    if (t.text == "break") return std::make_unique<BreakStmt>(loc);
    return std::make_unique<ContinueStmt>(loc);
  }
  if (t.text == "return") {
    if (m_functions == 0) fail(loc, "'return' outside function");
    next();
    auto node = std::make_unique<ReturnStmt>(loc);
    if (peek().kind != TokenKind::Newline && !atOp(";")) node->value = starExpressions();
    return node;
  }
  if (t.text == "del") {
    next();
    auto node = std::make_unique<DeleteStmt>(loc);
    do {
      node->targets.push_back(binaryLevel(0));
      checkDeleteTarget(*node->targets.back());
    } while (acceptOp(",") && peek().kind != TokenKind::Newline && !atOp(";"));
    return node;
  }
  if (t.text == "raise") {
    next();
    auto node = std::make_unique<RaiseStmt>(loc);
    if (peek().kind != TokenKind::Newline && !atOp(";")) {
      node->exc = expression();
      if (acceptKeyword("from")) node->cause = expression();
    }
    return node;
  }
  if (t.text == "import") return importStatement();
  if (t.text == "from") return fromImport();
  if (t.text == "assert") {
    next();
    auto node = std::make_unique<AssertStmt>(loc);
    node->test = expression();
    if (acceptOp(",")) node->message = expression();
    return node;
  }
  if (isUnsupportedStatement(t.text))
    fail(loc, fmt::format("'{}' statements are not supported", t.text));
  return assignmentOrExpression();
}

// Spaces where the source had them (between tokens on one line with a gap,
// and between lines); a string token is written back in single quotes.
std::string Parser::tokenText(size_t begin, size_t end) const {
  std::string out;
  int endCol = 0;
  int line = 0;
  for (size_t i = begin; i < end && i < m_tokens.size(); ++i) {
    const Token& t = m_tokens[i];
    if (i > begin && (t.loc.line != line || t.loc.col > endCol)) out += ' ';
    std::string spelled = t.kind == TokenKind::String ? "'" + t.text + "'" : t.text;
    out += spelled;
    line = t.loc.line;
    endCol = t.loc.col + static_cast<int>(spelled.size());
  }
  return out;
}

StmtPtr Parser::assignmentOrExpression() {
  Location loc = peek().loc;
  if (peek().kind == TokenKind::Name && peek(1).isOp(":="))
    fail(peek(1).loc, "invalid syntax: use '=' here; ':=' is for expressions");
  ExprPtr first = starExpressions();
  if (atOp(":")) {
    // x: annotation [= value]. The annotation is read, not evaluated; a
    // class body keeps its text for __annotations__.
    if (first->kind != ExprKind::Name && first->kind != ExprKind::Attribute &&
        first->kind != ExprKind::Subscript)
      fail(first->loc, "only single target (not tuple) can be annotated");
    next();
    size_t begin = m_pos;
    expression();
    if (m_classAnnotations && first->kind == ExprKind::Name)
      m_classAnnotations->emplace_back(first->as<NameExpr>().id, tokenText(begin, m_pos));
    if (!acceptOp("=")) return std::make_unique<PassStmt>(loc);
    auto node = std::make_unique<AssignStmt>(loc);
    node->targets.push_back(std::move(first));
    node->value = starExpressions();
    return node;
  }
  for (const AugOp& aug : kAugOps) {
    if (!atOp(aug.spelling)) continue;
    checkAugTarget(*first);
    auto node = std::make_unique<AugAssignStmt>(loc);
    node->opLoc = next().loc;
    node->op = aug.op;
    node->target = std::move(first);
    node->value = starExpressions();
    return node;
  }
  if (!atOp("=")) {
    if (first->kind == ExprKind::Starred) fail(first->loc, "cannot use starred expression here");
    return std::make_unique<ExprStmt>(loc, std::move(first));
  }
  auto node = std::make_unique<AssignStmt>(loc);
  node->targets.push_back(std::move(first));
  while (acceptOp("="))
    node->targets.push_back(starExpressions());
  node->value = std::move(node->targets.back());
  node->targets.pop_back();
  if (node->value->kind == ExprKind::Starred)
    fail(node->value->loc, "cannot use starred expression here");
  for (const ExprPtr& target : node->targets) {
    if (target->kind == ExprKind::Starred)
      fail(target->loc, "starred assignment target must be in a list or tuple");
    checkTarget(*target);
  }
  return node;
}

void Parser::checkTarget(const Expr& target) const {
  switch (target.kind) {
  case ExprKind::Name:
  case ExprKind::Attribute:
  case ExprKind::Subscript:
    return;
  case ExprKind::Starred:
    return checkTarget(*target.as<StarredExpr>().value);
  case ExprKind::List:
  case ExprKind::Tuple: {
    bool starred = false;
    for (const ExprPtr& e : static_cast<const SequenceExpr&>(target).elts) {
      if (e->kind == ExprKind::Starred && std::exchange(starred, true))
        fail(e->loc, "multiple starred expressions in assignment");
      checkTarget(*e);
    }
    return;
  }
  default:
    fail(target.loc, fmt::format("cannot assign to {}", describeNonTarget(target)));
  }
}

// del takes names, attributes, subscripts and tuples or lists of them.
void Parser::checkDeleteTarget(const Expr& target) const {
  switch (target.kind) {
  case ExprKind::Name:
  case ExprKind::Attribute:
  case ExprKind::Subscript:
    return;
  case ExprKind::List:
  case ExprKind::Tuple:
    for (const ExprPtr& e : static_cast<const SequenceExpr&>(target).elts)
      checkDeleteTarget(*e);
    return;
  default:
    fail(target.loc, fmt::format("cannot delete {}", describeNonTarget(target)));
  }
}

void Parser::checkAugTarget(const Expr& target) const {
  if (target.kind == ExprKind::Name || target.kind == ExprKind::Attribute ||
      target.kind == ExprKind::Subscript)
    return;
  if (target.kind == ExprKind::Tuple || target.kind == ExprKind::List)
    fail(target.loc, fmt::format("'{}' is an illegal expression for augmented assignment",
                                 target.kind == ExprKind::Tuple ? "tuple" : "list"));
  checkTarget(target); // names the kind of expression
  fail(target.loc, "illegal expression for augmented assignment");
}

std::string Parser::dottedName(Location& loc) {
  const Token& first = expectName("a module name");
  loc = first.loc;
  std::string name = first.text;
  while (acceptOp("."))
    name += "." + expectName("a module name after '.'").text;
  return name;
}

StmtPtr Parser::importStatement() {
  auto node = std::make_unique<ImportStmt>(next().loc);
  do {
    Alias alias;
    alias.name = dottedName(alias.loc);
    if (acceptKeyword("as")) alias.asName = expectName("a name after 'as'").text;
    node->names.push_back(std::move(alias));
  } while (acceptOp(","));
  return node;
}

StmtPtr Parser::fromImport() {
  auto node = std::make_unique<ImportFromStmt>(next().loc);
  if (atOp(".") || atOp("...")) fail(peek().loc, "relative imports are not supported");
  node->module = dottedName(node->moduleLoc);
  if (!acceptKeyword("import")) unexpected("'import'");
  if (acceptOp("*")) {
    node->star = true;
    return node;
  }
  bool parens = acceptOp("(");
  do {
    if (parens && atOp(")")) break; // trailing comma
    Alias alias;
    const Token& name = expectName("a name to import");
    alias.name = name.text;
    alias.loc = name.loc;
    if (acceptKeyword("as")) alias.asName = expectName("a name after 'as'").text;
    node->names.push_back(std::move(alias));
  } while (acceptOp(","));
  if (parens) expectOp(")");
  return node;
}

Block Parser::block(std::string_view header, Location headerLoc) {
  expectOp(":");
  Block body;
  if (peek().kind != TokenKind::Newline) {
    simpleStatements(body);
    return body;
  }
  next();
  if (peek().kind != TokenKind::Indent)
    fail(peek().loc,
         fmt::format("expected an indented block after {} on line {}", header, headerLoc.line));
  next();
  while (peek().kind != TokenKind::Dedent && peek().kind != TokenKind::End)
    statement(body);
  next();
  return body;
}

void Parser::parameters(FunctionShape& shape, std::string_view closer, bool annotations) {
  std::unordered_set<std::string> seen;
  bool sawDefault = false;
  bool sawStar = false;
  while (!atOp(closer)) {
    Parameter p;
    p.loc = peek().loc;
    if (!shape.params.empty() && shape.params.back().kind == ParamKind::VarKeywords)
      fail(p.loc, "arguments cannot follow var-keyword argument");
    if (acceptOp("**")) {
      p.kind = ParamKind::VarKeywords;
      p.name = expectName("a parameter name after '**'").text;
      if (annotations && acceptOp(":")) expression();
      if (!seen.insert(p.name).second)
        fail(p.loc, fmt::format("duplicate argument '{}' in function definition", p.name));
      if (atOp("=")) fail(peek().loc, "var-keyword argument cannot have default value");
      shape.params.push_back(std::move(p));
      if (!acceptOp(",")) break;
      continue;
    }
    if (atOp("/")) fail(p.loc, "positional-only parameters ('/') are not supported");
    if (acceptOp("*")) {
      if (sawStar) fail(p.loc, "* argument may appear only once");
      sawStar = true;
      p.kind = ParamKind::VarArgs;
      if (peek().kind == TokenKind::Name)
        p.name = next().text;
      else if (atOp(closer))
        fail(p.loc, "named arguments must follow bare *");
      else if (!atOp(","))
        unexpected("a parameter name or ','");
      else if (peek(1).isOp(closer) || peek(1).isOp("**"))
        fail(p.loc, "named arguments must follow bare *");
    } else {
      p.name = expectName("a parameter name").text;
      p.kind = sawStar ? ParamKind::KeywordOnly : ParamKind::Positional;
    }
    if (p.kind != ParamKind::VarArgs || !p.name.empty()) {
      if (annotations && acceptOp(":")) expression();
      if (!p.name.empty() && !seen.insert(p.name).second)
        fail(p.loc, fmt::format("duplicate argument '{}' in function definition", p.name));
    }
    if (p.kind != ParamKind::VarArgs && acceptOp("=")) {
      p.defaultValue = expression();
      sawDefault |= p.kind == ParamKind::Positional;
    } else if (p.kind == ParamKind::Positional && sawDefault) {
      fail(p.loc, "parameter without a default follows parameter with a default");
    }
    shape.params.push_back(std::move(p));
    if (!acceptOp(",")) break;
  }
  if (!atOp(closer)) unexpected(fmt::format("',' or '{}'", closer));
  if (sawStar && shape.params.back().kind == ParamKind::VarArgs && shape.params.back().name.empty())
    fail(shape.params.back().loc, "named arguments must follow bare *");
  if (sawStar && shape.params.back().kind == ParamKind::VarKeywords) {
    const Parameter& before = shape.params[shape.params.size() - 2];
    if (before.kind == ParamKind::VarArgs && before.name.empty())
      fail(before.loc, "named arguments must follow bare *");
  }
}

StmtPtr Parser::decorated() {
  Location start = peek().loc;
  std::vector<ExprPtr> decorators;
  while (acceptOp("@")) {
    decorators.push_back(expression());
    if (peek().kind != TokenKind::Newline) unexpected("end of line after the decorator");
    next();
  }
  if (atKeyword("class")) return classDefinition(std::move(decorators), start);
  if (!atKeyword("def")) unexpected("'def' or 'class' after the decorator");
  return functionDef(std::move(decorators), start);
}

StmtPtr Parser::functionDef(std::vector<ExprPtr> decorators, Location start) {
  Location defLoc = next().loc;
  auto node = std::make_unique<FunctionDefStmt>(start);
  node->decorators = std::move(decorators);
  const Token& name = expectName("a function name after 'def'");
  node->name = name.text;
  node->nameLoc = name.loc;
  expectOp("(");
  parameters(node->shape, ")", true);
  next();
  if (acceptOp("->")) expression();
  int loops = std::exchange(m_loops, 0); // a loop around the def does not allow break inside it
  auto* classAnnotations = std::exchange(m_classAnnotations, nullptr);
  auto* namedLocals = std::exchange(m_namedLocals, &node->shape.locals);
  auto* def = std::exchange(m_def, &node->shape);
  ++m_functions;
  node->body = block("function definition", defLoc);
  --m_functions;
  m_def = def;
  m_namedLocals = namedLocals;
  m_classAnnotations = classAnnotations;
  m_loops = loops;
  for (const Parameter& p : node->shape.params)
    if (!p.name.empty()) node->shape.locals.insert(p.name);
  collectLocals(node->body, node->shape.locals);
  return node;
}

StmtPtr Parser::classDefinition(std::vector<ExprPtr> decorators, Location start) {
  Location classLoc = next().loc;
  auto node = std::make_unique<ClassDefStmt>(start);
  node->decorators = std::move(decorators);
  const Token& name = expectName("a class name after 'class'");
  node->name = name.text;
  node->nameLoc = name.loc;
  if (acceptOp("(")) {
    while (!atOp(")")) {
      Location loc = peek().loc;
      if (atOp("*") || atOp("**")) fail(loc, "unpacking in a class's bases is not supported");
      if (peek().kind == TokenKind::Name && peek(1).isOp("="))
        fail(loc, "keyword arguments in a class definition (metaclass=...) are not supported");
      ExprPtr base = expression();
      if (node->base) fail(loc, "multiple inheritance is not supported (one base class at most)");
      node->base = std::move(base);
      if (!acceptOp(",")) break;
    }
    expectOp(")");
  }
  // The body is not a function: return is illegal in it, and so are break
  // and continue of a loop around the class.
  int loops = std::exchange(m_loops, 0);
  int functions = std::exchange(m_functions, 0);
  auto* classAnnotations = std::exchange(m_classAnnotations, &node->annotations);
  auto* namedLocals = std::exchange(m_namedLocals, &node->locals);
  auto* def = std::exchange(m_def, nullptr);
  node->body = block("class definition", classLoc);
  m_def = def;
  m_namedLocals = namedLocals;
  m_classAnnotations = classAnnotations;
  m_functions = functions;
  m_loops = loops;
  collectLocals(node->body, node->locals);
  return node;
}

StmtPtr Parser::withStatement() {
  Location loc = next().loc;
  auto node = std::make_unique<WithStmt>(loc);
  do {
    WithStmt::Item item;
    item.context = expression();
    if (acceptKeyword("as")) {
      item.target = binaryLevel(0);
      checkTarget(*item.target);
    }
    node->items.push_back(std::move(item));
  } while (acceptOp(","));
  node->body = block("'with' statement", loc);
  return node;
}

StmtPtr Parser::ifStatement() {
  auto node = std::make_unique<IfStmt>(peek().loc);
  do {
    IfStmt::Branch branch;
    branch.loc = peek().loc;
    std::string header = fmt::format("'{}' statement", next().text);
    branch.test = expression();
    branch.body = block(header, branch.loc);
    node->branches.push_back(std::move(branch));
  } while (atKeyword("elif"));
  if (atKeyword("else")) {
    Location loc = next().loc;
    node->orelse = block("'else' statement", loc);
  }
  return node;
}

StmtPtr Parser::forStatement() {
  Location loc = next().loc;
  auto node = std::make_unique<ForStmt>(loc);
  node->target = targetList();
  checkTarget(*node->target);
  if (!acceptKeyword("in")) unexpected("'in'");
  node->iter = starExpressions();
  ++m_loops;
  node->body = block("'for' statement", loc);
  --m_loops;
  if (atKeyword("else")) {
    Location elseLoc = next().loc;
    node->orelse = block("'else' statement", elseLoc);
  }
  return node;
}

StmtPtr Parser::tryStatement() {
  Location loc = next().loc;
  auto node = std::make_unique<TryStmt>(loc);
  node->body = block("'try' statement", loc);
  while (atKeyword("except")) {
    TryStmt::Handler handler;
    handler.loc = next().loc;
    if (!atOp(":")) {
      if (!node->handlers.empty() && !node->handlers.back().type)
        fail(handler.loc, "default 'except:' must be last");
      handler.type = expression();
      if (acceptKeyword("as")) handler.name = expectName("a name after 'as'").text;
    } else if (!node->handlers.empty() && !node->handlers.back().type) {
      fail(node->handlers.back().loc, "default 'except:' must be last");
    }
    handler.body = block("'except' statement", handler.loc);
    node->handlers.push_back(std::move(handler));
  }
  if (!node->handlers.empty() && atKeyword("else")) {
    Location elseLoc = next().loc;
    node->orelse = block("'else' statement", elseLoc);
  }
  if (atKeyword("finally")) {
    Location finallyLoc = next().loc;
    node->finalbody = block("'finally' statement", finallyLoc);
  } else if (node->handlers.empty()) {
    unexpected("'except' or 'finally' block");
  }
  return node;
}

StmtPtr Parser::whileStatement() {
  Location loc = next().loc;
  auto node = std::make_unique<WhileStmt>(loc);
  node->test = expression();
  ++m_loops;
  node->body = block("'while' statement", loc);
  --m_loops;
  if (atKeyword("else")) {
    Location elseLoc = next().loc;
    node->orelse = block("'else' statement", elseLoc);
  }
  return node;
}

} // namespace uops::frontend::detail

namespace uops::frontend {

std::shared_ptr<const Program> parseProgram(std::string fileName, std::string text) {
  auto program =
      std::make_shared<Program>(Program{SourceFile(std::move(fileName), std::move(text)), {}});
  detail::Parser parser(program->source, tokenize(program->source));
  program->module = parser.parseModule();
  return program;
}

} // namespace uops::frontend
