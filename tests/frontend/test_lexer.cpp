// Lexer: token streams for the Python subset, printed compactly and compared.
#include "tests/support/test_registry.h"
#include "core/frontend/lexer.h"
#include "core/frontend/load_error.h"
#include "core/frontend/number_format.h"

#include <QtTest>

using namespace uops::frontend;

namespace {

std::string render(const Token& t);

// f:['a' {x !r :['>' {w}]}]: text pieces quoted, fields with their tokens.
std::string renderParts(const std::vector<FStringPart>& parts) {
  std::string out = "[";
  for (const FStringPart& p : parts) {
    if (out.size() > 1) out += ' ';
    if (!p.field) {
      out += quoteString(p.text);
      continue;
    }
    out += "{";
    for (const Token& t : p.field->tokens)
      if (t.kind != TokenKind::End) out += (out.back() == '{' ? "" : " ") + render(t);
    if (!p.field->selfDocumenting.empty()) out += " =" + quoteString(p.field->selfDocumenting);
    if (p.field->conversion) out += std::string(" !") + p.field->conversion;
    if (p.field->hasSpec) out += " :" + renderParts(p.field->spec);
    out += "}";
  }
  return out + "]";
}

std::string render(const Token& t) {
  switch (t.kind) {
  case TokenKind::Name:
    return t.text;
  case TokenKind::Keyword:
    return "kw:" + t.text;
  case TokenKind::Int:
    return "int:" + std::to_string(t.intValue);
  case TokenKind::Float:
    return "float:" + formatFloat(t.floatValue);
  case TokenKind::String:
    return "str:" + quoteString(t.text);
  case TokenKind::FString:
    return "f:" + renderParts(*t.fstring);
  case TokenKind::Op:
    return "'" + t.text + "'";
  case TokenKind::Newline:
    return "NL";
  case TokenKind::Indent:
    return "INDENT";
  case TokenKind::Dedent:
    return "DEDENT";
  case TokenKind::End:
    return "END";
  }
  return "?";
}

QString lex(const std::string& text, bool locations = false) {
  SourceFile source("t.py", text);
  std::string out;
  for (const Token& t : tokenize(source)) {
    if (!out.empty()) out += ' ';
    out += render(t);
    if (locations) out += "@" + std::to_string(t.loc.line) + ":" + std::to_string(t.loc.col);
  }
  return QString::fromStdString(out);
}

QString lexError(const std::string& text) {
  try {
    tokenize(SourceFile("t.py", text));
  } catch (const LoadError& e) {
    return QString::fromStdString(std::to_string(e.line()) + ":" + std::to_string(e.col()) + ": " +
                                  e.message());
  }
  return QStringLiteral("no error");
}

} // namespace

