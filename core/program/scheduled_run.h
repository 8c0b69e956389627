// Running a program schedule by schedule, as tinygrad runs it: each
// realization point's schedule on the device in program order, the buffer
// versions it computes handed to the schedules that read them, then the
// outputs. A training loop of N steps is N small schedules rather than one
// graph N steps deep.
#pragma once

#include "core/program/device_run.h"
#include "core/program/program.h"

#include <optional>

namespace uops::program {

// Schedules the outputs need (and those they need), then the outputs. With
// `upTo` (1-based), only the schedules up to that one run, and the result's
// outputs are that schedule's buffers.
DeviceRun runScheduled(const LoadedProgram& program, const std::string& device,
                       const RunSettings& settings = {}, std::optional<size_t> upTo = {});

// "2 of 10: TinyJit at line 34" for schedule k (1-based), "10 of 10: the
// outputs" for the last, as uopc and the explorer list them.
std::string scheduleLabel(const LoadedProgram& program, size_t k);

// What schedule k (1-based; schedules().size() + 1 is the end of the program:
// its outputs) computes, its inputs being the Buffer leaves of the versions
// earlier schedules made: for stages, traces and runs of one schedule.
std::vector<Tensor> scheduleGraphs(const LoadedProgram& program, size_t k);
// The bound values of the variables schedule k's graphs read, as it ran
// while loading (its kernels' arguments); empty for the outputs, whose
// graphs hold the values (program.cpp binds them).
VariableValues scheduleVariables(const LoadedProgram& program, size_t k);
// The same with the versions it reads replaced by their data: the values the
// load computed, the others computed on `device` (what the explorer lowers
// and runs for one schedule).
std::vector<Tensor> boundScheduleGraphs(const LoadedProgram& program, size_t k, const std::string& device);

} // namespace uops::program
