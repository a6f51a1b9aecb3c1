# Compile CUDA with clang 19 and Debian's CUDA 11.8 (docs/toolchain.md).
# pl_cuda_compile(OUT <file> SRC <file> [PLUGIN] [FLAGS ...] [DEPENDS ...])
#   builds an object (or, with FLAGS containing -S, PTX) with clang++-19;
#   PLUGIN adds -fplugin=libpipeline.so and a dependency on it.
# pl_cuda_link(TARGET <name> OBJECTS ...) links host programs against the
#   static CUDA runtime (-lcudart_static -ldl -lrt -pthread).
set(PL_CLANGXX ${LLVM_TOOLS_BINARY_DIR}/clang++)
set(PL_CUDA_ARCH sm_90 CACHE STRING "GPU architecture of examples and benchmarks")
set(PL_CUDA_COMPILE_FLAGS --cuda-path=${PL_CUDA_PATH} -isystem ${PL_CUDA_SHIM}
    --cuda-gpu-arch=${PL_CUDA_ARCH} -O3 -std=c++17 -Wall)
# The toolkit's ptxas and fatbinary first: its bin/ (a CUDA 12 root), else
# /usr/bin (Debian's CUDA 11.8); the plugin's cost model runs that ptxas.
set(PL_CUDA_ENV ${CMAKE_COMMAND} -E env "PATH=${PL_CUDA_PATH}/bin:/usr/bin:$ENV{PATH}")
# The static runtime where the toolkit has it (Debian's), else the shared
# one, found at run time beside the toolkit (PyPI's wheels ship only that).
if(EXISTS ${PL_CUDA_PATH}/lib64/libcudart_static.a OR PL_CUDA_PATH STREQUAL /usr/lib/cuda)
  set(PL_CUDART -lcudart_static)
else()
  set(PL_CUDART -lcudart -Wl,-rpath,${PL_CUDA_PATH}/lib64)
endif()

function(pl_cuda_compile)
  cmake_parse_arguments(A "PLUGIN" "OUT;SRC" "FLAGS;DEPENDS" ${ARGN})
  set(extra)
  set(deps ${A_SRC} ${A_DEPENDS})
  if(A_PLUGIN)
    list(APPEND extra -fplugin=$<TARGET_FILE:pipeline>)
    list(APPEND deps pipeline)
  endif()
  add_custom_command(OUTPUT ${A_OUT}
    COMMAND ${PL_CUDA_ENV} ${PL_CLANGXX} -x cuda ${PL_CUDA_COMPILE_FLAGS} ${extra}
            ${A_FLAGS} -c ${A_SRC} -o ${A_OUT}
    DEPENDS ${deps}
    COMMENT "clang CUDA ${A_OUT}"
    VERBATIM)
endfunction()

function(pl_cuda_link)
  cmake_parse_arguments(A "" "TARGET" "OBJECTS" ${ARGN})
  set(exe ${CMAKE_CURRENT_BINARY_DIR}/${A_TARGET})
  add_custom_command(OUTPUT ${exe}
    COMMAND ${PL_CLANGXX} ${A_OBJECTS} -o ${exe} -L${PL_CUDA_PATH}/lib64
            -L/usr/lib/x86_64-linux-gnu ${PL_CUDART} -ldl -lrt -pthread
    DEPENDS ${A_OBJECTS}
    COMMENT "link ${A_TARGET}"
    VERBATIM)
  add_custom_target(${A_TARGET}_exe ALL DEPENDS ${exe})
endfunction()
