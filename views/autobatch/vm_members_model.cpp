#include "views/autobatch/vm_members_model.h"

#include <QStringList>

namespace uops::views {
namespace {

QString elementText(const HostTensor& t, int64_t i) {
  if (t.dtype().isFloat()) return QString::number(t.getDouble(i), 'g', 6);
  if (t.dtype().isBool()) return t.getBool(i) ? QStringLiteral("True") : QStringLiteral("False");
  return QString::number(t.getInt(i));
}

} // namespace

const QColor VmMembersModel::kActive(0xFFF59D);
const QColor VmMembersModel::kHalted(0xEEEEEE);

QString memberValueText(const HostTensor& values, int64_t member) {
  int64_t batch = values.shape().empty() ? 1 : values.shape()[0];
  int64_t per = batch > 0 ? values.numel() / batch : 0;
  if (per == 1) return elementText(values, member);
  QStringList parts;
  for (int64_t i = 0; i < std::min<int64_t>(per, 4); ++i) parts << elementText(values, member * per + i);
  if (per > 4) parts << QStringLiteral("…");
  return QStringLiteral("[%1]").arg(parts.join(QStringLiteral(", ")));
}

void VmMembersModel::refresh(const autobatch::VirtualMachine* vm, int next) {
  beginResetModel();
  m_columns.clear();
  m_pcs.clear();
  m_frames.clear();
  m_blockLabels.clear();
  m_next = next;
  if (vm) {
    m_pcs = vm->programCounters();
    m_frames = vm->stackDepths(autobatch::kProgramCounter);
    for (const autobatch::Block& b : vm->blocks()) m_blockLabels.push_back(QString::fromStdString(b.label));
    for (const auto& [name, alloc] : vm->program().varAlloc) {
      if (alloc == autobatch::Allocation::Null || name == autobatch::kProgramCounter) continue;
      Column c{name, alloc == autobatch::Allocation::Full, vm->value(name), {}};
      if (c.full) c.depths = vm->stackDepths(name);
      m_columns.push_back(std::move(c));
    }
  }
  endResetModel();
}

int VmMembersModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(m_pcs.size());
}

int VmMembersModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() || m_pcs.empty() ? 0 : static_cast<int>(m_columns.size()) + 2;
}

QVariant VmMembersModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid()) return {};
  size_t m = static_cast<size_t>(index.row());
  int pc = m_pcs[m];
  bool halted = pc >= static_cast<int>(m_blockLabels.size());
  if (role == Qt::BackgroundRole) {
    if (pc == m_next) return kActive;
    if (halted) return kHalted;
    return {};
  }
  if (role != Qt::DisplayRole) return {};
  if (index.column() == 0) return index.row();
  if (index.column() == 1)
    return halted ? QStringLiteral("halted")
                  : QStringLiteral("%1  ⟨%2⟩").arg(m_blockLabels[static_cast<size_t>(pc)]).arg(m_frames[m]);
  const Column& c = m_columns[static_cast<size_t>(index.column() - 2)];
  QString text = memberValueText(c.values, index.row());
  if (c.full) text += QStringLiteral("  ⟨%1⟩").arg(c.depths[m]);
  return text;
}

QVariant VmMembersModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (role != Qt::DisplayRole || orientation != Qt::Horizontal) return {};
  if (section == 0) return QStringLiteral("member");
  if (section == 1) return QStringLiteral("at block ⟨frames⟩");
  if (section - 2 < static_cast<int>(m_columns.size()))
    return QString::fromStdString(m_columns[static_cast<size_t>(section - 2)].name);
  return {};
}

} // namespace uops::views
