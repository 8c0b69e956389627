// The threads the explorer's background work runs on (lowerings, layouts,
// compiles, BEAM, runs): its own pool, not Qt's global one, which Qt's raster
// engine uses to draw lines and fills in parallel. A lowering or a Graphviz
// layout holding the global pool's threads made painting wait for it: the
// window stood still 150 ms while a layout ran.
#pragma once

#include <QtConcurrent/QtConcurrentRun>

#include <memory>
#include <type_traits>
#include <utility>

class QThreadPool;

namespace uops::views {

QThreadPool* workPool();

// Called first by every job on the pool (runOnWorkPool, releaseOnWorkPool):
// the worker runs at a lower priority (nice 10 more) than the GUI thread,
// which otherwise waits its turn for a core behind two busy workers on a
// 2-core machine (stepping convnet's stages stalled 54-67 ms, 37-42 ms with
// this alone).
void yieldToTheWindow();

// work() on the pool, below the GUI thread's priority; its QFuture.
template <typename F>
auto runOnWorkPool(F work) {
  return QtConcurrent::run(workPool(), [work = std::move(work)]() mutable {
    yieldToTheWindow();
    return work();
  });
}

// Destroys `old` on the work pool: a replaced program's graphs or a replaced
// layout take tens of milliseconds to free (a 7,000-node chain: 16 ms), which
// the GUI thread would spend standing still.
void releaseOnWorkPool(std::shared_ptr<void> held);
template <typename T>
void releaseOnWorkPool(T&& old) {
  releaseOnWorkPool(std::shared_ptr<void>(std::make_shared<std::decay_t<T>>(std::forward<T>(old))));
}

} // namespace uops::views
