#include "core/ir/device.h"

#include <algorithm>

namespace uops {
namespace {

DeviceRef firstSourceDevice(const UOpList& src, size_t from) {
  for (size_t i = from; i < src.size(); ++i)
    if (src[i]->device()) return src[i]->device();
  return nullptr;
}

std::optional<int> firstSourceAxis(const UOpList& src) {
  for (const auto& s : src)
    if (s->axis()) return s->axis();
  return std::nullopt;
}

// Reshape keeps the shard boundary: the new axis is the last one whose preceding
// elements number the same as those before the old axis.
std::optional<int> reshapeAxis(const Shape& in, int axis, const Shape& out) {
  int64_t before = 1;
  for (int k = 0; k < axis; ++k) before *= in[static_cast<size_t>(k)];
  int64_t acc = 1;
  std::optional<int> found;
  for (size_t k = 0; k < out.size(); ++k) {
    if (acc == before) found = static_cast<int>(k);
    acc *= out[k];
  }
  return found;
}

// Index removes the dims it indexes with ()-shaped indices, from the left.
std::optional<int> indexAxis(const UOpList& src, int axis) {
  int removed = 0;
  for (size_t k = 1; k < src.size(); ++k) {
    bool scalar = src[k]->shape().empty();
    if (static_cast<int>(k - 1) == axis) return scalar ? std::nullopt : std::optional<int>(axis - removed);
    removed += scalar;
  }
  return axis - removed;
}

} // namespace

DeviceRef inferDevice(Op op, const UOpList& src, const Arg& arg) {
  switch (op) {
  case Op::Buffer:
    if (auto* b = std::get_if<BufferArg>(&arg)) return std::make_shared<const DeviceArg>(b->device);
    return nullptr;
  case Op::Param:
    if (auto* p = std::get_if<ParamArg>(&arg); p && p->device)
      return std::make_shared<const DeviceArg>(*p->device);
    return nullptr;
  case Op::Load:
    if (auto* l = std::get_if<LoadArg>(&arg); l && l->device)
      return std::make_shared<const DeviceArg>(*l->device);
    return firstSourceDevice(src, 0);
  case Op::Const:
  case Op::Range:
  case Op::Special: return nullptr;
  case Op::Function:
  case Op::Call: return firstSourceDevice(src, 1);
  default: return firstSourceDevice(src, 0);
  }
}

std::optional<int> inferAxis(Op op, const UOpList& src, const Arg& arg, const Shape& shape) {
  if (op == Op::Buffer) {
    auto* b = std::get_if<BufferArg>(&arg);
    return b && b->device.isTuple() ? std::optional<int>(0) : std::nullopt;
  }
  if (op == Op::Load) {
    auto* l = std::get_if<LoadArg>(&arg);
    return l && l->device && l->device->isTuple() ? std::optional<int>(0) : std::nullopt;
  }
  if (src.empty()) return std::nullopt;
  std::optional<int> a = src[0]->axis();
  switch (op) {
  case Op::Reshape: return a ? reshapeAxis(src[0]->shape(), *a, shape) : std::nullopt;
  case Op::Permute: {
    auto* order = std::get_if<Ints>(&arg);
    if (!a || !order) return std::nullopt;
    auto it = std::find(order->begin(), order->end(), *a);
    return it == order->end() ? std::nullopt : std::optional<int>(static_cast<int>(it - order->begin()));
  }
  case Op::Reduce: {
    auto* r = std::get_if<ReduceArg>(&arg);
    if (!a || !r) return a;
    return std::count(r->axes.begin(), r->axes.end(), *a) ? std::nullopt : a;
  }
  case Op::Replicated: {
    auto* axes = std::get_if<Ints>(&arg);
    if (!a || !axes) return a;
    return std::count(axes->begin(), axes->end(), *a) ? std::nullopt : a;
  }
  case Op::Index: return a ? indexAxis(src, *a) : std::nullopt;
  case Op::Stack: return a ? std::optional<int>(*a + 1) : std::nullopt;
  case Op::Flip:
  case Op::Expand:
  case Op::Pad:
  case Op::Shrink:
  case Op::Bitcast:
  case Op::After:
  case Op::Contiguous:
  case Op::ContiguousBackward:
  case Op::Detach: return a;
  default: return isElementwise(op) ? firstSourceAxis(src) : std::nullopt;
  }
}

} // namespace uops
