// A screenshot with one of the window's menus open (--menu with
// --screenshot): the window's picture with the menu's drawn where it pops up.
#pragma once

#include <QPixmap>
#include <QString>

class QMainWindow;

namespace uops::views {

// The window's picture with menu `title` ("File": its text without the
// '&') open below its title; a null pixmap when the menu bar has no such menu.
QPixmap grabWithMenu(QMainWindow& window, const QString& title);

} // namespace uops::views
