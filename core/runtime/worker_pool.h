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

// parallelFor whose jobs are chunks of one stream in order (a kernel's THREAD
// indices): the jobs are cut into one consecutive span per core, each thread
// that joins works through a span of its own from its start, and a thread
// that runs out takes the others' remaining jobs from their ends. Each core
// reads one long run of memory while it can; a core that joins late or runs
// slowed still leaves its jobs to the others. Taken one at a time in order
// instead, the cores read neighbouring chunks at once: a sum of 16M floats in
// 16 chunks ran 20-25% slower (2-core Zen 5, alternating).
void parallelForInSpans(size_t count, const std::function<void(size_t)>& job);

// How many times the pool's threads have gone to sleep for want of work (an
// idle thread polls briefly first, so launches in quick succession find it
// awake).
size_t workerPoolSleeps();

} // namespace uops
