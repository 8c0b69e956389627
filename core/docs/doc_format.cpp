#include "core/docs/doc_format.h"

#include <algorithm>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace uops::docs {
namespace {

std::string formatEscapeHtml(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '&') out += "&amp;";
    else out += c;
  }
  return out;
}

std::string_view formatKindWord(DocKind kind) {
  switch (kind) {
  case DocKind::Op: return "op";
  case DocKind::AxisType: return "axis_type";
  case DocKind::OptOp: return "opt_op";
  case DocKind::Llvm: return "llvm";
  case DocKind::OpenCl: return "opencl";
  }
  return "op";
}

} // namespace

std::string docText(const DocEntry& entry) {
  size_t width = 0;
  for (const auto& [label, text] : entry.fields) width = std::max(width, label.size());
  std::string out = fmt::format("{}: {}\n", entry.name, entry.summary);
  for (const auto& [label, text] : entry.fields)
    out += fmt::format("  {:<{}}  {}\n", label, width, text);
  return out;
}

std::string docHtml(const DocEntry& entry) {
  std::string out = fmt::format("<p style='white-space:pre'><b>{}</b> &nbsp;<i>{}</i></p><table>",
                                formatEscapeHtml(entry.name), formatEscapeHtml(entry.summary));
  for (const auto& [label, text] : entry.fields)
    out += fmt::format("<tr><td><b>{}</b>&nbsp;</td><td>{}</td></tr>", formatEscapeHtml(label),
                       formatEscapeHtml(text));
  return out + "</table>";
}

nlohmann::json docJson(const DocEntry& entry) {
  nlohmann::json j = {{"name", entry.name}, {"kind", formatKindWord(entry.kind)},
                      {"summary", entry.summary}};
  for (const auto& [label, text] : entry.fields) j[label] = text;
  return j;
}

std::string docHtmlFor(std::string_view name) {
  std::optional<DocEntry> entry = findDoc(name);
  return entry ? docHtml(*entry) : std::string();
}

} // namespace uops::docs
