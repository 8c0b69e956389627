#include "core/frontend/budget.h"

#include "core/frontend/script_error.h"

#include <fmt/format.h>

namespace uops::frontend {

namespace {
thread_local Budget* t_current = nullptr;
}

void Budget::exceeded() const {
  throw ScriptError(fmt::format(
      "program exceeded the limit of {} steps (an endless loop or a very large collection?)",
      m_limit));
}

void chargeSteps(int64_t steps) {
  if (t_current) t_current->charge(steps);
}

BudgetScope::BudgetScope(Budget& budget) : m_previous(t_current) {
  t_current = &budget;
}

BudgetScope::~BudgetScope() {
  t_current = m_previous;
}

} // namespace uops::frontend
