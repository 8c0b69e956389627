// Vector loads and stores for the OpenCL renderer. Expand leaves an UPCAST's
// lanes as scalar loads and stores of consecutive elements; PoCL (and GPU
// drivers) vectorize across work-items, where a work-item's four scalar
// accesses four elements apart become strided gathers and scatters. Found
// here, they are rendered as one vloadN / vstoreN of the consecutive
// elements: gelu over 16M floats on PoCL went from 87 to 62 ms with the
// stores alone (the same kernel text otherwise, timed by one host program).
//
// A group: accesses of one kind to one Param whose indices are the same sum
// of terms plus the constants k, k+1, ..., k+N-1 (core/symbolic/linear_form.h),
// N in 2, 4, 8, 16, none gated, of a dtype that is its own memory type (not
// bool, half, bfloat16), between no loop boundary or barrier, with nothing
// else touching that Param in between. A load group is read where its first
// lane is (lane 0 must come first); a store group is written where its last
// store is (every lane's value exists by then).
#pragma once

#include "core/ir/uop.h"

#include <unordered_map>
#include <vector>

namespace uops::opencl {

struct VectorGroup {
  std::vector<const UOp*> lanes; // Loads or Stores, lane order (index k, k+1, ...)
  const UOp* emitAt = nullptr;   // the member whose place in the Linear renders the group
};

struct VectorPlan {
  std::vector<VectorGroup> groups;
  std::unordered_map<const UOp*, size_t> groupOf; // member -> groups index

  const VectorGroup* of(const UOp& u) const {
    auto it = groupOf.find(&u);
    return it == groupOf.end() ? nullptr : &groups[it->second];
  }
};

VectorPlan planVectorAccess(const UOpPtr& linear);

} // namespace uops::opencl
