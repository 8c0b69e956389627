// The node inspector: the selected node's op, number, program line, dtype and arg, its five
// derived properties as core computes them (dtype, shape, device, min_max,
// axis), the symbolic variables it reads with their bound values (a kernel's
// arguments), and its sources and users in the drawn graph; activating a
// source or user reports it with nodeChosen so the Graph view can move there.
#pragma once

#include "core/ir/variable.h"

#include <QStringList>
#include <QWidget>

#include <map>
#include <vector>

class QLabel;
class QListWidget;

namespace uops::views {

struct GraphLayout;

class NodeInspector : public QWidget {
  Q_OBJECT

public:
  explicit NodeInspector(QWidget* parent = nullptr);

  // Shows node `index` of `layout` (-1: nothing selected).
  void showNode(const GraphLayout& layout, int index);
  // The program's text, for the "line" field (the line the node came from).
  void setProgramText(const QString& text);
  // The bound values of the shown realization's variables, for the "variables" field.
  void setVariableValues(VariableValues values) { m_variableValues = std::move(values); }
  // A field's value: "op", "id", "line", "dtype", "arg", "shape", "device", "min_max", "axis",
  // "variables" ("start_pos in [0, 11] = 5"; "none").
  QString field(const QString& name) const;
  // A field's tooltip: the op field's is the op's entry in core/docs.
  QString fieldToolTip(const QString& name) const;
  QListWidget* sources() const { return m_sources; }
  QListWidget* users() const { return m_users; }

Q_SIGNALS:
  void nodeChosen(const uops::UOp* node);

private:
  QListWidget* list(const QString& name);
  void fill(QListWidget* list, const std::vector<std::pair<const UOp*, QString>>& nodes);

  std::map<QString, QLabel*> m_fields;
  QStringList m_programLines;
  VariableValues m_variableValues;
  QListWidget* m_sources;
  QListWidget* m_users;
};

} // namespace uops::views
