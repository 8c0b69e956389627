// f-strings: their text pieces become constants, their fields are parsed from
// the tokens the lexer made for each, so errors point into the literal.
#include "core/frontend/parser_impl.h"

#include "core/frontend/parser.h"

namespace uops::frontend::detail {

using namespace ast;

void Parser::fstringParts(const std::vector<FStringPart>& parts, std::vector<ExprPtr>& out,
                          std::string& pending, Location& pendingLoc) {
  auto flush = [&] {
    if (pending.empty()) return;
    out.push_back(seal(std::make_unique<ConstantExpr>(pendingLoc, std::move(pending))));
    pending.clear();
  };
  for (const FStringPart& part : parts) {
    if (!part.field) {
      if (pending.empty()) pendingLoc = part.loc;
      pending += part.text;
      continue;
    }
    if (!part.field->selfDocumenting.empty()) {
      if (pending.empty()) pendingLoc = part.loc;
      pending += part.field->selfDocumenting;
    }
    flush();
    out.push_back(fstringField(*part.field));
  }
}

ExprPtr Parser::fstringField(const FStringField& field) {
  Parser sub(m_source, field.tokens);
  sub.m_nesting = m_nesting;
  NestingGuard guard(sub);
  ExprPtr value = sub.starExpressions();
  if (sub.peek().kind != TokenKind::End) sub.unexpected("'}' after the f-string's expression");
  if (value->kind == ExprKind::Starred) fail(value->loc, "cannot use starred expression here");
  auto node = std::make_unique<FormattedValueExpr>(field.loc, std::move(value));
  node->conversion = field.conversion;
  if (field.hasSpec) {
    auto spec = std::make_unique<FStringExpr>(field.loc);
    std::string pending;
    Location pendingLoc = field.loc;
    sub.fstringParts(field.spec, spec->parts, pending, pendingLoc);
    if (!pending.empty())
      spec->parts.push_back(seal(std::make_unique<ConstantExpr>(pendingLoc, std::move(pending))));
    node->spec = seal(std::move(spec));
  }
  return seal(std::move(node));
}

ExprPtr Parser::strings() {
  Location loc = peek().loc;
  std::string pending;
  Location pendingLoc = loc;
  std::vector<ExprPtr> parts;
  bool formatted = false;
  while (peek().kind == TokenKind::String || peek().kind == TokenKind::FString) {
    const Token& t = next();
    if (t.kind == TokenKind::String) {
      if (pending.empty()) pendingLoc = t.loc;
      pending += t.text;
      continue;
    }
    formatted = true;
    fstringParts(*t.fstring, parts, pending, pendingLoc);
  }
  if (!formatted) return seal(std::make_unique<ConstantExpr>(loc, std::move(pending)));
  if (!pending.empty())
    parts.push_back(seal(std::make_unique<ConstantExpr>(pendingLoc, std::move(pending))));
  auto node = std::make_unique<FStringExpr>(loc);
  node->parts = std::move(parts);
  return seal(std::move(node));
}

} // namespace uops::frontend::detail
