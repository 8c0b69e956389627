#include "core/autobatch/definitional.h"

#include "core/autobatch/host_values.h"
#include "core/autobatch/prim.h"
#include "core/program/convert.h"
#include "core/program/host_eval.h"

#include <algorithm>
#include <cstring>
#include <map>

#include <fmt/format.h>

namespace uops::autobatch {
namespace {

using frontend::Value;
using Env = std::map<std::string, HostTensor>; // one member's values, shape [1, ...]

class Interpreter {
public:
  explicit Interpreter(const Program& p) : m_p(p) {}

  std::vector<HostTensor> call(const std::vector<int>& blocks, const std::vector<std::string>& varsIn,
                               const std::vector<std::string>& varsOut, const std::vector<HostTensor>& args,
                               int depth) {
    if (depth > 10000) throw AutobatchError("definitional interpreter: recursion deeper than 10000 calls");
    deepest = std::max<int64_t>(deepest, depth);
    Env env;
    for (size_t i = 0; i < varsIn.size(); ++i) env[varsIn[i]] = args[i];
    int block = blocks.front();
    while (block != kExit) {
      const Block& b = m_p.pool.at(static_cast<size_t>(block));
      for (const Instruction& ins : b.instructions) run(ins, env, depth);
      if (const BranchOp* br = std::get_if<BranchOp>(&b.terminator)) block = read(env, br->cond).getBool(0) ? br->ifTrue : br->ifFalse;
      else if (const GotoOp* g = std::get_if<GotoOp>(&b.terminator)) block = g->target;
      else throw AutobatchError("definitional interpreter: the program is already lowered");
    }
    std::vector<HostTensor> out;
    for (const std::string& v : varsOut) out.push_back(read(env, v));
    return out;
  }

  int64_t deepest = 0; // the deepest call nesting since the last reset

private:
  const HostTensor& read(const Env& env, const std::string& v) const {
    auto it = env.find(v);
    if (it == env.end()) throw AutobatchError(fmt::format("definitional interpreter: {} read before written", v));
    return it->second;
  }

  HostTensor typed(const std::string& var, const HostTensor& value) const {
    const TensorType& t = m_p.varDefs.at(var);
    Shape shape{1};
    shape.insert(shape.end(), t.shape.begin(), t.shape.end());
    return convertTo(value, t.dtype, shape);
  }

  HostTensor constant(const std::string& var, const Value& c) const { return typed(var, pythonConstant(c)); }

  void run(const Instruction& ins, Env& env, int depth) {
    if (const FunctionCallOp* call = std::get_if<FunctionCallOp>(&ins)) {
      const Function& f = *m_p.function(call->function);
      std::vector<HostTensor> args;
      for (const std::string& v : call->in) args.push_back(read(env, v));
      std::vector<HostTensor> results = this->call(f.blocks, f.varsIn, f.varsOut, args, depth + 1);
      for (size_t i = 0; i < results.size(); ++i) env[call->out[i]] = results[i];
      return;
    }
    const PrimOp& op = std::get<PrimOp>(ins);
    switch (op.fn->kind) {
    case PrimFn::Kind::Copy: {
      std::vector<HostTensor> values;
      for (const std::string& v : op.in) values.push_back(read(env, v));
      for (size_t i = 0; i < values.size(); ++i) env[op.out[i]] = typed(op.out[i], values[i]);
      return;
    }
    case PrimFn::Kind::Constant: env[op.out[0]] = constant(op.out[0], op.fn->args.at(0).constant); return;
    case PrimFn::Kind::Zero: env[op.out[0]] = constant(op.out[0], Value(int64_t{0})); return;
    default: break;
    }
    std::vector<Value> inputs;
    for (const std::string& v : op.in) inputs.push_back(program::wrap(program::tensorFrom(read(env, v))));
    Value result = applyPrim(*op.fn, inputs);
    if (result.isNumber()) {
      env[op.out[0]] = constant(op.out[0], result);
      return;
    }
    env[op.out[0]] = typed(op.out[0], program::evaluateOnHost(*program::asTensorPtr(result)));
  }

  const Program& m_p;
};

HostTensor row(const HostTensor& batch, int64_t m) {
  Shape shape = batch.shape();
  int64_t rowElems = batch.numel() / shape[0];
  shape[0] = 1;
  size_t bytes = static_cast<size_t>(rowElems * batch.itemSize());
  return HostTensor::fromBytes(batch.dtype(), shape, batch.bytes().subspan(static_cast<size_t>(m) * bytes, bytes));
}

} // namespace

std::vector<HostTensor> interpretUnbatched(const Program& typed, const std::vector<HostTensor>& inputs,
                                          std::vector<int64_t>* callDepth) {
  int64_t batch = inputs.empty() ? 1 : inputs[0].shape()[0];
  Interpreter interpreter(typed);
  std::vector<std::vector<HostTensor>> perMember;
  for (int64_t m = 0; m < batch; ++m) {
    std::vector<HostTensor> args;
    for (const HostTensor& in : inputs) args.push_back(row(in, m));
    interpreter.deepest = 0;
    perMember.push_back(interpreter.call(typed.graph, typed.varsIn, typed.varsOut, args, 0));
    if (callDepth) callDepth->push_back(interpreter.deepest);
  }
  std::vector<HostTensor> out;
  for (size_t k = 0; k < typed.varsOut.size(); ++k) {
    const HostTensor& first = perMember[0][k];
    Shape shape = first.shape();
    shape[0] = batch;
    HostTensor joined(first.dtype(), shape);
    size_t bytes = first.bytes().size();
    for (int64_t m = 0; m < batch; ++m)
      std::memcpy(joined.mutableBytes().data() + static_cast<size_t>(m) * bytes, perMember[m][k].bytes().data(), bytes);
    out.push_back(joined);
  }
  return out;
}

} // namespace uops::autobatch
