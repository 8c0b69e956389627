// uopc memory's text: aligned tables, one column per schedule item.
#include "core/engine/memory_report_print.h"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace uops {
namespace {

using MemoryTextRow = std::vector<std::string>;

// Columns padded to their widest cell, two spaces apart, no trailing blanks.
std::string memoryTextTable(const std::vector<MemoryTextRow>& rows) {
  std::vector<size_t> width;
  for (const MemoryTextRow& r : rows)
    for (size_t c = 0; c < r.size(); ++c) {
      if (width.size() <= c) width.push_back(0);
      width[c] = std::max(width[c], r[c].size());
    }
  std::string out;
  for (const MemoryTextRow& r : rows) {
    std::string line;
    for (size_t c = 0; c < r.size(); ++c)
      line += c + 1 < r.size() ? fmt::format("{:<{}}  ", r[c], width[c]) : r[c];
    line.erase(line.find_last_not_of(' ') + 1);
    out += line + "\n";
  }
  return out;
}

std::string memoryTextList(const std::vector<size_t>& items) {
  if (items.empty()) return "-";
  return fmt::format("{}", fmt::join(items, ","));
}

// "1 item", "4 items"
std::string memoryTextCount(size_t n, std::string_view noun) {
  return fmt::format("{} {}{}", n, noun, n == 1 ? "" : "s");
}

bool memoryTextHas(const std::vector<size_t>& items, size_t p) {
  return std::find(items.begin(), items.end(), p) != items.end();
}

// W written, R read, X both, - live, . not live: one character per item.
std::string memoryTextBar(const ScheduleBuffer& b, size_t items) {
  std::string bar;
  for (size_t p = 0; p < items; ++p) {
    bool w = memoryTextHas(b.writers, p), r = memoryTextHas(b.readers, p);
    bar += w && r ? 'X' : w ? 'W' : r ? 'R' : b.first <= p && p <= b.last ? '-' : '.';
  }
  return bar;
}

} // namespace

std::string formatElementType(DType d) {
  std::string name(scalarNumpyName(d.scalar));
  return d.count > 1 ? fmt::format("{}x{}", name, d.count) : name;
}

std::string formatByteCount(int64_t bytes) {
  if (bytes < 1024) return fmt::format("{} B", bytes);
  double v = double(bytes) / 1024;
  for (const char* unit : {"KiB", "MiB", "GiB"}) {
    if (v < 1024 || std::string_view(unit) == "GiB") return fmt::format("{:.1f} {}", v, unit);
    v /= 1024;
  }
  return {};
}

std::string formatScheduleMemory(const ScheduleMemory& m) {
  std::string out = fmt::format("schedule: {}, {}, peak {} at item {}\n", memoryTextCount(m.items.size(), "item"),
                                memoryTextCount(m.buffers.size(), "buffer"), formatByteCount(m.peakBytes()), m.peak);
  std::vector<MemoryTextRow> items{{"item", "kernel", "live"}};
  for (size_t p = 0; p < m.items.size(); ++p)
    items.push_back({std::to_string(p), m.items[p].label,
                     formatByteCount(m.liveBytes[p]) + (p == m.peak ? "  <- peak" : "")});
  out += memoryTextTable(items);
  out += "\n";
  std::vector<MemoryTextRow> buffers{
      {"buffer", "role", "bytes", "dtype", "items", "life", "writers", "readers", "storage"}};
  for (const ScheduleBuffer& b : m.buffers)
    buffers.push_back({fmt::format("b{}", b.id), std::string(bufferRoleName(b.role)), formatByteCount(b.bytes),
                       formatElementType(b.dtype), memoryTextBar(b, m.items.size()),
                       fmt::format("{}-{}", b.first, b.last), memoryTextList(b.writers),
                       memoryTextList(b.readers), b.storage < 0 ? "own" : fmt::format("s{}", b.storage)});
  out += memoryTextTable(buffers);
  std::vector<std::string> live;
  for (size_t i : m.liveAtPeak)
    live.push_back(fmt::format("b{}", m.buffers[i].id));
  out += fmt::format("\npeak {} at item {}{}: {}\n", formatByteCount(m.peakBytes()), m.peak,
                     m.items.empty() ? "" : " (" + m.items[m.peak].label + ")", fmt::join(live, " "));
  std::vector<std::string> slots;
  for (size_t s = 0; s < m.storageBytes.size(); ++s)
    slots.push_back(fmt::format("s{} {}", s, formatByteCount(m.storageBytes[s])));
  out += fmt::format("storage for intermediates: {} planned ({}), {} one buffer each\n",
                     formatByteCount(m.plannedBytes), slots.empty() ? "none" : fmt::format("{}", fmt::join(slots, ", ")),
                     formatByteCount(m.naiveBytes));
  return out;
}

std::string formatKernelRegisters(const KernelRegisters& r) {
  if (!r.planned) return fmt::format("kernel {}: not lowered to the Register/Memory Plan\n", r.label);
  std::string out = fmt::format("kernel {}: {} in {} over {}\n", r.label,
                                memoryTextCount(r.registers.size(), "register"), memoryTextCount(r.slots.size(), "slot"),
                                memoryTextCount(r.instructions.size(), "instruction"));
  if (r.registers.empty()) return out;
  std::vector<MemoryTextRow> rows{{"register", "dtype", "size", "slot", "live"}};
  for (const KernelRegister& g : r.registers)
    rows.push_back({fmt::format("reg{}", g.buffer), formatElementType(g.dtype), std::to_string(g.size),
                    std::to_string(g.slot),
                    fmt::format("{}-{} ({} .. {})", g.first, g.last, r.instructions.at(g.first),
                                r.instructions.at(g.last))});
  return out + memoryTextTable(rows);
}

} // namespace uops
