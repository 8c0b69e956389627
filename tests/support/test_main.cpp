// main() of every test executable: `test_<module> NAME [QtTest options]` runs
// the class of tests/<module>/test_NAME.cpp, `test_<module> [QtTest options]`
// runs them all, `test_<module> --list-tests` prints the names. The views'
// tests get a QApplication (UOPSCOPE_TEST_WIDGETS), the others a QCoreApplication.
#include "tests/support/test_registry.h"

#include <QtTest/QtTest>

#ifdef UOPSCOPE_TEST_WIDGETS
#include <QApplication>
#endif

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace uopstest {
namespace {

struct Registered {
  std::string name;
  TestFactory make;
};

std::vector<Registered>& registry() {
  static std::vector<Registered> tests;
  return tests;
}

// ".../tests/ir/test_shape.cpp" -> "shape"
std::string testName(const char* file) {
  std::string name = file;
  if (auto slash = name.find_last_of('/'); slash != std::string::npos) name.erase(0, slash + 1);
  if (name.rfind("test_", 0) == 0) name.erase(0, 5);
  if (auto dot = name.find('.'); dot != std::string::npos) name.erase(dot);
  return name;
}

} // namespace

int registerTest(const char* file, TestFactory make) {
  registry().push_back({testName(file), make});
  return static_cast<int>(registry().size()) - 1;
}

} // namespace uopstest

int main(int argc, char** argv) {
  using uopstest::registry;
  std::vector<const uopstest::Registered*> selected;
  std::vector<char*> args{argv[0]};
  if (argc > 1 && std::strcmp(argv[1], "--list-tests") == 0) {
    for (const auto& test : registry())
      std::printf("%s\n", test.name.c_str());
    return 0;
  }
  if (argc > 1 && argv[1][0] != '-') {
    for (const auto& test : registry())
      if (test.name == argv[1]) selected.push_back(&test);
    if (selected.empty()) {
      std::fprintf(stderr, "%s: no test named '%s' (--list-tests lists them)\n", argv[0], argv[1]);
      return 2;
    }
    args.insert(args.end(), argv + 2, argv + argc);
  } else {
    for (const auto& test : registry())
      selected.push_back(&test);
    args.insert(args.end(), argv + 1, argv + argc);
  }
  int qtArgc = static_cast<int>(args.size());
  args.push_back(nullptr);
#ifdef UOPSCOPE_TEST_WIDGETS
  QApplication app(qtArgc, args.data());
  app.setAttribute(Qt::AA_Use96Dpi, true);
#else
  QCoreApplication app(qtArgc, args.data());
#endif
  const QString executable = QCoreApplication::applicationName();
  int failed = 0;
  for (const auto* test : selected) {
    // a test's own application name, as when each test was its own executable
    // (the folders of QSettings and of caches derive from it)
    QCoreApplication::setApplicationName(executable + u'_' + QString::fromStdString(test->name));
    auto object = test->make();
    failed += QTest::qExec(object.get(), qtArgc, args.data());
  }
  return failed;
}
