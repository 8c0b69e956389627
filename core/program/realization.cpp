#include "core/program/realization.h"
#include "core/program/variable_bindings.h"

#include "core/program/device_run.h"
#include "core/program/multi_view.h"
#include "core/program/version_data.h"
#include "core/pipeline/device_split.h"
#include "core/pipeline/half_round_trip.h"

#include "core/frontend/interpreter.h"
#include "core/grad/constants_only.h"
#include "core/ir/graph_walk.h"
#include "core/ir/node_map.h"
#include "core/ir/build.h"
#include "core/ir/shape.h"
#include "core/ir/bound_variable.h"
#include "core/ir/variable.h"
#include "core/runtime/reference_evaluator.h"
#include "core/tensor/tensor_impl.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <iterator>
#include <stdexcept>
#include <unordered_set>
#include <utility>

namespace uops::program {
namespace {

thread_local Realizer* t_realizer = nullptr;

// root with each node that `swap` has a replacement for replaced (not looked
// into), outside Function and Call bodies.
UOpPtr replaceNodes(const UOpPtr& root, const std::function<UOpPtr(const UOp*)>& swap) {
  NodeSubst replace;
  NodeMap<bool> visited;
  std::vector<const UOp*> stack{root.get()};
  while (!stack.empty()) {
    const UOp* u = stack.back();
    stack.pop_back();
    if (std::exchange(visited[u], true)) continue;
    if (UOpPtr r = swap(u)) {
      replace.emplace(u, std::move(r));
      continue;
    }
    bool call = u->op() == Op::Function || u->op() == Op::Call;
    for (size_t i = call ? 1 : 0; i < u->src().size(); ++i)
      stack.push_back(u->src(i).get());
  }
  return replace.empty() ? root : substitute(root, replace, WalkScope::OutsideCalls);
}

} // namespace

Realizer::Realizer(std::string device) : m_device(std::move(device)) {}

Tensor Realizer::randomLeaf(const RandomDraw& draw) {
  UOpPtr leaf = buffer(m_nextId++, draw.dtype, shapeProduct(draw.shape), DeviceArg{{draw.device}});
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

UOpPtr Realizer::resolveShallow(const UOpPtr& root) {
  return replaceNodes(root, [this](const UOp* u) -> UOpPtr {
    if (auto c = m_current.find(u); c != m_current.end()) return c->second;
    if (auto d = m_draws.find(u); d != m_draws.end()) return drawValue(u, d->second);
    return nullptr;
  });
}

UOpPtr Realizer::resolve(const UOpPtr& root) {
  std::function<UOpPtr(const UOp*)> inlineVersion = [&](const UOp* u) -> UOpPtr {
    auto c = m_computes.find(u);
    if (c == m_computes.end()) return nullptr;
    auto memo = m_inlined.find(u);
    if (memo != m_inlined.end()) return memo->second;
    UOpPtr graph = replaceNodes(c->second, inlineVersion);
    m_inlined.emplace(u, graph);
    return graph;
  };
  return replaceNodes(resolveShallow(root), inlineVersion);
}

Tensor Realizer::resolvedShallow(const Tensor& t) {
  return Tensor(resolveShallow(t.uop()), t.device(), t.isWeak());
}

HostTensor Realizer::evaluateOnReference(const UOpPtr& graph) {
  return evaluateOnReference(std::span<const UOpPtr>(&graph, 1)).front();
}

std::vector<HostTensor> Realizer::evaluateOnReference(std::span<const UOpPtr> graphs) {
  ++m_referenceEvaluations;
  ReferenceEvaluator evaluator;
  evaluator.setBufferProvider([this](const UOp& leaf) -> std::optional<HostTensor> {
    int64_t size = leaf.argAs<BufferArg>().size;
    auto v = m_versionOfLeaf.find(&leaf);
    if (v != m_versionOfLeaf.end()) {
      auto multi = m_multiLeaves.find(&leaf);
      if (multi == m_multiLeaves.end()) return versionValue(v->second).withShape({size});
      return multiLeafData(versionValue(v->second), multi->second.devices, multi->second.axis);
    }
    if (auto multi = m_multiLeaves.find(&leaf); multi != m_multiLeaves.end())
      size *= multi->second.devices; // never written: zeros on every device
    return HostTensor(leaf.dtype().base(), Shape{size}); // never written: zeros
  });
  // the reference evaluator reads numbers: each variable's bound value; and as
  // a kernel would, a float32 cast to half and back is not rounded (half_round_trip.h)
  return evaluator.evaluate(foldHalfRoundTrips(bindVariables(graphs, {})));
}

void Realizer::readRealizedHalves(const std::vector<UOpPtr>& versions) {
  NodeSubst halves;
  for (const UOpPtr& v : versions)
    if (const UOpPtr& compute = m_computes.at(v.get()); isHalfOfFloat(*compute)) halves.emplace(compute.get(), v);
  if (halves.empty()) return;
  for (const UOpPtr& v : versions) {
    UOpPtr& compute = m_computes.at(v.get());
    NodeSubst others = halves;
    others.erase(compute.get());
    compute = substitute(compute, others);
  }
}

HostTensor Realizer::versionValue(const UOp* version) {
  if (auto v = m_hostValues.find(version); v != m_hostValues.end()) return v->second;
  evaluateScheduleOf(version);
  return m_hostValues.at(version);
}

void Realizer::evaluateScheduleOf(const UOp* version) {
  // A version being evaluated is not taken again: one that reads another of
  // its schedule (a half, readRealizedHalves) asks for that one alone.
  std::vector<const UOp*> versions{version};
  if (auto s = m_scheduleOfVersion.find(version); s != m_scheduleOfVersion.end())
    for (const UOpPtr& v : m_schedules[s->second].versions)
      if (v.get() != version && !m_hostValues.count(v.get()) && !m_evaluating.count(v.get()))
        versions.push_back(v.get());
  std::vector<UOpPtr> graphs;
  for (const UOp* v : versions) {
    graphs.push_back(m_computes.at(v));
    m_evaluating.insert(v);
  }
  std::vector<HostTensor> values;
  try {
    values = evaluateOnReference(graphs);
  } catch (...) {
    for (const UOp* v : versions) m_evaluating.erase(v);
    throw;
  }
  for (size_t i = 0; i < versions.size(); ++i) {
    m_evaluating.erase(versions[i]);
    m_hostValues.emplace(versions[i], std::move(values[i]));
  }
}

std::vector<HostTensor> Realizer::computeOnDevice(const UnboundGraphs& graphs,
                                                  const std::vector<std::string>& devices) {
  std::vector<Tensor> roots;
  for (size_t i = 0; i < graphs.roots.size(); ++i) roots.emplace_back(graphs.roots[i], devices[i]);
  RunSettings settings;
  settings.cancel = m_cancel; // Esc stops a load at the next kernel
  settings.variables = graphs.values;
  if (needsDeviceSplit(rootsOf(roots))) {
    // On device tuples the versions enter as data, each placed as its
    // version is (multi_view.h); a leaf's view is the version itself.
    VersionValueOf valueOf = [this](const UOp* u) -> const HostTensor* {
      return m_computes.count(u) ? &deviceValue(u) : nullptr;
    };
    for (Tensor& t : roots) t = withVersionData(t, valueOf);
  } else {
    // On one device the versions' leaves are the run's input buffers: the
    // graph is the same from one step to the next (schedule_cache.h).
    for (const UOp* u : toposort(std::span<const UOpPtr>(rootsOf(roots)))) {
      if (u->op() != Op::Buffer) continue;
      auto v = m_versionOfLeaf.find(u);
      if (v == m_versionOfLeaf.end()) continue;
      const HostTensor& value = deviceValue(v->second);
      settings.inputs.emplace(u->argAs<BufferArg>().id, value.withShape(Shape{value.numel()}));
    }
  }
  DeviceRun run = program::runOnDevice(roots, m_device, settings);
  m_kernelsRun += run.kernels;
  return std::move(run.outputs);
}

void Realizer::dropStaleValues() {
  std::unordered_set<const UOp*> current;
  for (const auto& [buffer, version] : m_current) current.insert(version.get());
  for (auto it = m_hostValues.begin(); it != m_hostValues.end();)
    it = current.count(it->first) ? std::next(it) : m_hostValues.erase(it);
}

const HostTensor& Realizer::deviceValue(const UOp* version) {
  if (auto v = m_hostValues.find(version); v != m_hostValues.end()) return v->second;
  // dropped as stale, yet read (a graph kept from before): computed again
  HostTensor value = computeOnDevice(unbindVariables(std::span<const UOpPtr>(&m_computes.at(version), 1)), {m_versionDevices.at(version)}).at(0);
  return m_hostValues.emplace(version, std::move(value)).first->second;
}

HostTensor Realizer::evaluate(const UOpPtr& graph, const std::string& device) {
  if (!onDevice()) return evaluateOnReference(graph);
  if (auto v = m_hostValues.find(graph.get()); v != m_hostValues.end()) return v->second;
  return computeOnDevice(unbindVariables(std::span<const UOpPtr>(&graph, 1)), {device}).at(0);
}

HostTensor Realizer::hostValue(const Tensor& t) {
  return evaluate(resolveShallow(t.uop()), t.device());
}

UOpPtr Realizer::newView(const Tensor& like) {
  std::vector<std::string> devices = like.devices();
  if (devices.size() > 1) {
    MultiView m = multiView(m_nextId++, like.dtype(), like.shape(), devices, like.shardAxis());
    m_multiLeaves[m.leaf.get()] = {static_cast<int64_t>(devices.size()), like.shardAxis()};
    m_keep.push_back(m.view);
    return m.view;
  }
  // a device-less value realized is on the default device, as in tinygrad
  UOpPtr leaf = buffer(m_nextId++, like.dtype(), like.numel(), DeviceArg{{devices.empty() ? "CPU" : devices[0]}});
  UOpPtr view = reshape(leaf, like.shape());
  m_keep.push_back(view);
  return view;
}

UOpPtr Realizer::leafOf(const UOpPtr& view) {
  UOpPtr u = view;
  while (u->op() != Op::Buffer) u = u->src(0);
  return u;
}

Tensor Realizer::ownStorage(const Tensor& t) {
  UOpPtr view = newView(t);
  m_buffers.insert(view.get());
  m_current[view.get()] = t.uop();
  return Tensor(view, t.device(), t.isWeak());
}

void Realizer::realize(const std::vector<Tensor>& given, std::string why) {
  std::vector<Tensor> roots;
  for (const Tensor& t : given) {
    bool repeated = false;
    for (const Tensor& r : roots)
      repeated = repeated || r.isSame(t);
    if (!repeated) roots.push_back(t);
  }
  if (roots.empty()) return;
  m_seen.clear();
  // Every value from the state before this realization (reads of a buffer
  // assigned in the same schedule see the assigned graph itself).
  std::vector<UOpPtr> values;
  for (const Tensor& t : roots)
    values.push_back(resolveShallow(t.uop()));
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
  RealizedSchedule schedule;
  // The values the graphs' variables were bound to (tinygrad's BIND) come
  // out: the graphs are then the same at every value (the schedule cache's
  // key) and the values are the kernels' arguments.
  UnboundGraphs unbound = unbindVariables(values);
  schedule.variables = unbound.values;
  schedule.line = frontend::programCallLocation();
  schedule.why = std::move(why) + boundVariablesNote();
  // tinygrad's becomes_map: what each root was becomes its buffer in every
  // live tensor's graph (applied once, now: graphs made later are untouched).
  NodeSubst became;
  std::vector<UOpPtr> keys;
  for (size_t i = 0; i < roots.size(); ++i) {
    TensorImpl& impl = TensorAccess::impl(roots[i]);
    // The buffer this handle already is (realized before, then assigned), or a new one.
    UOpPtr view;
    if (m_buffers.count(impl.uop.get())) view = impl.uop;
    for (const UOpPtr& old : impl.assignedOver)
      if (!view && m_buffers.count(old.get())) view = old;
    if (!view) {
      view = newView(roots[i]);
      m_buffers.insert(view.get());
    }
    UOpPtr version = newView(roots[i]);
    // what the version holds, with the values bound now (REF, inlined outputs)
    m_computes[version.get()] = bindVariables(std::span<const UOpPtr>(&values[i], 1), {}).front();
    m_versionDevices[version.get()] = roots[i].device();
    m_versionOfLeaf[leafOf(version).get()] = version.get();
    m_scheduleOfVersion[version.get()] = m_schedules.size();
    m_current[view.get()] = version;
    schedule.versions.push_back(version);
    schedule.graphs.push_back(unbound.roots[i]);
    schedule.devices.push_back(roots[i].device());
    // The graph realized becomes the buffer (a constant stays a constant:
    // it is one node with every equal constant). What it was assigned over
    // keeps computing what it computed, unless it was a buffer (the view
    // reused above), as in tinygrad.
    if (impl.uop != view && !m_buffers.count(impl.uop.get()) && !grad::constantsOnly(*impl.uop)) {
      became[impl.uop.get()] = view;
      keys.push_back(impl.uop); // alive until the substitution is done
    }
    impl.assignedOver.clear();
    impl.uop = view;
  }
  if (!onDevice()) readRealizedHalves(schedule.versions);
  if (onDevice()) {
    if (m_cancel && m_cancel->load()) throw std::runtime_error("loading was stopped");
    if (m_realizing)
      m_realizing({.point = m_schedules.size() + 1,
                   .why = schedule.why,
                   .line = schedule.line ? schedule.line->line : 0,
                   .loops = frontend::programLoops(),
                   .graphs = schedule.graphs});
    std::vector<HostTensor> computed = computeOnDevice(unbound, schedule.devices);
    for (size_t i = 0; i < computed.size(); ++i)
      m_hostValues.emplace(schedule.versions[i].get(), std::move(computed[i]));
    dropStaleValues();
  }
  m_schedules.push_back(std::move(schedule));
  if (became.empty()) return;
  // One substitution over all live tensors of this thread (they share most
  // of their graphs).
  std::vector<Tensor> live;
  UOpList uops;
  for (Tensor& t : Tensor::liveTensors())
    if (TensorAccess::impl(t).thread == std::this_thread::get_id()) {
      uops.push_back(t.uop());
      live.push_back(std::move(t));
    }
  UOpPtr all = substitute(UOp::make(Op::Tuple, dtypes::void_, uops), became, WalkScope::OutsideCalls);
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

namespace {

// The writes noteVariableWrite keeps, for the program loading on this thread.
std::vector<Tensor>& variableWrites() {
  thread_local std::vector<Tensor> writes;
  return writes;
}

} // namespace

RealizerScope::RealizerScope(Realizer& realizer)
    : m_previous(t_realizer), m_previousModel(realizationModel()) {
  variableWrites().clear();
  t_realizer = &realizer;
  setRealizationModel(&realizer);
}

RealizerScope::~RealizerScope() {
  variableWrites().clear(); // a program's tensors never outlive its load here
  t_realizer = m_previous;
  setRealizationModel(m_previousModel);
}

void noteVariableWrite(const Tensor& t) {
  if (currentRealizer() && !variablesOf(std::span<const UOpPtr>(&t.uop(), 1)).empty())
    variableWrites().push_back(t);
}

void realizeWritesBeforeRebinding(const std::string& variable, int64_t value) {
  Realizer* realizer = currentRealizer();
  if (!realizer) return;
  VariableValues now = currentVariableValues();
  auto current = now.find(variable);
  if (current == now.end() || current->second == value) return;
  std::vector<Tensor> pending;
  std::vector<Tensor> others; // writes over other variables stay noted
  for (Tensor& t : std::exchange(variableWrites(), {})) {
    std::vector<VariableRange> read = variablesOf(std::span<const UOpPtr>(&t.uop(), 1));
    bool reads = std::any_of(read.begin(), read.end(), [&](const VariableRange& v) { return v.name == variable; });
    if (reads) pending.push_back(t);
    else if (!read.empty()) others.push_back(t);
  }
  variableWrites() = std::move(others);
  if (!pending.empty())
    realizer->realize(pending, fmt::format("pending writes before {} is bound to {}", variable, value));
}

} // namespace uops::program
