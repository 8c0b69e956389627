# The layering check (core/check_layering.cmake) on two folders posing as
# core/rewrite, whose DEPS reach core/ir only: it refuses refused/ with each
# offending include at its line and lets allowed/ pass.
#   cmake -DSOURCE_DIR=<repository> -P test_layering.cmake
cmake_minimum_required(VERSION 3.25)
set(check ${SOURCE_DIR}/core/check_layering.cmake)
set(here ${SOURCE_DIR}/tests/layering)

execute_process(COMMAND ${CMAKE_COMMAND} -DMODULE=rewrite -DFOLDER=${here}/refused -DALLOWED=ir -P ${check}
  RESULT_VARIABLE status ERROR_VARIABLE err OUTPUT_VARIABLE out)
if(status EQUAL 0)
  message(FATAL_ERROR "refused/: the check passed\n${out}${err}")
endif()
string(REGEX MATCHALL "core/rewrite[/:][^\n]*" found "${err}")
set(expected
  "core/rewrite/bad_include.cpp:5: includes core/pipeline/codegen.h: core_rewrite's DEPS (core/rewrite/CMakeLists.txt) do not reach core_pipeline"
  "core/rewrite/bad_include.cpp:7: includes views/session/session.h: core never includes views/ (the layers above it)"
  "core/rewrite: 2 include(s) against the layering")
if(NOT found STREQUAL expected)
  string(REPLACE ";" "\n" found "${found}")
  string(REPLACE ";" "\n" expected "${expected}")
  message(FATAL_ERROR "refused/: the check said\n${found}\nexpected\n${expected}")
endif()

execute_process(COMMAND ${CMAKE_COMMAND} -DMODULE=rewrite -DFOLDER=${here}/allowed -DALLOWED=ir -P ${check}
  RESULT_VARIABLE status ERROR_VARIABLE err)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "allowed/: the check refused it\n${err}")
endif()
message(STATUS "layering check: refused/ refused as expected, allowed/ passed")
