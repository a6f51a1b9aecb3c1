/*===- lib/uses.c - walking the values derived from an address -----------===*/
#include "uses.h"

#include "gep.h"
#include "limits.h"

#include <stddef.h>

static int walk(LLVMValueRef v, unsigned depth, unsigned max_depth, pl_use_visitor visit,
                void *ctx) {
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    switch (visit(ctx, user, v, depth)) {
    case PL_WALK_SKIP:
      break;
    case PL_WALK_STOP:
      return 0;
    case PL_WALK_INTO: {
      if (depth + 1 > max_depth)
        return -1;
      int r = walk(user, depth + 1, max_depth, visit, ctx);
      if (r != 1)
        return r;
      break;
    }
    }
  }
  return 1;
}

int pl_walk_uses(LLVMValueRef root, unsigned max_depth, pl_use_visitor visit, void *ctx) {
  return walk(root, 0, max_depth, visit, ctx);
}

int pl_derives_address(LLVMValueRef user, LLVMValueRef used) {
  if (pl_is_gep(user))
    return LLVMGetOperand(user, 0) == used;
  return pl_is_pointer_cast(user);
}

static pl_walk_step find_instruction(void *ctx, LLVMValueRef user, LLVMValueRef v, unsigned depth) {
  (void)ctx;
  (void)v;
  (void)depth;
  if (LLVMIsAInstruction(user))
    return PL_WALK_STOP;
  return LLVMIsAConstantExpr(user) ? PL_WALK_INTO : PL_WALK_SKIP;
}

int pl_used_by_instructions(LLVMValueRef v) {
  /* a chain of constants too deep to follow counts as used */
  return pl_walk_uses(v, PL_MAX_DERIVED_DEPTH, find_instruction, NULL) != 1;
}
