// The OpenCL renderer's vector loads and stores (vector_access.h) and
// its branch-free maximum (compare and select against constants): the text they make, the
// cases that must stay scalar, and the numbers on CL:0 against the reference
// evaluator, bit for bit where NaN and signed zeros are at stake; Ldexp's and FracNearest's
// laws at their edges.
#include "tests/support/test_registry.h"
#include "tests/opencl/cl_test.h"

#include "core/engine/device_schedule.h"
#include "core/pipeline/pipeline_runner.h"
#include "core/engine/device_registry.h"
#include "core/runtime/reference_evaluator.h"
#include "core/nn/conv.h"
#include "core/tensor/tensor.h"
#include "core/pipeline/codegen.h"
#include "tests/support/kernel_ast.h"

#include <QTest>

#include <cmath>
#include <cstring>

#include <fmt/format.h>

using namespace uops;
using namespace cltest;

namespace {

struct Lowered {
  std::string source; // every kernel's
  std::vector<HostTensor> got, want;
};

Lowered lowerAndRun(const std::vector<Tensor>& outs, const KernelOpts& opts = {}) {
  std::vector<UOpPtr> roots;
  for (const Tensor& t : outs) roots.push_back(t.uop());
  PipelineRun run = runPipeline(roots, {.trace = false, .target = openClTarget("CL:0")}, opts);
  Lowered out;
  for (const LoweredKernel& k : run.kernels) out.source += k.rendered.text;
  out.got = runSchedule(openDevice("CL:0"), run, zeroFilledInputs(roots)).outputs;
  out.want = ReferenceEvaluator().evaluate(roots);
  return out;
}

// `n` floats 0.5 * i - 7 as a literal input: a Buffer the kernel loads.
Tensor data(int64_t n) {
  std::vector<Scalar> v;
  for (int64_t i = 0; i < n; ++i) v.emplace_back(0.5 * static_cast<double>(i) - 7);
  return Tensor::fromFlat(v, Shape{n}, dtypes::float32);
}

uint64_t bitsOf(const HostTensor& t, int64_t i) {
  uint64_t b = 0;
  std::memcpy(&b, t.bytes().data() + i * t.itemSize(), static_cast<size_t>(t.itemSize()));
  return b;
}

} // namespace

