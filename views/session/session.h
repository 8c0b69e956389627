// The Session: what the explorer has loaded and where the user is in it. It
// owns the program text, its pipeline run (every stage, trace included), the
// selected stage record and the last device run; lowering, layout and runs happen
// on worker threads (QtConcurrent) and report back with signals. Each is a
// LatestJob: a new request supersedes the one in flight (asked to stop, its
// result dropped), and nothing is waited for on the GUI thread. Views observe
// it and never run the pipeline themselves.
#pragma once

#include "core/pipeline/pipeline_runner.h"
#include "core/opt/beam.h"
#include "core/pipeline/schedule_executor.h"
#include "core/program/extension_modules.h"
#include "views/graph/graph_layout.h"
#include "views/run/device_run.h"
#include "views/session/latest_job.h"
#include "views/session/saved_session.h"

#include <QFutureWatcher>
#include <QObject>
#include <QString>

#include <atomic>
#include <memory>
#include <QStringList>

#include <optional>

namespace uops::views {

struct Lowered {
  QString name;                 // the program's file name
  QString source;               // the text lowered
  QString printed;              // what the program printed while loading
  std::vector<UOpPtr> roots;    // its outputs' graphs
  std::shared_ptr<PipelineRun> run;
  QString error;                // a load error: "file:line:col: message"
  int errorLine = 0;            // 1-based, 0 when not at a line
  // The program's realization points, one label each ("3 of 5: step() at
  // line 21"), then its outputs; `schedule` is the one lowered (0: the whole
  // program as one graph).
  QStringList schedules;
  int schedule = 0;
  // With a schedule lowered: per kernel of `run`, the schedules that have
  // the same kernel (the same AST after Rangeify), e.g. "3, 6, 9".
  QStringList kernelSchedules;
  // Work the program did while loading: each @autobatch call's run (its
  // programs after every pass, inputs and VM statistics in its detail).
  std::vector<program::LoadTimeRun> loadTimeRuns;
};

class Session : public QObject {
  Q_OBJECT

public:
  explicit Session(QObject* parent = nullptr);
  ~Session() override;

  // Reads the file and lowers it (asynchronously).
  bool loadFile(const QString& path);
  // The program, device, realization point, OptOps and selected stage as a
  // saved session (the window adds its view state).
  SavedSession saved() const;
  // Takes a saved session's program, device, realization point and OptOps
  // and lowers it (the window restores the view state). Returns a warning, or "": a device this machine lacks
  // leaves the device as it is and the kernels to its heuristics.
  QString restore(const SavedSession& saved);
  // Takes the text at once (sourceChanged) and lowers it on a worker
  // (loweringProgress, then programLowered); a lowering still in flight is cancelled.
  void setSource(const QString& text, const QString& name);
  // Stops the lowering, layouts and run in flight and BEAM; what they would
  // have produced is dropped (workCancelled). The last lowered program stays.
  void cancelWork();
  // Whether a lowering is in flight (the program text may be newer than lowered()).
  bool lowering() const { return m_lowering.pending(); }
  // Lowers one realization point's schedule (1-based, as Lowered::schedules
  // lists them) instead of the whole program (0).
  void setSchedule(int schedule);
  int schedule() const { return m_schedule; }
  const QString& source() const { return m_source; }
  const QString& path() const { return m_path; }

  const Lowered& lowered() const { return m_lowered; }
  const PipelineRun* run() const { return m_lowered.run.get(); }

  // The stage records, in the order they ran; -1 for none.
  int stageCount() const;
  const StageRecord& stageRecord(int i) const;
  int selectedStage() const { return m_selected; }
  void selectStage(int i);
  // The record of `stage` for kernel `kernel` (-1: the whole-program stage), or -1.
  int findStage(const QString& stage, int kernel) const;
  // The graph the selected stage produced (its input when it failed).
  UOpPtr selectedGraph() const;
  const LoweredKernel* selectedKernel() const;
  // The selected kernel when it has rendered source (shown with its machine
  // code), else null (the stage's graph is listed instead).
  const LoweredKernel* renderedKernel() const;

