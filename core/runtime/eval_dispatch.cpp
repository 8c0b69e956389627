// The value of one node from the values of its dependencies: the one switch
// over every Op (no default, so -Wswitch names an op added to the IR but not here).
#include "core/runtime/eval_run.h"

#include "core/ir/minmax.h"
#include "core/ir/shape.h"
#include "core/runtime/tensor_elementwise.h"
#include "core/runtime/tensor_movement.h"

#include <cstring>

#include <fmt/format.h>

namespace uops {
namespace {

[[noreturn]] void kernelLevel(const UOp& node) {
  throw EvalError(node, fmt::format("{} is a kernel-level op with no value in a tensor graph",
                                    opName(node.op())));
}

HostTensor constValue(const UOp& node) {
  HostTensor out(node.dtype(), Shape{});
  auto value = node.constValue();
  if (!value) throw EvalError(node, "its arg is not a constant");
  if (const bool* b = std::get_if<bool>(&*value))
    out.setBool(0, *b);
  else if (const int64_t* i = std::get_if<int64_t>(&*value))
    out.setInt(0, *i);
  else
    out.setDouble(0, std::get<double>(*value));
  return out;
}

HostTensor binaryValue(const UOp& node) {
  const std::string* data = node.argIf<std::string>();
  if (!data || node.dtype() != dtypes::uint8)
    throw EvalError(node, "a Binary is uint8 bytes held in its arg");
  return HostTensor::fromBytes(dtypes::uint8, node.shape(),
                               std::as_bytes(std::span<const char>(data->data(), data->size())));
}

// The ints of a shape operand: a Stack of integer Consts, or of index
// arithmetic over Consts only (a view's offset `12 - (start_pos+1)` once the
// variable is bound, core/ir/variable.h), whose range is then one number.
Shape operandValues(const UOp& node, size_t i) {
  if (auto values = shapeOperandValues(*node.src(i))) return *values;
  const UOp& stack = *node.src(i);
  Shape out;
  for (const auto& s : stack.src()) {
    const MinMax& m = s->minMax();
    bool oneNumber = stack.op() == Op::Stack && s->dtype().isInt() && !m.isFloat && m.lo == m.hi;
    for (const UOp* u : toposort(*s))
      if (u->op() == Op::Param || u->op() == Op::Range) oneNumber = false; // a variable's range may be one number
    if (!oneNumber) throw EvalError(node, fmt::format("source {} is not a Stack of integer Consts", i));
    out.push_back(static_cast<int64_t>(m.lo));
  }
  return out;
}

int64_t scalarIndex(const UOp& node, const HostTensor& t) {
  if (!t.shape().empty() || !t.dtype().isInt())
    throw EvalError(node, fmt::format("its offset is a {} of shape {}, not an integer scalar",
                                      toString(t.dtype()), toString(t.shape())));
  return t.getInt(0);
}

} // namespace

HostTensor EvalRun::compute(int frame, const UOp& node, std::span<const HostTensor* const> in) {
  switch (node.op()) {
  case Op::Param:
    return paramValue(node, in);
  case Op::Buffer:
    return bufferValue(node);
  case Op::Const:
    return constValue(node);
  case Op::Binary:
    return binaryValue(node);
  case Op::Permute:
    return permuteTensor(*in[0], node.argAs<Ints>());
  case Op::Flip:
    return flipTensor(*in[0], node.argAs<Bools>());
  case Op::Reshape:
    return reshapeTensor(*in[0], node.shape());
  case Op::Expand:
    return expandTensor(*in[0], node.shape());
  case Op::Pad:
    return padTensor(*in[0], operandValues(node, 1), node.shape());
  case Op::Shrink:
    return shrinkTensor(*in[0], operandValues(node, 1), node.shape());
  case Op::Index:
    return indexTensor(*in[0], in.subspan(1));
  case Op::Stack:
    return stackTensors(node.dtype(), in);
  case Op::Replicated:
    return replicatedTensor(*in[0], node.shape()); // one host: one replica
  case Op::Slice:
    return sliceTensor(*in[0], scalarIndex(node, *in[1]), node.argAs<int64_t>(), node.dtype());
  case Op::Bitcast:
    return bitcastTensor(*in[0], node.dtype(), node.shape());
  case Op::Reduce:
    if (node.src().size() > 1)
      throw EvalError(node, "a Reduce over Range sources is a kernel-level form");
    return fusedReduce(node).evaluate(in, m_evaluator.m_cancel);
  case Op::GetTuple:
    return *in[0];
  case Op::Function:
  case Op::Call:
  case Op::Tuple:
  case Op::Group:
  case Op::Sink:
    return HostTensor(); // void: evaluated for the effects of their sources
  case Op::Load:
    // A copy into a new buffer: the same values. Gates and alternates belong to kernels.
    if (node.src().size() > 1) throw EvalError(node, "a gated Load is a kernel-level form");
    return *in[0];
  case Op::Store:
    return store(frame, node, in);
  case Op::After:
    return after(frame, node, *in[0]);
  case Op::Contiguous:
  case Op::ContiguousBackward:
  case Op::Detach:
    return *in[0]; // markers: identity on data
  case Op::Recip:
  case Op::Trunc:
  case Op::Cast:
  case Op::Add:
  case Op::Mul:
  case Op::Max:
  case Op::Mod:
  case Op::Idiv:
  case Op::CmpLt:
  case Op::CmpNe:
  case Op::Xor:
  case Op::Or:
  case Op::And:
  case Op::Shr:
  case Op::Shl:
  case Op::Where:
  case Op::Neg:
  case Op::Sub:
  case Op::Div:
  case Op::CmpGt:
  case Op::CmpGe:
  case Op::CmpLe:
  case Op::CmpEq:
  case Op::Not:
  case Op::Exp2:
  case Op::Log2:
  case Op::Sin:
  case Op::Sqrt:
  case Op::Pow:
  case Op::Mulacc:
  case Op::Fma:
  case Op::Ldexp:
  case Op::FracNearest:
  case Op::Threefry:
    return elementwiseTensor(node.op(), node.dtype(), in);
  case Op::Range:
  case Op::End:
  case Op::Linear:
  case Op::Barrier:
  case Op::Ins:
  case Op::Special:
  case Op::If:
  case Op::Endif:
  case Op::Wmma:
  case Op::Custom:
  case Op::AtomicAdd:
  case Op::CustomFunction:
  case Op::Program:
  case Op::Source:
    kernelLevel(node);
  }
  throw EvalError(node, "unknown op");
}

// compute() with the node's own checks around it: its shape must be derivable,
// and the value must have the dtype and shape the IR derives for the node.
HostTensor EvalRun::computeChecked(int frame, const UOp& node,
                                   std::span<const HostTensor* const> in) {
  if (!node.shapeValid()) {
    std::string why;
    inferShape(node.op(), node.dtype(), node.src(), node.arg(), &why);
    throw EvalError(node, fmt::format("its shape is invalid: {}", why));
  }
  if (node.dtype().count != 1 || node.dtype().isPtr)
    throw EvalError(node, "vector and pointer dtypes belong to kernels, not tensor graphs");
  HostTensor value;
  try {
    value = compute(frame, node, in);
  } catch (const EvalError&) {
    throw;
  } catch (const std::exception& e) {
    throw EvalError(node, e.what());
  }
  if (!value.isVoid() && (value.dtype() != node.dtype() || value.shape() != node.shape()))
    throw EvalError(node,
                    fmt::format("its value is a {} of shape {}, but the node's dtype and shape "
                                "say otherwise",
                                toString(value.dtype()), toString(value.shape())));
  return value;
}

} // namespace uops
