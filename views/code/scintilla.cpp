#include "views/code/scintilla.h"

#include <QFontDatabase>

namespace uops::views {

void showLineNumbers(QsciScintilla& edit, const QString& widest) {
  edit.setMarginType(0, QsciScintilla::NumberMargin);
  edit.setMarginLineNumbers(0, true);
  edit.setMarginsFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  edit.setMarginWidth(0, widest);
  edit.setMarginWidth(1, 0);
}

void defineLineMarkers(QsciScintilla& edit, std::initializer_list<QColor> colours) {
  int marker = 0;
  for (const QColor& colour : colours) {
    edit.markerDefine(QsciScintilla::Background, marker);
    edit.setMarkerBackgroundColor(colour, marker);
    ++marker;
  }
}

std::vector<int> linesWithMarker(const QsciScintilla& edit, int marker) {
  std::vector<int> lines;
  const unsigned mask = 1u << marker;
  for (int line = edit.markerFindNext(0, mask); line >= 0; line = edit.markerFindNext(line + 1, mask))
    lines.push_back(line);
  return lines;
}

QString lineWithoutBreak(const QsciScintilla& edit, int line) {
  QString text = edit.text(line);
  while (text.endsWith(QLatin1Char('\n')) || text.endsWith(QLatin1Char('\r'))) text.chop(1);
  return text;
}

} // namespace uops::views
