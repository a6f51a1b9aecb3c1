/*===- lib/lowering.c - the lowerings, by kind ----------------------------===*/
#include "lowering.h"

const pl_lowering *pl_lowering_for(pl_lowering_kind kind) {
  switch (kind) {
  case PL_LOWERING_CP_ASYNC:
    break;
  }
  return &pl_lowering_cp_async;
}
