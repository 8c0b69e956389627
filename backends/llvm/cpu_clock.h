// The host CPU's clock, for turning the throughput model's cycles into time:
// /proc/cpuinfo's "cpu MHz" of the first core (the kernel's view of the
// current clock; on a virtual machine, the host's nominal one).
#pragma once

#include <string>

namespace uops {

struct CpuClock {
  double mhz = 0;     // 0 when it could not be read
  std::string source; // "/proc/cpuinfo (cpu MHz)", or why it is unknown
};

CpuClock hostCpuClock();

// "cpu MHz : 2096.013" lines of a /proc/cpuinfo text: the first one's value, 0 if none.
double cpuMhzFromCpuinfo(const std::string& text);

} // namespace uops
