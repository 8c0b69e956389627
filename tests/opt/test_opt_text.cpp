// The text form of OptOps lists: formatting, parsing back, and parse errors
// that say where and why.
#include "tests/support/test_registry.h"
#include "core/opt/opt.h"

#include <QTest>

using namespace uops;

class TestOptText : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void roundTrip() {
    std::vector<Opt> opts = {
        {OptOpKind::Split, 0, 4, AxisType::Upcast, false, 0},
        {OptOpKind::Split, 1, 2, AxisType::GroupReduce, true, 0},
        {OptOpKind::Padto, 2, 32, AxisType::Upcast, false, 0},
        {OptOpKind::Swap, 0, 0, AxisType::Upcast, false, 1},
        {OptOpKind::Nolocals, 0, 0, AxisType::Upcast, false, 0},
        {OptOpKind::TC, 3, 0, AxisType::Upcast, false, 0},
    };
    std::string text = formatOpts(opts);
    QCOMPARE(QString::fromStdString(text),
             QStringLiteral("Split(0, 4, UPCAST); Split(1, 2, GROUP_REDUCE, top); Padto(2, 32); Swap(0, 1); "
                            "Nolocals; TC(3)"));
    QVERIFY(parseOpts(text) == opts);
    QVERIFY(parseOpts("  Split(0,4,UPCAST)   Padto(2,32);;Nolocals ") ==
            (std::vector<Opt>{opts[0], opts[2], opts[4]}));
    QVERIFY(parseOpts("").empty());
  }

  void errors_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown op") << QStringLiteral("Spilt(0, 4, UPCAST)")
                                << QStringLiteral("OptOps at column 1: unknown OptOp 'Spilt' (Split, Padto, "
                                                  "Swap, Nolocals, TC) (in \"Spilt(0, 4, UPCAST)\")");
    QTest::newRow("unknown axis type") << QStringLiteral("Split(0, 4, VECTOR)")
                                       << QStringLiteral("OptOps at column 13: unknown AxisType 'VECTOR' (in "
                                                         "\"Split(0, 4, VECTOR)\")");
    QTest::newRow("not a number") << QStringLiteral("Padto(0, x)")
                                  << QStringLiteral("OptOps at column 10: 'x' is not an integer (in \"Padto(0, x)\")");
    QTest::newRow("missing paren") << QStringLiteral("Swap(0, 1")
                                   << QStringLiteral("OptOps at column 10: expected ')' (in \"Swap(0, 1\")");
  }

  void errors() {
    QFETCH(QString, text);
    QFETCH(QString, message);
    try {
      parseOpts(text.toStdString());
      QFAIL("no error");
    } catch (const OptParseError& e) {
      QCOMPARE(QString::fromStdString(e.what()), message);
    }
  }
};

UOPSCOPE_TEST(TestOptText);
#include "test_opt_text.moc"
