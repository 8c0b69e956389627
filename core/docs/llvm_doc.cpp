#include "core/docs/llvm_doc.h"

#include <cctype>
#include <vector>

namespace uops::docs {

std::span<const LlvmDoc> llvmInstructionDocs();
std::span<const LlvmDoc> llvmIntrinsicDocs();

namespace {

// An overload suffix: f32, i64, v4f32, p0, v64f32.
bool llvmIsTypeSuffix(std::string_view part) {
  size_t i = 0;
  if (!part.empty() && part[0] == 'v') {
    ++i;
    while (i < part.size() && std::isdigit(static_cast<unsigned char>(part[i]))) ++i;
    if (i == 1) return false;
  }
  if (i >= part.size() || (part[i] != 'f' && part[i] != 'i' && part[i] != 'p')) return false;
  ++i;
  if (i == part.size()) return false;
  for (; i < part.size(); ++i)
    if (!std::isdigit(static_cast<unsigned char>(part[i]))) return false;
  return true;
}

// An x86 intrinsic's lane suffix: ps, pd, ss, sd and the vector's bits (scalef.ps.512).
bool x86IsLaneSuffix(std::string_view part) {
  return part == "ps" || part == "pd" || part == "ss" || part == "sd" || part == "128" ||
         part == "256" || part == "512";
}

} // namespace

std::span<const LlvmDoc> llvmDocs() {
  static const auto* all = [] {
    auto* docs = new std::vector<LlvmDoc>();
    for (auto family : {llvmInstructionDocs(), llvmIntrinsicDocs()})
      docs->insert(docs->end(), family.begin(), family.end());
    return docs;
  }();
  return *all;
}

std::string llvmDocName(std::string_view word) {
  if (!word.empty() && word[0] == '@') word.remove_prefix(1);
  if (!word.starts_with("llvm.")) return std::string(word);
  const bool x86 = word.starts_with("llvm.x86.");
  for (size_t dot = word.rfind('.'); dot != std::string_view::npos && dot > 4;
       dot = word.rfind('.')) {
    const std::string_view part = word.substr(dot + 1);
    if (!llvmIsTypeSuffix(part) && !(x86 && x86IsLaneSuffix(part))) break;
    word = word.substr(0, dot);
  }
  return std::string(word);
}

const LlvmDoc* llvmDoc(std::string_view word) {
  std::string name = llvmDocName(word);
  for (const LlvmDoc& doc : llvmDocs())
    if (doc.name == name) return &doc;
  return nullptr;
}

} // namespace uops::docs