class TestLexer : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void tokens_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("expected");
    auto row = [](const char* name, const char* source, const char* expected) {
      QTest::newRow(name) << QString::fromUtf8(source) << QString::fromUtf8(expected);
    };
    row("empty", "", "END");
    row("blank lines and comments", "\n  \n# only a comment\n   # indented comment\n", "END");
    row("assignment", "x = 1\n", "x '=' int:1 NL END");
    row("no final newline", "x = 1", "x '=' int:1 NL END");
    row("keywords", "if not x is None: pass", "kw:if kw:not x kw:is kw:None ':' kw:pass NL END");
    row("soft keywords are names", "match = type", "match '=' type NL END");
    row("operators longest first", "a **= b // c >> d <<= e -> f != g ... h @= i",
        "a '**=' b '//' c '>>' d '<<=' e '->' f '!=' g '...' h '@=' i NL END");
    row("indent and dedent", "if a:\n  b\n  if c:\n    d\ne\n",
        "kw:if a ':' NL INDENT b NL kw:if c ':' NL INDENT d NL DEDENT DEDENT e NL END");
    row("dedents at end of file", "def f():\n  return 1",
        "kw:def f '(' ')' ':' NL INDENT kw:return int:1 NL DEDENT END");
    row("comment lines keep indentation", "if a:\n  b\n# c\n  d\n",
        "kw:if a ':' NL INDENT b NL d NL DEDENT END");
    row("implicit joining in brackets", "f(1,\n  2,\n\n 3)\n",
        "f '(' int:1 ',' int:2 ',' int:3 ')' NL END");
    row("nested brackets", "[(\n{\n})]", "'[' '(' '{' '}' ')' ']' NL END");
    row("backslash continuation", "x = 1 + \\\n    2\n", "x '=' int:1 '+' int:2 NL END");
    row("crlf line endings", "a\r\nb\r\n", "a NL b NL END");
    row("cr line endings", "a\rb", "a NL b NL END");
    row("byte order mark", "\xEF\xBB\xBFx", "x NL END");
    row("tabs indent", "if a:\n\tb\n", "kw:if a ':' NL INDENT b NL DEDENT END");
    row("semicolons", "a = 1; b = 2", "a '=' int:1 ';' b '=' int:2 NL END");
    row("decimal ints", "0 7 1_000_000 00 0_0", "int:0 int:7 int:1000000 int:0 int:0 NL END");
    row("radix ints", "0x1F 0XfF 0o17 0b101 0x_ff 0b1_0",
        "int:31 int:255 int:15 int:5 int:255 int:2 NL END");
    row("largest int", "9223372036854775807", "int:9223372036854775807 NL END");
    row("floats", "1.5 .5 5. 1e-3 1E5 2.5e+2 1_0.0_1 0.0",
        "float:1.5 float:0.5 float:5.0 float:0.001 float:100000.0 float:250.0 float:10.01 "
        "float:0.0 NL END");
    row("float overflow is inf", "1e400 1e-400", "float:inf float:0.0 NL END");
    row("attribute after int", "1 .real", "int:1 '.' real NL END");
    row("quotes", R"(a = 'x' + "y")", "a '=' str:'x' '+' str:'y' NL END");
    row("escapes", R"('\n\t\\\'\"\x41\101\u00e9\U0001F600\q')",
        "str:'\\n\\t\\\\\\'\"AAé😀\\\\q' NL END");
    row("raw strings", R"(r'\n\'' R"\d")", "str:\"\\\\n\\\\'\" str:'\\\\d' NL END");
    row("triple quotes", "'''a\n'b'\n''' \"\"\"x\"\"\"", "str:\"a\\n'b'\\n\" str:'x' NL END");
    row("backslash newline in a string", "'ab\\\ncd'", "str:'abcd' NL END");
    row("unicode in strings and comments", "s = 'π ≈ 3.14'  # ∑", "s '=' str:'π ≈ 3.14' NL END");
    row("u prefix", "u'x'", "str:'x' NL END");
    row("f-string", "f'a{x}b'", "f:['a' {x} 'b'] NL END");
    row("f-string doubled braces", "f'{{x}}'", "f:['{x}'] NL END");
    row("f-string conversion and spec", "f'{x!r:>{w}.3}'", "f:[{x !r :['>' {w} '.3']}] NL END");
    row("f-string self-documenting", "f'{x = }'", "f:[{x ='x = ' !r}] NL END");
    row("f-string nested brackets", "f'{d[\"k\"]:{w}}' F\"{f(a, b=1)!s}\"",
        "f:[{d '[' str:'k' ']' :[{w}]}] f:[{f '(' a ',' b '=' int:1 ')' !s}] NL END");
    row("f-string dict and comparison", "f'{ {1: 2}[1] } {a != b} {a == b}'",
        "f:[{'{' int:1 ':' int:2 '}' '[' int:1 ']'} ' ' {a '!=' b} ' ' {a '==' b}] NL END");
    row("f-string escapes and raw", "f'\\t{x}' rf'\\t{x}'", "f:['\\t' {x}] f:['\\\\t' {x}] NL END");
    row("f-string triple quoted field across lines", "f'''{\nx\n}'''", "f:[{x}] NL END");
  }
  void tokens() {
    QFETCH(QString, source);
    QFETCH(QString, expected);
    QCOMPARE(lex(source.toStdString()), expected);
  }

  void locations() {
    QCOMPARE(
        lex("x = f(1,\n      2)\nif x:\n    y = 'é' + z\n", true),
        QStringLiteral("x@1:1 '='@1:3 f@1:5 '('@1:6 int:1@1:7 ','@1:8 int:2@2:7 ')'@2:8 NL@2:9 "
                       "kw:if@3:1 x@3:4 ':'@3:5 NL@3:6 INDENT@4:5 y@4:5 '='@4:7 str:'é'@4:9 "
                       "'+'@4:13 z@4:15 NL@4:16 DEDENT@5:1 END@5:1"));
  }

  void errors_data() {
    // Sources as bytes: some rows are deliberately not UTF-8.
    QTest::addColumn<QByteArray>("source");
    QTest::addColumn<QString>("expected");
    auto row = [](const char* name, const char* source, const char* expected) {
      QTest::newRow(name) << QByteArray(source) << QString::fromUtf8(expected);
    };
    row("unterminated string", "x = 'abc\ny = 1",
        "1:5: unterminated string literal (detected at line 1)");
    row("unterminated at eof", "x = \"abc",
        "1:5: unterminated string literal (detected at line 1)");
    row("unterminated triple", "x = '''abc\n\ndef",
        "1:5: unterminated triple-quoted string literal (detected at line 3)");
    row("bad dedent", "if a:\n    b\n  c\n",
        "3:3: unindent does not match any outer indentation level");
    row("tabs and spaces", "if a:\n        b\n\tc\n",
        "3:2: inconsistent use of tabs and spaces in indentation");
    row("unmatched closer", "x = 1)", "1:6: unmatched ')'");
    row("mismatched closer", "x = [1, 2)",
        "1:10: closing parenthesis ')' does not match opening parenthesis '['");
    row("mismatched across lines", "x = [1,\n2)",
        "2:2: closing parenthesis ')' does not match opening parenthesis '[' on line 1");
    row("never closed", "x = f(1,\n", "1:6: '(' was never closed");
    row("stray character", "x = a ? b", "1:7: invalid character '?' (U+003F)");
    row("non-ascii identifier", "café = 1", "1:4: invalid character 'é' (U+00E9)");
    row("control character", "x = \x01", "1:5: invalid non-printable character U+0001");
    row("invalid utf-8", "x = 1\ny = 'a\xff'",
        "2:7: invalid UTF-8: byte 0xff does not start a valid character");
    row("overlong utf-8", "x = '\xc0\xaf'",
        "1:6: invalid UTF-8: byte 0xc0 does not start a valid character");
    row("utf-8 surrogate", "x = '\xed\xa0\x80'",
        "1:6: invalid UTF-8: byte 0xed does not start a valid character");
    row("backslash not at end", "x = 1 \\ 2",
        "1:7: unexpected character after line continuation character");
    row("backslash at eof", "x = 1 \\",
        "1:7: unexpected end of file after line continuation character");
    row("int too large", "x = 9223372036854775808",
        "1:5: integer literal is too large (the limit is 2**63 - 1)");
    row("hex too large", "0x8000000000000000",
        "1:1: integer literal is too large (the limit is 2**63 - 1)");
    row("leading zeros", "x = 012",
        "1:5: leading zeros in decimal integer literals are not permitted; use an 0o prefix for "
        "octal integers");
    row("trailing underscore", "1_", "1:1: invalid decimal literal");
    row("double underscore", "1__0", "1:1: invalid decimal literal");
    row("letter after number", "12abc", "1:1: invalid decimal literal");
    row("bad binary digit", "0b102", "1:5: invalid digit '2' in binary literal");
    row("empty hex", "0x", "1:1: invalid hexadecimal literal");
    row("complex", "3j", "1:1: complex literals are not supported");
    row("f-string unterminated", "f'{x}",
        "1:1: unterminated f-string literal (detected at line 1)");
    row("f-string single brace", "f'a}b'", "1:4: f-string: single '}' is not allowed");
    row("f-string empty field", "f'{}'", "1:4: f-string: valid expression required before '}'");
    row("f-string missing brace", "f'{x'", "1:5: unterminated string literal (detected at line 1)");
    row("f-string conversion", "f'{x!z}'",
        "1:6: f-string: invalid conversion character: expected 's' or 'r'");
    row("f-string ascii conversion", "f'{x!a}'",
        "1:6: f-string: the !a conversion is not supported");
    row("f-string comment", "f'{x#}'", "1:5: f-string expression part cannot include '#'");
    row("f-string backslash", "f'{\\n}'",
        "1:4: f-string expression part cannot include a backslash");
    row("f-string newline in field", "f'{x\n}'", "1:3: f-string: expecting '}'");
    row("bytes", "b'x'", "1:1: bytes literals are not supported");
    row("truncated hex escape", "'\\x4'", "1:2: truncated \\xXX escape");
    row("named escape", "'\\N{BULLET}'", "1:2: \\N{...} escapes are not supported");
    row("surrogate escape", "'\\ud800'",
        "1:2: surrogate code points cannot be written in a string literal");
    row("too many brackets", std::string(201, '(').c_str(), "1:201: too many nested parentheses");
  }
  void errors() {
    QFETCH(QByteArray, source);
    QFETCH(QString, expected);
    QCOMPARE(lexError(source.toStdString()), expected);
  }

  void nullBytes() {
    QCOMPARE(lexError(std::string("a = 1\0", 6)),
             QStringLiteral("1:6: source code cannot contain null bytes"));
    QCOMPARE(lexError(std::string("x = 1\ny = '\0\xff'", 14)),
             QStringLiteral("2:6: source code cannot contain null bytes"));
  }

  void deepIndentation() {
    std::string text;
    for (int i = 0; i <= 100; ++i)
      text.append(static_cast<size_t>(i), ' ').append("if x:\n");
    QCOMPARE(lexError(text), QStringLiteral("no error")); // 100 levels are allowed
    text.append(101, ' ').append("if x:\n"); // (not string + "...": GCC 12 warns falsely there)
    QCOMPARE(lexError(text), QStringLiteral("102:102: too many levels of indentation"));
  }
};

UOPSCOPE_TEST(TestLexer);
#include "test_lexer.moc"
