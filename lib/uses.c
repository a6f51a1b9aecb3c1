/*===- lib/uses.c - walking the values derived from an address -----------===*/
#include "uses.h"

#include "gep.h"

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
