// Realization points as tinygrad has them, for the program being loaded.
//
// tinygrad's tensors are lazy graphs over buffers. realize() (and .item(),
// .tolist(), an optimizer's step(), a TinyJit call) computes some of them:
// each becomes a buffer holding its value, and every graph that contained it
// reads that buffer from then on, so a tensor realized later sees the
// buffer's newest value (a loss realized after opt.step() reads updated
// buffers). Its RNG counter is such a buffer too (core/tensor/random_draw.h).
//
// The Realizer models this while the program loads. A realized tensor's handle points at
// a placeholder (a view of a fresh Buffer leaf): the buffer's identity. Each
// realization is a schedule: it computes a new version of each of its roots'
// buffers (another Buffer leaf) from the versions current when it runs.
// resolveShallow() gives a graph over versions (what one schedule computes,
// its inputs the versions earlier schedules made); resolve() inlines the
// versions too (one graph for everything).
//
// On a device that runs kernels (CPU, CL:n, INTERP) each realization runs
// when the program reaches it, as tinygrad's does: its schedule is lowered
// with the versions it reads as data, compiled (compiled kernels are cached
// by content in the backends, so a training step's repeated schedule
// compiles nothing after the first), run, and its versions' values kept for
// later schedules and for .item()/.tolist(). On REF (the reference
// evaluator, an oracle) nothing runs until Python needs a value, and then
// the reference evaluator computes it, each version once, a realization's
// versions together.
#pragma once

#include "core/frontend/source.h"
#include "core/ir/bound_variable.h"
#include "core/ir/variable.h"
#include "core/program/realization_report.h"
#include "core/runtime/host_tensor.h"
#include "core/tensor/random_draw.h"
#include "core/tensor/tensor.h"

#include <atomic>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace uops::program {

// One realization: the buffer versions it computes and their graphs (over
// versions of earlier schedules), and the program line that realized them.
// Values of buffer versions, by version node.
using VersionValues = std::unordered_map<const UOp*, HostTensor>;

struct RealizedSchedule {
  std::vector<UOpPtr> versions; // views of Buffer leaves, shaped like the roots
  // One per version, with its device. Graphs, not Tensors: a later
  // realization rewrites every live tensor's graph, and these must stay.
  std::vector<UOpPtr> graphs;
  std::vector<std::string> devices;
  std::optional<frontend::Location> line;
  std::string why; // "realize()", "tolist()", "item()", "TinyJit", ...
  // The bound values of the symbolic variables `graphs` read (core/ir/variable.h):
  // its kernels take them as arguments; empty when they read none.
  VariableValues variables = {};
};

class Realizer final : public RealizationModel {
public:
  // `device`: where realizations run ("REF": nothing runs, values come from
  // the reference evaluator when needed).
  explicit Realizer(std::string device = "REF");
  // `realizing` is told of each realization before it runs on the device;
  // when *cancel becomes true, the next realization throws instead.
  void setProgress(std::function<void(const RealizationReport&)> realizing, const std::atomic<bool>* cancel) {
    m_realizing = std::move(realizing);
    m_cancel = cancel;
  }

  Tensor randomLeaf(const RandomDraw& draw) override;

  // tinygrad's Tensor.realize(*roots): one schedule.
  void realize(const std::vector<Tensor>& roots, std::string why);
  // The graph over buffer versions (inputs made by earlier schedules).
  UOpPtr resolveShallow(const UOpPtr& root);
  // The graph with versions inlined: everything it depends on in one graph.
  UOpPtr resolve(const UOpPtr& root);
  Tensor resolvedShallow(const Tensor& t);
  // The value the tensor has now, computed on the host (versions computed
  // once each and reused).
  HostTensor hostValue(const Tensor& t);
  // t as a buffer of its own holding t's value: what tinygrad's creation
  // functions give (Tensor.zeros(3) twice is two tensors an assign tells apart,
  // where here equal graphs are one node).
  Tensor ownStorage(const Tensor& t);
  // Whether the handle is a buffer now (realized, and not written since).
  bool holdsBuffer(const Tensor& t) const { return m_buffers.count(t.uop().get()) > 0; }

  const std::vector<RealizedSchedule>& schedules() const { return m_schedules; }
  // The versions' values kept (on a device: those the buffers hold now).
  const VersionValues& versionValues() const { return m_hostValues; }
  VersionValues takeVersionValues() { return std::move(m_hostValues); }
  // Compiled kernels that ran for realizations (0 on REF).
  int64_t kernelsRun() const { return m_kernelsRun; }
  // Graphs the reference evaluator computed for this Realizer (0 on a device).
  int64_t referenceEvaluations() const { return m_referenceEvaluations; }

private:
  struct Draw {
    RandomDraw draw;
    UOpPtr frozen; // its values once realized
  };
  struct Counter {
    uint64_t epoch = 0;
    uint64_t index = 0; // the last draw whose counter update was realized
    uint64_t value = 0; // the counter buffer's value
  };

