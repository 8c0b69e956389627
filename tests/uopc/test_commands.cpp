// uopc's pipeline commands, run as a user runs them: the stages in order, a
// kernel's IR after Optimize, the trace's passes, generated source and
// machine code, the compile benchmark's JSON, the applied OptOps, and the
// errors for a wrong stage, kernel or OptOp (exit 1, message on stderr).
#include "tests/support/test_registry.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <map>

namespace {

struct Result {
  int code = -1;
  QString out, err;
};

// `fault`: UOPSCOPE_INJECT_FAULT for the run (core/runtime/fault_injection.h),
// with a BEAM cache of its own.
// A process that died of a signal has code -2.
Result uopc(const QStringList& args, const QString& fault = {}) {
  QProcess p;
  if (!fault.isEmpty()) {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("UOPSCOPE_INJECT_FAULT"), fault);
    static QTemporaryDir cache; // no BEAM result cached by an earlier run
    env.insert(QStringLiteral("UOPSCOPE_CACHE_DIR"), cache.path());
    // leaving LLVM's fatal error handler by longjmp skips the destructors of
    // the frames in between (the error message's string): the sanitizer
    // build's leak check would end the process for those bytes
    env.insert(QStringLiteral("ASAN_OPTIONS"), QStringLiteral("detect_leaks=0:abort_on_error=1"));
    p.setProcessEnvironment(env);
  }
  p.start(QStringLiteral(UOPC_PATH), args);
  p.waitForFinished(120000);
  return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2,
          QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}

// out = relu(a @ b).sum(1): one reduction kernel after another
const char* const kProgram = R"(from tinygrad import Tensor
a = Tensor([[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]])
b = Tensor([[1.0, 0.5], [2.0, -1.0], [0.0, 1.0], [1.0, 1.0]])
h = (a @ b).relu()
out = [h, h.exp2().sum(1)]
)";

// Writes `text` to `name` in `dir`; its path, or empty when it cannot be written.
QString writeProgram(const QTemporaryDir& dir, const char* name, const char* text) {
  QString path = dir.filePath(QString::fromUtf8(name));
  QFile f(path);
  if (!f.open(QIODevice::WriteOnly) || f.write(text) < 0) return {};
  return path;
}

} // namespace

class TestCommands : public QObject {
  Q_OBJECT

  QTemporaryDir m_dir;
  QString m_program;
  QString m_big; // a matmul whose reference evaluation holds about 4 GB

private Q_SLOTS:
  void initTestCase() {
    QVERIFY(m_dir.isValid());
    m_program = m_dir.filePath(QStringLiteral("prog.py"));
    QFile f(m_program);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(kProgram);
    f.close();
    m_big = m_dir.filePath(QStringLiteral("big.py"));
    QFile big(m_big);
    QVERIFY(big.open(QIODevice::WriteOnly));
    big.write("from tinygrad import Tensor\nx = Tensor.ones(1024, 1024)\nout = (x @ x).sum()\n");
  }

