// The machine-code pane's columns: a disassembly line is "ADDRESS: BYTES
// MNEMONIC OPERANDS"; people read the mnemonic first, so the pane shows
// addresses and encoding bytes only when asked.
#pragma once

#include <QString>

namespace uops::views {

// Each line without its leading "  1b: 62 62 7d 28 18 3d ..." (address and
// bytes); lines that do not start so (labels, comments, messages) as they are.
QString withoutAddressesAndBytes(const QString& disassembly);

} // namespace uops::views
