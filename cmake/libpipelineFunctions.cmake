# libpipeline_enable(): turn the libpipeline clang plugin on for a target's
# CUDA sources. Included by the installed package (libpipelineConfig.cmake,
# for find_package(libpipeline)) and by libpipeline's own CMakeLists.txt (for
# add_subdirectory); both define the imported or alias target
# libpipeline::plugin and set LIBPIPELINE_PLUGIN (the path of libpipeline.so;
# CMake 3.25's OBJECT_DEPENDS takes no generator expression) and
# LIBPIPELINE_INCLUDE_DIR first.
#
#   libpipeline_enable(<target> [STAGES n] [REPORT dir] [RECORDS dir]
#                      [ARCHS sm_80 sm_90 ...] [NO_RECORDS])
#
# For every .cu source of <target> compiled by clang (its language CUDA with
# CMAKE_CUDA_COMPILER_ID Clang, CMake's CUDA language; or CXX with
# CMAKE_CXX_COMPILER_ID Clang, .cu compiled as C++ with -x cuda), it adds:
#   LIBPIPELINE_CUDA_FLAGS                to .cu compiled as C++ only: the
#     --cuda-path of the CUDA root (unless the target's COMPILE_OPTIONS or
#     CMAKE_CXX_FLAGS give one) and the -isystem of its include/. CMake's
#     CUDA language gets both before project() from the toolchain file
#     (LIBPIPELINE_TOOLCHAIN_FILE): its compiler identification needs them.
#   -fplugin=<libpipeline.so>
#   -fplugin-arg-pipeline-stages=n        with STAGES
#   -fplugin-arg-pipeline-report=dir      with REPORT (the directory is made)
#   -fsave-optimization-record and, for each architecture,
#   -Xarch_sm_NN -foptimization-record-file=<RECORDS>/<source>.sm_NN.opt.yaml
#     so that no architecture's or source's record overwrites another's.
#     RECORDS defaults to <binary dir>/<target>.opt; NO_RECORDS turns them off.
#     The architectures are ARCHS, else the target's CUDA_ARCHITECTURES
#     (80, 80-real or 80-virtual means sm_80; all, all-major and native
#     CMake's lists of them), else the --cuda-gpu-arch=sm_NN in its
#     COMPILE_OPTIONS; without any, no record flags are added.
# and to the target: the include directory of libpipeline.h, and a
# dependency of each such source on libpipeline.so (its compile waits for the
# plugin when the plugin is built in the same tree, and reruns when it changes).
# It warns when CMAKE_BUILD_TYPE gives no optimization (empty, the default, or
# Debug): the plugin only acts at -O1 and above. A source compiled by another
# compiler than clang, or by a clang of another major version than the one
# libpipeline.so is built for (LIBPIPELINE_CLANG_VERSION_MAJOR), gets a
# warning and no flags.
include_guard(GLOBAL)

# LIBPIPELINE_CUDA_FLAGS for the C++ compile of a .cu source of <target>,
# without its --cuda-path when the target or CMAKE_CXX_FLAGS choose one.
function(_libpipeline_cuda_flags target out)
  get_target_property(_topts ${target} COMPILE_OPTIONS)
  set(_own OFF)
  foreach(_o ${_topts} ${CMAKE_CXX_FLAGS})
    if(_o MATCHES "--cuda-path")
      set(_own ON)
    endif()
  endforeach()
  set(_flags)
  foreach(_f ${LIBPIPELINE_CUDA_FLAGS})
    if(NOT (_own AND _f MATCHES "^--cuda-path"))
      list(APPEND _flags "${_f}")
    endif()
  endforeach()
  set(${out} ${_flags} PARENT_SCOPE)
endfunction()

