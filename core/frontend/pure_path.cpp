// pathlib.Path as a pure path: what model files compute at definition time
// (`def load(path=Path(__file__).parent / "weights")`) works (`/`, parent,
// name, stem, suffix, parts, with_suffix, joinpath, str), and what would touch
// the file system (exists, open, read_text, resolve, ...) is a load error: a
// program has no file system.
#include "core/frontend/pure_path.h"

#include "core/frontend/builtins_impl.h"
#include "core/frontend/object.h"
#include "core/frontend/repr.h"
#include "core/frontend/script_error.h"

#include <fmt/format.h>

namespace uops::frontend {

namespace {

// POSIX normalisation as PurePosixPath does it: empty and "." parts dropped, ".." kept.
std::string normalised(const std::string& text) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('/', start);
    if (end == std::string::npos) end = text.size();
    std::string part = text.substr(start, end - start);
    if (!part.empty() && part != ".") parts.push_back(std::move(part));
    start = end + 1;
  }
  std::string out = !text.empty() && text[0] == '/' ? "/" : "";
  for (size_t i = 0; i < parts.size(); ++i)
    out += (i > 0 ? "/" : "") + parts[i];
  return out.empty() ? "." : out;
}

class PurePath final : public Object {
public:
  explicit PurePath(const std::string& text) : m_path(normalised(text)) {}
  std::string typeName() const override { return "PosixPath"; }
  std::string repr() const override { return fmt::format("PosixPath({})", uops::frontend::repr(Value(m_path))); }
  std::string str() const override { return m_path; }
  std::optional<Value> binaryOp(BinaryOp op, const Value& other, bool reflected) override {
    const std::optional<std::string> o = textOf(other);
    if (!o) return std::nullopt;
    if (op == BinaryOp::TrueDiv) return make(reflected ? join(*o, m_path) : join(m_path, *o));
    if (op == BinaryOp::Eq || op == BinaryOp::Ne)
      return other.isObject() && dynamic_cast<const PurePath*>(other.object().get())
                 ? std::optional<Value>(Value((m_path == *o) == (op == BinaryOp::Eq)))
                 : std::nullopt;
    return std::nullopt;
  }
  const MethodTable* methods() const override {
    static const MethodTable table = [] {
      std::vector<Method> methods{
          {"joinpath",
           [](Args& a) {
             std::string path = as(a.self()).m_path;
             for (const Value& p : a.positional())
               path = join(path, textOrFail(p));
             return make(path);
           }},
          {"with_suffix",
           [](Args& a) {
             auto [suffix] = a.bind({"suffix"});
             const PurePath& p = as(a.self());
             const std::string parent = p.parentText();
             const std::string name = p.stem() + textOrFail(suffix);
             return make(parent == "." && p.m_path.find('/') == std::string::npos ? name : join(parent, name));
           }},
          {"as_posix", [](Args& a) { return Value(as(a.self()).m_path); }},
          {"__fspath__", [](Args& a) { return Value(as(a.self()).m_path); }},
      };
      for (const char* name : {"exists", "is_file", "is_dir", "open", "read_text", "read_bytes", "write_text",
                               "write_bytes", "mkdir", "iterdir", "glob", "rglob", "stat", "unlink", "resolve",
                               "absolute", "expanduser", "touch", "rename"})
        methods.push_back({name, [](Args&) -> Value {
                             throw ScriptError("pathlib.Path: not available to a program (it has no file system)");
                           }});
      std::vector<Property> properties{
          {"parent", [](const Value& self) { return make(as(self).parentText()); }},
          {"name", [](const Value& self) { return Value(as(self).name()); }},
          {"stem", [](const Value& self) { return Value(as(self).stem()); }},
          {"suffix", [](const Value& self) { return Value(as(self).name().substr(as(self).stem().size())); }},
          {"parts",
           [](const Value& self) {
             std::vector<Value> parts;
             const std::string& p = as(self).m_path;
             if (p[0] == '/') parts.emplace_back("/");
             size_t start = p[0] == '/' ? 1 : 0;
             while (p != "." && start < p.size()) {
               size_t end = std::min(p.find('/', start), p.size());
               parts.emplace_back(p.substr(start, end - start));
               start = end + 1;
             }
             return Value::tuple(std::move(parts));
           }},
      };
      return MethodTable(std::move(methods), std::move(properties));
    }();
    return &table;
  }

private:
  static const PurePath& as(const Value& v) { return static_cast<const PurePath&>(*v.object()); }
  static Value make(const std::string& text) { return Value(std::make_shared<PurePath>(text)); }
  static std::optional<std::string> textOf(const Value& v) {
    if (const std::string* s = v.get<std::string>()) return *s;
    if (v.isObject())
      if (const auto* p = dynamic_cast<const PurePath*>(v.object().get())) return p->m_path;
    return std::nullopt;
  }
  static std::string textOrFail(const Value& v) {
    std::optional<std::string> t = textOf(v);
    if (!t) throw ScriptError(fmt::format("expected str, bytes or os.PathLike object, not {}", v.typeName()));
    return *t;
  }
  static std::string join(const std::string& a, const std::string& b) {
    if (!b.empty() && b[0] == '/') return b;
    return a + "/" + b;
  }
  std::string parentText() const {
    const size_t slash = m_path.rfind('/');
    if (m_path == "/" || m_path == "." ) return m_path;
    if (slash == std::string::npos) return ".";
    return slash == 0 ? "/" : m_path.substr(0, slash);
  }
  std::string name() const {
    if (m_path == "/" || m_path == ".") return "";
    const size_t slash = m_path.rfind('/');
    return slash == std::string::npos ? m_path : m_path.substr(slash + 1);
  }
  std::string stem() const {
    const std::string n = name();
    const size_t dot = n.rfind('.');
    return dot == std::string::npos || dot == 0 ? n : n.substr(0, dot);
  }

  std::string m_path;
};

} // namespace

Value makePurePath(Args& a) {
  std::string path;
  for (const Value& p : a.positional()) {
    const std::string* s = p.get<std::string>();
    const std::string part = s ? *s : p.isObject() ? p.object()->str() : "";
    if (!s && !(p.isObject() && p.object()->typeName() == "PosixPath"))
      throw ScriptError(fmt::format("expected str, bytes or os.PathLike object, not {}", p.typeName()));
    path = path.empty() || (!part.empty() && part[0] == '/') ? part : path + "/" + part;
  }
  return Value(std::make_shared<PurePath>(path));
}

} // namespace uops::frontend
