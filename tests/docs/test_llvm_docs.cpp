// core/docs' LLVM IR and OpenCL C tables: intrinsic names lose '@' and their
// overload suffixes, OpenCL's vector and conversion builtins their widths and
// types; instructions, intrinsics, builtins and keywords find their entries.
#include "tests/support/test_registry.h"

#include "core/docs/doc_entry.h"
#include "core/docs/llvm_doc.h"
#include "core/docs/opencl_doc.h"

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
    QCOMPARE(docs::llvmDocName("@llvm.x86.avx512.mask.scalef.ps.512"),
             std::string("llvm.x86.avx512.mask.scalef"));
    QCOMPARE(docs::llvmDocName("llvm.x86.avx512.mask.scalef.pd.128"),
             std::string("llvm.x86.avx512.mask.scalef"));
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

  void openclWordsFindTheirEntries() {
    QCOMPARE(docs::openclDocName("vload4"), std::string("vloadn"));
    QCOMPARE(docs::openclDocName("vstore16"), std::string("vstoren"));
    QCOMPARE(docs::openclDocName("vload"), std::string("vload"));
    QCOMPARE(docs::openclDocName("convert_uint_sat_rtz"), std::string("convert_T_sat_rtz"));
    QCOMPARE(docs::openclDocName("convert_float_rte"), std::string("convert_T_rte"));
    QCOMPARE(docs::openclDoc("get_local_id")->kind, std::string_view("builtin"));
    QCOMPARE(docs::openclDoc("__local")->kind, std::string_view("qualifier"));
    QVERIFY(!docs::openclDoc("v12"));
    // the OpenCL pane asks for OpenCL's select; a bare name finds LLVM's first
    QCOMPARE(docs::openclDocEntry("select")->kind, docs::DocKind::OpenCl);
    QCOMPARE(docs::findDoc("select")->kind, docs::DocKind::Llvm);
    QCOMPARE(docs::findDoc("vload4")->name, std::string("vloadn"));
    for (const docs::OpenClDoc& doc : docs::openclDocs())
      QVERIFY2(!doc.meaning.empty() && !doc.signature.empty() && !doc.uopOrigin.empty(), doc.name.data());
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
