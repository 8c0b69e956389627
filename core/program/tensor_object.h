// TensorObject: a Tensor as a Python value. Attributes come from the one
// method table (tensor_methods.h); operators, subscripts, len() and iteration
// follow tinygrad's Tensor dunders.
#pragma once

#include "core/frontend/object.h"
#include "core/tensor/tensor.h"

#include <string>

namespace uops::program {

class TensorObject : public frontend::Object {
public:
  explicit TensorObject(Tensor t) : tensor(std::move(t)) {}
  // The handle: copies share its graph, so `x.assign(y)` and `loss.backward()`
  // (which fills .grad) are seen through every Python reference.
  Tensor tensor;
  // x[index] of a tensor remembers where it came from, so that
  // `cache[:, start:end].assign(v)` writes into `cache`, as tinygrad's assign
  // into a view of a buffer does (a kv-cache update).
  std::shared_ptr<TensorObject> viewOf;
  frontend::Value viewIndex;

  // assign(x): into the tensor this one is a subscript of, when it is one;
  // then this handle sees the new values too.
  void assign(const frontend::Value& x, frontend::Args& args);

  std::string typeName() const override { return "Tensor"; }
  std::string repr() const override;
  const frontend::MethodTable* methods() const override;
  std::optional<frontend::Value> typeObject() const override;
  std::optional<frontend::Value> getAttr(std::string_view name) override;
  void setAttr(std::string_view name, const frontend::Value& value) override;
  std::optional<frontend::Value> binaryOp(frontend::BinaryOp op, const frontend::Value& other,
                                          bool reflected) override;
  std::optional<frontend::Value> unaryOp(frontend::UnaryOp op) override;
  // tinygrad's __iadd__ and friends: the result is assigned into this tensor,
  // so every reference sees it.
  std::optional<frontend::Value> inplaceOp(frontend::BinaryOp op,
                                           const frontend::Value& other) override;
  frontend::Value getItem(const frontend::Value& index) override;
  void setItem(const frontend::Value& index, const frontend::Value& value) override;
  bool truthy() override;
  std::optional<std::vector<frontend::Value>> iterate() override;
  std::optional<int64_t> length() override;
};

// x[index] with every Python index form: ints, slices, None, ..., int
// tensors, lists of ints, and tuples of those.
Tensor getItem(const Tensor& t, const frontend::Value& index);
// x[index] = v, tinygrad's lazy setitem: the selected elements are replaced
// and the handle points at the new graph.
void setItem(Tensor& t, const frontend::Value& index, const frontend::Value& value);

} // namespace uops::program
