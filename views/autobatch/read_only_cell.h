// A table cell the user reads but cannot edit (the Autobatch view's tables).
#pragma once

#include <QTableWidgetItem>

namespace uops::views {

inline QTableWidgetItem* readOnlyCell(const QString& text) {
  auto* item = new QTableWidgetItem(text);
  item->setFlags(item->flags() & ~Qt::ItemIsEditable);
  return item;
}

} // namespace uops::views
