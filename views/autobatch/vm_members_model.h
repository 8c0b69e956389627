// The VM debugger's members table as a model: one row per batch member (its
// block with its frame count, then every variable with storage, FULL ones
// with their depth), rows of the members at the next block highlighted and
// halted ones greyed. refresh() takes one copy of each variable per step;
// cells are formatted when the view asks for them, so a batch of thousands
// steps as quickly as a batch of six.
#pragma once

#include "core/autobatch/vm.h"

#include <QAbstractTableModel>
#include <QColor>

#include <string>
#include <vector>

namespace uops::views {

class VmMembersModel : public QAbstractTableModel {
  Q_OBJECT

public:
  using QAbstractTableModel::QAbstractTableModel;

  // Reads the VM's state (null: empty); `next` is the block that runs next.
  void refresh(const autobatch::VirtualMachine* vm, int next);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

  static const QColor kActive; // members at the next block
  static const QColor kHalted;

private:
  struct Column {
    std::string name;
    bool full = false;
    HostTensor values;           // [batch, ...]
    std::vector<int64_t> depths; // FULL
  };
  std::vector<Column> m_columns;
  std::vector<int32_t> m_pcs;
  std::vector<int64_t> m_frames;
  std::vector<QString> m_blockLabels;
  int m_next = -1;
};

// One member's value of a [batch, ...] tensor as the debugger shows it:
// "5", "True", "0.25", "[1, 2, 3, …]" (at most four elements).
QString memberValueText(const HostTensor& values, int64_t member);

} // namespace uops::views
