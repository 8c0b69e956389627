// The language users write models in, run by the interpreter: each program's
// printed text equals what CPython prints for it (language_cases.h).
#include "language_cases.h"

#include "core/frontend/interpreter.h"
#include "core/frontend/load_error.h"

#include <QtTest>

using namespace uops::frontend;

namespace {

QString run(const char* source) {
  Interpreter interpreter;
  std::string out;
  interpreter.setPrintSink([&](std::string_view text) { out += text; });
  try {
    interpreter.load("t.py", source);
  } catch (const LoadError& e) {
    out += std::string("error: ") + e.what();
  }
  return QString::fromStdString(out);
}

} // namespace

class TestLanguage : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void programs_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("expected");
    for (const languagecases::Case& c : languagecases::kCases)
      QTest::newRow(c.name) << QString::fromUtf8(c.source) << QString::fromUtf8(c.expected);
  }
  void programs() {
    QFETCH(QString, source);
    QFETCH(QString, expected);
    QCOMPARE(run(source.toUtf8().constData()), expected);
  }
};

QTEST_APPLESS_MAIN(TestLanguage)
#include "test_language.moc"
