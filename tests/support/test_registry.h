// The test classes of one tests/<module> folder build into one executable,
// test_<module>: each file registers its class with UOPSCOPE_TEST, and the
// module's main (test_main.cpp) runs the one its first argument names, by file
// (`test_ir shape` runs tests/ir/test_shape.cpp), or all of them.
#pragma once

#include <QObject>

#include <memory>

namespace uopstest {

using TestFactory = std::unique_ptr<QObject> (*)();

// Registers the class of test file `file` (its __FILE__); returns its index.
int registerTest(const char* file, TestFactory make);

} // namespace uopstest

#define UOPSCOPE_TEST(Class)                                                              \
  [[maybe_unused]] static const int uopstest_registered_##Class = ::uopstest::registerTest( \
      __FILE__, []() -> std::unique_ptr<QObject> { return std::make_unique<Class>(); })
