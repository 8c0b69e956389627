// The multi-device schedule on two CUDA cards of the fake driver
// (fake_cuda_driver.h), with kernels that compute (fake_cuda_kernels.h): a
// program's virtual devices CPU:k run on CUDA:k, each card with its own
// context; a copy between two cards goes through the host (cuMemcpyDtoH on
// the source card's context, then cuMemcpyHtoD on the destination's, from
// the destination's queue); sharded programs of the public multi-device
// corpus give REF's numbers; a program asking for more cards than there are,
// and a card out of memory, are errors naming the card.
//
// The fake kind replaces the CUDA kind of the registry for this class and
// is put back after it; the fake cards opened stay open (the registry keeps
// devices for the process), so run this class in a process of its own, as
// CTest does.
#include "tests/support/test_registry.h"
#include "tests/support/backend_devices.h"
#include "tests/cuda/fake_cuda_kernels.h"
#include "backends/cuda/cuda_error.h"
#include "core/engine/device_registry.h"
#include "core/engine/program_run.h"
#include "core/program/scheduled_run.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QtTest>

#include <fmt/format.h>

#include <cmath>
#include <set>

using namespace cudatest;

namespace {

QString multiQs(const std::string& s) {
  return QString::fromStdString(s);
}

// The CUDA kind on the fake driver, its cards computing.
uops::DeviceKind fakeCudaKind() {
  static const uops::CudaDriverLoad load{fakeCudaDriver(), "", 13000};
  uops::DeviceKind kind = uops::cudaDeviceKind([]() -> const uops::CudaDriverLoad& { return load; });
  kind.open = [](const std::string& name) -> std::unique_ptr<uops::Device> {
    return executingCudaDevice(std::stoi(name.substr(name.find(':') + 1)));
  };
  return kind;
}

std::vector<uops::UOpPtr> multiRoots(const std::string& text, const std::string& file = "program.py") {
  uops::program::LoadedProgram p = uops::program::loadProgram(file, text);
  return uops::program::rootsOf(p.outputTensors());
}

// "" when `got` has `want`'s values (float32 rounding allowed), else the first difference
std::string differsFrom(const std::vector<uops::HostTensor>& got, const std::vector<uops::HostTensor>& want) {
  if (got.size() != want.size()) return fmt::format("{} outputs, REF has {}", got.size(), want.size());
  for (size_t o = 0; o < got.size(); ++o) {
    if (got[o].numel() != want[o].numel())
      return fmt::format("output {}: {} elements, REF has {}", o, got[o].numel(), want[o].numel());
    for (int64_t i = 0; i < got[o].numel(); ++i) {
      const double g = got[o].getDouble(i), w = want[o].getDouble(i);
      if (std::isnan(g) && std::isnan(w)) continue;
      if (!(std::abs(g - w) <= 1e-4 * std::max(1.0, std::abs(w))))
        return fmt::format("output {} element {}: {} on CUDA, {} on REF", o, i, g, w);
    }
  }
  return {};
}

QString multiCorpusDir() {
  return QStringLiteral(UOPSCOPE_SOURCE_DIR "/../shared/conformance/multi");
}

// The highest k of the "CPU:k" a program names.
int highestVirtualDevice(const QString& text) {
  int highest = 0;
  QRegularExpressionMatchIterator it = QRegularExpression(QStringLiteral("CPU:(\\d+)")).globalMatch(text);
  while (it.hasNext()) highest = std::max(highest, it.next().captured(1).toInt());
  return highest;
}

QString multiRead(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

// The copies from one card to another through the host, "a->b N bytes": a
// cuMemcpyHtoD onto card b whose thread's previous copy was a cuMemcpyDtoH
// of as many bytes from card a != b.
std::vector<std::string> cardToCardCopies(const std::vector<FakeCopy>& copies) {
  std::vector<std::string> out;
  for (size_t i = 0; i < copies.size(); ++i) {
    if (copies[i].from != kFakeHost) continue;
    for (size_t j = i; j-- > 0;)
      if (copies[j].thread == copies[i].thread) {
        const FakeCopy& from = copies[j];
        if (from.to == kFakeHost && from.from != kFakeHost && from.from != copies[i].to && from.bytes == copies[i].bytes)
          out.push_back(fmt::format("{}->{} {} bytes", from.from, copies[i].to, from.bytes));
        break;
      }
  }
  return out;
}

const char* kCopyProgram = "from tinygrad import Tensor\n"
                           "x = Tensor([0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]).shard(('CPU:0', 'CPU:1'), axis=0) * 2\n"
                           "out = x.to('CPU:1') + 1\n";

} // namespace

class TestMultiDevice : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void initTestCase() { uops::registerDeviceKind(fakeCudaKind()); }
  void cleanupTestCase() { uops::registerDeviceKind(uops::cudaDeviceKind(uops::systemCudaDriver)); }

