#include "views/inspector/node_inspector.h"

#include "core/ir/shape.h"
#include "core/ir/text_arg.h"
#include "views/common/doc_tooltip.h"
#include "views/graph/graph_layout.h"

#include <QFormLayout>
#include <QLabel>
#include <QListWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <unordered_map>

namespace uops::views {
namespace {

const char* const kFields[] = {"op", "id", "line", "dtype", "arg", "shape", "device", "min_max", "axis", "variables"};

QString str(const std::string& s) { return QString::fromStdString(s); }

QString describe(const UOp* u, const std::unordered_map<const UOp*, size_t>& numbers) {
  auto it = numbers.find(u);
  QString op = QString::fromUtf8(opName(u->op()).data());
  return it == numbers.end() ? op + QStringLiteral(" (hidden)") : QStringLiteral("%%1 %2").arg(it->second).arg(op);
}

// The variables `u` reads, each with its range and its value in `values`:
// "start_pos in [0, 11] = 5" (a kernel's sink: its scalar arguments).
QString variablesRead(const UOp& u, const VariableValues& values) {
  const UOpPtr root = u.ptr();
  QStringList out;
  for (const VariableRange& v : variablesOf(std::span<const UOpPtr>(&root, 1))) {
    auto bound = values.find(v.name);
    out << QStringLiteral("%1 in [%2, %3] = %4")
               .arg(str(v.name))
               .arg(v.min)
               .arg(v.max)
               .arg(bound == values.end() ? QStringLiteral("unbound") : QString::number(bound->second));
  }
  return out.isEmpty() ? QStringLiteral("none") : out.join(QStringLiteral(", "));
}

} // namespace

NodeInspector::NodeInspector(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("nodeInspector"));
  auto* form = new QFormLayout;
  for (const char* name : kFields) {
    auto* value = new QLabel(this);
    value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    value->setWordWrap(true);
    m_fields[QString::fromLatin1(name)] = value;
    form->addRow(QString::fromLatin1(name), value);
  }
  m_sources = list(QStringLiteral("inspectorSources"));
  m_users = list(QStringLiteral("inspectorUsers"));
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addLayout(form);
  layout->addWidget(new QLabel(QStringLiteral("sources"), this));
  layout->addWidget(m_sources, 1);
  layout->addWidget(new QLabel(QStringLiteral("users"), this));
  layout->addWidget(m_users, 1);
}

QListWidget* NodeInspector::list(const QString& name) {
  auto* l = new QListWidget(this);
  l->setObjectName(name);
  auto choose = [this](QListWidgetItem* item) {
    Q_EMIT nodeChosen(reinterpret_cast<const UOp*>(item->data(Qt::UserRole).value<quintptr>()));
  };
  connect(l, &QListWidget::itemClicked, this, choose);
  connect(l, &QListWidget::itemActivated, this, choose);
  return l;
}

void NodeInspector::setProgramText(const QString& text) {
  m_programLines = text.split(QLatin1Char('\n'));
}

QString NodeInspector::field(const QString& name) const {
  auto it = m_fields.find(name);
  return it == m_fields.end() ? QString() : it->second->text();
}

QString NodeInspector::fieldToolTip(const QString& name) const {
  auto it = m_fields.find(name);
  return it == m_fields.end() ? QString() : it->second->toolTip();
}

void NodeInspector::fill(QListWidget* list, const std::vector<std::pair<const UOp*, QString>>& nodes) {
  list->clear();
  for (const auto& [node, label] : nodes) {
    auto* item = new QListWidgetItem(label, list);
    item->setToolTip(opDocToolTip(node->op()));
    item->setData(Qt::UserRole, QVariant::fromValue(reinterpret_cast<quintptr>(node)));
  }
}

void NodeInspector::showNode(const GraphLayout& layout, int index) {
  if (index < 0 || index >= static_cast<int>(layout.nodes.size())) {
    for (auto& [name, label] : m_fields) {
      label->clear();
      label->setToolTip({});
    }
    m_sources->clear();
    m_users->clear();
    return;
  }
  const LaidOutNode& n = layout.nodes[static_cast<size_t>(index)];
  const UOp& u = *n.node;
  std::unordered_map<const UOp*, size_t> numbers;
  for (const LaidOutNode& m : layout.nodes) numbers.emplace(m.node, m.number);
  m_fields[QStringLiteral("op")]->setText(QString::fromUtf8(opName(u.op()).data()));
  m_fields[QStringLiteral("op")]->setToolTip(opDocToolTip(u.op()));
  m_fields[QStringLiteral("id")]->setText(QStringLiteral("%%1").arg(n.number));
  const int line = u.line();
  const QString text = line > 0 && line <= m_programLines.size() ? m_programLines[line - 1].trimmed() : QString();
  m_fields[QStringLiteral("line")]->setText(line == 0 ? QStringLiteral("unknown")
                                            : text.isEmpty() ? QString::number(line)
                                                             : QStringLiteral("%1: %2").arg(line).arg(text));
  m_fields[QStringLiteral("dtype")]->setText(str(toString(u.dtype())));
  m_fields[QStringLiteral("arg")]->setText(str(text::printArg(u.op(), u.dtype(), u.arg())));
  m_fields[QStringLiteral("shape")]->setText(u.shapeValid() ? str(toString(u.shape())) : QStringLiteral("invalid"));
  m_fields[QStringLiteral("device")]->setText(u.device() ? str(toString(*u.device())) : QStringLiteral("none"));
  m_fields[QStringLiteral("min_max")]->setText(str(toString(u.minMax())));
  m_fields[QStringLiteral("axis")]->setText(u.axis() ? QString::number(*u.axis()) : QStringLiteral("none"));
  m_fields[QStringLiteral("variables")]->setText(variablesRead(u, m_variableValues));
  std::vector<std::pair<const UOp*, QString>> sources, users;
  for (const UOpPtr& s : u.src()) sources.emplace_back(s.get(), describe(s.get(), numbers));
  for (const LaidOutNode& m : layout.nodes) {
    const UOpList& src = m.node->src();
    if (std::any_of(src.begin(), src.end(), [&](const UOpPtr& s) { return s.get() == &u; }))
      users.emplace_back(m.node, describe(m.node, numbers));
  }
  fill(m_sources, sources);
  fill(m_users, users);
}

} // namespace uops::views
