// memory_report.h's data printed: text tables for people (uopc memory) and
// JSON for scripts (uopc memory --json). Both list the same fields.
#pragma once

#include "core/engine/memory_report.h"

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

namespace uops {

// "512 B", "1.5 KiB", "2.0 MiB": one decimal from KiB on.
std::string formatByteCount(int64_t bytes);
// "float32", "float32x4": numpy's scalar name, and the lanes of a vector.
std::string formatElementType(DType dtype);

// The items with their live bytes (the peak marked), one row per buffer with
// a column per item (W written, R read, X both, - live in between, . not
// live), the live set at the peak and the planned storage.
std::string formatScheduleMemory(const ScheduleMemory& memory);
// One row per register: buffer, dtype, elements, slot and live positions
// with the instructions there.
std::string formatKernelRegisters(const KernelRegisters& registers);

// {"items": [{"label", "kernel"}], "buffers": [{"id", "bytes", "dtype", "role",
//  "first", "last", "writers", "readers", "storage"}], "storage_bytes": [...],
//  "planned_bytes", "naive_bytes", "live_bytes": [...],
//  "peak": {"item", "bytes", "live": [buffer ids]}}; storage null for its own
nlohmann::ordered_json scheduleMemoryJson(const ScheduleMemory& memory);
// {"kernel", "label", "planned", "instructions": [ops], "slots": [{"dtype",
//  "size"}], "registers": [{"buffer", "dtype", "size", "first", "last", "slot"}]}
nlohmann::ordered_json kernelRegistersJson(const KernelRegisters& registers);

} // namespace uops
