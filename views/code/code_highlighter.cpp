#include "views/code/code_highlighter.h"

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
    : QSyntaxHighlighter(document), m_language(language), m_rules(highlightRules(language)) {}

void CodeHighlighter::setLanguage(CodeLanguage language) {
  if (language == m_language) return;
  m_language = language;
  m_rules = highlightRules(language);
  rehighlight();
}

void CodeHighlighter::highlightBlock(const QString& text) {
  for (const HighlightRule& rule : m_rules) {
    QTextCharFormat format = tokenFormat(rule.kind);
    for (QRegularExpressionMatchIterator it = rule.pattern.globalMatch(text); it.hasNext();) {
      QRegularExpressionMatch m = it.next();
      if (m.capturedLength(rule.group) > 0) setFormat(static_cast<int>(m.capturedStart(rule.group)), static_cast<int>(m.capturedLength(rule.group)), format);
    }
  }
}

} // namespace uops::views
