// Textual IR: exact printed lines for every Arg alternative, round trips, what the
// parser tolerates, and its errors with line:column.
#include "tests/support/test_registry.h"
#include "tests/ir/ir_test.h"

#include "core/ir/text.h"

#include <QTest>

#include <bit>
#include <cmath>
#include <limits>

using namespace uops;
using irtest::qs;
using irtest::mk;
using irtest::f32;
using irtest::i32;

namespace {

UOpPtr buf6() {
  return buffer(1, dtypes::float32, 6, irtest::cpu());
}
double nanBits(uint64_t bits) {
  return std::bit_cast<double>(bits);
}

QString lastLine(const std::string& text) {
  QStringList lines = qs(text).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
  return lines.isEmpty() ? QString() : lines.last();
}

} // namespace

class TestText : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void printsGraph();
  void argSyntax_data();
  void argSyntax();
  void showDerived();
  void parserTolerates();
  void parseErrors_data();
  void parseErrors();
  void parseErrorFields();
  void deepGraphRoundTrip();
};

void TestText::printsGraph() {
  UOpPtr a = buffer(1, dtypes::float32, 12, irtest::cpu());
  UOpPtr x = reshape(a, {3, 4});
  UOpPtr root = reduce(x + x, Op::Add, {1});
  QCOMPARE(
      qs(printGraph(root)),
      QStringLiteral(
          "%0 = Buffer() dtypes.float (12,) arg=(id=1, size=12, device=\"CPU\", addrspace=GLOBAL)\n"
          "%1 = Const() dtypes.index () arg=3\n"
          "%2 = Const() dtypes.index () arg=4\n"
          "%3 = Stack(%1, %2) dtypes.index (2,)\n"
          "%4 = Reshape(%0, %3) dtypes.float (3, 4)\n"
          "%5 = Add(%4, %4) dtypes.float (3, 4)\n"
          "%6 = Reduce(%5) dtypes.float (3, 1) arg=(Add, axes=(1,))\n"));
  QCOMPARE(parseGraph(printGraph(root)).get(), root.get());
}

