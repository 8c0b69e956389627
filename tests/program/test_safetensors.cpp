// nn.state.safe_save / safe_load: safetensors files next to the program.
#include "tests/support/test_registry.h"
#include "program_test.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cstring>
#include <fstream>

using namespace programtest;

namespace {

// run() with the program at <dir>/prog.py.
QString runIn(const QTemporaryDir& dir, const std::string& body) {
  return run(program(body), (dir.path() + QStringLiteral("/prog.py")).toStdString());
}

} // namespace

class TestSafetensors : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void roundTrip() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QCOMPARE(runIn(dir, R"(
from tinygrad.nn.state import safe_save
safe_save({'w': Tensor([[1.5, -2.0], [0.25, 4.0]]), 'n': Tensor([7, 8, 9], dtype=dtypes.int64),
           'h': Tensor([0.5], dtype=dtypes.float16)}, 'model.safetensors', {'note': 'x'})
out = Tensor([1])
)"),
             QStringLiteral("int32 (1,) [1]"));
    QCOMPARE(runIn(dir, R"(
from tinygrad.nn.state import safe_load
sd = safe_load('model.safetensors')
out = [sd['w'], sd['n'], sd['h'], Tensor([list(sd.keys()) == ['w', 'n', 'h']])]
)"),
             QStringLiteral("float32 (2, 2) [1.5, -2.0, 0.25, 4.0] | int64 (3,) [7, 8, 9] | "
                            "float16 (1,) [0.5] | bool (1,) [True]"));
  }

  void readsTheFormatAsWritten() {
    // A file made by hand: 8-byte little-endian header size, JSON, data.
    QTemporaryDir dir;
    std::string header = R"({"b":{"dtype":"I32","shape":[2],"data_offsets":[0,8]}})";
    header.append((8 - header.size() % 8) % 8, ' ');
    uint64_t n = header.size();
    std::ofstream f((dir.path() + QStringLiteral("/hand.safetensors")).toStdString(),
                    std::ios::binary);
    f.write(reinterpret_cast<const char*>(&n), 8);
    f << header;
    int32_t data[2] = {-3, 12};
    f.write(reinterpret_cast<const char*>(data), 8);
    f.close();
    QCOMPARE(runIn(dir, "from tinygrad import nn\nout = nn.state.safe_load('hand.safetensors')['b']\n"),
             QStringLiteral("int32 (2,) [-3, 12]"));
  }

  void onlyFilesNextToTheProgram() {
    QTemporaryDir dir;
    QString got = runIn(dir, "from tinygrad.nn.state import safe_load\nsafe_load('../x.safetensors')\n");
    QVERIFY2(got.contains(QStringLiteral("next to itself only")), qPrintable(got));
    got = runIn(dir, "from tinygrad.nn.state import safe_load\nsafe_load('prog.py')\n");
    QVERIFY2(got.contains(QStringLiteral("not a file name ending in .safetensors")), qPrintable(got));
    got = runIn(dir, "from tinygrad.nn.state import safe_load\nsafe_load('missing.safetensors')\n");
    QVERIFY2(got.contains(QStringLiteral("cannot read 'missing.safetensors'")), qPrintable(got));
  }
};

UOPSCOPE_TEST(TestSafetensors);
#include "test_safetensors.moc"
