// Heap population (core/runtime/heap_populate.h): an arena with the hook gets
// its new chunks resident before anything touches them; one without does not.
#include "tests/support/test_registry.h"
#include "core/runtime/heap_populate.h"
#include "core/runtime/small_pages.h"

#include <QTest>

#if defined(UOPSCOPE_WITH_JEMALLOC)
#include <jemalloc/jemalloc.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <string>
#include <thread>
#include <vector>
#endif

using namespace uops;

namespace {

#if defined(UOPSCOPE_WITH_JEMALLOC)
unsigned newArena() {
  unsigned arena = 0;
  size_t size = sizeof(arena);
  if (mallctl("arenas.create", &arena, &size, nullptr, 0) != 0) qFatal("jemalloc made no arena");
  return arena;
}

void destroyArena(unsigned arena) {
  std::string key = "arena." + std::to_string(arena) + ".destroy";
  mallctl(key.c_str(), nullptr, nullptr, nullptr, 0);
}

// Of the pages of a fresh allocation in `arena`, how many are resident before it is touched.
std::pair<size_t, size_t> residentPagesOfNewBlock(unsigned arena, size_t bytes) {
  void* p = mallocx(bytes, MALLOCX_ARENA(arena) | MALLOCX_TCACHE_NONE);
  if (!p) qFatal("mallocx failed");
  size_t page = size_t(sysconf(_SC_PAGESIZE));
  // jemalloc starts a large block at a random cache line of its first page
  uintptr_t first = (reinterpret_cast<uintptr_t>(p) + page - 1) & ~(page - 1);
  size_t pages = bytes / page - 1;
  std::vector<unsigned char> in(pages);
  if (mincore(reinterpret_cast<void*>(first), pages * page, in.data()) != 0)
    qFatal("mincore failed");
  size_t resident = 0;
  for (unsigned char c : in)
    resident += c & 1;
  dallocx(p, MALLOCX_TCACHE_NONE);
  return {resident, pages};
}
#endif

} // namespace

class TestHeapPopulate : public QObject {
  Q_OBJECT

private Q_SLOTS:
#if !defined(UOPSCOPE_WITH_JEMALLOC)
  // A sanitizer build brings its own allocator: nothing is installed, nothing fails.
  void nothingIsInstalledWithoutJemalloc() {
    QVERIFY(!populateThisThreadsHeap());
  }
#else
  void aLoweringThreadsArenaPopulates() {
    unsigned arena = 0;
    std::thread([&] {
      SmallPagesScope lowering;
      size_t size = sizeof(arena);
      mallctl("thread.arena", &arena, &size, nullptr, 0);
    }).join();
    QVERIFY(arenaPopulates(arena));
  }

  void newChunksOfAPopulatingArenaAreResident() {
    unsigned arena = newArena();
    QVERIFY(!arenaPopulates(arena));
    QVERIFY(populateArenaAsItGrows(arena));
    QVERIFY(arenaPopulates(arena));
    auto [resident, pages] = residentPagesOfNewBlock(arena, size_t(3) << 20);
    QCOMPARE(resident, pages);
    destroyArena(arena);
  }

  // What the test above would see without the hook: the check can fail.
  void newChunksOfAPlainArenaAreNot() {
    unsigned arena = newArena();
    auto [resident, pages] = residentPagesOfNewBlock(arena, size_t(3) << 20);
    QVERIFY2(resident < pages / 2,
             qPrintable(QStringLiteral("%1 of %2 resident").arg(resident).arg(pages)));
    destroyArena(arena);
  }
#endif
};

UOPSCOPE_TEST(TestHeapPopulate);
#include "test_heap_populate.moc"
