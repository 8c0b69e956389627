#include "views/code/code_editor.h"

#include "views/code/code_highlight_rules.h"
#include "views/common/doc_tooltip.h"

#include "views/code/scintilla.h"

#include <QFontDatabase>
#include <QMouseEvent>
#include <QScrollBar>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>

namespace uops::views {

// Styles: 0 plain text, 1 + TokenKind for each kind of token.
class CodeLexer : public QsciLexerCustom {
public:
  CodeLexer(QObject* parent, CodeLanguage language) : QsciLexerCustom(parent) {
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    setDefaultFont(mono);
    setFont(mono, 0);
    for (int kind = 0; kind < kTokenKinds; ++kind) {
      const QTextCharFormat format = tokenFormat(static_cast<TokenKind>(kind));
      QFont font = mono;
      font.setBold(format.fontWeight() >= QFont::Bold);
      font.setItalic(format.fontItalic());
      setFont(font, kind + 1);
      setColor(format.foreground().color(), kind + 1);
    }
    setLanguage(language);
  }

  void setLanguage(CodeLanguage language) {
    m_language = language;
    m_rules = highlightRules(language);
  }
  CodeLanguage codeLanguage() const { return m_language; }

  const char* language() const override { return "uopscope code"; }
  QString description(int style) const override {
    return style >= 0 && style <= kTokenKinds ? QStringLiteral("token %1").arg(style) : QString();
  }

