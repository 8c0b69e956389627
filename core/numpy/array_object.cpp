#include "core/numpy/array_object.h"

#include "core/frontend/script_error.h"
#include "core/numpy/np_convert.h"
#include "core/numpy/np_elementwise.h"
#include "core/numpy/np_format.h"
#include "core/numpy/np_index.h"

#include <fmt/format.h>

namespace uops::numpy {

using frontend::ScriptError;

ArrayObject::ArrayObject(NdArray value, bool scalar) : m_value(std::move(value)), m_scalar(scalar) {}

void ArrayObject::assign(std::vector<double> data) {
  for (double& v : data)
    v = castTo(m_value.dtype, v);
  m_value.data = std::move(data);
  if (!m_source) return;
  std::vector<double> sourceData = m_source->value().data;
  for (size_t i = 0; i < m_sourcePositions.size(); ++i)
    sourceData[static_cast<size_t>(m_sourcePositions[i])] = m_value.data[i];
  m_source->assign(std::move(sourceData));
}

void ArrayObject::setSource(std::shared_ptr<ArrayObject> source, std::vector<int64_t> positions) {
  m_source = std::move(source);
  m_sourcePositions = std::move(positions);
}

std::string ArrayObject::typeName() const {
  if (!m_scalar) return "ndarray";
  return m_value.dtype == NpType::Bool ? "bool_" : std::string(numpy::typeName(m_value.dtype));
}

std::string ArrayObject::repr() const {
  return m_scalar ? scalarText(m_value.dtype, m_value.data[0]) : arrayRepr(m_value);
}

std::string ArrayObject::str() const {
  return m_scalar ? scalarText(m_value.dtype, m_value.data[0]) : arrayStr(m_value);
}

const frontend::MethodTable* ArrayObject::methods() const { return &arrayMethodTable(); }

std::optional<Value> ArrayObject::binaryOp(frontend::BinaryOp op, const Value& other, bool reflected) {
  if (!other.isNumber() && !asArrayObject(other) && !other.isList() && !other.isTuple()) return std::nullopt;
  NdArray o = toArray(other);
  Operand self{m_value, m_value.ndim() == 0};
  Operand them{o, isWeakOperand(other)};
  NdArray r = reflected ? numpy::binaryOp(op, them, self) : numpy::binaryOp(op, self, them);
  // a 0-d result is a numpy scalar, as numpy's operators unwrap it
  return wrapResult(std::move(r));
}

std::optional<Value> ArrayObject::unaryOp(frontend::UnaryOp op) {
  return wrapResult(numpy::unaryOp(op, m_value));
}

// `x += y` writes into x, in x's dtype (numpy's same_kind casting: a float
// into an int array is refused).
std::optional<Value> ArrayObject::inplaceOp(frontend::BinaryOp op, const Value& other) {
  if (m_scalar) return std::nullopt;
  if (!other.isNumber() && !asArrayObject(other) && !other.isList() && !other.isTuple()) return std::nullopt;
  NdArray o = toArray(other);
  NdArray r = numpy::binaryOp(op, {m_value, false}, {o, isWeakOperand(other)});
  if (kindOf(r.dtype) > kindOf(m_value.dtype))
    throw ScriptError(fmt::format("Cannot cast ufunc '{}' output from dtype('{}') to dtype('{}') with "
                                  "casting rule 'same_kind'", frontend::symbol(op), numpy::typeName(r.dtype),
                                  numpy::typeName(m_value.dtype)));
  r = broadcastTo(r, m_value.shape);
  if (r.shape != m_value.shape)
    throw ScriptError("non-broadcastable output operand");
  assign(std::move(r.data));
  return Value(std::static_pointer_cast<ArrayObject>(shared_from_this()));
}

Value ArrayObject::getItem(const Value& index) {
  if (m_scalar) throw ScriptError("invalid index to scalar variable.");
  Selection s = select(m_value, index);
  NdArray out = gather(m_value, s);
  if (out.ndim() == 0) return wrapScalar(out.dtype, out.data[0]);
  auto view = std::make_shared<ArrayObject>(std::move(out));
  view->setSource(std::static_pointer_cast<ArrayObject>(shared_from_this()), std::move(s.positions));
  return Value(view);
}

void ArrayObject::setItem(const Value& index, const Value& value) {
  if (m_scalar) throw ScriptError(fmt::format("'{}' object does not support item assignment", typeName()));
  Selection s = select(m_value, index);
  NdArray v = broadcastTo(toArray(value), s.shape);
  std::vector<double> data = m_value.data;
  for (size_t i = 0; i < s.positions.size(); ++i)
    data[static_cast<size_t>(s.positions[i])] = v.data[i];
  assign(std::move(data));
}

bool ArrayObject::truthy() {
  if (m_value.size() != 1)
    throw ScriptError("The truth value of an array with more than one element is ambiguous. Use "
                      "a.any() or a.all()");
  return m_value.data[0] != 0;
}

std::optional<std::vector<Value>> ArrayObject::iterate() {
  if (m_value.ndim() == 0) throw ScriptError("iteration over a 0-d array");
  std::vector<Value> out;
  for (int64_t i = 0; i < m_value.shape[0]; ++i)
    out.push_back(getItem(Value(i)));
  return out;
}

std::optional<int64_t> ArrayObject::length() {
  if (m_value.ndim() == 0) throw ScriptError("len() of unsized object");
  return m_value.shape[0];
}

std::optional<Value> ArrayObject::asNumber() const {
  if (m_value.size() != 1)
    throw ScriptError("only size-1 arrays can be converted to Python scalars");
  return pythonScalar(m_value.dtype, m_value.data[0]);
}

Value wrapArray(NdArray a) { return Value(std::make_shared<ArrayObject>(std::move(a))); }

Value wrapScalar(NpType dtype, double v) {
  return Value(std::make_shared<ArrayObject>(NdArray{dtype, {}, {castTo(dtype, v)}}, true));
}

Value wrapResult(NdArray a) {
  if (a.ndim() == 0) return wrapScalar(a.dtype, a.data[0]);
  return wrapArray(std::move(a));
}

ArrayObject* asArrayObject(const Value& v) {
  if (!v.isObject()) return nullptr;
  return dynamic_cast<ArrayObject*>(v.object().get());
}

} // namespace uops::numpy
