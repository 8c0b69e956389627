// A run's timeline as a trace in the Trace Event Format (the JSON that
// ui.perfetto.dev and chrome://tracing open): each device a named process
// with one track (its queue), each kernel and copy a complete ("X") event
// from its start to its end, in microseconds. The runs of a repeated run lie
// one after another. Kernels carry their launch (name, global and local
// size, bytes of their buffers, OptOps), copies their bytes, source and
// destination.
#pragma once

#include "core/engine/kernel_launch.h"
#include "core/engine/timeline_event.h"

#include <nlohmann/json.hpp>

#include <vector>

namespace uops {

// {"traceEvents": [...], "displayTimeUnit": "ms"}: the metadata events
// (process_name, process_sort_index, thread_name per device) first, then
// the complete events by start time. `launches` are the run's kernels by
// launch order (TimelineEvent::kernel).
nlohmann::ordered_json chromeTrace(const std::vector<TimelineEvent>& timeline,
                                   const std::vector<KernelLaunch>& launches);

} // namespace uops
