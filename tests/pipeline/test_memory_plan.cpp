// Register/Memory Plan: accumulators with disjoint lifetimes share a register
// slot; schedule buffers with disjoint lifetimes share storage.
#include "tests/support/test_registry.h"
#include "tests/support/kernel_ast.h"

#include "core/pipeline/codegen.h"
#include "core/render/memory_plan.h"

#include <QTest>

using namespace uops;
using namespace kernelast;

class TestMemoryPlan : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void sequentialAccumulatorsShareASlot();
  void nestedAccumulatorsDoNot();
  void buffersReuseStorage();
  void lifetimesFromASchedule();
};

// out[i] = sum_j a[i, j] + max_k b[i, k]: the first accumulator is read before
// the second is initialized.
void TestMemoryPlan::sequentialAccumulatorsShareASlot() {
  UOpPtr i = range(4, 0), j = range(8, 1, AxisType::Reduce), k = range(8, 2, AxisType::Reduce);
  UOpPtr sum = reduceOver(load(buf(1, dtypes::float32, 32), i * 8 + j), Op::Add, {j});
  UOpPtr max = reduceOver(load(buf(2, dtypes::float32, 32), i * 8 + k), Op::Max, {k});
  UOpPtr kernel = sink({end(store(buf(0, dtypes::float32, 4), i, sum + max), {i})});
  LoweredKernel lk = lowerKernel(kernel);
  QCOMPARE(lk.memory.registers.size(), size_t(2));
  QCOMPARE(lk.memory.slots.size(), size_t(1));
  QVERIFY(lk.memory.registers[0].last < lk.memory.registers[1].first);
  QVERIFY(lk.rendered.text.find("%reg1") == std::string::npos);
}

// sum_j (a[j] * max_k b[j, k]): the inner accumulator lives inside the outer one's loop.
void TestMemoryPlan::nestedAccumulatorsDoNot() {
  UOpPtr j = range(4, 0, AxisType::Reduce), k = range(8, 1, AxisType::Reduce);
  UOpPtr inner = reduceOver(load(buf(2, dtypes::float32, 32), j * 8 + k), Op::Max, {k});
  UOpPtr outer = reduceOver(load(buf(1, dtypes::float32, 4), j) * inner, Op::Add, {j});
  UOpPtr kernel = sink({store(buf(0, dtypes::float32, 1), constIndex(0), outer)});
  LoweredKernel lk = lowerKernel(kernel);
  QCOMPARE(lk.memory.slots.size(), size_t(2));
}

void TestMemoryPlan::buffersReuseStorage() {
  std::vector<BufferLifetime> b{
      {.id = 1, .bytes = 400, .firstUse = 0, .lastUse = 1, .external = false},
      {.id = 2, .bytes = 800, .firstUse = 1, .lastUse = 2, .external = false},
      {.id = 3, .bytes = 300, .firstUse = 2, .lastUse = 3, .external = false}, // fits 1's slot
      {.id = 4, .bytes = 900, .firstUse = 3, .lastUse = 4, .external = false}, // 2's slot grows
      {.id = 5, .bytes = 100, .firstUse = 0, .lastUse = 4, .external = true},
  };
  BufferPlan plan = planBuffers(b);
  QCOMPARE(plan.slotOf, (std::vector<int>{0, 1, 0, 1, -1}));
  QCOMPARE(plan.slotBytes, (std::vector<int64_t>{400, 900}));
  QCOMPARE(plan.plannedBytes, int64_t(1300));
  QCOMPARE(plan.naiveBytes, int64_t(2400));
}

// in -> A -> B -> C -> out, one kernel each: A and C share storage.
void TestMemoryPlan::lifetimesFromASchedule() {
  UOpPtr schedule = scaleChainSchedule();
  std::vector<BufferLifetime> life = bufferLifetimes(schedule);
  QCOMPARE(life.size(), size_t(5));
  std::vector<int64_t> ids;
  for (const auto& l : life)
    ids.push_back(l.id);
  QCOMPARE(ids, (std::vector<int64_t>{1, 2, 3, 4, 5})); // by first use, then id
  QCOMPARE(life[0].external, true);                     // an input: read first
  QCOMPARE(life[4].external, true);                     // the result
  QCOMPARE(life[1].firstUse, size_t(0));
  QCOMPARE(life[1].lastUse, size_t(1));
  BufferPlan plan = planBuffers(schedule);
  QCOMPARE(plan.slotOf, (std::vector<int>{-1, 0, 1, 0, -1}));
  QCOMPARE(plan.plannedBytes, int64_t(128));
  QCOMPARE(plan.naiveBytes, int64_t(192));
}

UOPSCOPE_TEST(TestMemoryPlan);
#include "test_memory_plan.moc"
