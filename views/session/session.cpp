#include "views/session/session.h"

#include "core/engine/program_run.h"
#include "core/pipeline/kernel_remarks.h"
#include "core/engine/device_registry.h"
#include "core/pipeline/optimize.h"
#include "core/frontend/load_error.h"
#include "core/ir/build.h"
#include "core/ir/graph_walk.h"
#include "core/ir/text.h"
#include "core/program/device_run.h"
#include "core/program/program.h"
#include "core/program/scheduled_run.h"
#include "views/graph/visible_graph.h"
#include "views/kernel_text/rendered_source.h"
#include "views/kernel_text/machine_code.h"
#include "views/jobs/work_pool.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QThread>

#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <utility>

namespace uops::views {
namespace {

// The realization points' schedules, then the outputs' (none without realization points).
QStringList scheduleLabels(const program::LoadedProgram& p) {
  QStringList out;
  if (p.schedules.empty()) return out;
  for (size_t k = 1; k <= p.schedules.size() + 1; ++k)
    out << QString::fromStdString(program::scheduleLabel(p, k));
  return out;
}

// A kernel's AST with its buffer Params renumbered 0, 1, ... in the order a
// walk meets them: the lowered schedule's buffers are data where the
// schedules' are versions of earlier ones, and Rangeify numbers a kernel's
// slots in the order of its schedule's buffers, so the same kernel can come
// with its slots in another order (variables, slot -1, stay as they are).
UOpPtr slotsInWalkOrder(const UOpPtr& ast) {
  NodeSubst renumber;
  for (const UOp* u : nodesWithOps(*ast, opBit(Op::Param))) {
    ParamArg arg = u->argAs<ParamArg>();
    if (arg.slot < 0) continue;
    arg.slot = static_cast<int64_t>(renumber.size());
    renumber.emplace(u, u->withArg(arg));
  }
  return substitute(ast, renumber);
}

// Per kernel of the lowered schedule: every schedule that has the same kernel.
QStringList sharedKernels(const program::LoadedProgram& p, const PipelineRun& run, const CodegenTarget& target) {
  std::map<UOpPtr, QStringList> owners;
  for (size_t k = 1; k <= p.schedules.size() + 1; ++k) {
    PipelineRun scheduled = runPipeline(program::rootsOf(program::scheduleGraphs(p, k)),
                                        {.trace = false, .target = std::nullopt, .rangeify = rangeifyOptionsFor(target)});
    for (const ScheduledKernel& kernel : scheduled.schedule.kernels) {
      QStringList& list = owners[slotsInWalkOrder(kernel.ast)];
      if (!list.contains(QString::number(k))) list << QString::number(k);
    }
  }
  QStringList out;
  for (const ScheduledKernel& kernel : run.schedule.kernels) {
    auto it = owners.find(slotsInWalkOrder(kernel.ast));
    out << (it == owners.end() ? QString() : it->second.join(QStringLiteral(", ")));
  }
  return out;
}

// The stage a newly lowered program opens on (computed on the worker: the
// graphs may be thousands of nodes): the whole program, or when its graph has
// more than kReadableGraphNodes, the first kernel whose Optimize graph has at
// most kReadableKernelNodes (else the first kernel), with why.
void chooseOpening(Lowered& out) {
  const PipelineRun& run = *out.run;
  if (run.stages.empty()) return;
  auto graphOf = [&](size_t record) {
    const StageRecord& r = run.stages[record];
    return r.result ? r.result : r.input;
  };
  auto optimizeOf = [&](size_t kernel) -> int {
    for (size_t i = 0; i < run.stages.size(); ++i)
      if (run.stages[i].stage == "Optimize" && !run.stages[i].kernel.empty() && run.stages[i].kernelIndex == kernel)
        return static_cast<int>(i);
    return -1;
  };
  const size_t nodes = graphOf(0) ? toposort(*graphOf(0)).size() : 0;
  if (nodes <= Session::kReadableGraphNodes || optimizeOf(0) < 0) return;
  // thousands of nodes at a readable size show one box: the first kernel
  // small enough to read (random numbers' hashing makes hundreds of nodes)
  size_t kernel = 0;
  int first = -1;
  for (size_t k = 0; k < run.schedule.kernels.size() && first < 0; ++k) {
    const int stage = optimizeOf(k);
    if (stage >= 0 && graphOf(static_cast<size_t>(stage)) &&
        toposort(*graphOf(static_cast<size_t>(stage))).size() <= Session::kReadableKernelNodes) {
      kernel = k;
      first = stage;
    }
  }
  if (first < 0) first = optimizeOf(0);
  out.openingStage = first;
  out.openingNote = QStringLiteral("kernel #%1 of %2: the whole program is %3 nodes (%4 in Stages shows it)")
                        .arg(kernel)
                        .arg(run.schedule.kernels.size())
                        .arg(nodes)
                        .arg(QString::fromStdString(run.stages[0].stage));
}

// What the Graph view shows of a realization point while the program loads.
UOpPtr reachedGraph(const std::vector<UOpPtr>& graphs) { return graphs.size() == 1 ? graphs[0] : sink(graphs); }

// `schedule`: the realization point to lower once the program has loaded
// (the user may choose another while it loads); `reached` is told of each
// realization point the load runs, with the graph it computes.
Lowered lowerSource(const QString& text, const QString& name, const QStringList& folders, const KernelOpts& opts,
                    const LoweringFilter& filter, const CodegenTarget& target, const std::atomic<int>& schedule, const std::atomic<bool>& cancel,
                    const std::function<void(const PipelineProgress&)>& progress,
                    const std::function<void(int, QString, UOpPtr)>& reached) {
  Lowered out;
  out.name = name;
  out.source = text;
  try {
    const int asked = schedule.load();
    // realization points and @autobatch calls run on the device the explorer
    // lowers for; a compile-only target runs nothing, they run on the CPU
    const bool compileOnly = describeDevice(target.device).compileOnly;
    program::LoadOptions load = program::LoadOptions::on(compileOnly ? "CPU" : target.device);
    load.cancel = &cancel;
    for (const QString& folder : folders) load.modulePath.push_back(folder.toStdString());
    load.realizing = [&progress, &reached](const program::RealizationReport& r) {
      const std::string label = r.label();
      if (progress) progress({.stage = "Running", .kernel = label, .done = 0, .total = 0});
      if (reached) reached(static_cast<int>(r.point), QString::fromStdString(label), reachedGraph(r.graphs));
    };
    program::LoadedProgram p = program::loadProgram(name.toStdString(), text.toStdString(), load);
    out.printed = QString::fromStdString(p.printed);
    out.loadTimeRuns = p.loadTimeRuns;
    out.schedules = scheduleLabels(p);
    // a schedule the edited program no longer has: the whole program
    const int chosen = schedule.load();
    out.schedule = chosen <= out.schedules.size() ? chosen : 0;
    // a program whose tensors only reach Python values (loss.item() in a
    // main()) has no outputs to lower: its last realization point instead
    const int lastPoint = static_cast<int>(p.schedules.size());
    if (p.outputs.empty() && lastPoint > 0 && (out.schedule == 0 || out.schedule > lastPoint))
      out.schedule = lastPoint;
    if (out.schedule > 0) out.variables = program::scheduleVariables(p, static_cast<size_t>(out.schedule));
    // one schedule: its inputs are the data earlier schedules computed, so
    // its runs give the values the program has there
    out.roots = program::rootsOf(out.schedule > 0
                                     ? program::boundScheduleGraphs(p, static_cast<size_t>(out.schedule), target.device)
                                     : p.outputTensors());
    if (out.roots.empty()) {
      out.error = name + QStringLiteral(": the program has no outputs");
      return out;
    }
    PipelineOptions options{.trace = true, .target = target, .remarks = true};
    options.progress = progress;
    options.cancel = &cancel;
    if (filter.active()) options.filter = &filter;
    // OptOps chosen for another schedule's kernels are not this one's
    out.run = std::make_shared<PipelineRun>(runPipeline(out.roots, options, chosen == asked ? opts : KernelOpts{}));
    if (out.schedule > 0) out.kernelSchedules = sharedKernels(p, *out.run, target);
    chooseOpening(out);
  } catch (const PipelineCancelled& e) {
    out.error = QString::fromStdString(e.what()); // superseded: nobody reads it
  } catch (const frontend::LoadError& e) {
    out.error = QString::fromStdString(e.what());
    // the program's own line: a library layer's error marks where the program called it
    out.errorLine = e.userLine(name.toStdString());
  } catch (const std::exception& e) {
    out.error = QString::fromStdString(e.what());
  }
  return out;
}

} // namespace

Session::Session(QObject* parent) : QObject(parent) {
  // a job that ends, delivered or superseded, may leave the Session idle
  auto ended = [this] { Q_EMIT busyChanged(busy()); };
  forEachJob(*this, [&](auto& job) { job.onEnded(ended); });
  connect(&m_layouts, &GraphLayouts::started, this, [this] { Q_EMIT busyChanged(true); });
  connect(&m_beam, &BeamJob::finished, this, [this](const QString& summary) {
    // a search for another device than the one now chosen finds nothing for it
    if (m_beam.found() && m_beam.device() == m_device) {
      setOpts(m_beam.kernel(), m_beam.result().opts);
      m_beamSummaries[m_beam.kernel()] = summary;
    }
    Q_EMIT busyChanged(busy());
  });
}

Session::~Session() = default; // the jobs (members) cancel and finish their own

void Session::cancelWork() {
  bool any = busy();
  forEachJob(*this, [](auto& job) { job.cancel(); });
  m_beam.cancel();
  if (any) Q_EMIT workCancelled();
  Q_EMIT busyChanged(busy());
}

std::vector<Opt> Session::currentOpts(size_t kernel) const {
  if (!run() || kernel >= run()->kernels.size()) return {};
  return run()->kernels[kernel].opts;
}

QString Session::applyOpt(size_t kernel, const Opt& opt) {
  if (!run() || kernel >= run()->schedule.kernels.size()) return QStringLiteral("no such kernel");
  CodegenTarget target = this->target();
  std::vector<Opt> opts = currentOpts(kernel);
  try {
    UOpPtr typed = applyOpts(optimize(run()->schedule.kernels[kernel].ast, target), opts, optTargetOf(target));
    uops::applyOpt(typed, opt, optTargetOf(target), opts);
  } catch (const OptError& e) {
    return QString::fromStdString(e.reason());
  }
  opts.push_back(opt);
  setOpts(kernel, opts);
  return {};
}

void Session::setOpts(size_t kernel, std::optional<std::vector<Opt>> opts) {
  if (opts) m_opts[kernel] = *opts;
  else m_opts.erase(kernel);
  m_beamSummaries.erase(kernel);
  lower(m_source);
}

void Session::setRewriteFilter(LoweringFilter filter) {
  m_filter = std::move(filter);
  Q_EMIT rewriteFilterChanged();
  if (run()) lower(m_source);
}

bool Session::disableRuleOf(int record, int step, int k) {
  if (!run() || applicationNumber(*run(), record, step, k) == LoweringFilter::kNoLimit) return false;
  LoweringFilter filter = m_filter;
  // the numbering is the unfiltered lowering's: the one shown, while no filter is on
  if (!filter.active()) filter.ranges = applicationRanges(*run());
  filter.disabledRules.push_back(RuleKey::of(run()->stages[record].steps[step].rewrites[k].rule));
  setRewriteFilter(std::move(filter));
  return true;
}

bool Session::skipRewrite(int record, int step, int k) {
  if (!run()) return false;
  const size_t n = applicationNumber(*run(), record, step, k);
  if (n == LoweringFilter::kNoLimit) return false;
  LoweringFilter filter = m_filter;
  if (!filter.active()) filter.ranges = applicationRanges(*run());
  filter.disabledApplications.insert(std::upper_bound(filter.disabledApplications.begin(),
                                                      filter.disabledApplications.end(), n), n);
  setRewriteFilter(std::move(filter));
  return true;
}

void Session::startBeam(size_t kernel, int width) {
  if (!run() || kernel >= run()->schedule.kernels.size()) return;
  if (m_beam.start(kernel, run()->schedule.kernels[kernel].ast, target(), width)) Q_EMIT busyChanged(true);
}

bool Session::loadFile(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return false;
  m_path = path;
  m_name = QFileInfo(path).fileName();
  m_savedSource = QString::fromUtf8(f.readAll());
  m_opts.clear(); // another program: its kernels start from the heuristics
  m_beamSummaries.clear();
  lower(m_savedSource);
  Q_EMIT programFileChanged();
  return true;
}

SavedSession Session::saved() const {
  SavedSession s;
  s.path = m_path;
  s.name = m_name.isEmpty() ? QFileInfo(m_path).fileName() : m_name;
  s.source = m_source;
  s.device = m_device;
  s.schedule = m_schedule;
  for (const auto& [kernel, opts] : m_opts) {
    auto beam = m_beamSummaries.find(kernel);
    s.kernels[kernel] = {opts, beam == m_beamSummaries.end() ? QString() : beam->second};
  }
  if (m_selected >= 0 && m_selected < stageCount()) {
    const StageRecord& r = stageRecord(m_selected);
    s.stage = QString::fromStdString(r.stage);
    s.kernel = r.kernel.empty() ? -1 : static_cast<int>(r.kernelIndex);
  }
  s.compare = m_layouts.compareRewrites();
  s.hidden = hiddenGroups(m_layouts.layoutOptions().filter);
  return s;
}

QString Session::restore(const SavedSession& saved) {
  m_beam.cancel(); // a search running now is for the program being replaced
  QString warning;
  std::vector<DeviceChoice> devices = availableDevices();
  bool here = std::any_of(devices.begin(), devices.end(), [&](const DeviceChoice& d) { return d.name == saved.device; });
  if (here && saved.device != m_device) {
    m_device = saved.device;
    Q_EMIT deviceChanged(m_device);
  }
  if (!here)
    warning = QStringLiteral("the session's device %1 is not on this machine: lowered for %2 with its heuristics")
                  .arg(saved.device, m_device);
  m_opts.clear();
  m_beamSummaries.clear();
  if (here)
    for (const auto& [kernel, k] : saved.kernels) {
      m_opts[kernel] = k.opts;
      if (!k.beam.isEmpty()) m_beamSummaries[kernel] = k.beam;
    }
  m_schedule = saved.schedule;
  m_path = saved.path;
  m_name = saved.name;
  m_savedSource = saved.source; // what was loaded: Save writes the edits over the program's file
  lower(saved.source);
  Q_EMIT programFileChanged();
  return warning;
}

void Session::setSource(const QString& text, const QString& name) {
  m_path.clear();
  m_name = name;
  m_savedSource = text;
  lower(text);
  Q_EMIT programFileChanged();
}

void Session::editSource(const QString& text) { lower(text); }

void Session::programSaved(const QString& path, const QString& text) {
  m_path = path;
  // the next lowering (the next edit) names the new file; lowering again now would only rename
  m_name = QFileInfo(path).fileName();
  m_savedSource = text;
  Q_EMIT programFileChanged();
}

void Session::setModulePath(const QStringList& folders) {
  if (folders == m_modulePath) return;
  m_modulePath = folders;
  if (!m_source.isEmpty()) lower(m_source);
}

void Session::lower(const QString& text) {
  // typed before any program: lowered under a name for its messages, still without a file
  const QString name = m_name.isEmpty() ? QStringLiteral("program.py") : m_name;
  m_source = text;
  // a new program shows its realization points' graphs as the load reaches
  // them; an edit keeps the stage shown until the new lowering replaces it
  m_showReached = !run() || m_lowered.name != name;
  m_reachedLabels.clear();
  m_reachedGraphs.clear();
  m_reachedView.clear();
  if (m_showReached) clearProgram(name);
  // progress reports of a superseded lowering are dropped like its result
  auto progress = m_lowering.reporter(std::function<void(PipelineProgress)>([this](const PipelineProgress& p) {
    Q_EMIT loweringProgress(QString::fromStdString(p.stage), QString::fromStdString(p.kernel), static_cast<int>(p.done),
                            static_cast<int>(p.total));
  }));
  auto reached = m_lowering.reporter(std::function<void(int, QString, UOpPtr)>(
      [this](int point, QString label, UOpPtr graph) { takeReached(point, label, std::move(graph)); }));
  m_loadSchedule = std::make_shared<std::atomic<int>>(m_schedule);
  m_lowering.start(
      // `import model` beside the program's file, then the module path
      [text, name, folders = (m_path.isEmpty() ? QStringList() : QStringList{QFileInfo(m_path).absolutePath()}) + m_modulePath,
       opts = m_opts, filter = m_filter, target = target(), schedule = m_loadSchedule, progress,
       reached](const std::atomic<bool>& cancel) {
        return lowerSource(text, name, folders, opts, filter, target, *schedule, cancel, progress, reached);
      },
      [this](Lowered lowered) { takeLowered(std::move(lowered)); });
  Q_EMIT sourceChanged(); // the lowering is in flight (lowering()) when views hear of it
  Q_EMIT busyChanged(true);
}

void Session::clearProgram(const QString& name) {
  if (m_filter.active()) { // another program's rewrites
    m_filter = {};
    Q_EMIT rewriteFilterChanged();
  }
  Lowered empty;
  empty.name = name;
  empty.source = m_source;
  m_running.cancel();
  m_beam.cancel();
  replaceLowered(std::move(empty));
}

void Session::replaceLowered(Lowered lowered) {
  releaseOnWorkPool(std::exchange(m_lowered, std::move(lowered)));
  m_compiled.clear();
  m_compilerRemarks.clear();
  m_remarksJob.cancel();
  m_selected = -1;
  m_selectedNode = nullptr;
  m_lastRun.reset();
  m_layouts.clear(); // the old program's graphs
  m_machineCode.cancel();
  m_listing.cancel();
  Q_EMIT programLowered();
}

void Session::takeReached(int point, const QString& label, UOpPtr graph) {
  m_reachedLabels << label;
  m_reachedGraphs.push_back(std::move(graph));
  if (m_showReached && point == std::max(m_schedule, 1)) showReached(m_reachedGraphs.back());
  Q_EMIT scheduleReached(point, label);
}

// A reached schedule's graph: whole where it reads, else the nodes within the most hops of its
// outputs (its root) that stay readable, one at least. A training step's graph is thousands of
// nodes whose layout, seen from its root, is a fan of edges.
void Session::showReached(const UOpPtr& graph) {
  m_reachedView.clear();
  const std::vector<const UOp*> all = toposort(*graph);
  if (all.size() <= kReadableGraphNodes) return m_layouts.show(graph);
  // one walk out to the most hops tried, then the widest neighbourhood that reads
  constexpr int kMostHops = 4;
  std::array<size_t, kMostHops + 1> within{};
  for (const auto& [node, distance] : distancesFrom(all, graph.get(), kMostHops))
    ++within[static_cast<size_t>(distance)];
  for (size_t h = 1; h < within.size(); ++h)
    within[h] += within[h - 1];
  int hops = 1;
  while (hops < kMostHops && within[static_cast<size_t>(hops) + 1] <= kReadableGraphNodes)
    ++hops;
  const size_t shown = within[static_cast<size_t>(hops)];
  m_reachedView =
      QStringLiteral("the %1 nodes within %2 of its outputs, of %3")
          .arg(shown)
          .arg(hops == 1 ? QStringLiteral("one edge") : QStringLiteral("%1 edges").arg(hops))
          .arg(all.size());
  m_layouts.showAround(graph, graph.get(), hops);
}

void Session::takeLowered(Lowered lowered) {
  m_loadSchedule.reset();
  m_reachedLabels.clear();
  m_reachedGraphs.clear();
  m_reachedView.clear();
  // the same program lowered again (OptOps applied, Heuristic, BEAM, an
  // edit): the stage and kernel shown stay, where the new lowering has them
  std::optional<std::pair<QString, int>> shown;
  if (m_selected >= 0 && run() && lowered.name == m_lowered.name && lowered.schedule == m_lowered.schedule) {
    const StageRecord& r = stageRecord(m_selected);
    shown.emplace(QString::fromStdString(r.stage), r.kernel.empty() ? -1 : static_cast<int>(r.kernelIndex));
  }
  m_schedule = lowered.schedule;
  replaceLowered(std::move(lowered));
  if (!run() || run()->stages.empty()) return;
  int keep = shown ? findStage(shown->first, shown->second) : -1;
  m_openedOn = keep >= 0 ? -1 : m_lowered.openingStage;
  selectStage(keep >= 0 ? keep : m_lowered.openingStage);
}

void Session::setSchedule(int schedule) {
  if (schedule == m_schedule) return;
  m_schedule = schedule;
  m_opts.clear(); // kernel indices are the schedule's
  m_beamSummaries.clear();
  if (lowering() && m_loadSchedule) {
    // the load goes on and lowers this one when it ends; its graph, if reached, is shown now
    m_loadSchedule->store(schedule);
    if (m_showReached && schedule >= 1 && schedule <= static_cast<int>(m_reachedGraphs.size()))
      showReached(m_reachedGraphs[static_cast<size_t>(schedule - 1)]);
    return;
  }
  if (!m_source.isEmpty()) lower(m_source);
}

int Session::stageCount() const { return run() ? static_cast<int>(run()->stages.size()) : 0; }

const StageRecord& Session::stageRecord(int i) const { return run()->stages.at(static_cast<size_t>(i)); }

void Session::selectStage(int i) {
  if (i < 0 || i >= stageCount()) return;
  m_selected = i;
  m_selectedNode = nullptr;
  Q_EMIT stageSelected(i);
  listSelected();
  compileSelected();
  m_layouts.show(selectedGraph());
}

void Session::listSelected() {
  UOpPtr graph = selectedGraph();
  if (renderedKernel() || !graph) {
    m_listing.cancel();
    return;
  }
  m_listing.start([graph](const std::atomic<bool>&) { return QString::fromStdString(printGraph(graph)); },
                  [this](QString text) { Q_EMIT listingReady(text); });
}

std::vector<Remark> Session::remarksOf(size_t kernel) const {
  if (!run() || kernel >= run()->kernels.size()) return {};
  std::vector<Remark> out = runRemarks(*run(), kernel);
  if (auto it = m_compilerRemarks.find(kernel); it != m_compilerRemarks.end())
    out.insert(out.end(), it->second.begin(), it->second.end());
  return out;
}

void Session::requestCompilerRemarks(size_t kernel) {
  if (!run() || kernel >= run()->kernels.size() || m_compilerRemarks.contains(kernel)) return;
  m_remarksJob.start(
      [lowered = run()->kernels[kernel], kernel](const std::atomic<bool>&) {
        std::vector<Remark> remarks;
        try {
          remarks = openDevice(lowered.target.device).compilerRemarks(lowered);
        } catch (const std::exception& e) {
          remarks.push_back({.kind = RemarkKind::Analysis, .origin = "compiler", .name = "Unavailable",
                             .message = std::string("the compiler's remarks are not available: ") + e.what()});
        }
        placeKernelRemarks(remarks, lowered, kernel);
        return remarks;
      },
      [this, kernel](std::vector<Remark> remarks) {
        m_compilerRemarks[kernel] = std::move(remarks);
        Q_EMIT compilerRemarksReady(static_cast<int>(kernel));
      });
  Q_EMIT busyChanged(true);
}

void Session::compileSelected() {
  m_machineCode.cancel(); // another stage's
  const LoweredKernel* k = renderedKernel();
  if (!k) return;
  const size_t index = static_cast<size_t>(k - run()->kernels.data());
  m_machineCode.start([kernel = *k](const std::atomic<bool>&) { return machineCode(kernel); },
                      [this, index](QString code) {
                        m_compiled[index] = code;
                        Q_EMIT machineCodeReady(code);
                      });
  Q_EMIT busyChanged(true);
}

void Session::selectNode(const UOp* node) {
  if (node == m_selectedNode) return;
  m_selectedNode = node;
  Q_EMIT nodeSelected(node);
}

void Session::selectProgramLine(int line) {
  if (line == m_programLine) return;
  m_programLine = line;
  Q_EMIT programLineSelected(line);
}

CodegenTarget Session::target() const {
  return runTarget(openDevice(m_device.toStdString()), true);
}

bool Session::setDevice(const QString& device) {
  if (device == m_device) return true;
  std::vector<DeviceChoice> devices = availableDevices();
  if (std::none_of(devices.begin(), devices.end(), [&](const DeviceChoice& d) { return d.name == device; }))
    return false;
  m_device = device;
  m_opts.clear(); // OptOps are the target's (THREAD on the CPU, LOCAL on a GPU)
  m_beamSummaries.clear();
  m_beam.cancel(); // its result would be the old device's
  Q_EMIT deviceChanged(device);
  if (!m_source.isEmpty()) lower(m_source);
  return true;
}

int Session::findStage(const QString& stage, int kernel) const {
  for (int i = 0; i < stageCount(); ++i) {
    const StageRecord& r = stageRecord(i);
    bool sameKernel = kernel < 0 ? r.kernel.empty() : (!r.kernel.empty() && static_cast<int>(r.kernelIndex) == kernel);
    if (QString::fromStdString(r.stage).compare(stage, Qt::CaseInsensitive) == 0 && sameKernel) return i;
  }
  return -1;
}

UOpPtr Session::selectedGraph() const {
  if (m_selected < 0) return nullptr;
  const StageRecord& r = stageRecord(m_selected);
  return r.result ? r.result : r.input;
}

const LoweredKernel* Session::selectedKernel() const {
  if (m_selected < 0) return nullptr;
  const StageRecord& r = stageRecord(m_selected);
  if (r.kernel.empty() || r.kernelIndex >= run()->kernels.size()) return nullptr;
  return &run()->kernels[r.kernelIndex];
}

const LoweredKernel* Session::renderedKernel() const {
  const LoweredKernel* k = selectedKernel();
  return k && !renderedSource(*k).text.empty() ? k : nullptr;
}

void Session::showRewrite(int step, int k) {
  if (m_selected < 0) return;
  const StageRecord& r = stageRecord(m_selected);
  if (step < 0 || step >= static_cast<int>(r.steps.size())) return;
  const TraceStep& s = r.steps[static_cast<size_t>(step)];
  if (k < 0 || k >= static_cast<int>(s.rewrites.size())) return;
  m_layouts.showRewrite(s, static_cast<size_t>(k));
  Q_EMIT rewriteShown(step, k);
}

void Session::runOn(const QString& device, int repeat) {
  if (!run() || run()->failed()) return;
  m_running.start(
      [device, run = m_lowered.run, roots = m_lowered.roots, repeat, check = m_checkReference,
       variables = m_lowered.variables](const std::atomic<bool>& cancel) {
        return runOnDevice(device, run, roots, repeat, check, &cancel, variables);
      },
      [this](DeviceRunResult result) {
        m_lastRun = std::move(result);
        Q_EMIT ran();
      });
  Q_EMIT busyChanged(true);
}

void Session::setCheckReference(bool check) {
  if (check == m_checkReference) return;
  m_checkReference = check;
  Q_EMIT checkReferenceChanged(check);
}

bool Session::busy() const {
  bool pending = m_beam.running();
  forEachJob(*this, [&](const auto& job) { pending = pending || job.pending(); });
  return pending;
}

bool Session::workersIdle() const {
  int running = 0;
  forEachJob(*this, [&](const auto& job) { running += job.running(); });
  return running == 0;
}

void Session::waitForIdle() {
  // finished() is delivered through the event loop: keep it turning until all are handled
  for (int i = 0; i < 6000; ++i) {
    QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
    if (!busy() && workersIdle()) {
      QCoreApplication::processEvents();
      if (!busy() && workersIdle()) return;
    }
    QThread::msleep(5);
  }
}

QString loweringMessage(const QString& stage, const QString& kernel) {
  if (stage == QStringLiteral("Running")) return QStringLiteral("Running %1").arg(kernel);
  return kernel.isEmpty() ? QStringLiteral("Lowering: %1").arg(stage) : QStringLiteral("Lowering: %1 of %2").arg(stage, kernel);
}

} // namespace uops::views
