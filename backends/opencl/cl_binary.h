// The ISA view's input: a program's CL_PROGRAM_BINARIES for its device, and
// what kind of thing the driver put there. NVIDIA returns PTX (text); AMD and
// Intel return an ELF; PoCL returns a container of LLVM bitcode that gains a
// host ELF per kernel (and work-group size) once the kernel has run.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace uops {

enum class ClBinaryKind {
  Text,        // printable: shown as is (PTX on NVIDIA)
  Elf,         // one or more ELF objects: machine code for a disassembler
  Unavailable, // nothing we can show: empty, bitcode only, or an unknown format
};

const char* toString(ClBinaryKind kind); // "text", "elf", "unavailable"

struct ClElfImage {
  std::string name;           // PoCL: "<kernel>/<work-group sizes>/<kernel>.so"; else "program"
  uint16_t machine = 0;       // e_machine (62: x86-64); pick the disassembler's target by it
  std::vector<uint8_t> bytes; // the whole ELF file
};

class ClBinary {
public:
  ClBinary() = default; // Unavailable, no bytes
  ClBinary(ClBinaryKind kind, std::vector<uint8_t> bytes, std::string text,
           std::vector<ClElfImage> elfImages, std::string description);

  ClBinaryKind kind() const { return m_kind; }
  bool isElf() const { return m_kind == ClBinaryKind::Elf; }
  // The driver's bytes, unchanged, whatever the kind (for "save binary").
  const std::vector<uint8_t>& bytes() const { return m_bytes; }
  // Text: the binary without its trailing NULs. Empty for other kinds.
  const std::string& text() const { return m_text; }
  // Elf: the ELF files found in bytes(), in order. Only the bytes: decoding
  // them into instructions is LLVM's MC disassembler's job (as backends/llvm's
  // disassembleFunction does for CPU kernels); wiring it to these images is
  // left to the ISA view, so this backend stays free of LLVM.
  const std::vector<ClElfImage>& elfImages() const { return m_elfImages; }
  // One line for the ISA view's header; for Unavailable it says why
  // ("not available on this platform: ...").
  const std::string& description() const { return m_description; }

private:
  ClBinaryKind m_kind = ClBinaryKind::Unavailable;
  std::vector<uint8_t> m_bytes;
  std::string m_text;
  std::vector<ClElfImage> m_elfImages;
  std::string m_description = "not available on this platform: no binary";
};

// The kind of a program binary, decided from its bytes alone (tests hand it
// made-up blobs; ClProgram::binary() hands it the driver's).
ClBinary classifyBinary(std::vector<uint8_t> bytes);

} // namespace uops