  // Lays out the selected graph on a worker; layoutProgress, then layoutReady report it.
  void layoutSelected();
  // Shows the graph after rewrite `k` of step `step` of the selected stage,
  // with that rewrite's replacement highlighted (highlighted()); in compare
  // mode the graph before it too (beforeLayoutReady), its matched node marked.
  void showRewrite(int step, int k);
  const UOp* highlighted() const { return m_highlight.get(); }
  const UOp* matched() const { return m_matched.get(); }
  void setCompareRewrites(bool on);
  // A rewrite shows only the two-hop neighbourhood of its replacement (and,
  // comparing, of the node it matched), at a size where labels read.
  void setRewriteNeighbourhood(bool on);
  bool rewriteNeighbourhood() const { return m_neighbourhood; }
  // Stepping through rewrites keeps each node the graph showed where it was
  // and marks the nodes the step made (stableLayout); a step that changes too
  // much is laid out anew. On by default.
  void setStableSteps(bool on) { m_stableSteps = on; }
  bool stableSteps() const { return m_stableSteps; }
  bool compareRewrites() const { return m_compare; }
  // What the Graph view hides and when it leaves dot; changing it lays out again.
  void setLayoutOptions(const LayoutOptions& options);
  const LayoutOptions& layoutOptions() const { return m_layoutOptions; }
  // The node selected in the Graph view, or by a view that knows one (a line
  // of the Code view); null for none. A new stage or program clears it.
  void selectNode(const UOp* node);
  // The program line chosen in the Program view (1-based; 0: none): the Graph
  // and Code views mark what came from it (UOp::line, core/ir/provenance.h).
  void selectProgramLine(int line);
  int programLine() const { return m_programLine; }
  const UOp* selectedNode() const { return m_selectedNode; }

  // The device the program is lowered for: "CPU" or "CL:<n>" (see
  // availableDevices()). Changing it lowers the program again for that
  // target; the kernels' OptOps start again from its heuristics. False for
  // a device that does not exist.
  bool setDevice(const QString& device);
  const QString& device() const { return m_device; }
  // What the explorer lowers for: device()'s target with the heuristics on.
  CodegenTarget target() const;

  // Runs the program on `device` ("CPU", "CL:0", ...; see availableDevices()) `repeat` times.
  void runOn(const QString& device, int repeat);

  // OptOps per kernel: the lists the user chose (others get the heuristics).
  const KernelOpts& kernelOpts() const { return m_opts; }
  // Checks `opt` on kernel `kernel` after its current OptOps; on success it is
  // appended and the program re-lowered; otherwise the reason is returned.
  QString applyOpt(size_t kernel, const Opt& opt);
  void setOpts(size_t kernel, std::optional<std::vector<Opt>> opts); // nullopt: back to the heuristics
  // A kernel's machine code as the Code view last showed it; empty when it
  // was not compiled since the program last lowered.
  QString machineCodeOf(size_t kernel) const {
    auto it = m_compiled.find(kernel);
    return it == m_compiled.end() ? QString() : it->second;
  }
  // BEAM's summary for each kernel whose OptOps BEAM found (until changed by hand)
  const std::map<size_t, QString>& beamSummaries() const { return m_beamSummaries; }
  // The kernel's OptOps now, and the kernel as Optimize types it (no OptOps).
  std::vector<Opt> currentOpts(size_t kernel) const;

  // BEAM on device() for one kernel, on a worker: beamProgress while it runs,
  // then its OptOps become the kernel's. cancelBeam stops it early.
  void startBeam(size_t kernel, int width);
  void cancelBeam() { m_cancelBeam = true; }
  bool beamRunning() const { return m_beam.isRunning(); }
  const std::optional<DeviceRunResult>& lastRun() const { return m_lastRun; }

