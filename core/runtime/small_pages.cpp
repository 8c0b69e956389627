#include "core/runtime/small_pages.h"

#include "core/runtime/heap_populate.h"

#include <mutex>

#if defined(__linux__)
#include <sys/prctl.h>
#endif

namespace uops {
namespace {

std::mutex gMutex;
int gScopes = 0; // alive scopes, under gMutex

void setHugePagesAllowed(bool allowed) {
#if defined(__linux__)
  prctl(PR_SET_THP_DISABLE, allowed ? 0 : 1, 0, 0, 0);
#else
  (void)allowed;
#endif
}

} // namespace

SmallPagesScope::SmallPagesScope() {
  populateThisThreadsHeap();
  std::lock_guard lock(gMutex);
  if (gScopes++ == 0) setHugePagesAllowed(false);
}

SmallPagesScope::~SmallPagesScope() {
  std::lock_guard lock(gMutex);
  if (--gScopes == 0) setHugePagesAllowed(true);
}

} // namespace uops
