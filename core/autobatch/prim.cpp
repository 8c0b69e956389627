#include "core/autobatch/prim.h"

#include "core/frontend/attributes.h"
#include "core/frontend/callable.h"
#include "core/frontend/operators.h"
#include "core/frontend/repr.h"

#include <fmt/format.h>

namespace uops::autobatch {

using frontend::Value;

namespace {

std::string argText(const PrimArg& a, const std::vector<std::string>& inputs) {
  return a.input >= 0 ? inputs.at(static_cast<size_t>(a.input)) : frontend::repr(a.constant);
}

Value argValue(const PrimArg& a, const std::vector<Value>& inputs) {
  return a.input >= 0 ? inputs.at(static_cast<size_t>(a.input)) : a.constant;
}

} // namespace

std::string primText(const PrimFn& fn, const std::vector<std::string>& inputs) {
  switch (fn.kind) {
  case PrimFn::Kind::Constant: return argText(fn.args.at(0), inputs);
  case PrimFn::Kind::Copy: return fmt::format("{}", fmt::join(inputs, ", "));
  case PrimFn::Kind::Zero: return "zeros";
  case PrimFn::Kind::Binary:
    return fmt::format("{} {} {}", argText(fn.args.at(0), inputs), frontend::symbol(fn.binary),
                       argText(fn.args.at(1), inputs));
  case PrimFn::Kind::Unary:
    if (fn.unary == frontend::UnaryOp::Abs) return fmt::format("abs({})", argText(fn.args.at(0), inputs));
    return fmt::format("{}{}", frontend::symbol(fn.unary), argText(fn.args.at(0), inputs));
  case PrimFn::Kind::Method: {
    std::vector<std::string> parts;
    for (size_t i = 1; i < fn.args.size(); ++i) parts.push_back(argText(fn.args[i], inputs));
    for (const auto& [name, a] : fn.kwargs) parts.push_back(fmt::format("{}={}", name, argText(a, inputs)));
    return fmt::format("{}.{}({})", argText(fn.args.at(0), inputs), fn.method, fmt::join(parts, ", "));
  }
  }
  return "?";
}

Value applyPrim(const PrimFn& fn, const std::vector<Value>& inputs) {
  switch (fn.kind) {
  case PrimFn::Kind::Binary:
    return frontend::binaryOp(fn.binary, argValue(fn.args.at(0), inputs), argValue(fn.args.at(1), inputs));
  case PrimFn::Kind::Unary: return frontend::unaryOp(fn.unary, argValue(fn.args.at(0), inputs));
  case PrimFn::Kind::Method: {
    Value callee = frontend::getAttribute(argValue(fn.args.at(0), inputs), fn.method);
    std::vector<Value> positional;
    for (size_t i = 1; i < fn.args.size(); ++i) positional.push_back(argValue(fn.args[i], inputs));
    std::vector<std::pair<std::string, Value>> keywords;
    for (const auto& [name, a] : fn.kwargs) keywords.emplace_back(name, argValue(a, inputs));
    return frontend::callValue(callee, std::move(positional), std::move(keywords));
  }
  case PrimFn::Kind::Constant: return fn.args.at(0).constant;
  case PrimFn::Kind::Copy:
  case PrimFn::Kind::Zero: break;
  }
  throw std::logic_error("applyPrim: a copy or zero prim computes nothing");
}

} // namespace uops::autobatch
