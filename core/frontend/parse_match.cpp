// The match statement, read as the if/elif chain it means: the subject is
// stored in a hidden variable ("$match", no Python name), each case becomes a
// branch whose test checks its pattern against it and binds its captures with
// assignment expressions, then its guard. Patterns: literals (numbers,
// strings, None, True, False), dotted values (Color.RED), captures, `_`, `|`,
// `as`, and sequences ([a, b, *rest] or a, b) of lists and tuples. Class and
// mapping patterns are load errors naming them.
#include "core/frontend/parser_impl.h"

#include <fmt/format.h>

#include <functional>

namespace uops::frontend::detail {

using namespace ast;

struct MatchPattern {
  enum class Kind { Wildcard, Capture, Value, Or, Sequence, Star } kind = Kind::Wildcard;
  Location loc;
  std::string name; // a capture's or a star's (empty: `*_`)
  ExprPtr value;    // a value pattern's
  bool identity = false; // None, True, False compare with `is`
  std::vector<MatchPattern> items; // an Or's alternatives, a Sequence's elements
  std::string asName;              // `pattern as name`
};

namespace {

constexpr const char* kSubject = "$match";

using Subject = std::function<ExprPtr()>; // a fresh expression of the value a pattern matches

ExprPtr constant(Location loc, bool v) { return std::make_unique<ConstantExpr>(loc, v); }
ExprPtr integer(Location loc, int64_t v) { return std::make_unique<ConstantExpr>(loc, v); }
ExprPtr name(Location loc, const std::string& id) { return std::make_unique<NameExpr>(loc, id); }

ExprPtr compare(Location loc, ExprPtr left, CompareOp op, ExprPtr right) {
  auto c = std::make_unique<CompareExpr>(loc, std::move(left));
  c->ops.push_back(op);
  c->comparators.push_back(std::move(right));
  c->opLocs.push_back(loc);
  return c;
}

ExprPtr callNamed(Location loc, const char* function, std::vector<ExprPtr> args) {
  auto c = std::make_unique<CallExpr>(loc, name(loc, function));
  c->args = std::move(args);
  c->errorLoc = loc;
  return c;
}

ExprPtr both(Location loc, std::vector<ExprPtr> tests) {
  if (tests.size() == 1) return std::move(tests[0]);
  auto b = std::make_unique<BoolOpExpr>(loc, true);
  b->values = std::move(tests);
  return b;
}

} // namespace

bool Parser::atMatchStatement() const {
  if (peek().kind != TokenKind::Name || peek().text != "match") return false;
  const Token& second = peek(1);
  if (second.kind == TokenKind::Newline || second.kind == TokenKind::End) return false;
  if (second.kind == TokenKind::Op && second.text != "(" && second.text != "[" && second.text != "-" &&
      second.text != "{")
    return false; // match = ..., match.x, match: int
  // a match statement's line ends with its colon
  size_t k = 1;
  while (peek(k).kind != TokenKind::Newline && peek(k).kind != TokenKind::End) ++k;
  return peek(k - 1).isOp(":");
}

void Parser::matchStatement(Block& out) {
  Location loc = next().loc;
  // stored by an assignment expression: an assignment statement at the top
  // level would become the program's last assignment (its output)
  auto store = std::make_unique<NamedExpr>(loc);
  store->name = kSubject;
  store->value = starExpressions();
  if (m_namedLocals) m_namedLocals->insert(kSubject);
  out.push_back(std::make_unique<ExprStmt>(loc, seal(std::move(store))));
  expectOp(":");
  if (peek().kind != TokenKind::Newline) unexpected("end of line");
  next();
  if (peek().kind != TokenKind::Indent)
    fail(peek().loc, fmt::format("expected an indented block after 'match' statement on line {}", loc.line));
  next();
  auto chain = std::make_unique<IfStmt>(loc);
  const Subject subject = [loc] { return name(loc, kSubject); };
  while (peek().kind != TokenKind::Dedent && peek().kind != TokenKind::End) {
    if (peek().kind != TokenKind::Name || peek().text != "case") unexpected("'case'");
    IfStmt::Branch branch;
    branch.loc = next().loc;
    MatchPattern top = matchOr();
    if (atOp(",")) { // case a, b: a sequence without brackets
      MatchPattern sequence;
      sequence.kind = MatchPattern::Kind::Sequence;
      sequence.loc = top.loc;
      sequence.items.push_back(std::move(top));
      while (acceptOp(",") && !atOp(":") && !atKeyword("if")) sequence.items.push_back(matchOr());
      top = std::move(sequence);
    }
    std::vector<ExprPtr> tests;
    tests.push_back(matchCondition(top, subject));
    if (acceptKeyword("if")) tests.push_back(namedExpressionOrExpression());
    branch.test = seal(both(branch.loc, std::move(tests)));
    branch.body = block("'case' statement", branch.loc);
    chain->branches.push_back(std::move(branch));
  }
  next();
  if (chain->branches.empty()) fail(loc, "a 'match' statement needs at least one 'case'");
  out.push_back(std::move(chain));
}

ExprPtr Parser::namedExpressionOrExpression() {
  if (peek().kind == TokenKind::Name && peek(1).isOp(":=")) return namedExpression();
  return expression();
}

// closed ('|' closed)* ['as' name]
MatchPattern Parser::matchOr() {
  MatchPattern first = matchClosed();
  if (atOp("|")) {
    MatchPattern alternatives;
    alternatives.kind = MatchPattern::Kind::Or;
    alternatives.loc = first.loc;
    alternatives.items.push_back(std::move(first));
    while (acceptOp("|")) alternatives.items.push_back(matchClosed());
    first = std::move(alternatives);
  }
  if (acceptKeyword("as")) first.asName = expectName("a name after 'as'").text;
  return first;
}

MatchPattern Parser::matchClosed() {
  MatchPattern p;
  p.loc = peek().loc;
  const Token& t = peek();
  if (acceptOp("*")) {
    p.kind = MatchPattern::Kind::Star;
    p.name = expectName("a name after '*' in a pattern").text;
    if (p.name == "_") p.name.clear();
    return p;
  }
  if (atOp("(") || atOp("[")) {
    const std::string closer = next().text == "(" ? ")" : "]";
    std::vector<MatchPattern> items;
    bool comma = false;
    while (!atOp(closer)) {
      items.push_back(matchOr());
      if (!acceptOp(",")) break;
      comma = true;
    }
    if (!acceptOp(closer)) unexpected(fmt::format("',' or '{}'", closer));
    if (closer == ")" && items.size() == 1 && !comma) return std::move(items[0]); // a group
    p.kind = MatchPattern::Kind::Sequence;
    p.items = std::move(items);
    return p;
  }
  if (atOp("{")) fail(t.loc, "mapping patterns in 'case' are not supported");
  if (t.kind == TokenKind::Name) {
    std::string id = next().text;
    if (!atOp(".") && !atOp("(")) {
      p.kind = id == "_" ? MatchPattern::Kind::Wildcard : MatchPattern::Kind::Capture;
      p.name = std::move(id);
      return p;
    }
    ExprPtr value = name(p.loc, id);
    while (acceptOp(".")) {
      const Token& attr = expectName("an attribute name after '.'");
      value = seal(std::make_unique<AttributeExpr>(p.loc, std::move(value), attr.text, attr.loc));
    }
    if (atOp("(")) fail(peek().loc, "class patterns in 'case' are not supported");
    p.kind = MatchPattern::Kind::Value;
    p.value = std::move(value);
    return p;
  }
  const bool literal = t.kind == TokenKind::Int || t.kind == TokenKind::Float || t.kind == TokenKind::String ||
                       t.isOp("-") || t.isKeyword("None") || t.isKeyword("True") || t.isKeyword("False");
  if (!literal) unexpected("a pattern");
  p.kind = MatchPattern::Kind::Value;
  p.identity = t.isKeyword("None") || t.isKeyword("True") || t.isKeyword("False");
  p.value = t.kind == TokenKind::String ? strings() : factor();
  return p;
}

// A test that holds where `p` matches the value `subject` builds, binding its
// captures (`(x := value) or True`) as it goes. Each pattern is read once:
// its value expression moves into the test.
ExprPtr Parser::matchCondition(MatchPattern& p, const std::function<ExprPtr()>& subject) {
  auto bind = [&](const std::string& id, ExprPtr value) -> ExprPtr {
    if (m_namedLocals) m_namedLocals->insert(id);
    auto assign = std::make_unique<NamedExpr>(p.loc);
    assign->name = id;
    assign->value = std::move(value);
    auto orTrue = std::make_unique<BoolOpExpr>(p.loc, false);
    orTrue->values.push_back(seal(std::move(assign)));
    orTrue->values.push_back(constant(p.loc, true));
    return seal(std::move(orTrue));
  };
  std::vector<ExprPtr> tests;
  switch (p.kind) {
  case MatchPattern::Kind::Wildcard:
  case MatchPattern::Kind::Star:
    tests.push_back(constant(p.loc, true));
    break;
  case MatchPattern::Kind::Capture:
    tests.push_back(bind(p.name, subject()));
    break;
  case MatchPattern::Kind::Value:
    tests.push_back(seal(compare(p.loc, subject(), p.identity ? CompareOp::Is : CompareOp::Eq, std::move(p.value))));
    break;
  case MatchPattern::Kind::Or: {
    auto any = std::make_unique<BoolOpExpr>(p.loc, false);
    for (MatchPattern& alternative : p.items) any->values.push_back(matchCondition(alternative, subject));
    tests.push_back(seal(std::move(any)));
    break;
  }
  case MatchPattern::Kind::Sequence: {
    size_t star = p.items.size();
    for (size_t i = 0; i < p.items.size(); ++i)
      if (p.items[i].kind == MatchPattern::Kind::Star) {
        if (star != p.items.size()) fail(p.items[i].loc, "multiple starred names in sequence pattern");
        star = i;
      }
    const bool starred = star < p.items.size();
    const int64_t fixed = static_cast<int64_t>(p.items.size()) - (starred ? 1 : 0);
    auto types = std::make_unique<TupleExpr>(p.loc);
    types->elts.push_back(name(p.loc, "list"));
    types->elts.push_back(name(p.loc, "tuple"));
    std::vector<ExprPtr> args;
    args.push_back(subject());
    args.push_back(seal(std::move(types)));
    tests.push_back(seal(callNamed(p.loc, "isinstance", std::move(args))));
    std::vector<ExprPtr> lenArgs;
    lenArgs.push_back(subject());
    tests.push_back(seal(compare(p.loc, seal(callNamed(p.loc, "len", std::move(lenArgs))),
                                 starred ? CompareOp::Ge : CompareOp::Eq, integer(p.loc, fixed))));
    const int64_t after = static_cast<int64_t>(p.items.size()) - static_cast<int64_t>(star) - 1;
    for (size_t i = 0; i < p.items.size(); ++i) {
      const Location at = p.items[i].loc;
      if (i == star) {
        if (p.items[i].name.empty()) continue;
        // *rest binds list(subject[star:-after])
        auto slice = std::make_unique<SliceExpr>(at);
        slice->lower = integer(at, static_cast<int64_t>(star));
        if (after > 0) slice->upper = integer(at, -after);
        std::vector<ExprPtr> listArgs;
        listArgs.push_back(
            seal(std::make_unique<SubscriptExpr>(at, subject(), seal(std::move(slice)), at)));
        tests.push_back(bind(p.items[i].name, seal(callNamed(at, "list", std::move(listArgs)))));
        continue;
      }
      const int64_t index = i < star ? static_cast<int64_t>(i) : static_cast<int64_t>(i) - static_cast<int64_t>(p.items.size());
      Subject element = [&subject, at, index, this] {
        return seal(std::make_unique<SubscriptExpr>(at, subject(), integer(at, index), at));
      };
      tests.push_back(matchCondition(p.items[i], element));
    }
    break;
  }
  }
  if (!p.asName.empty()) tests.push_back(bind(p.asName, subject()));
  return seal(both(p.loc, std::move(tests)));
}

} // namespace uops::frontend::detail
