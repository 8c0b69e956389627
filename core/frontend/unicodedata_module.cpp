// The `unicodedata` module for ASCII text: tokenizers in model files (BERT's
// basic tokenizer in tinygrad's examples/mlperf/helpers.py) classify
// characters with category() and strip accents after normalize(). ASCII has
// no accents and no compositions, so every normalization form leaves it as
// it is; text beyond ASCII is an error naming the character, as the
// interpreter carries no Unicode database.
#include "core/frontend/builtins_impl.h"
#include "core/frontend/script_error.h"

#include <fmt/format.h>

#include <array>
#include <string_view>

namespace uops::frontend {
namespace {

// Unicode's general category of each ASCII code point, two letters each.
constexpr std::string_view kAsciiCategories =
    "CcCcCcCcCcCcCcCcCcCcCcCcCcCcCcCcCcCcCcCcCcCcCcCcCcCcCcCcCcCcCcCc"
    "ZsPoPoPoScPoPoPoPsPePoSmPoPdPoPoNdNdNdNdNdNdNdNdNdNdPoPoSmSmSmPo"
    "PoLuLuLuLuLuLuLuLuLuLuLuLuLuLuLuLuLuLuLuLuLuLuLuLuLuLuPsPoPeSkPc"
    "SkLlLlLlLlLlLlLlLlLlLlLlLlLlLlLlLlLlLlLlLlLlLlLlLlLlLlPsSmPeSmCc";
static_assert(kAsciiCategories.size() == 256);

const std::string& asciiText(const Value& v, const char* function) {
  const std::string* s = v.get<std::string>();
  if (!s) throw ScriptError(fmt::format("{}() argument must be a unicode character, not {}", function, v.typeName()));
  for (unsigned char c : *s)
    if (c >= 0x80)
      throw ScriptError(fmt::format("unicodedata.{}: '{}' is not ASCII, and only ASCII text is supported here",
                                    function, *s));
  return *s;
}

} // namespace

void installUnicodedataModule(ExecState& state) {
  auto module = std::make_shared<Namespace>();
  module->name = "unicodedata";
  module->members.insert_or_assign("category", makeNative("category", [](Args& a) -> Value {
    auto [chr] = a.bind({"chr"});
    const std::string& s = asciiText(chr, "category");
    if (s.size() != 1)
      throw ScriptError("category() argument must be a unicode character, not str");
    return Value(std::string(kAsciiCategories.substr(static_cast<size_t>(s[0]) * 2, 2)));
  }));
  module->members.insert_or_assign("normalize", makeNative("normalize", [](Args& a) -> Value {
    auto [form, text] = a.bind({"form", "unistr"});
    const std::string* f = form.get<std::string>();
    if (!f || (*f != "NFC" && *f != "NFD" && *f != "NFKC" && *f != "NFKD"))
      throw ScriptError("invalid normalization form");
    return Value(asciiText(text, "normalize"));
  }));
  state.modules.insert_or_assign("unicodedata", std::move(module));
}

} // namespace uops::frontend
