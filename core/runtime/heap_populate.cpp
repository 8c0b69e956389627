#include "core/runtime/heap_populate.h"

#include <algorithm>
#include <mutex>
#include <string>

#if defined(__linux__) && __has_include(<jemalloc/jemalloc.h>)
#include <jemalloc/jemalloc.h>
#include <sys/mman.h>
#include <unistd.h>
// Only the executables link jemalloc: elsewhere mallctl is null and nothing is installed.
#pragma weak mallctl
#define UOPSCOPE_HEAP_POPULATE 1
#endif

namespace uops {

#if defined(UOPSCOPE_HEAP_POPULATE)
namespace {

#ifndef MADV_POPULATE_WRITE
constexpr int MADV_POPULATE_WRITE = 23; // Linux 5.14
#endif

const extent_hooks_t* gDefault = nullptr; // jemalloc's own hooks, under gMutex until set
extent_hooks_t gHooks;                    // gDefault with populatingAlloc
std::mutex gMutex;
// An arena being set up asks for its metadata block through the hook: that block
// is not the heap, and most of it stays untouched. Set while install() sets one up.
thread_local bool tInstalling = false;

void* populatingAlloc(extent_hooks_t*, void* addr, size_t size, size_t alignment, bool* zero,
                      bool* commit, unsigned arena) {
  void* p = gDefault->alloc(const_cast<extent_hooks_t*>(gDefault), addr, size, alignment, zero,
                            commit, arena);
  if (p && !tInstalling)
    madvise(p, std::min(size, kMaxPopulatedPerChunk), MADV_POPULATE_WRITE); // a hint
  return p;
}

bool kernelPopulates() {
  long page = sysconf(_SC_PAGESIZE);
  void* probe = mmap(nullptr, page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (probe == MAP_FAILED) return false;
  bool ok = madvise(probe, page, MADV_POPULATE_WRITE) == 0;
  munmap(probe, page);
  return ok;
}

std::string hooksKey(unsigned arena) {
  return "arena." + std::to_string(arena) + ".extent_hooks";
}

const extent_hooks_t* hooksOf(const std::string& key) {
  extent_hooks_t* hooks = nullptr;
  size_t size = sizeof(hooks);
  return mallctl(key.c_str(), &hooks, &size, nullptr, 0) == 0 ? hooks : nullptr;
}

// Under gMutex.
bool available() {
  static const bool can = mallctl != nullptr && kernelPopulates();
  return can;
}

// Under gMutex.
bool install(unsigned arena) {
  if (!available()) return false;
  const std::string key = hooksKey(arena);
  const extent_hooks_t* current = hooksOf(key);
  if (!current) return false;
  if (current == &gHooks) return true;
  if (!gDefault) {
    gDefault = current;
    gHooks = *current;
    gHooks.alloc = populatingAlloc;
  }
  if (current != gDefault) return false; // an arena with somebody else's hooks is left alone
  extent_hooks_t* mine = &gHooks;
  // writing the hooks of an arena not used yet sets it up, its metadata block through the hook
  tInstalling = true;
  bool ok = mallctl(key.c_str(), nullptr, nullptr, &mine, sizeof(mine)) == 0;
  tInstalling = false;
  return ok;
}

} // namespace

bool populateThisThreadsHeap() {
  thread_local const bool installed = [] {
    if (!mallctl) return false;
    unsigned arena = 0;
    size_t size = sizeof(arena);
    if (mallctl("thread.arena", &arena, &size, nullptr, 0) != 0) return false;
    return populateArenaAsItGrows(arena);
  }();
  return installed;
}

unsigned populateFirstArenas(unsigned count) {
  std::lock_guard lock(gMutex);
  unsigned automatic = 0;
  size_t size = sizeof(automatic);
  if (!available() || mallctl("opt.narenas", &automatic, &size, nullptr, 0) != 0) return 0;
  unsigned n = 0;
  for (unsigned a = 0; a < std::min(count, automatic); ++a)
    n += install(a) ? 1 : 0;
  return n;
}

bool populateArenaAsItGrows(unsigned arena) {
  std::lock_guard lock(gMutex);
  return install(arena);
}

bool arenaPopulates(unsigned arena) {
  std::lock_guard lock(gMutex);
  return available() && hooksOf(hooksKey(arena)) == &gHooks;
}

#else

bool populateThisThreadsHeap() {
  return false;
}
unsigned populateFirstArenas(unsigned) {
  return 0;
}
bool populateArenaAsItGrows(unsigned) {
  return false;
}
bool arenaPopulates(unsigned) {
  return false;
}

#endif

} // namespace uops
