#include "core/autobatch/front_end.h"

#include "core/autobatch/liveness.h"
#include "core/autobatch/prim.h"
#include "core/frontend/ast.h"
#include "core/frontend/attributes.h"
#include "core/frontend/exec_state.h"
#include "core/frontend/operators.h"
#include "core/frontend/parser.h"

#include <algorithm>
#include <map>

#include <fmt/format.h>

namespace uops::autobatch {
namespace {

// A `return` without a value: every member of a batch needs one.
constexpr const char* kBareReturn =
    "an @autobatch function returns a value on every path: `return` without one";

using frontend::Location;
using frontend::Value;
namespace ast = frontend::ast;

struct Operand {
  std::string var; // empty for a constant
  Value constant;
  bool isVar() const { return !var.empty(); }
};

// The names an expression reads, not looking into lambdas.
void readsOf(const ast::Expr& e, std::set<std::string>& out) {
  using K = ast::ExprKind;
  switch (e.kind) {
  case K::Name: out.insert(e.as<ast::NameExpr>().id); break;
  case K::Unary: readsOf(*e.as<ast::UnaryExpr>().operand, out); break;
  case K::Binary:
    readsOf(*e.as<ast::BinaryExpr>().left, out);
    readsOf(*e.as<ast::BinaryExpr>().right, out);
    break;
  case K::Compare:
    readsOf(*e.as<ast::CompareExpr>().left, out);
    for (const auto& c : e.as<ast::CompareExpr>().comparators) readsOf(*c, out);
    break;
  case K::BoolOp:
    for (const auto& v : e.as<ast::BoolOpExpr>().values) readsOf(*v, out);
    break;
  case K::Call: {
    const auto& c = e.as<ast::CallExpr>();
    readsOf(*c.func, out);
    for (const auto& a : c.args) readsOf(*a, out);
    for (const auto& k : c.keywords) readsOf(*k.value, out);
    break;
  }
  case K::Attribute: readsOf(*e.as<ast::AttributeExpr>().value, out); break;
  case K::Tuple:
  case K::List:
    for (const auto& v : static_cast<const ast::SequenceExpr&>(e).elts) readsOf(*v, out);
    break;
  case K::Starred: readsOf(*e.as<ast::StarredExpr>().value, out); break;
  case K::Subscript:
    readsOf(*e.as<ast::SubscriptExpr>().value, out);
    readsOf(*e.as<ast::SubscriptExpr>().index, out);
    break;
  case K::IfExp:
    readsOf(*e.as<ast::IfExpr>().test, out);
    readsOf(*e.as<ast::IfExpr>().body, out);
    readsOf(*e.as<ast::IfExpr>().orelse, out);
    break;
  default: break;
  }
}

void targetsOf(const ast::Expr& e, std::set<std::string>& out) {
  if (e.kind == ast::ExprKind::Name) out.insert(e.as<ast::NameExpr>().id);
  if (e.kind == ast::ExprKind::Tuple || e.kind == ast::ExprKind::List)
    for (const auto& v : static_cast<const ast::SequenceExpr&>(e).elts) targetsOf(*v, out);
}

// The names statements read and assign; whether they contain a return.
struct Uses {
  std::set<std::string> reads, writes;
  bool returns = false;
};

void usesOf(const ast::Block& body, Uses& u) {
  using K = ast::StmtKind;
  for (const ast::StmtPtr& s : body) {
    switch (s->kind) {
    case K::Expr: readsOf(*s->as<ast::ExprStmt>().value, u.reads); break;
    case K::Assign:
      readsOf(*s->as<ast::AssignStmt>().value, u.reads);
      for (const auto& t : s->as<ast::AssignStmt>().targets) targetsOf(*t, u.writes);
      break;
    case K::AugAssign:
      readsOf(*s->as<ast::AugAssignStmt>().value, u.reads);
      readsOf(*s->as<ast::AugAssignStmt>().target, u.reads);
      targetsOf(*s->as<ast::AugAssignStmt>().target, u.writes);
      break;
    case K::Return:
      u.returns = true;
      if (s->as<ast::ReturnStmt>().value) readsOf(*s->as<ast::ReturnStmt>().value, u.reads);
      break;
    case K::If:
      for (const auto& b : s->as<ast::IfStmt>().branches) {
        readsOf(*b.test, u.reads);
        usesOf(b.body, u);
      }
      usesOf(s->as<ast::IfStmt>().orelse, u);
      break;
    case K::While:
      readsOf(*s->as<ast::WhileStmt>().test, u.reads);
      usesOf(s->as<ast::WhileStmt>().body, u);
      break;
    default: break;
    }
  }
}

const char* stmtName(ast::StmtKind k) {
  switch (k) {
  case ast::StmtKind::For: return "for";
  case ast::StmtKind::Break: return "break";
  case ast::StmtKind::Continue: return "continue";
  case ast::StmtKind::Import:
  case ast::StmtKind::ImportFrom: return "import";
  case ast::StmtKind::FunctionDef: return "def";
  case ast::StmtKind::ClassDef: return "class";
  case ast::StmtKind::With: return "with";
  case ast::StmtKind::Assert: return "assert";
  default: return "this statement";
  }
}

std::optional<frontend::BinaryOp> comparison(ast::CompareOp op) {
  using frontend::BinaryOp;
  switch (op) {
  case ast::CompareOp::Eq: return BinaryOp::Eq;
  case ast::CompareOp::Ne: return BinaryOp::Ne;
  case ast::CompareOp::Lt: return BinaryOp::Lt;
  case ast::CompareOp::Le: return BinaryOp::Le;
  case ast::CompareOp::Gt: return BinaryOp::Gt;
  case ast::CompareOp::Ge: return BinaryOp::Ge;
  default: return std::nullopt;
  }
}

// One program Function being built: a def, or a while loop inside one.
struct Context {
  std::string name;
  size_t fn = 0;
  const frontend::Function* def = nullptr;
  std::set<std::string> locals; // the def's parameters and assigned names
  std::set<std::string> defined; // source names assigned so far, in text order
  int temps = 0;
  int blocks = 0;
  int* loops = nullptr; // the def's loop counter
  int current = kExit;  // the block being filled; kExit: unreachable code
  int exit = kExit;
  size_t arity = 1; // values the def returns
  // a loop: the def's values on return, and its carried variables (source names)
  bool isLoop = false;
  bool loopReturns = false;
  std::vector<std::string> carried;
};

class Builder {
public:
  explicit Builder(const AutobatchLookup& lookup) : m_lookup(lookup) {}

