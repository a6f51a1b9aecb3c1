/*===- lib/reasons.c - reason names and the failure helper --------------===*/
#include "reasons.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char *const names[PL_R_COUNT] = {
    [PL_OK] = "Pipelined",
    [PL_R_NOT_KERNEL] = "NotKernel",
    [PL_R_TARGET] = "UnsupportedTarget",
    [PL_R_NO_PREHEADER] = "NoPreheader",
    [PL_R_NO_LATCH] = "NoSingleLatch",
    [PL_R_NOT_ROTATED] = "NotRotated",
    [PL_R_NO_COPY] = "NoTileCopy",
    [PL_R_BARRIERS] = "BarrierShape",
    [PL_R_BARRIER_DIVERGENT] = "DivergentBarrier",
    [PL_R_COPY_IN_LOOP] = "CopyInInnerLoop",
    [PL_R_NOT_A_COPY] = "TileStoreNotCopy",
    [PL_R_CONVERTED_COPY] = "ConvertedCopy",
    [PL_R_CONDITIONAL_COPY] = "ConditionalCopy",
    [PL_R_TILE_WRITTEN] = "TileWritten",
    [PL_R_TILE_READ_EARLY] = "TileReadBeforeBarrier",
    [PL_R_TILE_ESCAPES] = "TileEscapes",
    [PL_R_TILE_OUTSIDE_LOOP] = "TileUsedOutsideLoop",
    [PL_R_SOURCE_NOT_GLOBAL] = "SourceNotGlobal",
    [PL_R_SOURCE_WRITTEN] = "SourceMayBeWritten",
    [PL_R_UNORDERED] = "UnorderedAccess",
    [PL_R_DEST_VARIES] = "CopyDestinationVaries",
    [PL_R_OVERLAP] = "OverlappingCopies",
    [PL_R_ADDRESS_NOT_AFFINE] = "AddressNotRecomputable",
    [PL_R_NO_TRIP_COUNT] = "NoTripCount",
    [PL_R_COPY_SIZE] = "CopySize",
    [PL_R_COPY_ALIGN] = "CopyAlignment",
    [PL_R_BUDGET] = "SharedMemoryBudget",
};

const char *pl_reason_name(pl_reason r) { return (unsigned)r < PL_R_COUNT ? names[r] : "Unknown"; }

int pl_failf(pl_fail *f, pl_reason r, LLVMValueRef inst, const char *fmt, ...) {
  f->reason = r;
  f->inst = inst;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(f->message, sizeof f->message, fmt, ap);
  va_end(ap);
  f->detail[0] = '\0';
  return 0;
}

void pl_fail_detail(pl_fail *f, const char *fmt, ...) {
  size_t n = strlen(f->detail);
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(f->detail + n, sizeof f->detail - n, fmt, ap);
  va_end(ap);
}
