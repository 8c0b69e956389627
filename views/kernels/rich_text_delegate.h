// Draws a cell's KernelsModel::kRichTextRole HTML (a kernel name colored by
// AxisType) in place of its plain text, in one QTextDocument reused for every
// cell: no widget per row.
#pragma once

#include <QStyledItemDelegate>
#include <QTextDocument>

namespace uops::views {

class RichTextDelegate : public QStyledItemDelegate {
public:
  RichTextDelegate(int role, QObject* parent) : QStyledItemDelegate(parent), m_role(role) {}
  void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
  QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;

private:
  void layOut(const QStyleOptionViewItem& option, const QString& html) const;
  int m_role;
  mutable QTextDocument m_document;
};

} // namespace uops::views
