// Subscripts on tensors: Python index values to the Tensor API's Index list,
// and tinygrad's lazy __setitem__.
#include "core/frontend/script_error.h"
#include "core/program/convert.h"
#include "core/program/realization.h"
#include "core/program/symbolic_int.h"
#include "core/program/symbolic_view.h"
#include "core/program/tensor_object.h"

#include <fmt/format.h>

namespace uops::program {

using frontend::ScriptError;

namespace {

// Lists of ints index like an int tensor (numpy's advanced indexing).
Tensor listIndex(const Value& list) {
  frontend::Args args;
  args.setName("__getitem__");
  return Tensor::fromList(toNested(args, list, "indices"));
}

Index toIndex(const Value& v) {
  if (const bool* b = v.get<bool>())
    throw ScriptError(
        fmt::format("indexing a tensor with a bool ({}) is not supported", *b ? "True" : "False"));
  if (const int64_t* i = v.get<int64_t>()) return Index(*i);
  if (std::optional<int64_t> i = symbolicValue(v)) return Index(*i);
  if (const frontend::Slice* s = v.get<frontend::Slice>()) {
    // a bound symbolic int left here is taken as its value
    if (s->startObject) noteFoldedValue(Value(s->startObject));
    if (s->stopObject) noteFoldedValue(Value(s->stopObject));
    return Index(uops::Slice{s->start, s->stop, s->step});
  }
  if (v.isNone()) return Index(newAxis);
  if (v.is<frontend::EllipsisType>()) return Index(ellipsis);
  if (std::optional<Tensor> t = asTensor(v)) return Index(*t);
  if (v.isList() || v.isTuple()) return Index(listIndex(v));
  throw ScriptError(fmt::format("invalid index type {} for a Tensor", v.typeName()));
}

std::vector<Index> toIndices(const Value& index) {
  // A tuple is one index per axis; a list is a single (advanced) index.
  if (!index.isTuple()) return {toIndex(index)};
  std::vector<Index> out;
  for (const Value& v : *index.items())
    out.push_back(toIndex(v));
  return out;
}

} // namespace

Tensor getItem(const Tensor& t, const Value& index) {
  if (auto at = shrinkAtSymbolicSlices(t, index)) return at->first.getitem(toIndices(at->second));
  return t.getitem(toIndices(index));
}

void setItem(Tensor& t, const Value& index, const Value& value) {
  if (t.isWeak()) throw ScriptError("cannot setitem into a weak tensor; it has no storage");
  frontend::Args args;
  args.setName("__setitem__");
  TensorOrScalar v = toOperand(args, value, "value");
  if (v.isTensor()) {
    Tensor src = v.tensor();
    if (src.isWeak()) src = src.cast(t.dtype());
    if (src.dtype() != t.dtype()) throw ScriptError("setitem dtype mismatch");
    v = src;
  }
  // A basic subscript writes through padding (at a symbolic start too); the
  // rest scatters the value into the flat positions the index selects, so
  // every index form getitem knows works, advanced ones included.
  auto write = [&v](const Tensor& base, const Value& at) {
    if (std::optional<Tensor> placed = base.setitemView(toIndices(at), v)) return *placed;
    Tensor positions = Tensor::arange(base.numel()).reshape(base.shape());
    Tensor selected = getItem(positions, at);
    Tensor where = selected.reshape({-1});
    TensorOrScalar src =
        v.isTensor() ? TensorOrScalar(v.tensor().expand(selected.shape()).reshape({-1})) : v;
    return base.reshape({base.numel()}).scatter(0, where, src).reshape(base.shape());
  };
  std::optional<Tensor> atSymbolic = setAtSymbolicSlices(t, index, write);
  t.replace(atSymbolic ? *atSymbolic : write(t, index));
  noteVariableWrite(t);
}

} // namespace uops::program
