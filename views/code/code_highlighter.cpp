#include "views/code/code_highlighter.h"

#include <QElapsedTimer>
#include <QTextDocument>

namespace uops::views {

QTextCharFormat tokenFormat(TokenKind kind) {
  QTextCharFormat f;
  switch (kind) {
  case TokenKind::Keyword:
    f.setForeground(QColor(0x1F, 0x4E, 0xB4));
    f.setFontWeight(QFont::Bold);
    break;
  case TokenKind::Type:
    f.setForeground(QColor(0x8A, 0x3F, 0xA8));
    break;
  case TokenKind::Number:
    f.setForeground(QColor(0xB0, 0x5A, 0x00));
    break;
  case TokenKind::Comment:
    f.setForeground(QColor(0x6A, 0x73, 0x7D));
    f.setFontItalic(true);
    break;
  case TokenKind::Label:
    f.setForeground(QColor(0xA3, 0x1F, 0x34));
    f.setFontWeight(QFont::Bold);
    break;
  case TokenKind::Register:
    f.setForeground(QColor(0x00, 0x7A, 0x5E));
    break;
  case TokenKind::Builtin:
    f.setForeground(QColor(0x00, 0x6B, 0x9E));
    break;
  }
  return f;
}

CodeHighlighter::CodeHighlighter(QTextDocument* document, CodeLanguage language)
    : QSyntaxHighlighter(document), m_language(language), m_rules(highlightRules(language)) {
  m_next.setSingleShot(true);
  m_next.setInterval(0);
  connect(&m_next, &QTimer::timeout, this, &CodeHighlighter::colourNextSlice);
}

void CodeHighlighter::setLanguage(CodeLanguage language) {
  if (language == m_language) return;
  m_language = language;
  m_rules = highlightRules(language);
  rehighlight();
}

void CodeHighlighter::highlightBlock(const QString& text) {
  const int line = currentBlock().blockNumber();
  // the views are read-only: the first line coloured again is a new text (or language)
  if (line == 0 && !m_slicing) m_limit = kFirstLines;
  if (line >= m_limit) {
    if (!m_next.isActive()) m_next.start();
    return;
  }
  for (const HighlightRule& rule : m_rules) {
    QTextCharFormat format = tokenFormat(rule.kind);
    for (QRegularExpressionMatchIterator it = rule.pattern.globalMatch(text); it.hasNext();) {
      QRegularExpressionMatch m = it.next();
      if (m.capturedLength(rule.group) > 0) setFormat(static_cast<int>(m.capturedStart(rule.group)), static_cast<int>(m.capturedLength(rule.group)), format);
    }
  }
}

void CodeHighlighter::colourNextSlice() {
  QTextDocument* doc = document();
  if (!doc) return;
  QElapsedTimer clock;
  clock.start();
  m_slicing = true;
  for (QTextBlock block = doc->findBlockByNumber(m_limit); block.isValid() && clock.elapsed() < kSliceMs;
       block = block.next()) {
    m_limit = block.blockNumber() + 1;
    rehighlightBlock(block);
  }
  m_slicing = false;
  if (m_limit < doc->blockCount()) m_next.start();
}

} // namespace uops::views
