// Shared by the front end's tests.
#pragma once

#include <QString>
#include <QTest>

namespace frontendtest {

// A data row of two QString columns: a program's source and what is expected of it.
inline void row(const char* name, const char* source, const char* expected) {
  QTest::newRow(name) << QString::fromUtf8(source) << QString::fromUtf8(expected);
}

} // namespace frontendtest