  // Realization points: the whole program as one graph or schedule by
  // schedule gives the same values; one schedule runs and lowers alone.
  void schedulesRunInOrder() {
    const QString path = writeProgram(m_dir, "steps.py",
                                      "from tinygrad import Tensor\n"
                                      "w = Tensor([1.0, 2.0, 3.0])\n"
                                      "for i in range(2):\n"
                                      "  w.assign(w * 2 + 1)\n"
                                      "  w.realize()\n"
                                      "out = [w, w.sum()]\n");
    QVERIFY(!path.isEmpty());
    const QString want = QStringLiteral(R"("data": [7.0, 11.0, 15.0])");
    for (const QString& mode : {QStringLiteral("--json"), QStringLiteral("--by-schedule"), QStringLiteral("--one-graph")}) {
      Result r = uopc({QStringLiteral("run"), QStringLiteral("--json"), mode, QStringLiteral("--device"),
                       QStringLiteral("CPU"), path});
      QCOMPARE(r.code, 0);
      QVERIFY2(r.out.contains(want) && r.out.contains(QStringLiteral(R"("data": [33.0])")), qPrintable(r.out));
      // the realization points ran while loading: their kernels are counted
      QVERIFY2(!r.out.contains(QStringLiteral(R"("kernels": 0)")), qPrintable(r.out));
    }
    Result first = uopc({QStringLiteral("run"), QStringLiteral("--schedule"), QStringLiteral("1"),
                         QStringLiteral("--device"), QStringLiteral("CPU"), path});
    QCOMPARE(first.code, 0);
    QVERIFY2(first.out.contains(QStringLiteral("schedule 1 of 3: realize() at line 5")), qPrintable(first.out));
    QVERIFY2(first.out.contains(QStringLiteral("[3.0, 5.0, 7.0]")), qPrintable(first.out));
    Result stages = uopc({QStringLiteral("stages"), QStringLiteral("--schedule"), QStringLiteral("2"), path});
    QCOMPARE(stages.code, 0);
    QVERIFY(stages.out.contains(QStringLiteral("== Render")));
    Result missing = uopc({QStringLiteral("stages"), QStringLiteral("--schedule"), QStringLiteral("9"), path});
    QCOMPARE(missing.code, 1);
    QVERIFY2(missing.err.contains(QStringLiteral("schedule 9 does not exist: the program has 2")),
             qPrintable(missing.err));
  }

