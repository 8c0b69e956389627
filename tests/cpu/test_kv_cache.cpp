// The kv-cache decoders (resources/examples/kv_cache_decoder.py,
// tests/program/llama_decoder.py) loaded on the CPU: every
// realization (the cache writes at start_pos, each TinyJit'ed decode step)
// runs compiled kernels while the program loads, and the greedy tokens are
// tinygrad's (tests/program/decoder_printed.h). The cache write at start_pos
// keeps the variable in its graph: at positions 5, 6 and 7 it is one graph,
// so its kernels are lowered and compiled once (the schedule cache's key) and
// take start_pos as an argument.
#include "tests/support/test_registry.h"
#include "tests/support/backend_devices.h"

#include "core/ir/variable.h"
#include "core/engine/schedule_cache.h"
#include "core/program/program.h"
#include "tests/program/decoder_printed.h"

#include <QTest>

#include <map>

namespace {

uops::program::LoadedProgram loadOnCpu(const char* path) {
  return uops::program::loadProgramFile(std::string(UOPSCOPE_SOURCE_DIR "/") + path,
                                        uops::program::LoadOptions::on("CPU"));
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
};

UOPSCOPE_TEST(TestKvCache);
#include "test_kv_cache.moc"
