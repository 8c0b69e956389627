#include "views/toolbar/device_combo.h"

#include "views/kernel_text/device_run.h"
#include "views/session/session.h"

namespace uops::views {

DeviceCombo::DeviceCombo(Session& session, QWidget* parent) : QComboBox(parent), m_session(session) {
  setObjectName(QStringLiteral("deviceCombo"));
  setToolTip(QStringLiteral("the device the program is lowered, optimized and searched for"));
  setSizeAdjustPolicy(QComboBox::AdjustToContents);
  for (const DeviceChoice& d : availableDevices()) addItem(d.description, d.name);
  follow(m_session.device());
  connect(this, &QComboBox::activated, this, [this](int index) { m_session.setDevice(itemData(index).toString()); });
  connect(&m_session, &Session::deviceChanged, this, &DeviceCombo::follow);
}

void DeviceCombo::follow(const QString& device) {
  int index = findData(device);
  if (index >= 0 && index != currentIndex()) setCurrentIndex(index);
}

} // namespace uops::views
