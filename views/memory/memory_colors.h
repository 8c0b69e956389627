// The Memory view's colors: one per buffer role, one per storage slot (a
// buffer's or a register's), the same in both charts.
#pragma once

#include "core/engine/memory_report.h"

#include <QColor>

namespace uops::views {

QColor roleColor(BufferRole role);
QColor slotColor(int slot);

} // namespace uops::views
