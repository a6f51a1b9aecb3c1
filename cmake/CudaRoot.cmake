# pl_cuda_root(<dir>): make <dir> a CUDA installation for clang out of
# links to the toolkit of PL_CUDA_PATH (Debian's CUDA 11.8: /usr/lib/cuda,
# with its tools in /usr/bin and its headers in /usr/include). The package
# installs it as <prefix>/lib/libpipeline/cuda (docs/toolchain.md, "The
# installed package"). With it, `--cuda-path=<dir> -isystem <dir>/include`
# is all a clang CUDA compile needs on this machine, whatever PATH holds, and
# CUDAToolkit_ROOT=<dir> is how CMake's CUDA language finds it:
#   bin/            nvcc, ptxas, fatbinary, nvlink of PL_CUDA_PATH/bin, else
#                   /usr/bin. clang runs the ptxas and fatbinary of
#                   --cuda-path before those on PATH (where /usr/local/cuda/bin
#                   may come first, with CUDA 13's); CMake runs nvcc for the
#                   toolkit's version.
#   nvvm/libdevice  PL_CUDA_PATH's.
#   lib64           the directory of libcudart_static.a (CMake links the
#                   CUDA runtime from <CUDAToolkit_ROOT>/lib64).
#   include/        every entry of PL_CUDA_PATH/include (only cuda.h, whose
#                   version clang reads, in Debian's layout), cuda_runtime.h
#                   (CMake looks for it there), and every entry of
#                   /usr/local/include that shadows an entry of the toolkit's
#                   header directory (the CUDA 13 headers some images link
#                   there, which clang would find before /usr/include's).
# The links point into the system only, never into this source or build
# tree; the directory is made again at each configure.
function(pl_cuda_root dir)
  file(REMOVE_RECURSE ${dir})  # removes the links, not what they point to
  file(MAKE_DIRECTORY ${dir}/bin ${dir}/include ${dir}/nvvm)
  foreach(tool nvcc ptxas fatbinary nvlink)
    find_program(PL_CUDA_TOOL_${tool} ${tool} PATHS ${PL_CUDA_PATH}/bin /usr/bin NO_DEFAULT_PATH)
    if(PL_CUDA_TOOL_${tool})
      file(CREATE_LINK ${PL_CUDA_TOOL_${tool}} ${dir}/bin/${tool} SYMBOLIC)
    else()
      message(WARNING "libpipeline: no ${tool} in ${PL_CUDA_PATH}/bin or /usr/bin: "
        "the installed CUDA root (${dir}) has none")
    endif()
  endforeach()
  if(EXISTS ${PL_CUDA_PATH}/nvvm/libdevice)
    file(CREATE_LINK ${PL_CUDA_PATH}/nvvm/libdevice ${dir}/nvvm/libdevice SYMBOLIC)
  endif()
  find_path(PL_CUDA_LIBRARY_DIR libcudart_static.a
    PATHS ${PL_CUDA_PATH}/lib64 ${PL_CUDA_PATH}/lib /usr/lib/${CMAKE_LIBRARY_ARCHITECTURE}
    NO_DEFAULT_PATH)
  if(PL_CUDA_LIBRARY_DIR)
    file(CREATE_LINK ${PL_CUDA_LIBRARY_DIR} ${dir}/lib64 SYMBOLIC)
  endif()
  find_path(PL_CUDA_INCLUDE_DIR cuda_runtime.h PATHS ${PL_CUDA_PATH}/include /usr/include
    NO_DEFAULT_PATH)
  file(GLOB _own RELATIVE ${PL_CUDA_PATH}/include ${PL_CUDA_PATH}/include/*)
  foreach(_e ${_own})
    file(CREATE_LINK ${PL_CUDA_PATH}/include/${_e} ${dir}/include/${_e} SYMBOLIC)
  endforeach()
  if(PL_CUDA_INCLUDE_DIR)
    set(_entries cuda_runtime.h)
    file(GLOB _local RELATIVE /usr/local/include /usr/local/include/*)
    foreach(_e ${_local})
      if(EXISTS ${PL_CUDA_INCLUDE_DIR}/${_e})
        list(APPEND _entries ${_e})
      endif()
    endforeach()
    foreach(_e ${_entries})
      if(NOT EXISTS ${dir}/include/${_e})
        file(CREATE_LINK ${PL_CUDA_INCLUDE_DIR}/${_e} ${dir}/include/${_e} SYMBOLIC)
      endif()
    endforeach()
  endif()
endfunction()
