// Budget: the cap on work a program may do, so no input can run forever.
#pragma once

#include <cstdint>

namespace uops::frontend {

// Each executed statement, loop iteration and call costs one step; building
// or walking a collection costs one step per element, so `[0] * 10**9` and
// `for i in range(10**12)` both stop at the limit with an error instead of
// exhausting memory or time.
class Budget {
public:
  explicit Budget(int64_t limit) : m_limit(limit) {}
  void charge(int64_t steps) {
    m_used += steps;
    if (m_used > m_limit) exceeded();
  }
  int64_t used() const { return m_used; }
  int64_t limit() const { return m_limit; }

private:
  [[noreturn]] void exceeded() const;
  int64_t m_limit;
  int64_t m_used = 0;
};

// Operations deep in the value layer (repetition, repr, sorting) charge the
// budget of the program running on this thread, without threading it through
// every call. Nothing is charged when no program runs (host code calling
// value operations directly).
void chargeSteps(int64_t steps);

// Makes `budget` the current thread's budget for its lifetime (nests).
class BudgetScope {
public:
  explicit BudgetScope(Budget& budget);
  ~BudgetScope();
  BudgetScope(const BudgetScope&) = delete;
  BudgetScope& operator=(const BudgetScope&) = delete;

private:
  Budget* m_previous;
};

} // namespace uops::frontend
