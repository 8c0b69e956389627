// `uopc run` on a program that binds a symbolic variable: the readable output
// names the variable, its range and the values it was bound to, in how many
// realizations the kernels take it as an argument, which expressions over it
// size tensors symbolically and which were folded into sizes; --json lists the variables as "variables".
#include "tests/support/test_registry.h"
#include "tests/support/uopc_process.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

class TestVariablesCommand : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void boundVariableIsReported() {
    const QString program = QStringLiteral(UOPSCOPE_SOURCE_DIR "/resources/examples/kv_cache_decoder.py");
    uops::testsupport::UopcRun plain = uops::testsupport::runUopcProcess(
        {QStringLiteral("run"), program, QStringLiteral("--device"), QStringLiteral("CPU")});
    QCOMPARE(plain.code, 0);
    QVERIFY2(plain.out.startsWith(QStringLiteral("step 0: pos 3 token 13\n")), qPrintable(plain.out));
    // the cache writes, position embeddings and the attention over the keys up to start_pos+1 of
    // the decode steps keep start_pos (compiled once); the prefill's views and mask fold it
    QVERIFY2(plain.out.contains(QStringLiteral(
                 "\nvariable start_pos in [0, 11] bound to 0, 3, 4, 5, 6: kernels take it as an argument in 12 of "
                 "30 realizations, compiled once for its range\n"
                 "variable start_pos: sizes tensors symbolically ((start_pos+1)): kernels over those take it as an "
                 "argument and compile once\n"
                 "variable start_pos: its value is folded where it sizes a tensor (start_pos, (start_pos+3), "
                 "(start_pos+1)): kernels over those lower and compile per value\n")),
             qPrintable(plain.out));

    uops::testsupport::UopcRun json = uops::testsupport::runUopcProcess(
        {QStringLiteral("run"), QStringLiteral("--json"), program, QStringLiteral("--device"), QStringLiteral("CPU")});
    QCOMPARE(json.code, 0);
    const QString last = json.out.trimmed().split(QLatin1Char('\n')).last();
    QJsonArray variables = QJsonDocument::fromJson(last.toUtf8()).object().value(QStringLiteral("variables")).toArray();
    QCOMPARE(variables.size(), 1);
    QJsonObject v = variables[0].toObject();
    QCOMPARE(v.value(QStringLiteral("name")).toString(), QStringLiteral("start_pos"));
    QCOMPARE(v.value(QStringLiteral("min")).toInt(), 0);
    QCOMPARE(v.value(QStringLiteral("max")).toInt(), 11);
    QCOMPARE(v.value(QStringLiteral("values")).toArray(), QJsonArray({0, 3, 4, 5, 6}));
  }
};

UOPSCOPE_TEST(TestVariablesCommand);
#include "test_variables_command.moc"
