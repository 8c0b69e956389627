#include "core/program/device_name.h"

#include "core/program/device_run.h"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

namespace uops::program {

std::string canonicalDeviceName(std::string_view typed) {
  std::string upper(typed);
  std::transform(upper.begin(), upper.end(), upper.begin(), [](unsigned char c) { return std::toupper(c); });
  if (upper == "REF" || upper == "INTERP" || upper == "CPU") return upper;
  if (upper == "CL") return "CL:0";
  if (upper.rfind("CL:", 0) == 0 && upper.size() > 3 && upper.size() <= 6 &&
      std::all_of(upper.begin() + 3, upper.end(), [](unsigned char c) { return std::isdigit(c); }))
    return "CL:" + std::to_string(std::stoi(upper.substr(3)));
  throw DeviceError(fmt::format("unknown device '{}': expected REF, INTERP, CPU or CL:<n> (uopc devices lists "
                                "the devices of this machine)",
                                typed));
}

bool runsKernels(const std::string& canonical) { return canonical != "REF"; }

bool isCodegenTarget(const std::string& canonical) { return canonical == "CPU" || canonical.rfind("CL:", 0) == 0; }

} // namespace uops::program
