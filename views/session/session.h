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
#include "core/engine/schedule_executor.h"
#include "core/program/extension_modules.h"
#include "views/graph/graph_layouts.h"
#include "views/kernel_text/device_run.h"
#include "views/session/beam_job.h"
#include "views/jobs/latest_job.h"
#include "views/session/saved_session.h"

#include <QObject>
#include <QString>

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
  QString error;                // a load error: "file:line:col: message" (and traceback)
  int errorLine = 0;            // 1-based, the program's own line (that called the library
                                // that raised); 0 when not at one
  // The program's realization points, one label each ("3 of 5: step() at
  // line 21"), then its outputs; `schedule` is the one lowered (0: the whole
  // program as one graph).
  QStringList schedules;
  int schedule = 0;
  // The bound values of the variables the lowered schedule reads, as it ran
  // while loading: its kernels take them as arguments (core/ir/variable.h).
  VariableValues variables = {};
  // With a schedule lowered: per kernel of `run`, the schedules that have
  // the same kernel (the same AST after Rangeify), e.g. "3, 6, 9".
  QStringList kernelSchedules;
  // Work the program did while loading: each @autobatch call's run (its
  // programs after every pass, inputs and VM statistics in its detail).
  std::vector<program::LoadTimeRun> loadTimeRuns;
  // The stage record it opens on, and why when that is not the whole
  // program (a graph too big to read opens on a kernel that reads).
  int openingStage = 0;
  QString openingNote;
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
  // A program given whole, with no file behind it (path() empty): takes the
  // text at once (sourceChanged) and lowers it on a worker (loweringProgress,
  // then programLowered); a lowering still in flight is cancelled.
  void setSource(const QString& text, const QString& name);
  // The user's edit of the program: lowered like setSource, under the
  // program's own name(), its file unchanged (savedSource() stays).
  void editSource(const QString& text);
  // The program's text was written to `path` (File > Save / Save As): it is
  // the program's file from now on, named after it (programFileChanged).
  void programSaved(const QString& path, const QString& text);
  // Stops the lowering, layouts and run in flight and BEAM; what they would
  // have produced is dropped (workCancelled). The last lowered program stays.
  void cancelWork();
  // Whether a lowering is in flight (the program text may be newer than lowered()).
  bool lowering() const { return m_lowering.pending(); }
  // The realization points the load in flight has run so far, labelled as
  // it reports them ("step 3 of 10: item() at line 19 (realization point
  // 30)"); empty once the program is lowered (Lowered::schedules lists them).
  const QStringList& reachedSchedules() const { return m_reachedLabels; }
  // What the Graph view shows of the reached schedule it shows, when not the whole graph (one
  // too big to read: the nodes nearest its outputs), e.g. "the 212 nodes within 2 edges of its
  // outputs, of 4712"; else empty.
  const QString& reachedView() const { return m_reachedView; }
  // Whether the lowering in flight is of a new program (not an edit of the
  // one shown): its realization points are shown as the load reaches them.
  bool showsReached() const { return m_showReached && lowering(); }
  // Lowers one realization point's schedule (1-based, as Lowered::schedules
  // lists them) instead of the whole program (0). While the program loads,
  // the load goes on and lowers that one when it ends (its graph is shown
  // at once if the load has reached it).
  void setSchedule(int schedule);
  int schedule() const { return m_schedule; }
  // Folders where the program's imports are found after its own folder (a
  // tinygrad checkout for `from extra.models.vit import ViT`); a
  // program shown is lowered again with them. The program still reads no other files.
  void setModulePath(const QStringList& folders);
  const QStringList& modulePath() const { return m_modulePath; }
  const QString& source() const { return m_source; }
  const QString& path() const { return m_path; }
  // The program's file name ("matmul.py"); empty before any program.
  const QString& name() const { return m_name; }
  // The text as last loaded or saved: the Program view's text is modified
  // while it differs.
  const QString& savedSource() const { return m_savedSource; }

  const Lowered& lowered() const { return m_lowered; }
  const PipelineRun* run() const { return m_lowered.run.get(); }
  const VariableValues& variables() const { return m_lowered.variables; }

  // The stage records, in the order they ran; -1 for none.
  int stageCount() const;
  const StageRecord& stageRecord(int i) const;
  int selectedStage() const { return m_selected; }
  void selectStage(int i);
  // The record of `stage` for kernel `kernel` (-1: the whole-program stage), or -1.
  int findStage(const QString& stage, int kernel) const;
  // Why the program opened on the stage selected, while it is the one it
  // opened on: a whole program too big to read opens on its first kernel
  // small enough to read.
  static constexpr size_t kReadableGraphNodes = 600, kReadableKernelNodes = 120;
  QString openingNote() const { return m_selected == m_openedOn ? m_lowered.openingNote : QString(); }
  // The graph the selected stage produced (its input when it failed).
  UOpPtr selectedGraph() const;
  const LoweredKernel* selectedKernel() const;
  // The selected kernel when it has rendered source (shown with its machine
  // code), else null (the stage's graph is listed instead).
  const LoweredKernel* renderedKernel() const;

  // The Graph view's layouts: the selected stage's graph, or a rewrite's.
  GraphLayouts& layouts() { return m_layouts; }
  const GraphLayouts& layouts() const { return m_layouts; }
  // Shows the graph after rewrite `k` of step `step` of the selected stage
  // (GraphLayouts::showRewrite), then rewriteShown.
  void showRewrite(int step, int k);
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
  // Whether runs also compare their outputs with the reference evaluator's
  // (Run > Check against reference; off by default: the oracle is slow).
  void setCheckReference(bool check);
  bool checkReference() const { return m_checkReference; }

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
  // Kernel `kernel`'s remarks (core/remarks): its stages' from the run
  // (Rangeify's about its buffers first), then its compiler's once
  // requestCompilerRemarks has them. Kept until the program changes.
  std::vector<Remark> remarksOf(size_t kernel) const;
  bool hasCompilerRemarks(size_t kernel) const { return m_compilerRemarks.contains(kernel); }
  // The compiler's remarks on kernel `kernel` (Device::compilerRemarks, a
  // compile of its own) on a worker, then compilerRemarksReady; nothing when known.
  void requestCompilerRemarks(size_t kernel);
  // BEAM's summary for each kernel whose OptOps BEAM found (until changed by hand)
  const std::map<size_t, QString>& beamSummaries() const { return m_beamSummaries; }
  // The kernel's OptOps now, and the kernel as Optimize types it (no OptOps).
  std::vector<Opt> currentOpts(size_t kernel) const;

  // BEAM on device() for one kernel (BeamJob: progress while it runs, cancel
  // to stop it); the OptOps it finds become the kernel's.
  void startBeam(size_t kernel, int width);
  BeamJob& beam() { return m_beam; }
  const std::optional<DeviceRunResult>& lastRun() const { return m_lastRun; }

  // Rule applications the lowering skips (core/pipeline/lowering_filter.h):
  // rules switched off, single rewrites skipped. Setting it lowers the
  // program again (rewriteFilterChanged); a new program starts without one.
  void setRewriteFilter(LoweringFilter filter);
  const LoweringFilter& rewriteFilter() const { return m_filter; }
  // Switches the rule of rewrite `k` of step `step` of stage record `record`
  // off, or skips that one rewrite; either lowers again. False if there is
  // no such rewrite of a rule.
  bool disableRuleOf(int record, int step, int k);
  bool skipRewrite(int record, int step, int k);

  bool busy() const;
  // Processes events until no work is in flight (tests, screenshots).
  void waitForIdle();

