// uopc run as a user runs it, a child process of a tests/uopc test (UOPC_PATH):
// its exit code (-2 when it died of a signal), stdout and stderr.
#pragma once

#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace uops::testsupport {

struct UopcRun {
  int code = -1;
  QString out, err;
};

// `timeoutMs`: how long the test waits before it reads what the process printed.
inline UopcRun
runUopcProcess(const QStringList& args,
               const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment(),
               int timeoutMs = 300000) {
  QProcess p;
  p.setProcessEnvironment(env);
  p.start(QStringLiteral(UOPC_PATH), args);
  p.waitForFinished(timeoutMs);
  return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2,
          QString::fromUtf8(p.readAllStandardOutput()),
          QString::fromUtf8(p.readAllStandardError())};
}

} // namespace uops::testsupport
