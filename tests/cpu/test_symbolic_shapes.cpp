// Symbolic shapes (core/program/symbolic_shape.h): the keys of a kv-cache
// decode step, `cache_kv[0][:, :start_pos+1]`, are sized by start_pos, and
// the attention over them stays symbolic, so every realization of a decode
// step is one graph at every position (the schedule cache's key: lowered and
// compiled once), its kernels take start_pos as an argument and mask the
// positions past start_pos+1. The numbers are tinygrad's
// (tests/cpu/models/symbolic_decoder.py run with tinygrad a9069c1 on CPU).
#include "tests/support/test_registry.h"
#include "tests/support/backend_devices.h"

#include "core/engine/schedule_cache.h"
#include "core/ir/variable.h"
#include "core/program/program.h"

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

// The realizations of each decode step (those given start_pos), by position,
// as the schedule cache keys them.
std::map<int64_t, std::vector<std::vector<uops::UOpPtr>>> decodeSteps(const uops::program::LoadedProgram& p) {
  std::map<int64_t, std::vector<std::vector<uops::UOpPtr>>> steps;
  for (const uops::program::RealizedSchedule& s : p.schedules)
    if (s.variables.count("start_pos"))
      steps[s.variables.at("start_pos")].push_back(uops::canonicalBuffers(s.graphs).roots);
  return steps;
}

} // namespace

class TestSymbolicShapes : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void decodeStepCompilesOnce() {
    uops::program::LoadedProgram p = loadDecoder("CPU");
    QCOMPARE(QString::fromStdString(p.printed), QString::fromUtf8(kDecoderPrinted));
    auto steps = decodeSteps(p);
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

  void referenceAndInterpGiveTinygradsNumbers() {
    for (const char* device : {"REF", "INTERP"}) {
      uops::program::LoadedProgram p = loadDecoder(device);
      QCOMPARE(QString::fromStdString(p.printed), QString::fromUtf8(kDecoderPrinted));
    }
  }
};

UOPSCOPE_TEST(TestSymbolicShapes);
#include "test_symbolic_shapes.moc"
