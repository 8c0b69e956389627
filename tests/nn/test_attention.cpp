// scaledDotProductAttention: values against tinygrad for plain, causal, bool
// and additive masks and grouped-query heads, and its errors.
//
// Expected numbers come from tinygrad a9069c177a9d on CPU: each row's comment
// is the tinygrad expression, with the inputs built as in values_data (pat is
// nntest::pat) and printed with .tolist() / .shape.
#include "tests/support/test_registry.h"
#include "tests/nn/nn_test.h"

using namespace uops;
using nntest::pat;

class TestAttention : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void values_data();
  void values() { nntest::checkValueRow(1e-5, 1e-6); }
  void matchesManualSoftmax();
  void errors();
};

void TestAttention::values_data() {
  nntest::addValueColumns();
  Tensor q = pat({1, 2, 3, 4}, 3, 7, 3, 0.25);
  Tensor k = pat({1, 2, 5, 4}, 5, 11, 5, 0.2);
  Tensor v = pat({1, 2, 5, 3}, 2, 9, 4, 0.5);
  Tensor q4 = pat({1, 4, 3, 4}, 3, 7, 3, 0.25);
  Tensor bm = Tensor::fromList({{true, false, true, true, false},
                                {false, true, false, false, false},
                                {true, true, true, true, true}});
  Tensor am = pat({3, 5}, 3, 7, 3, 0.5);
  // q.scaled_dot_product_attention(k, v)
  QTest::newRow("attention") << scaledDotProductAttention(q, k, v) << QStringLiteral("(1, 2, 3, 3)")
                             << QStringLiteral("float32")
                             << QList<double>{-0.784552634, 0.215447426, -0.209770709,
                                              -0.26638034,  0.73361963,  -0.10807272,
                                              -0.633932948, 0.366066992, -0.448720425,
                                              -0.849317908, 0.150682032, 0.562856555,
                                              -0.711225033, 0.288774937, -0.0770002529,
                                              -0.740382969, 0.259617001, 0.505362689};
  // q.scaled_dot_product_attention(k, v, is_causal=True)
  QTest::newRow("attention causal")
      << scaledDotProductAttention(q, k, v, {.isCausal = true}) << QStringLiteral("(1, 2, 3, 3)")
      << QStringLiteral("float32") << QList<double>{-2,           -1,           0,
                                                    -0.028968554, 0.971031427,  -0.985515714,
                                                    -0.609239995, 0.390759975,  -0.0894380882,
                                                    -0.5,         0.5,          1.5,
                                                    -1.67239618,  -0.672396183, 0.327603787,
                                                    -0.526604533, 0.473395407,  -0.0833058432};
  // q.scaled_dot_product_attention(k, v, attn_mask=bm)
  QTest::newRow("attention bool mask")
      << scaledDotProductAttention(q, k, v, {.attnMask = bm}) << QStringLiteral("(1, 2, 3, 3)")
      << QStringLiteral("float32")
      << QList<double>{
             -1.61172557, -0.611725569, 0.388274401,  1,           2,           -1.5, -0.633932948,
             0.366066992, -0.448720366, -0.192154244, 0.807845831, 0.884308517, -2,   -1,
             0,           -0.740382969, 0.259617001,  0.505362689};
  // q.scaled_dot_product_attention(k, v, attn_mask=am)
  QTest::newRow("attention additive mask")
      << scaledDotProductAttention(q, k, v, {.attnMask = am}) << QStringLiteral("(1, 2, 3, 3)")
      << QStringLiteral("float32")
      << QList<double>{-0.1036731,  0.896326959,   0.21627079,  0.523023844,  1.52302372,
                       -1.12017846, -0.832403243,  0.167596787, -0.505140781, -0.709976792,
                       0.290023297, -0.394598693,  -1.62161291, -0.621612847, 0.144275501,
                       -1.03723872, -0.0372387692, 0.742482543};
  // q4.scaled_dot_product_attention(k, v, enable_gqa=True)
  QTest::newRow("attention gqa") << scaledDotProductAttention(q4, k, v, {.enableGqa = true})
                                 << QStringLiteral("(1, 4, 3, 3)") << QStringLiteral("float32")
                                 << QList<double>{
                                        -0.784552634,  0.215447426,  -0.209770709,  -0.26638034,
                                        0.73361963,    -0.10807272,  -0.633932948,  0.366066992,
                                        -0.448720425,  -0.49704349,  0.50295651,    -0.408103734,
                                        -0.26492396,   0.73507601,   -0.204947084,  -0.44772613,
                                        0.55227381,    -0.302132845, -0.934351981,  0.0656479597,
                                        0.494603097,   -0.763911664, 0.236088291,   0.234762117,
                                        -0.604843915,  0.395156115,  -0.0769825429, -1.02192676,
                                        -0.0219267178, 0.432993412,  -0.849317908,  0.150682032,
                                        0.562856555,   -0.711225033, 0.288774937,   -0.0770002529};
  // q[0].scaled_dot_product_attention(k[0], v[0], is_causal=True)
  QTest::newRow("attention 3-D") << scaledDotProductAttention(q.getitem({0}), k.getitem({0}),
                                                              v.getitem({0}), {.isCausal = true})
                                 << QStringLiteral("(2, 3, 3)") << QStringLiteral("float32")
                                 << QList<double>{-2,           -1,           0,
                                                  -0.028968554, 0.971031427,  -0.985515714,
                                                  -0.609239995, 0.390759975,  -0.0894380882,
                                                  -0.5,         0.5,          1.5,
                                                  -1.67239618,  -0.672396183, 0.327603787,
                                                  -0.526604533, 0.473395407,  -0.0833058432};
}

// The definition itself: softmax(q @ k^T / sqrt(E)) @ v.
void TestAttention::matchesManualSoftmax() {
  Tensor q = pat({2, 3, 4}, 3, 7, 3, 0.25), k = pat({2, 5, 4}, 5, 11, 5, 0.2),
         v = pat({2, 5, 3}, 2, 9, 4, 0.5);
  Tensor manual = (q.matmul(k.transpose(-2, -1)) / 2.0).softmax(-1).matmul(v);
  QCOMPARE(nntest::mismatch(nntest::values(scaledDotProductAttention(q, k, v)),
                            nntest::values(manual), 1e-6, 1e-7),
           QString());
}

void TestAttention::errors() {
  Tensor q = Tensor::empty({2, 3, 4});
  try {
    scaledDotProductAttention(q, q, q, {.attnMask = Tensor::ones({3, 3}), .isCausal = true});
    QFAIL("no error");
  } catch (const TensorError& e) {
    QCOMPARE(QString::fromStdString(e.what()),
             QStringLiteral("cannot set attn_mask when is_causal=True"));
  }
}

UOPSCOPE_TEST(TestAttention);
#include "test_attention.moc"
