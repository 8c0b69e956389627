// uopscope [PROGRAM.py | SESSION.uopscope] [--diff OPTS] [--device CPU|CL:n] [--schedule K] [--view NAME] [--stage NAME [--kernel K] [--rewrite N]]
//          [--compare] [--neighbourhood] [--hide GROUPS] [--find TEXT] [--line N] [--steps N] [--run] [--bisect] [--pass NAME] [--vm-steps N] [--screenshot FILE.png [--menu TITLE]]
// Every option is checked before the window opens: a wrong value is an error
// that lists the valid ones. --help and --version need no display.
#include "app/uopscope/main_window.h"
#include "app/uopscope/menu_shot.h"

#include "core/pipeline/kernel_select.h"
#include "backends/devices.h"
#include "core/autobatch/module.h"
#include "views/autobatch/vm_debugger.h"
#include "views/bisect/bisect_runner.h"
#include "views/graph/graph_filter.h"
#include "views/program/program_editor.h"
#include "views/throughput/throughput_panel.h"
#include "core/engine/device_registry.h"
#include "core/program/device_run.h"

#include <QAction>
#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFileInfo>
#include <QGuiApplication>
#include <QHelpEvent>
#include <QPainter>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QSpinBox>

#include <cstdio>
#include <algorithm>
#include <cstring>
#include <optional>
#include <variant>

namespace {

const QStringList kHideGroups = uops::views::graphFilterGroups();

struct Options {
  QCommandLineOption path{QStringLiteral("path"),
                          QStringLiteral("a folder where the program's imports are found after its own folder (repeatable), "
                                         "e.g. a tinygrad checkout"),
                          QStringLiteral("dir")};
  QCommandLineOption device{QStringLiteral("device"),
                            QStringLiteral("the target device: CPU or CL:n, any case (saved for the next start)"),
                            QStringLiteral("name")};
  QCommandLineOption view{QStringLiteral("view"),
                          QStringLiteral("raise a view: graph, autobatch, program, stages, rewrites, kernels, optimize, "
                                         "code, diff, inspector, run, roofline, step, why-not, remarks, memory, throughput"),
                          QStringLiteral("name")};
  QCommandLineOption stage{QStringLiteral("stage"),
                           QStringLiteral("open at a stage: Callify, Rangeify, Optimize, Expand, Instruction "
                                          "Selection, Linearize, Register/Memory Plan, Render"),
                           QStringLiteral("name")};
  QCommandLineOption schedule{QStringLiteral("schedule"),
                              QStringLiteral("lower one realization point's schedule (1-based, as the toolbar lists "
                                             "them) instead of the whole program"),
                              QStringLiteral("k")};
  QCommandLineOption kernel{QStringLiteral("kernel"),
                            QStringLiteral("the kernel for --stage: its schedule index or its name"),
                            QStringLiteral("k")};
  QCommandLineOption rewrite{QStringLiteral("rewrite"), QStringLiteral("with --stage: show its n-th rewrite (from 0), stepped to from the one before it"),
                             QStringLiteral("n")};
  QCommandLineOption compare{QStringLiteral("compare"), QStringLiteral("show the graph before the rewrite beside it")};
  QCommandLineOption neighbourhood{QStringLiteral("neighbourhood"),
                                   QStringLiteral("a rewrite shows the nodes within two edges of its replacement")};
  QCommandLineOption hide{QStringLiteral("hide"),
                          QStringLiteral("hide node groups in the graph, comma-separated: constants, index, movement, "
                                         "calls"),
                          QStringLiteral("groups")};
  QCommandLineOption find{QStringLiteral("find"), QStringLiteral("select the first node matching an op or %number"),
                          QStringLiteral("text")};
  QCommandLineOption line{QStringLiteral("line"),
                          QStringLiteral("put the cursor on this program line (from 1): the graph and the code mark "
                                         "what came from it"),
                          QStringLiteral("n")};
  QCommandLineOption steps{QStringLiteral("steps"),
                           QStringLiteral("with a kernel's stage: run this many of its instructions in the Step view"),
                           QStringLiteral("n")};
  QCommandLineOption lanes{QStringLiteral("lanes"),
                           QStringLiteral("with --steps: how many work-items of a GPU kernel the Step view runs "
                                          "together (default 8, at most 64)"),
                           QStringLiteral("n")};
  QCommandLineOption runIt{QStringLiteral("run"), QStringLiteral("run the program on the target device once loaded")};
  QCommandLineOption bisect{QStringLiteral("bisect"),
                            QStringLiteral("find the first rewrite after which the kernels' outputs differ from the reference "
                                           "evaluator's (Run > Bisect) and show it in Compare mode")};
  QCommandLineOption pass{QStringLiteral("pass"),
                          QStringLiteral("the Autobatch view's control flow graph after a pass: front end, types, "
                                         "allocation, lowering, fusion"),
                          QStringLiteral("name")};
  QCommandLineOption vmSteps{QStringLiteral("vm-steps"),
                             QStringLiteral("run the VM debugger on the program's first @autobatch call for n blocks"),
                             QStringLiteral("n")};
  QCommandLineOption diff{QStringLiteral("diff"),
                          QStringLiteral("with --stage and --kernel: compare the kernel's OptOps with these in the Diff "
                                         "view (e.g. \"Split(0, 4, UPCAST)\"; \"\" for none)"),
                          QStringLiteral("opts")};
  QCommandLineOption opts{QStringLiteral("opts"),
                          QStringLiteral("with --stage and --kernel: lower the kernel with these OptOps "
                                         "(e.g. \"TC(2)\")"),
                          QStringLiteral("opts")};
  QCommandLineOption hover{QStringLiteral("hover"),
                           QStringLiteral("with --find: show the found node's docs, as hovering it does")};
  QCommandLineOption shot{QStringLiteral("screenshot"), QStringLiteral("write a PNG of the window and exit"),
                          QStringLiteral("file")};
  QCommandLineOption loadingShot{QStringLiteral("screenshot-loading"),
                                 QStringLiteral("with --screenshot: take it while the program loads, once it runs "
                                                "realization point n or a later one, then stop the load"),
                                 QStringLiteral("n")};
  QCommandLineOption menu{QStringLiteral("menu"), QStringLiteral("with --screenshot: the window's menu of this title open"),
                          QStringLiteral("title")};

