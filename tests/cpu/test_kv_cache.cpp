// The kv-cache decoders (resources/examples/kv_cache_decoder.py,
// tests/program/llama_decoder.py) loaded on the CPU: every
// realization (the cache writes at start_pos, each TinyJit'ed decode step)
// runs compiled kernels while the program loads, and the greedy tokens are
// tinygrad's (tests/program/decoder_printed.h).
#include "tests/support/test_registry.h"
#include "tests/support/backend_devices.h"

#include "core/program/program.h"
#include "tests/program/decoder_printed.h"

#include <QTest>

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
};

UOPSCOPE_TEST(TestKvCache);
#include "test_kv_cache.moc"
