// The target device of the explorer: CPU and every CL device, as a combo for
// the window's toolbar. Choosing one has the Session lower the program for it;
// the combo follows the Session when something else changes the device.
#pragma once

#include <QComboBox>

namespace uops::views {

class Session;

class DeviceCombo : public QComboBox {
  Q_OBJECT

public:
  explicit DeviceCombo(Session& session, QWidget* parent = nullptr);

private:
  void follow(const QString& device);

  Session& m_session;
};

} // namespace uops::views
