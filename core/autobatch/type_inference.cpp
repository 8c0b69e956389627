#include "core/autobatch/passes.h"
#include "core/autobatch/prim.h"
#include "core/frontend/script_error.h"
#include "core/program/convert.h"

#include <algorithm>
#include <map>

#include <fmt/format.h>

namespace uops::autobatch {
namespace {

using frontend::Location;
using frontend::Value;

// What is known of a variable's type so far.
struct Known {
  enum class State { Unknown, Weak, Strong } state = State::Unknown;
  int weakRank = 0; // 0 bool, 1 int, 2 float: a Python constant's kind
  TensorType type;  // when Strong
  Location where;   // the write that fixed it
};

int weakRankOf(const Value& v) {
  if (v.isBool()) return 0;
  if (v.isInt()) return 1;
  return 2;
}

DType weakDefault(int rank) {
  return rank == 0 ? dtypes::bool_ : rank == 1 ? dtypes::int32 : dtypes::float32;
}

std::string describe(const Known& k) {
  if (k.state == Known::State::Strong) return typeText(k.type);
  return k.weakRank == 0 ? "a Python bool" : k.weakRank == 1 ? "a Python int" : "a Python float";
}

class Inference {
public:
  Inference(const Program& p, int64_t batch) : m_p(p), m_batch(batch) {}

  std::map<std::string, TensorType> run(const std::vector<TensorType>& inputs) {
    if (inputs.size() != m_p.varsIn.size())
      throw AutobatchError(fmt::format("{} inputs for {} parameters", inputs.size(), m_p.varsIn.size()));
    for (size_t i = 0; i < inputs.size(); ++i) {
      Known k{Known::State::Strong, 0, inputs[i], {}};
      join(m_p.varsIn[i], k);
    }
    for (bool changed = true; changed;) {
      m_changed = false;
      for (const Block& b : m_p.pool)
        for (const Instruction& ins : b.instructions) visit(ins);
      changed = m_changed;
    }
    std::map<std::string, TensorType> out;
    for (const std::string& v : m_p.variables()) {
      const Known& k = m_known[v];
      if (k.state == Known::State::Unknown)
        throw AutobatchError(fmt::format("cannot determine the type of variable {}: no write of it has a known type "
                                         "(is it read before it is assigned, or only computed from itself?)",
                                         v),
                             firstWrite(v));
      out[v] = k.state == Known::State::Strong ? k.type : TensorType{weakDefault(k.weakRank), {}};
    }
    out[kProgramCounter] = TensorType{dtypes::int32, {}};
    return out;
  }

private:
  std::optional<Location> firstWrite(const std::string& v) const {
    for (const Block& b : m_p.pool)
      for (const Instruction& ins : b.instructions)
        if (const PrimOp* op = std::get_if<PrimOp>(&ins))
          if (std::find(op->out.begin(), op->out.end(), v) != op->out.end()) return op->loc;
    return std::nullopt;
  }

  void join(const std::string& v, const Known& in) {
    if (in.state == Known::State::Unknown) return;
    Known& k = m_known[v];
    if (k.state == Known::State::Unknown) {
      k = in;
      m_changed = true;
      return;
    }
    if (k.state == Known::State::Weak && in.state == Known::State::Weak) {
      if (in.weakRank > k.weakRank) {
        k.weakRank = in.weakRank;
        m_changed = true;
      }
      return;
    }
    const Known& strong = k.state == Known::State::Strong ? k : in;
    const Known& other = k.state == Known::State::Strong ? in : k;
    bool fits = other.state == Known::State::Strong ? other.type == strong.type
                                                    : other.weakRank < 2 || strong.type.dtype.isFloat();
    if (!fits)
      throw AutobatchError(fmt::format("variable {} is {} here and {} at line {}: one variable holds one dtype and shape",
                                       v, describe(in), describe(k), k.where.line),
                           in.where);
    if (k.state != Known::State::Strong) {
      k = in;
      m_changed = true;
    }
  }

  Value placeholder(const std::string& v) {
    const Known& k = m_known[v];
    Shape shape{m_batch};
    DType dtype = weakDefault(k.weakRank);
    if (k.state == Known::State::Strong) {
      shape.insert(shape.end(), k.type.shape.begin(), k.type.shape.end());
      dtype = k.type.dtype;
    }
    return program::wrap(Tensor::empty(shape, dtype));
  }

  void visit(const Instruction& ins) {
    if (const FunctionCallOp* call = std::get_if<FunctionCallOp>(&ins)) {
      const Function* f = m_p.function(call->function);
      for (size_t i = 0; i < call->in.size(); ++i) join(f->varsIn[i], withWhere(call->in[i], call->loc));
      for (size_t i = 0; i < call->out.size(); ++i) join(call->out[i], withWhere(f->varsOut[i], call->loc));
      return;
    }
    const PrimOp* op = std::get_if<PrimOp>(&ins);
    if (!op) return;
    switch (op->fn->kind) {
    case PrimFn::Kind::Zero: return;
    case PrimFn::Kind::Copy:
      for (size_t i = 0; i < op->in.size(); ++i) join(op->out[i], withWhere(op->in[i], op->loc));
      return;
    case PrimFn::Kind::Constant: {
      const Value& c = op->fn->args.at(0).constant;
      if (!c.isNumber())
        throw AutobatchError(fmt::format("{} is assigned a {}: variables hold tensors and numbers", op->out[0],
                                         c.typeName()),
                             op->loc);
      join(op->out[0], Known{Known::State::Weak, weakRankOf(c), {}, op->loc});
      return;
    }
    default: break;
    }
    std::string signature;
    for (const std::string& v : op->in) {
      const Known& k = m_known[v];
      if (k.state == Known::State::Unknown) return;
      signature += describe(k) + ";";
    }
    auto [it, fresh] = m_evaluated.try_emplace(op, signature);
    if (!fresh && it->second == signature) return;
    it->second = signature;
    std::vector<Value> inputs;
    for (const std::string& v : op->in) inputs.push_back(placeholder(v));
    Value result;
    try {
      result = applyPrim(*op->fn, inputs);
    } catch (const AutobatchError&) {
      throw;
    } catch (const std::exception& e) {
      throw AutobatchError(e.what(), op->loc);
    }
    if (result.isNumber()) {
      join(op->out[0], Known{Known::State::Weak, weakRankOf(result), {}, op->loc});
      return;
    }
    const Tensor* t = program::asTensorPtr(result);
    if (!t) throw AutobatchError(fmt::format("this gives a {}, not a tensor of the batch", result.typeName()), op->loc);
    Shape shape = t->shape();
    if (shape.empty() || shape[0] != m_batch)
      throw AutobatchError(fmt::format("this gives a tensor of shape ({}), not one row per batch member ({} of them): "
                                       "reduce over the other axes only",
                                       fmt::join(shape, ", "), m_batch),
                           op->loc);
    join(op->out[0], Known{Known::State::Strong, 0, TensorType{t->dtype(), Shape(shape.begin() + 1, shape.end())},
                           op->loc});
  }

  Known withWhere(const std::string& v, Location loc) {
    Known k = m_known[v];
    if (k.state != Known::State::Strong || k.where == Location{}) k.where = loc;
    return k;
  }

  const Program& m_p;
  int64_t m_batch;
  std::map<std::string, Known> m_known;
  std::map<const PrimOp*, std::string> m_evaluated;
  bool m_changed = false;
};

} // namespace

Program inferTypes(const Program& program, const std::vector<TensorType>& inputs, int64_t batch) {
  return program.replace(Inference(program, batch).run(inputs), std::nullopt);
}

} // namespace uops::autobatch
