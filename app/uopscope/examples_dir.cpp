#include "app/uopscope/examples_dir.h"

#include <QCoreApplication>
#include <QDir>

namespace uops::views {

QString examplesDir() {
  QDir installed(QCoreApplication::applicationDirPath());
  if (installed.cd(QStringLiteral(UOPSCOPE_EXAMPLES_FROM_BIN))) return installed.absolutePath();
  return QStringLiteral(UOPSCOPE_EXAMPLES_DIR);
}

} // namespace uops::views
