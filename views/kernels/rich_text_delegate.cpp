#include "views/kernels/rich_text_delegate.h"

#include <QApplication>
#include <QPainter>

namespace uops::views {

void RichTextDelegate::layOut(const QStyleOptionViewItem& option, const QString& html) const {
  m_document.setDefaultFont(option.font);
  m_document.setDocumentMargin(2);
  m_document.setHtml(html);
}

void RichTextDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const {
  const QString html = index.data(m_role).toString();
  if (html.isEmpty()) {
    QStyledItemDelegate::paint(painter, option, index);
    return;
  }
  QStyleOptionViewItem plain = option;
  initStyleOption(&plain, index);
  plain.text.clear(); // the background and selection as usual, then the HTML over them
  const QWidget* widget = option.widget;
  (widget ? widget->style() : QApplication::style())->drawControl(QStyle::CE_ItemViewItem, &plain, painter, widget);
  layOut(option, html);
  painter->save();
  painter->translate(option.rect.left(), option.rect.top() + (option.rect.height() - m_document.size().height()) / 2);
  m_document.drawContents(painter, QRectF(0, 0, option.rect.width(), option.rect.height()));
  painter->restore();
}

QSize RichTextDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const {
  const QString html = index.data(m_role).toString();
  if (html.isEmpty()) return QStyledItemDelegate::sizeHint(option, index);
  layOut(option, html);
  return m_document.size().toSize();
}

} // namespace uops::views