  void init() {
    resetFakeCuda();
    fakeCuda().devices = 2;
    executeFakeKernels();
  }

  // two cards listed and opened, each allocating under its own context
  void twoCardsEachWithItsContext() {
    std::vector<std::string> cuda;
    for (const uops::DeviceDescription& d : uops::listDevices())
      if (d.name.starts_with("CUDA")) cuda.push_back(d.name);
    QCOMPARE(cuda, (std::vector<std::string>{"CUDA:0", "CUDA:1"}));
    QCOMPARE(multiQs(uops::deviceAfter("CUDA:0", 1)), QStringLiteral("CUDA:1"));
    uops::Device& first = uops::openDevice("CUDA:0");
    uops::Device& second = uops::openDevice("cuda:1");
    QVERIFY(&first != &second);
    QCOMPARE(multiQs(second.description().description), QStringLiteral("CUDA:1 NVIDIA H200 (sm_90, CUDA driver)"));
    QCOMPARE(multiQs(second.target()->device), QStringLiteral("CUDA:1"));
    auto a = first.allocate(uops::dtypes::float32, 4), b = second.allocate(uops::dtypes::float32, 4);
    const std::vector<CUdeviceptr>& made = fakeCuda().allocations;
    QCOMPARE(made.size(), size_t{2});
    QCOMPARE(fakeCuda().owner.at(made[0]), 0);
    QCOMPARE(fakeCuda().owner.at(made[1]), 1);
  }

  // x's halves on CUDA:0 and CUDA:1, the whole gathered on CUDA:1: each half
  // leaving card 0 goes as 16 bytes through the host (DtoH under card 0's
  // context, HtoD under card 1's, one thread doing both), never as a copy
  // from one card's memory into the other's; the result is read from card 1
  void copyBetweenCardsGoesThroughTheHost() {
    const uops::DeviceRun run = uops::runProgram(uops::openDevice("CUDA:0"), multiRoots(kCopyProgram));
    QCOMPARE(run.outputs.size(), size_t{1});
    for (int i = 0; i < 8; ++i) QCOMPARE(run.outputs[0].getDouble(i), 2.0 * i + 1);
    QCOMPARE(run.devices, int64_t{2});
    std::set<int> cards;
    for (const FakeLaunch& l : fakeCuda().launches) cards.insert(l.device);
    QCOMPARE(cards, (std::set<int>{0, 1}));

    const std::vector<FakeCopy>& copies = fakeCuda().copies;
    for (const FakeCopy& c : copies) {
      QCOMPARE(c.current, c.from == kFakeHost ? c.to : c.from); // under the owning card's context
      QVERIFY2(c.from == kFakeHost || c.to == kFakeHost || c.from == c.to, c.call.c_str());
    }
    QCOMPARE(cardToCardCopies(copies), (std::vector<std::string>{"0->1 16 bytes", "0->1 16 bytes"}));
    QCOMPARE(QString::fromStdString(copies.back().call), QStringLiteral("cuMemcpyDtoH_v2"));
    QCOMPARE(copies.back().from, 1);
    QCOMPARE(copies.back().bytes, size_t{32});
  }

  void shardedProgramsMatchRef_data() {
    QTest::addColumn<QString>("path");
    if (!QDir(multiCorpusDir()).exists()) QSKIP("the shared multi-device corpus is not present in this checkout");
    int rows = 0;
    for (const QString& name : QDir(multiCorpusDir()).entryList({QStringLiteral("multi_*.py")}, QDir::Files)) {
      const QString path = multiCorpusDir() + QLatin1Char('/') + name;
      if (highestVirtualDevice(multiRead(path)) > 1) continue; // more cards than the fake has
      QTest::newRow(qPrintable(name)) << path;
      ++rows;
    }
    QVERIFY(rows >= 8);
  }

