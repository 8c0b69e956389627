// Symbolic sizes through the rest of the reductions and the cumulative ops
// (core/program/symbolic_ops.h, symbolic_cumulative.h), and views at a bound
// start_pos offset (core/program/symbolic_view.h): prod, any, all, var, std,
// var_mean, std_mean and logsumexp over a kv-cache sized by start_pos,
// cumsum, cumprod, cummax, cummin and logcumsumexp along it, int casts, and
// t[start_pos], t[:, start_pos], t[start_pos+1], slices and shrinks at
// start_pos keep the variable, so each position's realizations are one graph
// (the schedule cache's key: lowered and compiled once). The numbers are
// tinygrad's (tests/cpu/models/*.py run with tinygrad a9069c1 on CPU, with
// start_pos a plain int where tinygrad refuses the symbolic axis).
#include "tests/support/test_registry.h"
#include "tests/support/decode_steps.h"

#include "core/ir/graph_walk.h"
#include "core/program/program.h"

#include <QRegularExpression>
#include <QTest>

#include <cmath>
#include <map>

namespace {

constexpr const char* kReductionsPrinted =
    "4 prod0 [4.7809, 0.5955, 0.5973, 0.1137]\n"
    "4 any0 [1.0, 0.0, 1.0, 0.0]\n"
    "4 all0 [1.0, 1.0, 0.0, 0.0]\n"
    "4 var0 [0.4378, 0.122, 1.832, 1.5787]\n"
    "4 var0_c2 [0.5837, 0.1627, 2.4427, 2.105]\n"
    "4 std0 [0.5918, 0.3124, 1.2106, 1.1238]\n"
    "4 var_all [1.1511]\n"
    "4 std1 [2.1264]\n"
    "4 var_mean0 [1.4105, -0.1009, 2.083, 1.1183]\n"
    "4 std_mean0 [0.6436, -0.0778, 0.3397, -0.5785]\n"
    "4 lse0 [2.7419, 1.4312, 2.3476, 1.6281]\n"
    "4 lse_all [3.0943]\n"
    "4 cumsum0 [9.1596, -0.1674, -3.3671, -7.0399]\n"
    "4 cumsum1 [2.0937, -1.0801, -4.6229, -4.0565]\n"
    "4 cumprod0 [1.6541, -0.0361, 1.8546, -3.163]\n"
    "4 cummax0 [4.4641, -0.0248, -6.8049, -2.3175]\n"
    "4 cummax0_idx [0.0, 6.0, 7.0, 9.0]\n"
    "4 cummin0 [1.1021, -0.2667, 10.2274, -6.666]\n"
    "4 logcumsumexp0 [6.0173, -0.0945, -9.9829, -1.7801]\n"
    "4 int_sum0 [22.0, -2.0, -49.0, 38.0]\n"
    "5 prod0 [7.538, 0.9291, 0.5813, 0.1643]\n"
    "5 any0 [1.0, 0.0, 1.0, 0.0]\n"
    "5 all0 [1.0, 1.0, 0.0, 0.0]\n"
    "5 var0 [0.3869, 0.5369, 1.4825, 1.6757]\n"
    "5 var0_c2 [0.4836, 0.6712, 1.8531, 2.0947]\n"
    "5 std0 [0.5678, 0.6689, 1.1115, 1.1817]\n"
    "5 var_all [1.1179]\n"
    "5 std1 [1.3738]\n"
    "5 var_mean0 [1.4378, 0.5846, 1.6805, 1.4776]\n"
    "5 std_mean0 [0.6537, 0.035, 0.2411, -0.2564]\n"
    "5 lse0 [2.9829, 2.1092, 2.4332, 2.0966]\n"
    "5 lse_all [3.3849]\n"
    "5 cumsum0 [2.4572, 0.1666, -4.9933, -7.0483]\n"
    "5 cumsum1 [0.5612, 2.2356, -8.4223, -4.0291]\n"
    "5 cumprod0 [1.7181, -0.0362, 1.8265, -3.1614]\n"
    "5 cummax0 [2.5487, 1.6091, -8.9987, -2.3096]\n"
    "5 cummax0_idx [0.0, 11.0, 9.0, 14.0]\n"
    "5 cummin0 [1.1255, -1.165, 12.9546, -6.68]\n"
    "5 logcumsumexp0 [2.8468, 2.3659, -13.3139, -1.7653]\n"
    "5 int_sum0 [12.0, 9.0, -62.0, 38.0]\n"
    "6 prod0 [9.8512, 0.9583, 0.586, 0.2223]\n"
    "6 any0 [1.0, 0.0, 1.0, 0.0]\n"
    "6 all0 [1.0, 1.0, 0.0, 0.0]\n"
    "6 var0 [0.3339, 0.4476, 1.2399, 1.5631]\n"
    "6 var0_c2 [0.4007, 0.5371, 1.4879, 1.8757]\n"
    "6 std0 [0.535, 0.6194, 1.0309, 1.1575]\n"
    "6 var_all [0.9782]\n"
    "6 std1 [0.7759]\n"
    "6 var_mean0 [1.3443, 0.4997, 1.4125, 1.5193]\n"
    "6 std_mean0 [0.5838, 0.0349, 0.1922, -0.0548]\n"
    "6 lse0 [3.0864, 2.2325, 2.519, 2.3565]\n"
    "6 lse_all [3.5211]\n"
    "6 cumsum0 [-6.9282, 0.139, -4.8904, -7.2806]\n"
    "6 cumsum1 [-0.4568, 2.1715, -8.3486, -2.7056]\n"
    "6 cumprod0 [1.7795, -0.0362, 1.8266, -3.0182]\n"
    "6 cummax0 [0.1574, 1.503, -8.8623, -1.4666]\n"
    "6 cummax0_idx [0.0, 16.0, 11.0, 19.0]\n"
    "6 cummin0 [1.1548, -1.1067, 12.785, -8.1803]\n"
    "6 logcumsumexp0 [-1.2488, 2.1968, -13.0995, 0.019]\n"
    "6 int_sum0 [-1.0, 9.0, -62.0, 45.0]\n";

constexpr const char* kIndexPrinted =
    "4 row [-3.0642, -1.906, -0.7495, -3.2744]\n"
    "4 col [-0.3875, 0.2528, -0.0298, 0.3904]\n"
    "4 next_row [0.163, 1.35, 1.3856, 2.0351]\n"
    "4 slice_col [-1.3875, -0.7472, -1.0298, -0.6096]\n"
    "4 rows2 [-2.9012, -0.556, 0.6361, -1.2393]\n"
    "4 shrink [0.2161, 0.3856, 0.6875, 0.1945]\n"
    "4 row_col [0.28]\n"
    "5 row [-2.7383, 0.7941, 2.0217, 0.7958]\n"
    "5 col [0.6152, 0.6681, 1.4513, 1.0349]\n"
    "5 next_row [1.1875, -0.1219, -2.0999, -0.634]\n"
    "5 slice_col [-0.3848, -0.3319, 0.4513, 0.0349]\n"
    "5 rows2 [-1.5507, 0.6722, -0.0782, 0.1619]\n"
    "5 shrink [0.2543, 1.4874, 2.7479, 1.4887]\n"
    "5 row_col [-0.3355]\n"
    "6 row [-0.3632, 0.5504, -2.178, -0.4721]\n"
    "6 col [0.6796, -1.3472, 1.508, 1.1343]\n"
    "6 next_row [0.2014, 0.8508, 0.3497, 0.3645]\n"
    "6 slice_col [-0.3204, -2.3472, 0.508, 0.1343]\n"
    "6 rows2 [-0.1618, 1.4011, -1.8283, -0.1076]\n"
    "6 shrink [0.8339, 1.3168, 0.3366, 0.7897]\n"
    "6 row_col [2.5562]\n";

// Printed lines "pos name [v, ...]" against tinygrad's: the words exactly,
// the numbers (rounded to 4 places by the program) within two units of the
// last place, so a float32 sum in another order cannot flip a rounding. An
// empty string when they agree, else the first line that differs.
QString symRedMismatch(const QString& got, const QString& want) {
  const QStringList g = got.split(QLatin1Char('\n')), w = want.split(QLatin1Char('\n'));
  if (g.size() != w.size()) return QStringLiteral("%1 lines, expected %2").arg(g.size()).arg(w.size());
  static const QRegularExpression separators(QStringLiteral("[\\s,\\[\\]]+"));
  for (qsizetype i = 0; i < g.size(); ++i) {
    const QStringList gs = g[i].split(separators, Qt::SkipEmptyParts);
    const QStringList ws = w[i].split(separators, Qt::SkipEmptyParts);
    bool same = gs.size() == ws.size();
    for (qsizetype k = 0; same && k < gs.size(); ++k) {
      if (gs[k] == ws[k]) continue;
      bool okG = false, okW = false;
      double a = gs[k].toDouble(&okG), b = ws[k].toDouble(&okW);
      same = okG && okW && std::fabs(a - b) <= 2.5e-4;
    }
    if (!same) return QStringLiteral("got '%1', expected '%2'").arg(g[i], w[i]);
  }
  return {};
}

// No tensor sized by start_pos took its folded twin ("(start_pos+1) by ...")
// and no bound value sized a view ("start_pos", "(start_pos+1)").
void symRedExpectNoFolds(const uops::program::LoadedProgram& p) {
  QCOMPARE(p.variables.size(), size_t{1});
  QCOMPARE(p.variables.at(0).folded, std::vector<std::string>{});
}

} // namespace

