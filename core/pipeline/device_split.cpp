#include "core/pipeline/device_split.h"

#include "core/ir/build.h"
#include "core/ir/device.h"
#include "core/ir/graph_walk.h"
#include "core/ir/shape.h"
#include "core/rewrite/graph_rewrite.h"
#include "core/rewrite/listener.h"
#include "core/rewrite/rule.h"
#include "core/runtime/tensor_movement.h"

#include <algorithm>
#include <unordered_map>

#include <fmt/format.h>

namespace uops {
namespace {

// A logical value's parts: one per device of a tuple, or the value itself.
struct Placed {
  UOpList parts;
  std::vector<std::string> devices; // the tuple; empty for one device or none
  std::optional<int> axis;          // on a tuple: the shards' axis, none when replicated

  bool multi() const { return devices.size() > 1; }
  size_t n() const { return devices.size(); }
};

[[noreturn]] void refuse(const UOp& u, const std::string& why) {
  throw DeviceSplitError(fmt::format("{} of shape {}: {}", opName(u.op()), toString(u.shape()), why));
}

UOpPtr loadTo(const UOpPtr& x, const std::string& device) {
  return UOp::make(Op::Load, x->dtype(), {x}, LoadArg{DeviceArg{{device}}, AddrSpace::Global});
}

// x on `device`: itself when it is there, else a copy (a device-less value is
// computed where it is stored, then copied).
UOpPtr onDevice(const UOpPtr& x, const std::string& device) {
  const DeviceRef& d = x->device();
  if (d && d->names.size() == 1 && d->names[0] == device) return x;
  return loadTo(x, device);
}

Shape shardShape(Shape s, std::optional<int> axis, size_t n) {
  if (axis) s[static_cast<size_t>(*axis)] /= static_cast<int64_t>(n);
  return s;
}

UOpPtr sliceAxis(const UOpPtr& x, int axis, int64_t start, int64_t size) {
  Shape offsets(x->shape().size(), 0), sizes = x->shape();
  offsets[static_cast<size_t>(axis)] = start;
  sizes[static_cast<size_t>(axis)] = size;
  if (start == 0 && sizes == x->shape()) return x;
  return shrink(x, offsets, sizes);
}

// Slice i of n along axis.
UOpPtr shardOf(const UOpPtr& x, int axis, size_t i, size_t n) {
  int64_t m = x->shape()[static_cast<size_t>(axis)] / static_cast<int64_t>(n);
  return sliceAxis(x, axis, static_cast<int64_t>(i) * m, m);
}

// The parts joined along axis (all on one device): Stack, then the new axis
// moved next to `axis` and merged into it.
UOpPtr concat(const UOpList& parts, int axis) {
  if (parts.size() == 1) return parts[0];
  UOpPtr stacked = UOp::make(Op::Stack, parts[0]->dtype(), parts);
  auto rank = static_cast<int64_t>(parts[0]->shape().size());
  Ints order;
  for (int64_t k = 1; k <= axis; ++k) order.push_back(k);
  order.push_back(0);
  for (int64_t k = axis + 1; k <= rank; ++k) order.push_back(k);
  Shape out = parts[0]->shape();
  out[static_cast<size_t>(axis)] *= static_cast<int64_t>(parts.size());
  return reshape(permute(stacked, order), out);
}

size_t replicaFor(const Placed& p, const std::string& device) {
  auto it = std::find(p.devices.begin(), p.devices.end(), device);
  return it == p.devices.end() ? 0 : static_cast<size_t>(it - p.devices.begin());
}

// The whole value of p on `device`.
UOpPtr gather(const Placed& p, const std::string& device) {
  if (!p.multi()) return onDevice(p.parts[0], device);
  if (!p.axis) return onDevice(p.parts[replicaFor(p, device)], device);
  UOpList pieces;
  for (const UOpPtr& part : p.parts) pieces.push_back(onDevice(part, device));
  return concat(pieces, *p.axis);
}

class Splitter {
public:
  explicit Splitter(const std::vector<UOpPtr>& roots) {
    for (const UOp* u : toposort(std::span<const UOpPtr>(roots)))
      if (auto* b = u->argIf<BufferArg>()) m_nextId = std::max(m_nextId, b->id + 1);
  }