class TestVectorAccess : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void initTestCase() { QVERIFY2(haveCl0(), noCl0()); }

  // UPCAST 4 of an elementwise kernel: one vload4 per input, one vstore4.
  void upcastLanesBecomeVectors() {
    Lowered r = lowerAndRun({data(256) * 3.0 + 1.0}, {{0, {Opt{OptOpKind::Split, 0, 4, AxisType::Upcast}}}});
    QVERIFY2(r.source.find("float4 v") != std::string::npos && r.source.find("= vload4(0, data1 + ") != std::string::npos,
             r.source.c_str());
    QVERIFY2(r.source.find("vstore4((float4)(") != std::string::npos, r.source.c_str());
    for (int64_t e = 0; e < 256; ++e) QCOMPARE(r.got[0].getDouble(e), r.want[0].getDouble(e));
  }

  // UPCAST 8 and 16 make vload8/vload16 with .s0 ... .sf components.
  void widerUpcasts() {
    Tensor x = data(512);
    for (int width : {8, 16}) {
      Lowered r = lowerAndRun({x * x}, {{0, {Opt{OptOpKind::Split, 0, width, AxisType::Upcast}}}});
      QVERIFY2(r.source.find(fmt::format("vstore{}(", width)) != std::string::npos, r.source.c_str());
      if (width == 16) QVERIFY2(r.source.find(".sf") != std::string::npos, r.source.c_str());
      for (int64_t e = 0; e < 512; ++e) QCOMPARE(r.got[0].getDouble(e), r.want[0].getDouble(e));
    }
  }

  // A register tile (UPCAST of two axes: a matmul) stays scalar, so PoCL can
  // vectorize its inner product across work-items; one UPCAST axis of the
  // same kernel gets its vectors.
  void registerTilesStayScalar() {
    Tensor a = data(64).reshape({8, 8}), b = (data(64) * 0.5).reshape({8, 8});
    Lowered tiled = lowerAndRun({a.matmul(b)}, {{0, {Opt{OptOpKind::Split, 1, 4, AxisType::Upcast},
                                                     Opt{OptOpKind::Split, 0, 2, AxisType::Upcast}}}});
    QVERIFY2(tiled.source.find("vload") == std::string::npos && tiled.source.find("vstore") == std::string::npos,
             tiled.source.c_str());
    Lowered one = lowerAndRun({a.matmul(b)}, {{0, {Opt{OptOpKind::Split, 1, 4, AxisType::Upcast}}}});
    QVERIFY2(one.source.find("vstore4") != std::string::npos, one.source.c_str());
    for (const Lowered* r : {&tiled, &one})
      for (int64_t e = 0; e < 64; ++e) QVERIFY(std::fabs(r->got[0].getDouble(e) - r->want[0].getDouble(e)) < 1e-4);
  }

  // A padded convolution's row of gated loads (each lane its own bounds
  // check, the last lanes' checks computed after the first load) is one
  // vload8 where every gate holds and lane by lane at the edges, also in a
  // register tile (UPCAST of two axes), where other accesses stay scalar.
  // The edges are where it could go wrong: every output against the
  // reference evaluator.
  void paddedRowsLoadAsOneVector() {
    Tensor x = data(2 * 6 * 16).reshape({1, 2, 6, 16}), w = (data(4 * 2 * 9) * 0.25).reshape({4, 2, 3, 3});
    Tensor out = conv2d(x, w, {.padding = 1}); // r_4_6_16_2_3_3
    Lowered r = lowerAndRun({out}, {{0, {Opt{OptOpKind::Split, 2, 8, AxisType::Upcast},
                                         Opt{OptOpKind::Split, 0, 4, AxisType::Upcast}}}});
    QVERIFY2(r.source.find(") ? vload8(0, p") != std::string::npos, r.source.c_str());
    QVERIFY2(r.source.find("vstore") == std::string::npos, r.source.c_str());
    for (int64_t e = 0; e < 4 * 6 * 16; ++e) QCOMPARE(r.got[0].getDouble(e), r.want[0].getDouble(e));
  }

  // bool and half are not their own memory types: their lanes stay scalar.
  void narrowTypesStayScalar() {
    Tensor x = data(64);
    Lowered r = lowerAndRun({x.lt(3.0), (x * 0.5).cast(dtypes::float16)},
                            {{0, {Opt{OptOpKind::Split, 0, 4, AxisType::Upcast}}}});
    QVERIFY2(r.source.find("vstore4") == std::string::npos, r.source.c_str());
    for (size_t o = 0; o < 2; ++o)
      for (int64_t e = 0; e < 64; ++e) QCOMPARE(r.got[o].getDouble(e), r.want[o].getDouble(e));
  }

  // max(x, c) against a constant is a compare and a select with the spec's
  // Max: NaN propagates, -0 against +0 gives +0; a clamp to -1 as well.
  void maxAgainstConstantsKeepsTheLaw() {
    Tensor x = Tensor::fromFlat({-0.0, std::nan(""), -1.5, 2.0, 0.0, -3.0, 1e30, -1e30}, Shape{8}, dtypes::float32);
    Lowered r = lowerAndRun({x.relu(), x.maximum(-1.0)});
    QVERIFY2(r.source.find(" <= ") != std::string::npos, r.source.c_str());
    QVERIFY2(r.source.find("fmaximum_float") == std::string::npos, r.source.c_str());
    for (size_t o = 0; o < 2; ++o)
      for (int64_t e = 0; e < 8; ++e) QCOMPARE(bitsOf(r.got[o], e), bitsOf(r.want[o], e));
  }

  // max of two values: NaN from either side, +0 above -0 in both orders,
  // infinities, bit for bit against the reference evaluator.
  void maxOfTwoValuesKeepsTheLaw() {
    const double nan = std::nan(""), inf = INFINITY;
    Tensor a = Tensor::fromFlat({-0.0, 0.0, nan, 1.0, -inf, inf, 2.5, -0.0, nan}, Shape{9}, dtypes::float32);
    Tensor b = Tensor::fromFlat({0.0, -0.0, 1.0, nan, inf, -inf, 2.5, -0.0, nan}, Shape{9}, dtypes::float32);
    Lowered r = lowerAndRun({a.maximum(b), b.maximum(a)});
    QVERIFY2(r.source.find("isunordered") != std::string::npos, r.source.c_str());
    for (size_t o = 0; o < 2; ++o)
      for (int64_t e = 0; e < 9; ++e) QCOMPARE(bitsOf(r.got[o], e), bitsOf(r.want[o], e));
  }

  // Ldexp scales by 2^floor(n), not by n truncated towards zero, and keeps the op's law for NaN,
  // infinite and out-of-range exponents; FracNearest ties to even, 0 for an infinity: both bit
  // for bit against the reference evaluator (any NaN for a NaN).
  void ldexpAndFractionKeepTheirLaws() {
    const float nan = std::nanf(""), inf = INFINITY;
    const std::vector<float> av{1.5f, 1.5f, 3.f, -3.f, 1.f,    1.f, 0.f,
                                0.f,  inf,  nan, 1.f,  1e-30f, 2.f, -0.f};
    const std::vector<float> nv{-1.5f, 2.5f, -0.25f, -2.75f, 1e9f,    -1e9f,  inf,
                                -inf,  -inf, 2.f,    nan,    -100.5f, 127.9f, 3.f};
    const auto n = static_cast<int64_t>(av.size());
    HostTensor a(dtypes::float32, {n}), e(dtypes::float32, {n});
    for (int64_t i = 0; i < n; ++i) {
      a.setDouble(i, av[static_cast<size_t>(i)]);
      e.setDouble(i, nv[static_cast<size_t>(i)]);
    }
    for (Op op : {Op::Ldexp, Op::FracNearest}) {
      UOpPtr r = range(n, 0);
      UOpList srcs{kernelast::load(kernelast::buf(1, dtypes::float32, n), r)};
      if (op == Op::Ldexp)
        srcs.push_back(kernelast::load(kernelast::buf(2, dtypes::float32, n), r));
      UOpPtr kernel = sink({kernelast::end(
          kernelast::store(kernelast::buf(0, dtypes::float32, n), r, alu(op, srcs)), {r})});
      LoweredKernel k = lowerKernel(kernel, openClTarget("CL:0"));
      if (op == Op::Ldexp)
        QVERIFY2(k.rendered.text.find("ldexp_floor_float(") != std::string::npos,
                 k.rendered.text.c_str());
      Device& cl = openDevice("CL:0");
      std::vector<std::unique_ptr<DeviceBuffer>> bufs;
      for (const HostTensor* t : {&a, &a, &e}) {
        bufs.push_back(cl.allocate(dtypes::float32, n));
        cl.copyIn(*bufs.back(), *t);
      }
      std::vector<DeviceBuffer*> ptrs{
          bufs[0].get(), op == Op::Ldexp ? bufs[1].get() : bufs[2].get(), bufs[2].get()};
      cl.compile(k)->run(ptrs);
      const HostTensor got = cl.copyOut(*bufs[0]);
      ReferenceEvaluator ev;
      ev.setParam(1, op == Op::Ldexp ? a : e);
      ev.setParam(2, e);
      UOpPtr p1 = param(1, dtypes::float32, {n});
      const HostTensor want = ev.evaluate(
          op == Op::Ldexp ? alu(op, {p1, param(2, dtypes::float32, {n})}) : alu(op, {p1}));
      for (int64_t i = 0; i < n; ++i) {
        const QByteArray where = QByteArray(opName(op).data()) + " at " + QByteArray::number(i);
        if (std::isnan(want.getDouble(i)))
          QVERIFY2(std::isnan(got.getDouble(i)), where.constData());
        else
          QVERIFY2(bitsOf(got, i) == bitsOf(want, i), where.constData());
      }
      if (op == Op::Ldexp)
        QCOMPARE(got.getDouble(0), 0.375); // 1.5 * 2^-2, not 1.5 * 2^-1
      else
        QCOMPARE(got.getDouble(1), 0.5); // 2.5 - 2, ties to even
    }
  }
};

UOPSCOPE_TEST(TestVectorAccess);
#include "test_vector_access.moc"
