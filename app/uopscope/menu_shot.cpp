#include "app/uopscope/menu_shot.h"

#include <QApplication>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QPainter>

namespace uops::views {

QPixmap grabWithMenu(QMainWindow& window, const QString& title) {
  QMenuBar* bar = window.menuBar();
  for (QAction* action : bar->actions()) {
    QMenu* menu = action->menu();
    if (!menu || action->text().remove(QLatin1Char('&')) != title) continue;
    bar->setActiveAction(action); // the title drawn pressed, the menu popped up below it
    QApplication::processEvents();
    QPixmap picture = window.grab();
    QPainter painter(&picture);
    painter.drawPixmap(window.mapFromGlobal(menu->pos()), menu->grab());
    menu->close();
    return picture;
  }
  return {};
}

} // namespace uops::views
