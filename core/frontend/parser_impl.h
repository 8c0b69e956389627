// Parser internals shared by parse_stmt.cpp and parse_expr.cpp.
#pragma once

#include "core/frontend/ast.h"
#include "core/frontend/token.h"

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace uops::frontend {
class SourceFile;
}

namespace uops::frontend::detail {

struct MatchPattern; // parse_match.cpp

class Parser {
public:
  Parser(const SourceFile& source, std::vector<Token> tokens);
  ast::Module parseModule();

private:
  friend class NestingGuard;

  // ---- tokens
  const Token& peek(size_t ahead = 0) const;
  const Token& next();
  bool atOp(std::string_view op) const { return peek().isOp(op); }
  bool atKeyword(std::string_view kw) const { return peek().isKeyword(kw); }
  bool acceptOp(std::string_view op);
  bool acceptKeyword(std::string_view kw);
  const Token& expectOp(std::string_view op);
  const Token& expectName(std::string_view what);
  [[noreturn]] void fail(Location loc, std::string message) const;
  [[noreturn]] void unexpected(std::string_view expected) const; // "expected X, found Y"

  // ---- statements (parse_stmt.cpp)
  void statement(ast::Block& out);
  void simpleStatements(ast::Block& out);
  ast::StmtPtr simpleStatement();
  ast::StmtPtr assignmentOrExpression();
  ast::StmtPtr importStatement();
  ast::StmtPtr fromImport();
  std::string dottedName(Location& loc);
  ast::StmtPtr functionDef(std::vector<ast::ExprPtr> decorators, Location start);
  ast::StmtPtr decorated();
  ast::StmtPtr classDefinition(std::vector<ast::ExprPtr> decorators, Location start);
  ast::StmtPtr ifStatement();
  ast::StmtPtr forStatement();
  ast::StmtPtr whileStatement();
  ast::StmtPtr tryStatement();
  ast::Block block(std::string_view header, Location headerLoc);
  void parameters(ast::FunctionShape& shape, std::string_view closer, bool annotations);
  void checkTarget(const ast::Expr& target) const;
  void checkAugTarget(const ast::Expr& target) const;
  void checkDeleteTarget(const ast::Expr& target) const;
  std::string tokenText(size_t begin, size_t end) const; // tokens [begin, end) as written

  // ---- expressions (parse_expr.cpp)
  ast::ExprPtr expression();      // conditional expressions and lambdas
  ast::ExprPtr starExpressions(); // a, *b, c  (a tuple when there is a comma)
  ast::ExprPtr starExpression();
  ast::ExprPtr targetList(); // for-loop and comprehension targets: stops before `in`
  ast::ExprPtr disjunction();
  ast::ExprPtr conjunction();
  ast::ExprPtr inversion();
  ast::ExprPtr comparison();
  ast::ExprPtr binaryLevel(int level);
  ast::ExprPtr factor();
  ast::ExprPtr power();
  ast::ExprPtr primary();
  ast::ExprPtr atom();
  ast::ExprPtr strings();
  // f-strings (parse_fstring.cpp)
  void fstringParts(const std::vector<FStringPart>& parts, std::vector<ast::ExprPtr>& out,
                    std::string& pending, Location& pendingLoc);
  ast::ExprPtr fstringField(const FStringField& field);
  ast::ExprPtr dictDisplay();
  ast::StmtPtr withStatement();
  ast::ExprPtr parenthesized();
  ast::ExprPtr listDisplay();
  ast::ExprPtr lambda();
  ast::ExprPtr namedExpression();
  ast::ExprPtr yieldExpression();
  // the match statement (parse_match.cpp)
  bool atMatchStatement() const;
  void matchStatement(ast::Block& out);
  MatchPattern matchOr();
  MatchPattern matchClosed();
  ast::ExprPtr matchCondition(MatchPattern& p, const std::function<ast::ExprPtr()>& subject);
  ast::ExprPtr namedExpressionOrExpression();
  ast::ExprPtr call(ast::ExprPtr func);
  ast::ExprPtr subscript(ast::ExprPtr value);
  ast::ExprPtr sliceItem();
  ast::ExprPtr comprehension(ast::ExprPtr elt, Location loc, bool generator);
  void comprehensionClauses(std::vector<ast::Comprehension>& out,
                            std::unordered_set<std::string>& locals);
  ast::ExprPtr seal(ast::ExprPtr node) const; // sets depth, enforces kMaxExprDepth

  const SourceFile& m_source;
  std::vector<Token> m_tokens;
  size_t m_pos = 0;
  int m_nesting = 0;
  int m_loops = 0;     // enclosing loops of the current function: break/continue are legal
  int m_functions = 0; // enclosing defs: return is legal
  // The class whose body is being parsed (not inside a def in it), which
  // collects its annotated names; null elsewhere.
  std::vector<std::pair<std::string, std::string>>* m_classAnnotations = nullptr;
  // The locals of the function (or class body) being parsed, where an
  // assignment expression binds its name, also from inside a comprehension;
  // null at module level.
  std::unordered_set<std::string>* m_namedLocals = nullptr;
  // The def whose body is being parsed (not a lambda or class body inside
  // it): a `yield` makes it a generator; null where `yield` is an error.
  ast::FunctionShape* m_def = nullptr;
};

// Counts recursive descent into nested forms; past kMaxNesting it is an
// error instead of a stack overflow.
class NestingGuard {
public:
  explicit NestingGuard(Parser& parser);
  ~NestingGuard() { --m_parser.m_nesting; }
  NestingGuard(const NestingGuard&) = delete;
  NestingGuard& operator=(const NestingGuard&) = delete;

private:
  Parser& m_parser;
};

// The names a function body binds (its locals) and a comprehension's targets.
void collectLocals(const ast::Block& body, std::unordered_set<std::string>& out);
void collectTargetNames(const ast::Expr& target, std::unordered_set<std::string>& out);

// The height of an expression from its children's stored heights.
int expressionDepth(const ast::Expr& expr);

} // namespace uops::frontend::detail
