// Private: where the probe executable (uopscope-clprobe) is.
#pragma once

#include <string>

namespace uops {

// Next to the running executable first (an installed or build-tree bin/),
// else where this build tree makes it (for tests, which run from tests/).
// Looked up once per process. Throws ClError (Usage) when neither exists.
const std::string& clProbeExecutable();

} // namespace uops
