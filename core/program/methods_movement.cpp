// Movement Tensor methods. Shape-taking methods accept tinygrad's argfix
// forms: x.reshape(2, 3), x.reshape((2, 3)) and x.reshape([2, 3]).
#include "core/program/method_helpers.h"
#include "core/program/symbolic_shape.h"
#include "core/program/symbolic_view.h"
#include "core/program/tensor_methods.h"
#include "core/frontend/dict.h"

#include <algorithm>
#include <map>

namespace uops::program {

using namespace detail;

namespace {

using ShapeMethod = Tensor (Tensor::*)(const Shape&) const;

// x.name(shape, *args)
Method shapeMethod(std::string name, ShapeMethod fn, const char* param) {
  return {std::move(name), [fn, param](Args& a) {
            auto [first, rest] = a.bind({param, "*args"});
            return wrap((self(a).*fn)(toIntsVarargs(a, first, rest, param)));
          }};
}

// reshape / view: as tinygrad, a None entry keeps the size of that axis.
Method reshapeMethod(std::string name, ShapeMethod fn) {
  return {std::move(name), [fn](Args& a) {
            auto [first, rest] = a.bind({"shape", "*args"});
            std::vector<Value> dims = first.items() ? *first.items() : std::vector<Value>{first};
            if (!first.items()) dims.insert(dims.end(), rest.items()->begin(), rest.items()->end());
            bool none = std::any_of(dims.begin(), dims.end(), [](const Value& d) { return d.isNone(); });
            // without None entries, the usual argument forms and their messages
            if (!none) return wrap((self(a).*fn)(toIntsVarargs(a, first, rest, "shape")));
            const Shape& shape = self(a).shape();
            for (size_t i = 0; i < dims.size() && i < shape.size(); ++i)
              if (dims[i].isNone()) dims[i] = Value(shape[i]);
            return wrap((self(a).*fn)(toInts(a, Value::tuple(std::move(dims)), "shape")));
          }};
}

// pad's padding: all ints is torch's flat form, otherwise (before, after) per axis or None.
bool allInts(const Value& v) {
  const std::vector<Value>* items = v.items();
  if (!items) return false;
  for (const Value& item : *items)
    if (!item.isIntLike()) return false;
  return true;
}

std::vector<PadPair> toPadPairs(const Args& a, const Value& v) {
  const std::vector<Value>* items = v.items();
  if (!items) a.fail("argument 'padding' must be a tuple");
  std::vector<PadPair> out;
  for (const Value& item : *items) {
    if (item.isNone()) {
      out.emplace_back(std::nullopt);
      continue;
    }
    Ints pair = toInts(a, item, "padding");
    if (pair.size() != 2) a.fail("argument 'padding' must hold (before, after) pairs or None");
    out.emplace_back(std::pair{pair[0], pair[1]});
  }
  return out;
}

std::vector<ShrinkPair> toShrinkPairs(const Args& a, const Value& v) {
  const std::vector<Value>* items = v.items();
  if (!items) a.fail("argument 'arg' must be a tuple");
  std::vector<ShrinkPair> out;
  for (const Value& item : *items) {
    if (item.isNone()) {
      out.emplace_back(std::nullopt);
      continue;
    }
    Ints pair = toInts(a, item, "arg");
    if (pair.size() != 2) a.fail("argument 'arg' must hold (start, end) pairs or None");
    out.emplace_back(std::pair{pair[0], pair[1]});
  }
  return out;
}

} // namespace

std::vector<frontend::Method> movementMethods() {
  return {
      reshapeMethod("reshape", &Tensor::reshape),
      reshapeMethod("view", &Tensor::view),
      shapeMethod("expand", &Tensor::expand, "shape"),
      shapeMethod("shrink_to", &Tensor::shrinkTo, "shape"),
      {"permute",
       [](Args& a) {
         auto [first, rest] = a.bind({"order", "*args"});
         return wrap(self(a).permute(toIntsVarargs(a, first, rest, "order")));
       }},
      {"flip",
       [](Args& a) {
         auto [first, rest] = a.bind({"axis", "*args"});
         return wrap(self(a).flip(toIntsVarargs(a, first, rest, "axis")));
       }},
      {"repeat",
       [](Args& a) {
         auto [first, rest] = a.bind({"repeats", "*args"});
         return wrap(self(a).repeat(toIntsVarargs(a, first, rest, "repeats")));
       }},
      {"pad",
       [](Args& a) {
         auto [padding, mode, value] = a.bind({"padding", {"mode", "constant"}, {"value", 0.0}});
         std::string m = toStr(a, mode, "mode");
         Scalar fill = toScalar(a, value, "value");
         if (allInts(padding)) return wrap(self(a).padFlat(toInts(a, padding, "padding"), m, fill));
         return wrap(self(a).pad(toPadPairs(a, padding), m, fill));
       }},
      {"pad_to",
       [](Args& a) {
         auto [first, rest, value] = a.bind({"shape", "*args", {"value", 0}});
         return wrap(
             self(a).padTo(toIntsVarargs(a, first, rest, "shape"), toScalar(a, value, "value")));
       }},
      {"shrink",
       [](Args& a) {
         auto [arg] = a.bind({"arg"});
         if (std::optional<Tensor> at = shrinkAtSymbolicStarts(self(a), arg)) return wrap(*at);
         if (std::optional<SymbolicSize> sized = symbolicShrink(self(a), arg)) {
           DeferFoldNotes defer;
           return wrapSymbolic(self(a).shrink(toShrinkPairs(a, arg)), std::move(*sized));
         }
         return wrap(self(a).shrink(toShrinkPairs(a, arg)));
       }},
      {"gather",
       [](Args& a) {
         auto [dim, index] = a.bind({"dim", "index"});
         return wrap(self(a).gather(toInt(a, dim, "dim"), toTensor(a, index, "index")));
       }},
      {"cat",
       [](Args& a) {
         auto [rest, dim] = a.bind({"*args", {"dim", 0}});
         return wrap(self(a).cat(toTensors(a, rest, "args"), toInt(a, dim, "dim")));
       }},
      {"stack",
       [](Args& a) {
         auto [rest, dim] = a.bind({"*args", {"dim", 0}});
         // tinygrad's argfix: Tensor.stack((a, b, c)) stacks the sequence's tensors
         if (a.self().items() && rest.items()->empty()) {
           std::vector<Tensor> all = toTensors(a, a.self(), "self");
           if (all.empty()) a.fail("needs at least one tensor");
           return wrap(all.front().stack({all.begin() + 1, all.end()}, toInt(a, dim, "dim")));
         }
         return wrap(self(a).stack(toTensors(a, rest, "args"), toInt(a, dim, "dim")));
       }},
      {"repeat_interleave",
       [](Args& a) {
         auto [repeats, dim] = a.bind({"repeats", {"dim", Value()}});
         return wrap(
             self(a).repeatInterleave(toInt(a, repeats, "repeats"), toOptInt(a, dim, "dim")));
       }},
      {"split",
       [](Args& a) {
         auto [sizes, dim] = a.bind({"sizes", {"dim", 0}});
         int64_t d = toInt(a, dim, "dim");
         if (sizes.isIntLike()) return wrapTuple(self(a).split(toInt(a, sizes, "sizes"), d));
         return wrapTuple(self(a).split(toInts(a, sizes, "sizes"), d));
       }},
      {"chunk",
       [](Args& a) {
         auto [chunks, dim] = a.bind({"chunks", {"dim", 0}});
         return wrapList(self(a).chunk(toInt(a, chunks, "chunks"), toInt(a, dim, "dim")));
       }},
      {"unfold",
       [](Args& a) {
         auto [dim, size, step] = a.bind({"dim", "size", "step"});
         return wrap(
             self(a).unfold(toInt(a, dim, "dim"), toInt(a, size, "size"), toInt(a, step, "step")));
       }},
      {"squeeze",
       [](Args& a) {
         auto [dim] = a.bind({{"dim", Value()}});
         return wrap(self(a).squeeze(toOptInt(a, dim, "dim")));
       }},
      {"unsqueeze",
       [](Args& a) {
         auto [dim] = a.bind({"dim"});
         return wrap(self(a).unsqueeze(toInt(a, dim, "dim")));
       }},
      {"transpose",
       [](Args& a) {
         auto [dim0, dim1] = a.bind({{"dim0", 1}, {"dim1", 0}});
         return wrap(self(a).transpose(toInt(a, dim0, "dim0"), toInt(a, dim1, "dim1")));
       }},
      {"flatten",
       [](Args& a) {
         auto [start, end] = a.bind({{"start_dim", 0}, {"end_dim", -1}});
         return wrap(self(a).flatten(toInt(a, start, "start_dim"), toInt(a, end, "end_dim")));
       }},
      {"unflatten",
       [](Args& a) {
         auto [dim, sizes] = a.bind({"dim", "sizes"});
         return wrap(self(a).unflatten(toInt(a, dim, "dim"), toInts(a, sizes, "sizes")));
       }},
      {"rearrange",
       [](Args& a) {
         auto [formula, given] = a.bind({"formula", "**sizes"});
         std::map<std::string, int64_t> sizes;
         for (const auto& [name, size] : frontend::asDict(given)->items()) {
           const std::string axis = toStr(a, name, "sizes");
           sizes[axis] = toInt(a, size, axis);
         }
         return wrap(self(a).rearrange(toStr(a, formula, "formula"), sizes));
       }},
      unary("diag", &Tensor::diag),
      {"diagonal",
       [](Args& a) {
         auto [offset, dim1, dim2] = a.bind({{"offset", 0}, {"dim1", 0}, {"dim2", 1}});
         return wrap(self(a).diagonal(toInt(a, offset, "offset"), toInt(a, dim1, "dim1"),
                                      toInt(a, dim2, "dim2")));
       }},
      {"roll",
       [](Args& a) {
         auto [shifts, dims] = a.bind({"shifts", {"dims", Value()}});
         std::optional<Ints> d;
         if (!dims.isNone()) d = toInts(a, dims, "dims");
         return wrap(self(a).roll(toInts(a, shifts, "shifts"), d));
       }},
      {"meshgrid",
       [](Args& a) {
         auto [rest, indexing] = a.bind({"*args", {"indexing", "ij"}});
         std::vector<Tensor> all{self(a)};
         for (const Tensor& t : toTensors(a, rest, "args"))
           all.push_back(t);
         return wrapTuple(Tensor::meshgrid(all, toStr(a, indexing, "indexing")));
       }},
      {"triu",
       [](Args& a) {
         auto [diagonal] = a.bind({{"diagonal", 0}});
         return wrap(self(a).triu(toInt(a, diagonal, "diagonal")));
       }},
      {"tril",
       [](Args& a) {
         auto [diagonal] = a.bind({{"diagonal", 0}});
         return wrap(self(a).tril(toInt(a, diagonal, "diagonal")));
       }},
  };
}

} // namespace uops::program