  UOpPtr drawValue(const UOp* view, Draw& d);
  UOpPtr newView(const Tensor& like);
  static UOpPtr leafOf(const UOpPtr& view);
  HostTensor versionValue(const UOp* version);
  // On REF a version is computed with the others of its schedule not valued
  // yet, in one evaluation: they share most of their graph (every parameter
  // of a training step reads the one backward pass), which evaluations of
  // one version each would compute again for each.
  void evaluateScheduleOf(const UOp* version);
  // A graph over versions: on the device, its versions' values as data; on
  // REF, with the reference evaluator, each version it reads computed once.
  HostTensor evaluate(const UOpPtr& graph, const std::string& device);
  HostTensor evaluateOnReference(const UOpPtr& graph);
  std::vector<HostTensor> evaluateOnReference(std::span<const UOpPtr> graphs);
  // On REF each version is evaluated alone: a root of the same realization
  // that is a float32 cast to half is read from its version by the others,
  // rounded, as a device reads its buffer (half_round_trip.h).
  void readRealizedHalves(const std::vector<UOpPtr>& versions);
  // Runs graphs (over versions, their variables unbound: the kernels take the
  // bound values as arguments) on the device, the versions they read as data.
  std::vector<HostTensor> computeOnDevice(const UnboundGraphs& graphs, const std::vector<std::string>& devices);
  bool onDevice() const { return m_device != "REF"; }
  // Drops the values of versions no buffer holds any more (later graphs read
  // buffers, so none reads them): memory stays what the buffers hold now.
  void dropStaleValues();
  // A version's value on the device: kept, or computed again when dropped.
  const HostTensor& deviceValue(const UOp* version);

  // Placeholders and versions are views (reshapes) of fresh Buffer leaves,
  // keyed by the view.
  std::unordered_map<const UOp*, Draw> m_draws;      // random draws
  std::unordered_map<const UOp*, UOpPtr> m_current;  // buffer -> its version now (or a constant)
  std::unordered_set<const UOp*> m_buffers;          // every buffer placeholder
  std::unordered_map<const UOp*, UOpPtr> m_computes; // version -> its graph
  std::unordered_map<const UOp*, std::string> m_versionDevices; // version -> its tensor's device
  std::unordered_map<const UOp*, const UOp*> m_versionOfLeaf; // version's leaf -> version
  std::unordered_map<const UOp*, size_t> m_scheduleOfVersion; // version -> index into m_schedules
  std::unordered_set<const UOp*> m_evaluating; // versions the reference evaluator is computing now
  struct MultiLeaf {
    int64_t devices = 0;
    std::optional<int64_t> axis; // none: replicated
  };
  std::unordered_map<const UOp*, MultiLeaf> m_multiLeaves; // leaves on a device tuple
  std::unordered_map<const UOp*, UOpPtr> m_inlined;  // version -> its graph, versions inlined
  std::unordered_map<const UOp*, HostTensor> m_hostValues; // version -> its value
  std::map<std::string, Counter> m_counters;         // per device
  // Draws resolved since the last realization, with the values they read.
  std::unordered_map<const UOp*, UOpPtr> m_seen;
  std::vector<UOpPtr> m_keep; // owners of the maps' keys
  std::vector<RealizedSchedule> m_schedules;
  std::string m_device;
  std::function<void(const RealizationReport&)> m_realizing;
  const std::atomic<bool>* m_cancel = nullptr;
  int64_t m_kernelsRun = 0;
  int64_t m_referenceEvaluations = 0;
  int64_t m_nextId = int64_t{1} << 40; // apart from Tensor.empty's ids
};

// The Realizer of the program loading on this thread, null outside a load.
Realizer* currentRealizer();

// t with storage of its own while a program loads (see Realizer::ownStorage).
Tensor ownStorage(const Tensor& t);

// A write into t (setitem, an assign through a view) whose graph reads a
// variable, kept until the variable is bound again.
void noteVariableWrite(const Tensor& t);

// Before `variable` is bound to `value` while a program loads: realizes the
// noted writes whose graphs still read the variable (not realized since), if
// its current value differs. A write keeps its bound value either way
// (core/ir/bound_variable.h); realized later with a read at the next value, the
// two values would fold to constants and the step would lower per value.
void realizeWritesBeforeRebinding(const std::string& variable, int64_t value);

// Installs a Realizer for the current thread (and as its RealizationModel)
// for the scope's lifetime.
class RealizerScope {
public:
  explicit RealizerScope(Realizer& realizer);
  ~RealizerScope();
  RealizerScope(const RealizerScope&) = delete;
  RealizerScope& operator=(const RealizerScope&) = delete;

private:
  Realizer* m_previous;
  RealizationModel* m_previousModel;
};

} // namespace uops::program
