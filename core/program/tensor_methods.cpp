#include "core/program/tensor_methods.h"

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
    return frontend::MethodTable(std::move(all), tensorProperties());
  }();
  return table;
}

} // namespace uops::program
