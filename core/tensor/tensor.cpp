// The Tensor handle: its state, accessors, the live-tensor registry and assign.
#include "core/tensor/tensor.h"

#include "core/ir/device.h"

#include "core/tensor/random_draw.h"
#include "core/tensor/tensor_impl.h"

#include <mutex>

#include <fmt/format.h>

namespace uops {
namespace {

// Weak pointers to every impl, oldest first: backward() needs every live
// tensor whose graph contains a node, the way tinygrad walks all_tensors.
struct Registry {
  std::mutex mutex;
  std::vector<std::weak_ptr<TensorImpl>> impls;
  size_t pruneAt = 1024;
};

Registry& registry() {
  static Registry r;
  return r;
}

void registerImpl(const std::shared_ptr<TensorImpl>& impl) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  r.impls.push_back(impl);
  // Dropping dead entries only when the list doubles keeps registration O(1) amortised.
  if (r.impls.size() < r.pruneAt) return;
  std::erase_if(r.impls, [](const auto& w) { return w.expired(); });
  r.pruneAt = std::max<size_t>(1024, r.impls.size() * 2);
}

const TensorImpl& implOf(const std::shared_ptr<TensorImpl>& impl) {
  if (!impl) throw TensorError("use of a null tensor handle");
  return *impl;
}

} // namespace

Tensor::Tensor(UOpPtr uop, std::string device, bool weak) : m_impl(std::make_shared<TensorImpl>()) {
  if (!uop) throw TensorError("a tensor needs a uop");
  if (!uop->shapeValid())
    throw TensorError(fmt::format("{} has no valid shape", opName(uop->op())));
  // what cannot run shard by shard is refused where the program asks for it
  if (auto why = shardingRefusal(*uop)) throw TensorError(*why);
  m_impl->uop = std::move(uop);
  m_impl->device = std::move(device);
  m_impl->weak = weak;
  registerImpl(m_impl);
}

const UOpPtr& Tensor::uop() const {
  return implOf(m_impl).uop;
}
const Shape& Tensor::shape() const {
  return uop()->shape();
}
DType Tensor::dtype() const {
  return uop()->dtype();
}
int64_t Tensor::ndim() const {
  return static_cast<int64_t>(shape().size());
}
int64_t Tensor::numel() const {
  return shapeProduct(shape());
}
int64_t Tensor::size(int64_t dim) const {
  return tensor_detail::axisSize(*this, dim);
}
const std::string& Tensor::device() const {
  return implOf(m_impl).device;
}
bool Tensor::isWeak() const {
  return implOf(m_impl).weak;
}
bool Tensor::isFloatingPoint() const {
  return dtype().isFloat();
}
int64_t Tensor::elementSize() const {
  return dtype().itemSize();
}

std::optional<Tensor> Tensor::grad() const {
  return implOf(m_impl).grad;
}
void Tensor::setGrad(std::optional<Tensor> grad) {
  implOf(m_impl);
  m_impl->grad = std::move(grad);
}
bool Tensor::requiresGrad() const {
  return implOf(m_impl).requiresGrad;
}
void Tensor::setRequiresGrad(bool on) {
  implOf(m_impl);
  m_impl->requiresGrad = on;
}
bool Tensor::isParam() const {
  return implOf(m_impl).isParam;
}
void Tensor::setIsParam(bool on) {
  implOf(m_impl);
  m_impl->isParam = on;
}

std::vector<Tensor> Tensor::liveTensors() {
  std::vector<Tensor> out;
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  for (const auto& w : r.impls) {
    if (auto impl = w.lock()) {
      Tensor t;
      t.m_impl = std::move(impl);
      out.push_back(std::move(t));
    }
  }
  return out;
}

Tensor& Tensor::replace(const Tensor& x) {
  if (x.shape() != shape())
    throw TensorError(
        fmt::format("replace shape mismatch {} != {}", toString(shape()), toString(x.shape())));
  m_impl->uop = x.uop();
  m_impl->weak = x.isWeak();
  return *this;
}

Tensor& Tensor::assign(const TensorOrScalar& x) {
  using namespace tensor_detail;
  Tensor value = x.isTensor() ? x.tensor() : constFill(x.scalar(), dtype(), {}, *this);
  if (value.isSame(*this)) return *this;
  value = broadcastTo(value, shape());
  // A weak value (a Python constant or weak result) takes this tensor's dtype.
  if (value.isWeak()) value = castTo(value, leastUpperType(promoType(*this), promoType(value)));
  if (value.dtype() != dtype())
    fail(fmt::format("assign dtype mismatch {} != {}", toString(dtype()), toString(value.dtype())));
  if (realizationModel()) m_impl->assignedOver.push_back(m_impl->uop);
  m_impl->uop = value.uop();
  return *this;
}

} // namespace uops
