#include "core/program/tensor_object.h"

#include "core/program/symbolic_int.h"
#include "core/program/symbolic_ops.h"
#include "core/program/symbolic_shape.h"

#include "core/frontend/script_error.h"
#include "core/frontend/suggest.h"
#include "core/ir/shape.h"
#include "core/program/convert.h"
#include "core/program/dtype_object.h"
#include "core/program/method_helpers.h"
#include "core/program/tensor_class.h"
#include "core/program/tensor_methods.h"

#include <fmt/format.h>

#include <algorithm>

namespace uops::program {

using frontend::BinaryOp;
using frontend::ScriptError;
using frontend::UnaryOp;

namespace {

// A Python operand of an operator: a tensor or a number. Anything else is
// Python's NotImplemented, so the interpreter reports the operand types.
std::optional<TensorOrScalar> operandOf(const Value& v) {
  if (std::optional<Tensor> t = asTensor(v)) return TensorOrScalar(*t);
  if (const bool* b = v.get<bool>()) return TensorOrScalar(Scalar(*b));
  if (const int64_t* i = v.get<int64_t>()) return TensorOrScalar(Scalar(*i));
  if (const double* d = v.get<double>()) return TensorOrScalar(Scalar(*d));
  return std::nullopt;
}

std::optional<Tensor> apply(BinaryOp op, const Tensor& lhs, const TensorOrScalar& rhs) {
  switch (op) {
  case BinaryOp::Add:
    return lhs.add(rhs);
  case BinaryOp::Sub:
    return lhs.sub(rhs);
  case BinaryOp::Mul:
    return lhs.mul(rhs);
  case BinaryOp::MatMul:
    if (!rhs.isTensor()) return std::nullopt;
    return lhs.matmul(rhs.tensor());
  case BinaryOp::TrueDiv:
    return lhs.div(rhs);
  case BinaryOp::FloorDiv:
    return lhs.floorDiv(rhs);
  case BinaryOp::Mod:
    return lhs.mod(rhs);
  case BinaryOp::Pow:
    return lhs.pow(rhs);
  case BinaryOp::LShift:
    return lhs.lshift(rhs);
  case BinaryOp::RShift:
    return lhs.rshift(rhs);
  case BinaryOp::BitAnd:
    return lhs.bitwiseAnd(rhs);
  case BinaryOp::BitOr:
    return lhs.bitwiseOr(rhs);
  case BinaryOp::BitXor:
    return lhs.bitwiseXor(rhs);
  case BinaryOp::Eq:
    return lhs.eq(rhs);
  case BinaryOp::Ne:
    return lhs.ne(rhs);
  case BinaryOp::Lt:
    return lhs.lt(rhs);
  case BinaryOp::Le:
    return lhs.le(rhs);
  case BinaryOp::Gt:
    return lhs.gt(rhs);
  case BinaryOp::Ge:
    return lhs.ge(rhs);
  }
  return std::nullopt;
}

} // namespace

std::string TensorObject::repr() const {
  std::string grad = "None";
  if (std::optional<Tensor> g = tensor.grad())
    grad = fmt::format("<UOp {} {} {}>", g->device(), toString(g->shape()),
                       dtypeValue(g->dtype()).object()->repr().substr(7));
  return fmt::format("<Tensor <UOp {} {} {}> on {} with grad {}>", tensor.device(),
                     toString(tensor.shape()),
                     dtypeValue(tensor.dtype()).object()->repr().substr(7), tensor.device(), grad);
}

const frontend::MethodTable* TensorObject::methods() const {
  return &tensorMethods();
}

std::optional<Value> TensorObject::typeObject() const {
  return tensorClass();
}

std::optional<Value> TensorObject::getAttr(std::string_view name) {
  if (std::optional<Value> v = Object::getAttr(name)) return v;
  throw ScriptError(fmt::format("unknown tensor method '{}'{}", name,
                                frontend::didYouMean(name, tensorMethods().names())));
}

void TensorObject::setAttr(std::string_view name, const Value& value) {
  if (name == "grad") {
    if (value.isNone()) return tensor.setGrad(std::nullopt);
    if (std::optional<Tensor> g = asTensor(value)) return tensor.setGrad(*g);
    throw ScriptError(
        fmt::format("Tensor.grad must be a Tensor or None, not {}", value.typeName()));
  }
  if (name == "requires_grad") {
    if (!value.isBool() && !value.isNone())
      throw ScriptError(
          fmt::format("Tensor.requires_grad must be a bool or None, not {}", value.typeName()));
    return tensor.setRequiresGrad(value.isBool() && *value.get<bool>());
  }
  if (name == "is_param") {
    if (!value.isBool())
      throw ScriptError(fmt::format("Tensor.is_param must be a bool, not {}", value.typeName()));
    return tensor.setIsParam(*value.get<bool>());
  }
  Object::setAttr(name, value);
}

std::optional<Value> TensorObject::binaryOp(BinaryOp op, const Value& other, bool reflected) {
  std::optional<TensorOrScalar> rhs = operandOf(other);
  if (!rhs) return std::nullopt;
  if (symbolic || symbolicSizeOf(other)) {
    // kept symbolic where the operands fit (symbolic_ops.h), else folded
    Value self(shared_from_this());
    std::optional<Value> kept;
    if (op == BinaryOp::MatMul)
      kept = symbolicMatmul(reflected ? other : self, reflected ? self : other,
                            [](const Tensor& l, const Tensor& r) { return l.matmul(r); });
    else
      kept = symbolicElementwise({self, other}, [&](const std::vector<Value>& v) {
        std::optional<Tensor> out = reflected ? apply(op, detail::leftOperand(*operandOf(v[1])), *asTensorPtr(v[0]))
                                              : apply(op, *asTensorPtr(v[0]), *operandOf(v[1]));
        return out ? wrap(*out) : Value();
      });
    if (kept) return kept;
  }
  if (symbolic) noteSymbolicFold(*symbolic, "a Tensor operator");
  if (const SymbolicSize* s = symbolicSizeOf(other)) noteSymbolicFold(*s, "a Tensor operator");
  // Reflected (2 - x): the Python scalar is the left operand, a weak constant.
  std::optional<Tensor> out =
      reflected ? apply(op, detail::leftOperand(*rhs), tensor) : apply(op, tensor, *rhs);
  if (!out) return std::nullopt;
  return wrap(*out);
}

std::optional<Value> TensorObject::inplaceOp(BinaryOp op, const Value& other) {
  if (op == BinaryOp::Mod) return std::nullopt; // tinygrad has no __imod__: x = x % y
  std::optional<Value> result = binaryOp(op, other, false);
  if (!result) return std::nullopt;
  tensor.assign(*asTensorPtr(*result));
  return Value(std::static_pointer_cast<frontend::Object>(shared_from_this()));
}

std::optional<Value> TensorObject::unaryOp(UnaryOp op) {
  if (symbolic) {
    std::optional<Value> kept =
        symbolicElementwise({Value(shared_from_this())}, [op](const std::vector<Value>& v) {
          return *static_cast<TensorObject&>(*wrap(*asTensorPtr(v[0])).object()).unaryOp(op);
        });
    if (kept) return kept;
    noteSymbolicFold(*symbolic, "a Tensor operator");
  }
  switch (op) {
  case UnaryOp::Neg:
    return wrap(tensor.neg());
  case UnaryOp::Pos:
    return wrap(tensor);
  case UnaryOp::Invert:
    return wrap(tensor.bitwiseNot());
  case UnaryOp::Abs:
    return wrap(tensor.abs());
  }
  return std::nullopt;
}

namespace {

bool tensorBasicIndexPart(const Value& v) {
  return v.isIntLike() || v.isNone() || v.is<frontend::Slice>() || v.is<frontend::EllipsisType>() ||
         isSymbolicInt(v);
}

// Only ints, slices, None and ...: the result is a view of the tensor.
bool tensorBasicIndex(const Value& index) {
  if (!index.isTuple()) return tensorBasicIndexPart(index);
  const std::vector<Value>& items = *index.items();
  return std::all_of(items.begin(), items.end(), tensorBasicIndexPart);
}

} // namespace

Value TensorObject::getItem(const Value& index) {
  std::optional<SymbolicSize> sized = symbolic ? symbolicSubscript(*symbolic, index) : symbolicSlice(tensor, index);
  if (symbolic && !sized) noteSymbolicFold(*symbolic, "Tensor.__getitem__");
  Value out = sized ? [&] {
    DeferFoldNotes defer;
    return wrapSymbolic(program::getItem(tensor, index), std::move(*sized));
  }()
                    : wrap(program::getItem(tensor, index));
  if (tensorBasicIndex(index))
    static_cast<TensorObject&>(*out.object()).viewOf = ViewOf{Value(shared_from_this()), index, false};
  return out;
}

void assignThroughView(TensorObject& view, const TensorOrScalar& x) {
  view.tensor.assign(x);
  for (TensorObject* v = &view; v->viewOf; ) {
    auto& base = static_cast<TensorObject&>(*v->viewOf->base.object());
    program::setItem(base.tensor, v->viewOf->index, wrap(v->tensor));
    v->viewOf->assigned = true;
    v = &base;
  }
}

std::vector<Tensor> withAssignedBases(const TensorObject& t) {
  std::vector<Tensor> out{t.tensor};
  for (const TensorObject* v = &t; v->viewOf && v->viewOf->assigned;) {
    v = static_cast<const TensorObject*>(v->viewOf->base.object().get());
    out.push_back(v->tensor);
  }
  return out;
}

void TensorObject::setItem(const Value& index, const Value& value) {
  program::setItem(tensor, index, value);
}

bool TensorObject::truthy() {
  throw ScriptError("__bool__ on Tensor is not defined");
}

std::optional<std::vector<Value>> TensorObject::iterate() {
  if (tensor.ndim() == 0) throw ScriptError("iteration over a 0-d tensor");
  std::vector<Value> rows;
  for (int64_t i = 0; i < tensor.shape()[0]; ++i)
    rows.push_back(wrap(tensor.getitem({Index(i)})));
  return rows;
}

std::optional<int64_t> TensorObject::length() {
  if (tensor.ndim() == 0) throw ScriptError("len() of a 0-d tensor");
  return tensor.shape()[0];
}

} // namespace uops::program