void TestText::argSyntax_data() {
  QTest::addColumn<UOpPtr>("node");
  QTest::addColumn<QString>("line");
  auto row = [](const char* name, UOpPtr node, const char* line) {
    QTest::newRow(name) << node << QString::fromUtf8(line);
  };
  // Constants, printed by their dtype's kind.
  row("int", i32(3), "%0 = Const() dtypes.int () arg=3");
  row("int64 min", constant(dtypes::int64, std::numeric_limits<int64_t>::min()),
      "%0 = Const() dtypes.long () arg=-9223372036854775808");
  row("uint64 above int64", constant(dtypes::uint64, int64_t(-1)),
      "%0 = Const() dtypes.ulong () arg=18446744073709551615");
  row("uint64 small", constant(dtypes::uint64, int64_t(5)), "%0 = Const() dtypes.ulong () arg=5");
  row("bool", constant(dtypes::bool_, true), "%0 = Const() dtypes.bool () arg=True");
  row("float integral", f32(1.0), "%0 = Const() dtypes.float () arg=1.0");
  row("float -0.0", f32(-0.0), "%0 = Const() dtypes.float () arg=-0.0");
  row("float 0.1", f32(0.1), "%0 = Const() dtypes.float () arg=0.1");
  row("float big", f32(1e300), "%0 = Const() dtypes.float () arg=1e+300");
  row("float 1e16", f32(1e16), "%0 = Const() dtypes.float () arg=1e+16");
  row("float denormal", f32(5e-324), "%0 = Const() dtypes.float () arg=5e-324");
  row("float 2^53+2", f32(9007199254740994.0),
      "%0 = Const() dtypes.float () arg=9007199254740994.0");
  row("inf", f32(std::numeric_limits<double>::infinity()), "%0 = Const() dtypes.float () arg=inf");
  row("-inf", f32(-std::numeric_limits<double>::infinity()),
      "%0 = Const() dtypes.float () arg=-inf");
  row("nan", f32(std::numeric_limits<double>::quiet_NaN()), "%0 = Const() dtypes.float () arg=nan");
  row("-nan", f32(-std::numeric_limits<double>::quiet_NaN()),
      "%0 = Const() dtypes.float () arg=-nan");
  row("nan payload", f32(nanBits(0x7ff0000000000001ull)),
      "%0 = Const() dtypes.float () arg=nan(0x7ff0000000000001)");
  row("negative nan payload", f32(nanBits(0xfff8000000000abcull)),
      "%0 = Const() dtypes.float () arg=nan(0xfff8000000000abc)");
  row("int value under a float dtype", constant(dtypes::float32, int64_t(1)),
      "%0 = Const() dtypes.float () arg=1");
  row("float value under an int dtype", constant(dtypes::int32, 2.0),
      "%0 = Const() dtypes.int () arg=2.0");
  // Strings: any bytes.
  row("bytes", mk(Op::Binary, dtypes::uint8, {}, std::string("a\"b\\\n\t\r\0\x7f\xff", 10)),
      "%0 = Binary() dtypes.uchar (10,) arg=\"a\\\"b\\\\\\n\\t\\r\\x00\\x7f\\xff\"");
  row("empty string", mk(Op::Source, dtypes::void_, {}, std::string()),
      "%0 = Source() dtypes.void () arg=\"\"");
  row("special name", mk(Op::Special, dtypes::index, {constIndex(4)}, std::string("gidx0")),
      "%1 = Special(%0) dtypes.index () arg=\"gidx0\"");
  // Tuples.
  row("ints one", permute(buf6(), {0}), "%1 = Permute(%0) dtypes.float (6,) arg=(0,)");
  row("ints two, invalid shape", permute(buf6(), {1, 0}),
      "%1 = Permute(%0) dtypes.float <invalid> arg=(1, 0)");
  row("ints empty", permute(i32(1), {}), "%1 = Permute(%0) dtypes.int () arg=()");
  row("ints on a flip", mk(Op::Flip, dtypes::int32, {i32(1)}, Ints{}),
      "%1 = Flip(%0) dtypes.int <invalid> arg=ints()");
  row("bools", flip(buf6(), {true}), "%1 = Flip(%0) dtypes.float (6,) arg=(True,)");
  row("bools two", flip(buf6(), {true, false}),
      "%1 = Flip(%0) dtypes.float <invalid> arg=(True, False)");
  row("bools empty on a flip", flip(i32(1), {}), "%1 = Flip(%0) dtypes.int () arg=()");
  row("bools empty elsewhere", mk(Op::Permute, dtypes::int32, {i32(1)}, Bools{}),
      "%1 = Permute(%0) dtypes.int <invalid> arg=bools()");
  row("replicated", mk(Op::Replicated, dtypes::float32, {buf6()}, Ints{0}),
      "%1 = Replicated(%0) dtypes.float (1,) arg=(0,)");
  // Records.
  row("param", param(0, dtypes::float32, {2}), "%2 = Param(%1) dtypes.float (2,) arg=(slot=0)");
  row("param with device and addrspace",
      mk(Op::Param, dtypes::float32, {shapeOperand({2})},
         ParamArg{3, DeviceArg{{"CL:0"}}, AddrSpace::Local, {}}),
      "%2 = Param(%1) dtypes.float (2,) arg=(slot=3, device=\"CL:0\", addrspace=LOCAL)");
  row("buffer on a tuple", buffer(7, dtypes::float16, 8, irtest::twoCL()),
      "%0 = Buffer() dtypes.half (16,) arg=(id=7, size=8, device=(\"CL:0\", \"CL:1\"), "
      "addrspace=GLOBAL)");
  row("buffer without device", buffer(1, dtypes::int8, 2, DeviceArg{}, AddrSpace::Reg),
      "%0 = Buffer() dtypes.char (2,) arg=(id=1, size=2, device=(), addrspace=REG)");
  row("buffer device with escapes", buffer(1, dtypes::int8, 2, DeviceArg{{"a\"b"}}),
      "%0 = Buffer() dtypes.char (2,) arg=(id=1, size=2, device=\"a\\\"b\", addrspace=GLOBAL)");
  row("reduce", reduce(buf6(), Op::Max, {0}),
      "%1 = Reduce(%0) dtypes.float (1,) arg=(Max, axes=(0,))");
  row("reduce no axes", reduce(buf6(), Op::Add, {}),
      "%1 = Reduce(%0) dtypes.float (6,) arg=(Add, axes=())");
  row("load to a device",
      mk(Op::Load, dtypes::float32, {buf6()}, LoadArg{DeviceArg{{"CL:0"}}, AddrSpace::Local}),
      "%1 = Load(%0) dtypes.float (6,) arg=(device=\"CL:0\", addrspace=LOCAL)");
  row("load in place", mk(Op::Load, dtypes::float32, {buf6()}, LoadArg{}),
      "%1 = Load(%0) dtypes.float (6,) arg=(addrspace=GLOBAL)");
  row("range", range(4, 3, AxisType::Reduce), "%1 = Range(%0) dtypes.index () arg=(3, REDUCE)");
  row("range group reduce", range(4, -1, AxisType::GroupReduce),
      "%1 = Range(%0) dtypes.index () arg=(-1, GROUP_REDUCE)");
  // Plain ints, args on ops that take none, tags.
  row("gettuple",
      mk(Op::GetTuple, dtypes::float32, {mk(Op::Tuple, dtypes::void_, {buf6()})}, int64_t(0)),
      "%2 = GetTuple(%1) dtypes.float (6,) arg=0");
  row("slice", mk(Op::Slice, dtypes::float16, {buf6(), constIndex(0)}, int64_t(4)),
      "%2 = Slice(%0, %1) dtypes.half (4,) arg=4");
  row("bool arg on add", mk(Op::Add, dtypes::int32, {i32(1), i32(1)}, true),
      "%1 = Add(%0, %0) dtypes.int () arg=True");
  row("float arg on slice", mk(Op::Slice, dtypes::int32, {buf6(), constIndex(0)}, 2.5),
      "%2 = Slice(%0, %1) dtypes.int <invalid> arg=2.5");
  row("tag", mk(Op::Const, dtypes::int32, {}, int64_t(3), 5),
      "%0 = Const() dtypes.int () arg=3 tag=5");
  row("negative tag, no arg", mk(Op::Add, dtypes::int32, {i32(1), i32(1)}, {}, -2),
      "%1 = Add(%0, %0) dtypes.int () tag=-2");
  row("no sources, void", sink({}), "%0 = Sink() dtypes.void ()");
  row("vector pointer dtype",
      mk(Op::Index, dtypes::float32.vec(4).ptr(8, AddrSpace::Local), {buf6()}),
      "%1 = Index(%0) dtypes.float.vec(4).ptr(8, LOCAL) (6,)");
}

