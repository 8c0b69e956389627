// The multi-device split: a tensor graph whose values live on device tuples
// (core/ir/device.h's device and axis properties) becomes graphs whose every
// node is on one device, ready for Callify and Rangeify. A value on an
// n-tuple becomes n parts: shard i on device i (axis a: elements
// [i*s/n, (i+1)*s/n) of axis a) or replica i. Communication is explicit:
// every value that crosses devices is a Load to the device that reads it
// (the spec's Copy), and the collectives are the spec's compositions:
//  - scatter (Load to a tuple): each device gets its slice of the source;
//  - gather (Load to one device): the shards copied there, concatenated;
//  - allreduce (Reduce over the shard axis): each device reduces its shard,
//    then sums (max, multiplies) every device's partial result it is sent;
//  - resharding (an elementwise op or Stack whose operands are sharded on
//    different axes): each device receives its slice of every other shard.
// Operands of one op must be on one tuple; tinygrad's refusals are errors
// here too (uneven shards, padding, flipping or shrinking inside the shard
// axis, a reshape moving elements between shards).
#pragma once

#include "core/ir/uop.h"
#include "core/runtime/host_tensor.h"

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace uops {

class DeviceSplitError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

struct DeviceSplit {
  // Graphs with every node on one device (or none), several per output.
  std::vector<UOpPtr> roots;
  struct Output {
    std::vector<size_t> parts;   // indices into roots: the shards in device order, or one value
    std::optional<int> axis;     // the shards' axis; none: parts[0] is the whole value
  };
  std::vector<Output> outputs; // one per given root
};

// Whether any value under `roots` lives on a device tuple or is marked
// Replicated (which the split turns into one replica's view).
bool needsDeviceSplit(const std::vector<UOpPtr>& roots);

// GetTuple(Function(...)) under `root` replaced by the function's body with
// its Params bound to the arguments: the split places a body's ops on the
// arguments' devices (a Function itself has no placement). A traced rewrite
// step named "inline functions".
UOpPtr inlineCallsForSplit(const UOpPtr& root);

// Throws DeviceSplitError naming the op that cannot be split. Inlines calls
// first, untraced, in one rewrite over all roots.
DeviceSplit splitDevices(const std::vector<UOpPtr>& roots);
// The same for roots inlineCallsForSplit already inlined (a caller that
// records the split traces the inlining as its own step).
DeviceSplit splitInlinedDevices(const std::vector<UOpPtr>& roots);

// An output's value from its parts' values (shards concatenated along the axis).
HostTensor assembleOutput(const DeviceSplit::Output& output, const std::vector<HostTensor>& values);

} // namespace uops
