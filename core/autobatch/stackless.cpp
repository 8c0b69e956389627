#include "core/autobatch/stackless.h"

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
using Env = std::map<std::string, HostTensor>; // [batch, ...] per variable

class Stackless {
public:
  Stackless(const Program& p, int64_t batch, int maxDepth) : m_p(p), m_batch(batch), m_maxDepth(maxDepth) {}

  // Runs `blocks` for the members in `members` (sorted); the values of `varsOut` ([batch, ...]).
  std::vector<HostTensor> call(const std::vector<int>& blocks, const std::vector<std::string>& varsIn,
                               const std::vector<std::string>& varsOut, const std::vector<HostTensor>& args,
                               const std::vector<int64_t>& members, int depth) {
    if (depth > m_maxDepth)
      throw AutobatchError(fmt::format("stackless interpreter: recursion deeper than {} calls", m_maxDepth));
    Env env;
    for (size_t i = 0; i < varsIn.size(); ++i) env[varsIn[i]] = typed(varsIn[i], args[i]);
    std::map<int, size_t> rank; // block -> its place in the graph (lowest runs first)
    for (size_t i = 0; i < blocks.size(); ++i) rank[blocks[i]] = i;
    std::vector<int> pc(static_cast<size_t>(m_batch), kExit);
    for (int64_t m : members) pc[static_cast<size_t>(m)] = blocks.front();
    for (;;) {
      int next = kExit;
      for (int64_t m : members) {
        int b = pc[static_cast<size_t>(m)];
        if (b != kExit && (next == kExit || rank.at(b) < rank.at(next))) next = b;
      }
      if (next == kExit) break;
      std::vector<int64_t> active;
      for (int64_t m : members)
        if (pc[static_cast<size_t>(m)] == next) active.push_back(m);
      const Block& b = m_p.pool.at(static_cast<size_t>(next));
      for (const Instruction& ins : b.instructions) run(ins, env, active, depth);
      for (int64_t m : active) {
        int& to = pc[static_cast<size_t>(m)];
        if (const BranchOp* br = std::get_if<BranchOp>(&b.terminator)) {
          const HostTensor& c = read(env, br->cond);
          to = c.getBool(m * (c.numel() / m_batch)) ? br->ifTrue : br->ifFalse;
        } else if (const GotoOp* g = std::get_if<GotoOp>(&b.terminator)) {
          to = g->target;
        } else {
          throw AutobatchError("stackless interpreter: the program is already lowered");
        }
      }
    }
    std::vector<HostTensor> out;
    for (const std::string& v : varsOut) out.push_back(read(env, v));
    return out;
  }

private:
  const HostTensor& read(const Env& env, const std::string& v) const {
    auto it = env.find(v);
    if (it == env.end()) throw AutobatchError(fmt::format("stackless interpreter: {} read before written", v));
    return it->second;
  }

  Shape shapeOf(const std::string& var) const {
    const TensorType& t = m_p.varDefs.at(var);
    Shape shape{m_batch};
    shape.insert(shape.end(), t.shape.begin(), t.shape.end());
    return shape;
  }

  // `value` ([batch, ...] or one element) as the variable's dtype and shape.
  HostTensor typed(const std::string& var, const HostTensor& value) const {
    return convertTo(value, m_p.varDefs.at(var).dtype, shapeOf(var));
  }

  // The active members' rows of `value` into the variable (made zero-filled on first write).
  void assign(Env& env, const std::string& var, const HostTensor& value, const std::vector<int64_t>& active) const {
    HostTensor v = typed(var, value);
    auto [it, fresh] = env.try_emplace(var, HostTensor(v.dtype(), v.shape()));
    HostTensor& dst = it->second;
    size_t row = static_cast<size_t>(v.numel() / m_batch * v.itemSize());
    std::span<std::byte> to = dst.mutableBytes();
    std::span<const std::byte> from = v.bytes();
    for (int64_t m : active) std::memcpy(to.data() + static_cast<size_t>(m) * row, from.data() + static_cast<size_t>(m) * row, row);
  }

  // The variable with every member not in `active` reading the first active member's row.
  HostTensor masked(const Env& env, const std::string& var, const std::vector<int64_t>& active) const {
    HostTensor v = read(env, var);
    size_t row = static_cast<size_t>(v.numel() / m_batch * v.itemSize());
    std::vector<char> on(static_cast<size_t>(m_batch), 0);
    for (int64_t m : active) on[static_cast<size_t>(m)] = 1;
    std::span<std::byte> bytes = v.mutableBytes();
    const std::byte* fill = v.bytes().data() + static_cast<size_t>(active.front()) * row;
    std::vector<std::byte> first(fill, fill + row);
    for (int64_t m = 0; m < m_batch; ++m)
      if (!on[static_cast<size_t>(m)]) std::memcpy(bytes.data() + static_cast<size_t>(m) * row, first.data(), row);
    return v;
  }

  void run(const Instruction& ins, Env& env, const std::vector<int64_t>& active, int depth) {
    if (std::holds_alternative<PopOp>(ins)) return; // nothing is ever pushed
    if (const FunctionCallOp* call = std::get_if<FunctionCallOp>(&ins)) {
      const Function& f = *m_p.function(call->function);
      std::vector<HostTensor> args;
      for (const std::string& v : call->in) args.push_back(read(env, v));
      std::vector<HostTensor> results = this->call(f.blocks, f.varsIn, f.varsOut, args, active, depth + 1);
      for (size_t i = 0; i < results.size(); ++i) assign(env, call->out[i], results[i], active);
      return;
    }
    const PrimOp& op = std::get<PrimOp>(ins);
    switch (op.fn->kind) {
    case PrimFn::Kind::Copy: {
      std::vector<HostTensor> values; // every read before any write
      for (const std::string& v : op.in) values.push_back(read(env, v));
      for (size_t i = 0; i < values.size(); ++i) assign(env, op.out[i], values[i], active);
      return;
    }
    case PrimFn::Kind::Constant: assign(env, op.out[0], pythonConstant(op.fn->args.at(0).constant), active); return;
    case PrimFn::Kind::Zero: assign(env, op.out[0], pythonConstant(Value(int64_t{0})), active); return;
    default: break;
    }
    std::vector<Value> inputs;
    for (const std::string& v : op.in) inputs.push_back(program::wrap(program::tensorFrom(masked(env, v, active))));
    Value result = applyPrim(*op.fn, inputs);
    if (result.isNumber()) {
      assign(env, op.out[0], pythonConstant(result), active);
      return;
    }
    assign(env, op.out[0], program::evaluateOnHost(*program::asTensorPtr(result)), active);
  }

  const Program& m_p;
  int64_t m_batch;
  int m_maxDepth;
};

} // namespace

std::vector<HostTensor> interpretStackless(const Program& typed, const std::vector<HostTensor>& inputs, int maxDepth) {
  int64_t batch = inputs.empty() ? 1 : inputs[0].shape()[0];
  std::vector<int64_t> everyone(static_cast<size_t>(batch));
  for (int64_t m = 0; m < batch; ++m) everyone[static_cast<size_t>(m)] = m;
  return Stackless(typed, batch, maxDepth).call(typed.graph, typed.varsIn, typed.varsOut, inputs, everyone, 0);
}

} // namespace uops::autobatch
