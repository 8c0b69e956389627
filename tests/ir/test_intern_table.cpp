// The intern shard's flat table against a multimap under random inserts and
// erases, with hashes drawn from a small set so probe runs collide, wrap the
// array's end and are shifted back on erase.
#include "tests/support/test_registry.h"
#include "core/ir/intern_table.h"

#include <QTest>

#include <algorithm>
#include <map>
#include <random>
#include <vector>

using namespace uops;

namespace {

const UOp* fakeNode(uintptr_t id) { return reinterpret_cast<const UOp*>(id * 16); }

// A hash whose home slot in a fresh 64-slot table is `slot`: the table takes
// the top 6 bits of hash * 0x9E3779B97F4A7C15, so multiply by its inverse.
size_t hashAtSlot(uint64_t slot, uint64_t salt) {
  uint64_t c = 0x9E3779B97F4A7C15ull, inverse = c;
  for (int i = 0; i < 5; ++i) inverse *= 2 - c * inverse; // Newton: bits double each step
  return (((slot << 58) | salt) * inverse);
}

std::vector<const UOp*> allWithHash(const InternTable& table, size_t hash) {
  std::vector<const UOp*> found;
  table.find(hash, [&](const UOp* n) {
    found.push_back(n);
    return false;
  });
  std::sort(found.begin(), found.end());
  return found;
}

} // namespace

class TestInternTable : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void findsWhatWasInserted() {
    InternTable table;
    table.insert(7, fakeNode(1));
    table.insert(7, fakeNode(2));
    table.insert(9, fakeNode(3));
    QCOMPARE(table.size(), size_t(3));
    QCOMPARE(table.find(7, [](const UOp* n) { return n == fakeNode(2); }), fakeNode(2));
    QCOMPARE(table.find(9, [](const UOp*) { return true; }), fakeNode(3));
    QCOMPARE(table.find(8, [](const UOp*) { return true; }), static_cast<const UOp*>(nullptr));
    QVERIFY(table.erase(7, fakeNode(1)));
    QVERIFY(!table.erase(7, fakeNode(1)));
    QCOMPARE(allWithHash(table, 7), std::vector<const UOp*>{fakeNode(2)});
  }

  void eraseKeepsRunsThatWrapTheEnd() {
    // A homes at 62, B and C at 63: C wraps to slot 0. Erasing A must leave C
    // at 0 (its home lies after the hole), or a lookup from 63 would miss it.
    InternTable table;
    size_t a = hashAtSlot(62, 1), b = hashAtSlot(63, 2), c = hashAtSlot(63, 3);
    table.insert(a, fakeNode(1));
    table.insert(b, fakeNode(2));
    table.insert(c, fakeNode(3));
    QVERIFY(table.erase(a, fakeNode(1)));
    QCOMPARE(allWithHash(table, b), std::vector<const UOp*>{fakeNode(2)});
    QCOMPARE(allWithHash(table, c), std::vector<const UOp*>{fakeNode(3)});
    QVERIFY(table.erase(b, fakeNode(2)));
    QCOMPARE(allWithHash(table, c), std::vector<const UOp*>{fakeNode(3)});
  }

  void randomAgainstMultimap() {
    for (size_t hashes : {size_t(3), size_t(40), size_t(5000)}) {
      std::mt19937_64 rng(hashes);
      InternTable table;
      std::multimap<size_t, const UOp*> reference;
      std::vector<std::pair<size_t, const UOp*>> live;
      uintptr_t next = 1;
      for (int step = 0; step < 40000; ++step) {
        bool add = live.empty() || rng() % 100 < (step < 20000 ? 70 : 30);
        if (add) {
          // Spread the small hash set over all 64 bits, as real hashes are.
          size_t h = (rng() % hashes) * 0xD6E8FEB86659FD93ull;
          const UOp* n = fakeNode(next++);
          table.insert(h, n);
          reference.emplace(h, n);
          live.emplace_back(h, n);
        } else {
          size_t pick = rng() % live.size();
          auto [h, n] = live[pick];
          live[pick] = live.back();
          live.pop_back();
          QVERIFY(table.erase(h, n));
          auto [b, e] = reference.equal_range(h);
          reference.erase(std::find_if(b, e, [n = n](const auto& kv) { return kv.second == n; }));
        }
        if (step % 997 == 0 || step == 39999) {
          QCOMPARE(table.size(), reference.size());
          for (int probe = 0; probe < 64 && !live.empty(); ++probe) {
            size_t h = live[rng() % live.size()].first;
            std::vector<const UOp*> expect;
            auto [b, e] = reference.equal_range(h);
            for (auto it = b; it != e; ++it) expect.push_back(it->second);
            std::sort(expect.begin(), expect.end());
            QCOMPARE(allWithHash(table, h), expect);
          }
        }
      }
    }
  }
};

UOPSCOPE_TEST(TestInternTable);
#include "test_intern_table.moc"