  Program build(const frontend::Function& root) {
    std::string name = defName(root);
    while (!m_queue.empty()) {
      const frontend::Function* def = m_queue.front();
      m_queue.erase(m_queue.begin());
      compileDef(*def);
    }
    const Function& f = *m_program.function(name);
    Block main{"main.0", "main", {}, GotoOp{kExit}, Location{}};
    FunctionCallOp call{name, f.varsIn, f.varsOut, {}};
    main.instructions.emplace_back(std::in_place_type<FunctionCallOp>, std::move(call));
    m_program.pool.push_back(std::move(main));
    m_program.graph = {static_cast<int>(m_program.pool.size() - 1)};
    m_program.varsIn = f.varsIn;
    m_program.varsOut = f.varsOut;
    if (root.program) m_program.fileName = root.program->source.name();
    for (Function& fn : m_program.functions) fn.blocks = topologicalOrder(m_program, fn.blocks);
    return std::move(m_program);
  }

private:
  [[noreturn]] void fail(const std::string& message, Location loc) { throw AutobatchError(message, loc); }

  std::string defName(const frontend::Function& def) {
    auto it = m_names.find(&def);
    if (it != m_names.end()) return it->second;
    std::string name = def.name;
    for (int k = 2; m_program.function(name) || m_taken.contains(name); ++k) name = fmt::format("{}{}", def.name, k);
    m_taken.insert(name);
    m_names[&def] = name;
    // the function's signature is known before its body is compiled (recursion)
    Function f{name, {}, {}, {}, {}};
    for (const ast::Parameter& param : def.shape->params) {
      if (param.kind != ast::ParamKind::Positional || param.defaultValue)
        fail(fmt::format("@autobatch function {}: only plain positional parameters are supported", def.name),
             param.loc);
      f.varsIn.push_back(fmt::format("{}.{}", name, param.name));
    }
    size_t n = arity(def);
    if (n == 1) f.varsOut.push_back(name + ".$ret");
    else
      for (size_t i = 0; i < n; ++i) f.varsOut.push_back(fmt::format("{}.$ret{}", name, i));
    m_program.functions.push_back(std::move(f));
    m_queue.push_back(&def);
    return name;
  }

  // How many values a def returns: its first return that says.
  size_t arity(const frontend::Function& def) {
    if (auto it = m_arity.find(&def); it != m_arity.end()) return it->second;
    m_arityBusy.insert(&def);
    std::optional<size_t> found = arityIn(def, *def.body);
    m_arityBusy.erase(&def);
    size_t n = found.value_or(1);
    m_arity[&def] = n;
    return n;
  }

