#include "views/code/code_box.h"

#include <QPlainTextEdit>

namespace uops::views {

QPlainTextEdit* codeBox(const QString& name, QWidget* parent) {
  auto* box = new QPlainTextEdit(parent);
  box->setObjectName(name);
  box->setReadOnly(true);
  box->setLineWrapMode(QPlainTextEdit::NoWrap);
  QFont mono(QStringLiteral("monospace"));
  mono.setStyleHint(QFont::Monospace);
  mono.setPointSize(8);
  box->setFont(mono);
  return box;
}

} // namespace uops::views
