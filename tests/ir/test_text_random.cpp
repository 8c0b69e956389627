// Printing then parsing gives back the same interned graph, for hundreds of
// seeded random graphs mixing every op and Arg alternative, valid or not.
#include "tests/support/test_registry.h"
#include "tests/ir/ir_test.h"
#include "tests/ir/random_graph.h"

#include "core/ir/text.h"
#include "core/ir/verify.h"

#include <QTest>

using namespace uops;
using irtest::qs;

class TestTextRandom : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void roundTrip_data();
  void roundTrip();
  void generatorCoversEveryArgKind();
};

void TestTextRandom::roundTrip_data() {
  QTest::addColumn<quint64>("seed");
  for (quint64 seed = 1; seed <= 300; ++seed)
    QTest::newRow(qPrintable(QStringLiteral("seed %1").arg(seed))) << seed;
}

void TestTextRandom::roundTrip() {
  QFETCH(quint64, seed);
  UOpPtr root = irtest::RandomGraph(seed).make(40);
  std::string text = printGraph(root);
  UOpPtr parsed;
  try {
    parsed = parseGraph(text);
  } catch (const ParseError& e) {
    QFAIL(qPrintable(QStringLiteral("%1\n%2").arg(QString::fromUtf8(e.what()), qs(text))));
  }
  if (parsed.get() != root.get())
    QFAIL(qPrintable(QStringLiteral("parsed to another graph:\n%1\nreprinted:\n%2")
                         .arg(qs(text), qs(printGraph(parsed)))));
  // The derived comment is only a comment.
  QCOMPARE(parseGraph(printGraph(root, {.showDerived = true})).get(), root.get());
  // The verifier copes with whatever the generator made.
  (void)verify(root);
}

// The generator is only worth its rows if it makes every kind of arg and both
// valid and invalid shapes.
void TestTextRandom::generatorCoversEveryArgKind() {
  std::vector<bool> kinds(std::variant_size_v<Arg>, false);
  bool validShape = false, invalidShape = false, tagged = false;
  for (quint64 seed = 1; seed <= 300; ++seed) {
    UOpPtr root = irtest::RandomGraph(seed).make(40);
    for (const UOp* u : toposort(*root)) {
      kinds[u->arg().index()] = true;
      validShape |= u->shapeValid() && !u->shape().empty();
      invalidShape |= !u->shapeValid();
      tagged |= u->tag().has_value();
    }
  }
  for (size_t k = 0; k < kinds.size(); ++k)
    QVERIFY2(kinds[k], qPrintable(QStringLiteral("arg kind %1 never made").arg(k)));
  QVERIFY(validShape);
  QVERIFY(invalidShape);
  QVERIFY(tagged);
}

UOPSCOPE_TEST(TestTextRandom);
#include "test_text_random.moc"
