// The relocations that patch a section, so the ISA view can name what an
// instruction refers to ("call 0x0  # R_X86_64_PLT32 expf-0x4") before the
// JIT resolves it.
#pragma once

#include <cstdint>
#include <map>
#include <string>

namespace llvm::object {
class ObjectFile;
class SectionRef;
} // namespace llvm::object

namespace uops {

class RelocationNotes {
public:
  void add(uint64_t offset, std::string note) { m_notes.emplace(offset, std::move(note)); }
  // The notes of the relocations in [offset, offset + size), joined by ", ".
  std::string within(uint64_t offset, uint64_t size) const;

private:
  std::multimap<uint64_t, std::string> m_notes; // by offset in the section
};

RelocationNotes relocationNotes(const llvm::object::ObjectFile& file,
                                const llvm::object::SectionRef& section);

} // namespace uops
