#include "core/program/tensor_class.h"

#include "core/frontend/object.h"
#include "core/frontend/script_error.h"
#include "core/frontend/suggest.h"
#include "core/program/convert.h"
#include "core/program/method_helpers.h"
#include "core/program/numpy_bridge.h"
#include "core/program/tensor_methods.h"
#include "core/program/realization.h"

#include <fmt/format.h>

#include <map>

namespace uops::program {

using frontend::Method;
using frontend::ScriptError;

namespace {

// `device=` of a creator: one device, or a tuple the value is replicated on.
struct Placement {
  std::vector<std::string> devices;
  const std::string& first() const { return devices.front(); }
  Tensor place(const Tensor& t) const { return devices.size() > 1 ? t.shard(devices) : t; }
};
Placement toPlacement(const Args& a, const Value& v) {
  if (v.isNone()) return {{toDevice(a, v, "device")}};
  return {toDevices(a, v, "device")};
}

// Tensor(data, device=None, dtype=None). tinygrad has no requires_grad
// parameter; it is accepted as a keyword for torch-style programs.
Value construct(Args& a) {
  [[maybe_unused]] auto [data, device, dtype, keywordsOnly, requiresGrad] =
      a.bind({"data", {"device", Value()}, {"dtype", Value()}, "*", {"requires_grad", Value()}});
  Placement dev = toPlacement(a, device);
  std::optional<DType> d = toOptDType(a, dtype, "dtype");
  Tensor t;
  if (data.isNumber())
    t = Tensor::scalar(toScalar(a, data, "data"), d);
  else if (data.isList() || data.isTuple())
    t = dev.place(Tensor::fromList(toNested(a, data, "data"), d, dev.first()));
  else if (std::optional<Tensor> fromArray = tensorFromNumpy(data, d, dev.first()))
    t = dev.place(*fromArray);
  else
    a.fail(fmt::format("cannot create a Tensor from {}", data.typeName()));
  if (!requiresGrad.isNone()) t.setRequiresGrad(toBool(a, requiresGrad, "requires_grad"));
  return wrap(t);
}

// Tensor.name(*shape, dtype=None, device=None)
using ShapeCreator = Tensor (*)(const Shape&, std::optional<DType>, const std::string&);
Method shapeCreator(std::string name, ShapeCreator fn);

// zeros and ones: a buffer of their own in a program (see ownStorage).
Method constantCreator(std::string name, ShapeCreator fn) {
  Method m = shapeCreator(std::move(name), fn);
  return {m.name, [inner = m.fn](Args& a) {
            Value t = inner(a);
            const Tensor& made = *asTensorPtr(t);
            return made.isMultiDevice() ? t : wrap(ownStorage(made));
          }};
}

Method shapeCreator(std::string name, ShapeCreator fn) {
  return {
      std::move(name), [fn](Args& a) {
        auto [shape, dtype, device] = a.bind({"*shape", {"dtype", Value()}, {"device", Value()}});
        Placement dev = toPlacement(a, device);
        return wrap(dev.place(fn(toShapeArgs(a, shape, "shape"), toOptDType(a, dtype, "dtype"), dev.first())));
      }};
}

const frontend::MethodTable& creators() {
  static const frontend::MethodTable table{
      constantCreator("zeros", &Tensor::zeros),
      constantCreator("ones", &Tensor::ones),
      shapeCreator("rand", &Tensor::rand),
      shapeCreator("randn", &Tensor::randn),
      shapeCreator("scaled_uniform", &Tensor::scaledUniform),
      shapeCreator("glorot_uniform", &Tensor::glorotUniform),
      {"empty",
       [](Args& a) {
         auto [shape, device, dtype] = a.bind({"*shape", {"device", Value()}, {"dtype", Value()}});
         std::optional<DType> d = toOptDType(a, dtype, "dtype");
         Placement dev = toPlacement(a, device);
         return wrap(dev.place(Tensor::empty(toShapeArgs(a, shape, "shape"), d.value_or(dtypes::float32), dev.first())));
       }},
      {"full",
       [](Args& a) {
         auto [shape, fill, dtype, device] =
             a.bind({"shape", "fill_value", {"dtype", Value()}, {"device", Value()}});
         Placement dev = toPlacement(a, device);
         return wrap(dev.place(ownStorage(Tensor::full(toInts(a, shape, "shape"), toScalar(a, fill, "fill_value"),
                                                       toOptDType(a, dtype, "dtype"), dev.first()))));
       }},
      {"arange",
       [](Args& a) {
         auto [start, stop, step, dtype] =
             a.bind({"start", {"stop", Value()}, {"step", 1}, {"dtype", Value()}});
         Scalar from = stop.isNone() ? Scalar(int64_t{0}) : toScalar(a, start, "start");
         Scalar to = stop.isNone() ? toScalar(a, start, "start") : toScalar(a, stop, "stop");
         return wrap(
             Tensor::arange(from, to, toScalar(a, step, "step"), toOptDType(a, dtype, "dtype")));
       }},
      {"linspace",
       [](Args& a) {
         auto [start, stop, steps, dtype] = a.bind({"start", "stop", "steps", {"dtype", Value()}});
         return wrap(Tensor::linspace(toScalar(a, start, "start"), toScalar(a, stop, "stop"),
                                      toInt(a, steps, "steps"), toOptDType(a, dtype, "dtype")));
       }},
      {"eye",
       [](Args& a) {
         auto [n, m, dtype] = a.bind({"n", {"m", Value()}, {"dtype", Value()}});
         return wrap(
             Tensor::eye(toInt(a, n, "n"), toOptInt(a, m, "m"), toOptDType(a, dtype, "dtype")));
       }},
      {"randint",
       [](Args& a) {
         auto [shape, low, high, dtype, device] =
             a.bind({"*shape", {"low", 0}, {"high", 10}, {"dtype", Value()}, {"device", Value()}});
         std::optional<DType> d = toOptDType(a, dtype, "dtype");
         return wrap(Tensor::randint(toShapeArgs(a, shape, "shape"), toInt(a, low, "low"),
                                     toInt(a, high, "high"), d.value_or(dtypes::int32),
                                     toDevice(a, device, "device")));
       }},
      {"uniform",
       [](Args& a) {
         auto [shape, low, high, dtype, device] = a.bind(
             {"*shape", {"low", 0.0}, {"high", 1.0}, {"dtype", Value()}, {"device", Value()}});
         return wrap(Tensor::uniform(toShapeArgs(a, shape, "shape"), toDouble(a, low, "low"),
                                     toDouble(a, high, "high"), toOptDType(a, dtype, "dtype"),
                                     toDevice(a, device, "device")));
       }},
      {"normal",
       [](Args& a) {
         auto [shape, mean, stddev, dtype, device] = a.bind(
             {"*shape", {"mean", 0.0}, {"std", 1.0}, {"dtype", Value()}, {"device", Value()}});
         return wrap(Tensor::normal(toShapeArgs(a, shape, "shape"), toDouble(a, mean, "mean"),
                                    toDouble(a, stddev, "std"), toOptDType(a, dtype, "dtype"),
                                    toDevice(a, device, "device")));
       }},
      {"kaiming_uniform",
       [](Args& a) {
         auto [shape, gain, dtype, device] =
             a.bind({"*shape", {"a", 0.01}, {"dtype", Value()}, {"device", Value()}});
         return wrap(Tensor::kaimingUniform(toShapeArgs(a, shape, "shape"), toDouble(a, gain, "a"),
                                            toOptDType(a, dtype, "dtype"),
                                            toDevice(a, device, "device")));
       }},
      {"kaiming_normal",
       [](Args& a) {
         auto [shape, gain, dtype, device] =
             a.bind({"*shape", {"a", 0.01}, {"dtype", Value()}, {"device", Value()}});
         return wrap(Tensor::kaimingNormal(toShapeArgs(a, shape, "shape"), toDouble(a, gain, "a"),
                                           toOptDType(a, dtype, "dtype"),
                                           toDevice(a, device, "device")));
       }},
      {"randperm",
       [](Args& a) {
         auto [n, device, dtype] = a.bind({"n", {"device", Value()}, {"dtype", Value()}});
         std::optional<DType> d = toOptDType(a, dtype, "dtype");
         return wrap(Tensor::randperm(toInt(a, n, "n"), d.value_or(dtypes::int32),
                                      toDevice(a, device, "device")));
       }},
      {"manual_seed",
       [](Args& a) {
         auto [seed] = a.bind({{"seed", 0}});
         Tensor::manualSeed(toInt(a, seed, "seed"));
         return Value();
       }},
      {"einsum",
       [](Args& a) {
         auto [formula, operands, dtype] = a.bind({"formula", "*operands", {"dtype", Value()}});
         // einsum("ij,jk", a, b) or einsum("ij,jk", [a, b])
         const std::vector<Value>& items = *operands.items();
         Value list =
             items.size() == 1 && (items[0].isList() || items[0].isTuple()) ? items[0] : operands;
         return wrap(Tensor::einsum(toStr(a, formula, "formula"),
                                    toTensors(a, Value::tuple(*list.items()), "operands"),
                                    toOptDType(a, dtype, "dtype")));
       }},
  };
  return table;
}

// What programs set on the class, until the next load forgets it (the class
// object is one per process, like tinygrad's).
std::map<std::string, Value, std::less<>>& tensorClassAttributes() {
  static std::map<std::string, Value, std::less<>> attributes;
  return attributes;
}

class TensorClass : public frontend::Object {
public:
  std::string typeName() const override { return "type"; }
  std::string repr() const override { return "<class 'tinygrad.tensor.Tensor'>"; }
  Value call(Args& a) override {
    a.setName("Tensor");
    return construct(a);
  }
  std::optional<Value> getAttr(std::string_view name) override {
    auto set = tensorClassAttributes().find(name);
    if (set != tensorClassAttributes().end()) return set->second;
    if (const Method* m = creators().method(name)) {
      Method bound = *m;
      return frontend::makeNative(bound.name, bound.fn);
    }
    if (const Method* m = tensorMethods().method(name)) return frontend::unboundMethod(*m);
    std::vector<std::string> names = creators().names();
    for (std::string& n : tensorMethods().names())
      names.push_back(std::move(n));
    throw frontend::AttributeError(fmt::format("type object 'Tensor' has no attribute '{}'{}", name,
                                  frontend::didYouMean(name, names)));
  }
  // Python lets a program set any attribute on a class; tinygrad reads none
  // of these (`Tensor.training = True` included: TRAINING is training.h's).
  void setAttr(std::string_view name, const Value& value) override {
    tensorClassAttributes().insert_or_assign(std::string(name), value);
  }
  std::optional<bool> isInstance(const Value& v) override { return isTensor(v); }
};

} // namespace

void forgetTensorClassAttributes() {
  tensorClassAttributes().clear();
}

Value tensorClass() {
  // One class object, so `type(t) is Tensor` holds (it has no state of its own).
  static const Value cls(std::make_shared<TensorClass>());
  return cls;
}

} // namespace uops::program