void TestText::argSyntax() {
  QFETCH(UOpPtr, node);
  QFETCH(QString, line);
  std::string text = printGraph(node);
  QCOMPARE(lastLine(text), line);
  QCOMPARE(parseGraph(text).get(), node.get());
}

void TestText::showDerived() {
  UOpPtr a = buffer(2, dtypes::float32, 8, irtest::twoCL());
  UOpPtr i = range(10, 0);
  UOpPtr root = sink({UOp::make(Op::Store, dtypes::void_, {a, a * 2}), i});
  std::string text = printGraph(root, {.showDerived = true});
  QCOMPARE(qs(text),
           QStringLiteral("%0 = Buffer() dtypes.float (16,) arg=(id=2, size=8, device=(\"CL:0\", "
                          "\"CL:1\"), addrspace=GLOBAL)"
                          " # device=(\"CL:0\", \"CL:1\") min_max=[-inf, inf] axis=0\n"
                          "%1 = Const() dtypes.float () arg=2.0 # min_max=[2, 2]\n"
                          "%2 = Mul(%0, %1) dtypes.float (16,) # device=(\"CL:0\", \"CL:1\") "
                          "min_max=[-inf, inf] axis=0\n"
                          "%3 = Store(%0, %2) dtypes.void () # device=(\"CL:0\", \"CL:1\")\n"
                          "%4 = Const() dtypes.index () arg=10 # min_max=[10, 10]\n"
                          "%5 = Range(%4) dtypes.index () arg=(0, LOOP) # min_max=[0, 9]\n"
                          "%6 = Sink(%3, %5) dtypes.void () # device=(\"CL:0\", \"CL:1\")\n"));
  QCOMPARE(parseGraph(text).get(), root.get());
}

