// The languages the Code view shows: what the renderers write and what the
// disassembler prints.
#pragma once

namespace uops::views {

enum class CodeLanguage : unsigned char { LlvmIr, OpenClC, Assembly };

} // namespace uops::views
