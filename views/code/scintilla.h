// QScintilla for the explorer's text panes (ProgramEditor, CodeEditor): its
// headers use Qt's `signals`/`slots` keywords, which this project turns off
// (QT_NO_KEYWORDS), so they are included here once, and only .cpp files
// include this header. Also what both panes set up alike.
#pragma once

#define signals Q_SIGNALS
#define slots Q_SLOTS
#include <Qsci/qscilexercustom.h>
#include <Qsci/qscilexerpython.h>
#include <Qsci/qsciscintilla.h>
#include <Qsci/qscistyle.h>
#undef signals
#undef slots

#include <QColor>
#include <QString>

#include <initializer_list>
#include <vector>

namespace uops::views {

// Line numbers in margin 0, as wide as `widest`, in the fixed-width font; no symbol margin.
void showLineNumbers(QsciScintilla& edit, const QString& widest);
// Markers 0, 1, ... as whole-line backgrounds of these colours (a later one drawn over an earlier).
void defineLineMarkers(QsciScintilla& edit, std::initializer_list<QColor> colours);
// The lines (0-based) carrying marker `marker`.
std::vector<int> linesWithMarker(const QsciScintilla& edit, int marker);
// Line `line` (0-based) without its line break.
QString lineWithoutBreak(const QsciScintilla& edit, int line);

} // namespace uops::views
