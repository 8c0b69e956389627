// The parser half of text.h: one line at a time, each line one UOp::make.
#include "core/ir/text.h"

#include "core/ir/shape.h"
#include "core/ir/text_arg.h"

#include <algorithm>
#include <map>
#include <unordered_set>

#include <fmt/format.h>

namespace uops {
namespace {

using text::Cursor;

class GraphParser {
public:
  void parseLine(std::string_view line, int lineNumber);
  UOpPtr finish() const;

private:
  int64_t valueId(Cursor& in) const;
  UOpList sources(Cursor& in) const;
  static DType dtype(Cursor& in);
  static std::optional<Shape> printedShape(Cursor& in);
  static void checkShape(Cursor& in, int column, const std::optional<Shape>& printed,
                         const UOp& node);

  std::map<int64_t, UOpPtr> m_values;           // by id, for look-up only
  std::vector<std::pair<int64_t, int>> m_order; // (id, line) in text order
};

int64_t GraphParser::valueId(Cursor& in) const {
  in.expect('%', "a value like %3");
  if (in.peek() < '0' || in.peek() > '9')
    in.fail(fmt::format("expected a value like %3, got %{}", in.token()));
  return in.integer();
}

UOpList GraphParser::sources(Cursor& in) const {
  UOpList src;
  in.skipSpaces();
  if (in.tryConsume(')')) return src;
  while (true) {
    int col = in.column();
    int64_t id = valueId(in);
    auto it = m_values.find(id);
    if (it == m_values.end()) in.failAt(col, fmt::format("undefined value '%{}'", id));
    src.push_back(it->second);
    in.skipSpaces();
    if (in.tryConsume(')')) return src;
    in.expect(',', "',' or ')' in the source list");
    in.skipSpaces();
  }
}

// `dtypes.float.ptr(16, LOCAL)`: up to the first space outside parentheses.
DType GraphParser::dtype(Cursor& in) {
  int col = in.column();
  std::string_view text = in.rest();
  if (!text.starts_with("dtypes."))
    in.fail(fmt::format("expected a dtype like dtypes.float, got {}", in.token()));
  size_t begin = in.pos();
  int depth = 0;
  while (!in.atEnd() && (depth > 0 || (in.peek() != ' ' && in.peek() != '\t'))) {
    depth += in.peek() == '(' ? 1 : in.peek() == ')' ? -1 : 0;
    in.reset(in.pos() + 1);
  }
  text = text.substr(0, in.pos() - begin);
  auto d = parseDType(text);
  if (!d) in.failAt(col, fmt::format("invalid dtype '{}'", text));
  return *d;
}

// `(3, 4)`, `(5,)`, `()` or `<invalid>` (nullopt).
std::optional<Shape> GraphParser::printedShape(Cursor& in) {
  if (in.tryConsume("<invalid>")) return std::nullopt;
  in.expect('(', "a shape like (3, 4) or <invalid>");
  Shape s;
  in.skipSpaces();
  while (!in.tryConsume(')')) {
    s.push_back(in.integer());
    in.skipSpaces();
    if (in.tryConsume(')')) break;
    in.expect(',', "',' or ')' in the shape");
    in.skipSpaces();
  }
  return s;
}

void GraphParser::checkShape(Cursor& in, int column, const std::optional<Shape>& printed,
                             const UOp& node) {
  if (!node.shapeValid()) {
    if (!printed) return;
    std::string why;
    inferShape(node.op(), node.dtype(), node.src(), node.arg(), &why);
    in.failAt(column, fmt::format("shape mismatch: printed {}, but no shape can be derived: {}",
                                  toString(*printed), why));
  }
  if (!printed)
    in.failAt(column,
              fmt::format("shape mismatch: printed <invalid>, derived {}", toString(node.shape())));
  if (*printed != node.shape())
    in.failAt(column, fmt::format("shape mismatch: printed {}, derived {}", toString(*printed),
                                  toString(node.shape())));
}

void GraphParser::parseLine(std::string_view line, int lineNumber) {
  Cursor in(line, lineNumber);
  in.skipSpaces();
  if (in.atEnd() || in.peek() == '#') return;
  int idCol = in.column();
  int64_t id = valueId(in);
  if (m_values.count(id)) in.failAt(idCol, fmt::format("redefinition of '%{}'", id));
  in.skipSpaces();
  in.expect('=', "'=' after the value name");
  in.skipSpaces();
  int opCol = in.column();
  std::string_view name = in.identifier();
  if (name.empty()) in.fail(fmt::format("expected an op name, got {}", in.token()));
  auto op = opFromName(name);
  if (!op) in.failAt(opCol, fmt::format("unknown op '{}'", name));
  in.expect('(', "'(' after the op name");
  UOpList src = sources(in);
  in.skipSpaces();
  DType type = dtype(in);
  in.skipSpaces();
  int shapeCol = in.column();
  std::optional<Shape> shape = printedShape(in);
  in.skipSpaces();
  Arg arg;
  if (in.tryConsume("arg=")) arg = text::parseArg(in, *op, type);
  in.skipSpaces();
  Tag tag;
  if (in.tryConsume("tag=")) tag = in.integer();
  in.skipSpaces();
  if (!in.atEnd() && in.peek() != '#')
    in.fail(fmt::format("unexpected '{}' after the node", in.token()));
  UOpPtr node = UOp::make(*op, type, std::move(src), std::move(arg), tag);
  checkShape(in, shapeCol, shape, *node);
  m_values.emplace(id, std::move(node));
  m_order.emplace_back(id, lineNumber);
}

UOpPtr GraphParser::finish() const {
  if (m_order.empty()) throw ParseError(1, 1, "empty graph: expected at least one node");
  const UOpPtr& root = m_values.at(m_order.back().first);
  std::unordered_set<const UOp*> reached;
  for (const UOp* node : toposort(*root))
    reached.insert(node);
  for (const auto& [id, line] : m_order)
    if (!reached.count(m_values.at(id).get()))
      throw ParseError(line, 1,
                       fmt::format("'%{}' does not reach the root '%{}' on the last line", id,
                                   m_order.back().first));
  return root;
}

} // namespace

UOpPtr parseGraph(std::string_view text) {
  GraphParser parser;
  int lineNumber = 0;
  for (size_t start = 0; start <= text.size();) {
    size_t end = std::min(text.find('\n', start), text.size());
    std::string_view line = text.substr(start, end - start);
    if (line.ends_with('\r')) line.remove_suffix(1); // CRLF files
    parser.parseLine(line, ++lineNumber);
    start = end + 1;
  }
  return parser.finish();
}

} // namespace uops
