// A test model of tests/cpu/models loaded on a device, and its decode steps:
// the realizations given start_pos, by its value, as the schedule cache keys
// them (tests/cpu/test_symbolic_{shapes,ops,reductions}.cpp).
#pragma once

#include "core/engine/schedule_cache.h"
#include "core/program/program.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace decodesteps {

inline uops::program::LoadedProgram loadTestModel(const char* file, const char* device) {
  return uops::program::loadProgramFile(std::string(UOPSCOPE_SOURCE_DIR "/tests/cpu/models/") + file,
                                        uops::program::LoadOptions::on(device));
}

inline std::map<int64_t, std::vector<std::vector<uops::UOpPtr>>> decodeSteps(const uops::program::LoadedProgram& p) {
  std::map<int64_t, std::vector<std::vector<uops::UOpPtr>>> steps;
  for (const uops::program::RealizedSchedule& s : p.schedules)
    if (s.variables.count("start_pos"))
      steps[s.variables.at("start_pos")].push_back(uops::canonicalBuffers(s.graphs).roots);
  return steps;
}

} // namespace decodesteps
