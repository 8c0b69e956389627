// Compiled kernels on disk (backends/llvm/object_cache.h): a second JIT (as a
// second process would have) links the object the first stored instead of
// compiling it; the key holds the options, so another level compiles; a file
// that cannot be a database turns the cache off without stopping compiles.
// Kernels compiled inside a StoreBatch reach the file in one commit, when the
// batch ends, and two processes writing batches at once both keep theirs.
// The key names the compiler's own sources, so another pipeline misses.
#include "tests/support/test_registry.h"
#include "tests/llvm/llvm_test.h"

#include "backends/llvm/llvm_jit.h"
#include "backends/llvm/object_cache.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <string>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

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

  void batchIsOneCommitWhenItEnds() {
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("kernels.sqlite")).toStdString();
    {
      LlvmJit first({.keepRecent = 0, .diskCache = path});
      {
        LlvmJit::StoreBatch batch(first);
        for (int k = 2; k <= 4; ++k) (void)first.compile(scaleKernel(k));
        QCOMPARE(first.stats().compiles, uint64_t(3));
        QCOMPARE(first.stats().diskCommits, int64_t(0)); // nothing written yet
        ObjectCache other(path);                         // another process's view
        QVERIFY(!other.find(ObjectCache::key(scaleKernel(2), "kernel", 3, first.target())));
      }
      QCOMPARE(first.stats().diskCommits, int64_t(1)); // three kernels, one transaction
      (void)first.compile(scaleKernel(5));             // outside a batch: written at once
      QCOMPARE(first.stats().diskCommits, int64_t(2));
    }
    LlvmJit second({.keepRecent = 0, .diskCache = path});
    for (int k = 2; k <= 5; ++k) {
      const CompiledKernel kernel = second.compile(scaleKernel(k));
      std::vector<float> in{1, 2}, out(2);
      kernel.entryAs<ScaleFn>()(out.data(), in.data(), 2);
      QCOMPARE(out, (std::vector<float>{float(k), float(2 * k)}));
    }
    QCOMPARE(second.stats().compiles, uint64_t(0));
    QCOMPARE(second.stats().diskHits, uint64_t(4));
  }

  void concurrentProcessesKeepBothBatches() {
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("kernels.sqlite")).toStdString();
    { ObjectCache create(path); } // the file and its table, before both open it
    constexpr int kEntries = 200;
    auto writeBatch = [&](const std::string& prefix) {
      ObjectCache cache(path);
      cache.beginBatch();
      for (int i = 0; i < kEntries; ++i)
        cache.store(prefix + std::to_string(i), {"ir " + std::to_string(i), std::vector<uint8_t>(512, uint8_t(i))});
      cache.endBatch();
      return cache.commits();
    };
    const pid_t child = fork();
    QVERIFY(child >= 0);
    if (child == 0) _exit(writeBatch("child ") == 1 ? 0 : 1); // no Qt in the child: SQLite only
    QCOMPARE(writeBatch("parent "), int64_t(1));
    int status = 0;
    QCOMPARE(waitpid(child, &status, 0), child);
    QVERIFY(WIFEXITED(status));
    QCOMPARE(WEXITSTATUS(status), 0);
    ObjectCache reader(path);
    for (const char* prefix : {"child ", "parent "})
      for (int i = 0; i < kEntries; ++i) {
        std::optional<StoredObject> found = reader.find(prefix + std::to_string(i));
        QVERIFY2(found, prefix);
        QCOMPARE(found->optimizedIr, "ir " + std::to_string(i));
        QCOMPARE(found->object, std::vector<uint8_t>(512, uint8_t(i)));
      }
  }

  void keyHoldsTheTarget() {
    TargetDesc a{"x86_64-pc-linux-gnu", "znver4", "+avx2"}, b = a;
    b.cpu = "skylake";
    QVERIFY(ObjectCache::key("ir", "kernel", 3, a) != ObjectCache::key("ir", "kernel", 3, b));
    QVERIFY(ObjectCache::key("ir", "kernel", 3, a) != ObjectCache::key("ir ", "kernel", 3, a));
  }

  // An object stored by another pass pipeline (a pass of ours added or
  // changed) must not be linked: the key holds the digest of the compiler's
  // sources as they are now, each file's SHA-256 in name order, hashed again
  void keyHoldsTheCompilersSources() {
    QDir folder(QStringLiteral(UOPSCOPE_SOURCE_DIR "/backends/llvm"));
    QStringList files = folder.entryList({QStringLiteral("*.cpp"), QStringLiteral("*.h")}, QDir::Files, QDir::Name);
    std::sort(files.begin(), files.end(), [](const QString& a, const QString& b) { return a.toUtf8() < b.toUtf8(); });
    QVERIFY(files.contains(QStringLiteral("optimize.cpp")));
    QByteArray digests;
    for (const QString& name : files) {
      QFile f(folder.filePath(name));
      QVERIFY(f.open(QIODevice::ReadOnly));
      digests += QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256).toHex();
    }
    const std::string expected = QCryptographicHash::hash(digests, QCryptographicHash::Sha256).toHex().toStdString();
    QCOMPARE(ObjectCache::compilerDigest(), expected);
    const TargetDesc a{"x86_64-pc-linux-gnu", "znver4", "+avx2"};
    QVERIFY(ObjectCache::key("ir", "kernel", 3, a).find(expected) != std::string::npos);
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