  bool busy() const;
  // Processes events until no work is in flight (tests, screenshots).
  void waitForIdle();

Q_SIGNALS:
  void programLowered();
  void stageSelected(int index);
  void nodeSelected(const uops::UOp* node);
  void programLineSelected(int line);
  void deviceChanged(const QString& device);
  void layoutProgress(int percent);
  void layoutReady(const uops::views::GraphLayout& layout);
  void beforeLayoutReady(const uops::views::GraphLayout& layout);
  void rewriteShown(int step, int k);
  // The selected kernel stage's machine code, compiled on a worker.
  void machineCodeReady(const QString& text);
  // The selected stage's graph as text (when it has no rendered source),
  // printed on a worker: a whole program's listing takes tens of milliseconds.
  void listingReady(const QString& text);
  void beamProgress(int tried, double bestMs, double candidateMs);
  void beamFinished(const QString& summary);
  void ran();
  void busyChanged(bool busy);
  // The program text changed (setSource); its lowering has started.
  void sourceChanged();
  // The lowering in flight starts `stage` (of `kernel`, empty for a whole-
  // program stage): `done` of `total` steps are finished.
  void loweringProgress(const QString& stage, const QString& kernel, int done, int total);
  // cancelWork() stopped something: the views show what they showed before.
  void workCancelled();

private:
  void takeLowered(Lowered lowered);
  bool workersIdle() const; // no job of any generation left on a worker
  // `focus`: only its neighbourhood (GraphFilter::focus), for a rewrite shown with setRewriteNeighbourhood
  // `before`: the graph before the rewrite shown (its nodes are not fresh; the
  // last layout is the base of a stable step)
  void layOut(UOpPtr root, const UOp* focus = nullptr, UOpPtr before = nullptr);
  void listSelected();
  void compileSelected();
  void layOutBefore(UOpPtr root, const UOp* focus = nullptr);

  QString m_source, m_path;
  QString m_device = QStringLiteral("CPU");
  Lowered m_lowered;
  int m_schedule = 0;
  const UOp* m_selectedNode = nullptr; // identity only: a node of the selected stage's graph
  int m_selected = -1;
  int m_programLine = 0;
  UOpPtr m_highlight; // the node the last shown rewrite made
  UOpPtr m_matched;   // the node it replaced
  UOpPtr m_shown, m_shownBefore; // the roots laid out last
  const UOp* m_focus = nullptr;     // in m_shown: the neighbourhood shown, if only that
  const UOp* m_focusBefore = nullptr;
  bool m_neighbourhood = false;
  bool m_compare = false;
  bool m_stableSteps = true;
  std::shared_ptr<const GraphLayout> m_laidOut; // the last layout shown, with the options it was made with
  LayoutOptions m_laidOutOptions;
  LayoutOptions m_layoutOptions;
  std::optional<DeviceRunResult> m_lastRun;
  LatestJob<Lowered> m_lowering{this};
  LatestJob<GraphLayout> m_layout{this}, m_layoutBefore{this};
  LatestJob<QString> m_machineCode{this}, m_listing{this};
  LatestJob<DeviceRunResult> m_running{this};
  // Calls f on each job above (const or not, as `self` is): the one list of them.
  template <class Self, class F> static void forEachJob(Self& self, F&& f) {
    f(self.m_lowering);
    f(self.m_layout);
    f(self.m_layoutBefore);
    f(self.m_machineCode);
    f(self.m_listing);
    f(self.m_running);
  }
  QFutureWatcher<BeamResult> m_beam;
  std::atomic<bool> m_cancelBeam{false};
  size_t m_beamKernel = 0;
  QString m_beamDevice; // the device the running search times on
  KernelOpts m_opts;
  std::map<size_t, QString> m_beamSummaries;
  std::map<size_t, QString> m_compiled; // machine code by kernel
};

} // namespace uops::views
