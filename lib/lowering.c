/*===- lib/lowering.c - the lowerings, by kind ----------------------------===*/
#include "lowering.h"

const pl_lowering *pl_lowering_for(pl_lowering_kind kind) {
  switch (kind) {
  case PL_LOWERING_REGISTERS:
    return &pl_lowering_registers;
  case PL_LOWERING_CP_ASYNC:
  case PL_NUM_LOWERINGS:
    break;
  }
  return &pl_lowering_cp_async;
}
