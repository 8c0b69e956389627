#include "core/pipeline/rangeify_context.h"

#include "core/ir/build.h"

namespace uops {

UOpPtr RangeifyContext::newRange(int64_t size, AxisType type) {
  if (size == 1) return constIndex(0);
  return range(size, nextRangeId++, type);
}

UOpPtr RangeifyContext::newBuffer(DType dtype, int64_t count, const DeviceRef& dev) {
  return buffer(nextBufferId++, dtype, count, dev ? *dev : device);
}

} // namespace uops
