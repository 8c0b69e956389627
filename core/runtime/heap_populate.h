// Heap population: each chunk of address space the allocator maps for the
// heap is backed by memory at once (madvise MADV_POPULATE_WRITE), instead of
// page by page as code first touches it.
//
// Lowering grows the heap by megabytes of short-lived nodes, and a first touch
// is a page fault per 4 KiB page: 10 us each in a virtual machine of the kind
// this project runs on, against 0.6 us per page populated in one call. On such
// a machine the attention program's first lowering in a process touched ~3200
// fresh pages, a third of its time (uopc bench-compile).
//
// The allocator is jemalloc (CMakeLists.txt, uopscope_allocator): its extent
// hook for new chunks is wrapped on the arena of each thread that lowers: a
// SmallPagesScope's thread, and the worker pool's threads, which take the
// arenas it set up before starting them. Oversize allocations
// (kernel buffers, in jemalloc's own arena) are left to transparent huge pages.
// Where the allocator is another (the sanitizer builds) or the kernel lacks
// MADV_POPULATE_WRITE (Linux < 5.14), nothing changes.
#pragma once

#include <cstddef>

namespace uops {

// Installs the hook on the calling thread's arena, once per thread; false where
// population is not available.
bool populateThisThreadsHeap();

// Installs the hook on jemalloc's first `count` automatic arenas, setting up
// those not used yet: a thread started afterwards takes an unused one, whose
// first chunk then comes populated too. Returns how many populate.
unsigned populateFirstArenas(unsigned count);

// Installs the hook on one arena (a test's own arena, from jemalloc's
// "arenas.create"); false where population is not available.
bool populateArenaAsItGrows(unsigned arena);

// Whether an arena's new chunks are populated.
bool arenaPopulates(unsigned arena);

// The most of one new chunk that is populated: the allocator uses a chunk from
// its start, and a large one mostly serves later allocations.
inline constexpr size_t kMaxPopulatedPerChunk = size_t(16) << 20;

} // namespace uops
