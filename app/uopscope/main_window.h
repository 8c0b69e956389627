// uopscope's window: the Graph view in the middle (with its find bar, and the
// graph before the current rewrite beside it in compare mode; the Autobatch
// view, CFG and VM debugger, in a second tab there), Program and
// Stages docks on the left, Code and the node Inspector on the right, Kernels
// and Run below, the target device in the toolbar; docks, geometry and the
// device are restored from QSettings, and a .py
// file dropped on the window opens. It creates the Session and hands it to
// the views. The program's edits are saved with File > Save; before they
// would be dropped (another program, closing) the window asks.
#pragma once

#include "views/autobatch/autobatch_panel.h"
#include "views/graph/find_bar.h"
#include "views/jobs/latest_job.h"
#include "views/graph/graph_view.h"
#include "views/inspector/node_inspector.h"
#include "views/rules/why_not_panel.h"
#include "views/stepper/kernel_stepper_panel.h"
#include "views/menus/recent_files.h"
#include "views/code/code_panel.h"
#include "views/diff/diff_panel.h"
#include "views/toolbar/device_combo.h"
#include "views/toolbar/schedule_combo.h"
#include "views/kernels/kernels_panel.h"
#include "views/optimize/optimize_panel.h"
#include "views/program/program_panel.h"
#include "views/rewrites/rewrites_panel.h"
#include "views/run/run_panel.h"
#include "views/stages/stages_panel.h"
#include "views/start/start_page.h"
#include "views/session/session.h"

#include <QMainWindow>

#include <functional>
#include <optional>

class QDockWidget;
class QProgressBar;

namespace uops::views {

class MainWindow : public QMainWindow {
  Q_OBJECT

public:
  explicit MainWindow(QWidget* parent = nullptr);

  Session& session() { return m_session; }
  GraphView* graph() const { return m_graph; }
  GraphView* beforeGraph() const { return m_before; }
  FindBar* findBar() const { return m_find; }
  NodeInspector* inspector() const { return m_inspector; }
  WhyNotPanel* whyNot() const { return m_whyNot; }
  RecentFiles* recentFiles() const { return m_recent; }
  QProgressBar* layoutProgress() const;
  // Graph > Compare before/after: the graph before the current rewrite beside the one after it.
  void setCompare(bool on);
  StagesPanel* stages() const { return m_stages; }
  RunPanel* runPanel() const { return m_run; }
  ProgramPanel* program() const { return m_program; }
  CodePanel* code() const { return m_code; }
  KernelsPanel* kernels() const { return m_kernels; }
  RewritesPanel* rewrites() const { return m_rewrites; }
  OptimizePanel* optimizer() const { return m_optimize; }
  KernelStepperPanel* stepper() const { return m_stepper; }
  AutobatchPanel* autobatch() const { return m_autobatch; }
  DiffPanel* diff() const { return m_diff; }
  StartPage* startPage() const { return m_start; }
  // The default layout for a window of `size` (the docks in proportion: the
  // program's lines and a kernel's IR readable at 1366x768 and 1920x1080).
  void fitDocks(QSize size);
  // Whether the start page is shown (no program open yet).
  bool showsStartPage() const;
  // The toolbar's target device (saved in QSettings).
  DeviceCombo* deviceCombo() const { return m_device; }
  ScheduleCombo* scheduleCombo() const { return m_schedule; }

