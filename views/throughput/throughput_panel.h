// The Throughput view (a dock beside Code): LLVM's machine-code analyzer on
// the selected CPU kernel's innermost loops (backends/llvm/loop_throughput.h),
// modelled on a worker: a loop to choose (the hot one first), its cycles per
// iteration and bottleneck, each port's pressure, each instruction's
// micro-ops, latency and reciprocal throughput, and the kernel's predicted
// time against the one the last CPU run measured. Kernels for another device
// get a sentence saying why there is nothing to show.
#pragma once

#include "backends/llvm/loop_throughput.h"
#include "views/jobs/latest_job.h"

#include <QWidget>

#include <functional>
#include <optional>

class QComboBox;
class QLabel;
class QTableView;
class QTableWidget;

namespace uops::views {

class Session;
class ThroughputModel;

// What the view asks to model a kernel (the app passes analyzeKernelThroughput;
// views link no backend). Runs on a worker; throws with a message on failure.
using ThroughputAnalyzer = std::function<KernelThroughput(const LoweredKernel&)>;

class ThroughputPanel : public QWidget {
  Q_OBJECT

public:
  ThroughputPanel(Session& session, ThroughputAnalyzer analyze, QWidget* parent = nullptr);
  ~ThroughputPanel() override;

  QLabel* status() const { return m_status; }
  QComboBox* loopChoice() const { return m_loop; }
  QLabel* summary() const { return m_summary; }
  QLabel* prediction() const { return m_prediction; }
  QTableWidget* ports() const { return m_ports; }
  QTableView* instructions() const { return m_table; }
  ThroughputModel* model() const { return m_model; }
  // The model shown, if any.
  const std::optional<KernelThroughput>& shown() const { return m_shown; }
  // Processes events until the analysis in flight is shown (tests, screenshots).
  void waitForAnalysis();

private:
  struct Result {
    std::optional<KernelThroughput> model;
    QString error;
  };
  void refresh();
  void show(Result result);
  void showLoop(int loop);
  void showPrediction();
  void clearFigures(const QString& status);

  Session& m_session;
  ThroughputAnalyzer m_analyze;
  std::optional<KernelThroughput> m_shown;
  QLabel* m_status;
  QComboBox* m_loop;
  QLabel* m_summary;
  QLabel* m_prediction;
  QTableWidget* m_ports;
  QTableView* m_table;
  ThroughputModel* m_model;
  LatestJob<Result> m_job{this};
};

} // namespace uops::views
