// A DocEntry as plain text (uopc doc), as rich text for a tooltip, and as JSON.
#pragma once

#include "core/docs/doc_entry.h"

#include <string>

#include <nlohmann/json_fwd.hpp>

namespace uops::docs {

// "Add: Elementwise op\n  meaning  a + b\n  src      (A, B) ..."
std::string docText(const DocEntry& entry);
// "<b>Add</b> <i>Elementwise op</i><table>...</table>", HTML-escaped.
std::string docHtml(const DocEntry& entry);
// {"name": "Add", "kind": "op", "summary": ..., "meaning": ..., "src": ...}
nlohmann::json docJson(const DocEntry& entry);

// The tooltip of a name, or "" when it is not documented.
std::string docHtmlFor(std::string_view name);

} // namespace uops::docs
