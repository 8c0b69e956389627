// Work spread over all cores by one process-wide pool of threads.
//
// The pool's threads (one fewer than the cores; the caller is the last) live
// as long as the process. Threads made per call cost their creation, page
// faults on fresh stacks and, when they end, the allocator handing their
// caches back to the system (jemalloc's madvise, each a TLB shootdown on every
// core): about a tenth of lowering a program (uopc bench-compile).
#pragma once

#include <cstddef>
#include <functional>

namespace uops {

// Runs job(j) once for every j < count, on the calling thread and the pool's
// idle threads, and returns when all have run. Calls from several threads, and
// calls from inside a job, are fine (the caller always makes progress itself).
// The first exception a job throws is rethrown here once the others finished.
void parallelFor(size_t count, const std::function<void(size_t)>& job);

// How many times the pool's threads have gone to sleep for want of work (an
// idle thread polls briefly first, so launches in quick succession find it
// awake).
size_t workerPoolSleeps();

} // namespace uops
