// Tensor methods outside the math: dtype conversions, *_like creators,
// gradients, assignment, sizes, and the "value is needed" markers
// (realize/numpy/tolist/item).
#include "core/frontend/callable.h"
#include "core/frontend/sequence.h"
#include "core/grad/gradient.h"
#include "core/program/dtype_object.h"
#include "core/program/host_eval.h"
#include "core/program/realization.h"
#include "core/program/method_helpers.h"
#include "core/program/needed.h"
#include "core/program/numpy_bridge.h"
#include "core/program/tensor_methods.h"
#include "core/program/tensor_object.h"

#include <fmt/format.h>

namespace uops::program {

using namespace detail;

namespace {

// x.name(dtype=None, device=None), tinygrad's **kwargs of the *_like creators.
Method like(std::string name, Tensor (Tensor::*fn)(std::optional<DType>) const) {
  return {std::move(name), [fn](Args& a) {
            [[maybe_unused]] auto [keywordsOnly, dtype, device] =
                a.bind({"*", {"dtype", Value()}, {"device", Value()}});
            toDevice(a, device, "device"); // checked; tensors stay on their device
            return wrap((self(a).*fn)(toOptDType(a, dtype, "dtype")));
          }};
}

// Realization points: tinygrad's Tensor.realize(*roots).
void realizeNow(const std::vector<Tensor>& roots, std::string why) {
  if (Realizer* r = currentRealizer()) r->realize(roots, std::move(why));
}

// A tensor's value now, on the host: from the buffers as the program has
// them at this point.
HostTensor valueNow(const Tensor& t) {
  Realizer* r = currentRealizer();
  return r ? r->hostValue(t) : evaluateOnHost(t);
}

// A value the program reads in Python. tinygrad realizes a copy of it
// (item() is t.contiguous() realized): the tensor itself stays lazy unless it
// is a buffer already or ends in contiguous(), and a later read computes it
// again from the buffers as they are then (after an optimizer's step, with
// dropout's next draws).
HostTensor hostValue(const Args& a, std::string why) {
  try {
    const Tensor& t = self(a);
    const Realizer* r = currentRealizer();
    const Tensor read = r && !r->holdsBuffer(t) ? t.contiguous() : t;
    realizeNow({read}, std::move(why));
    return valueNow(read);
  } catch (const std::exception& e) {
    a.fail(fmt::format("cannot compute the tensor's value on the host: {}", e.what()));
  }
}

// How many elements a mask selects, for masked_select / nonzero without size=:
// the output's length depends on the values, so they are computed now (as
// tinygrad's .item() on the mask's running count).
int64_t selectedCount(const Args& a, const Tensor& mask) {
  HostTensor count;
  try {
    count = valueNow(mask.cast(dtypes::int32).sum());
  } catch (const std::exception& e) {
    a.fail(fmt::format("cannot count the selected elements on the host: {}", e.what()));
  }
  return toInt(a, toPythonScalar(count, 0), "size");
}

} // namespace

std::vector<frontend::Method> tensorMiscMethods() {
  return {
      // dtype
      {"cast",
       [](Args& a) {
         auto [dtype] = a.bind({"dtype"});
         return wrap(self(a).cast(toDType(a, dtype, "dtype")));
       }},
      {"bitcast",
       [](Args& a) {
         auto [dtype] = a.bind({"dtype"});
         return wrap(self(a).bitcast(toDType(a, dtype, "dtype")));
       }},
      unary("float", &Tensor::toFloat),
      unary("half", &Tensor::toHalf),
      unary("bfloat16", &Tensor::toBFloat16),
      unary("double", &Tensor::toDouble),
      unary("int", &Tensor::toInt),
      unary("long", &Tensor::toLong),
      unary("short", &Tensor::toShort),
      unary("bool", &Tensor::toBool),
      // markers
      {"contiguous",
       [](Args& a) {
         a.keywords().clear(); // tinygrad passes **kwargs to the scheduler; nothing to do here
         a.expectNone();
         return wrap(self(a).contiguous());
       }},
      unary("contiguous_backward", &Tensor::contiguousBackward),
      unary("detach", &Tensor::detach),
      {"clone",
       [](Args& a) {
         auto [device] = a.bind({{"device", Value()}});
         Tensor c = self(a).clone();
         return wrap(device.isNone() ? c : c.to(toDevices(a, device, "device")));
       }},
      {"to",
       [](Args& a) {
         auto [device] = a.bind({"device"});
         if (device.isNone()) return a.self();
         return wrap(self(a).to(toDevices(a, device, "device")));
       }},
      {"to_",
       [](Args& a) {
         auto [device] = a.bind({"device"});
         if (!device.isNone()) {
           Tensor t = self(a);
           t.replace(t.to(toDevices(a, device, "device")));
         }
         return a.self();
       }},
      {"shard",
       [](Args& a) {
         auto [devices, axis] = a.bind({"devices", {"axis", Value()}});
         return wrap(self(a).shard(toDevices(a, devices, "devices"), toOptInt(a, axis, "axis")));
       }},
      {"shard_",
       [](Args& a) {
         auto [devices, axis] = a.bind({"devices", {"axis", Value()}});
         Tensor t = self(a);
         t.replace(t.shard(toDevices(a, devices, "devices"), toOptInt(a, axis, "axis")));
         return a.self();
       }},
      // values: "this value is needed"; tolist/item compute it for Python
      {"realize",
       [](Args& a) {
         auto [rest] = a.bind({"*lst"});
         std::vector<Tensor> roots = withAssignedBases(static_cast<TensorObject&>(*a.self().object()));
         for (const Tensor& t : toTensors(a, rest, "lst"))
           roots.push_back(t);
         realizeNow(roots, "realize()");
         return a.self();
       }},
      // numpy() realizes the tensor and gives its values as an ndarray, which
      // also stands for the tensor as an output (needed.h)
      {"numpy",
       [](Args& a) {
         a.expectNone();
         Value array = numpyFromHost(hostValue(a, "numpy()"));
         rememberNeeded(array, self(a));
         return array;
       }},
      {"tolist",
       [](Args& a) {
         a.expectNone();
         Value list = toPythonList(hostValue(a, "tolist()"));
         rememberNeeded(list, self(a));
         return list;
       }},
      {"item",
       [](Args& a) {
         a.expectNone();
         if (self(a).numel() != 1)
           a.fail(fmt::format("must be called on a tensor with exactly one element, not {}",
                              self(a).numel()));
         return toPythonScalar(hostValue(a, "item()"), 0);
       }},
      // selections
      {"masked_select",
       [](Args& a) {
         auto [mask, size, fill] = a.bind({"mask", {"size", Value()}, {"fill_value", 0}});
         Tensor m = toTensor(a, mask, "mask");
         std::optional<int64_t> n = toOptInt(a, size, "size");
         if (!n) n = selectedCount(a, m.expand(self(a).shape()));
         return wrap(self(a).maskedSelect(m, *n, toScalar(a, fill, "fill_value")));
       }},
      {"nonzero",
       [](Args& a) {
         auto [size, fill] = a.bind({{"size", Value()}, {"fill_value", 0}});
         std::optional<int64_t> n = toOptInt(a, size, "size");
         if (!n) n = selectedCount(a, self(a).ne(0));
         return wrap(self(a).nonzero(*n, toScalar(a, fill, "fill_value")));
       }},
      // gradients
      {"backward",
       [](Args& a) {
         auto [gradient] = a.bind({{"gradient", Value()}});
         backward(self(a), toOptTensor(a, gradient, "gradient"));
         return a.self();
       }},
      {"gradient",
       [](Args& a) {
         auto [targets, grad] = a.bind({"*targets", {"gradient", Value()}});
         return wrapList(uops::gradient(self(a), toTensors(a, targets, "targets"),
                                        toOptTensor(a, grad, "gradient")));
       }},
      {"requires_grad_",
       [](Args& a) {
         auto [on] = a.bind({{"requires_grad", true}});
         Tensor t = self(a);
         t.setRequiresGrad(toBool(a, on, "requires_grad"));
         return a.self();
       }},
      {"is_param_",
       [](Args& a) {
         auto [on] = a.bind({{"is_param", true}});
         Tensor t = self(a);
         t.setIsParam(toBool(a, on, "is_param"));
         return a.self();
       }},
      // assignment: the handle (every Python reference to it) sees the new graph
      {"assign",
       [](Args& a) {
         auto [x] = a.bind({"x"});
         auto& object = static_cast<TensorObject&>(*a.self().object());
         if (object.viewOf) assignThroughView(object, toOperand(a, x, "x"));
         else object.tensor.assign(toOperand(a, x, "x"));
         return a.self();
       }},
      {"replace",
       [](Args& a) {
         auto [x] = a.bind({"x"});
         Tensor t = self(a);
         t.replace(toTensor(a, x, "x"));
         return a.self();
       }},
      // sizes
      {"size",
       [](Args& a) {
         auto [dim] = a.bind({{"dim", Value()}});
         if (dim.isNone()) return intTuple(self(a).shape());
         return Value(self(a).size(toInt(a, dim, "dim")));
       }},
      {"numel",
       [](Args& a) {
         a.expectNone();
         return Value(self(a).numel());
       }},
      {"element_size",
       [](Args& a) {
         a.expectNone();
         return Value(self(a).elementSize());
       }},
      {"nbytes",
       [](Args& a) {
         a.expectNone();
         return Value(self(a).numel() * self(a).elementSize());
       }},
      {"is_floating_point",
       [](Args& a) {
         a.expectNone();
         return Value(self(a).isFloatingPoint());
       }},
      // creation from this tensor's shape
      like("zeros_like", &Tensor::zerosLike),
      like("ones_like", &Tensor::onesLike),
      like("empty_like", &Tensor::emptyLike),
      like("rand_like", &Tensor::randLike),
      like("randn_like", &Tensor::randnLike),
      {"multinomial",
       [](Args& a) {
         auto [n, replacement] = a.bind({{"num_samples", 1}, {"replacement", false}});
         return wrap(self(a).multinomial(toInt(a, n, "num_samples"), toBool(a, replacement, "replacement")));
       }},
      {"full_like",
       [](Args& a) {
         auto [fill, dtype, device] =
             a.bind({"fill_value", {"dtype", Value()}, {"device", Value()}});
         toDevice(a, device, "device");
         return wrap(
             self(a).fullLike(toScalar(a, fill, "fill_value"), toOptDType(a, dtype, "dtype")));
       }},
      {"const_like",
       [](Args& a) {
         auto [b, dtype] = a.bind({"b", {"dtype", Value()}});
         return wrap(self(a).constLike(toScalar(a, b, "b"), toOptDType(a, dtype, "dtype")));
       }},
      {"sequential",
       [](Args& a) {
         auto [layers] = a.bind({"ll"});
         Value x = a.self();
         for (const Value& f : frontend::toVector(layers))
           x = frontend::callValue(f, {x});
         return x;
       }},
  };
}

std::vector<frontend::Property> tensorProperties() {
  auto of = [](const Value& v) -> const Tensor& { return *asTensorPtr(v); };
  return {
      {"shape", [of](const Value& v) { return intTuple(of(v).shape()); }},
      {"dtype", [of](const Value& v) { return dtypeValue(of(v).dtype()); }},
      {"ndim", [of](const Value& v) { return Value(of(v).ndim()); }},
      {"T", [of](const Value& v) { return wrap(of(v).T()); }},
      {"device", [of](const Value& v) { return devicesValue(of(v).devices()); }},
      {"requires_grad", [of](const Value& v) { return Value(of(v).requiresGrad()); }},
      {"is_param", [of](const Value& v) { return Value(of(v).isParam()); }},
      {"grad",
       [of](const Value& v) {
         std::optional<Tensor> g = of(v).grad();
         return g ? wrap(*g) : Value();
       }},
  };
}

} // namespace uops::program
