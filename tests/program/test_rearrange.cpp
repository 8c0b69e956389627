// Tensor.rearrange, einops' notation as tinygrad has it: groups split on
// the left (sizes by keyword, one inferred) and merged on the right, "1" a
// size-1 axis, "..." the axes not named. Expected values were printed by
// tinygrad a9069c1 running the same programs; errors are load errors at the call.
#include "tests/support/test_registry.h"
#include "program_test.h"

#include <QtTest>

using namespace programtest;

class TestRearrange : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void matchesTinygrad_data() {
    QTest::addColumn<QString>("call");
    QTest::addColumn<QString>("printed");
    QTest::newRow("merge") << "x.rearrange('a b c -> c (a b)').tolist()" << "[[0, 2, 4, 6, 8, 10], [1, 3, 5, 7, 9, 11]]";
    QTest::newRow("split, 1") << "x.rearrange('a (b1 b2) c -> b2 a 1 b1 c', b1=3).shape" << "(1, 2, 1, 3, 2)";
    QTest::newRow("ellipsis") << "x.rearrange('a ... -> ... a').tolist()"
                              << "[[[0, 6], [1, 7]], [[2, 8], [3, 9]], [[4, 10], [5, 11]]]";
    QTest::newRow("merged ellipsis") << "x.rearrange('a ... -> a (...)').tolist()"
                                     << "[[0, 1, 2, 3, 4, 5], [6, 7, 8, 9, 10, 11]]";
  }
  void matchesTinygrad() {
    QFETCH(QString, call);
    QFETCH(QString, printed);
    uops::program::LoadedProgram p =
        load(program("x = Tensor.arange(12).reshape(2, 3, 2)\nprint(" + call.toStdString() + ")\n"));
    QCOMPARE(qs(p.printed).trimmed(), printed);
  }

  void errorsSayWhy_data() {
    QTest::addColumn<QString>("call");
    QTest::addColumn<QString>("error");
    QTest::newRow("no arrow") << "x.rearrange('a b c')" << "need exactly one \"->\" in formula";
    QTest::newRow("names") << "x.rearrange('a b c -> a b')" << "name mismatch";
    QTest::newRow("unused size") << "x.rearrange('a b c -> c b a', d=2)" << "axis d is not used in transform";
    QTest::newRow("wrong size") << "x.rearrange('a b c -> c b a', b=4)" << "size provided for dimension b incorrect";
    QTest::newRow("two unknown") << "x.rearrange('a (b1 b2) c -> a b1 b2 c')" << "cannot infer the sizes of b1 and b2";
    QTest::newRow("rank") << "x.rearrange('a b -> b a')" << "the input has 3 axes, the left side 2";
  }
  void errorsSayWhy() {
    QFETCH(QString, call);
    QFETCH(QString, error);
    QString got = run(program("x = Tensor.arange(12).reshape(2, 3, 2)\nout = " + call.toStdString() + "\n"));
    QVERIFY2(got.startsWith(QStringLiteral("3:")) && got.contains(error), qPrintable(got));
  }
};

UOPSCOPE_TEST(TestRearrange);
#include "test_rearrange.moc"
