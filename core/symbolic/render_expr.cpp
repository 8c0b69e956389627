#include "core/symbolic/render_expr.h"

#include "core/symbolic/int_value.h"

#include <string_view>
#include <vector>

#include <fmt/format.h>

namespace uops {
namespace {

struct Infix {
  std::string_view symbol;
  int precedence; // higher binds tighter (Python's order)
};

std::optional<Infix> infixOf(Op op) {
  switch (op) {
  case Op::Mul:
    return Infix{"*", 6};
  case Op::Idiv:
    return Infix{"//", 6};
  case Op::Mod:
    return Infix{"%", 6};
  case Op::Add:
    return Infix{"+", 5};
  case Op::Shl:
    return Infix{"<<", 4};
  case Op::Shr:
    return Infix{">>", 4};
  case Op::And:
    return Infix{"&", 3};
  case Op::Xor:
    return Infix{"^", 2};
  case Op::Or:
    return Infix{"|", 1};
  case Op::CmpLt:
    return Infix{"<", 0};
  case Op::CmpNe:
    return Infix{"!=", 0};
  default:
    return std::nullopt;
  }
}

// Leaves and constants, written directly.
std::optional<std::string> leafText(const UOp& u, const RenderOptions& opts) {
  if (opts.name)
    if (auto n = opts.name(u)) return n;
  switch (u.op()) {
  case Op::Const: {
    if (auto i = intValue(u)) {
      if (u.dtype().isBool()) return std::string(*i ? "True" : "False");
      return int128ToString(*i);
    }
    auto v = u.constValue();
    if (!v) return std::string("?");
    double d = std::visit([](auto x) { return static_cast<double>(x); }, *v);
    std::string s = fmt::format("{}", d);
    if (s.find_first_of(".enai") == std::string::npos) s += ".0"; // 2 -> 2.0, inf and nan stay
    return s;
  }
  case Op::Range:
    return fmt::format("r{}", u.argAs<RangeArg>().id);
  case Op::Param: // a variable by its name
    if (const auto& v = u.argAs<ParamArg>().variable) return v->name;
    return fmt::format("p{}", u.argAs<ParamArg>().slot);
  case Op::Special:
    if (const auto* s = u.argIf<std::string>()) return *s;
    return std::nullopt;
  default:
    return std::nullopt;
  }
}

std::string_view functionName(Op op) {
  switch (op) {
  case Op::Max:
    return "max";
  case Op::Where:
    return "where";
  case Op::Cast:
    return "cast";
  case Op::Recip:
    return "recip";
  case Op::Trunc:
    return "trunc";
  default:
    return opName(op);
  }
}

// One thing still to write: literal text or a node (maybe parenthesized).
struct Piece {
  const UOp* node = nullptr;
  std::string_view text;
  bool parens = false;
};

} // namespace

std::string renderExpr(const UOp& root, const RenderOptions& opts) {
  std::string out;
  std::vector<Piece> todo{{&root, {}, false}};
  while (!todo.empty()) {
    if (out.size() > opts.maxLength) {
      out.resize(opts.maxLength);
      return out + "...";
    }
    Piece p = todo.back();
    todo.pop_back();
    if (!p.node) {
      out += p.text;
      continue;
    }
    const UOp& u = *p.node;
    if (auto leaf = leafText(u, opts)) {
      out += *leaf;
      continue;
    }
    // Pieces are pushed in reverse: the last to be written first.
    if (p.parens) todo.push_back({nullptr, ")"});
    if (auto in = infixOf(u.op()); in && u.src().size() == 2) {
      auto prec = [](const UOp& s) {
        auto i = infixOf(s.op());
        return i && s.src().size() == 2 ? i->precedence : 100;
      };
      // Left-associative: a right operand of equal precedence needs parentheses;
      // comparisons do not chain, so neither side may be one unparenthesized.
      bool leftParens =
          prec(*u.src(0)) < in->precedence || (in->precedence == 0 && prec(*u.src(0)) == 0);
      bool rightParens = prec(*u.src(1)) <= in->precedence;
      todo.push_back({u.src(1).get(), {}, rightParens});
      todo.push_back({nullptr, in->symbol});
      todo.push_back({u.src(0).get(), {}, leftParens});
    } else {
      todo.push_back({nullptr, ")"});
      if (u.op() == Op::Cast) {
        todo.push_back({nullptr, scalarName(u.dtype().scalar)});
        todo.push_back({nullptr, ", "});
      }
      for (size_t i = u.src().size(); i-- > 0;) {
        todo.push_back({u.src(i).get(), {}, false});
        if (i) todo.push_back({nullptr, ", "});
      }
      todo.push_back({nullptr, "("});
      todo.push_back({nullptr, functionName(u.op())});
    }
    if (p.parens) todo.push_back({nullptr, "("});
  }
  return out;
}

} // namespace uops
