// The members of the numpy module, one list per file (numpy_module.cpp
// assembles them).
#pragma once

#include "core/frontend/value.h"

#include <string>
#include <utility>
#include <vector>

namespace uops::numpy {

using Members = std::vector<std::pair<std::string, frontend::Value>>;

Members creationMembers();  // np_creation.cpp: array, zeros, arange, concatenate, ...
Members mathMembers();      // np_math.cpp: exp, maximum, where, allclose, sum, ...
Members randomMembers();    // random_module.cpp: seed, rand, randn, randint, ..., default_rng

} // namespace uops::numpy
