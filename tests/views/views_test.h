// Shared by the uopscope window tests: a window shown on a bundled example at
// a whole-program stage, and settings kept in a folder of the test's own.
#pragma once

#include "app/uopscope/main_window.h"
#include "core/ir/build.h"
#include "tests/support/backend_devices.h"
#include "views/optimize/optimize_panel.h"

#include <QCoreApplication>
#include <QFile>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

namespace viewstest {

// The path of bundled example `name`.
inline QString examplePath(const char* name) {
  return QStringLiteral(UOPSCOPE_EXAMPLES_DIR "/") + QString::fromLatin1(name);
}

// The text of bundled example `name`; empty when it cannot be read.
inline QString exampleText(const char* name) {
  QFile f(examplePath(name));
  if (!f.open(QIODevice::ReadOnly)) return {};
  return QString::fromUtf8(f.readAll());
}

// Shows `w` (resized when `size` is valid), opens bundled example `file` and
// selects whole-program stage `stage`; false when the window never appears.
inline bool showAt(uops::views::MainWindow& w, const char* file, const char* stage, QSize size = {}) {
  if (size.isValid()) w.resize(size);
  w.show();
  if (!QTest::qWaitForWindowExposed(&w)) return false;
  w.openFile(examplePath(file));
  w.session().waitForIdle();
  w.session().selectStage(w.session().findStage(QString::fromLatin1(stage), -1));
  w.session().waitForIdle();
  return true;
}

// A cache row read at a bound position, twice: schedules 2 and 3 differ only
// in start_pos's value, so they are one kernel taking it as an argument.
inline const char* const kCacheRows = "from tinygrad import Tensor, Variable\n"
                                      "cache = Tensor.arange(12).reshape(6, 2).float().contiguous().realize()\n"
                                      "for pos in [2, 3]:\n"
                                      "  v = Variable('start_pos', 0, 5).bind(pos)\n"
                                      "  row = (cache[v:v+1, :] * 2).realize()\n"
                                      "out = row\n";

// A chain of `n` scaled, shifted ReLUs: about 7 nodes each, all distinct.
inline QString chainProgram(int n) {
  return QStringLiteral("from tinygrad import Tensor\n\n"
                        "x = Tensor.ones(8, 8).contiguous()\n"
                        "for i in range(%1):\n"
                        "    x = (x * (1.0 + i * 0.001) + i * 0.5).relu()\n"
                        "out = [x]\n")
      .arg(n);
}

// An index chain r -> a -> b -> c -> d (r a range of 16; a = r + 1, b = a * 3,
// c = b + 5, d = c * 7): small graphs for the graph views' tests.
struct IndexChain {
  uops::UOpPtr r, a, b, c, d;
};
inline IndexChain indexChain() {
  using namespace uops;
  IndexChain g;
  g.r = range(16, 0);
  g.a = alu(Op::Add, {g.r, constIndex(1)});
  g.b = alu(Op::Mul, {g.a, constIndex(3)});
  g.c = alu(Op::Add, {g.b, constIndex(5)});
  g.d = alu(Op::Mul, {g.c, constIndex(7)});
  return g;
}

// A time as the views show it ("37.2 µs", "850 ns", "1.234 ms", "2.500 s",
// views/common/time_text.h) in milliseconds; -1 when the text is no time.
inline double shownMs(const QString& text) {
  const QStringList parts = text.split(QLatin1Char(' '));
  bool number = false;
  const double value = parts.size() == 2 ? parts[0].toDouble(&number) : 0;
  if (!number) return -1;
  if (parts[1] == QStringLiteral("ns")) return value / 1e6;
  if (parts[1] == QStringLiteral("µs")) return value / 1e3;
  if (parts[1] == QStringLiteral("ms")) return value;
  if (parts[1] == QStringLiteral("s")) return value * 1e3;
  return -1;
}

// QSettings of this process go to `dir`, starting empty.
inline void isolateSettings(const QTemporaryDir& dir) {
  QCoreApplication::setOrganizationName(QStringLiteral("UOpScopeTests"));
  QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, dir.path());
  QSettings().clear();
}

// Clicks the Optimize view's BEAM button, cancels the search once two
// candidates are timed and waits: the beamFinished summaries.
inline QStringList beamCancelledAfterTwo(uops::views::MainWindow& w) {
  QSignalSpy finished(&w.session().beam(), &uops::views::BeamJob::finished);
  QObject::connect(&w.session().beam(), &uops::views::BeamJob::progress, &w.session(), [&w](int tried) {
    if (tried >= 2) w.session().beam().cancel();
  });
  QTest::mouseClick(w.optimizer()->beamButton(), Qt::LeftButton);
  w.session().waitForIdle();
  QStringList summaries;
  for (const QList<QVariant>& args : finished) summaries << args.at(0).toString();
  return summaries;
}

} // namespace viewstest
