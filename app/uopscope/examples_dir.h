// Where the bundled example programs are: beside an installed uopscope
// (../share/uopscope/examples from its binary), else in the source tree it
// was built from.
#pragma once

#include <QString>

namespace uops::views {

QString examplesDir();

} // namespace uops::views
