// Finding whole ELF files inside a program binary. Drivers wrap machine code
// differently: AMD and Intel return one ELF; PoCL returns its own container
// ("poclbin") holding LLVM bitcode plus, once a kernel has run, one host ELF
// shared object per kernel and work-group size. Reading only ELF headers
// (the System V ABI's layout) finds them in any wrapper.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace uops {

struct ElfSpan {
  size_t offset = 0;    // where "\x7fELF" starts in the blob
  size_t size = 0;      // through the end of its last table or section
  uint16_t machine = 0; // e_machine: 62 x86-64, 183 AArch64, 224 AMDGPU, ...
};

// The ELF file starting at data[0]; size 0 when its header is not a valid
// ELF header (32 or 64 bits, either byte order) or its tables run past data.
ElfSpan elfAt(std::span<const uint8_t> data);

// Every valid ELF file in blob, in order; the bytes inside one are not
// searched again (a nested magic is part of its host).
std::vector<ElfSpan> findElfImages(std::span<const uint8_t> blob);

// "x86-64", "AArch64", "AMDGPU", ...; "machine <n>" for others.
std::string elfMachineName(uint16_t machine);

} // namespace uops
