#include "views/menus/recent_files.h"

#include <QAction>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>

namespace uops::views {
namespace {

constexpr int kMaxRecent = 8;
QString key() { return QStringLiteral("recentFiles"); }

} // namespace

RecentFiles::RecentFiles(QMenu* menu, std::function<void(const QString&)> open)
    : QObject(menu), m_menu(menu), m_open(std::move(open)) {
  rebuild();
}

QStringList RecentFiles::paths() const { return QSettings().value(key()).toStringList(); }

void RecentFiles::add(const QString& path) {
  QString absolute = QFileInfo(path).absoluteFilePath();
  QStringList list = paths();
  list.removeAll(absolute);
  list.prepend(absolute);
  while (list.size() > kMaxRecent) list.removeLast();
  QSettings().setValue(key(), list);
  rebuild();
}

void RecentFiles::rebuild() {
  m_menu->clear();
  const QStringList list = paths();
  for (const QString& path : list)
    m_menu->addAction(QFileInfo(path).fileName(), this, [this, path] { m_open(path); })->setToolTip(path);
  m_menu->setEnabled(!list.isEmpty());
}

} // namespace uops::views