  // each program of the corpus that shards over CPU:0 and CPU:1, run on
  // CUDA:0 and CUDA:1: REF's numbers, every launch on one of the two cards,
  // no copy from one card's memory straight into the other's
  void shardedProgramsMatchRef() {
    QFETCH(QString, path);
    const std::string text = multiRead(path).toStdString();
    const uops::DeviceRun ref = uops::runProgram(uops::openDevice("REF"), multiRoots(text, path.toStdString()));
    const uops::DeviceRun cuda = uops::runProgram(uops::openDevice("CUDA:0"), multiRoots(text, path.toStdString()));
    const std::string diff = differsFrom(cuda.outputs, ref.outputs);
    QVERIFY2(diff.empty(), diff.c_str());
    QCOMPARE(fakeCuda().launches.size(), static_cast<size_t>(cuda.kernels));
    for (const FakeLaunch& l : fakeCuda().launches) QVERIFY(l.device == 0 || l.device == 1);
    for (const FakeCopy& c : fakeCuda().copies)
      QVERIFY2(c.from == kFakeHost || c.to == kFakeHost || c.from == c.to, c.call.c_str());
  }

  // an all-reduce over the two cards: both compute, partial sums cross
  void allReduceUsesBothCards() {
    const uops::DeviceRun run = uops::runProgram(uops::openDevice("CUDA:0"), multiRoots(R"(from tinygrad import Tensor
x = Tensor([[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0], [12.0, 13.0, 14.0, 15.0]])
x = x.shard(('CPU:0', 'CPU:1'), axis=0)
out = x.sum(axis=0)
)"));
    QCOMPARE(run.outputs.size(), size_t{1});
    const double want[] = {24, 28, 32, 36};
    for (int i = 0; i < 4; ++i) QCOMPARE(run.outputs[0].getDouble(i), want[i]);
    std::set<int> cards;
    for (const FakeLaunch& l : fakeCuda().launches) cards.insert(l.device);
    QCOMPARE(cards, (std::set<int>{0, 1}));
    QVERIFY2(!cardToCardCopies(fakeCuda().copies).empty(), "no copy went from one card to the other");
  }

  // CPU:2 on a machine with two cards: the run says which card is missing
  void moreVirtualDevicesThanCards() {
    try {
      uops::runProgram(uops::openDevice("CUDA:0"), multiRoots(R"(from tinygrad import Tensor
x = Tensor([1.0, 2.0, 3.0]).shard(('CPU:0', 'CPU:1', 'CPU:2'), axis=0)
out = x * 2
)"));
      QFAIL("the run succeeded");
    } catch (const uops::DeviceError& e) {
      const std::string what = e.what();
      QVERIFY2(what.starts_with("this machine has no device CUDA:2: the devices here are "), e.what());
      QVERIFY2(what.find(", CUDA:0, CUDA:1,") != std::string::npos, e.what());
    }
  }

  // card 1's memory is full: the run fails with the driver's error naming
  // the card, and both cards run the next program
  void outOfMemoryOnOneCard() {
    fakeCuda().fullDevice = 1;
    try {
      uops::runProgram(uops::openDevice("CUDA:0"), multiRoots(kCopyProgram));
      QFAIL("the run succeeded");
    } catch (const uops::CudaError& e) {
      QCOMPARE(e.result(), CUDA_ERROR_OUT_OF_MEMORY);
      QVERIFY2(multiQs(e.what()).contains(QRegularExpression(
                   QStringLiteral("^allocating \\d+ bytes on CUDA:1: cuMemAlloc_v2 failed with CUDA_ERROR_OUT_OF_MEMORY "
                                  "\\(2: out of memory\\)$"))),
               e.what());
    }
    QVERIFY(fakeCuda().memory.empty()); // what card 0 had allocated is freed
    fakeCuda().fullDevice = -1;
    const uops::DeviceRun run = uops::runProgram(uops::openDevice("CUDA:0"), multiRoots(kCopyProgram));
    QCOMPARE(run.outputs.at(0).getDouble(7), 15.0);
  }
};

UOPSCOPE_TEST(TestMultiDevice);
#include "test_multi_device.moc"