  std::optional<size_t> arityIn(const frontend::Function& def, const ast::Block& body) {
    for (const ast::StmtPtr& s : body) {
      std::optional<size_t> n;
      if (s->kind == ast::StmtKind::Return) {
        const ast::Expr* v = s->as<ast::ReturnStmt>().value.get();
        if (!v) fail(kBareReturn, s->loc);
        if (v->kind == ast::ExprKind::Tuple) n = v->as<ast::TupleExpr>().elts.size();
        else if (const frontend::Function* callee = calledDef(def, *v))
          n = m_arityBusy.contains(callee) ? std::nullopt : std::optional<size_t>(arity(*callee));
        else n = 1;
      } else if (s->kind == ast::StmtKind::If) {
        for (const auto& b : s->as<ast::IfStmt>().branches)
          if (!n) n = arityIn(def, b.body);
        if (!n) n = arityIn(def, s->as<ast::IfStmt>().orelse);
      } else if (s->kind == ast::StmtKind::While) {
        n = arityIn(def, s->as<ast::WhileStmt>().body);
      }
      if (n) return n;
    }
    return std::nullopt;
  }

  // A global name as the def sees it (its closure's scopes, outward).
  std::optional<Value> global(const frontend::Function& def, const std::string& name) {
    for (frontend::Scope* s = def.closure; s; s = s->parent) {
      auto it = s->vars.find(name);
      if (it != s->vars.end()) return it->second;
    }
    return std::nullopt;
  }

  // The @autobatch def an expression calls (f(...) with f global), or null.
  const frontend::Function* calledDef(const frontend::Function& def, const ast::Expr& e) {
    if (e.kind != ast::ExprKind::Call) return nullptr;
    const ast::Expr& f = *e.as<ast::CallExpr>().func;
    if (f.kind != ast::ExprKind::Name) return nullptr;
    const std::string& id = f.as<ast::NameExpr>().id;
    if (def.shape->locals.contains(id)) return nullptr;
    for (const ast::Parameter& p : def.shape->params)
      if (p.name == id) return nullptr;
    std::optional<Value> v = global(def, id);
    return v ? m_lookup(*v) : nullptr;
  }

  // ---- blocks, variables and instructions ----

  Function& fn(const Context& c) { return m_program.functions[c.fn]; }

  int newBlock(Context& c, Location loc) {
    m_program.pool.push_back(Block{fmt::format("{}.{}", c.name, c.blocks++), c.name, {}, GotoOp{kExit}, loc});
    int index = static_cast<int>(m_program.pool.size() - 1);
    fn(c).blocks.push_back(index);
    return index;
  }

  Block& block(int index) { return m_program.pool.at(static_cast<size_t>(index)); }

  void terminate(Context& c, Terminator t) {
    block(c.current).terminator = std::move(t);
    c.current = kExit;
  }

  std::string newTemp(Context& c) { return fmt::format("{}.$t{}", c.name, c.temps++); }

  bool isLocal(const Context& c, const std::string& id) const { return c.locals.contains(id); }
  std::string varOf(const Context& c, const std::string& id) const { return fmt::format("{}.{}", c.name, id); }

  template <class T> void append(Context& c, T op) {
    block(c.current).instructions.emplace_back(std::in_place_type<T>, std::move(op));
  }

  // Writes `value` into `target` (a constant, or a copy of another variable).
  void assign(Context& c, const std::string& target, const Operand& value, Location loc) {
    if (value.var == target) return;
    auto fnPtr = std::make_shared<PrimFn>();
    if (value.isVar()) {
      fnPtr->kind = PrimFn::Kind::Copy;
      append(c, PrimOp{{value.var}, {target}, fnPtr, {}, loc});
    } else {
      fnPtr->kind = PrimFn::Kind::Constant;
      fnPtr->args.push_back(PrimArg::value(value.constant));
      append(c, PrimOp{{}, {target}, fnPtr, {}, loc});
    }
  }

  std::string asVar(Context& c, const Operand& o, Location loc) {
    if (o.isVar()) return o.var;
    std::string t = newTemp(c);
    assign(c, t, o, loc);
    return t;
  }

  // A computing prim over operands; its result in `target` when given.
  Operand emitPrim(Context& c, PrimFn fnv, const std::vector<Operand>& operands,
                   const std::vector<std::pair<std::string, Operand>>& keywords, const std::optional<std::string>& target,
                   Location loc) {
    std::vector<std::string> in;
    auto arg = [&](const Operand& o) {
      if (!o.isVar()) return PrimArg::value(o.constant);
      auto it = std::find(in.begin(), in.end(), o.var);
      if (it == in.end()) {
        in.push_back(o.var);
        return PrimArg::var(static_cast<int>(in.size() - 1));
      }
      return PrimArg::var(static_cast<int>(it - in.begin()));
    };
    for (const Operand& o : operands) fnv.args.push_back(arg(o));
    for (const auto& [name, o] : keywords) fnv.kwargs.emplace_back(name, arg(o));
    bool own = target && std::find(in.begin(), in.end(), *target) != in.end();
    std::string out = target && !own ? *target : newTemp(c);
    append(c, PrimOp{in, {out}, std::make_shared<PrimFn>(std::move(fnv)), {}, loc});
    if (own) {
      assign(c, *target, Operand{out, {}}, loc);
      return Operand{*target, {}};
    }
    return Operand{out, {}};
  }