// Hand-written text: comments, blank lines, other spacing, CRLF, sparse ids,
// keys in any order, an explicit tuple kind.
void TestText::parserTolerates() {
  const char* text =
      "# a comment line\n"
      "\n"
      "  %10 = Const()   dtypes.index ()   arg=4   # four\n"
      "%11=Const() dtypes.index () arg=1\r\n"
      "   \n"
      "%12 = Stack(%10,%11) dtypes.index (2,)\n"
      "%20 = Buffer() dtypes.float (4,) arg=( addrspace=GLOBAL, device=\"CPU\", size=4, id=1, )\n"
      "%21 = Reshape( %20 , %12 ) dtypes.float (4, 1)\n"
      "%22 = Permute(%21) dtypes.float (1, 4) arg=ints(1, 0)\n"
      "%23 = Flip(%22) dtypes.float (1,4) arg=(True,False,)";
  UOpPtr expected =
      flip(permute(reshape(buffer(1, dtypes::float32, 4, irtest::cpu()), {4, 1}), {1, 0}),
           {true, false});
  QCOMPARE(parseGraph(text).get(), expected.get());
  // A duplicated line is the same node under two names.
  QCOMPARE(parseGraph("%0 = Const() dtypes.int () arg=1\n%1 = Const() dtypes.int () arg=1\n%2 = "
                      "Add(%0, %1) dtypes.int ()")
               .get(),
           (i32(1) + i32(1)).get());
}

