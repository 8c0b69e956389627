#include "core/ir/device.h"

#include "core/ir/shape.h"

#include <algorithm>

#include <fmt/format.h>

namespace uops {
namespace {

DeviceRef firstSourceDevice(const UOpList& src, size_t from) {
  for (size_t i = from; i < src.size(); ++i)
    if (src[i]->device()) return src[i]->device();
  return nullptr;
}

// Sources sharded on different axes are resharded to one: the last one's
// (tinygrad's choice; the multi-device split reshards the others to it).
std::optional<int> lastSourceAxis(const UOpList& src) {
  for (auto it = src.rbegin(); it != src.rend(); ++it)
    if ((*it)->axis()) return (*it)->axis();
  return std::nullopt;
}

// A Shrink that keeps part of the shard axis selects within shards: what it
// keeps is one device's shard copied to all of them (replicated), or refused.
std::optional<int> shrinkAxis(const UOpList& src, int axis) {
  auto offsets = src.size() > 2 ? shapeOperandValues(*src[1]) : std::nullopt;
  auto sizes = src.size() > 2 ? shapeOperandValues(*src[2]) : std::nullopt;
  if (!offsets || !sizes || static_cast<size_t>(axis) >= sizes->size()) return axis;
  bool whole = (*offsets)[static_cast<size_t>(axis)] == 0 &&
               (*sizes)[static_cast<size_t>(axis)] == src[0]->shape()[static_cast<size_t>(axis)];
  return whole ? std::optional<int>(axis) : std::nullopt;
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
  case Op::Stack: {
    std::optional<int> last = lastSourceAxis(src);
    return last ? std::optional<int>(*last + 1) : std::nullopt;
  }
  case Op::Shrink: return a ? shrinkAxis(src, *a) : std::nullopt;
  case Op::Flip:
  case Op::Expand:
  case Op::Pad:
  case Op::Bitcast:
  case Op::After:
  case Op::Contiguous:
  case Op::ContiguousBackward:
  case Op::Detach: return a;
  default: return isElementwise(op) ? lastSourceAxis(src) : std::nullopt;
  }
}

std::optional<std::string> shardingRefusal(const UOp& u) {
  const DeviceRef& d = u.device();
  if (!d || !d->isTuple() || !u.shapeValid()) return std::nullopt;
  auto n = static_cast<int64_t>(d->names.size());
  if (u.op() == Op::Load && !u.src().empty() && u.argIf<LoadArg>() && u.argAs<LoadArg>().device) {
    if (u.shape().empty() || u.shape()[0] % n != 0)
      return fmt::format("multi axis uneven: shape {} on {} devices", toString(u.shape()), n);
    return std::nullopt;
  }
  if (u.src().empty() || !u.src(0)->axis()) return std::nullopt;
  const UOp& in = *u.src(0);
  auto a = static_cast<size_t>(*in.axis());
  switch (u.op()) {
  case Op::Pad: {
    auto offsets = shapeOperandValues(*u.src(1));
    if (offsets && ((*offsets)[a] != 0 || u.shape()[a] != in.shape()[a]))
      return fmt::format("padding not supported along the shard axis {}", a);
    return std::nullopt;
  }
  case Op::Shrink: {
    auto offsets = shapeOperandValues(*u.src(1));
    int64_t m = in.shape()[a] / n;
    bool whole = offsets && (*offsets)[a] == 0 && u.shape()[a] == in.shape()[a];
    bool oneShard = offsets && u.shape()[a] == m && (*offsets)[a] % m == 0;
    if (!whole && !oneShard)
      return fmt::format("shrinking not supported inside the shard axis {}: only all of it or exactly one "
                         "device's shard of {}", a, m);
    return std::nullopt;
  }
  case Op::Flip:
    if (u.argIf<Bools>() && u.argAs<Bools>()[a]) return fmt::format("flipping not supported on sharded axis {}", a);
    return std::nullopt;
  case Op::Reshape: {
    std::optional<int> b = u.axis();
    if (!b || u.shape()[static_cast<size_t>(*b)] % n != 0)
      return fmt::format("reshape {} -> {} moved items between shards", toString(in.shape()), toString(u.shape()));
    return std::nullopt;
  }
  case Op::Replicated:
    if (u.argIf<Ints>() && std::count(u.argAs<Ints>().begin(), u.argAs<Ints>().end(), static_cast<int64_t>(a)) &&
        in.shape()[a] != n)
      return fmt::format("replicated along the shard axis {} holding {} elements on {} devices", a, in.shape()[a], n);
    return std::nullopt;
  default: return std::nullopt;
  }
}

} // namespace uops