  // A call of program function `name` (formals `formals`) writing `outs`.
  void emitCall(Context& c, const std::string& name, const std::vector<std::string>& formals,
                const std::vector<Operand>& args, const std::vector<std::string>& outs, Location loc) {
    std::vector<std::string> in;
    for (size_t i = 0; i < args.size(); ++i) {
      std::string v = asVar(c, args[i], loc);
      // another formal of the callee as this argument: the callee's pushes would clobber it
      if (v != formals[i] && std::find(formals.begin(), formals.end(), v) != formals.end()) {
        std::string t = newTemp(c);
        assign(c, t, Operand{v, {}}, loc);
        v = t;
      }
      in.push_back(v);
    }
    std::vector<std::string> direct = outs;
    for (std::string& o : direct)
      if (std::find(in.begin(), in.end(), o) != in.end()) o = newTemp(c);
    append(c, FunctionCallOp{name, in, direct, loc});
    for (size_t i = 0; i < outs.size(); ++i) assign(c, outs[i], Operand{direct[i], {}}, loc);
  }

  // ---- expressions ----

  std::vector<Operand> callArgs(Context& c, const ast::CallExpr& call) {
    std::vector<Operand> out;
    for (const ast::ExprPtr& a : call.args) {
      if (a->kind == ast::ExprKind::Starred) fail("*args is not supported inside @autobatch", a->loc);
      out.push_back(compile(c, *a, std::nullopt));
    }
    return out;
  }

  // A call of an @autobatch def writing `outs` (its arity checked).
  void callDef(Context& c, const frontend::Function& callee, const ast::CallExpr& call,
               const std::vector<std::string>& outs) {
    if (!call.keywords.empty()) fail("keyword arguments to @autobatch functions are not supported", call.loc);
    std::string name = defName(callee);
    const Function& f = *m_program.function(name);
    std::vector<std::string> formals = f.varsIn;
    size_t results = f.varsOut.size();
    std::vector<Operand> args = callArgs(c, call);
    if (args.size() != formals.size())
      fail(fmt::format("{}() takes {} arguments ({} given)", callee.name, formals.size(), args.size()), call.loc);
    if (outs.size() != results)
      fail(fmt::format("{}() returns {} value{} here, not {}", callee.name, results, results == 1 ? "" : "s",
                       outs.size()),
           call.loc);
    emitCall(c, name, formals, args, outs, call.loc);
  }

  Operand compileCall(Context& c, const ast::CallExpr& call, const std::optional<std::string>& target) {
    const ast::Expr& f = *call.func;
    if (const frontend::Function* callee = calledDef(*c.def, call)) {
      std::string out = target ? *target : newTemp(c);
      callDef(c, *callee, call, {out});
      return Operand{out, {}};
    }
    if (f.kind == ast::ExprKind::Name) {
      const std::string& id = f.as<ast::NameExpr>().id;
      if (id == "abs" && !isLocal(c, id) && call.args.size() == 1) {
        PrimFn p;
        p.kind = PrimFn::Kind::Unary;
        p.unary = frontend::UnaryOp::Abs;
        return emitPrim(c, p, callArgs(c, call), {}, target, call.loc);
      }
      fail(fmt::format("calling {}() is not supported inside @autobatch: call @autobatch functions, tensor methods "
                       "and operators",
                       id),
           call.loc);
    }
    if (f.kind != ast::ExprKind::Attribute) fail("this call is not supported inside @autobatch", call.loc);
    const auto& attr = f.as<ast::AttributeExpr>();
    PrimFn p;
    p.kind = PrimFn::Kind::Method;
    p.method = attr.attr;
    std::vector<Operand> operands{compile(c, *attr.value, std::nullopt)};
    for (Operand& o : callArgs(c, call)) operands.push_back(std::move(o));
    std::vector<std::pair<std::string, Operand>> keywords;
    for (const ast::Keyword& k : call.keywords) {
      if (k.name.empty()) fail("**kwargs is not supported inside @autobatch", k.loc);
      keywords.emplace_back(k.name, compile(c, *k.value, std::nullopt));
    }
    if (!operands[0].isVar()) {
      // a method of a global (Tensor.where, ...) with constant arguments is itself a constant
      bool constant = std::all_of(operands.begin(), operands.end(), [](const Operand& o) { return !o.isVar(); });
      for (const auto& kw : keywords) constant = constant && !kw.second.isVar();
      if (constant) fail("a call with only constant arguments inside @autobatch: compute it outside", call.loc);
    }
    return emitPrim(c, p, operands, keywords, target, call.loc);
  }

