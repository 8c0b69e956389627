// np.random.default_rng(seed): a Generator over PCG64 (pcg64_random.h) with
// random, integers, uniform, permutation and shuffle giving numpy's numbers.
// standard_normal and normal (numpy's ziggurat) are not here: calling them is
// an error that says so.
#pragma once

#include "core/frontend/value.h"

#include <cstdint>

namespace uops::numpy {

frontend::Value makeGenerator(uint64_t seed);

} // namespace uops::numpy
