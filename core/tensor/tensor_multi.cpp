// Multi-device tensors: where a value lives, shard and to (tensor.h). The
// graphs are the spec's compositions: scatter is a Load to the tuple (axis 0,
// with Permutes around it for another axis), broadcast is
// reshape/expand/Load/Replicated, gather a Load to one device.
#include "core/tensor/tensor_impl.h"

#include "core/ir/build.h"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace uops {
using namespace tensor_detail;

namespace {

// tinygrad spells index 0 without it: "CPU:0" is "CPU".
std::vector<std::string> canonical(const std::vector<std::string>& devices) {
  std::vector<std::string> out;
  for (const std::string& d : devices) {
    bool zero = d.size() > 2 && d.compare(d.size() - 2, 2, ":0") == 0;
    out.push_back(zero ? d.substr(0, d.size() - 2) : d);
  }
  return out;
}

UOpPtr loadTo(const UOpPtr& x, std::vector<std::string> devices) {
  return UOp::make(Op::Load, x->dtype(), {x}, LoadArg{DeviceArg{std::move(devices)}, AddrSpace::Global});
}

// The spec's broadcast: n copies stacked on a new axis, scattered, one kept.
UOpPtr replicate(const UOpPtr& x, const std::vector<std::string>& devices) {
  Shape one{1}, many{static_cast<int64_t>(devices.size())};
  one.insert(one.end(), x->shape().begin(), x->shape().end());
  many.insert(many.end(), x->shape().begin(), x->shape().end());
  UOpPtr copies = loadTo(expand(reshape(x, one), many), devices);
  return reshape(UOp::make(Op::Replicated, x->dtype(), {copies}, Ints{0}), x->shape());
}

Tensor placed(UOpPtr u, const Tensor& from, const std::vector<std::string>& devices) {
  Tensor out(std::move(u), devices.front(), from.isWeak());
  out.setIsParam(from.isParam());
  return out;
}

// Whether the value reads data (a literal or a buffer) rather than only
// constants: a computed constant joins any device, as tinygrad's consts do.
// The node knows the ops under it: no walk per operand of every elementwise op.
bool holdsData(const UOp& root) {
  return root.device() || (root.opsBelow() & (opBit(Op::Binary) | opBit(Op::Buffer))).any();
}

} // namespace

namespace tensor_detail {

std::string describeDevices(const std::vector<std::string>& devices) {
  if (devices.size() == 1) return fmt::format("'{}'", devices[0]);
  std::vector<std::string> quoted;
  for (const std::string& d : devices) quoted.push_back(fmt::format("'{}'", d));
  return fmt::format("({})", fmt::join(quoted, ", "));
}

void checkSameDevices(const std::vector<Tensor>& operands) {
  std::vector<std::vector<std::string>> seen;
  bool multi = false;
  for (const Tensor& t : operands) {
    if (constBase(t)) continue;
    std::vector<std::string> d = t.devices();
    if (d.empty() || (d.size() == 1 && !holdsData(*t.uop()))) continue;
    multi = multi || d.size() > 1;
    if (std::find(seen.begin(), seen.end(), d) == seen.end()) seen.push_back(std::move(d));
  }
  if (!multi || seen.size() < 2) return;
  std::vector<std::string> listed;
  for (const auto& d : seen) listed.push_back(describeDevices(d));
  fail(fmt::format("all buffers must be on the same device: [{}]", fmt::join(listed, ", ")));
}

} // namespace tensor_detail

std::vector<std::string> Tensor::devices() const {
  if (const DeviceRef& d = uop()->device(); d && d->isTuple()) return d->names;
  if (device().empty()) return {};
  return {device()};
}

std::optional<int64_t> Tensor::shardAxis() const {
  if (!isMultiDevice()) return std::nullopt;
  std::optional<int> a = uop()->axis();
  return a ? std::optional<int64_t>(*a) : std::nullopt;
}

Tensor Tensor::shard(const std::vector<std::string>& devices, std::optional<int64_t> axis) const {
  if (this->devices().empty()) return *this;
  if (isMultiDevice()) fail("can't shard a multi-device tensor");
  std::vector<std::string> d = canonical(devices);
  if (d.empty()) fail("shard needs at least one device");
  if (d.size() == 1 || !axis) return to(d);
  int64_t k = resolveDim(*axis, ndim());
  int64_t n = static_cast<int64_t>(d.size());
  if (shape()[static_cast<size_t>(k)] % n != 0)
    fail(fmt::format("multi axis uneven: self.shape[axis]={} axis={} dcount={}", shape()[static_cast<size_t>(k)], k, n));
  Ints order{k}, inverse;
  for (int64_t i = 0; i < ndim(); ++i)
    if (i != k) order.push_back(i);
  inverse.resize(order.size());
  for (size_t i = 0; i < order.size(); ++i) inverse[static_cast<size_t>(order[i])] = static_cast<int64_t>(i);
  UOpPtr u = k == 0 ? loadTo(uop(), d) : uops::permute(loadTo(uops::permute(uop(), order), d), inverse);
  return placed(std::move(u), *this, d);
}

Tensor Tensor::to(const std::vector<std::string>& devices) const {
  std::vector<std::string> d = canonical(devices);
  if (d.empty()) fail("to() needs a device");
  if (this->devices().empty() || this->devices() == d) return *this;
  Tensor out = placed(d.size() == 1 ? loadTo(uop(), d) : replicate(uop(), d), *this, d);
  if (grad()) out.setGrad(grad()->to(d));
  return out;
}

} // namespace uops
