# cmake -P script behind the "install" test (testsuite/install/CMakeLists.txt).
# Inputs: BUILD_DIR, WORK_DIR, CONSUMER_DIR, EXAMPLES_DIR, GENERATOR, CXX,
# PKG_CONFIG, SHARED.

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE Rc OUTPUT_VARIABLE Out ERROR_VARIABLE Err)
  if(NOT Rc EQUAL 0)
    string(REPLACE ";" " " Cmd "${ARGN}")
    message(FATAL_ERROR "failed (${Rc}): ${Cmd}\n${Out}${Err}")
  endif()
  set(RUN_OUTPUT "${Out}" PARENT_SCOPE)
endfunction()

# Runs program EXE (in WORK_DIR) and compares its standard output with
# docs/api/NAME.out.
function(check_example NAME EXE)
  execute_process(COMMAND ${EXE} WORKING_DIRECTORY ${WORK_DIR} RESULT_VARIABLE Rc
                  OUTPUT_VARIABLE Out ERROR_VARIABLE Err)
  if(NOT Rc EQUAL 0)
    message(FATAL_ERROR "${EXE} exited with ${Rc}:\n${Out}${Err}")
  endif()
  file(READ ${EXAMPLES_DIR}/${NAME}.out Expected)
  if(NOT Out STREQUAL Expected)
    file(WRITE ${WORK_DIR}/${NAME}.actual "${Out}")
    message(FATAL_ERROR "${EXE}: its output differs from docs/api/${NAME}.out; it wrote "
                        "(also in ${WORK_DIR}/${NAME}.actual):\n${Out}")
  endif()
  message(STATUS "${NAME}: output as docs/api/${NAME}.out")
endfunction()

file(REMOVE_RECURSE ${WORK_DIR})
set(Prefix ${WORK_DIR}/prefix)

# 1. Install the build tree.
run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${Prefix})

# No installed header names LLVM (but in a comment).
file(GLOB_RECURSE Headers ${Prefix}/include/trn/*)
foreach(H ${Headers})
  file(STRINGS ${H} Hits REGEX "^[^/]*(#include [<\"]llvm|llvm::)")
  if(Hits)
    message(FATAL_ERROR "installed header ${H} names LLVM: ${Hits}")
  endif()
endforeach()

# libtrnemu.so exports no LLVM symbol (a consumer may load an LLVM of its own).
if(SHARED)
  run(nm -D -C --defined-only ${Prefix}/${LIBDIR}/libtrnemu.so)
  string(REGEX MATCHALL "[^\n]*llvm::[^\n]*" Exported "${RUN_OUTPUT}")
  if(Exported)
    list(LENGTH Exported N)
    list(GET Exported 0 First)
    message(FATAL_ERROR "libtrnemu.so exports ${N} LLVM symbols, such as: ${First}")
  endif()
endif()

# 2. An outside CMake project: find_package(trnemu) from the prefix alone.
set(Env ${CMAKE_COMMAND} -E env --unset=CMAKE_PREFIX_PATH)
run(${Env} ${CMAKE_COMMAND} -S ${CONSUMER_DIR} -B ${WORK_DIR}/consumer -G ${GENERATOR}
    -DCMAKE_CXX_COMPILER=${CXX} -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH=${Prefix}
    -DTRN_API_EXAMPLES=${EXAMPLES_DIR})
run(${CMAKE_COMMAND} --build ${WORK_DIR}/consumer)
file(GLOB Examples ${EXAMPLES_DIR}/*.cpp)
foreach(E ${Examples})
  get_filename_component(Name ${E} NAME_WE)
  check_example(${Name} ${WORK_DIR}/consumer/${Name})
endforeach()

# 3. pkg-config alone: g++ with the flags trnemu.pc gives.
set(PcEnv ${CMAKE_COMMAND} -E env PKG_CONFIG_PATH=${Prefix}/${LIBDIR}/pkgconfig)
run(${PcEnv} ${PKG_CONFIG} --cflags --libs trnemu)
string(STRIP "${RUN_OUTPUT}" Flags)
if(Flags MATCHES "llvm-[0-9]+/include|-I/usr/lib/llvm")
  message(FATAL_ERROR "pkg-config --cflags asks for LLVM's headers: ${Flags}")
endif()
separate_arguments(Flags UNIX_COMMAND "${Flags}")
list(GET Examples 0 First)
get_filename_component(Name ${First} NAME_WE)
run(${CXX} ${First} -o ${WORK_DIR}/pkg-config-${Name} ${Flags})
if(SHARED)
  # Installed outside the loader's search path.
  set(Exe ${CMAKE_COMMAND} -E env LD_LIBRARY_PATH=${Prefix}/${LIBDIR} ${WORK_DIR}/pkg-config-${Name})
else()
  set(Exe ${WORK_DIR}/pkg-config-${Name})
endif()
check_example(${Name} "${Exe}")