  Operand compile(Context& c, const ast::Expr& e, const std::optional<std::string>& target) {
    using K = ast::ExprKind;
    switch (e.kind) {
    case K::Name: {
      const std::string& id = e.as<ast::NameExpr>().id;
      if (isLocal(c, id)) return Operand{varOf(c, id), {}};
      std::optional<Value> v = global(*c.def, id);
      if (!v) fail(fmt::format("name '{}' is not defined", id), e.loc);
      if (v->isNumber()) return Operand{{}, *v};
      if (m_lookup(*v)) fail(fmt::format("{} is an @autobatch function: call it", id), e.loc);
      return Operand{{}, *v}; // a module, Tensor, dtypes: only as a method's receiver or argument
    }
    case K::Constant: {
      const auto& value = e.as<ast::ConstantExpr>().value;
      if (const bool* b = std::get_if<bool>(&value)) return Operand{{}, Value(*b)};
      if (const int64_t* i = std::get_if<int64_t>(&value)) return Operand{{}, Value(*i)};
      if (const double* d = std::get_if<double>(&value)) return Operand{{}, Value(*d)};
      fail("only numbers and booleans are constants inside @autobatch", e.loc);
    }
    case K::Unary: {
      const auto& u = e.as<ast::UnaryExpr>();
      if (u.op == ast::UnaryKind::Not) fail("`not` needs a Python bool; on a batch use ~x", e.loc);
      frontend::UnaryOp op = u.op == ast::UnaryKind::Neg   ? frontend::UnaryOp::Neg
                             : u.op == ast::UnaryKind::Pos ? frontend::UnaryOp::Pos
                                                           : frontend::UnaryOp::Invert;
      Operand a = compile(c, *u.operand, std::nullopt);
      if (!a.isVar()) return Operand{{}, frontend::unaryOp(op, a.constant)};
      PrimFn p;
      p.kind = PrimFn::Kind::Unary;
      p.unary = op;
      return emitPrim(c, p, {a}, {}, target, e.loc);
    }
    case K::Binary: {
      const auto& b = e.as<ast::BinaryExpr>();
      Operand left = compile(c, *b.left, std::nullopt); // Python's order: left first
      Operand right = compile(c, *b.right, std::nullopt);
      return binary(c, b.op, left, right, target, b.opLoc);
    }
    case K::Compare: {
      const auto& cmp = e.as<ast::CompareExpr>();
      if (cmp.ops.size() != 1) fail("chained comparisons are not supported inside @autobatch: use &", e.loc);
      std::optional<frontend::BinaryOp> op = comparison(cmp.ops[0]);
      if (!op) fail("only ==, !=, <, <=, > and >= compare batches", cmp.opLocs[0]);
      Operand left = compile(c, *cmp.left, std::nullopt);
      Operand right = compile(c, *cmp.comparators[0], std::nullopt);
      return binary(c, *op, left, right, target, cmp.opLocs[0]);
    }
    case K::Call: return compileCall(c, e.as<ast::CallExpr>(), target);
    case K::Attribute: {
      const auto& a = e.as<ast::AttributeExpr>();
      Operand v = compile(c, *a.value, std::nullopt);
      if (v.isVar()) fail(fmt::format("reading .{} of a batch is not supported inside @autobatch", a.attr), a.attrLoc);
      return Operand{{}, frontend::getAttribute(v.constant, a.attr)};
    }
    case K::BoolOp: fail("`and`/`or` need Python bools; on batches use & and |", e.loc);
    default: fail("this expression is not supported inside @autobatch", e.loc);
    }
  }

  Operand binary(Context& c, frontend::BinaryOp op, const Operand& a, const Operand& b,
                 const std::optional<std::string>& target, Location loc) {
    if (!a.isVar() && !b.isVar()) return Operand{{}, frontend::binaryOp(op, a.constant, b.constant)};
    PrimFn p;
    p.kind = PrimFn::Kind::Binary;
    p.binary = op;
    return emitPrim(c, p, {a, b}, {}, target, loc);
  }

  void compileInto(Context& c, const ast::Expr& e, const std::string& target) {
    assign(c, target, compile(c, e, target), e.loc);
  }

  std::string condition(Context& c, const ast::Expr& test) { return asVar(c, compile(c, test, std::nullopt), test.loc); }

  // ---- statements ----

