// A primitive operation of an auto-batched program: one tensor operation of
// the Tensor API applied to the batch (an operator, a comparison, a method
// such as x.sum(axis=1)), a Python constant, or a copy. Its operands are the
// PrimOp's input variables or Python constants (tinygrad's weak scalars), so
// evaluating it on batch tensors is exactly what the same expression does in
// a program: the Tensor bindings do the work.
#pragma once

#include "core/frontend/op_kinds.h"
#include "core/frontend/value.h"

#include <string>
#include <utility>
#include <vector>

namespace uops::autobatch {

// An operand: input variable `input` of the PrimOp, or a constant.
struct PrimArg {
  int input = -1;
  frontend::Value constant;
  static PrimArg var(int i) { return {i, {}}; }
  static PrimArg value(frontend::Value v) { return {-1, std::move(v)}; }
};

struct PrimFn {
  enum class Kind {
    Constant, // out = args[0] (a Python scalar)
    Copy,     // out_k = in_k (the lowering's push of arguments and results)
    Zero,     // out = zeros of the output's type (a value never read on that path)
    Binary,   // out = args[0] op args[1]
    Unary,    // out = op args[0]
    Method,   // out = args[0].method(args[1:], **kwargs)
  };
  Kind kind = Kind::Copy;
  frontend::BinaryOp binary = frontend::BinaryOp::Add;
  frontend::UnaryOp unary = frontend::UnaryOp::Neg;
  std::string method;
  std::vector<PrimArg> args;
  std::vector<std::pair<std::string, PrimArg>> kwargs;

  // Whether evaluating it needs tensor work (not a constant, copy or zero).
  bool computes() const { return kind == Kind::Binary || kind == Kind::Unary || kind == Kind::Method; }
};

// The operation with its inputs named: "fib.n - 1", "v.sum(axis=1)", "copy".
std::string primText(const PrimFn& fn, const std::vector<std::string>& inputs);

// Applies a computing prim to input values (tensors or Python scalars);
// throws what the Tensor bindings throw (frontend::ScriptError).
frontend::Value applyPrim(const PrimFn& fn, const std::vector<frontend::Value>& inputs);

} // namespace uops::autobatch