void TestText::parseErrors_data() {
  QTest::addColumn<QString>("text");
  QTest::addColumn<QString>("error");
  auto row = [](const char* name, const char* text, const char* error) {
    QTest::newRow(name) << QString::fromUtf8(text) << QString::fromUtf8(error);
  };
  row("unknown op", "%0 = Ad(%0) dtypes.int ()", "1:6: unknown op 'Ad'");
  row("undefined value", "%0 = Const() dtypes.int () arg=3\n%1 = Add(%0, %2) dtypes.int ()",
      "2:14: undefined value '%2'");
  row("redefinition", "%0 = Const() dtypes.int () arg=3\n%0 = Const() dtypes.int () arg=4",
      "2:1: redefinition of '%0'");
  row("bad value name", "%x = Const() dtypes.int () arg=1",
      "1:2: expected a value like %3, got %x");
  row("missing =", "%0 Const() dtypes.int () arg=3",
      "1:4: expected '=' after the value name, got Const()");
  row("missing op", "%0 = (%1)", "1:6: expected an op name, got (%1)");
  row("missing comma", "%0 = Const() dtypes.int () arg=1\n%1 = Add(%0 %0) dtypes.int ()",
      "2:13: expected ',' or ')' in the source list, got %0)");
  row("not a dtype", "%0 = Const() int () arg=1",
      "1:14: expected a dtype like dtypes.float, got int");
  row("invalid dtype", "%0 = Const() dtypes.flot () arg=3", "1:14: invalid dtype 'dtypes.flot'");
  row("not a shape", "%0 = Const() dtypes.int [] arg=1",
      "1:25: expected a shape like (3, 4) or <invalid>, got []");
  row("shape mismatch", "%0 = Const() dtypes.int (3,) arg=3",
      "1:25: shape mismatch: printed (3,), derived ()");
  row("printed invalid", "%0 = Const() dtypes.int <invalid> arg=3",
      "1:25: shape mismatch: printed <invalid>, derived ()");
  row("no shape derivable",
      "%0 = Const() dtypes.index () arg=3\n%1 = Stack(%0) dtypes.index (1,)\n%2 = Reshape(%1, %1) "
      "dtypes.index (3,)",
      "3:35: shape mismatch: printed (3,), but no shape can be derived: Reshape from (1,) to (3,) "
      "changes the number of "
      "elements");
  row("trailing junk", "%0 = Const() dtypes.int () arg=3 extra",
      "1:34: unexpected 'extra' after the node");
  row("not an arg", "%0 = Const() dtypes.int () arg=three", "1:32: expected an arg, got three");
  row("unterminated string", "%0 = Binary() dtypes.uchar (2,) arg=\"ab",
      "1:37: unterminated string");
  row("unknown escape", "%0 = Binary() dtypes.uchar (2,) arg=\"a\\qb\"",
      "1:39: unknown escape '\\q' in string");
  row("short hex escape", "%0 = Binary() dtypes.uchar (2,) arg=\"\\x4\"",
      "1:38: \\x needs two hex digits");
  row("unknown key",
      "%0 = Buffer() dtypes.float (4,) arg=(id=1, size=4, device=\"CPU\", colour=RED)",
      "1:66: unknown key 'colour' (expected slot, id, size, device, addrspace, var, min or max)");
  row("duplicate key", "%0 = Buffer() dtypes.float (4,) arg=(id=1, id=2, size=4, device=\"CPU\")",
      "1:44: key 'id' given twice");
  row("buffer without size", "%0 = Buffer() dtypes.float (4,) arg=(id=1)",
      "1:38: a Buffer arg needs id, size and device");
  row("param with size", "%0 = Buffer() dtypes.float (4,) arg=(slot=1, size=2)",
      "1:38: a Param arg takes slot, device, addrspace, var, min and max only");
  row("variable without max", "%0 = Param() dtypes.index () arg=(slot=-1, var=\"n\", min=0)",
      "1:59: a variable's Param arg needs var, min and max");
  row("unknown addrspace",
      "%0 = Buffer() dtypes.float (4,) arg=(id=1, size=4, device=\"CPU\", addrspace=SHARED)",
      "1:76: unknown addrspace 'SHARED' (expected GLOBAL, LOCAL or REG)");
  row("unknown axis type",
      "%0 = Const() dtypes.index () arg=4\n%1 = Range(%0) dtypes.index () arg=(0, LOOPY)",
      "2:40: unknown axis type 'LOOPY'");
  row("unknown reduce op",
      "%0 = Const() dtypes.int () arg=4\n%1 = Reduce(%0) dtypes.int () arg=(Sum, axes=())",
      "2:36: unknown op 'Sum'");
  row("float in ints",
      "%0 = Const() dtypes.int () arg=4\n%1 = Permute(%0) dtypes.int () arg=(1.5,)",
      "2:37: expected an int64 integer, got 1.5");
  row("int64 overflow", "%0 = Const() dtypes.long () arg=18446744073709551615",
      "1:33: integer 18446744073709551615 out of range (only uint64 constants exceed int64)");
  row("uint64 overflow", "%0 = Const() dtypes.ulong () arg=18446744073709551616",
      "1:34: integer 18446744073709551616 out of range");
  row("float overflow", "%0 = Const() dtypes.float () arg=1e999", "1:34: float 1e999 out of range");
  row("nan bits that are no nan", "%0 = Const() dtypes.float () arg=nan(0x7ff0000000000000)",
      "1:40: 0x7ff0000000000000 is not the bit pattern of a nan");
  row("bad tag", "%0 = Const() dtypes.int () arg=1 tag=x", "1:38: expected a number, got x");
  row("empty", "", "1:1: empty graph: expected at least one node");
  row("only comments", "# nothing\n\n  # here\n", "1:1: empty graph: expected at least one node");
  row("node that does not reach the root",
      "%0 = Const() dtypes.int () arg=1\n%1 = Const() dtypes.int () arg=2",
      "1:1: '%0' does not reach the root '%1' on the last line");
}

void TestText::parseErrors() {
  QFETCH(QString, text);
  QFETCH(QString, error);
  try {
    parseGraph(text.toStdString());
    QFAIL("parsed without an error");
  } catch (const ParseError& e) {
    QCOMPARE(QString::fromUtf8(e.what()), error);
  }
}

void TestText::parseErrorFields() {
  try {
    parseGraph("\n%0 = Ad() dtypes.int ()");
    QFAIL("parsed without an error");
  } catch (const ParseError& e) {
    QCOMPARE(e.line(), 2);
    QCOMPARE(e.column(), 6);
    QCOMPARE(qs(e.message()), QStringLiteral("unknown op 'Ad'"));
  }
}

// Printer and parser iterate: a chain far deeper than any stack round-trips.
void TestText::deepGraphRoundTrip() {
  UOpPtr x = range(10, 0);
  for (int i = 0; i < 200'000; ++i)
    x = x + constIndex(i % 7);
  std::string text = printGraph(x);
  QCOMPARE(lastLine(text), QStringLiteral("%200008 = Add(%200007, %6) dtypes.index ()"));
  QCOMPARE(parseGraph(text).get(), x.get());
}

UOPSCOPE_TEST(TestText);
#include "test_text.moc"