  void declare(QCommandLineParser& parser) const {
    parser.setApplicationDescription(QStringLiteral("UOpScope: explore how a tensor program is lowered"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOption(hover);
    parser.addPositionalArgument(QStringLiteral("program"), QStringLiteral("a tensor program (.py) or a saved session (.uopscope)"));
    parser.addOptions({path, device, view, schedule, stage, kernel, rewrite, compare, neighbourhood, hide, find, line, steps, lanes, runIt, bisect, pass, vmSteps, diff, opts, shot, loadingShot, menu});
  }
};

void setNames() {
  QCoreApplication::setOrganizationName(QStringLiteral("UOpScope"));
  QCoreApplication::setApplicationName(QStringLiteral("uopscope"));
  QCoreApplication::setApplicationVersion(QStringLiteral(UOPSCOPE_VERSION));
}

// --help and --version print text and exit: no window, so no display needed.
bool asksForText(int argc, char** argv) {
  for (int i = 1; i < argc; ++i)
    for (const char* flag : {"-h", "--help", "-?", "--help-all", "-v", "--version"})
      if (std::strcmp(argv[i], flag) == 0) return true;
  return false;
}

int fail(const QString& message) {
  std::fprintf(stderr, "uopscope: %s\n", qPrintable(message));
  return 1;
}

// The window with its shown tooltip, a window of its own, drawn where it shows.
int shootWithToolTip(uops::views::MainWindow& window, const QString& file) {
  QApplication::processEvents();
  QPixmap picture = window.grab();
  for (QWidget* tip : QApplication::topLevelWidgets())
    if (tip->isVisible() && tip->inherits("QTipLabel"))
      QPainter(&picture).drawPixmap(tip->mapToGlobal(QPoint()) - window.mapToGlobal(QPoint()), tip->grab());
  if (!picture.save(file)) return fail(QStringLiteral("cannot write %1").arg(file));
  return 0;
}

// The window while the program loads, once the load reaches realization
// point `n` or a later one; the load is stopped after.
int shootWhileLoading(uops::views::MainWindow& window, int n, const QString& file) {
  int reached = 0;
  QObject::connect(&window.session(), &uops::views::Session::scheduleReached, &window,
                   [&reached](int point) { reached = std::max(reached, point); });
  QElapsedTimer waited;
  waited.start();
  while (reached < n) {
    QApplication::processEvents(QEventLoop::AllEvents, 10);
    if (!window.session().busy() || waited.elapsed() > 120000)
      return fail(QStringLiteral("--screenshot-loading: the load ended before realization point %1").arg(n));
  }
  // the graph of the point shown, laid out, and the status bar naming the one running
  while ((window.session().layouts().pending() || !window.statusBar()->currentMessage().startsWith(QStringLiteral("Running"))) &&
         waited.elapsed() < 120000)
    QApplication::processEvents(QEventLoop::AllEvents, 10);
  bool saved = window.grab().save(file);
  window.session().cancelWork();
  window.session().waitForIdle();
  return saved ? 0 : fail(QStringLiteral("cannot write %1").arg(file));
}

// What the options ask for that can be checked before the window opens; an
// error message, or nothing.
std::optional<QString> checkOptions(const QCommandLineParser& parser, const Options& o) {
  if (parser.isSet(o.hide))
    for (const QString& group : parser.value(o.hide).split(QLatin1Char(',')))
      if (!kHideGroups.contains(group.trimmed()))
        return QStringLiteral("no node group '%1' for --hide (groups: %2)").arg(group, kHideGroups.join(QStringLiteral(", ")));
  if (parser.isSet(o.device)) {
    try {
      const uops::Device& device = uops::openDevice(parser.value(o.device).toStdString());
      if (!device.target())
        return QStringLiteral("%1 cannot be the explorer's target: it shows the code a device compiles (CPU or "
                              "CL:<n>)")
            .arg(QString::fromStdString(device.name()));
    } catch (const uops::DeviceError& e) {
      return QString::fromStdString(e.what());
    }
  }
  if (parser.isSet(o.diff) && !parser.isSet(o.kernel)) return QStringLiteral("--diff goes with --stage and --kernel");
  if (parser.isSet(o.loadingShot) && !parser.isSet(o.shot))
    return QStringLiteral("--screenshot-loading goes with --screenshot");
  if (parser.isSet(o.menu) && !parser.isSet(o.shot)) return QStringLiteral("--menu goes with --screenshot");
  for (const QCommandLineOption* needsStage : {&o.kernel, &o.rewrite})
    if (parser.isSet(*needsStage) && !parser.isSet(o.stage))
      return QStringLiteral("--%1 goes with --stage").arg(needsStage->names().first());
  const QStringList args = parser.positionalArguments();
  if (args.size() > 1) return QStringLiteral("one program at a time (got %1)").arg(args.join(QLatin1Char(' ')));
  if (!args.isEmpty() && !QFileInfo(args.first()).isFile())
    return QStringLiteral("cannot open '%1': no such file").arg(args.first());
  if (parser.isSet(o.pass)) {
    const std::vector<std::string>& names = uops::autobatch::passNames();
    if (std::find(names.begin(), names.end(), parser.value(o.pass).toStdString()) == names.end())
      return QStringLiteral("no pass '%1' (passes: front end, types, allocation, lowering, fusion)").arg(parser.value(o.pass));
  }
  if (parser.isSet(o.steps)) {
    bool number = false;
    if (parser.value(o.steps).toInt(&number) < 0 || !number)
      return QStringLiteral("--steps wants a count, not '%1'").arg(parser.value(o.steps));
    if (!parser.isSet(o.stage)) return QStringLiteral("--steps needs --stage (a kernel's stage)");
  }
  if (parser.isSet(o.lanes)) {
    bool number = false;
    const int lanes = parser.value(o.lanes).toInt(&number);
    if (lanes < 1 || !number)
      return QStringLiteral("--lanes wants a count of at least 1, not '%1'").arg(parser.value(o.lanes));
    // the Step view's box stops there: a bigger count would be cut short without a word
    if (lanes > uops::views::KernelStepperPanel::kMaxLanes)
      return QStringLiteral("--lanes runs at most %1 work-items together, not %2")
          .arg(uops::views::KernelStepperPanel::kMaxLanes)
          .arg(lanes);
    if (!parser.isSet(o.steps)) return QStringLiteral("--lanes needs --steps");
  }
  if (parser.isSet(o.line)) {
    bool number = false;
    if (parser.value(o.line).toInt(&number) < 1 || !number)
      return QStringLiteral("--line wants a line number from 1, not '%1'").arg(parser.value(o.line));
  }
  bool needsProgram = parser.isSet(o.stage) || parser.isSet(o.runIt) || parser.isSet(o.find) || parser.isSet(o.line) ||
                      parser.isSet(o.schedule) || parser.isSet(o.vmSteps) || parser.isSet(o.pass);
  if (needsProgram && args.isEmpty())
    return QStringLiteral("--schedule, --stage, --run, --find, --line, --pass and --vm-steps need a program");
  return std::nullopt;
}

// --opts in place of the OptOps of the kernel --kernel names; a syntax error, or "".
QString applyStartupOpts(uops::views::Session& session, const QCommandLineParser& parser, const Options& o) {
  if (!parser.isSet(o.kernel)) return QStringLiteral("--opts goes with --stage and --kernel");
  if (!session.run()) return QStringLiteral("the program did not lower");
  try {
    const size_t k = uops::selectKernels(*session.run(), parser.value(o.kernel).toStdString()).front();
    session.setOpts(k, uops::parseOpts(parser.value(o.opts).toStdString()));
  } catch (const std::exception& e) {
    return QStringLiteral("--opts: ") + QString::fromStdString(e.what());
  }
  return {};
}

// The stage record --stage and --kernel name, or an error listing what there is.
std::variant<int, QString> chosenStage(uops::views::Session& session, const QCommandLineParser& parser,
                                       const Options& o) {
  int k = -1;
  const uops::PipelineRun* run = session.run();
  if (parser.isSet(o.kernel)) {
    if (!run) return QStringLiteral("the program did not lower");
    try {
      std::vector<size_t> which = uops::selectKernels(*run, parser.value(o.kernel).toStdString());
      k = static_cast<int>(which.front());
    } catch (const uops::KernelSelectError& e) {
      return QString::fromStdString(e.what());
    }
  }
  int record = session.findStage(parser.value(o.stage), k);
  if (record >= 0) return record;
  QStringList programStages, kernelStages;
  for (int i = 0; i < session.stageCount(); ++i) {
    const uops::StageRecord& r = session.stageRecord(i);
    QStringList& list = r.kernel.empty() ? programStages : kernelStages;
    if (!list.contains(QString::fromStdString(r.stage))) list << QString::fromStdString(r.stage);
  }
  if (k < 0 && kernelStages.contains(parser.value(o.stage), Qt::CaseInsensitive))
    return QStringLiteral("stage '%1' runs per kernel: name one with --kernel").arg(parser.value(o.stage));
  return QStringLiteral("no stage '%1'%2; stages: %3")
      .arg(parser.value(o.stage), k < 0 ? QString() : QStringLiteral(" for kernel %1").arg(k),
           (programStages + kernelStages).join(QStringLiteral(", ")));
}

} // namespace

int main(int argc, char** argv) {
  Options o;
  if (asksForText(argc, argv)) {
    QCoreApplication core(argc, argv);
    setNames();
    QCommandLineParser parser;
    o.declare(parser);
    parser.process(core); // prints and exits
    return 0;
  }
  QApplication app(argc, argv);
  setNames();
  QGuiApplication::setDesktopFileName(QStringLiteral("uopscope")); // resources/uopscope.desktop
  uops::registerBackendDevices();
  uops::autobatch::installAutobatchModule();
  QCommandLineParser parser;
  o.declare(parser);
  parser.process(app);
  if (std::optional<QString> error = checkOptions(parser, o)) return fail(*error);

  uops::views::MainWindow window;
  // the screen's room (a virtual display's whole screen for a screenshot)
  const QSize room = QGuiApplication::primaryScreen() ? QGuiApplication::primaryScreen()->availableGeometry().size()
                                                      : QSize(1600, 1000);
  window.resize(room);
  // the default layout at first, and for a picture whatever the settings kept
  if (parser.isSet(o.shot) || !QSettings().contains(QStringLiteral("window/state"))) window.fitDocks(room);
  // a picture taken unattended: nothing may wait for an answer
  if (parser.isSet(o.shot)) {
    window.prompts().unsavedEdits = [](const QString&) { return uops::views::MainWindow::EditsAnswer::Discard; };
    window.prompts().savePath = [](const QString&, const QString&, const QString&) { return QString(); };
  }
  if (parser.isSet(o.view) && !window.viewNames().contains(parser.value(o.view).toLower()))
    return fail(QStringLiteral("no view '%1' (views: %2)")
                    .arg(parser.value(o.view), window.viewNames().join(QStringLiteral(", "))));
  window.show();
  if (parser.isSet(o.hide)) {
    QStringList groups;
    for (const QString& g : parser.value(o.hide).split(QLatin1Char(','))) groups << g.trimmed();
    window.setHiddenGroups(groups);
  }
  window.setCompare(parser.isSet(o.compare));
  if (parser.isSet(o.neighbourhood)) // Graph > Rewrite neighbourhood only, checked
    if (auto* near = window.findChild<QAction*>(QStringLiteral("rewriteNeighbourhood"))) near->trigger();
  if (parser.isSet(o.device)) {
    QString device =
        QString::fromStdString(uops::canonicalDeviceName(parser.value(o.device).toStdString()));
    if (!window.session().setDevice(device))
      return fail(QStringLiteral("this machine has no device %1 (uopc devices lists them)").arg(device));
  }
  window.session().setModulePath(parser.values(o.path));
  const QStringList args = parser.positionalArguments();
  if (!args.isEmpty() && args.first().endsWith(QStringLiteral(".uopscope"))) {
    if (QString error = window.openSession(args.first()); !error.isEmpty()) return fail(error);
  } else if (!args.isEmpty()) {
    window.openFile(args.first());
  }
  if (parser.isSet(o.view)) window.showView(parser.value(o.view));
  if (parser.isSet(o.loadingShot)) return shootWhileLoading(window, parser.value(o.loadingShot).toInt(), parser.value(o.shot));
  if (parser.isSet(o.schedule)) {
    window.session().waitForIdle();
    int k = parser.value(o.schedule).toInt();
    if (k < 0 || k > window.session().lowered().schedules.size())
      return fail(QStringLiteral("no schedule %1: the program has %2").arg(parser.value(o.schedule))
                      .arg(window.session().lowered().schedules.size()));
    window.session().setSchedule(k);
  }
  if (!parser.isSet(o.shot) && !parser.isSet(o.stage) && !parser.isSet(o.runIt) && !parser.isSet(o.find) && !parser.isSet(o.line) &&
      !parser.isSet(o.pass) && !parser.isSet(o.vmSteps) && !parser.isSet(o.bisect))
    return QApplication::exec();

  // wait for the program to lower, then go where asked
  window.session().waitForIdle();
  if (parser.isSet(o.opts)) {
    if (QString error = applyStartupOpts(window.session(), parser, o); !error.isEmpty()) return fail(error);
    window.session().waitForIdle();
  }
  if (parser.isSet(o.stage)) {
    std::variant<int, QString> record = chosenStage(window.session(), parser, o);
    if (const QString* error = std::get_if<QString>(&record)) return fail(*error);
    window.session().selectStage(std::get<int>(record));
    window.session().waitForIdle();
    if (parser.isSet(o.rewrite)) {
      // stepped to from the rewrite before it, as a user steps: kept boxes, new nodes marked
      const int n = parser.value(o.rewrite).toInt();
      if (n > 0 && window.rewrites()->choose(n - 1)) window.session().waitForIdle();
      if (!window.rewrites()->choose(n))
        return fail(QStringLiteral("the stage has no rewrite %1").arg(parser.value(o.rewrite)));
      window.session().waitForIdle();
    }
  }
  if (parser.isSet(o.bisect)) {
    auto* bisecter = window.findChild<uops::views::BisectRunner*>();
    QEventLoop done;
    QObject::connect(bisecter, &uops::views::BisectRunner::finished, &done, &QEventLoop::quit);
    bisecter->start();
    done.exec();
    window.session().waitForIdle();
  }
  if (parser.isSet(o.diff)) {
    const uops::LoweredKernel* k = window.session().selectedKernel();
    if (!k) return fail(QStringLiteral("--diff: the stage chosen is not a kernel's"));
    size_t index = static_cast<size_t>(k - window.session().run()->kernels.data());
    window.diff()->compare(static_cast<int>(index), QString::fromStdString(uops::formatOpts(k->opts)),
                           parser.value(o.diff));
    window.diff()->waitForResult();
  }
  if (parser.isSet(o.find)) {
    window.findBar()->activate();
    window.findBar()->setText(parser.value(o.find));
    window.findBar()->findFrom(-1);
  }
  if (parser.isSet(o.steps)) {
    if (!window.stepper()->stepper()) return fail(QStringLiteral("--steps: the stage chosen is not a kernel's"));
    if (parser.isSet(o.lanes)) window.stepper()->lanes()->setValue(parser.value(o.lanes).toInt());
    for (int i = 0; i < parser.value(o.steps).toInt(); ++i) window.stepper()->step();
  }
  if (parser.isSet(o.line)) {
    uops::views::ProgramEditor* editor = window.program()->editor();
    const int line = parser.value(o.line).toInt();
    if (line > editor->lineCount())
      return fail(QStringLiteral("--line %1: the program has %2 lines").arg(parser.value(o.line)).arg(editor->lineCount()));
    editor->setCursorLine(line);
  }
  if (parser.isSet(o.pass) || parser.isSet(o.vmSteps)) {
    uops::views::AutobatchPanel* panel = window.autobatch();
    if (panel->callCount() == 0) return fail(QStringLiteral("--pass and --vm-steps: the program makes no @autobatch call"));
    const std::vector<std::string>& names = uops::autobatch::passNames();
    if (parser.isSet(o.pass))
      panel->choosePass(static_cast<int>(std::find(names.begin(), names.end(), parser.value(o.pass).toStdString()) -
                                         names.begin()));
    panel->debugger()->waitForReady();
    for (int i = 0; i < parser.value(o.vmSteps).toInt(); ++i) panel->debugger()->step();
  }
  if (parser.isSet(o.runIt)) {
    window.session().runOn(window.session().device(), 5);
    window.session().waitForIdle();
    window.runPanel()->waitForPeaks(); // the Roofline tab's, measured once per device
  }
  if (parser.isSet(o.hover)) { // the found node's docs, as hovering it shows them
    uops::views::GraphView* g = window.graph();
    if (g->selected() < 0) return fail(QStringLiteral("--hover: no node found to hover (--find names one)"));
    const QPoint at = g->mapFromScene(g->layout().nodes[static_cast<size_t>(g->selected())].box.center());
    QHelpEvent hover(QEvent::ToolTip, at, g->viewport()->mapToGlobal(at));
    QApplication::sendEvent(g->viewport(), &hover);
    if (parser.isSet(o.shot)) return shootWithToolTip(window, parser.value(o.shot));
  }

  if (!parser.isSet(o.shot)) return QApplication::exec();
  window.findChild<uops::views::ThroughputPanel*>()->waitForAnalysis(); // modelled on a worker
  QApplication::processEvents();
  QPixmap picture = parser.isSet(o.menu) ? uops::views::grabWithMenu(window, parser.value(o.menu)) : window.grab();
  if (picture.isNull()) return fail(QStringLiteral("--menu: the window has no menu %1").arg(parser.value(o.menu)));
  if (!picture.save(parser.value(o.shot))) return fail(QStringLiteral("cannot write %1").arg(parser.value(o.shot)));
  return 0;
}
