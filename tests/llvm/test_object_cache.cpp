// Compiled kernels on disk (backends/llvm/object_cache.h): a second JIT (as a
// second process would have) links the object the first stored instead of
// compiling it; the key holds the options, so another level compiles; a file
// that cannot be a database turns the cache off without stopping compiles.
#include "tests/support/test_registry.h"
#include "tests/llvm/llvm_test.h"

#include "backends/llvm/llvm_jit.h"
#include "backends/llvm/object_cache.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <vector>

using namespace uops;
using namespace llvmtest;

class TestObjectCache : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void secondJitLinksTheStoredObject() {
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("kernels.sqlite")).toStdString();
    {
      LlvmJit first({.keepRecent = 0, .diskCache = path});
      (void)first.compile(scaleKernel(3));
      QCOMPARE(first.stats().compiles, uint64_t(1));
      QCOMPARE(first.stats().diskHits, uint64_t(0));
    }
    LlvmJit second({.keepRecent = 0, .diskCache = path});
    const CompiledKernel kernel = second.compile(scaleKernel(3));
    QCOMPARE(second.stats().compiles, uint64_t(0));
    QCOMPARE(second.stats().diskHits, uint64_t(1));
    std::vector<float> in{1, 2}, out(2);
    kernel.entryAs<ScaleFn>()(out.data(), in.data(), 2);
    QCOMPARE(out, (std::vector<float>{3, 6}));
    QVERIFY(!kernel.optimizedIr().empty());
    // the optimization level is part of the key
    (void)second.compile(scaleKernel(3), {.optLevel = 2});
    QCOMPARE(second.stats().compiles, uint64_t(1));
  }

  void keyHoldsTheTarget() {
    TargetDesc a{"x86_64-pc-linux-gnu", "znver4", "+avx2"}, b = a;
    b.cpu = "skylake";
    QVERIFY(ObjectCache::key("ir", "kernel", 3, a) != ObjectCache::key("ir", "kernel", 3, b));
    QVERIFY(ObjectCache::key("ir", "kernel", 3, a) != ObjectCache::key("ir ", "kernel", 3, a));
  }

  void unusableFileTurnsTheCacheOff() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("kernels.sqlite"));
    QFile junk(path);
    QVERIFY(junk.open(QIODevice::WriteOnly));
    junk.write(QByteArray(4096, 'x')); // not a database
    junk.close();
    ObjectCache cache(path.toStdString());
    QVERIFY(!cache.usable());
    QVERIFY2(!cache.why().empty(), cache.why().c_str());
    LlvmJit jit({.keepRecent = 0, .diskCache = path.toStdString()});
    const CompiledKernel kernel = jit.compile(scaleKernel(5));
    QCOMPARE(jit.stats().compiles, uint64_t(1));
    std::vector<float> in{1}, out(1);
    kernel.entryAs<ScaleFn>()(out.data(), in.data(), 1);
    QCOMPARE(out[0], 5.0f);
  }

  void offByEnvironment() {
    qputenv("UOPSCOPE_KERNEL_CACHE", "0");
    QVERIFY(ObjectCache::defaultPath().empty());
    qunsetenv("UOPSCOPE_KERNEL_CACHE");
    QVERIFY(ObjectCache::defaultPath().ends_with("kernels.sqlite"));
  }
};

UOPSCOPE_TEST(TestObjectCache);
#include "test_object_cache.moc"
