// TensorObject: a Tensor as a Python value. Attributes come from the one
// method table (tensor_methods.h); operators, subscripts, len() and iteration
// follow tinygrad's Tensor dunders.
#pragma once

#include "core/frontend/object.h"
#include "core/tensor/tensor.h"

#include <string>

namespace uops::program {

struct SymbolicSize;

class TensorObject : public frontend::Object {
public:
  explicit TensorObject(Tensor t) : tensor(std::move(t)) {}
  // The handle: copies share its graph, so `x.assign(y)` and `loss.backward()`
  // (which fills .grad) are seen through every Python reference.
  Tensor tensor;
  // A view taken by basic indexing (`cache[:, :, a:b]`: ints, slices, None,
  // ...): the tensor it came from and the index, so `view.assign(x)` writes
  // into that tensor, as tinygrad's assign to a view writes its base buffer.
  struct ViewOf {
    frontend::Value base; // a TensorObject
    frontend::Value index;
    bool assigned = false; // realizing the view then realizes the base too
  };
  std::optional<ViewOf> viewOf;
  // Set when a dimension is a symbolic int (symbolic_shape.h): `tensor` is
  // then the folded twin, at the bound values.
  std::shared_ptr<const SymbolicSize> symbolic;

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
// `view.assign(x)` on a view with viewOf: x goes into the view and, through
// lazy setitems, into each tensor it was taken from.
void assignThroughView(TensorObject& view, const TensorOrScalar& x);
// The tensors a realize() of `t` makes buffers: t, and the tensors an assign
// to it wrote into.
std::vector<Tensor> withAssignedBases(const TensorObject& t);
// x[index] = v, tinygrad's lazy setitem: the selected elements are replaced
// and the handle points at the new graph.
void setItem(Tensor& t, const frontend::Value& index, const frontend::Value& value);

} // namespace uops::program
