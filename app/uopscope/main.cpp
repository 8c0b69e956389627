// uopscope PROGRAM.py [--device CPU|CL:n] [--view NAME] [--stage NAME] [--kernel K] [--compare] [--rewrite N]
//                     [--hide GROUPS] [--find TEXT] [--run] [--screenshot FILE.png]
#include "app/uopscope/main_window.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QScreen>

#include <cstdio>

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("UOpScope"));
  QApplication::setApplicationName(QStringLiteral("uopscope"));
  QCommandLineParser parser;
  parser.setApplicationDescription(QStringLiteral("UOpScope: explore how a tensor program is lowered"));
  parser.addHelpOption();
  parser.addPositionalArgument(QStringLiteral("program"), QStringLiteral("a tensor program (.py)"));
  QCommandLineOption view(QStringLiteral("view"), QStringLiteral("raise a view: program, stages, kernels, code, run"),
                          QStringLiteral("name"));
  QCommandLineOption stage(QStringLiteral("stage"), QStringLiteral("open at a stage"), QStringLiteral("name"));
  QCommandLineOption kernel(QStringLiteral("kernel"), QStringLiteral("the kernel for --stage"), QStringLiteral("k"));
  QCommandLineOption shot(QStringLiteral("screenshot"), QStringLiteral("write a PNG of the window and exit"),
                          QStringLiteral("file"));
  QCommandLineOption device(QStringLiteral("device"),
                            QStringLiteral("the target device: CPU or CL:n (saved for the next start)"),
                            QStringLiteral("name"));
  QCommandLineOption runIt(QStringLiteral("run"), QStringLiteral("run the program on the target device once loaded"));
  QCommandLineOption rewrite(QStringLiteral("rewrite"), QStringLiteral("show the stage's n-th rewrite (from 0)"),
                             QStringLiteral("n"));
  QCommandLineOption compare(QStringLiteral("compare"), QStringLiteral("show the graph before the rewrite beside it"));
  QCommandLineOption hide(QStringLiteral("hide"),
                          QStringLiteral("hide node groups in the graph: constants,index,movement,calls"),
                          QStringLiteral("groups"));
  QCommandLineOption find(QStringLiteral("find"), QStringLiteral("select the first node matching an op or %number"),
                          QStringLiteral("text"));
  parser.addOptions({device, view, stage, kernel, shot, runIt, rewrite, compare, hide, find});
  parser.process(app);

  uops::views::MainWindow window;
  window.resize(1600, 1000);
  window.show();
  if (parser.isSet(hide)) {
    uops::views::LayoutOptions options;
    const QStringList groups = parser.value(hide).split(QLatin1Char(','));
    options.filter.constants = groups.contains(QStringLiteral("constants"));
    options.filter.indexMath = groups.contains(QStringLiteral("index"));
    options.filter.movement = groups.contains(QStringLiteral("movement"));
    options.filter.collapseCalls = groups.contains(QStringLiteral("calls"));
    window.session().setLayoutOptions(options);
  }
  window.setCompare(parser.isSet(compare));
  if (parser.isSet(device) && !window.session().setDevice(parser.value(device).toUpper())) {
    std::fprintf(stderr, "uopscope: no device '%s' (uopc devices lists them)\n", qPrintable(parser.value(device)));
    return 1;
  }
  const QStringList args = parser.positionalArguments();
  if (!args.isEmpty()) window.openFile(args.first());
  if (parser.isSet(view) && !window.showView(parser.value(view))) {
    std::fprintf(stderr, "uopscope: no view '%s'\n", qPrintable(parser.value(view)));
    return 1;
  }
  if (!parser.isSet(shot) && !parser.isSet(stage) && !parser.isSet(runIt) && !parser.isSet(find))
    return QApplication::exec();

  // wait for the program to lower, then go where asked
  window.session().waitForIdle();
  if (parser.isSet(stage)) {
    int k = parser.isSet(kernel) ? parser.value(kernel).toInt() : -1;
    int record = window.session().findStage(parser.value(stage), k);
    if (record < 0) {
      std::fprintf(stderr, "uopscope: no stage '%s' for kernel %d\n", qPrintable(parser.value(stage)), k);
      return 1;
    }
    window.session().selectStage(record);
    window.session().waitForIdle();
    if (parser.isSet(rewrite)) {
      if (!window.rewrites()->choose(parser.value(rewrite).toInt())) {
        std::fprintf(stderr, "uopscope: the stage has no rewrite %s\n", qPrintable(parser.value(rewrite)));
        return 1;
      }
      window.session().waitForIdle();
    }
  }
  if (parser.isSet(find)) {
    window.findBar()->activate();
    window.findBar()->setText(parser.value(find));
    window.findBar()->findFrom(-1);
  }
  if (parser.isSet(runIt)) {
    window.session().runOn(window.session().device(), 5);
    window.session().waitForIdle();
  }
  if (!parser.isSet(shot)) return QApplication::exec();
  QApplication::processEvents();
  if (!window.grab().save(parser.value(shot))) {
    std::fprintf(stderr, "uopscope: cannot write %s\n", qPrintable(parser.value(shot)));
    return 1;
  }
  return 0;
}
