// The Session: what the explorer has loaded and where the user is in it. It
// owns the program text, its pipeline run (every stage, trace included), the
// selected stage record and the last CPU run; lowering, layout and runs happen
// on worker threads (QtConcurrent) and report back with signals. Views observe
// it and never run the pipeline themselves.
#pragma once

#include "core/pipeline/pipeline_runner.h"
#include "core/pipeline/schedule_executor.h"
#include "views/graph/graph_layout.h"

#include <QFutureWatcher>
#include <QObject>
#include <QString>

#include <memory>
#include <optional>

namespace uops::views {

struct Lowered {
  QString name;                 // the program's file name
  QString printed;              // what the program printed while loading
  std::vector<UOpPtr> roots;    // its outputs' graphs
  std::shared_ptr<PipelineRun> run;
  QString error;                // a load error: "file:line:col: message"
  int errorLine = 0;            // 1-based, 0 when not at a line
};

struct CpuRunResult {
  std::vector<KernelTimes> kernels;
  QString outputs;  // shapes and first values
  bool matchesReference = false;
  QString error;
};

class Session : public QObject {
  Q_OBJECT

public:
  explicit Session(QObject* parent = nullptr);
  ~Session() override;

  // Reads the file and lowers it (asynchronously).
  bool loadFile(const QString& path);
  void setSource(const QString& text, const QString& name);
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

  // Lays out the selected graph on a worker; layoutReady reports it.
  void layoutSelected();
  // Shows the graph after rewrite `k` of step `step` of the selected stage,
  // with that rewrite's replacement highlighted (highlighted()).
  void showRewrite(int step, int k);
  const UOp* highlighted() const { return m_highlight.get(); }
  void runOnCpu(int repeat);
  const std::optional<CpuRunResult>& lastRun() const { return m_lastRun; }

  bool busy() const;
  // Processes events until no work is in flight (tests, screenshots).
  void waitForIdle();

Q_SIGNALS:
  void programLowered();
  void stageSelected(int index);
  void layoutReady(const uops::views::GraphLayout& layout);
  void rewriteShown(int step, int k);
  void ran();
  void busyChanged(bool busy);

private:
  void lower();

  QString m_source, m_path;
  Lowered m_lowered;
  int m_selected = -1;
  UOpPtr m_highlight; // the node the last shown rewrite made
  std::optional<CpuRunResult> m_lastRun;
  QFutureWatcher<Lowered> m_lowering;
  QFutureWatcher<GraphLayout> m_layout;
  QFutureWatcher<CpuRunResult> m_running;
};

} // namespace uops::views