Q_SIGNALS:
  // The program now changed: lowered, failed to load (lowered().error), or
  // another one started loading (no run() yet). Every view derives what it
  // shows from the Session when it hears this: nothing of an earlier program
  // may stay on screen.
  void programLowered();
  void stageSelected(int index);
  void nodeSelected(const uops::UOp* node);
  void programLineSelected(int line);
  void deviceChanged(const QString& device);
  void rewriteShown(int step, int k);
  void rewriteFilterChanged();
  // The selected kernel stage's machine code, compiled on a worker.
  void machineCodeReady(const QString& text);
  void compilerRemarksReady(int kernel);
  // The selected stage's graph as text (when it has no rendered source),
  // printed on a worker: a whole program's listing takes tens of milliseconds.
  void listingReady(const QString& text);
  void ran();
  void checkReferenceChanged(bool check);
  void busyChanged(bool busy);
  // The program text changed (setSource, editSource); its lowering has started.
  void sourceChanged();
  // The program's file or its saved text changed (loaded, restored, saved).
  void programFileChanged();
  // The lowering in flight starts `stage` (of `kernel`, empty for a whole-
  // program stage): `done` of `total` steps are finished. While the program
  // loads, stage "Running" with the realization point it runs on the device
  // as `kernel` ("3: item() at line 19") and no steps (total 0).
  void loweringProgress(const QString& stage, const QString& kernel, int done, int total);
  // The load in flight reached realization point `point` (1-based) and runs
  // it now. A new program's Graph view shows the graph of the schedule
  // chosen (the first by default) as soon as it is reached.
  void scheduleReached(int point, const QString& label);
  // cancelWork() stopped something: the views show what they showed before.
  void workCancelled();

