#include "views/code/isa_columns.h"

#include <QRegularExpression>
#include <QStringList>

namespace uops::views {

QString withoutAddressesAndBytes(const QString& disassembly) {
  static const QRegularExpression prefix(QStringLiteral("^\\s*[0-9a-fA-F]+:\\s+(?:[0-9a-fA-F]{2} )+\\s*"));
  QStringList lines = disassembly.split(QLatin1Char('\n'));
  for (QString& line : lines) line.remove(prefix);
  return lines.join(QLatin1Char('\n'));
}

} // namespace uops::views
