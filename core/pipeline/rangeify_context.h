// What Rangeify knows between its steps (internal to rangeify*.cpp).
//
// The range analysis (rangeify_ranges.cpp) walks the tensor graph from the
// outputs to the inputs and gives every value it reaches a RangeInfo: the
// index each of its elements is computed at, the index it reads each source
// at, and whether it is realized into a buffer of its own. The graph's nodes
// are then tagged with their RangeInfo's number, so "apply rangeify" finds a
// node's info after its sources were rewritten.
#pragma once

#include "core/pipeline/rangeify_index.h"

#include <cstdint>
#include <optional>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace uops {

inline constexpr int64_t kNotBroadcast = INT64_MAX;

struct RangeInfo {
  UOpPtr node;                           // the value as the analysis saw it (untagged)
  IndexList out;                         // the element computed, per axis of the value
  std::vector<std::optional<IndexList>> in; // per source: where it is read; nullopt: not data
  UOpList reduceRanges;                  // Reduce: the ranges it closes
  UOpList placeholders;                  // Index: a stand-in Range per computed index (null if constant)
  bool realized = false;                 // stored into a buffer of its own
  bool pinned = false;                   // Contiguous: the buffer stays even where cheap
  bool broadcast = false;                // realized because a consumer broadcasts it
  // Some consumer recomputes it over ranges it is broadcast along: the
  // smallest nest key (kernel_ranges.h) of those ranges; kNotBroadcast: none.
  int64_t endingFrom = kNotBroadcast;
  bool outside = false;                  // computed outside loops it is broadcast along (or read by such a value)
  std::vector<int64_t> broadcastFrom;    // per source: the same for the live ranges it is read broadcast along
};

class RangeifyContext {
public:
  std::vector<RangeInfo> infos;                         // by tag
  std::unordered_map<const UOp*, int64_t> tagOf;        // analysed node -> tag (look-up only)
  int64_t nextRangeId = 0;
  int64_t nextBufferId = 0;
  DeviceArg device{{"CPU"}};                               // where device-less values are stored
  std::unordered_set<int64_t> pinnedBuffers;            // buffer ids removal must keep
  // Buffers of values a consumer broadcasts: a reduction in one is never
  // recomputed in its readers (once per element of the broadcast).
  std::unordered_set<int64_t> broadcastBuffers;
  // Reduce ranges of row reductions: reductions fused into a consumer that
  // broadcasts them only along loops inside their own (a softmax's max and
  // sum), computed once per row; buffer removal may recompute values holding
  // them in readers that read them at the same outer loops.
  std::unordered_set<int64_t> rowReduceRanges;
  bool rowFusion = true; // rangeify.h
  // Reduce range id -> the output loops (LOOP ranges) its reduction runs inside of.
  std::unordered_map<int64_t, std::vector<const UOp*>> reduceLoops;
  UOpList copies;                                       // copy items, in argument order
  std::vector<Shape> outputShapes;                      // the Function's results, in order
  UOpList outputViews;                                  // per result: the Buffer it views, or null
  std::unordered_set<int64_t> resultBuffers;            // the buffers the results are stored in

  // A loop over `size` elements; a size-1 axis is the constant 0.
  UOpPtr newRange(int64_t size, AxisType type);
  // A fresh buffer for `count` elements of dtype on `dev` (this context's device if null).
  UOpPtr newBuffer(DType dtype, int64_t count, const DeviceRef& dev);

  RangeInfo* infoOf(const UOp& tagged) {
    return tagged.tag() ? &infos.at(static_cast<size_t>(*tagged.tag())) : nullptr;
  }
};

} // namespace uops
