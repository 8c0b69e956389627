#include "core/program/realization.h"

#include "core/grad/graph_walk.h"
#include "core/ir/build.h"
#include "core/ir/shape.h"
#include "core/tensor/tensor_impl.h"

namespace uops::program {
namespace {

thread_local Realizer* t_realizer = nullptr;

// A graph of constants only: interned, so it stands for every equal constant
// in the program, and becoming a buffer must not capture those.
bool constantsOnly(const UOp& root) {
  for (const UOp* u : grad::toposortOutsideCalls(root))
    if (u->op() == Op::Buffer || u->op() == Op::Binary || u->op() == Op::Param) return false;
  return true;
}

} // namespace

Tensor Realizer::randomLeaf(const RandomDraw& draw) {
  UOpPtr leaf = buffer(m_nextId++, draw.dtype, shapeProduct(draw.shape), Device{{draw.device}});
  UOpPtr view = reshape(leaf, draw.shape);
  m_keep.push_back(view);
  m_draws.emplace(view.get(), Draw{draw, nullptr});
  return Tensor(view, draw.device);
}

UOpPtr Realizer::drawValue(const UOp* view, Draw& d) {
  if (d.frozen) return d.frozen;
  if (auto seen = m_seen.find(view); seen != m_seen.end()) return seen->second;
  uint64_t counter = d.draw.counterAfter;
  auto c = m_counters.find(d.draw.device);
  // The counter buffer was written after this draw: the draw reads its value.
  if (c != m_counters.end() && c->second.epoch == d.draw.epoch && d.draw.index <= c->second.index)
    counter = c->second.value;
  UOpPtr value = randomFromCounter(d.draw, counter).uop();
  m_seen.emplace(view, value);
  return value;
}

UOpPtr Realizer::resolve(const UOpPtr& root) {
  std::unordered_map<const UOp*, UOpPtr> replace;
  std::unordered_set<const UOp*> visited;
  std::vector<const UOp*> stack{root.get()};
  while (!stack.empty()) {
    const UOp* u = stack.back();
    stack.pop_back();
    if (!visited.insert(u).second) continue;
    if (auto v = m_values.find(u); v != m_values.end()) {
      replace.emplace(u, v->second);
      continue;
    }
    if (auto d = m_draws.find(u); d != m_draws.end()) {
      replace.emplace(u, drawValue(u, d->second));
      continue;
    }
    bool call = u->op() == Op::Function || u->op() == Op::Call;
    for (size_t i = call ? 1 : 0; i < u->src().size(); ++i)
      stack.push_back(u->src(i).get());
  }
  return replace.empty() ? root : grad::substitute(root, replace);
}

Tensor Realizer::resolved(const Tensor& t) {
  return Tensor(resolve(t.uop()), t.device(), t.isWeak());
}

Tensor Realizer::ownStorage(const Tensor& t) {
  UOpPtr view = newPlaceholder(t);
  m_values[view.get()] = t.uop();
  return Tensor(view, t.device(), t.isWeak());
}

UOpPtr Realizer::newPlaceholder(const Tensor& like) {
  UOpPtr leaf = buffer(m_nextId++, like.dtype(), like.numel(), Device{{like.device()}});
  UOpPtr view = reshape(leaf, like.shape());
  m_keep.push_back(view);
  m_views.insert(view.get());
  return view;
}

void Realizer::realize(const std::vector<Tensor>& roots) {
  ++m_realizations;
  m_seen.clear();
  // Every value from the state before this realization (reads of a buffer
  // assigned in the same schedule see the assigned graph itself).
  std::vector<UOpPtr> values;
  for (const Tensor& t : roots)
    values.push_back(resolve(t.uop()));
  // The draws computed now keep their values, and the counter buffer holds
  // the newest update among them.
  for (const auto& [view, value] : m_seen) {
    Draw& d = m_draws.at(view);
    d.frozen = value;
    Counter& c = m_counters[d.draw.device];
    if (c.epoch != d.draw.epoch || c.value == 0 || d.draw.index > c.index)
      c = Counter{d.draw.epoch, d.draw.index, d.draw.counterAfter};
  }
  m_seen.clear();
  // tinygrad's becomes_map: what each root was becomes its buffer in every
  // live tensor's graph (applied once, now: graphs made later are untouched).
  std::unordered_map<const UOp*, UOpPtr> became;
  std::vector<UOpPtr> keys;
  for (size_t i = 0; i < roots.size(); ++i) {
    TensorImpl& impl = TensorAccess::impl(roots[i]);
    // The buffer this handle already is (realized before, then assigned), or a new one.
    UOpPtr view;
    if (m_views.count(impl.uop.get())) view = impl.uop;
    for (const UOpPtr& old : impl.assignedOver)
      if (!view && m_views.count(old.get())) view = old;
    if (!view) view = newPlaceholder(roots[i]);
    m_values[view.get()] = values[i];
    auto becomes = [&](const UOpPtr& g) {
      if (g == view || m_views.count(g.get())) return;
      became[g.get()] = view;
      keys.push_back(g); // alive until the substitution is done
    };
    // The graph realized becomes the buffer (a constant stays a constant:
    // it is one node with every equal constant). What it was assigned over
    // keeps computing what it computed, unless it was a buffer (the view
    // reused above), as in tinygrad.
    if (!constantsOnly(*impl.uop)) becomes(impl.uop);
    impl.assignedOver.clear();
    impl.uop = view;
  }
  if (became.empty()) return;
  // One substitution over all of them (they share most of their graphs).
  std::vector<Tensor> live;
  UOpList uops;
  for (Tensor& t : Tensor::liveTensors())
    if (TensorAccess::impl(t).thread == std::this_thread::get_id()) {
      uops.push_back(t.uop());
      live.push_back(std::move(t));
    }
  UOpPtr all = grad::substitute(UOp::make(Op::Tuple, dtypes::void_, uops), became);
  for (size_t i = 0; i < live.size(); ++i)
    if (all->src(i) != uops[i]) TensorAccess::impl(live[i]).uop = all->src(i);
}

Tensor ownStorage(const Tensor& t) {
  Realizer* r = currentRealizer();
  return r ? r->ownStorage(t) : t;
}

Realizer* currentRealizer() {
  return t_realizer;
}

RealizerScope::RealizerScope(Realizer& realizer)
    : m_previous(t_realizer), m_previousModel(realizationModel()) {
  t_realizer = &realizer;
  setRealizationModel(&realizer);
}

RealizerScope::~RealizerScope() {
  t_realizer = m_previous;
  setRealizationModel(m_previousModel);
}

} // namespace uops::program