class TestSymbolicReductions : public QObject {
  Q_OBJECT

private Q_SLOTS:
  // Every reduction and cumulative op of the model at positions 4, 5 and 6:
  // one graph per realization at every position, tinygrad's numbers, and the
  // cache's NaN row past the size reaching none of them.
  void reductionsAndScansKeepTheSize() {
    for (const char* device : {"CPU", "REF"}) {
      uops::program::LoadedProgram p = decodesteps::loadTestModel("symbolic_reductions.py", device);
      QString mismatch = symRedMismatch(QString::fromStdString(p.printed), QString::fromUtf8(kReductionsPrinted));
      QVERIFY2(mismatch.isEmpty(), qPrintable(QStringLiteral("%1: %2").arg(QString::fromUtf8(device), mismatch)));
      auto steps = decodesteps::decodeSteps(p);
      QVERIFY(steps.count(4) && steps.count(5) && steps.count(6));
      QCOMPARE(steps.at(4).size(), size_t{20});
      QCOMPARE(steps.at(5), steps.at(4));
      QCOMPARE(steps.at(6), steps.at(4));
      symRedExpectNoFolds(p);
      QCOMPARE(p.variables.at(0).sized, (std::vector<std::string>{"(start_pos+1)"}));
    }
  }

  // A table's row, column and next row at start_pos, slices of one and two
  // rows and a shrink at it: the offset is start_pos in the kernels, so each
  // realization is one graph at every position.
  void indexAtStartPosCompilesOnce() {
    for (const char* device : {"CPU", "REF"}) {
      uops::program::LoadedProgram p = decodesteps::loadTestModel("symbolic_index.py", device);
      QString mismatch = symRedMismatch(QString::fromStdString(p.printed), QString::fromUtf8(kIndexPrinted));
      QVERIFY2(mismatch.isEmpty(), qPrintable(QStringLiteral("%1: %2").arg(QString::fromUtf8(device), mismatch)));
      auto steps = decodesteps::decodeSteps(p);
      QVERIFY(steps.count(4) && steps.count(5) && steps.count(6));
      QCOMPARE(steps.at(4).size(), size_t{7});
      QCOMPARE(steps.at(5), steps.at(4));
      QCOMPARE(steps.at(6), steps.at(4));
      symRedExpectNoFolds(p);
    }
  }
};

UOPSCOPE_TEST(TestSymbolicReductions);
#include "test_symbolic_reductions.moc"
