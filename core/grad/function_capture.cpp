#include "core/grad/function_capture.h"

#include "core/grad/constants_only.h"
#include "core/ir/graph_walk.h"
#include "core/ir/build.h"

#include <unordered_map>

#include <fmt/format.h>

namespace uops {
namespace {

// Storage the body reaches outside its own Params and nested bodies: Buffers
// and literal data, in first-use order.
UOpList implicitInputs(const UOp& body) {
  UOpList out;
  for (const UOp* u : toposortIn(body, WalkScope::OutsideCalls))
    if (u->op() == Op::Buffer || u->op() == Op::Binary) out.push_back(u->ptr());
  return out;
}

UOpPtr paramFor(int64_t slot, const UOpPtr& u) {
  std::optional<DeviceArg> device;
  if (u->device()) device = *u->device();
  return param(slot, u->dtype(), u->shape(), device);
}

} // namespace

bool isDeviceLess(const Tensor& t) {
  if (t.uop()->op() == Op::Const) return true;
  return t.isWeak() && grad::constantsOnly(*t.uop());
}

FunctionCapture::FunctionCapture(FunctionOptions options) : m_options(std::move(options)) {
  for (Tensor& t : Tensor::liveTensors()) {
    UOpPtr graph = t.uop();
    m_before.emplace_back(std::move(t), std::move(graph));
  }
}

Tensor FunctionCapture::input(const Tensor& t) {
  for (size_t k = 0; k < m_arguments.size(); ++k)
    if (m_arguments[k].isSame(t)) return m_params[k];
  if (isDeviceLess(t)) return t;
  auto slot = static_cast<int64_t>(m_arguments.size());
  Tensor p(param(slot, t.dtype(), t.shape(), DeviceArg{{t.device()}}), t.device(), t.isWeak());
  m_arguments.push_back(t);
  m_argumentGraphs.push_back(t.uop());
  m_params.push_back(p);
  return p;
}

void FunctionCapture::declareInput(const Tensor& t) {
  for (const Tensor& a : m_arguments)
    if (a.isSame(t)) return;
  if (isDeviceLess(t)) return;
  size_t before = m_arguments.size();
  input(t);
  m_declared.push_back(before);
}

std::vector<Tensor> FunctionCapture::finish(const std::vector<Tensor>& results) const {
  UOpList elements;
  for (const Tensor& r : results)
    elements.push_back(r.uop());
  UOpPtr body = UOp::make(Op::Tuple, dtypes::void_, std::move(elements));
  if (!m_declared.empty()) {
    NodeSubst replace;
    for (size_t k : m_declared)
      replace.emplace(m_argumentGraphs[k].get(), m_params[k].uop());
    body = substitute(body, replace, WalkScope::OutsideCalls);
  }
  UOpList args{body};
  args.insert(args.end(), m_argumentGraphs.begin(), m_argumentGraphs.end());
  UOpList implicit = implicitInputs(*body);
  if (!implicit.empty() && !m_options.allowImplicit)
    throw TensorError(fmt::format("function {} has {} implicit buffer(s), but allow_implicit=False",
                                  m_options.name, implicit.size()));
  if (!implicit.empty()) {
    NodeSubst replace;
    for (const UOpPtr& u : implicit) {
      replace.emplace(u.get(), paramFor(static_cast<int64_t>(args.size()) - 1, u));
      args.push_back(u);
    }
    args[0] = body = substitute(body, replace, WalkScope::OutsideCalls);
  }
  UOpPtr fn = UOp::make(Op::Function, body->dtype(), std::move(args));
  restoreArgumentsInAssigned();
  std::vector<Tensor> out;
  for (size_t i = 0; i < results.size(); ++i) {
    UOpPtr element = UOp::make(Op::GetTuple, body->src(i)->dtype(), {fn}, static_cast<int64_t>(i));
    out.emplace_back(element, results[i].device(), results[i].isWeak());
  }
  return out;
}

void FunctionCapture::restoreArgumentsInAssigned() const {
  NodeSubst back;
  for (size_t k = 0; k < m_params.size(); ++k)
    back.emplace(m_params[k].uop().get(), m_argumentGraphs[k]);
  if (back.empty()) return;
  for (const auto& [tensor, graph] : m_before) {
    if (tensor.uop() == graph) continue;
    Tensor t = tensor;
    UOpPtr restored = substitute(t.uop(), back, WalkScope::OutsideCalls);
    if (restored != t.uop()) t.replace(Tensor(restored, t.device(), t.isWeak()));
  }
}

} // namespace uops