  const Placed& split(const UOp& root) {
    for (const UOp* u : toposort(root))
      if (!m_done.contains(u)) m_done.emplace(u, place(*u));
    return m_done.at(&root);
  }

private:
  Placed place(const UOp& u) {
    std::vector<const Placed*> in;
    bool anyMulti = false;
    for (const UOpPtr& s : u.src()) {
      in.push_back(&m_done.at(s.get()));
      anyMulti = anyMulti || in.back()->multi();
    }
    if (auto why = shardingRefusal(u)) refuse(u, *why);
    if (auto* b = u.argIf<BufferArg>(); b && b->device.isTuple()) return tupleBuffer(u, *b);
    if (auto* l = u.argIf<LoadArg>(); u.op() == Op::Load && l && l->device) {
      if (l->device->isTuple()) return scatter(*in[0], l->device->names);
      if (in[0]->multi()) return single(gather(*in[0], l->device->names[0]));
    }
    if (!anyMulti && u.op() == Op::Replicated) return single(firstReplica(u, in[0]->parts[0]));
    if (!anyMulti) return single(rebuilt(u, in));
    if (isElementwise(u.op()) || u.op() == Op::Stack) return aligned(u, in);
    const Placed& p = *in[0];
    switch (u.op()) {
    case Op::Reduce: return reduce(u, p);
    case Op::Reshape: return reshaped(u, p);
    case Op::Expand: return each(u, p, [&](const UOpPtr& x) { return expand(x, shardShape(u.shape(), p.axis, p.n())); });
    case Op::Pad: return padded(u, p);
    case Op::Shrink: return shrunk(u, p);
    case Op::Flip: return each(u, p, [&](const UOpPtr& x) { return u.withSrc({x}); });
    case Op::Replicated: return replicated(u, p);
    case Op::Bitcast:
      if (p.axis && *p.axis + 1 == static_cast<int>(u.shape().size()) && u.shape() != u.src(0)->shape())
        refuse(u, "a bitcast changing the item size along the shard axis");
      [[fallthrough]];
    case Op::Permute:
    case Op::Contiguous:
    case Op::ContiguousBackward:
    case Op::Detach:
    case Op::Load: return each(u, p, [&](const UOpPtr& x) { return u.withSrc({x}); });
    default: refuse(u, "not supported on a device tuple");
    }
  }

  // Replicated on one device: the first slice of each replicated axis.
  static UOpPtr firstReplica(const UOp& u, UOpPtr x) {
    for (int64_t k : u.argAs<Ints>()) x = sliceAxis(x, static_cast<int>(k), 0, 1);
    return x;
  }

  static Placed single(UOpPtr x) { return {{std::move(x)}, {}, std::nullopt}; }

  static UOpPtr rebuilt(const UOp& u, const std::vector<const Placed*>& in) {
    UOpList src;
    bool changed = false;
    for (size_t i = 0; i < in.size(); ++i) {
      src.push_back(in[i]->parts[0]);
      changed = changed || src.back() != u.src(i);
    }
    return changed ? u.withSrc(std::move(src)) : u.ptr();
  }

  template <class F> static Placed each(const UOp& u, const Placed& p, F f) {
    Placed out{{}, p.devices, u.axis()};
    for (const UOpPtr& x : p.parts) out.parts.push_back(f(x));
    return out;
  }

  Placed tupleBuffer(const UOp& u, const BufferArg& b) {
    Placed out{{}, b.device.names, 0};
    for (const std::string& d : b.device.names)
      out.parts.push_back(buffer(m_nextId++, u.dtype(), b.size, DeviceArg{{d}}, b.addrSpace));
    return out;
  }

  // Load to a tuple: shard i of axis 0 onto device i, from wherever the value is.
  static Placed scatter(const Placed& p, const std::vector<std::string>& devices) {
    size_t n = devices.size();
    Placed out{{}, devices, 0};
    for (size_t i = 0; i < n; ++i) {
      UOpPtr part;
      if (!p.multi()) part = shardOf(p.parts[0], 0, i, n);
      else if (p.axis == 0 && p.n() == n) part = p.parts[i];
      else if (!p.axis) part = shardOf(p.parts[replicaFor(p, devices[i])], 0, i, n);
      else part = shardOf(gather(p, devices[i]), 0, i, n);
      out.parts.push_back(onDevice(part, devices[i]));
    }
    return out;
  }

