// File > Open Recent: the last programs opened, newest first, kept in
// QSettings ("recentFiles") so they survive restarts.
#pragma once

#include <QObject>
#include <QStringList>

#include <functional>

class QMenu;

namespace uops::views {

class RecentFiles : public QObject {
  Q_OBJECT

public:
  // Fills `menu`; choosing an entry calls `open` with its path.
  RecentFiles(QMenu* menu, std::function<void(const QString&)> open);
  // Puts `path` first (once) and saves the list.
  void add(const QString& path);
  QStringList paths() const;

private:
  void rebuild();

  QMenu* m_menu;
  std::function<void(const QString&)> m_open;
};

} // namespace uops::views
