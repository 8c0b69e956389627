// Property: simplify never changes a value. Random small integer expressions
// over ranges are evaluated at every point of their ranges before and after
// simplification, with a tiny evaluator that wraps to the dtype at every op
// (C-style truncating // and %), as the IR defines integer arithmetic.
#include "tests/support/test_registry.h"
#include "tests/symbolic/symbolic_test.h"

#include "core/symbolic/int_value.h"
#include "core/symbolic/linear_form.h"
#include "core/symbolic/symbolic.h"

#include <QTest>

#include <map>
#include <random>
#include <stdexcept>

using namespace uops;
using namespace symtest;

namespace {

using Env = std::map<int64_t, Int128>; // range id -> value

// The value of an integer expression; throws on what it cannot evaluate.
Int128 eval(const UOp& u, const Env& env) {
  const DType d = u.dtype();
  auto s = [&](size_t i) { return eval(*u.src(i), env); };
  switch (u.op()) {
  case Op::Const:
    return *intValue(u);
  case Op::Range:
    return env.at(u.argAs<RangeArg>().id);
  case Op::Cast:
    return wrapInt(d, s(0));
  case Op::Add:
    return wrapInt(d, s(0) + s(1));
  case Op::Mul:
    return wrapInt(d, s(0) * s(1));
  case Op::Max:
    return std::max(s(0), s(1));
  case Op::Idiv: {
    Int128 b = s(1);
    if (b == 0) throw std::domain_error("division by zero");
    return wrapInt(d, s(0) / b);
  }
  case Op::Mod: {
    Int128 b = s(1);
    if (b == 0) throw std::domain_error("modulo by zero");
    return wrapInt(d, s(0) % b);
  }
  case Op::CmpLt:
    return s(0) < s(1);
  case Op::CmpNe:
    return s(0) != s(1);
  case Op::Where:
    return s(0) ? s(1) : s(2);
  case Op::And:
    return wrapInt(d, s(0) & s(1));
  case Op::Or:
    return wrapInt(d, s(0) | s(1));
  case Op::Xor:
    return wrapInt(d, s(0) ^ s(1));
  default:
    throw std::logic_error("cannot evaluate " + std::string(opName(u.op())));
  }
}

struct Generator {
  std::mt19937_64 rng;
  DType dtype;
  UOpList vars;

  int64_t pick(int64_t lo, int64_t hi) {
    return lo + static_cast<int64_t>(rng() % uint64_t(hi - lo + 1));
  }
  // Small constants in range for the dtype (unsigned: non-negative).
  UOpPtr smallConst(int64_t lo, int64_t hi) {
    if (dtype.isUnsigned()) lo = std::max<int64_t>(lo, 0);
    return intConst(dtype, pick(lo, hi));
  }
  UOpPtr positiveConst() { return intConst(dtype, pick(1, 9)); }

  UOpPtr expr(int depth) {
    if (depth == 0 || pick(0, 5) == 0) {
      if (pick(0, 3) == 0) return smallConst(-10, 20);
      return vars[size_t(pick(0, int64_t(vars.size()) - 1))];
    }
    UOpPtr a = expr(depth - 1);
    switch (pick(0, 9)) {
    case 0:
      return a + expr(depth - 1);
    case 1:
      return a + smallConst(-10, 10);
    case 2:
      return a * smallConst(-4, 8);
    case 3:
      return a * expr(depth - 1);
    case 4:
      return a / positiveConst();
    case 5:
      return a % positiveConst();
    case 6:
      return maximum(a, expr(depth - 1));
    case 7:
      return where(lt(a, expr(depth - 1)), expr(depth - 1), expr(depth - 1));
    case 8:
      return where(ne(a, smallConst(0, 5)), a, expr(depth - 1));
    default:
      return a - expr(depth - 1);
    }
  }
};

} // namespace

class TestProperty : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void simplifyKeepsValues_data();
  void simplifyKeepsValues();
  void canonicalSumAlongSpine_data() { simplifyKeepsValues_data(); }
  void canonicalSumAlongSpine();
};

