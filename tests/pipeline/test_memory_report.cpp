// The Register/Memory Plan for people: a schedule's buffers over its items
// (roles, writers and readers, shared storage, the peak) and a kernel's
// registers, as data and as uopc memory prints them.
#include "tests/support/test_registry.h"
#include "tests/support/kernel_ast.h"

#include "core/pipeline/codegen.h"
#include "core/engine/memory_report_print.h"

#include <QTest>

using namespace uops;
using namespace kernelast;

namespace {

// in -> A -> B -> C -> out, one scaling kernel each, 16 floats per buffer.
PipelineRun chainRun() {
  PipelineRun run;
  run.schedule = scheduleOf(scaleChainSchedule());
  return run;
}

} // namespace

class TestMemoryReport : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void scheduleBuffers();
  void scheduleText();
  void scheduleJson();
  void kernelRegisterRanges();
  void byteCounts();
};

void TestMemoryReport::scheduleBuffers() {
  ScheduleMemory m = scheduleMemory(chainRun());
  QCOMPARE(m.items.size(), size_t(4));
  QCOMPARE(m.items[2].label, std::string("#2 E_16"));
  QCOMPARE(m.items[2].kernel, int64_t(2));
  QCOMPARE(m.buffers.size(), size_t(5));
  QCOMPARE(m.buffers[0].role, BufferRole::Input);
  QCOMPARE(m.buffers[2].role, BufferRole::Intermediate);
  QCOMPARE(m.buffers[4].role, BufferRole::Result);
  QCOMPARE(m.buffers[2].writers, (std::vector<size_t>{1}));
  QCOMPARE(m.buffers[2].readers, (std::vector<size_t>{2}));
  // A and C share storage: A is dead before C is written
  QCOMPARE(m.buffers[1].storage, 0);
  QCOMPARE(m.buffers[3].storage, 0);
  QCOMPARE(m.buffers[2].storage, 1);
  QCOMPARE(m.liveBytes, (std::vector<int64_t>{128, 128, 128, 128}));
  QCOMPARE(m.peak, size_t(0));
  QCOMPARE(m.liveAtPeak, (std::vector<size_t>{0, 1}));
  QCOMPARE(m.liveAt(2), (std::vector<size_t>{2, 3}));
}

void TestMemoryReport::scheduleText() {
  QCOMPARE(formatScheduleMemory(scheduleMemory(chainRun())),
           std::string("schedule: 4 items, 5 buffers, peak 128 B at item 0\n"
                       "item  kernel   live\n"
                       "0     #0 E_16  128 B  <- peak\n"
                       "1     #1 E_16  128 B\n"
                       "2     #2 E_16  128 B\n"
                       "3     #3 E_16  128 B\n"
                       "\n"
                       "buffer  role          bytes  dtype    items  life  writers  readers  storage\n"
                       "b1      input         64 B   float32  R...   0-0   -        0        own\n"
                       "b2      intermediate  64 B   float32  WR..   0-1   0        1        s0\n"
                       "b3      intermediate  64 B   float32  .WR.   1-2   1        2        s1\n"
                       "b4      intermediate  64 B   float32  ..WR   2-3   2        3        s0\n"
                       "b5      result        64 B   float32  ...W   3-3   3        -        own\n"
                       "\n"
                       "peak 128 B at item 0 (#0 E_16): b1 b2\n"
                       "storage for intermediates: 128 B planned (s0 64 B, s1 64 B), 192 B one buffer each\n"));
}

void TestMemoryReport::scheduleJson() {
  nlohmann::ordered_json j = scheduleMemoryJson(scheduleMemory(chainRun()));
  QCOMPARE(j["items"][1].dump(), std::string(R"({"label":"#1 E_16","kernel":1})"));
  QCOMPARE(j["buffers"][1].dump(),
           std::string(R"({"id":2,"bytes":64,"dtype":"float32","role":"intermediate","first":0,"last":1,)"
                       R"("writers":[0],"readers":[1],"storage":0})"));
  QCOMPARE(j["buffers"][0]["storage"].dump(), std::string("null"));
  QCOMPARE(j["storage_bytes"].dump(), std::string("[64,64]"));
  QCOMPARE(j["planned_bytes"].get<int64_t>(), int64_t(128));
  QCOMPARE(j["naive_bytes"].get<int64_t>(), int64_t(192));
  QCOMPARE(j["peak"].dump(), std::string(R"({"item":0,"bytes":128,"live":[1,2]})"));
}

// out[i] = sum_j a[i, j] + max_k b[i, k]: two accumulators, one slot.
void TestMemoryReport::kernelRegisterRanges() {
  UOpPtr i = range(4, 0), j = range(8, 1, AxisType::Reduce), k = range(8, 2, AxisType::Reduce);
  UOpPtr sum = reduceOver(load(buf(1, dtypes::float32, 32), i * 8 + j), Op::Add, {j});
  UOpPtr max = reduceOver(load(buf(2, dtypes::float32, 32), i * 8 + k), Op::Max, {k});
  UOpPtr kernel = sink({end(store(buf(0, dtypes::float32, 4), i, sum + max), {i})});
  PipelineRun run;
  run.kernels.push_back(lowerKernel(kernel));
  KernelRegisters r = kernelRegisters(run, 0);
  QVERIFY(r.planned);
  QCOMPARE(r.instructions.size(), run.kernels[0].linear->src().size());
  QCOMPARE(r.registers.size(), size_t(2));
  QCOMPARE(r.slots.size(), size_t(1));
  QCOMPARE(r.registers[0].slot, 0);
  QCOMPARE(r.registers[1].slot, 0);
  QVERIFY(r.registers[0].last < r.registers[1].first);
  const std::string text = formatKernelRegisters(r);
  QVERIFY2(text.starts_with("kernel #0 " + run.kernels[0].name.text + ": 2 registers in 1 slot over "), text.c_str());
  nlohmann::ordered_json json = kernelRegistersJson(r);
  QCOMPARE(json["registers"].size(), size_t(2));
  QCOMPARE(json["registers"][1]["first"].get<size_t>(), r.registers[1].first);
  QCOMPARE(json["slots"].dump(), std::string(R"([{"dtype":"float32","size":1}])"));
}

void TestMemoryReport::byteCounts() {
  QCOMPARE(formatByteCount(1023), std::string("1023 B"));
  QCOMPARE(formatByteCount(1536), std::string("1.5 KiB"));
  QCOMPARE(formatByteCount(int64_t(3) << 20), std::string("3.0 MiB"));
}

UOPSCOPE_TEST(TestMemoryReport);
#include "test_memory_report.moc"
