#include "core/frontend/utf8.h"

namespace uops::frontend::utf8 {

namespace {

bool isContinuation(unsigned char c) {
  return (c & 0xC0) == 0x80;
}

} // namespace

int sequenceLength(std::string_view s, size_t i) {
  auto at = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  unsigned char c = at(i);
  if (c < 0x80) return 1;
  size_t left = s.size() - i;
  // The second byte's allowed range excludes overlongs (E0, F0), surrogates
  // (ED) and code points past U+10FFFF (F4).
  if (c >= 0xC2 && c <= 0xDF) return left >= 2 && isContinuation(at(i + 1)) ? 2 : 0;
  if (c >= 0xE0 && c <= 0xEF) {
    if (left < 3 || !isContinuation(at(i + 1)) || !isContinuation(at(i + 2))) return 0;
    if ((c == 0xE0 && at(i + 1) < 0xA0) || (c == 0xED && at(i + 1) > 0x9F)) return 0;
    return 3;
  }
  if (c >= 0xF0 && c <= 0xF4) {
    if (left < 4 || !isContinuation(at(i + 1)) || !isContinuation(at(i + 2)) ||
        !isContinuation(at(i + 3)))
      return 0;
    if ((c == 0xF0 && at(i + 1) < 0x90) || (c == 0xF4 && at(i + 1) > 0x8F)) return 0;
    return 4;
  }
  return 0;
}

std::optional<size_t> firstInvalid(std::string_view s) {
  for (size_t i = 0; i < s.size();) {
    int n = sequenceLength(s, i);
    if (n == 0) return i;
    i += static_cast<size_t>(n);
  }
  return std::nullopt;
}

char32_t decode(std::string_view s, size_t& i) {
  int n = sequenceLength(s, i);
  auto c = static_cast<unsigned char>(s[i]);
  if (n <= 1) {
    ++i;
    return c;
  }
  char32_t cp = c & (0xFF >> (n + 1));
  for (int k = 1; k < n; ++k)
    cp = (cp << 6) | (static_cast<unsigned char>(s[i + static_cast<size_t>(k)]) & 0x3F);
  i += static_cast<size_t>(n);
  return cp;
}

void append(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

size_t countCodePoints(std::string_view s) {
  size_t n = 0;
  for (size_t i = 0; i < s.size(); ++n)
    decode(s, i);
  return n;
}

} // namespace uops::frontend::utf8
