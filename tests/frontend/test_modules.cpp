// The standard modules model files import (functools, itertools, typing,
// math, dataclasses; os, sys, time, argparse, pathlib for their scripts):
// each program prints what CPython prints for it (module_cases.h), and what
// is not there fails at the import that names it.
#include "tests/support/test_registry.h"
#include "frontend_test.h"
#include "module_cases.h"

#include "core/frontend/interpreter.h"
#include "core/frontend/load_error.h"

#include <QtTest>

using namespace uops::frontend;

namespace {

// What the program printed, then "error: <line>:<col>: <message>" if it failed.
QString runModules(const char* source, const Limits& limits = {}) {
  Interpreter interpreter;
  interpreter.setLimits(limits);
  std::string out;
  interpreter.setPrintSink([&](std::string_view text) { out += text; });
  try {
    interpreter.load("m.py", source);
  } catch (const LoadError& e) {
    out +=
        "error: " + std::to_string(e.line()) + ":" + std::to_string(e.col()) + ": " + e.message();
  }
  return QString::fromStdString(out);
}

} // namespace

class TestModules : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void programs_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("expected");
    for (const modulecases::Case& c : modulecases::kCases)
      frontendtest::row(c.name, c.source, c.expected);
  }
  void programs() {
    QFETCH(QString, source);
    QFETCH(QString, expected);
    QCOMPARE(runModules(source.toUtf8().constData()), expected);
  }

  void errors_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("expected");
    using frontendtest::row;
    row("missing name", "import math\nfrom itertools import chain, count\n",
        "error: 2:30: cannot import name 'count' from 'itertools'");
    row("infinite repeat", "from itertools import repeat\nxs = repeat(1)\n",
        "error: 2:6: repeat() without times is infinite, which is not supported: pass times");
    row("empty reduce", "from functools import reduce\nreduce(max, [])\n",
        "error: 2:1: reduce() of empty iterable with no initial value");
    row("partial of a non-callable", "import functools\nf = functools.partial(3)\n",
        "error: 2:15: the first argument must be callable");
    row("int is no generic", "x = int[3]\n", "error: 1:8: type 'int' is not subscriptable");
    row("field order",
        "from dataclasses import dataclass\n@dataclass\nclass C:\n  a: int = 1\n  b: int\n",
        "error: 2:2: non-default argument 'b' follows default argument");
    row("typing forms are not classes", "from typing import List\nList()\n",
        "error: 2:1: Cannot instantiate typing.List");
  }
  void errors() {
    QFETCH(QString, source);
    QFETCH(QString, expected);
    QCOMPARE(runModules(source.toUtf8().constData()), expected);
  }

  void classAnnotationsKeepTheirText() {
    // Not evaluated (as under `from __future__ import annotations`): the
    // names in order with the annotation as written; a def's are not the class's.
    QCOMPARE(runModules("from typing import Optional\n"
                        "class A:\n"
                        "  x: Optional[int] = None\n"
                        "  y: tuple[int, ...]\n"
                        "  def f(self):\n"
                        "    z: int = 1\n"
                        "print(A.__annotations__, A.x, hasattr(A, 'y'))\n"),
             QStringLiteral("{'x': 'Optional[int]', 'y': 'tuple[int, ...]'} None False\n"));
  }

  void scriptModulesImportAndRefuseTheHost() {
    // tinygrad's examples/mamba.py and mnist_gan.py at module level
    QCOMPARE(runModules("import os, sys, math, argparse, time\n"
                        "from pathlib import Path\n"
                        "sys.path.append(os.getcwd())\n"
                        "t0 = time.perf_counter()\n"
                        "print(sys.path, time.perf_counter() >= t0, type(time.time()).__name__)\n"),
             QStringLiteral("['.'] True float\n"));
    // a program's own module: `module.name = v` sets the global its functions read
    QCOMPARE(runModules("import sys\nsys.maxsize = 3\n"),
             QStringLiteral("error: 2:5: cannot set attribute 'maxsize' of 'module' object"));
    QCOMPARE(runModules("import argparse\nparser = argparse.ArgumentParser(description='x')\n"),
             QStringLiteral("error: 2:19: argparse.ArgumentParser: not available to a program (it has no command line)"));
    QCOMPARE(runModules("from pathlib import Path\n"
                        "try:\n"
                        "  Path('.').resolve()\n"
                        "except RuntimeError as e:\n"
                        "  print('caught', e)\n"),
             QStringLiteral("caught pathlib.Path: not available to a program (it has no file system)\n"));
    QCOMPARE(runModules("import gzip\nwith gzip.open('vocab.txt.gz') as f:\n  pass\n"),
             QStringLiteral("error: 2:11: gzip.open: not available to a program (it has no file system)"));
    QCOMPARE(runModules("import os\nos.listdir('.')\n"),
             QStringLiteral("error: 2:4: module 'os' has no attribute 'listdir'"));
  }

  void productStopsAtTheStepLimit() {
    // 10**12 tuples would exhaust memory; the budget stops the product first.
    Limits limits;
    limits.maxSteps = 100000;
    QString out =
        runModules("import itertools\n"
                   "big = itertools.product(range(1000), range(1000), range(1000), range(1000))\n",
                   limits);
    QVERIFY2(
        out.startsWith(QStringLiteral("error: 2:17: program exceeded the limit of 100000 steps")),
        qPrintable(out));
  }

  void permutationsOfALongPool() {
    // r as large as the pool: the walk keeps its own stack, not the thread's.
    QString out = runModules("from itertools import permutations, combinations\n"
                             "p = permutations(range(20000))\n",
                             Limits{.maxSteps = 100000});
    QVERIFY2(out.startsWith(QStringLiteral("error: 2:5: program exceeded the limit")),
             qPrintable(out));
    QCOMPARE(runModules("from itertools import combinations\n"
                        "print(len(combinations(range(20000), 20000)))\n"),
             QStringLiteral("1\n"));
  }
};

UOPSCOPE_TEST(TestModules);
#include "test_modules.moc"