  // p as parts on `devices` sharded on `axis` (none: whole on each).
  static UOpList toPlacement(const UOp& u, const Placed& p, const std::vector<std::string>& devices,
                             std::optional<int> axis) {
    size_t n = devices.size();
    UOpList parts;
    if (!p.multi()) { // device-less: each device computes its own slice
      for (size_t i = 0; i < n; ++i) parts.push_back(axis ? shardOf(p.parts[0], *axis, i, n) : p.parts[0]);
      return parts;
    }
    if (p.devices != devices)
      refuse(u, "operands on different device tuples: all buffers must be on the same device");
    if (p.axis == axis) return p.parts;
    for (size_t i = 0; i < n; ++i) {
      if (!p.axis) {
        parts.push_back(shardOf(p.parts[i], *axis, i, n));
      } else if (!axis) {
        parts.push_back(gather(p, devices[i]));
      } else { // resharding: device i receives its slice of every shard
        UOpList pieces;
        for (const UOpPtr& shard : p.parts) pieces.push_back(onDevice(shardOf(shard, *axis, i, n), devices[i]));
        parts.push_back(concat(pieces, *p.axis));
      }
    }
    return parts;
  }

  // Elementwise ops and Stack: every operand brought to the result's sharding.
  static Placed aligned(const UOp& u, const std::vector<const Placed*>& in) {
    std::vector<std::string> devices;
    for (const Placed* p : in)
      if (p->multi()) {
        if (!devices.empty() && p->devices != devices)
          refuse(u, "operands on different device tuples: all buffers must be on the same device");
        devices = p->devices;
      }
    std::optional<int> axis = u.axis();
    std::optional<int> operandAxis = axis && u.op() == Op::Stack ? std::optional<int>(*axis - 1) : axis;
    std::vector<UOpList> operands;
    for (size_t j = 0; j < in.size(); ++j) operands.push_back(toPlacement(*u.src(j), *in[j], devices, operandAxis));
    Placed out{{}, devices, axis};
    for (size_t i = 0; i < devices.size(); ++i) {
      UOpList src;
      for (const UOpList& o : operands) src.push_back(o[i]);
      out.parts.push_back(u.withSrc(std::move(src)));
    }
    return out;
  }

  static Placed reduce(const UOp& u, const Placed& p) {
    const ReduceArg& r = u.argAs<ReduceArg>();
    bool overShard = p.axis && std::count(r.axes.begin(), r.axes.end(), *p.axis);
    Placed local = each(u, p, [&](const UOpPtr& x) { return u.withSrc({x}); });
    if (!overShard) return local;
    // allreduce: every device combines all devices' partial results
    Placed out{{}, p.devices, std::nullopt};
    for (size_t i = 0; i < p.n(); ++i) {
      UOpList partials;
      for (const UOpPtr& part : local.parts) partials.push_back(onDevice(part, p.devices[i]));
      UOpPtr stacked = UOp::make(Op::Stack, u.dtype(), partials);
      out.parts.push_back(reshape(uops::reduce(stacked, r.op, {0}), local.parts[0]->shape()));
    }
    return out;
  }

  static Placed reshaped(const UOp& u, const Placed& p) {
    Shape part = shardShape(u.shape(), u.axis(), p.n());
    return each(u, p, [&](const UOpPtr& x) { return reshape(x, part); });
  }

  static Placed padded(const UOp& u, const Placed& p) {
    Shape offsets = *shapeOperandValues(*u.src(1));
    Shape part = shardShape(u.shape(), p.axis, p.n());
    return each(u, p, [&](const UOpPtr& x) { return pad(x, offsets, part); });
  }

  static Placed shrunk(const UOp& u, const Placed& p) {
    Shape offsets = *shapeOperandValues(*u.src(1));
    Shape sizes = u.shape();
    if (!p.axis) return each(u, p, [&](const UOpPtr& x) { return shrink(x, offsets, sizes); });
    auto a = static_cast<size_t>(*p.axis);
    int64_t m = u.src(0)->shape()[a] / static_cast<int64_t>(p.n());
    if (offsets[a] == 0 && sizes[a] == u.src(0)->shape()[a]) {
      Shape part = shardShape(sizes, p.axis, p.n());
      return each(u, p, [&](const UOpPtr& x) { return shrink(x, offsets, part); });
    }
    // exactly one device's shard: copied to every device (replicated)
    auto k = static_cast<size_t>(offsets[a] / m);
    offsets[a] = 0;
    UOpPtr kept = shrink(p.parts[k], offsets, sizes);
    Placed out{{}, p.devices, std::nullopt};
    for (const std::string& d : p.devices) out.parts.push_back(onDevice(kept, d));
    return out;
  }