void TestProperty::simplifyKeepsValues_data() {
  QTest::addColumn<int>("dtype");
  QTest::addColumn<bool>("topDown");
  QTest::newRow("index") << int(ScalarType::Index) << false;
  QTest::newRow("index top-down") << int(ScalarType::Index) << true;
  QTest::newRow("int32") << int(ScalarType::Int32) << false;
  QTest::newRow("int8 (wraps)") << int(ScalarType::Int8) << false;
  QTest::newRow("uint8 (wraps)") << int(ScalarType::UInt8) << false;
  QTest::newRow("uint32") << int(ScalarType::UInt32) << false;
}

void TestProperty::simplifyKeepsValues() {
  QFETCH(int, dtype);
  QFETCH(bool, topDown);
  const DType d(static_cast<ScalarType>(dtype));
  // Ranges x, y, z as variables (cast when the dtype is not index).
  UOpList ranges{x(), y(), z()};
  UOpList vars;
  for (const UOpPtr& r : ranges)
    vars.push_back(d == dtypes::index ? r : cast(r, d));
  Generator gen{std::mt19937_64(1234u + unsigned(dtype)), d, vars};
  const int expressions = 1000;
  int simplified = 0, undefined = 0;
  for (int n = 0; n < expressions; ++n) {
    UOpPtr e = gen.expr(4);
    UOpPtr s = graphRewrite(e, pmSymbolic(), {.name = "property", .topDown = topDown});
    if (s != e) ++simplified;
    for (Int128 xv = 0; xv < 16; xv += 1)
      for (Int128 yv = 0; yv < 4; ++yv)
        for (Int128 zv = 0; zv < 8; zv += 3) {
          Env env{{0, xv}, {1, yv}, {2, zv}};
          Int128 before = 0;
          try {
            before = eval(*e, env);
          } catch (const std::domain_error&) {
            ++undefined; // a division by a zero-valued expression: any result is fine
            continue;
          }
          Int128 after = eval(*s, env);
          if (before != after) {
            // Plain concatenation: rendered expressions contain '%'.
            std::string msg = render(e) + " -> " + render(s) +
                              " differs at x=" + int128ToString(xv) + " y=" + int128ToString(yv) +
                              " z=" + int128ToString(zv) + ": " + int128ToString(before) + " vs " +
                              int128ToString(after);
            QFAIL(msg.c_str());
          }
        }
  }
  // The generator makes plenty to simplify; a broken rule set would show here too.
  QVERIFY2(simplified > expressions / 2, qPrintable(QString::number(simplified)));
  (void)undefined;
}

// isCanonicalSum (the spine walk foldSum asks first) answers as the linear
// form does, on every sum of random expressions before and after simplification.
void TestProperty::canonicalSumAlongSpine() {
  QFETCH(int, dtype);
  const DType d(static_cast<ScalarType>(dtype));
  UOpList vars;
  for (const UOpPtr& r : UOpList{x(), y(), z()})
    vars.push_back(d == dtypes::index ? r : cast(r, d));
  Generator gen{std::mt19937_64(99u + unsigned(dtype)), d, vars};
  int sums = 0, canonical = 0;
  for (int n = 0; n < 500; ++n) {
    UOpPtr e = gen.expr(5);
    UOpPtr s = graphRewrite(e, pmSymbolic(), {.name = "property"});
    for (const UOpPtr& root : {e, s})
      for (const UOp* u : toposort(*root)) {
        if (u->op() != Op::Add) continue;
        auto form = linearize(u->ptr(), 1 << 20);
        QVERIFY(form);
        bool want = isCanonical(*u, *form);
        ++sums;
        canonical += want;
        if (isCanonicalSum(*u) != want) QFAIL((render(u->ptr()) + (want ? " is canonical" : " is not canonical")).c_str());
      }
  }
  // both answers occur often, so a check that always said one of them would fail
  QVERIFY2(canonical > sums / 10 && canonical < sums * 9 / 10,
           qPrintable(QStringLiteral("%1 of %2").arg(canonical).arg(sums)));
}

UOPSCOPE_TEST(TestProperty);
#include "test_property.moc"
