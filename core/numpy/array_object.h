// ArrayObject: a numpy array (or numpy scalar) as a program's value.
//
// An array made by indexing another (`x[0]`, `x[:, 1]`) is a copy that
// remembers where its elements came from: writing into it (`x[0][1] = v`,
// `np.random.shuffle(x[0])`) also writes them into the array it came from,
// as numpy's views do. Writes into the original after the index was taken
// do not reach the copy.
#pragma once

#include "core/frontend/object.h"
#include "core/numpy/ndarray.h"

#include <memory>
#include <string>
#include <vector>

namespace uops::numpy {

using frontend::Value;

class ArrayObject : public frontend::Object {
public:
  // `scalar`: a numpy scalar (np.float32(1.5), x.sum()): 0-d, printed as a number.
  explicit ArrayObject(NdArray value, bool scalar = false);

  const NdArray& value() const { return m_value; }
  bool isScalar() const { return m_scalar; }
  // Replaces the elements (same shape and dtype) and writes them through to
  // the array this one was indexed from.
  void assign(std::vector<double> data);
  void setSource(std::shared_ptr<ArrayObject> source, std::vector<int64_t> positions);

  std::string typeName() const override;
  std::string repr() const override;
  std::string str() const override;
  const frontend::MethodTable* methods() const override;
  std::optional<Value> binaryOp(frontend::BinaryOp op, const Value& other, bool reflected) override;
  std::optional<Value> unaryOp(frontend::UnaryOp op) override;
  std::optional<Value> inplaceOp(frontend::BinaryOp op, const Value& other) override;
  Value getItem(const Value& index) override;
  void setItem(const Value& index, const Value& value) override;
  bool truthy() override;
  std::optional<std::vector<Value>> iterate() override;
  std::optional<int64_t> length() override;
  std::optional<Value> asNumber() const override;

private:
  NdArray m_value;
  bool m_scalar = false;
  std::shared_ptr<ArrayObject> m_source; // what indexing made this from, or null
  std::vector<int64_t> m_sourcePositions;
};

Value wrapArray(NdArray a);
Value wrapScalar(NpType dtype, double v);
// A 0-d result of a reduction or index is a numpy scalar.
Value wrapResult(NdArray a);
// The array behind a value, or null.
ArrayObject* asArrayObject(const Value& v);

// The methods and properties of ndarray (array_methods.cpp).
const frontend::MethodTable& arrayMethodTable();

} // namespace uops::numpy