  // Raises the dock of a view: "program", "stages", "rewrites", "kernels", "optimize", "code", "run"; "graph",
  // "autobatch", "roofline", "diff" and "memory" choose the middle tab.
  bool showView(const QString& name);
  // The names showView takes, sorted ("graph" among them).
  QStringList viewNames() const;
  // A tensor program (.py), or a saved session (.uopscope: openSession)
  void openFile(const QString& path);
  // Saves the program, device, realization point, kernels' OptOps and BEAM
  // results and the view state as a .uopscope file; an error message or "".
  QString saveSession(const QString& path);
  // Restores a .uopscope file; an error message or "" (a warning, such as a
  // device this machine lacks, goes to the status bar).
  QString openSession(const QString& path);
  // Writes the selected kernel's report (views/session/kernel_report.h) as
  // Markdown; an error message or "".
  QString exportKernelReport(const QString& path);
  // File > Export Kernel Report: asks for a path (".md" added when it has no suffix) and writes the report there.
  void exportKernelReportAs();
  // The last run's timeline as a Trace Event Format JSON (core/export/chrome_trace.h); an error message or "".
  QString exportTrace(const QString& path);
  // The session as a self-contained HTML report (core/export/html_report.h),
  // written on a worker (its kernels compile for their machine code, its graph
  // is laid out): an error message now, or "" and the status bar says when the
  // file is written.
  QString exportHtmlReport(const QString& path);
  // File > Export Trace ("trace") / Export HTML Report ("report"): asks for a path, then writes.
  void exportAs(const QString& what);
  // Writes the Program view's text to `path`, the program's file from then
  // on (its name kept by later edits); an error message or "".
  QString saveProgram(const QString& path);
  // File > Save: to the program's file, or Save As when it has none; File >
  // Save As: to a path asked for (".py" added when it has no suffix). False
  // when nothing was saved (cancelled, or the write failed: the status bar says why).
  bool save();
  bool saveAs();
  // Before the Program view's edits would be dropped: when it is modified,
  // asks to save them first. False when the user cancels (or the save fails).
  bool settleEdits();

  // What the window asks a person, each replaceable: tests answer without a
  // modal dialog (none can be clicked under the offscreen platform), and
  // --screenshot must never wait for one.
  enum class EditsAnswer { Save, Discard, Cancel };
  struct Prompts {
    // A file to save to: the dialog's caption, name filter and proposed path; "" when cancelled.
    std::function<QString(const QString& caption, const QString& filter, const QString& start)> savePath;
    // The program has unsaved edits (the question names it): save them, drop them, or stay.
    std::function<EditsAnswer(const QString& question)> unsavedEdits;
  };
  Prompts& prompts() { return m_prompts; }

  // Hides node groups of the graph ("constants", "index", "movement",
  // "calls"), checking their Graph menu entries
  void setHiddenGroups(const QStringList& groups);

protected:
  void closeEvent(class QCloseEvent* event) override;
  void dragEnterEvent(class QDragEnterEvent* event) override;
  void dropEvent(class QDropEvent* event) override;

private:
  QDockWidget* dock(const QString& title, QWidget* content, Qt::DockWidgetArea area);
  void buildMenus();
  void buildGraphMenu();
  void connectGraph();
  void buildToolBar();
  QWidget* graphArea();
  // `content` in a scroll area: a dock's minimum height no longer its content's
  class QScrollArea* scrolled(QWidget* content);
  QWidget* centralTabs();
  // the middle tabs' view names, in tab order (centralTabs adds them so)
  static const QStringList& centralViews();
  void restoreViewState(const SavedSession& saved);
  // The graphs' captions: the rule of the rewrite shown ("after"/"before" it
  // when comparing), else "after the rewrite" when comparing or the opening note
  void showCaptions();
  // Qt's dialogs: the prompts a person answers.
  Prompts dialogPrompts();
  // "UOpScope — file", with the modified marker's placeholder.
  void showTitle(const QString& file);

  Session m_session;
  GraphView* m_graph;
  GraphView* m_before;
  FindBar* m_find;
  NodeInspector* m_inspector;
  RecentFiles* m_recent = nullptr;
  class ActivityStatus* m_activity = nullptr;
  QAction* m_compare = nullptr;
  class QSplitter* m_split = nullptr; // the graph before the rewrite, then the graph
  QString m_rule; // the rewrite shown: "rule (file:line): pattern"; empty for none
  ProgramPanel* m_program;
  StagesPanel* m_stages;
  RewritesPanel* m_rewrites;
  KernelsPanel* m_kernels;
  CodePanel* m_code;
  OptimizePanel* m_optimize;
  RunPanel* m_run;
  AutobatchPanel* m_autobatch;
  DiffPanel* m_diff;
  WhyNotPanel* m_whyNot;
  KernelStepperPanel* m_stepper;
  StartPage* m_start; // shown until a program is open
  class QTabWidget* m_center = nullptr;
  class QStackedWidget* m_centerStack = nullptr; // the start page, then m_center
  // a restored session's view state, applied once its program has lowered
  std::optional<SavedSession> m_pendingView;
  LatestJob<QString> m_reportJob{this}; // the HTML report being written: its error or ""
  DeviceCombo* m_device = nullptr;
  ScheduleCombo* m_schedule = nullptr;
  std::map<QString, QDockWidget*> m_docks;
  Prompts m_prompts;
};

} // namespace uops::views
