#include "backends/llvm/relocations.h"

#include <llvm/ADT/SmallString.h>
#include <llvm/Object/ELFObjectFile.h>
#include <llvm/Object/ObjectFile.h>
#include <llvm/Support/Casting.h>

#include <cstdio>

namespace uops {

std::string RelocationNotes::within(uint64_t offset, uint64_t size) const {
  std::string out;
  for (auto it = m_notes.lower_bound(offset); it != m_notes.end() && it->first < offset + size;
       ++it)
    out += (out.empty() ? "" : ", ") + it->second;
  return out;
}

// The symbol a relocation refers to; a section symbol (constant pools) has
// no name of its own, so it is named after its section.
static std::string targetName(const llvm::object::ObjectFile& file,
                              const llvm::object::RelocationRef& relocation) {
  const auto symbol = relocation.getSymbol();
  if (symbol == file.symbol_end()) return {};
  if (auto name = symbol->getName(); name && !name->empty())
    return name->str();
  else if (!name)
    llvm::consumeError(name.takeError());
  auto section = symbol->getSection();
  if (!section) {
    llvm::consumeError(section.takeError());
    return {};
  }
  if (*section == file.section_end()) return {};
  auto sectionName = (*section)->getName();
  if (!sectionName) {
    llvm::consumeError(sectionName.takeError());
    return {};
  }
  return sectionName->str();
}

static std::string addendText(const llvm::object::ObjectFile& file,
                              const llvm::object::RelocationRef& relocation) {
  if (!llvm::isa<llvm::object::ELFObjectFileBase>(&file)) return {};
  auto addend = llvm::object::ELFRelocationRef(relocation).getAddend();
  if (!addend) {
    llvm::consumeError(addend.takeError());
    return {};
  }
  if (*addend == 0) return {};
  char text[32];
  const auto magnitude = static_cast<unsigned long long>(*addend < 0 ? -*addend : *addend);
  std::snprintf(text, sizeof text, "%c0x%llx", *addend < 0 ? '-' : '+', magnitude);
  return text;
}

RelocationNotes relocationNotes(const llvm::object::ObjectFile& file,
                                const llvm::object::SectionRef& section) {
  RelocationNotes notes;
  // ELF keeps a section's relocations in another section (.rela.text) that
  // names it; ask every section which one it relocates, as objdump does.
  for (const llvm::object::SectionRef& candidate : file.sections()) {
    auto relocated = candidate.getRelocatedSection();
    if (!relocated) {
      llvm::consumeError(relocated.takeError());
      continue;
    }
    if (*relocated == file.section_end() || **relocated != section) continue;
    for (const llvm::object::RelocationRef& relocation : candidate.relocations()) {
      llvm::SmallString<32> type;
      relocation.getTypeName(type);
      notes.add(relocation.getOffset(), type.str().str() + " " + targetName(file, relocation) +
                                            addendText(file, relocation));
    }
  }
  return notes;
}

} // namespace uops