  void compileBody(Context& c, const ast::Block& body) {
    for (const ast::StmtPtr& s : body) {
      if (c.current == kExit) return; // after a return: never runs
      compileStmt(c, *s);
    }
  }

  void define(Context& c, const std::string& id) { c.defined.insert(id); }

  void compileStmt(Context& c, const ast::Stmt& s) {
    using K = ast::StmtKind;
    switch (s.kind) {
    case K::Pass: return;
    case K::Expr: {
      const ast::Expr& v = *s.as<ast::ExprStmt>().value;
      if (v.kind != ast::ExprKind::Constant) compile(c, v, std::nullopt);
      return;
    }
    case K::Assign: {
      const auto& a = s.as<ast::AssignStmt>();
      if (a.targets.size() != 1) fail("chained assignment is not supported inside @autobatch", s.loc);
      return compileAssign(c, *a.targets[0], *a.value);
    }
    case K::AugAssign: {
      const auto& a = s.as<ast::AugAssignStmt>();
      if (a.target->kind != ast::ExprKind::Name) fail("only names are assigned inside @autobatch", a.target->loc);
      const std::string& id = a.target->as<ast::NameExpr>().id;
      std::string v = varOf(c, id);
      Operand r = binary(c, a.op, Operand{v, {}}, compile(c, *a.value, std::nullopt), v, a.opLoc);
      assign(c, v, r, s.loc);
      define(c, id);
      return;
    }
    case K::Return: return compileReturn(c, s.as<ast::ReturnStmt>());
    case K::If: return compileIf(c, s.as<ast::IfStmt>());
    case K::While: return compileWhile(c, s.as<ast::WhileStmt>());
    default: fail(fmt::format("`{}` is not supported inside @autobatch", stmtName(s.kind)), s.loc);
    }
  }

  std::vector<std::string> nameTargets(const ast::Expr& target) {
    std::vector<std::string> out;
    for (const auto& t : static_cast<const ast::SequenceExpr&>(target).elts) {
      if (t->kind != ast::ExprKind::Name) fail("only names are assigned inside @autobatch", t->loc);
      out.push_back(t->as<ast::NameExpr>().id);
    }
    return out;
  }

  void compileAssign(Context& c, const ast::Expr& target, const ast::Expr& value) {
    if (target.kind == ast::ExprKind::Name) {
      const std::string& id = target.as<ast::NameExpr>().id;
      compileInto(c, value, varOf(c, id));
      define(c, id);
      return;
    }
    if (target.kind != ast::ExprKind::Tuple && target.kind != ast::ExprKind::List)
      fail("only names are assigned inside @autobatch", target.loc);
    std::vector<std::string> ids = nameTargets(target);
    std::vector<std::string> vars;
    for (const std::string& id : ids) vars.push_back(varOf(c, id));
    if (const frontend::Function* callee = calledDef(*c.def, value)) {
      callDef(c, *callee, value.as<ast::CallExpr>(), vars);
    } else if (value.kind == ast::ExprKind::Tuple || value.kind == ast::ExprKind::List) {
      const auto& elts = static_cast<const ast::SequenceExpr&>(value).elts;
      if (elts.size() != ids.size())
        fail(fmt::format("cannot unpack {} values into {} names", elts.size(), ids.size()), value.loc);
      // every value first, then the assignments: a, b = b, a swaps
      std::vector<Operand> values;
      for (const auto& e : elts) {
        Operand o = compile(c, *e, std::nullopt);
        if (o.isVar() && std::find(vars.begin(), vars.end(), o.var) != vars.end()) {
          std::string t = newTemp(c);
          assign(c, t, o, e->loc);
          o = Operand{t, {}};
        }
        values.push_back(o);
      }
      for (size_t i = 0; i < vars.size(); ++i) assign(c, vars[i], values[i], value.loc);
    } else {
      fail("inside @autobatch a tuple is assigned from an @autobatch call or a tuple of values", value.loc);
    }
    for (const std::string& id : ids) define(c, id);
  }

