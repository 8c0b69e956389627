#include "core/program/tensor_methods.h"

#include "core/program/symbolic_methods.h"
#include "core/program/symbolic_shape.h"

#include <algorithm>

namespace uops::program {

const frontend::MethodTable& tensorMethods() {
  static const frontend::MethodTable table = [] {
    std::vector<frontend::Method> all;
    for (auto group :
         {elementwiseMethods, movementMethods, reduceMethods, nnMethods, tensorMiscMethods}) {
      std::vector<frontend::Method> methods = group();
      all.insert(all.end(), std::make_move_iterator(methods.begin()),
                 std::make_move_iterator(methods.end()));
    }
    // A tensor sized by a symbolic int stays so through the methods that
    // keep it (symbolic_methods.h); the others take its folded twin.
    for (frontend::Method& m : all)
      m.fn = [name = m.name, inner = std::move(m.fn)](frontend::Args& a) {
        if (!anySymbolicSize(a)) return inner(a);
        if (std::optional<frontend::Value> kept = symbolicMethod(name, a, inner)) return *kept;
        noteSymbolicFold(a, "Tensor." + name);
        return inner(a);
      };
    std::vector<frontend::Property> properties = tensorProperties();
    auto transpose = std::find_if(all.begin(), all.end(), [](const frontend::Method& m) { return m.name == "transpose"; });
    for (frontend::Property& p : properties) {
      if (p.name == "shape")
        p.get = [inner = std::move(p.get)](const frontend::Value& v) {
          const SymbolicSize* s = symbolicSizeOf(v);
          return s ? shapeValue(*s) : inner(v);
        };
      if (p.name == "T") // x.transpose(), which keeps a symbolic size
        p.get = [inner = std::move(p.get), fn = transpose->fn](const frontend::Value& v) {
          if (!symbolicSizeOf(v)) return inner(v);
          frontend::Args call;
          call.setSelf(v);
          return fn(call);
        };
    }
    return frontend::MethodTable(std::move(all), std::move(properties));
  }();
  return table;
}

} // namespace uops::program
