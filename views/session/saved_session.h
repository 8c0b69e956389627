// A saved explorer session, a `.uopscope` file (JSON): the program as it was
// when saved, the device it was lowered for, the realization point lowered,
// each kernel's OptOps (chosen by hand or found by BEAM, with BEAM's summary)
// and where the user was (stage, kernel, graph options, window layout).
// `uopscope FILE.uopscope` and File > Open restore it.
#pragma once

#include "core/opt/opt.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <map>
#include <stdexcept>
#include <vector>

namespace uops::views {

struct SavedKernel {
  std::vector<Opt> opts; // the kernel's OptOps
  QString beam;          // BEAM's summary when BEAM found them, else empty
  friend bool operator==(const SavedKernel&, const SavedKernel&) = default;
};

struct SavedSession {
  // the program
  QString path;   // where it was loaded from (empty when it never was a file)
  QString name;   // its file name, as errors and the title show it
  QString source; // its text when saved (the file may have changed since)
  // what it was lowered for
  QString device;
  int schedule = 0;                      // 0: the whole program; k: the k-th realization point
  std::map<size_t, SavedKernel> kernels; // by schedule index; kernels not here get the heuristics
  // where the user was
  QString stage;   // the selected stage's name ("Optimize"); empty: none
  int kernel = -1; // its kernel's schedule index; -1: a whole-program stage
  QString centralView = QStringLiteral("graph"); // "graph", "autobatch", "roofline" or "diff"
  bool compare = false;                          // Graph > Compare before/after
  QStringList hidden;                            // hidden node groups (uopscope --hide's names)
  QByteArray windowState;                        // QMainWindow::saveState(): docks and their tabs
  friend bool operator==(const SavedSession&, const SavedSession&) = default;
};

class SessionFileError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// The file's text: indented JSON with "uopscope_session": 1.
QByteArray toJson(const SavedSession& session);
// Throws SessionFileError saying what is wrong (not JSON, another format or
// version, a field of the wrong type, OptOps that do not parse).
SavedSession parseSavedSession(const QByteArray& json);

} // namespace uops::views
