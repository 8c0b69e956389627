#include "backends/opencl/elf_scan.h"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <string>

namespace uops {

namespace {

// Reads the header fields ELF defines, in the file's class and byte order;
// every read is bounds-checked, so a corrupt header just fails.
class ElfReader {
public:
  ElfReader(std::span<const uint8_t> data, bool is64, bool bigEndian)
      : m_data(data), m_is64(is64), m_big(bigEndian) {}

  bool is64() const { return m_is64; }
  bool ok() const { return m_ok; }

  uint64_t read(size_t offset, size_t width) {
    if (offset > m_data.size() || width > m_data.size() - offset) {
      m_ok = false;
      return 0;
    }
    uint64_t value = 0;
    for (size_t i = 0; i < width; ++i) {
      const size_t at = m_big ? i : width - 1 - i;
      value = (value << 8) | m_data[offset + at];
    }
    return value;
  }
  // A field that is 4 bytes in ELF32 and 8 in ELF64 (addresses, offsets, sizes).
  uint64_t word(size_t offset32, size_t offset64) {
    return m_is64 ? read(offset64, 8) : read(offset32, 4);
  }

private:
  std::span<const uint8_t> m_data;
  bool m_is64;
  bool m_big;
  bool m_ok = true;
};

constexpr uint8_t kMagic[] = {0x7f, 'E', 'L', 'F'};

// offset + size, or "past any blob" when either is past limit: corrupt
// 64-bit fields must not wrap around into a plausible end.
uint64_t reach(uint64_t offset, uint64_t size, uint64_t limit) {
  return offset > limit || size > limit ? UINT64_MAX : offset + size;
}

// The program or section header table: count entries of entrySize bytes.
struct Table {
  uint64_t offset, count, entrySize; // count and entrySize are 16-bit fields
};

uint64_t tableEnd(const Table& t, uint64_t limit) {
  return t.count == 0 ? 0 : reach(t.offset, t.count * t.entrySize, limit);
}

} // namespace

ElfSpan elfAt(std::span<const uint8_t> data) {
  if (data.size() < 52 || !std::equal(std::begin(kMagic), std::end(kMagic), data.begin()))
    return {};
  const uint8_t cls = data[4], order = data[5], version = data[6];
  if ((cls != 1 && cls != 2) || (order != 1 && order != 2) || version != 1) return {};
  ElfReader r(data, cls == 2, order == 2);
  const uint64_t headerSize = r.is64() ? 64 : 52;
  if (r.read(r.is64() ? 0x34 : 0x28, 2) != headerSize) return {};
  const auto machine = uint16_t(r.read(0x12, 2));
  const Table programs{r.word(0x1C, 0x20), r.read(r.is64() ? 0x38 : 0x2C, 2),
                       r.read(r.is64() ? 0x36 : 0x2A, 2)};
  const Table sections{r.word(0x20, 0x28), r.read(r.is64() ? 0x3C : 0x30, 2),
                       r.read(r.is64() ? 0x3A : 0x2E, 2)};
  const uint64_t limit = data.size();
  uint64_t end = std::max({headerSize, tableEnd(programs, limit), tableEnd(sections, limit)});
  if (!r.ok() || end > data.size()) return {};
  // Segment and section contents may lie past both tables.
  for (uint64_t i = 0; i < programs.count; ++i) {
    const uint64_t at = programs.offset + i * programs.entrySize;
    end = std::max(end, reach(r.word(at + 0x04, at + 0x08), r.word(at + 0x10, at + 0x20), limit));
  }
  for (uint64_t i = 0; i < sections.count; ++i) {
    const uint64_t at = sections.offset + i * sections.entrySize;
    const bool noBits = r.read(at + 0x04, 4) == 8; // SHT_NOBITS (.bss) occupies no file bytes
    if (!noBits)
      end = std::max(end, reach(r.word(at + 0x10, at + 0x18), r.word(at + 0x14, at + 0x20), limit));
  }
  if (!r.ok() || end > data.size()) return {};
  return {.offset = 0, .size = size_t(end), .machine = machine};
}

std::vector<ElfSpan> findElfImages(std::span<const uint8_t> blob) {
  std::vector<ElfSpan> images;
  auto it = blob.begin();
  while ((it = std::search(it, blob.end(), std::begin(kMagic), std::end(kMagic))) != blob.end()) {
    const size_t offset = size_t(it - blob.begin());
    ElfSpan span = elfAt(blob.subspan(offset));
    if (span.size == 0) {
      ++it;
      continue;
    }
    span.offset = offset;
    images.push_back(span);
    it += std::ptrdiff_t(span.size);
  }
  return images;
}

std::string elfMachineName(uint16_t machine) {
  switch (machine) {
  case 3:
    return "i386";
  case 40:
    return "ARM";
  case 62:
    return "x86-64";
  case 183:
    return "AArch64";
  case 224:
    return "AMDGPU";
  case 243:
    return "RISC-V";
  }
  return "machine " + std::to_string(machine);
}

} // namespace uops
