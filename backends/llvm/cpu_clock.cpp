#include "backends/llvm/cpu_clock.h"

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace uops {

double cpuMhzFromCpuinfo(const std::string& text) {
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("cpu MHz", 0) != 0) continue;
    const auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    return std::strtod(line.c_str() + colon + 1, nullptr);
  }
  return 0;
}

CpuClock hostCpuClock() {
  std::ifstream file("/proc/cpuinfo");
  if (!file) return {.mhz = 0, .source = "no /proc/cpuinfo to read the clock from"};
  std::stringstream text;
  text << file.rdbuf();
  const double mhz = cpuMhzFromCpuinfo(text.str());
  if (mhz <= 0) return {.mhz = 0, .source = "/proc/cpuinfo names no cpu MHz"};
  return {.mhz = mhz, .source = "/proc/cpuinfo (cpu MHz)"};
}

} // namespace uops
