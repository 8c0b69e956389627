// The highlighting rules of each language of the Code view. Order matters:
// a later rule recolours what an earlier one matched, so comments come last.
#include "views/code/code_highlight_rules.h"

#include <algorithm>

namespace uops::views {
namespace {

HighlightRule rule(const char* pattern, TokenKind kind, int group = 0) {
  return {QRegularExpression(QString::fromLatin1(pattern)), kind, group};
}

std::vector<HighlightRule> llvmIrRules() {
  return {
      rule(R"(\b(?:define|declare|internal|attributes|call|ret|br|switch|phi|select|alloca|load|store|)"
           R"(getelementptr|inbounds|icmp|fcmp|add|sub|mul|sdiv|udiv|srem|urem|fadd|fsub|fmul|fdiv|frem|fneg|)"
           R"(and|or|xor|shl|lshr|ashr|zext|sext|trunc|fptosi|fptoui|sitofp|uitofp|fpext|fptrunc|bitcast|)"
           R"(to|nuw|nsw|exact|noalias|nounwind|alwaysinline|eq|ne|slt|sle|sgt|sge|ult|ule|ugt|uge|)"
           R"(oeq|one|olt|ole|ogt|oge|ueq|une|uno|ord|true|false|undef|poison|zeroinitializer)\b)",
           TokenKind::Keyword),
      rule(R"(\b(?:i\d+|half|bfloat|float|double|void|ptr|label)\b)", TokenKind::Type),
      rule(R"((?<![\w.%@])-?(?:0x[0-9A-Fa-f]+|\d+(?:\.\d+)?(?:e[-+]?\d+)?)\b)", TokenKind::Number),
      rule(R"([%][\w.$-]+)", TokenKind::Register),
      rule(R"(@[\w.$-]+)", TokenKind::Builtin),
      rule(R"(^[\w.$-]+:)", TokenKind::Label),
      rule(R"(#\d+)", TokenKind::Number),
      rule(R"(;.*$)", TokenKind::Comment),
  };
}

std::vector<HighlightRule> openClRules() {
  return {
      rule(R"(\b(?:__kernel|kernel|__global|global|__local|local|__constant|__private|const|restrict|)"
           R"(static|inline|for|while|do|if|else|return|break|continue|switch|case|sizeof|typedef|struct|union)\b)",
           TokenKind::Keyword),
      rule(R"(\b(?:void|bool|char|uchar|short|ushort|int|uint|long|ulong|half|float|double|size_t)\d*\b)",
           TokenKind::Type),
      rule(R"(\b(?:get_global_id|get_local_id|get_group_id|get_global_size|get_local_size|barrier|)"
           R"(CLK_LOCAL_MEM_FENCE|CLK_GLOBAL_MEM_FENCE|vload_half|vstore_half_rte|as_\w+|convert_\w+|)"
           R"(isnan|isinf|fmax|fmin|fmod|trunc|sqrt|exp2|log2|sin|native_\w+)\b)",
           TokenKind::Builtin),
      rule(R"((?<![\w.])(?:0x[0-9A-Fa-f]+|\d+\.?\d*(?:[eEpP][-+]?\d+)?)[fFuUlL]*\b)", TokenKind::Number),
      rule(R"(^\s*#.*$)", TokenKind::Label),
      rule(R"(//.*$)", TokenKind::Comment),
      rule(R"(/\*.*?\*/)", TokenKind::Comment),
  };
}

// As the disassembly view writes it: "  1a: c5 fc 58 04 86     vaddps ymm0, ymm1, ..."
std::vector<HighlightRule> assemblyRules() {
  return {
      rule(R"(\b(?:[re]?[abcd]x|[abcd][lh]|[re]?[sd]il?|[re]?[sb]pl?|[re]ip|r\d+[dwb]?|[xyz]mm\d+|k[0-7]|)"
           R"([csdefg]s|[xv]\d+|[wx]zr|sp)\b)",
           TokenKind::Register),
      rule(R"(%[\w.]+)", TokenKind::Register),
      rule(R"((?<![\w.])[$#]?-?(?:0x[0-9A-Fa-f]+|\d+)\b)", TokenKind::Number),
      rule(R"(\b(?:byte|word|dword|qword|xmmword|ymmword|zmmword|ptr)\b)", TokenKind::Type),
      rule(R"(^\s*[0-9a-f]+:\s(?:[0-9a-f]{2}\s)*\s*([a-z][a-z0-9.]*))", TokenKind::Keyword, 1),
      rule(R"(^\s*([0-9a-f]+):)", TokenKind::Label, 1),
      rule(R"(^\s*[0-9a-f]+:\s((?:[0-9a-f]{2}\s)+))", TokenKind::Comment, 1),
      rule(R"(^[\w.$/<>-]+:\s*$)", TokenKind::Label),
      rule(R"([;#]\s.*$|^;.*$)", TokenKind::Comment),
  };
}

} // namespace

std::vector<HighlightRule> highlightRules(CodeLanguage language) {
  switch (language) {
  case CodeLanguage::LlvmIr:
    return llvmIrRules();
  case CodeLanguage::OpenClC:
    return openClRules();
  case CodeLanguage::Assembly:
    return assemblyRules();
  }
  return {};
}

QTextCharFormat tokenFormat(TokenKind kind) {
  QTextCharFormat f;
  switch (kind) {
  case TokenKind::Keyword:
    f.setForeground(QColor(0x1F, 0x4E, 0xB4));
    f.setFontWeight(QFont::Bold);
    break;
  case TokenKind::Type:
    f.setForeground(QColor(0x8A, 0x3F, 0xA8));
    break;
  case TokenKind::Number:
    f.setForeground(QColor(0xB0, 0x5A, 0x00));
    break;
  case TokenKind::Comment:
    f.setForeground(QColor(0x6A, 0x73, 0x7D));
    f.setFontItalic(true);
    break;
  case TokenKind::Label:
    f.setForeground(QColor(0xA3, 0x1F, 0x34));
    f.setFontWeight(QFont::Bold);
    break;
  case TokenKind::Register:
    f.setForeground(QColor(0x00, 0x7A, 0x5E));
    break;
  case TokenKind::Builtin:
    f.setForeground(QColor(0x00, 0x6B, 0x9E));
    break;
  }
  return f;
}

std::vector<int> lineTokens(const std::vector<HighlightRule>& rules, const QString& line) {
  std::vector<int> kinds(static_cast<size_t>(line.size()), -1);
  for (const HighlightRule& r : rules)
    for (auto it = r.pattern.globalMatch(line); it.hasNext();) {
      const QRegularExpressionMatch m = it.next();
      const qsizetype from = std::clamp<qsizetype>(m.capturedStart(r.group), 0, line.size());
      const qsizetype to = std::clamp<qsizetype>(m.capturedEnd(r.group), from, line.size());
      std::fill(kinds.begin() + from, kinds.begin() + to, static_cast<int>(r.kind));
    }
  return kinds;
}

} // namespace uops::views
