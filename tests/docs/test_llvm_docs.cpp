// core/docs' LLVM IR table: intrinsic names lose '@' and their overload
// suffixes; instructions, intrinsics and keywords each find their entry.
#include "tests/support/test_registry.h"

#include "core/docs/doc_entry.h"
#include "core/docs/llvm_doc.h"

#include <QTest>

using namespace uops;

class TestLlvmDocs : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void intrinsicNamesDropTypeSuffixes() {
    QCOMPARE(docs::llvmDocName("@llvm.sqrt.f32"), std::string("llvm.sqrt"));
    QCOMPARE(docs::llvmDocName("llvm.maximum.v4f64"), std::string("llvm.maximum"));
    QCOMPARE(docs::llvmDocName("@llvm.masked.load.v8f32.p0"), std::string("llvm.masked.load"));
    QCOMPARE(docs::llvmDocName("llvm.matrix.multiply.v64f32.v32f32.v32f32"), std::string("llvm.matrix.multiply"));
    QCOMPARE(docs::llvmDocName("llvm.ctlz.i64"), std::string("llvm.ctlz"));
    QCOMPARE(docs::llvmDocName("fadd"), std::string("fadd"));
  }

  void wordsFindTheirEntries() {
    QCOMPARE(docs::llvmDoc("@llvm.sqrt.v4f32")->name, std::string_view("llvm.sqrt"));
    QCOMPARE(docs::llvmDoc("getelementptr")->kind, std::string_view("instruction"));
    QCOMPARE(docs::llvmDoc("inbounds")->kind, std::string_view("keyword"));
    QCOMPARE(docs::llvmDoc("llvm.smax.i32")->kind, std::string_view("intrinsic"));
    QVERIFY(!docs::llvmDoc("%v12"));
    QVERIFY(!docs::llvmDoc("llvm.unknown.f32"));
    QCOMPARE(docs::findDoc("@llvm.trunc.f32")->kind, docs::DocKind::Llvm);
    QCOMPARE(docs::findDoc("@llvm.trunc.f32")->name, std::string("llvm.trunc"));
  }

  void everyEntryIsFull() {
    for (const docs::LlvmDoc& doc : docs::llvmDocs()) {
      QVERIFY2(!doc.meaning.empty() && !doc.operands.empty() && !doc.uopOrigin.empty(), doc.name.data());
      QVERIFY2(docs::llvmDoc(doc.name) == &doc, doc.name.data());
    }
  }
};

UOPSCOPE_TEST(TestLlvmDocs);
#include "test_llvm_docs.moc"
