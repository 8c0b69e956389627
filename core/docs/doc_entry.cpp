#include "core/docs/doc_entry.h"

#include "core/docs/axis_opt_doc.h"
#include "core/docs/llvm_doc.h"
#include "core/docs/opencl_doc.h"
#include "core/docs/op_doc.h"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

namespace uops::docs {
namespace {

std::string_view entryGroupWord(OpGroup group) {
  switch (group) {
  case OpGroup::Source: return "Source op";
  case OpGroup::Movement: return "Movement op";
  case OpGroup::Reduce: return "Reduce op";
  case OpGroup::Call: return "Call op";
  case OpGroup::Load: return "Load op";
  case OpGroup::Store: return "Store op";
  case OpGroup::Ordering: return "Ordering op";
  case OpGroup::Elementwise: return "Elementwise op";
  case OpGroup::DecomposedElementwise: return "Decomposed elementwise op";
  case OpGroup::Marker: return "Marker op";
  case OpGroup::Codegen: return "Codegen op";
  }
  return "op";
}

std::string entryLower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

size_t entryEditDistance(std::string_view a, std::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

DocEntry llvmDocEntry(const LlvmDoc& doc) {
  return {DocKind::Llvm, std::string(doc.name), fmt::format("LLVM IR {}", doc.kind),
          {{"meaning", std::string(doc.meaning)},
           {"operands", std::string(doc.operands)},
           {"written for", std::string(doc.uopOrigin)}}};
}

DocEntry entryFromOpenCl(const OpenClDoc& doc) {
  return {DocKind::OpenCl, std::string(doc.name), fmt::format("OpenCL C {}", doc.kind),
          {{"meaning", std::string(doc.meaning)},
           {"signature", std::string(doc.signature)},
           {"written for", std::string(doc.uopOrigin)}}};
}

// Entries by kind, in the order lookups prefer them.
std::vector<DocEntry> entryAll() {
  std::vector<DocEntry> all;
  for (Op op : allOps()) all.push_back(opDocEntry(op));
  for (const AxisTypeDoc& doc : axisTypeDocs()) all.push_back(axisTypeDocEntry(doc.type));
  for (const OptOpDoc& doc : optOpDocs()) all.push_back(optOpDocEntry(doc.op));
  for (const LlvmDoc& doc : llvmDocs()) all.push_back(llvmDocEntry(doc));
  for (const OpenClDoc& doc : openclDocs()) all.push_back(entryFromOpenCl(doc));
  return all;
}

const std::vector<DocEntry>& entryTable() {
  static const auto* table = new std::vector<DocEntry>(entryAll());
  return *table;
}

} // namespace

DocEntry opDocEntry(Op op) {
  const OpDoc& doc = opDoc(op);
  DocEntry entry{DocKind::Op, std::string(opName(op)), std::string(entryGroupWord(opGroup(op))), {}};
  entry.fields = {{"meaning", std::string(doc.meaning)},
                  {"src", std::string(doc.sources)},
                  {"arg", std::string(doc.arg)},
                  {"dtype", std::string(doc.dtype)}};
  if (!doc.example.empty()) entry.fields.emplace_back("example", std::string(doc.example));
  return entry;
}

DocEntry axisTypeDocEntry(AxisType type) {
  const AxisTypeDoc& doc = axisTypeDoc(type);
  return {DocKind::AxisType, std::string(axisTypeName(type)),
          fmt::format("AxisType, letter {}", axisTypeLetter(type)),
          {{"meaning", std::string(doc.meaning)},
           {"split from", std::string(doc.splitFrom)},
           {"direction", std::string(doc.direction)}}};
}

DocEntry optOpDocEntry(OptOpKind op) {
  const OptOpDoc& doc = optOpDoc(op);
  return {DocKind::OptOp, std::string(doc.name), "OptOp (kernel optimization)",
          {{"meaning", std::string(doc.meaning)},
           {"axis", std::string(doc.axis)},
           {"arg", std::string(doc.arg)},
           {"example", std::string(doc.example)}}};
}

std::optional<DocEntry> openclDocEntry(std::string_view word) {
  const OpenClDoc* doc = openclDoc(word);
  if (!doc) return std::nullopt;
  return entryFromOpenCl(*doc);
}

std::optional<DocEntry> findDoc(std::string_view name) {
  const std::vector<DocEntry>& table = entryTable();
  for (const DocEntry& entry : table)
    if (entry.name == name) return entry;
  if (const LlvmDoc* doc = llvmDoc(name)) return llvmDocEntry(*doc);
  if (std::optional<DocEntry> cl = openclDocEntry(name)) return cl;
  std::string lower = entryLower(name);
  for (const DocEntry& entry : table)
    if (entryLower(entry.name) == lower) return entry;
  return std::nullopt;
}

std::vector<std::string> allDocNames() {
  std::vector<std::string> names;
  for (const DocEntry& entry : entryTable()) names.push_back(entry.name);
  return names;
}

std::vector<std::string> closeDocNames(std::string_view name, size_t limit) {
  std::string lower = entryLower(name);
  std::vector<std::pair<size_t, std::string>> scored;
  for (const DocEntry& entry : entryTable()) {
    size_t d = entryEditDistance(lower, entryLower(entry.name));
    if (d <= std::max<size_t>(2, lower.size() / 3)) scored.emplace_back(d, entry.name);
  }
  std::stable_sort(scored.begin(), scored.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::string> out;
  for (size_t i = 0; i < scored.size() && out.size() < limit; ++i) out.push_back(scored[i].second);
  return out;
}

} // namespace uops::docs
