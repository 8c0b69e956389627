// uopc memory --json: the same fields as the text, as numbers and names.
#include "core/engine/memory_report_print.h"

namespace uops {
nlohmann::ordered_json scheduleMemoryJson(const ScheduleMemory& m) {
  nlohmann::ordered_json items = nlohmann::ordered_json::array();
  for (const ScheduleItem& i : m.items) {
    nlohmann::ordered_json item;
    item["label"] = i.label;
    item["kernel"] = i.kernel < 0 ? nlohmann::ordered_json() : nlohmann::ordered_json(i.kernel);
    items.push_back(std::move(item));
  }
  nlohmann::ordered_json buffers = nlohmann::ordered_json::array();
  for (const ScheduleBuffer& b : m.buffers) {
    nlohmann::ordered_json buffer;
    buffer["id"] = b.id;
    buffer["bytes"] = b.bytes;
    buffer["dtype"] = formatElementType(b.dtype);
    buffer["role"] = std::string(bufferRoleName(b.role));
    buffer["first"] = b.first;
    buffer["last"] = b.last;
    buffer["writers"] = b.writers;
    buffer["readers"] = b.readers;
    buffer["storage"] = b.storage < 0 ? nlohmann::ordered_json() : nlohmann::ordered_json(b.storage);
    buffers.push_back(std::move(buffer));
  }
  nlohmann::ordered_json live = nlohmann::ordered_json::array();
  for (size_t i : m.liveAtPeak)
    live.push_back(m.buffers[i].id);
  nlohmann::ordered_json out;
  out["items"] = std::move(items);
  out["buffers"] = std::move(buffers);
  out["storage_bytes"] = m.storageBytes;
  out["planned_bytes"] = m.plannedBytes;
  out["naive_bytes"] = m.naiveBytes;
  out["live_bytes"] = m.liveBytes;
  out["peak"] = {{"item", m.peak}, {"bytes", m.peakBytes()}, {"live", std::move(live)}};
  return out;
}

nlohmann::ordered_json kernelRegistersJson(const KernelRegisters& r) {
  nlohmann::ordered_json slots = nlohmann::ordered_json::array();
  for (const RegisterSlot& s : r.slots)
    slots.push_back({{"dtype", formatElementType(s.dtype)}, {"size", s.size}});
  nlohmann::ordered_json registers = nlohmann::ordered_json::array();
  for (const KernelRegister& g : r.registers)
    registers.push_back({{"buffer", g.buffer},
                         {"dtype", formatElementType(g.dtype)},
                         {"size", g.size},
                         {"first", g.first},
                         {"last", g.last},
                         {"slot", g.slot}});
  nlohmann::ordered_json out;
  out["kernel"] = r.kernel;
  out["label"] = r.label;
  out["planned"] = r.planned;
  out["instructions"] = r.instructions;
  out["slots"] = std::move(slots);
  out["registers"] = std::move(registers);
  return out;
}

} // namespace uops
