# libpipeline.mk: the libpipeline clang plugin for make users.
#
#   include /path/to/libpipeline/utils/libpipeline.mk        # source tree, after utils/setup.sh
#   include $(PREFIX)/share/libpipeline/libpipeline.mk       # after cmake --install
#
#   LIBPIPELINE_STAGES := 3                 # optional: -fplugin-arg-pipeline-stages=3
#   LIBPIPELINE_REPORT := pipeline-report   # optional: JSON reports in this directory
#   %.o: %.cu
#   	clang++-19 -x cuda $(LIBPIPELINE_CUDA_FLAGS) --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 -O3 \
#   	    $(LIBPIPELINE_CXXFLAGS) $(call libpipeline_records,$@,sm_80 sm_90) -c $< -o $@
#
# Defines (the paths can be set before the include to override them;
# LIBPIPELINE_STAGES and LIBPIPELINE_REPORT before or after it):
#   LIBPIPELINE_PLUGIN      libpipeline.so: <prefix>/lib/ when installed, build/lib/ in the source tree
#   LIBPIPELINE_INCLUDE     the directory of libpipeline.h
#   LIBPIPELINE_CUDA_FLAGS  what a clang CUDA compile needs on this machine (CUDA 11.8 for clang):
#                           installed, --cuda-path=<prefix>/lib/libpipeline/cuda and the -isystem of
#                           its include/ (the prefix's own CUDA root, docs/toolchain.md); in the
#                           source tree, build/cuda-flags.txt, if there is one
#   LIBPIPELINE_CXXFLAGS    -fplugin=..., -I..., and the stages and report arguments when set
#   $(call libpipeline_records,OUT,ARCHS)
#                           -fsave-optimization-record and one
#                           -Xarch_sm_NN -foptimization-record-file=OUT.sm_NN.opt.yaml per
#                           architecture, so that no architecture's record overwrites another's
# The plugin acts only at -O1 and above: keep an -O flag in the compile.
LIBPIPELINE_HERE := $(patsubst %/,%,$(dir $(abspath $(lastword $(MAKEFILE_LIST)))))
# Installed, libpipeline-install.mk beside this file says where the prefix
# keeps the rest (relative to here, so the prefix can be moved).
ifneq ($(wildcard $(LIBPIPELINE_HERE)/libpipeline-install.mk),)
include $(LIBPIPELINE_HERE)/libpipeline-install.mk
LIBPIPELINE_PREFIX := $(abspath $(LIBPIPELINE_HERE)/$(LIBPIPELINE_INSTALLED_UP))
LIBPIPELINE_PLUGIN ?= $(LIBPIPELINE_PREFIX)/$(LIBPIPELINE_INSTALLED_LIBDIR)/libpipeline.so
LIBPIPELINE_INCLUDE ?= $(LIBPIPELINE_PREFIX)/$(LIBPIPELINE_INSTALLED_INCLUDEDIR)
LIBPIPELINE_CUDA_ROOT ?= $(LIBPIPELINE_PREFIX)/$(LIBPIPELINE_INSTALLED_LIBDIR)/libpipeline/cuda
LIBPIPELINE_CUDA_FLAGS ?= --cuda-path=$(LIBPIPELINE_CUDA_ROOT) -isystem $(LIBPIPELINE_CUDA_ROOT)/include
else
LIBPIPELINE_PLUGIN ?= $(abspath $(LIBPIPELINE_HERE)/../build/lib/libpipeline.so)
LIBPIPELINE_INCLUDE ?= $(abspath $(LIBPIPELINE_HERE)/../include)
LIBPIPELINE_CUDA_FLAGS ?= $(shell cat $(LIBPIPELINE_HERE)/../build/cuda-flags.txt 2>/dev/null)
endif
ifeq ($(wildcard $(LIBPIPELINE_PLUGIN)),)
$(warning libpipeline.mk: $(LIBPIPELINE_PLUGIN) does not exist: build libpipeline first, or set LIBPIPELINE_PLUGIN)
endif
LIBPIPELINE_CXXFLAGS = -fplugin=$(LIBPIPELINE_PLUGIN) -I$(LIBPIPELINE_INCLUDE) \
  $(if $(LIBPIPELINE_STAGES),-fplugin-arg-pipeline-stages=$(LIBPIPELINE_STAGES)) \
  $(if $(LIBPIPELINE_REPORT),-fplugin-arg-pipeline-report=$(LIBPIPELINE_REPORT))
libpipeline_records = -fsave-optimization-record \
  $(foreach a,$(2),-Xarch_$(a) -foptimization-record-file=$(1).$(a).opt.yaml)
