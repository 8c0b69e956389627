// core/docs: every Op, AxisType and OptOp has a full entry, and names look up
// (exactly, by case, by a close match) to the entry printed as uopc and the
// explorer's tooltips show it.
#include "tests/support/test_registry.h"

#include "core/docs/axis_opt_doc.h"
#include "core/docs/doc_entry.h"
#include "core/docs/doc_format.h"
#include "core/docs/kernel_name_doc.h"
#include "core/docs/op_doc.h"
#include "core/docs/stage_doc.h"

#include <QTest>

#include <nlohmann/json.hpp>

using namespace uops;

namespace {

QString qstr(std::string_view s) { return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())); }

} // namespace

class TestOpDocs : public QObject {
  Q_OBJECT

private Q_SLOTS:
  // A new op without docs fails here, by name.
  void everyOpHasAFullEntry() {
    for (Op op : allOps()) {
      const docs::OpDoc& doc = docs::opDoc(op);
      const QByteArray name(opName(op).data(), static_cast<qsizetype>(opName(op).size()));
      QVERIFY2(doc.op == op, name.constData());
      QVERIFY2(!doc.meaning.empty(), name.constData());
      QVERIFY2(!doc.sources.empty(), name.constData());
      QVERIFY2(!doc.arg.empty(), name.constData());
      QVERIFY2(!doc.dtype.empty(), name.constData());
    }
  }

  void everyAxisTypeAndOptOpHasAnEntry() {
    for (int t = 0; t <= static_cast<int>(AxisType::Unroll); ++t) {
      const auto type = static_cast<AxisType>(t);
      QCOMPARE(docs::axisTypeDoc(type).type, type);
      QVERIFY(!docs::axisTypeDoc(type).meaning.empty());
      QVERIFY(docs::findDoc(axisTypeName(type)).has_value());
    }
    for (int o = 0; o <= static_cast<int>(OptOpKind::TC); ++o) {
      const auto op = static_cast<OptOpKind>(o);
      QCOMPARE(docs::optOpDoc(op).op, op);
      QVERIFY(!docs::optOpDoc(op).meaning.empty());
      // its name is the one the text form parses
      QCOMPARE(docs::findDoc(docs::optOpDoc(op).name)->kind, docs::DocKind::OptOp);
    }
    QCOMPARE(docs::optOpDocs().size(), size_t(5));
    QCOMPARE(docs::axisTypeDocs().size(), size_t(9));
  }

  void entryAsText() {
    std::optional<docs::DocEntry> add = docs::findDoc("Add");
    QVERIFY(add);
    QCOMPARE(qstr(docs::docText(*add)), QStringLiteral("Add: Elementwise op\n"
                                                       "  meaning  a + b\n"
                                                       "  src      (A, B): one shape after broadcasting\n"
                                                       "  arg      none\n"
                                                       "  dtype    src[0].dtype; the broadcast shape; min_max [a+b, A+B]\n"));
    // the spec's example, where it has one
    const std::string permute = docs::docText(*docs::findDoc("Permute"));
    QVERIFY(permute.find("  example  pi = (1,0) is transpose\n") != std::string::npos);
  }

  void entryAsHtmlAndJson() {
    const std::string html = docs::docHtml(*docs::findDoc("Where"));
    QVERIFY(html.starts_with("<p style='white-space:pre'><b>Where</b> &nbsp;<i>Elementwise op</i></p><table>"));
    QVERIFY(html.find("<tr><td><b>src</b>&nbsp;</td><td>(P, A, B): predicate and the two values</td></tr>") !=
            std::string::npos);
    QVERIFY(docs::docHtml(*docs::findDoc("Shl")).find("a &lt;&lt; b") != std::string::npos);
    const nlohmann::json j = docs::docJson(*docs::findDoc("UPCAST"));
    QCOMPARE(qstr(j.at("kind").get<std::string>()), QStringLiteral("axis_type"));
    QCOMPARE(qstr(j.at("summary").get<std::string>()), QStringLiteral("AxisType, letter u"));
    QCOMPARE(qstr(j.at("split from").get<std::string>()), QStringLiteral("g, l, L"));
  }

  // Exact names first: "trunc" is LLVM's instruction, "Trunc" the op; a name
  // differing only in case finds its entry.
  void lookupPrefersExactNames() {
    QCOMPARE(docs::findDoc("trunc")->kind, docs::DocKind::Llvm);
    QCOMPARE(docs::findDoc("Trunc")->kind, docs::DocKind::Op);
    QCOMPARE(docs::findDoc("Reduce")->kind, docs::DocKind::Op);
    QCOMPARE(docs::findDoc("REDUCE")->kind, docs::DocKind::AxisType);
    QCOMPARE(qstr(docs::findDoc("upcast")->name), QStringLiteral("UPCAST"));
    QCOMPARE(qstr(docs::findDoc("getTuple")->name), QStringLiteral("GetTuple"));
    QVERIFY(!docs::findDoc("Frobnicate"));
  }

  void closeMatchesForATypo() {
    std::vector<std::string> close = docs::closeDocNames("Reduse");
    QVERIFY(!close.empty());
    QCOMPARE(qstr(close.front()), QStringLiteral("Reduce"));
    QVERIFY(docs::closeDocNames("zzzzzzzzzzzz").empty());
  }

  void listNamesEveryEntryOnce() {
    std::vector<std::string> names = docs::allDocNames();
    QCOMPARE(qstr(names.front()), QStringLiteral("Param"));
    QVERIFY(names.size() >= static_cast<size_t>(kOpCount) + 9 + 5);
    for (const std::string& name : names) QVERIFY2(docs::findDoc(name).has_value(), name.c_str());
  }

  void kernelNameExplained() {
    KernelName name{"r_64_4", "LR", {64, 4}, {AxisType::Loop, AxisType::Reduce}};
    const std::string html = docs::kernelNameHtml(name);
    QVERIFY(html.find("<b>r_64_4</b>") != std::string::npos);
    QVERIFY(html.find("r: the kernel reduces") != std::string::npos);
    QVERIFY(html.find("<td>axis 1&nbsp;</td><td><b>4</b>&nbsp;</td><td>R REDUCE&nbsp;</td>") != std::string::npos);
  }

  void stagesExplained() {
    QCOMPARE(docs::stageDocs().size(), size_t(8));
    QVERIFY(docs::stageDoc("Linearize").starts_with("Topologically sort"));
    QVERIFY(docs::stageDoc("Nope").empty());
  }
};

UOPSCOPE_TEST(TestOpDocs);
#include "test_op_docs.moc"