private:
  void takeLowered(Lowered lowered);
  void takeReached(int point, const QString& label, UOpPtr graph);
  void showReached(const UOpPtr& graph);
  // Another program (`name`) is being loaded: nothing of the last one is the
  // program now (no run, stage or device run), and every view hears it
  // through programLowered, as after a failed load.
  void clearProgram(const QString& name);
  // `lowered` becomes the program now: no stage, node, device run or code of
  // the last one stays (programLowered).
  void replaceLowered(Lowered lowered);
  // Takes `text` as the program (sourceChanged) and lowers it under name().
  void lower(const QString& text);
  bool workersIdle() const; // no job of any generation left on a worker
  void listSelected();
  void compileSelected();

  QString m_source, m_path, m_name, m_savedSource;
  QString m_device = QStringLiteral("CPU");
  Lowered m_lowered;
  int m_schedule = 0;
  const UOp* m_selectedNode = nullptr; // identity only: a node of the selected stage's graph
  int m_selected = -1;
  int m_programLine = 0;
  bool m_checkReference = false;
  std::optional<DeviceRunResult> m_lastRun;
  GraphLayouts m_layouts;
  BeamJob m_beam;
  LatestJob<Lowered> m_lowering{this};
  LatestJob<QString> m_machineCode{this}, m_listing{this};
  LatestJob<DeviceRunResult> m_running{this};
  LatestJob<std::vector<Remark>> m_remarksJob{this};
  // Calls f on each job above (const or not, as `self` is): the one list of them.
  template <class Self, class F> static void forEachJob(Self& self, F&& f) {
    f(self.m_lowering);
    f(self.m_layouts);
    f(self.m_machineCode);
    f(self.m_listing);
    f(self.m_running);
    f(self.m_remarksJob);
  }
  KernelOpts m_opts;
  QStringList m_modulePath;
  LoweringFilter m_filter;
  // the load in flight: the schedule it lowers when it ends (the user may
  // change it meanwhile), and the realization points it has reached
  std::shared_ptr<std::atomic<int>> m_loadSchedule;
  QStringList m_reachedLabels;
  std::vector<UOpPtr> m_reachedGraphs;
  QString m_reachedView;
  bool m_showReached = false; // a new program: nothing of it is shown yet
  int m_openedOn = -1;         // the stage the program opened on (Lowered::openingStage)
  std::map<size_t, QString> m_beamSummaries;
  std::map<size_t, QString> m_compiled; // machine code by kernel
  std::map<size_t, std::vector<Remark>> m_compilerRemarks; // by kernel, placed (kernel_remarks.h)
};

// A loweringProgress report for people: "Lowering: Optimize of r_4_16",
// "Running step 3 of 10: item() at line 19 (realization point 30)".
QString loweringMessage(const QString& stage, const QString& kernel);

} // namespace uops::views
