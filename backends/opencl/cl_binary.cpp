#include "backends/opencl/cl_binary.h"

#include "backends/opencl/elf_scan.h"

#include <algorithm>
#include <span>
#include <utility>

namespace uops {

const char* toString(ClBinaryKind kind) {
  switch (kind) {
  case ClBinaryKind::Text:
    return "text";
  case ClBinaryKind::Elf:
    return "elf";
  case ClBinaryKind::Unavailable:
    return "unavailable";
  }
  return "unknown";
}

ClBinary::ClBinary(ClBinaryKind kind, std::vector<uint8_t> bytes, std::string text,
                   std::vector<ClElfImage> elfImages, std::string description)
    : m_kind(kind), m_bytes(std::move(bytes)), m_text(std::move(text)),
      m_elfImages(std::move(elfImages)), m_description(std::move(description)) {}

static bool startsWith(const std::vector<uint8_t>& bytes, std::string_view prefix) {
  return bytes.size() >= prefix.size() &&
         std::equal(prefix.begin(), prefix.end(), bytes.begin(),
                    [](char p, uint8_t b) { return uint8_t(p) == b; }); // char may be signed
}

// Printable ASCII and line breaks, then nothing but NULs (PTX ends in one).
static bool isText(const std::vector<uint8_t>& bytes, size_t& length) {
  length = bytes.size();
  while (length > 0 && bytes[length - 1] == 0)
    --length;
  return length > 0 &&
         std::all_of(bytes.begin(), bytes.begin() + std::ptrdiff_t(length), [](uint8_t c) {
           return (c >= 0x20 && c < 0x7f) || c == '\n' || c == '\r' || c == '\t';
         });
}

// A little-endian 32-bit size right before the image, equal to its size.
static bool sizePrefixed(const std::vector<uint8_t>& bytes, const ElfSpan& span) {
  if (span.offset < 4) return false;
  uint32_t size = 0;
  for (size_t i = 0; i < 4; ++i)
    size |= uint32_t(bytes[span.offset - 4 + i]) << (8 * i);
  return size == span.size;
}

// PoCL's container puts a path, then the file's 32-bit size, before each
// file; any other wrapper gets a name from the image's position.
static std::string imageName(const std::vector<uint8_t>& bytes, const ElfSpan& span) {
  const size_t end = sizePrefixed(bytes, span) ? span.offset - 4 : span.offset;
  size_t begin = end;
  while (begin > 0 && end - begin < 256 && bytes[begin - 1] >= 0x21 && bytes[begin - 1] < 0x7f)
    --begin;
  std::string name(bytes.begin() + std::ptrdiff_t(begin), bytes.begin() + std::ptrdiff_t(end));
  if (name.starts_with('/')) name.erase(0, 1);
  if (!name.empty()) return name;
  return span.offset == 0 ? "program" : "ELF at offset " + std::to_string(span.offset);
}

static std::string elfDescription(const std::vector<uint8_t>& bytes,
                                  const std::vector<ClElfImage>& images) {
  const std::string count = std::to_string(images.size()) + " ELF object" +
                            (images.size() == 1 ? "" : "s") + " (" +
                            elfMachineName(images.front().machine) + ")";
  if (startsWith(bytes, "poclbin")) return count + " in PoCL's program container";
  if (images.size() == 1 && images.front().bytes.size() == bytes.size())
    return "ELF object (" + elfMachineName(images.front().machine) + ")";
  return count + " inside a " + std::to_string(bytes.size()) + "-byte binary";
}

static std::string unavailableReason(const std::vector<uint8_t>& bytes) {
  const std::string prefix = "not available on this platform: ";
  if (bytes.empty()) return prefix + "the driver returned no binary";
  if (startsWith(bytes, "poclbin"))
    return prefix + "PoCL holds only LLVM bitcode until a kernel has run (it compiles per "
                    "work-group size at launch); run the kernel and ask again";
  if (startsWith(bytes, "BC\xC0\xDE"))
    return prefix + "the binary is LLVM bitcode, not machine code";
  return prefix + std::to_string(bytes.size()) + " bytes in a format UOpScope does not read";
}

ClBinary classifyBinary(std::vector<uint8_t> bytes) {
  size_t textLength = 0;
  if (isText(bytes, textLength)) {
    std::string text(bytes.begin(), bytes.begin() + std::ptrdiff_t(textLength));
    const bool ptx = text.find(".target sm_") != std::string::npos;
    return ClBinary(ClBinaryKind::Text, std::move(bytes), std::move(text), {},
                    ptx ? "PTX text" : "text");
  }
  std::vector<ClElfImage> images;
  for (const ElfSpan& span : findElfImages(bytes)) {
    const auto first = bytes.begin() + std::ptrdiff_t(span.offset);
    images.push_back({.name = imageName(bytes, span),
                      .machine = span.machine,
                      .bytes = std::vector<uint8_t>(first, first + std::ptrdiff_t(span.size))});
  }
  if (!images.empty()) {
    std::string description = elfDescription(bytes, images);
    return ClBinary(ClBinaryKind::Elf, std::move(bytes), {}, std::move(images),
                    std::move(description));
  }
  std::string reason = unavailableReason(bytes);
  return ClBinary(ClBinaryKind::Unavailable, std::move(bytes), {}, {}, std::move(reason));
}

} // namespace uops
