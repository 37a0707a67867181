# Fails when the committed ISA reference differs from a fresh one.
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${GENERATED} ${COMMITTED}
                RESULT_VARIABLE differs)
if(differs)
  message(FATAL_ERROR "docs/isa-reference.md is stale: it differs from what trn-tblgen "
          "generates from isa/*.td. Run: cmake --build build --target update-isa-reference")
endif()
