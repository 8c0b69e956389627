#include "views/code/code_highlighter.h"

#include <QElapsedTimer>
#include <QTextDocument>
#include <QTextLayout>

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
    : QObject(document), m_document(document), m_language(language), m_rules(highlightRules(language)) {
  m_next.setSingleShot(true);
  m_next.setInterval(0);
  connect(&m_next, &QTimer::timeout, this, [this] { colourUpTo(m_document->blockCount(), kSliceMs); });
  // the views are read-only: a change is a new text, coloured from the top
  connect(m_document, &QTextDocument::contentsChange, this, [this] {
    if (!m_applying) rehighlight();
  });
  rehighlight();
}

void CodeHighlighter::setLanguage(CodeLanguage language) {
  if (language == m_language) return;
  m_language = language;
  m_rules = highlightRules(language);
  rehighlight();
}

void CodeHighlighter::rehighlight() {
  m_limit = 0;
  colourUpTo(kFirstLines, -1);
}

void CodeHighlighter::colourUpTo(int line, qint64 budgetMs) {
  QElapsedTimer clock;
  clock.start();
  m_applying = true;
  for (QTextBlock block = m_document->findBlockByNumber(m_limit);
       block.isValid() && m_limit < line && (budgetMs < 0 || clock.elapsed() < budgetMs); block = block.next()) {
    colourBlock(block);
    m_limit = block.blockNumber() + 1;
  }
  m_applying = false;
  if (m_limit < m_document->blockCount()) m_next.start();
}

void CodeHighlighter::colourBlock(const QTextBlock& block) {
  const QString text = block.text();
  // later rules recolour earlier ones: one format per character, then runs
  std::vector<int> kindAt(static_cast<size_t>(text.size()), -1);
  for (const HighlightRule& rule : m_rules)
    for (QRegularExpressionMatchIterator it = rule.pattern.globalMatch(text); it.hasNext();) {
      QRegularExpressionMatch m = it.next();
      for (qsizetype i = m.capturedStart(rule.group); i >= 0 && i < m.capturedEnd(rule.group); ++i)
        kindAt[static_cast<size_t>(i)] = static_cast<int>(rule.kind);
    }
  QList<QTextLayout::FormatRange> ranges;
  for (size_t i = 0; i < kindAt.size();) {
    size_t j = i;
    while (j < kindAt.size() && kindAt[j] == kindAt[i]) ++j;
    if (kindAt[i] >= 0)
      ranges.append({static_cast<int>(i), static_cast<int>(j - i), tokenFormat(static_cast<TokenKind>(kindAt[i]))});
    i = j;
  }
  if (ranges.isEmpty() && block.layout()->formats().isEmpty()) return;
  block.layout()->setFormats(ranges);
  m_document->markContentsDirty(block.position(), block.length());
}

} // namespace uops::views
