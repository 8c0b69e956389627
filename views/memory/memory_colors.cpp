#include "views/memory/memory_colors.h"

#include <array>

namespace uops::views {

QColor roleColor(BufferRole role) {
  switch (role) {
  case BufferRole::Input: return QColor(0x4e, 0x79, 0xa7);
  case BufferRole::Intermediate: return QColor(0xf2, 0x8e, 0x2b);
  case BufferRole::Result: return QColor(0x59, 0xa1, 0x4f);
  }
  return Qt::gray;
}

QColor slotColor(int slot) {
  static const std::array<QColor, 8> palette{QColor(0xe1, 0x57, 0x59), QColor(0x76, 0xb7, 0xb2),
                                             QColor(0xb0, 0x7a, 0xa1), QColor(0xed, 0xc9, 0x48),
                                             QColor(0x9c, 0x75, 0x5f), QColor(0xff, 0x9d, 0xa7),
                                             QColor(0x4e, 0x79, 0xa7), QColor(0x59, 0xa1, 0x4f)};
  return slot < 0 ? QColor(Qt::gray) : palette[static_cast<size_t>(slot) % palette.size()];
}

} // namespace uops::views
