// The Autobatch view: the program's @autobatch calls (one per call made while
// it loaded), the chosen call's control flow graph after any pass (blocks
// colored by function; cfg_layout.h) with every variable's type and
// allocation, and the VM debugger on the call (vm_debugger.h). While the
// graph after the last pass is shown, the block that runs next is selected in
// it and its member count captioned.
#pragma once

#include "core/autobatch/module.h"

#include <QWidget>

#include <memory>
#include <string>
#include <vector>

class QComboBox;
class QLabel;
class QTableWidget;

namespace uops::views {

class GraphView;
class Session;
class VmDebugger;

class AutobatchPanel : public QWidget {
  Q_OBJECT

public:
  explicit AutobatchPanel(Session& session, QWidget* parent = nullptr);

  int callCount() const { return static_cast<int>(m_calls.size()); }
  // Shows call `index` (as calls() lists them) and loads it into the debugger.
  void chooseCall(int index);
  // Shows the program after pass `index` (autobatch::passNames() order).
  void choosePass(int index);
  const autobatch::AutobatchCall* call() const;

  QComboBox* calls() const { return m_callCombo; }
  QComboBox* passes() const { return m_passCombo; }
  GraphView* cfg() const { return m_cfg; }
  QTableWidget* variables() const { return m_variables; }
  VmDebugger* debugger() const { return m_debugger; }
  // How the chosen call ran when the program loaded (block by block, or as one
  // member kernel), its executions and times.
  QLabel* ranAtLoad() const { return m_ranAtLoad; }

protected:
  // the graph fitted to the view again: laid out while hidden, it had no size to fit
  void showEvent(QShowEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;

private:
  void showCalls();
  void showProgram();
  void markNext(int block);

  Session& m_session;
  std::vector<std::shared_ptr<const autobatch::AutobatchCall>> m_calls;
  std::vector<QString> m_summaries; // per call: LoadTimeRun::summary
  int m_call = -1;
  std::vector<std::string> m_nodeLabels; // per CFG node, its block's label
  QComboBox* m_callCombo;
  QComboBox* m_passCombo;
  QLabel* m_ranAtLoad;
  GraphView* m_cfg;
  QTableWidget* m_variables;
  VmDebugger* m_debugger;
};

} // namespace uops::views
