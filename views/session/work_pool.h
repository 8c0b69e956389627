// The threads the explorer's background work runs on (lowerings, layouts,
// compiles, BEAM, runs): its own pool, not Qt's global one, which Qt's raster
// engine uses to draw lines and fills in parallel. A lowering or a Graphviz
// layout holding the global pool's threads made painting wait for it: the
// window stood still 150 ms while a layout ran.
#pragma once

class QThreadPool;

namespace uops::views {

QThreadPool* workPool();

} // namespace uops::views
