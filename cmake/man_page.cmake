# cmake -DCLBENCH=<binary> -DOUT=<file> -P man_page.cmake
# Writes clbench.1, which the binary prints from its own option tables (clbench --help-man), so
# that the man page cannot drift from --help.
execute_process(COMMAND ${CLBENCH} --help-man OUTPUT_FILE ${OUT}.tmp RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  file(REMOVE ${OUT}.tmp)
  message(FATAL_ERROR "clbench --help-man failed (${rc})")
endif()
file(RENAME ${OUT}.tmp ${OUT})
