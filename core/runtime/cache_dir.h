// Where UOpScope keeps its on-disk caches (BEAM results, compiled kernels):
// $UOPSCOPE_CACHE_DIR, else $XDG_CACHE_HOME/uopscope, else ~/.cache/uopscope,
// else a folder in the system's temporary directory.
#pragma once

#include <string>

namespace uops {

std::string userCacheDirectory();

} // namespace uops
