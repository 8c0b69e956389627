#include "views/kernels/kernels_panel.h"

#include "core/ir/axis_type.h"
#include "core/opt/kernel_ranges.h"
#include "views/kernels/kernels_model.h"
#include "views/kernels/rich_text_delegate.h"
#include "views/session/session.h"

#include <QHeaderView>

#include <fmt/format.h>

namespace uops::views {

QString coloredKernelName(const std::string& text, const std::string& letters) {
  QStringList parts = QString::fromStdString(text).split(QLatin1Char('_'));
  QString html = parts.value(0);
  for (int i = 1; i < parts.size(); ++i) {
    auto type = axisTypeFromLetter(static_cast<size_t>(i - 1) < letters.size() ? letters[static_cast<size_t>(i - 1)] : 'L');
    uint32_t color = type ? axisTypeColor(*type) : 0x616161;
    html += QStringLiteral("_<span style='color:#%1;font-weight:bold'>%2</span>")
                .arg(color, 6, 16, QLatin1Char('0'))
                .arg(parts[i]);
  }
  return html;
}

KernelsPanel::KernelsPanel(Session& session, QWidget* parent)
    : QTableView(parent), m_session(session), m_model(new KernelsModel(this)) {
  setObjectName(QStringLiteral("kernelsPanel"));
  setModel(m_model);
  setItemDelegateForColumn(KernelsModel::Kernel, new RichTextDelegate(KernelsModel::kRichTextRole, this));
  horizontalHeader()->setSectionResizeMode(KernelsModel::Opts, QHeaderView::Stretch);
  verticalHeader()->hide();
  connect(&m_session, &Session::programLowered, this, &KernelsPanel::rebuild);
  connect(&m_session, &Session::ran, this, &KernelsPanel::rebuild);
}

QString KernelsPanel::text(int row, int column) const {
  return m_model->index(row, column).data().toString();
}

void KernelsPanel::rebuild() {
  std::vector<double> medians;
  if (const auto& times = m_session.lastRun())
    for (const KernelTimes& k : times->kernels) medians.push_back(k.medianMs());
  m_model->setSnapshot(m_session.lowered().run, m_session.lowered().kernelSchedules, std::move(medians));
  resizeColumnsToContents();
}

} // namespace uops::views
