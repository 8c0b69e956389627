#include "views/program/program_editor.h"

#include "views/code/scintilla.h"

#include <QFontDatabase>
#include <QVBoxLayout>

namespace uops::views {
namespace {

constexpr int kSquiggle = 0; // the indicator under the error's text

int marker(ProgramEditor::Mark m) {
  return static_cast<int>(m);
}

} // namespace

ProgramEditor::ProgramEditor(QWidget* parent) : QWidget(parent), m_edit(new QsciScintilla(this)) {
  m_edit->setObjectName(QStringLiteral("programEditor"));
  const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
  auto* lexer = new QsciLexerPython(m_edit);
  lexer->setDefaultFont(mono);
  lexer->setFont(mono);
  lexer->setColor(QColor(0x1565C0), QsciLexerPython::Keyword);
  lexer->setColor(QColor(0xC62828), QsciLexerPython::Number);
  lexer->setColor(QColor(0x2E7D32), QsciLexerPython::DoubleQuotedString);
  lexer->setColor(QColor(0x2E7D32), QsciLexerPython::SingleQuotedString);
  lexer->setColor(QColor(0x757575), QsciLexerPython::Comment);
  lexer->setFoldComments(true);
  m_edit->setLexer(lexer);
  m_edit->setUtf8(true);
  m_edit->setIndentationsUseTabs(false);
  m_edit->setTabWidth(4);
  m_edit->setAutoIndent(true);
  showLineNumbers(*m_edit, QStringLiteral("0000"));
  m_edit->setCaretLineVisible(true);
  m_edit->setCaretLineBackgroundColor(QColor(0xD7DEE3)); // what the Graph and Code views mark
  m_edit->SendScintilla(QsciScintillaBase::SCI_SETCARETLINEVISIBLEALWAYS, 1); // also without focus
  defineLineMarkers(*m_edit, {QColor(0xFFCDD2), QColor(0xBBDEFB), QColor(0xFFF59D)}); // by Mark: Error, Origin, Running
  m_edit->indicatorDefine(QsciScintilla::SquiggleIndicator, kSquiggle);
  m_edit->setIndicatorForegroundColor(QColor(0xC62828), kSquiggle);
  m_edit->setAnnotationDisplay(QsciScintilla::AnnotationBoxed);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(m_edit);
  connect(m_edit, &QsciScintilla::textChanged, this, [this] {
    if (!m_setting) Q_EMIT textEdited();
  });
  connect(m_edit, &QsciScintilla::cursorPositionChanged, this, &ProgramEditor::followCursor);
}

QString ProgramEditor::text() const { return m_edit->text(); }

void ProgramEditor::setText(const QString& text) {
  m_setting = true;
  m_edit->setText(text);
  m_setting = false;
}

void ProgramEditor::edit(const QString& text) { m_edit->setText(text); }

int ProgramEditor::lineCount() const { return m_edit->lines(); }

int ProgramEditor::cursorLine() const { return m_cursorLine; }

// QScintilla tells of a moved cursor when it next updates the screen; a move
// made here is told at once.
void ProgramEditor::followCursor() {
  int line = 0, index = 0;
  m_edit->getCursorPosition(&line, &index);
  if (line + 1 == m_cursorLine) return;
  m_cursorLine = line + 1;
  Q_EMIT cursorLineChanged(m_cursorLine);
}

void ProgramEditor::setCursorLine(int line) {
  m_edit->setCursorPosition(line - 1, 0);
  m_edit->ensureLineVisible(line - 1);
  followCursor();
}

void ProgramEditor::moveToEnd() {
  const int last = m_edit->lines() - 1;
  m_edit->setCursorPosition(last, static_cast<int>(m_edit->text(last).size()));
  followCursor();
}

void ProgramEditor::setMarks(int errorLine, const QString& error, int originLine, int runningLine) {
  for (Mark m : {Mark::Error, Mark::Origin, Mark::Running}) m_edit->markerDeleteAll(marker(m));
  m_edit->clearAnnotations();
  m_edit->clearIndicatorRange(0, 0, m_edit->lines(), 0, kSquiggle);
  if (errorLine > 0) {
    m_edit->markerAdd(errorLine - 1, marker(Mark::Error));
    const QsciStyle style(-1, QStringLiteral("load error"), QColor(0xC62828), QColor(0xFFEBEE),
                          QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_edit->annotate(errorLine - 1, error, style);
    const int length = static_cast<int>(lineWithoutBreak(*m_edit, errorLine - 1).size());
    m_edit->fillIndicatorRange(errorLine - 1, 0, errorLine - 1, length, kSquiggle);
  }
  if (originLine > 0) m_edit->markerAdd(originLine - 1, marker(Mark::Origin));
  if (runningLine > 0) m_edit->markerAdd(runningLine - 1, marker(Mark::Running));
}

std::vector<int> ProgramEditor::markedLines(Mark mark) const {
  std::vector<int> lines = linesWithMarker(*m_edit, marker(mark));
  for (int& line : lines) ++line; // 1-based
  return lines;
}

QString ProgramEditor::annotation(int line) const { return m_edit->annotation(line - 1); }

bool ProgramEditor::underlined(int line) const {
  const long position = m_edit->positionFromLineIndex(line - 1, 0);
  return m_edit->SendScintilla(QsciScintillaBase::SCI_INDICATORVALUEAT, kSquiggle, position) != 0;
}

QWidget* ProgramEditor::textWidget() const { return m_edit; }

} // namespace uops::views