function(libpipeline_enable target)
  cmake_parse_arguments(PL "NO_RECORDS" "STAGES;REPORT;RECORDS" "ARCHS" ${ARGN})
  if(PL_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "libpipeline_enable: unknown arguments ${PL_UNPARSED_ARGUMENTS} "
      "(accepted: STAGES n, REPORT dir, RECORDS dir, ARCHS sm_NN..., NO_RECORDS)")
  endif()
  if(NOT TARGET ${target})
    message(FATAL_ERROR "libpipeline_enable: ${target} is not a target")
  endif()
  if(NOT TARGET libpipeline::plugin OR NOT LIBPIPELINE_PLUGIN)
    message(FATAL_ERROR "libpipeline_enable: libpipeline::plugin is not defined "
      "(use find_package(libpipeline) or add_subdirectory of libpipeline first)")
  endif()
  get_property(_multi GLOBAL PROPERTY GENERATOR_IS_MULTI_CONFIG)
  if(NOT _multi AND (NOT CMAKE_BUILD_TYPE OR CMAKE_BUILD_TYPE STREQUAL "Debug"))
    message(WARNING "libpipeline_enable(${target}): CMAKE_BUILD_TYPE is "
      "'${CMAKE_BUILD_TYPE}', which compiles without optimization: libpipeline "
      "only acts at -O1 and above. Use -DCMAKE_BUILD_TYPE=Release (or RelWithDebInfo).")
  endif()

  set(_flags "-fplugin=$<TARGET_FILE:libpipeline::plugin>")
  if(DEFINED PL_STAGES)
    if(NOT PL_STAGES MATCHES "^[2-8]$")
      message(FATAL_ERROR "libpipeline_enable: STAGES ${PL_STAGES} (accepted: 2 to 8)")
    endif()
    list(APPEND _flags "-fplugin-arg-pipeline-stages=${PL_STAGES}")
  endif()
  if(DEFINED PL_REPORT)
    get_filename_component(_report "${PL_REPORT}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
    file(MAKE_DIRECTORY "${_report}")
    list(APPEND _flags "-fplugin-arg-pipeline-report=${_report}")
  endif()

  # The architectures, for the record file names.
  set(_archs ${PL_ARCHS})
  if(NOT _archs)
    get_target_property(_ca ${target} CUDA_ARCHITECTURES)
    if(_ca MATCHES "^(all|all-major|native)$")
      string(TOUPPER "${_ca}" _ca)
      string(REPLACE "-" "_" _ca "${_ca}")
      set(_ca ${CMAKE_CUDA_ARCHITECTURES_${_ca}})
    endif()
    if(_ca)
      foreach(_a ${_ca})
        if(_a MATCHES "^([0-9]+)")
          list(APPEND _archs "sm_${CMAKE_MATCH_1}")
        endif()
      endforeach()
    endif()
  endif()
  if(NOT _archs)
    get_target_property(_opts ${target} COMPILE_OPTIONS)
    if(_opts)
      foreach(_o ${_opts})
        if(_o MATCHES "^--cuda-gpu-arch=(sm_[0-9]+a?)$")
          list(APPEND _archs "${CMAKE_MATCH_1}")
        endif()
      endforeach()
    endif()
  endif()
  list(REMOVE_DUPLICATES _archs)
  set(_records "")
  if(NOT PL_NO_RECORDS AND _archs)
    if(DEFINED PL_RECORDS)
      get_filename_component(_records "${PL_RECORDS}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
    else()
      set(_records "${CMAKE_CURRENT_BINARY_DIR}/${target}.opt")
    endif()
    file(MAKE_DIRECTORY "${_records}")
  endif()

  get_target_property(_srcdir ${target} SOURCE_DIR)
  get_target_property(_srcs ${target} SOURCES)
  set(_count 0)
  foreach(_src ${_srcs})
    if(_src MATCHES "\\$<" OR NOT _src MATCHES "\\.cu$")
      continue()
    endif()
    get_source_file_property(_lang "${_src}" TARGET_DIRECTORY ${target} LANGUAGE)
    if(NOT _lang)
      get_property(_langs GLOBAL PROPERTY ENABLED_LANGUAGES)
      if("CUDA" IN_LIST _langs)
        set(_lang CUDA)
      else()
        set(_lang CXX)
      endif()
    endif()
    if(NOT CMAKE_${_lang}_COMPILER_ID STREQUAL "Clang")
      message(WARNING "libpipeline_enable(${target}): ${_src} is compiled as ${_lang} by "
        "'${CMAKE_${_lang}_COMPILER_ID}', not clang: the plugin is not added to it")
      continue()
    endif()
    string(REGEX MATCH "^[0-9]+" _major "${CMAKE_${_lang}_COMPILER_VERSION}")
    if(LIBPIPELINE_CLANG_VERSION_MAJOR AND NOT _major STREQUAL LIBPIPELINE_CLANG_VERSION_MAJOR)
      message(WARNING "libpipeline_enable(${target}): ${_src} is compiled as ${_lang} by clang "
        "${CMAKE_${_lang}_COMPILER_VERSION} (${CMAKE_${_lang}_COMPILER}), which cannot load "
        "libpipeline.so, built for clang ${LIBPIPELINE_CLANG_VERSION_MAJOR}: the plugin is not "
        "added to it. Set CMAKE_${_lang}_COMPILER to clang++ ${LIBPIPELINE_CLANG_VERSION_MAJOR}.")
      continue()
    endif()
    set(_opts ${_flags})
    if(_lang STREQUAL "CXX")
      _libpipeline_cuda_flags(${target} _cuda)
      list(PREPEND _opts ${_cuda})
    endif()
    if(_records)
      if(IS_ABSOLUTE "${_src}")
        file(RELATIVE_PATH _rel "${_srcdir}" "${_src}")
      else()
        set(_rel "${_src}")
      endif()
      string(REGEX REPLACE "[/\\\\:]" "_" _rel "${_rel}")
      string(REPLACE ".." "__" _rel "${_rel}")
      list(APPEND _opts -fsave-optimization-record)
      foreach(_a ${_archs})
        list(APPEND _opts "-Xarch_${_a}" "-foptimization-record-file=${_records}/${_rel}.${_a}.opt.yaml")
      endforeach()
    endif()
    set_property(SOURCE "${_src}" TARGET_DIRECTORY ${target} APPEND PROPERTY COMPILE_OPTIONS ${_opts})
    # Recompile when the plugin changes; in a build tree, this also makes
    # the compile wait for the plugin's link (a target dependency alone
    # lets Ninja start compiles before the dependency is linked).
    set_property(SOURCE "${_src}" TARGET_DIRECTORY ${target} APPEND PROPERTY
      OBJECT_DEPENDS "${LIBPIPELINE_PLUGIN}")
    math(EXPR _count "${_count} + 1")
  endforeach()
  if(_count EQUAL 0)
    message(WARNING "libpipeline_enable(${target}): no .cu source compiled by clang")
  endif()
  if(LIBPIPELINE_INCLUDE_DIR)
    target_include_directories(${target} PRIVATE "${LIBPIPELINE_INCLUDE_DIR}")
  endif()
  # Built in this tree (add_subdirectory): compile after the plugin.
  get_target_property(_imported libpipeline::plugin IMPORTED)
  if(NOT _imported)
    get_target_property(_real libpipeline::plugin ALIASED_TARGET)
    add_dependencies(${target} ${_real})
  endif()
endfunction()