  // A program whose tensors end in item() inside a function has no output
  // tensor: what it printed is its result, with the kernels its realization
  // points ran; one that computes and prints nothing is still refused.
  void programsThatOnlyPrintValuesRun() {
    const QString path = writeProgram(m_dir, "main.py",
                                      "from tinygrad import Tensor\n"
                                      "def main():\n"
                                      "  x = Tensor([[1.0, 2.0], [3.0, 4.0]])\n"
                                      "  print('loss', (x * 2).sum().item())\n"
                                      "main()\n");
    QVERIFY(!path.isEmpty());
    Result r =
        uopc({QStringLiteral("run"), QStringLiteral("--device"), QStringLiteral("CPU"), path});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.startsWith(QStringLiteral("loss 20.0\n")), qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains(QStringLiteral("device CPU: 1 kernels")), qPrintable(r.out));
    Result json = uopc({QStringLiteral("run"), QStringLiteral("--json"), QStringLiteral("--device"),
                        QStringLiteral("CPU"), path});
    QCOMPARE(json.code, 0);
    QVERIFY2(json.out.contains(QStringLiteral(R"("outputs": [])")), qPrintable(json.out));
    const QString empty = writeProgram(m_dir, "empty.py", "from tinygrad import Tensor\nx = 1\n");
    Result none =
        uopc({QStringLiteral("run"), QStringLiteral("--device"), QStringLiteral("CPU"), empty});
    QCOMPARE(none.code, 1);
    QVERIFY2(none.err.contains(QStringLiteral("the program has no outputs")), qPrintable(none.err));
  }

  // What a program prints shows as it runs, so a later error leaves it on
  // the screen, as Python does; --json keeps stdout empty on an error
  void printedTextSurvivesALoadError() {
    const QString path = writeProgram(m_dir, "fails.py",
                                      "from tinygrad import Tensor\n"
                                      "x = Tensor([1.0, 2.0])\n"
                                      "print('step', x.sum().item())\n"
                                      "y = x.reshape(3)\n");
    QVERIFY(!path.isEmpty());
    Result r =
        uopc({QStringLiteral("run"), QStringLiteral("--device"), QStringLiteral("CPU"), path});
    QCOMPARE(r.code, 1);
    QCOMPARE(r.out, QStringLiteral("step 3.0\n"));
    QVERIFY2(r.err.contains(QStringLiteral("fails.py:4:")), qPrintable(r.err));
    Result json = uopc({QStringLiteral("run"), QStringLiteral("--json"), QStringLiteral("--device"),
                        QStringLiteral("CPU"), path});
    QCOMPARE(json.code, 1);
    QVERIFY2(json.out.isEmpty(), qPrintable(json.out));
  }

  // --check computes the outputs with the reference evaluator too; without
  // it nothing is checked; above --check-limit the check is skipped, saying why.
  void checkAgainstReference() {
    Result plain = uopc({QStringLiteral("run"), QStringLiteral("--device"), QStringLiteral("CPU"), m_program});
    QCOMPARE(plain.code, 0);
    QVERIFY(!plain.out.contains(QStringLiteral("check:")));
    Result checked =
        uopc({QStringLiteral("run"), QStringLiteral("--check"), QStringLiteral("--device"), QStringLiteral("CPU"), m_program});
    QCOMPARE(checked.code, 0);
    QVERIFY2(checked.out.contains(QStringLiteral("check: 2 of 2 outputs match the reference evaluator")), qPrintable(checked.out));
    Result json = uopc({QStringLiteral("run"), QStringLiteral("--check"), QStringLiteral("--json"),
                        QStringLiteral("--device"), QStringLiteral("CPU"), m_program});
    QVERIFY2(json.out.contains(QStringLiteral(R"("status": "matched")")), qPrintable(json.out));
    Result skipped = uopc({QStringLiteral("run"), QStringLiteral("--check"), QStringLiteral("--check-limit"),
                           QStringLiteral("0.000001"), QStringLiteral("--device"), QStringLiteral("CPU"), m_program});
    QVERIFY(skipped.code != 0); // below the option's range
    Result small = uopc({QStringLiteral("run"), QStringLiteral("--check"), QStringLiteral("--check-limit"),
                         QStringLiteral("1"), QStringLiteral("--device"), QStringLiteral("CPU"), m_big});
    QCOMPARE(small.code, 0);
    QVERIFY2(small.out.contains(QStringLiteral("check: not checked: the reference evaluator would hold about")),
             qPrintable(small.out));
    Result onRef = uopc({QStringLiteral("run"), QStringLiteral("--check"), QStringLiteral("--device"), QStringLiteral("REF"), m_program});
    QCOMPARE(onRef.code, 1);
    QVERIFY2(onRef.err.contains(QStringLiteral("--check does not apply to REF")), qPrintable(onRef.err));
  }

  void stagesInOrder() {
    Result r = uopc({QStringLiteral("stages"), m_program});
    QCOMPARE(r.code, 0);
    QStringList headers;
    for (const QString& line : r.out.split(QLatin1Char('\n')))
      if (line.startsWith(QStringLiteral("== "))) headers << line.section(QLatin1Char('|'), 0, 0).trimmed();
    QStringList expected{QStringLiteral("== Callify"), QStringLiteral("== Rangeify")};
    for (const char* stage : {"Optimize", "Expand", "Instruction Selection", "Linearize", "Register/Memory Plan",
                              "Render"})
      for (int k = 0; k < 2; ++k) expected << QStringLiteral("== ") + QString::fromLatin1(stage);
    QCOMPARE(headers, expected);
  }

  void oneKernelOneStage() {
    Result r = uopc({QStringLiteral("stages"), m_program, QStringLiteral("--kernel"), QStringLiteral("0"),
                     QStringLiteral("--stage"), QStringLiteral("optimize"), QStringLiteral("--no-opt")});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.startsWith(QStringLiteral("== Optimize | kernel #0 r_2_2_4\n")), qPrintable(r.out));
    QCOMPARE(r.out.count(QStringLiteral("= Range(")), 3);
    QVERIFY(r.out.contains(QStringLiteral("arg=(2, REDUCE)")));
    QVERIFY(r.out.contains(QStringLiteral("= Sink(")));
  }

  void trace() {
    Result r = uopc({QStringLiteral("trace"), m_program, QStringLiteral("--rewrites")});
    QCOMPARE(r.code, 0);
    QVERIFY(r.out.contains(QStringLiteral("Rangeify: ")));
    QVERIFY(r.out.contains(QStringLiteral("  apply rangeify: ")));
    QVERIFY(r.out.contains(QStringLiteral("Linearize | kernel #1 ")));
    // --rewrites lists each rewrite with its rule's file and line
    QVERIFY(r.out.contains(QStringLiteral("apply rangeify (")));
    QVERIFY(r.out.contains(QStringLiteral("rangeify_apply.cpp:")));
  }

  // every stage's rewrites replay to its output; Optimize lists its OptOps as steps
  void traceChecksReplay() {
    Result r = uopc({QStringLiteral("trace"), m_program, QStringLiteral("--check-replay"), QStringLiteral("--kernel"),
                     QStringLiteral("0"), QStringLiteral("--opts"), QStringLiteral("Split(0, 2, UPCAST)")});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains(QStringLiteral(" stage records, 0 gaps\n")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("  Split(0, 2, UPCAST): ")), qPrintable(r.out));
    QVERIFY(r.out.contains(QStringLiteral("  inputs to params: ")));
    QVERIFY(r.out.contains(QStringLiteral("  list instructions: 1 rewrites")));
  }

  void emit() {
    Result src = uopc({QStringLiteral("emit"), m_program, QStringLiteral("--source"), QStringLiteral("--kernel"),
                       QStringLiteral("1")});
    QCOMPARE(src.code, 0);
    QVERIFY(src.out.contains(QStringLiteral("define void @kernel(ptr %bufs, i64 %tid)")));
    QVERIFY(!src.out.contains(QStringLiteral("==== kernel #0")));
    Result isa = uopc({QStringLiteral("emit"), m_program, QStringLiteral("--isa")});
    QCOMPARE(isa.code, 0);
    QVERIFY(isa.out.contains(QStringLiteral("==== kernel #0")));
    QVERIFY(isa.out.contains(QStringLiteral("ret")));
    Result cl = uopc({QStringLiteral("emit"), m_program, QStringLiteral("--source"), QStringLiteral("--device"),
                      QStringLiteral("CL:0")});
    QCOMPARE(cl.code, 0);
    QVERIFY(cl.out.contains(QStringLiteral("__kernel void")));
    QVERIFY(cl.out.contains(QStringLiteral("get_global_id(0)")));
    // the driver's binary: PoCL's host ELF goes through LLVM's disassembler
    Result clIsa = uopc({QStringLiteral("emit"), m_program, QStringLiteral("--isa"), QStringLiteral("--device"),
                         QStringLiteral("CL:0"), QStringLiteral("--kernel"), QStringLiteral("0")});
    QCOMPARE(clIsa.code, 0);
    if (clIsa.out.contains(QStringLiteral("ELF object (x86-64)"))) {
      QVERIFY2(clIsa.out.contains(QStringLiteral("_pocl_kernel_")), qPrintable(clIsa.out));
      QVERIFY2(clIsa.out.contains(QRegularExpression(QStringLiteral("\\n +[0-9a-f]+: [0-9a-f ]+ +ret\\n"))),
               qPrintable(clIsa.out));
    }
  }

  void optsGivenAndApplied() {
    Result r = uopc({QStringLiteral("opts"), m_program, QStringLiteral("--kernel"), QStringLiteral("0"),
                     QStringLiteral("--opts"), QStringLiteral("Split(1, 2, UPCAST); Split(2, 2, UNROLL)")});
    QCOMPARE(r.code, 0);
    QCOMPARE(r.out, QStringLiteral("#0 r_2_1_2_2_2                   LLRur        Split(1, 2, UPCAST); "
                                   "Split(2, 2, UNROLL)\n"));
    Result bad = uopc({QStringLiteral("opts"), m_program, QStringLiteral("--kernel"), QStringLiteral("0"),
                       QStringLiteral("--opts"), QStringLiteral("Split(1, 3, UPCAST)")});
    QCOMPARE(bad.code, 1);
    QVERIFY2(bad.err.contains(QStringLiteral("Optimize of kernel r_2_2_4 failed: Split(1, 3, UPCAST): factor 3 must be between 2 and the axis size 2")),
             qPrintable(bad.err));
  }

  void benchCompileJson() {
    Result r = uopc({QStringLiteral("bench-compile"), QStringLiteral("--json"), m_program});
    QCOMPARE(r.code, 0);
    QJsonObject root = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QJsonArray programs = root.value(QStringLiteral("programs")).toArray();
    QCOMPARE(programs.size(), 1);
    QJsonObject p = programs.at(0).toObject();
    QCOMPARE(p.value(QStringLiteral("file")).toString(), m_program);
    QCOMPARE(p.value(QStringLiteral("kernels")).toInt(), 2);
    QVERIFY(p.value(QStringLiteral("lower_ms")).toDouble() > 0);
  }

  // one identity per kernel (kernel_ranges.h kernelLabel): a kernel Optimize
  // renames (convnet's #1, E_2_8_8 before its UPCAST) reads the same in
  // stages, trace, opts, emit and run --time; matmul's two r_4_3_6 are #2 and #4
  void oneIdentityPerKernel() {
    const QString convnet = QStringLiteral(UOPSCOPE_SOURCE_DIR "/resources/examples/convnet.py");
    Result opts = uopc({QStringLiteral("opts"), convnet, QStringLiteral("--kernel"), QStringLiteral("1")});
    QCOMPARE(opts.code, 0);
    const QString label = opts.out.section(QLatin1Char(' '), 0, 1);
    QVERIFY2(label.startsWith(QStringLiteral("#1 E_")), qPrintable(opts.out));
    Result stages = uopc({QStringLiteral("stages"), convnet, QStringLiteral("--kernel"), QStringLiteral("#1")});
    QVERIFY2(stages.out.contains(QStringLiteral("== Optimize | kernel ") + label + QLatin1Char('\n')), qPrintable(label));
    QVERIFY2(stages.out.contains(QStringLiteral("== Render | kernel ") + label + QLatin1Char('\n')), qPrintable(label));
    Result trace = uopc({QStringLiteral("trace"), convnet, QStringLiteral("--kernel"), label});
    QVERIFY2(trace.out.contains(QStringLiteral("Optimize | kernel ") + label + QLatin1Char(':')), qPrintable(trace.out));
    Result emit = uopc({QStringLiteral("emit"), convnet, QStringLiteral("--source"), QStringLiteral("--kernel"), label});
    QVERIFY2(emit.out.contains(QStringLiteral("==== kernel ") + label + QStringLiteral(" (")), qPrintable(emit.out));
    Result run = uopc({QStringLiteral("run"), convnet, QStringLiteral("--device"), QStringLiteral("CPU"),
                       QStringLiteral("--time")});
    QVERIFY2(run.out.contains(QStringLiteral("  ") + label + QLatin1Char(' ')), qPrintable(run.out));
    Result matmul = uopc({QStringLiteral("run"), QStringLiteral(UOPSCOPE_SOURCE_DIR "/resources/examples/matmul.py"),
                          QStringLiteral("--device"), QStringLiteral("CPU"), QStringLiteral("--time")});
    QVERIFY2(matmul.out.contains(QStringLiteral("  #2 r_4_3_6 ")) && matmul.out.contains(QStringLiteral("  #4 r_4_3_6 ")),
             qPrintable(matmul.out));
  }

  // --time --repeat N runs the program once more first, untimed: each kernel
  // reports that run apart (first_ms), the trace holds the N timed runs
  void timedRunsAfterAWarmUp() {
    const QString trace = m_dir.filePath(QStringLiteral("timed.json"));
    auto timed = [&](const char* repeat) {
      Result r =
          uopc({QStringLiteral("run"), m_program, QStringLiteral("--device"), QStringLiteral("CPU"),
                QStringLiteral("--time"), QStringLiteral("--repeat"), QLatin1String(repeat),
                QStringLiteral("--json"), QStringLiteral("--trace-out"), trace});
      [&] { QCOMPARE(r.code, 0); }();
      QFile f(trace);
      f.open(QIODevice::ReadOnly);
      std::map<int, int> kernelsPerRun;
      for (const QJsonValue e : QJsonDocument::fromJson(f.readAll())
                                    .object()
                                    .value(QStringLiteral("traceEvents"))
                                    .toArray())
        if (e[QStringLiteral("cat")].toString() == QStringLiteral("kernel"))
          ++kernelsPerRun[e[QStringLiteral("args")][QStringLiteral("run")].toInt()];
      return std::pair{QJsonDocument::fromJson(r.out.toUtf8())
                           .object()[QStringLiteral("timing")][QStringLiteral("kernels")]
                           .toArray(),
                       kernelsPerRun};
    };
    auto [kernels, runs] = timed("3");
    QCOMPARE(kernels.size(), 2);
    for (const QJsonValue k : kernels)
      QVERIFY(k[QStringLiteral("first_ms")].toDouble() > 0);
    QCOMPARE(runs, (std::map<int, int>{{0, 2}, {1, 2}, {2, 2}}));
    auto [once, oneRun] = timed("1"); // a single run is the first: nothing apart
    QCOMPARE(once.size(), 2);
    for (const QJsonValue k : once)
      QVERIFY(!k.toObject().contains(QStringLiteral("first_ms")));
    QCOMPARE(oneRun, (std::map<int, int>{{0, 2}}));
  }

  void errors() {
    Result stage = uopc({QStringLiteral("stages"), m_program, QStringLiteral("--stage"), QStringLiteral("Vectorize")});
    QCOMPARE(stage.code, 1);
    QVERIFY(stage.out.isEmpty());
    QVERIFY(stage.err.startsWith(QStringLiteral("no stage 'Vectorize'; the stages are:\n  Callify\n")));
    Result kernel = uopc({QStringLiteral("emit"), m_program, QStringLiteral("--source"), QStringLiteral("--kernel"),
                          QStringLiteral("r_9")});
    QCOMPARE(kernel.code, 1);
    QVERIFY2(kernel.err.contains(QStringLiteral("no kernel 'r_9'; the schedule has 2 kernels:\n  #0 r_2_2_4")),
             qPrintable(kernel.err));
    Result both = uopc({QStringLiteral("emit"), m_program});
    QCOMPARE(both.code, 1);
    QCOMPARE(both.err, QStringLiteral("uopc emit: choose one of --source and --isa\n"));
  }

  // A load error raised in the library prints its line, then the calls that
  // led there from the program's top level, as Python does.
  void loadErrorsShowTheTraceback() {
    const QString path = writeProgram(m_dir, "layer.py",
                                      "from tinygrad import Tensor, nn\n"
                                      "def forward(layer, x):\n"
                                      "  return layer(x)\n"
                                      "out = forward(nn.Linear(64, 10), Tensor.ones(4, 128))\n");
    QVERIFY(!path.isEmpty());
    Result r = uopc({QStringLiteral("run"), path});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.startsWith(QStringLiteral("tinygrad/nn/__init__.py:")), qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral(": cannot dot (4, 128) and (64, 10)\n")),
             qPrintable(r.err));
    const QString traceback =
        QStringLiteral("Traceback (most recent call last):\n"
                       "  File \"%1\", line 4, in <module>\n"
                       "    out = forward(nn.Linear(64, 10), Tensor.ones(4, 128))\n"
                       "  File \"%1\", line 3, in forward\n"
                       "    return layer(x)\n"
                       "  File \"tinygrad/nn/__init__.py\", line ")
            .arg(path);
    QVERIFY2(r.err.contains(traceback), qPrintable(r.err));
  }

  // A backend compiler that fails (LLVM's fatal error, an OpenCL compiler's
  // abort) fails the kernel with the compiler's message: uopc reports it and
  // exits 1, it does not die with the compiler; BEAM skips such a candidate
  void compilerFailuresAreErrors() {
    const QStringList cpu{QStringLiteral("run"), m_program, QStringLiteral("--device"), QStringLiteral("CPU")};
    Result llvm = uopc(cpu, QStringLiteral("llvm:r_"));
    QCOMPARE(llvm.code, 1);
    QVERIFY2(llvm.err.contains(QStringLiteral("code generation failed: fault injected by UOPSCOPE_INJECT_FAULT")),
             qPrintable(llvm.err));
    QCOMPARE(uopc(cpu).code, 0); // the same program without the fault
    QStringList beamRun = cpu;
    beamRun << QStringLiteral("--beam") << QStringLiteral("1") << QStringLiteral("--beam-budget") << QStringLiteral("5");
    Result beam = uopc(beamRun, QStringLiteral("llvm:r_"));
    QCOMPARE(beam.code, 1); // the reduction compiles with no OptOps at all
    QVERIFY2(beam.err.contains(QStringLiteral("BEAM: the kernel without OptOps does not run: code generation "
                                              "failed: fault injected by UOPSCOPE_INJECT_FAULT")),
             qPrintable(beam.err));
    if (!uopc({QStringLiteral("devices")}).out.contains(QStringLiteral("CL:0"))) QSKIP("no OpenCL device");
    Result cl = uopc({QStringLiteral("run"), m_program, QStringLiteral("--device"), QStringLiteral("CL:0")},
                     QStringLiteral("opencl:r_"));
    QCOMPARE(cl.code, 1);
    QVERIFY2(cl.err.contains(QStringLiteral("the OpenCL compiler failed (SIGABRT)")) &&
                 cl.err.contains(QStringLiteral("fault injected by UOPSCOPE_INJECT_FAULT")),
             qPrintable(cl.err));
  }

  // without a CUDA driver: no CUDA device, one line of `uopc devices` saying
  // why, and a run on CUDA:0 an error naming the devices there are
  void devicesSayWhyThereIsNoCuda() {
    const Result devices = uopc({QStringLiteral("devices")});
    QCOMPARE(devices.code, 0);
    if (devices.out.contains(QStringLiteral("\nCUDA:0 "))) QSKIP("this machine has a CUDA device");
    const QStringList lines = devices.out.split(QLatin1Char('\n'));
    const QStringList cuda = lines.filter(QRegularExpression(QStringLiteral("^CUDA")));
    QCOMPARE(cuda.size(), 1);
    QVERIFY2(cuda[0].startsWith(QStringLiteral("CUDA: libcuda.so.1 not found (libcuda.so.1: cannot open shared object "
                                                "file")) ||
                 cuda[0].startsWith(QStringLiteral("CUDA: the driver did not start: cuInit failed with ")),
             qPrintable(cuda[0]));
    const Result run = uopc({QStringLiteral("run"), m_program, QStringLiteral("--device"), QStringLiteral("CUDA:0")});
    QCOMPARE(run.code, 1);
    QVERIFY2(run.err.contains(QStringLiteral("this machine has no device CUDA:0")), qPrintable(run.err));
  }

  // the roofline's roofs as JSON
  void peaksOfTheCpu() {
    const Result peaks = uopc({QStringLiteral("peaks"), QStringLiteral("--device"), QStringLiteral("CPU"),
                               QStringLiteral("--json")});
    QCOMPARE(peaks.code, 0);
    const QJsonObject o = QJsonDocument::fromJson(peaks.out.toUtf8()).object();
    QCOMPARE(o.value(QStringLiteral("device")).toString(), QStringLiteral("CPU"));
    QVERIFY2(o.value(QStringLiteral("gflops")).toDouble() > 0 && o.value(QStringLiteral("gbps")).toDouble() > 0,
             qPrintable(peaks.out));
    const double ratio = o.value(QStringLiteral("gflops")).toDouble() / o.value(QStringLiteral("gbps")).toDouble();
    QVERIFY2(qAbs(o.value(QStringLiteral("ridge")).toDouble() - ratio) <= 0.001 + 0.01 * ratio, qPrintable(peaks.out));
  }

  // Every option of `uopc run` either applies or is an error that says why;
  // device names and kernel selectors are parsed as the other commands parse them
  void runOptionsApplyOrFail() {
    auto run = [&](QStringList args) {
      args.prepend(m_program);
      args.prepend(QStringLiteral("run"));
      return uopc(args);
    };
    Result ref = run({QStringLiteral("--device"), QStringLiteral("REF"), QStringLiteral("--time")});
    QCOMPARE(ref.code, 1);
    QVERIFY2(ref.err.contains(QStringLiteral("--time does not apply to REF: the reference evaluator compiles no kernels")),
             qPrintable(ref.err));
    Result beam = run({QStringLiteral("--device"), QStringLiteral("ref"), QStringLiteral("--beam"), QStringLiteral("2")});
    QCOMPARE(beam.code, 1);
    QVERIFY2(beam.err.contains(QStringLiteral("--beam does not apply to REF")), qPrintable(beam.err));
    Result missing = run({QStringLiteral("--device"), QStringLiteral("CPU"), QStringLiteral("--opts"),
                          QStringLiteral("Split(0, 2, UPCAST)"), QStringLiteral("--kernel"), QStringLiteral("7")});
    QCOMPARE(missing.code, 1);
    QVERIFY2(missing.err.contains(QStringLiteral("no kernel '7'; the schedule has 2 kernels:")), qPrintable(missing.err));
    Result alone = run({QStringLiteral("--kernel"), QStringLiteral("0")});
    QCOMPARE(alone.code, 1);
    QVERIFY2(alone.err.contains(QStringLiteral("--kernel selects the kernel --opts applies to")), qPrintable(alone.err));
    // a kernel by name, and a device name in any case
    Result named = run({QStringLiteral("--device"), QStringLiteral("cpu"), QStringLiteral("--opts"),
                        QStringLiteral("Split(1, 2, UPCAST)"), QStringLiteral("--kernel"), QStringLiteral("r_2_2_4"),
                        QStringLiteral("--json")});
    QCOMPARE(named.code, 0);
    QVERIFY2(named.out.startsWith(QStringLiteral("{\"outputs\": [{\"dtype\": \"float32\", \"shape\": [2, 2]")),
             qPrintable(named.out + named.err));
    Result unknown = run({QStringLiteral("--device"), QStringLiteral("GPU:3")});
    QVERIFY(unknown.code != 0);
    QVERIFY2(unknown.err.contains(QStringLiteral("unknown device 'GPU:3': expected REF, INTERP, CPU, CPU:<n>, CL:<n> or CUDA:<n>")),
             qPrintable(unknown.err));
    // without --device: a compiled device (this machine has no OpenCL GPU in CI: the CPU)
    Result chosen = run({});
    QCOMPARE(chosen.code, 0);
    QVERIFY2(chosen.out.contains(QRegularExpression(QStringLiteral("device (CPU|CL:\\d+): 2 kernels"))),
             qPrintable(chosen.out));
    Result nofile = uopc({QStringLiteral("run"), m_dir.filePath(QStringLiteral("absent.py"))});
    QCOMPARE(nofile.code, 1);
    QVERIFY(nofile.out.isEmpty());
    Result version = uopc({QStringLiteral("--version")});
    QCOMPARE(version.code, 0);
    QVERIFY2(version.out.startsWith(QStringLiteral("uopc ")), qPrintable(version.out));
  }
};

UOPSCOPE_TEST(TestCommands);
#include "test_commands.moc"
