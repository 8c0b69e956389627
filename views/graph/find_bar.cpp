#include "views/graph/find_bar.h"

#include "views/graph/graph_view.h"

#include <QKeyEvent>

namespace uops::views {

bool nodeMatches(const LaidOutNode& node, const QString& text) {
  QString t = text.trimmed();
  if (t.isEmpty()) return false;
  bool isNumber = false;
  size_t number = (t.startsWith(QLatin1Char('%')) ? t.mid(1) : t).toULongLong(&isNumber);
  if (isNumber) return node.number == number;
  return QString::fromUtf8(opName(node.node->op()).data()).contains(t, Qt::CaseInsensitive);
}

FindBar::FindBar(GraphView* graph, QWidget* parent) : QLineEdit(parent), m_graph(graph) {
  setObjectName(QStringLiteral("findBar"));
  setPlaceholderText(QStringLiteral("Find an op or a node number (%12); Enter: next"));
  setClearButtonEnabled(true);
  connect(this, &QLineEdit::textEdited, this, [this] { findFrom(-1); });
  connect(this, &QLineEdit::returnPressed, this, [this] { findFrom(m_graph->selected()); });
}

void FindBar::activate() {
  show();
  setFocus(Qt::ShortcutFocusReason);
  selectAll();
}

bool FindBar::findFrom(int after) {
  const std::vector<LaidOutNode>& nodes = m_graph->layout().nodes;
  int n = static_cast<int>(nodes.size());
  for (int k = 1; k <= n; ++k) {
    int i = (after + k) % n;
    if (i < 0) i += n;
    if (!nodeMatches(nodes[static_cast<size_t>(i)], text())) continue;
    m_graph->selectAndCenter(i);
    setStyleSheet(QString());
    return true;
  }
  setStyleSheet(text().isEmpty() ? QString() : QStringLiteral("QLineEdit { background: #FFCDD2; }"));
  return false;
}

} // namespace uops::views
