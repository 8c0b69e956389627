// Symbolic shapes (core/program/symbolic_shape.h): the keys of a kv-cache
// decode step, `cache_kv[0][:, :start_pos+1]`, are sized by start_pos, and
// the attention over them stays symbolic, so every realization of a decode
// step is one graph at every position (the schedule cache's key: lowered and
// compiled once), its kernels take start_pos as an argument and mask the
// positions past start_pos+1. The numbers are tinygrad's
// (tests/cpu/models/symbolic_decoder.py run with tinygrad a9069c1 on CPU).
#include "tests/support/test_registry.h"
#include "tests/support/decode_steps.h"
#include "tests/support/backend_devices.h"
#include "tests/support/symbolic_gates.h"

#include "core/engine/schedule_cache.h"
#include "core/engine/device_registry.h"
#include "core/engine/program_run.h"
#include "core/ir/graph_walk.h"
#include "core/ir/minmax.h"
#include "core/ir/build.h"
#include "core/ir/variable.h"
#include "core/pipeline/pipeline_runner.h"
#include "core/program/program.h"
#include "tests/program/decoder_printed.h"

#include <QTest>

#include <map>

namespace {

constexpr const char* kDecoderPrinted =
    "step 0: pos 5 token 0 logits [0.5319, -0.3902, -0.0484, -0.1008, 0.0935, 0.1768]\n"
    "step 1: pos 6 token 18 logits [0.1205, -0.1812, -0.0058, 0.1999, 0.2028, 0.2755]\n"
    "step 2: pos 7 token 4 logits [0.0502, -0.2451, -0.2075, -0.1742, 0.3177, -0.274]\n"
    "step 3: pos 8 token 13 logits [0.1, 0.0092, -0.2528, -0.143, -0.1428, -0.4107]\n"
    "tokens [3, 1, 4, 1, 5, 0, 18, 4, 13]\n";

uops::program::LoadedProgram loadDecoder(const char* device) {
  return uops::program::loadProgramFile(UOPSCOPE_SOURCE_DIR "/tests/cpu/models/symbolic_decoder.py",
                                        uops::program::LoadOptions::on(device));
}

} // namespace

class TestSymbolicShapes : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void decodeStepCompilesOnce() {
    uops::program::LoadedProgram p = loadDecoder("CPU");
    QCOMPARE(QString::fromStdString(p.printed), QString::fromUtf8(kDecoderPrinted));
    auto steps = decodesteps::decodeSteps(p);
    QVERIFY(steps.count(5) && steps.count(6) && steps.count(7));
    QVERIFY(steps.at(5).size() >= 3); // the cache write, the tokens, the logits
    // every realization of positions 6 and 7 is position 5's graph: a schedule-cache hit
    QCOMPARE(steps.at(6), steps.at(5));
    QCOMPARE(steps.at(7), steps.at(5));
    QCOMPARE(p.variables.at(0).sized, (std::vector<std::string>{"(start_pos+1)"}));
    // no tensor sized by start_pos fell back to its folded twin (the prefill's
    // sizes, five tokens from position 0, are folded where they are taken)
    for (const std::string& f : p.variables.at(0).folded) QVERIFY2(f.find(" by ") == std::string::npos, f.c_str());
  }

  // A cache write at start_pos still pending when the next step binds a new
  // value keeps the value it was written with (tinygrad's printed numbers):
  // without it, every earlier row was written at the newest position.
  void pendingCacheWriteKeepsItsPosition() {
    for (const char* device : {"CPU", "REF"}) {
      uops::program::LoadedProgram p = uops::program::loadProgramFile(
          UOPSCOPE_SOURCE_DIR "/tests/cpu/models/pending_cache_write.py", uops::program::LoadOptions::on(device));
      QCOMPARE(QString::fromStdString(p.printed),
               QStringLiteral("1 [-0.00573, -0.01904, 0.17495, 0.08242]\n"
                              "2 [-0.52409, -0.57207, 0.60898, 0.14443]\n"
                              "3 [-0.28959, 0.03991, 0.28687, 0.29022]\n"
                              "4 [-0.33675, -0.01464, 0.30342, 0.38468]\n"
                              "5 [-0.68875, -0.18852, 0.56817, -0.6512]\n"));
    }
  }

  // A lazy tensor built while start_pos is bound to 1 reads row 1 when it is
  // realized after start_pos is bound to 2 (tinygrad's numbers): the value
  // travels with the graph. Without it, both read row 2.
  void boundValueTravelsWithTheGraph() {
    for (const char* device : {"CPU", "REF"}) {
      uops::program::LoadedProgram p = uops::program::loadProgramFile(
          UOPSCOPE_SOURCE_DIR "/tests/cpu/models/rebound_lazy_tensor.py", uops::program::LoadOptions::on(device));
      QCOMPARE(QString::fromStdString(p.printed), QStringLiteral("[[4.0, 6.0]] [[12.0, 15.0]]\n"));
    }
  }

  // tinygrad's llama attention: keys through repeat_kv (repeat, then a
  // reshape by the symbolic seqlen of keys.shape), grouped heads
  void llamaDecodeStepCompilesOnce() {
    uops::program::LoadedProgram p = uops::program::loadProgramFile(
        UOPSCOPE_SOURCE_DIR "/tests/program/llama_decoder.py", uops::program::LoadOptions::on("CPU"));
    QCOMPARE(QString::fromStdString(p.printed), QString::fromUtf8(programtest::kLlamaPrinted));
    auto steps = decodesteps::decodeSteps(p);
    QVERIFY(steps.count(5) && steps.count(6) && steps.count(7));
    QCOMPARE(steps.at(6), steps.at(5));
    QCOMPARE(steps.at(7), steps.at(5));
    QCOMPARE(p.variables.at(0).folded, std::vector<std::string>{});
  }

  // The kernels of a decode step compare the position's index with
  // start_pos+1: a gate over one Range and the variable that, for start_pos
  // 5, 6 and 7 and every position of the cache, holds exactly below the size.
  void kernelGateIsTheSymbolicSize() {
    const symbolicgates::Checked checked = symbolicgates::checkStartPosGates(loadDecoder("CPU"), 12);
    QCOMPARE(checked.error, QString());
    QVERIFY(checked.gates > 0);
  }

  void otherDevicesGiveTinygradsNumbers() {
    for (const char* device : {"REF", "INTERP", "CL:0"}) {
      if (!uops::test::deviceOpens(device)) continue; // CL:0 where this machine has OpenCL
      uops::program::LoadedProgram p = loadDecoder(device);
      QCOMPARE(QString::fromStdString(p.printed), QString::fromUtf8(kDecoderPrinted));
    }
  }
};

UOPSCOPE_TEST(TestSymbolicShapes);
#include "test_symbolic_shapes.moc"
