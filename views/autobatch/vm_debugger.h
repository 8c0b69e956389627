// The VM debugger: one @autobatch call's lowered program run again, block by
// block, on the explorer's device with the call's own inputs. Step one block,
// run to a breakpoint (a block, or any block of a source line), restart; see
// per member its program counter and every variable's value, the members at
// the next block highlighted (the active mask), each FULL variable's stack
// for the selected member (frames, depth), per block how many members are
// there now (divergence, reconvergence) and how often it ran, the stack
// high-water mark, and the next block's compiled kernels (their graph,
// source and machine code). Compilation runs on a worker.
#pragma once

#include "core/autobatch/module.h"
#include "views/autobatch/vm_members_model.h"
#include "views/jobs/latest_job.h"

#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;
class QTableView;
class QTableWidget;
class QTabWidget;
class QTreeWidget;

namespace uops::views {

class GraphView;

class VmDebugger : public QWidget {
  Q_OBJECT

public:
  explicit VmDebugger(QWidget* parent = nullptr);
  ~VmDebugger() override;

  // A fresh VM for `call` (its program after the last pass, its inputs and
  // stack depth) on `device` ("CPU", "CL:0", "REF"); compiles on a worker,
  // then emits ready() and positionChanged().
  void load(std::shared_ptr<const autobatch::AutobatchCall> call, const QString& device);
  void clear(const QString& message);
  bool isReady() const { return m_ready; }
  // Processes events until the VM is compiled (tests, screenshots).
  void waitForReady();

  // Runs the next block; false once every member halted, before anything is
  // loaded, or after an error (shown in status()).
  bool step();
  // Steps until the next block is the breakpoint's (at least one step) or
  // every member halted; the number of blocks run.
  int runToBreakpoint();
  void restart();
  // The breakpoint: a VM block (-1: none) and a source line (0: none);
  // either one stops runToBreakpoint.
  void setBreakpoint(int block, int line);

  const autobatch::VirtualMachine* vm() const { return m_vm.get(); }
  // The VM block that runs next (vm()->blocks().size() once all halted); -1 when nothing is loaded.
  int nextBlock() const;
  int selectedMember() const { return m_member; }
  void selectMember(int member);

  // One row per member (vm_members_model.h).
  QTableView* members() const { return m_members; }
  const VmMembersModel& membersModel() const { return *m_membersModel; }
  QTableWidget* blocks() const { return m_blocks; }
  QTreeWidget* stacks() const { return m_stacks; }
  QLabel* status() const { return m_status; }
  QPushButton* stepButton() const { return m_step; }
  QPushButton* runButton() const { return m_run; }
  QPushButton* restartButton() const { return m_restart; }
  QComboBox* breakBlock() const { return m_breakBlock; }
  QSpinBox* breakLine() const { return m_breakLine; }
  QListWidget* kernelList() const { return m_kernelList; }
  QPlainTextEdit* kernelSource() const { return m_kernelSource; }
  QPlainTextEdit* kernelIsa() const { return m_kernelIsa; }
  GraphView* kernelGraph() const { return m_kernelGraph; }

Q_SIGNALS:
  void ready();
  // After a load, a step or a restart: the block that runs next (VM index;
  // blocks().size() once all halted) and its source line (0: none).
  void positionChanged(int block, int line);

private:
  QWidget* membersTab();
  QWidget* kernelsTab();
  void refresh();
  void refreshBlocks(int next);
  void refreshStacks();
  void refreshKernels(int next);
  void showKernel(int index);
  void fail(const QString& message);
  // A program counter's value: the VM block's label, "halt" past the last.
  QString blockName(int block) const;
  void setControlsEnabled(bool on);

  std::shared_ptr<const autobatch::AutobatchCall> m_call;
  std::shared_ptr<autobatch::VirtualMachine> m_vm; // shared with its compile job
  QString m_device;
  LatestJob<QString> m_compiling{this};
  bool m_ready = false;
  bool m_failed = false;
  int m_member = 0;
  int m_breakAtBlock = -1, m_breakAtLine = 0;
  int m_kernelsOf = -1; // the block whose kernels the Kernels tab lists
  int m_stepsShown = 0;  // columns are sized to the first state shown

  QPushButton* m_step;
  QPushButton* m_run;
  QPushButton* m_restart;
  QComboBox* m_breakBlock;
  QSpinBox* m_breakLine;
  QLabel* m_status;
  QTabWidget* m_tabs;
  VmMembersModel* m_membersModel;
  QTableView* m_members;
  QTreeWidget* m_stacks;
  QTableWidget* m_blocks;
  QListWidget* m_kernelList;
  QTabWidget* m_kernelTabs;
  GraphView* m_kernelGraph;
  QPlainTextEdit* m_kernelSource;
  QPlainTextEdit* m_kernelIsa;
};

} // namespace uops::views
