// tinygrad.helpers and Device as model files import them: getenv reads the
// environment the way tinygrad does, the small helpers give tinygrad's
// results, and Device.DEFAULT names the device the program loads on.
#include "tests/support/test_registry.h"
#include "helper_programs.h"
#include "program_test.h"

#include "core/program/device_object.h"

#include <QtTest>

using namespace programtest;

namespace {

// The program's printed text, or its load error as "line:col: message"
// ("file:line:col: message" when the error is in a library module).
QString printedBy(const std::string& source, const std::string& device = "") {
  try {
    return qs(uops::program::loadProgram("test.py", source, uops::program::LoadOptions::on(device))
                  .printed);
  } catch (const uops::frontend::LoadError& e) {
    std::string file = e.file() == "test.py" ? "" : e.file() + ":";
    return qs(fmt::format("{}{}:{}: {}", file, e.line(), e.col(), e.message()));
  }
}

} // namespace

class TestHelpers : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void init() {
    qputenv("UOPSCOPE_TEST_BS", "8");
    qputenv("UOPSCOPE_TEST_LR", "0.25");
    qunsetenv("UOPSCOPE_TEST_NAME");
    qunsetenv("UOPSCOPE_TEST_UNSET");
    qunsetenv("DEBUG");
  }
  void cleanup() {
    qunsetenv("UOPSCOPE_TEST_BS");
    qunsetenv("UOPSCOPE_TEST_LR");
  }

  void modelCodeRunsUnchanged() {
    QCOMPARE(printedBy(helperprograms::kHelpers),
             QString::fromUtf8(helperprograms::kHelpersPrinted));
  }

  void modelWithPythonStatementsRuns() {
    QCOMPARE(printedBy(helperprograms::kModel), QString::fromUtf8(helperprograms::kModelPrinted));
    // Uncaught, the model's raise is the load error, at the raise.
    std::string unchecked = helperprograms::kModel;
    unchecked = unchecked.substr(0, unchecked.find("try:")) + "model(Tensor.ones(20, 20))\n";
    QCOMPARE(printedBy(unchecked), QStringLiteral("29:7: ValueError: too big: 400"));
  }

  void getenvConvertsToTheDefaultsType() {
    // An int default reads the text with int(), as tinygrad's getenv does;
    // text that is no int fails in getenv, as under tinygrad.
    qputenv("UOPSCOPE_TEST_NAME", "big");
    QCOMPARE(
        printedBy(
            "from tinygrad.helpers import getenv\n"
            "print(getenv('UOPSCOPE_TEST_NAME', 'x'), getenv('UOPSCOPE_TEST_BS', '1') + '!')\n"),
        QStringLiteral("big 8!\n"));
    QCOMPARE(
        printedBy("from tinygrad.helpers import getenv\n"
                  "n = getenv('UOPSCOPE_TEST_NAME', 3)\n"),
        QStringLiteral("tinygrad/helpers.py:14:23: invalid literal for int() with base 10: 'big'"));
  }

  void debugComesFromTheEnvironment() {
    qputenv("DEBUG", "2");
    QCOMPARE(printedBy("from tinygrad.helpers import DEBUG\n"
                       "if DEBUG >= 2: print('debug', DEBUG.value, DEBUG > 2, DEBUG == 2)\n"),
             QStringLiteral("debug 2 False True\n"));
  }

  void deviceDefaultIsTheLoadDevice() {
    // REF is tinygrad's CPU; a device's index is not part of the name.
    const char* source = "from tinygrad import Device\nfrom tinygrad.device import Device as D\n"
                         "print(Device.DEFAULT, D is Device)\n";
    QCOMPARE(printedBy(source), QStringLiteral("CPU True\n"));
    QCOMPARE(printedBy(source, "INTERP"), QStringLiteral("INTERP True\n"));
    QCOMPARE(uops::program::defaultDeviceName("CL:1"), std::string("CL"));
  }

  void missingNamesStayLoadErrors() {
    QCOMPARE(printedBy("from tinygrad.helpers import prod, Timing\n"),
             QStringLiteral("1:36: cannot import name 'Timing' from 'tinygrad.helpers'"));
  }
};

UOPSCOPE_TEST(TestHelpers);
#include "test_helpers.moc"
