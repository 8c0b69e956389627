// The kv-cache decoders (resources/examples/kv_cache_decoder.py,
// tests/program/llama_decoder.py) loaded on the CPU: every
// realization (the cache writes at start_pos, each TinyJit'ed decode step)
// runs compiled kernels while the program loads, and the greedy tokens are
// tinygrad's (tests/program/decoder_printed.h). The cache write at start_pos
// keeps the variable in its graph: at positions 5, 6 and 7 it is one graph,
// so its kernels are lowered and compiled once (the schedule cache's key) and
// take start_pos as an argument. A write through a basic subscript reads
// the value at an offset index (tests/cpu/models/cache_write.py).
#include "tests/support/test_registry.h"
#include "tests/support/backend_devices.h"

#include "core/engine/device_registry.h"
#include "core/engine/program_run.h"
#include "core/ir/graph_walk.h"
#include "core/ir/variable.h"
#include "core/engine/schedule_cache.h"
#include "core/pipeline/pipeline_runner.h"
#include "core/program/program.h"
#include "tests/program/decoder_printed.h"

#include <QTest>

#include <map>

namespace {

uops::program::LoadedProgram loadOnCpu(const char* path) {
  return uops::program::loadProgramFile(std::string(UOPSCOPE_SOURCE_DIR "/") + path,
                                        uops::program::LoadOptions::on("CPU"));
}

// What tinygrad a9069c1 printed for tests/cpu/models/cache_write.py on CPU.
constexpr const char* kCacheWritePrinted =
    "[[[0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0], [4.0, 6.0, 8.0, 10.0], "
    "[20.0, 22.0, 24.0, 26.0], [36.0, 38.0, 40.0, 42.0], [52.0, 54.0, 56.0, 58.0], [68.0, 70.0, 72.0, 74.0], "
    "[84.0, 86.0, 88.0, 90.0], [100.0, 102.0, 104.0, 106.0], [116.0, 118.0, 120.0, 122.0], "
    "[26.0, 28.0, 30.0, 32.0], [7.0, 7.0, 7.0, 7.0], [30.0, 32.0, 34.0, 36.0], [0.0, 0.0, 0.0, 0.0], "
    "[0.0, 0.0, 0.0, 0.0]], [[0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0], "
    "[-4.0, -6.0, -8.0, -10.0], [-20.0, -22.0, -24.0, -26.0], [-36.0, -38.0, -40.0, -42.0], "
    "[-52.0, -54.0, -56.0, -58.0], [-68.0, -70.0, -72.0, -74.0], [-84.0, -86.0, -88.0, -90.0], "
    "[-100.0, -102.0, -104.0, -106.0], [-116.0, -118.0, -120.0, -122.0], [-42.0, -44.0, -46.0, -48.0], "
    "[0.0, 0.0, 0.0, 0.0], [-46.0, -48.0, -50.0, -52.0], [0.0, 0.0, 0.0, 0.0], [1.0, 3.0, 5.0, 7.0]]]\n";

// The CmpNe nodes of a kernel after Optimize: a one-hot scatter compares each
// element's position with every position the value fills (two per position).
int compares(const uops::LoweredKernel& k) {
  int n = 0;
  for (const uops::UOp* u : uops::toposort(*k.ast)) n += u->op() == uops::Op::CmpNe;
  return n;
}

} // namespace

class TestKvCache : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void kvCacheDecoder() {
    uops::program::LoadedProgram p = loadOnCpu("resources/examples/kv_cache_decoder.py");
    QCOMPARE(QString::fromStdString(p.printed), QString::fromUtf8(programtest::kKvCachePrinted));
    QVERIFY(p.loadKernels > 0);
    QCOMPARE(p.loadReferenceEvaluations, int64_t{0});
  }

  void llamaDecoder() {
    uops::program::LoadedProgram p = loadOnCpu("tests/program/llama_decoder.py");
    QCOMPARE(QString::fromStdString(p.printed), QString::fromUtf8(programtest::kLlamaPrinted));
    QVERIFY(p.loadKernels > 0);
  }

  void cacheWriteCompiledOnceForPositions() {
    uops::program::LoadedProgram p = loadOnCpu("tests/program/llama_decoder.py");
    QCOMPARE(QString::fromStdString(p.printed), QString::fromUtf8(programtest::kLlamaPrinted));
    // the cache write (line 44) of each decode step, by position
    std::map<int64_t, std::vector<uops::UOpPtr>> writes;
    for (const uops::program::RealizedSchedule& s : p.schedules) {
      if (!s.line || s.line->line != 44 || !s.variables.count("start_pos")) continue;
      QCOMPARE(uops::variablesOf(s.graphs), (std::vector<uops::VariableRange>{{"start_pos", 1, 9}}));
      writes[s.variables.at("start_pos")] = uops::canonicalBuffers(s.graphs).roots;
    }
    QCOMPARE(writes.size(), size_t{4}); // positions 4, 5, 6 and 7
    // one graph for every position: the schedule cache's key, so one lowering and compile
    QVERIFY(!writes.at(5).empty());
    QCOMPARE(writes.at(6), writes.at(5));
    QCOMPARE(writes.at(7), writes.at(5));
    // where start_pos sizes a tensor (the keys up to start_pos+1) it stays symbolic, nothing folds
    QCOMPARE(p.variables.at(0).sized, (std::vector<std::string>{"(start_pos+1)"}));
    QCOMPARE(p.variables.at(0).folded, std::vector<std::string>{});
  }

  // The writes' kernels (the prefill's 128 values at a constant start, an
  // int index, a fill, a row at start_pos) select the value or the old
  // element by the view's bounds, and read the value at the element's index
  // less the offset: a few compares each, where the scatter had 2 per value.
  void writesReadTheValueAtAnOffset() {
    uops::program::LoadedProgram p = loadOnCpu("tests/cpu/models/cache_write.py");
    QCOMPARE(QString::fromStdString(p.printed), QString::fromUtf8(kCacheWritePrinted));
    int kernels = 0;
    for (const uops::program::RealizedSchedule& s : p.schedules) {
      uops::PipelineRun run = uops::runPipeline(
          s.graphs, {.trace = false, .target = uops::runTarget(uops::openDevice("CPU"), false)});
      QVERIFY(!run.failed());
      for (const uops::LoweredKernel& k : run.kernels) {
        QString what =
            QStringLiteral("%1: %2 compares").arg(QString::fromStdString(k.name.text)).arg(compares(k));
        QVERIFY2(compares(k) <= 6, qPrintable(what));
        ++kernels;
      }
    }
    QVERIFY(kernels >= 5);
  }
};

UOPSCOPE_TEST(TestKvCache);
#include "test_kv_cache.moc"
