// The launch grid of a GPU kernel as Special thread indices (Linearize, GPU
// targets): the ranges a GPU runs in parallel stop being loops.
//
//   LOCAL, GROUP_REDUCE and WARP   -> Special "lidx<d>"  (get_local_id(d));
//   ranges                            TC's WARP lanes nest innermost: lidx0,
//                                      one warp of consecutive work-items
//   GLOBAL ranges with a constant size
//                                   -> Special "gidx<d>"  (get_group_id(d)) in a
//                                      kernel with a workgroup, else "idx<d>"
//                                      (get_global_id(d)); past three, the
//                                      outer ones share dimension 2, each its
//                                      quotient and remainder
//
// d counts from the innermost range (0) outwards. Ends drop the ranges that
// became Specials. A kernel with GROUP_REDUCE ranges has every work-item of a
// group compute the group's result (group_reduce.h): its stores to global
// memory that do not depend on those indices are gated to the work-item whose
// group indices are all 0. More than three workgroup ranges is a
// CodegenError.
#pragma once

#include "core/ir/uop.h"

#include <string>
#include <vector>

namespace uops {

UOpPtr gridSpecials(const UOpPtr& sink);

// The launch sizes the Specials of a Linear describe.
struct LaunchGrid {
  std::vector<int64_t> global; // work-items per dimension (dimension 0 first); empty: one
  std::vector<int64_t> local;  // workgroup size per dimension; empty: the driver chooses
};
LaunchGrid launchGrid(const UOpPtr& linear);

} // namespace uops
