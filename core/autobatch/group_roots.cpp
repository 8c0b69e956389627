#include "core/autobatch/group_roots.h"

#include "core/autobatch/prim.h"
#include "core/program/convert.h"

#include <map>

#include <fmt/format.h>

namespace uops::autobatch {
namespace {

using frontend::Value;

const TensorType& declaredType(const Program& program, const std::string& name, const frontend::Location& loc) {
  auto def = program.varDefs.find(name);
  if (def == program.varDefs.end()) throw AutobatchError(fmt::format("variable {} has no type", name), loc);
  return def->second;
}

Scalar constantScalar(const Value& v) {
  if (v.isFloat()) return Scalar(*v.get<double>());
  if (v.isBool()) return Scalar(*v.get<bool>());
  return Scalar(*v.get<int64_t>());
}

} // namespace

std::vector<size_t> computingRun(const Block& block, size_t first) {
  std::vector<size_t> run;
  for (size_t i = first; i < block.instructions.size(); ++i) {
    const PrimOp* p = std::get_if<PrimOp>(&block.instructions[i]);
    if (!p || !p->fn->computes()) break;
    run.push_back(i);
  }
  return run;
}

Shape batchShape(const TensorType& t, int64_t batch) {
  Shape shape{batch};
  shape.insert(shape.end(), t.shape.begin(), t.shape.end());
  return shape;
}

GroupRoots groupRoots(const Program& program, const Block& block, std::span<const size_t> prims, int64_t batch) {
  GroupRoots g;
  std::map<std::string, Value> env;
  for (size_t i : prims) {
    const PrimOp& op = std::get<PrimOp>(block.instructions.at(i));
    std::vector<Value> inputs;
    for (const std::string& name : op.in) {
      auto it = env.find(name);
      if (it == env.end()) {
        const TensorType& type = declaredType(program, name, op.loc);
        Tensor ph = Tensor::empty(batchShape(type, batch), type.dtype);
        UOpPtr buf = ph.uop();
        while (buf->op() != Op::Buffer) buf = buf->src(0);
        g.inputs.push_back({name, buf->argAs<BufferArg>().id});
        it = env.emplace(name, program::wrap(ph)).first;
      }
      inputs.push_back(it->second);
    }
    Value result;
    try {
      result = applyPrim(*op.fn, inputs);
    } catch (const AutobatchError&) {
      throw;
    } catch (const std::exception& e) {
      throw AutobatchError(e.what(), op.loc);
    }
    const std::string& out = op.out.at(0);
    const TensorType& type = declaredType(program, out, op.loc);
    Shape shape = batchShape(type, batch);
    Tensor t = result.isNumber() ? Tensor::full(shape, constantScalar(result), type.dtype) : *program::asTensorPtr(result);
    if (t.dtype() != type.dtype) t = t.cast(type.dtype);
    if (t.shape() != shape) t = t.expand(shape);
    env[out] = program::wrap(t);
    g.roots.push_back(t.uop());
    g.outputs.push_back(out);
    g.push.push_back(!op.skipPush.contains(out));
  }
  return g;
}

} // namespace uops::autobatch