  // The values a return statement gives, as operands (`arity` of them).
  void compileReturn(Context& c, const ast::ReturnStmt& r) {
    if (!r.value) fail(kBareReturn, r.loc);
    const ast::Expr& v = *r.value;
    std::vector<ast::Expr*> elts;
    if (v.kind == ast::ExprKind::Tuple)
      for (const auto& e : v.as<ast::TupleExpr>().elts) elts.push_back(e.get());
    const frontend::Function* callee = calledDef(*c.def, v);
    size_t n = v.kind == ast::ExprKind::Tuple ? elts.size() : callee ? arity(*callee) : 1;
    if (n != c.arity)
      fail(fmt::format("{} returns {} value{} here and {} elsewhere", c.def->name, n, n == 1 ? "" : "s", c.arity),
           r.loc);
    if (!c.isLoop) {
      const std::vector<std::string> rets = fn(c).varsOut;
      if (callee) callDef(c, *callee, v.as<ast::CallExpr>(), rets);
      else if (elts.empty()) compileInto(c, v, rets[0]);
      else
        for (size_t i = 0; i < n; ++i) compileInto(c, *elts[i], rets[i]);
      terminate(c, GotoOp{c.exit});
      return;
    }
    std::vector<Operand> values;
    if (callee) {
      std::vector<std::string> temps;
      for (size_t i = 0; i < n; ++i) temps.push_back(newTemp(c));
      callDef(c, *callee, v.as<ast::CallExpr>(), temps);
      for (const std::string& t : temps) values.push_back(Operand{t, {}});
    } else if (elts.empty()) {
      values.push_back(compile(c, v, std::nullopt));
    } else {
      for (ast::Expr* e : elts) values.push_back(compile(c, *e, std::nullopt));
    }
    loopReturn(c, values, r.loc);
  }

  // A loop function leaving with the def's return values.
  void loopReturn(Context& c, const std::vector<Operand>& values, Location loc) {
    const std::vector<std::string> rets = fn(c).varsOut;
    assign(c, rets[0], Operand{{}, Value(true)}, loc);
    for (size_t i = 0; i < values.size(); ++i) assign(c, rets[1 + i], values[i], loc);
    for (size_t i = 0; i < c.carried.size(); ++i)
      assign(c, rets[1 + values.size() + i], Operand{varOf(c, c.carried[i]), {}}, loc);
    terminate(c, GotoOp{c.exit});
  }

  void compileIf(Context& c, const ast::IfStmt& s) {
    int join = kExit;
    auto toJoin = [&](Location loc) {
      if (c.current == kExit) return;
      if (join == kExit) join = newBlock(c, loc);
      terminate(c, GotoOp{join});
    };
    std::set<std::string> definedAfter = c.defined;
    std::set<std::string> before = c.defined;
    for (const ast::IfStmt::Branch& b : s.branches) {
      std::string cond = condition(c, *b.test);
      int then = newBlock(c, b.body.empty() ? b.loc : b.body.front()->loc);
      int otherwise = newBlock(c, b.loc);
      terminate(c, BranchOp{cond, then, otherwise});
      c.current = then;
      c.defined = before;
      compileBody(c, b.body);
      definedAfter.insert(c.defined.begin(), c.defined.end());
      toJoin(b.loc);
      c.current = otherwise;
      c.defined = before;
    }
    compileBody(c, s.orelse);
    definedAfter.insert(c.defined.begin(), c.defined.end());
    toJoin(s.loc);
    c.current = join;
    c.defined = definedAfter;
  }

  void compileWhile(Context& c, const ast::WhileStmt& s) {
    if (!s.orelse.empty()) fail("while ... else is not supported inside @autobatch", s.loc);
    Uses uses;
    readsOf(*s.test, uses.reads);
    usesOf(s.body, uses);
    std::vector<std::string> params, carried;
    for (const std::string& id : c.locals) {
      if (!c.defined.contains(id) || !(uses.reads.contains(id) || uses.writes.contains(id))) continue;
      params.push_back(id);
      if (uses.writes.contains(id)) carried.push_back(id);
    }
    Context w;
    w.name = fmt::format("{}.loop{}", m_names.at(c.def), ++*c.loops);
    w.def = c.def;
    w.locals = c.locals;
    w.defined.insert(params.begin(), params.end());
    w.loops = c.loops;
    w.arity = c.arity;
    w.isLoop = true;
    w.loopReturns = uses.returns;
    w.carried = carried;
    Function f{w.name, {}, {}, {}, s.loc};
    for (const std::string& id : params) f.varsIn.push_back(varOf(w, id));
    if (w.loopReturns) {
      f.varsOut.push_back(w.name + ".$returned");
      for (size_t i = 0; i < c.arity; ++i) f.varsOut.push_back(fmt::format("{}.$value{}", w.name, i));
    }
    for (const std::string& id : carried) f.varsOut.push_back(fmt::format("{}.$out.{}", w.name, id));
    m_program.functions.push_back(f);
    w.fn = m_program.functions.size() - 1;
    compileLoopBody(w, s);

    // the call in the enclosing function, its results through temporaries
    std::vector<Operand> args;
    for (const std::string& id : params) args.push_back(Operand{varOf(c, id), {}});
    std::vector<std::string> temps;
    for (size_t i = 0; i < f.varsOut.size(); ++i) temps.push_back(newTemp(c));
    emitCall(c, f.name, f.varsIn, args, temps, s.loc);
    size_t first = w.loopReturns ? 1 + c.arity : 0;
    for (size_t i = 0; i < carried.size(); ++i) assign(c, varOf(c, carried[i]), Operand{temps[first + i], {}}, s.loc);
    if (!w.loopReturns) return;
    // `while True:` leaves only by returning: nothing follows the loop
    bool forever = s.test->kind == ast::ExprKind::Constant &&
                   std::holds_alternative<bool>(s.test->as<ast::ConstantExpr>().value) &&
                   std::get<bool>(s.test->as<ast::ConstantExpr>().value);
    int ret = forever ? c.current : newBlock(c, s.loc);
    int cont = forever ? kExit : newBlock(c, s.loc);
    if (!forever) terminate(c, BranchOp{temps[0], ret, cont});
    c.current = ret;
    std::vector<Operand> values;
    for (size_t i = 0; i < c.arity; ++i) values.push_back(Operand{temps[1 + i], {}});
    if (c.isLoop) {
      loopReturn(c, values, s.loc);
    } else {
      const std::vector<std::string> rets = fn(c).varsOut;
      for (size_t i = 0; i < rets.size(); ++i) assign(c, rets[i], values[i], s.loc);
      terminate(c, GotoOp{c.exit});
    }
    c.current = cont;
  }