  static Placed replicated(const UOp& u, const Placed& p) {
    const Ints& axes = u.argAs<Ints>();
    return each(u, p, [&](const UOpPtr& x) {
      UOpPtr out = x;
      for (int64_t k : axes)
        if (!p.axis || k != *p.axis) out = sliceAxis(out, static_cast<int>(k), 0, 1); // a shard of one: itself
      return out;
    });
  }

  std::unordered_map<const UOp*, Placed> m_done;
  int64_t m_nextId = 0;
};

// GetTuple(Function(Tuple(e...), a...), i) -> e_i with Param k := a_k. A
// function called on a device tuple runs as its body would: the split places
// the body's ops on the arguments' devices (Function itself has no placement).
UOpPtr splitInlineCall(const Match& m) {
  const UOp& fn = *m["f"];
  const UOpPtr& body = fn.src(0)->src(static_cast<size_t>(m.root()->argAs<int64_t>()));
  NodeSubst bound;
  for (const UOp* u : toposortIn(*body, WalkScope::OutsideCalls))
    if (u->op() == Op::Param)
      if (auto slot = static_cast<size_t>(u->argAs<ParamArg>().slot); slot + 1 < fn.src().size())
        bound.emplace(u, fn.src(slot + 1));
  return substitute(body, bound, WalkScope::OutsideCalls);
}

const PatternMatcher& pmSplitInlineCalls() {
  static const PatternMatcher pm{
      // GetTuple(Function(...), i) -> the body's element i, its Params bound to the arguments
      rule("inline function", UPat::op(Op::GetTuple, {UPat::op(Op::Function).named("f")}),
           splitInlineCall),
  };
  return pm;
}

} // namespace

bool needsDeviceSplit(const std::vector<UOpPtr>& roots) {
  for (const UOp* u : toposort(std::span<const UOpPtr>(roots)))
    if ((u->device() && u->device()->isTuple()) || u->op() == Op::Replicated) return true;
  return false;
}

UOpPtr inlineCallsForSplit(const UOpPtr& root) {
  return graphRewrite(root, pmSplitInlineCalls(), {.name = "inline functions"});
}

DeviceSplit splitDevices(const std::vector<UOpPtr>& roots) {
  UOpPtr inlined;
  {
    ScopedRewriteListener untraced(nullptr);
    inlined = inlineCallsForSplit(UOp::make(Op::Tuple, dtypes::void_, roots));
  }
  return splitInlinedDevices(inlined->src());
}

DeviceSplit splitInlinedDevices(const std::vector<UOpPtr>& roots) {
  Splitter splitter(roots);
  DeviceSplit out;
  for (const UOpPtr& root : roots) {
    const Placed& p = splitter.split(*root);
    DeviceSplit::Output o;
    o.axis = p.axis;
    size_t count = p.multi() && p.axis ? p.n() : 1; // a replicated value: one replica
    for (size_t i = 0; i < count; ++i) {
      o.parts.push_back(out.roots.size());
      out.roots.push_back(p.parts[i]);
    }
    out.outputs.push_back(std::move(o));
  }
  return out;
}

HostTensor assembleOutput(const DeviceSplit::Output& output, const std::vector<HostTensor>& values) {
  if (!output.axis || output.parts.size() == 1) return values.at(output.parts[0]);
  std::vector<const HostTensor*> parts;
  for (size_t i : output.parts) parts.push_back(&values.at(i));
  HostTensor stacked = stackTensors(parts[0]->dtype(), parts);
  auto a = static_cast<size_t>(*output.axis);
  Ints order;
  for (size_t k = 1; k <= a; ++k) order.push_back(static_cast<int64_t>(k));
  order.push_back(0);
  for (size_t k = a + 1; k <= parts[0]->shape().size(); ++k) order.push_back(static_cast<int64_t>(k));
  Shape whole = parts[0]->shape();
  whole[a] *= static_cast<int64_t>(parts.size());
  return reshapeTensor(permuteTensor(stacked, order), whole);
}

} // namespace uops