  // Colours whole lines from the one holding `start` to the one holding `end`.
  void styleText(int start, int end) override {
    QsciScintilla* e = editor();
    if (!e) return;
    int first = 0, last = 0, index = 0;
    e->lineIndexFromPosition(start, &first, &index);
    e->lineIndexFromPosition(end, &last, &index);
    startStyling(static_cast<int>(e->positionFromLineIndex(first, 0)));
    for (int line = first; line <= last && line < e->lines(); ++line) {
      const QString text = e->text(line);
      std::vector<int> style = lineTokens(m_rules, text);
      for (int& s : style) ++s; // style 0 is plain text
      // runs of one style, in bytes (the text is UTF-8)
      for (size_t i = 0; i < style.size();) {
        size_t j = i;
        while (j < style.size() && style[j] == style[i]) ++j;
        setStyling(static_cast<int>(text.mid(static_cast<qsizetype>(i), static_cast<qsizetype>(j - i)).toUtf8().size()),
                   style[i]);
        i = j;
      }
    }
  }

private:
  CodeLanguage m_language = CodeLanguage::LlvmIr;
  std::vector<HighlightRule> m_rules;
};

namespace {

int marker(CodeEditor::Mark mark) {
  return static_cast<int>(mark);
}


} // namespace

CodeEditor::CodeEditor(const QString& name, CodeLanguage language, QWidget* parent)
    : QWidget(parent), m_edit(new QsciScintilla(this)), m_lexer(new CodeLexer(m_edit, language)) {
  setObjectName(name);
  m_edit->setObjectName(name + QStringLiteral("Text"));
  m_edit->setUtf8(true);
  m_edit->setLexer(m_lexer);
  m_edit->setReadOnly(true);
  m_edit->setWrapMode(QsciScintilla::WrapNone);
  showLineNumbers(*m_edit, QStringLiteral("00000"));
  // by Mark: ProgramLine, Node, Removed, Added, Missing
  defineLineMarkers(*m_edit, {QColor(0xBB, 0xDE, 0xFB), QColor(0xFF, 0xF1, 0x9C), QColor(0xFF, 0xD7, 0xD5),
                              QColor(0xD4, 0xF5, 0xD4), QColor(0xF0, 0xF0, 0xF0)});
  m_edit->markerDefine(QsciScintilla::RightTriangle, marker(Mark::Remark));
  m_edit->setMarkerBackgroundColor(QColor(0xE6, 0x7E, 0x22), marker(Mark::Remark));
  m_edit->setMarkerForegroundColor(QColor(0xA0, 0x4E, 0x0A), marker(Mark::Remark));
  m_edit->viewport()->installEventFilter(this);
  m_edit->viewport()->setCursor(Qt::PointingHandCursor);
  // hovering a word of LLVM IR shows its entry in core/docs
  m_edit->SendScintilla(QsciScintillaBase::SCI_SETMOUSEDWELLTIME, 400UL);
  connect(m_edit, &QsciScintillaBase::SCN_DWELLSTART, this, [this](int position, int x, int y) {
    int line = 0, column = 0;
    m_edit->lineIndexFromPosition(position, &line, &column);
    const QString tip = position < 0 ? QString() : toolTipAt(line, column);
    if (tip.isEmpty()) {
      QToolTip::hideText();
      return;
    }
    QToolTip::showText(m_edit->viewport()->mapToGlobal(QPoint(x, y)), tip, m_edit->viewport());
  });
  connect(m_edit, &QsciScintillaBase::SCN_DWELLEND, this, [] { QToolTip::hideText(); });
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(m_edit);
}

QString CodeEditor::text() const { return m_edit->text(); }

void CodeEditor::setText(const QString& text) {
  m_edit->setReadOnly(false);
  m_edit->setText(text);
  m_edit->setReadOnly(true);
}

int CodeEditor::lineCount() const { return m_edit->lines(); }

QString CodeEditor::lineText(int line) const { return lineWithoutBreak(*m_edit, line); }

CodeLanguage CodeEditor::language() const { return m_lexer->codeLanguage(); }

void CodeEditor::setLanguage(CodeLanguage language) {
  if (language == m_lexer->codeLanguage()) return;
  m_lexer->setLanguage(language);
  m_edit->recolor();
}

void CodeEditor::setMarks(Mark mark, const std::vector<int>& lines) {
  m_edit->markerDeleteAll(marker(mark));
  for (int line : lines) m_edit->markerAdd(line, marker(mark));
  // the symbol margin is there while some line has a remark
  if (mark == Mark::Remark) m_edit->setMarginWidth(1, lines.empty() ? 0 : 14);
}

std::vector<int> CodeEditor::markedLines(Mark mark) const { return linesWithMarker(*m_edit, marker(mark)); }

void CodeEditor::reveal(int line) {
  const int first = m_edit->firstVisibleLine();
  const int page = std::max(1, static_cast<int>(m_edit->SendScintilla(QsciScintillaBase::SCI_LINESONSCREEN)));
  if (line >= first && line < first + page - 1) return;
  m_edit->setFirstVisibleLine(std::max(0, line - page / 3));
}

QPoint CodeEditor::pointOfLine(int line) const {
  const long position = m_edit->positionFromLineIndex(line, 0);
  const int x = static_cast<int>(m_edit->SendScintilla(QsciScintillaBase::SCI_POINTXFROMPOSITION, 0UL, position));
  const int y = static_cast<int>(m_edit->SendScintilla(QsciScintillaBase::SCI_POINTYFROMPOSITION, 0UL, position));
  const int height = static_cast<int>(m_edit->SendScintilla(QsciScintillaBase::SCI_TEXTHEIGHT, static_cast<unsigned long>(line)));
  return {x + 4, y + height / 2};
}

QWidget* CodeEditor::textWidget() const { return m_edit->viewport(); }

QScrollBar* CodeEditor::verticalScrollBar() const { return m_edit->verticalScrollBar(); }

QScrollBar* CodeEditor::horizontalScrollBar() const { return m_edit->horizontalScrollBar(); }

int CodeEditor::styleAt(int line, int column) const {
  const long position = m_edit->positionFromLineIndex(line, column);
  return static_cast<int>(m_edit->SendScintilla(QsciScintillaBase::SCI_GETSTYLEAT, static_cast<unsigned long>(position)));
}

QString CodeEditor::toolTipAt(int line, int column) const {
  if (line < 0 || line >= lineCount()) return {};
  // lineIndexFromPosition counts columns in characters, as wordAt does
  const QString word = wordAt(lineText(line), column);
  switch (language()) {
  case CodeLanguage::LlvmIr: return docToolTip(word); // also the textual IR's op names
  case CodeLanguage::OpenClC: return openclToolTip(word);
  case CodeLanguage::Assembly: return {};
  }
  return {};
}

bool CodeEditor::eventFilter(QObject* watched, QEvent* event) {
  if (watched == m_edit->viewport() && event->type() == QEvent::MouseButtonRelease) {
    auto* click = static_cast<QMouseEvent*>(event);
    const int line = m_edit->lineAt(click->position().toPoint());
    if (click->button() == Qt::LeftButton && line >= 0) Q_EMIT lineClicked(line);
  }
  return QWidget::eventFilter(watched, event);
}

} // namespace uops::views