  void compileLoopBody(Context& w, const ast::WhileStmt& s) {
    w.current = newBlock(w, s.loc);
    w.exit = static_cast<int>(m_program.pool.size()); // made last, below
    m_program.pool.push_back(Block{w.name + ".exit", w.name, {}, GotoOp{kExit}, s.loc});
    std::string cond = condition(w, *s.test);
    int body = newBlock(w, s.body.empty() ? s.loc : s.body.front()->loc);
    int done = newBlock(w, s.loc);
    terminate(w, BranchOp{cond, body, done});
    w.current = body;
    compileBody(w, s.body);
    const Function f = fn(w);
    if (w.current != kExit) {
      // the next iteration: a self tail call
      std::vector<Operand> args;
      for (const std::string& v : f.varsIn) args.push_back(Operand{v, {}});
      emitCall(w, f.name, f.varsIn, args, f.varsOut, s.loc);
      terminate(w, GotoOp{w.exit});
    }
    w.current = done;
    size_t next = 0;
    if (w.loopReturns) {
      assign(w, f.varsOut[next++], Operand{{}, Value(false)}, s.loc);
      for (size_t i = 0; i < w.arity; ++i) {
        auto zero = std::make_shared<PrimFn>();
        zero->kind = PrimFn::Kind::Zero;
        append(w, PrimOp{{}, {f.varsOut[next++]}, zero, {}, s.loc});
      }
    }
    for (const std::string& id : w.carried) assign(w, f.varsOut[next++], Operand{varOf(w, id), {}}, s.loc);
    terminate(w, GotoOp{w.exit});
    fn(w).blocks.push_back(w.exit);
  }

  void compileDef(const frontend::Function& def) {
    if (!def.body) fail(fmt::format("{}: @autobatch needs a def, not a lambda", def.name), Location{});
    Context c;
    c.name = m_names.at(&def);
    c.def = &def;
    for (const ast::Parameter& p : def.shape->params) {
      c.locals.insert(p.name);
      c.defined.insert(p.name);
    }
    c.locals.insert(def.shape->locals.begin(), def.shape->locals.end());
    int loops = 0;
    c.loops = &loops;
    c.arity = arity(def);
    for (size_t i = 0; i < m_program.functions.size(); ++i)
      if (m_program.functions[i].name == c.name) c.fn = i;
    Location start = def.body->empty() ? Location{} : def.body->front()->loc;
    fn(c).loc = start;
    c.current = newBlock(c, start);
    c.exit = static_cast<int>(m_program.pool.size());
    m_program.pool.push_back(Block{c.name + ".exit", c.name, {}, GotoOp{kExit}, start});
    compileBody(c, *def.body);
    if (c.current != kExit)
      fail(fmt::format("@autobatch function {} can reach its end without returning: every path returns a value",
                       def.name),
           def.body->empty() ? start : def.body->back()->loc);
    fn(c).blocks.push_back(c.exit);
  }

  AutobatchLookup m_lookup;
  Program m_program;
  std::map<const frontend::Function*, std::string> m_names;
  std::set<std::string> m_taken;
  std::vector<const frontend::Function*> m_queue;
  std::map<const frontend::Function*, size_t> m_arity;
  std::set<const frontend::Function*> m_arityBusy;
};

} // namespace

Program buildProgram(const frontend::Function& root, const AutobatchLookup& lookup) {
  return Builder(lookup).build(root);
}

} // namespace uops::autobatch
