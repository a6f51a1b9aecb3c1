/*===- lib/classify.c - what a store into a tile stores -------------------===*/
#include "classify.h"
#include "split_copy.h"

#include "host_cfg.h"
#include "host_loops.h"
#include "host_memory.h"
#include "host_scev.h"
#include "limits.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int is_zero_constant(LLVMValueRef v) {
  return LLVMIsConstant(v) && LLVMIsNull(v) && !LLVMIsUndef(v) && !LLVMIsPoison(v);
}

/* `text` with blanks and braces removed, into `out` (cap bytes); 0 when it
 * does not fit. */
static int squeeze_asm(const char *text, size_t len, char *out, size_t cap) {
  size_t n = 0;
  for (size_t i = 0; i < len; ++i) {
    char ch = text[i];
    if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '{' || ch == '}')
      continue;
    if (n + 1 >= cap)
      return 0;
    out[n++] = ch;
  }
  out[n] = 0;
  return 1;
}

/* Nonzero for CUDA's conversion helpers applied to zero, which its
 * headers (11.8 to 13) write as inline PTX: `__float2half(0.0f)` is
 * `cvt.rn.f16.f32 $0, $1;` on +0.0, `__float2bfloat16`, `__int2half_rn`
 * and the like are one `cvt` too, and `__float2half2_rn` converts into a
 * register `low` and packs `{low,low}`. Every operand a zero constant (+0.0,
 * not -0.0), the asm without side effects: a cvt of zero is zero in every
 * format and rounding (PTX ISA, "cvt"), so the value is the zero of its
 * type. */
static int zero_conversion(LLVMValueRef v) {
  if (!LLVMIsACallInst(v))
    return 0;
  LLVMValueRef callee = LLVMGetCalledValue(v);
  if (!callee || !LLVMIsAInlineAsm(callee) || LLVMGetInlineAsmHasSideEffects(callee) ||
      LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMIntegerTypeKind)
    return 0;
  unsigned nargs = LLVMGetNumArgOperands(v);
  if (nargs == 0)
    return 0;
  for (unsigned i = 0; i < nargs; ++i)
    if (!is_zero_constant(LLVMGetOperand(v, i)))
      return 0;
  size_t len;
  const char *text = LLVMGetInlineAsmAsmString(callee, &len);
  char asm_text[128];
  if (!text || !squeeze_asm(text, len, asm_text, sizeof asm_text))
    return 0;
  if (!strcmp(asm_text, ".reg.f16low;cvt.rn.f16.f32low,$1;mov.b32$0,low,low;"))
    return 1;
  /* one cvt: `cvt.<modifiers> $0, $1;` or `cvt.<...>x2.f32 $0, $2, $1;` */
  const char *semi = strchr(asm_text, ';');
  if (strncmp(asm_text, "cvt.", 4) || !semi || semi[1])
    return 0;
  const char *ops = strchr(asm_text, '$');
  return ops && (!strcmp(ops, "$0,$1;") || !strcmp(ops, "$0,$2,$1;") || !strcmp(ops, "$0,$1,$2;"));
}

static int is_zero(LLVMValueRef v) { return is_zero_constant(v) || zero_conversion(v); }

/* Peels value-preserving bitcasts. */
static LLVMValueRef peel_bitcast(LLVMValueRef v) {
  while (LLVMIsABitCastInst(v))
    v = LLVMGetOperand(v, 0);
  return v;
}

/* When *v is one lane of a vector (extractelement by a constant index),
 * sets *v to the vector and *offset to the lane's byte offset and returns
 * the lane; else returns -1 and leaves both alone. */
static int as_lane(const pl_candidate *c, LLVMValueRef *v, unsigned *offset) {
  if (!LLVMIsAExtractElementInst(*v) || !LLVMIsAConstantInt(LLVMGetOperand(*v, 1)))
    return -1;
  uint64_t idx = LLVMConstIntGetZExtValue(LLVMGetOperand(*v, 1));
  LLVMValueRef vec = peel_bitcast(LLVMGetOperand(*v, 0));
  LLVMTypeRef vt = LLVMTypeOf(vec);
  if (LLVMGetTypeKind(vt) != LLVMVectorTypeKind || idx >= LLVMGetVectorSize(vt))
    return -1;
  *offset = (unsigned)(idx * pl_type_alloc_size(c->module, LLVMGetElementType(vt)));
  *v = vec;
  return (int)idx;
}

/* Nonzero when `v` may depend on a value loaded in the loop (through
 * anything but induction variables). */
static int depends_on_loop_load(const pl_candidate *c, LLVMValueRef v, int depth) {
  if (!LLVMIsAInstruction(v) || !pl_candidate_has_block(c, LLVMGetInstructionParent(v)))
    return 0;
  if (depth > PL_MAX_VALUE_DEPTH || pl_touches_memory(v))
    return 1;
  if (LLVMIsAPHINode(v))
    return 0; /* an IV, or declined as a guard later (AddressNotRecomputable) */
  int n = LLVMGetNumOperands(v) - (LLVMIsACallInst(v) ? 1 : 0);
  for (int i = 0; i < n; ++i)
    if (depends_on_loop_load(c, LLVMGetOperand(v, (unsigned)i), depth + 1))
      return 1;
  return 0;
}

static int is_fill(LLVMValueRef v) { return pl_is_plain_constant(v) || zero_conversion(v); }

/* Matches a value computed under a two-way branch and merged with a
 * constant:  P: br c, L, M   L: x = ...; br M   M: phi [x, L], [K, P].
 * Sets *x, the guard (*cond, *negated: x is taken when c is false) and
 * the fill *fill = K; returns 0 when `phi` is not of that form. */
static int guarded_phi(LLVMValueRef phi, LLVMValueRef *x, LLVMValueRef *cond, int *negated,
                       LLVMValueRef *fill) {
  if (!LLVMIsAPHINode(phi) || LLVMCountIncoming(phi) != 2)
    return 0;
  LLVMBasicBlockRef mb = LLVMGetInstructionParent(phi);
  for (unsigned i = 0; i < 2; ++i) {
    LLVMValueRef lv = LLVMGetIncomingValue(phi, i), kv = LLVMGetIncomingValue(phi, 1 - i);
    LLVMBasicBlockRef lb = LLVMGetIncomingBlock(phi, i), pb = LLVMGetIncomingBlock(phi, 1 - i);
    if (!is_fill(kv) || !LLVMIsAInstruction(lv) || LLVMGetInstructionParent(lv) != lb ||
        pl_pred_count(lb) != 1)
      continue;
    LLVMValueRef lt = LLVMGetBasicBlockTerminator(lb), pt = LLVMGetBasicBlockTerminator(pb);
    if (!lt || LLVMGetNumSuccessors(lt) != 1 || LLVMGetSuccessor(lt, 0) != mb || !pt ||
        !LLVMIsABranchInst(pt) || !LLVMIsConditional(pt))
      continue;
    if (LLVMGetSuccessor(pt, 0) == lb && LLVMGetSuccessor(pt, 1) == mb)
      *negated = 0;
    else if (LLVMGetSuccessor(pt, 1) == lb && LLVMGetSuccessor(pt, 0) == mb)
      *negated = 1;
    else
      continue;
    *x = lv;
    *cond = LLVMGetCondition(pt);
    *fill = kv;
    return 1;
  }
  return 0;
}

/* Adds the condition `cond` (the copy copies when it holds, or when it
 * does not if `negated`) to the guard of `cp`. Returns 0 when the guard has
 * PL_MAX_GUARD_TERMS terms already. */
static int add_guard(pl_copy *cp, LLVMValueRef cond, int negated) {
  if (!cp->guard) {
    cp->guard = cond;
    cp->guard_negated = negated;
    return 1;
  }
  if (cp->nmore_guards + 1 >= PL_MAX_GUARD_TERMS) {
    cp->guard_cut = 1;
    return 0;
  }
  cp->more_guards[cp->nmore_guards] = cond;
  cp->more_negated[cp->nmore_guards++] = (unsigned char)negated;
  return 1;
}

/* Nonzero for a constant that is neither zero nor undef/poison: a fill
 * value zero-fill cannot produce. */
static int is_nonzero_fill(LLVMValueRef v) {
  return pl_is_plain_constant(v) && !LLVMIsNull(v) && !LLVMIsAGlobalValue(v);
}

/* Nonzero when `v` is a copy load, or a lane of one, possibly under further
 * selects: the value side of a guard. */
static int leads_to_copy_load(const pl_candidate *c, LLVMValueRef v, int depth) {
  v = peel_bitcast(v);
  unsigned off;
  as_lane(c, &v, &off);
  if (pl_is_copy_load(v))
    return 1;
  if (!LLVMIsASelectInst(v) || depth > PL_MAX_GUARD_TERMS)
    return 0;
  return leads_to_copy_load(c, LLVMGetOperand(v, 1), depth + 1) ||
         leads_to_copy_load(c, LLVMGetOperand(v, 2), depth + 1);
}

char *pl_fill_text(LLVMValueRef v) {
  if (LLVMIsAConstantFP(v)) {
    LLVMBool lost = 0;
    double d = LLVMConstRealGetDouble(v, &lost);
    if (isnan(d))
      return pl_strdupf("NAN");
    if (isinf(d))
      return pl_strdupf("%sINFINITY", d < 0 ? "-" : "");
    return pl_strdupf("%g", d);
  }
  if (LLVMIsAConstantInt(v))
    return pl_strdupf("%lld", (long long)LLVMConstIntGetSExtValue(v));
  char *t = LLVMPrintValueToString(v);
  char *r = pl_strdupf("%s", t ? t : "a constant");
  LLVMDisposeMessage(t);
  return r;
}

static int fail_nonzero_fill(pl_fail *f, LLVMValueRef store, LLVMValueRef fill, const char *tname) {
  char *text = pl_fill_text(fill);
  pl_failf(f, PL_R_NONZERO_FILL, store,
           "the copy into tile '%s' writes %s on some paths where it loads nothing and another "
           "constant on others; a copy may write one value where its guard fails; write the "
           "same value on every such path",
           tname, text ? text : "a constant");
  free(text);
  return 0;
}

/* Nonzero when block `b` is one way of a two-way branch whose other way
 * leads elsewhere than where `b` goes (not `if (c) t[..] = 0;`, which skips
 * a store: nested conditions, each with a fill of its own). */
static int on_own_path(pl_host *host, LLVMBasicBlockRef b) {
  LLVMBasicBlockRef p = pl_pred_count(b) == 1 ? pl_idom(host, b) : NULL;
  LLVMValueRef t = p ? LLVMGetBasicBlockTerminator(p) : NULL, bt = LLVMGetBasicBlockTerminator(b);
  if (!t || !LLVMIsConditional(t) || !bt || LLVMGetNumSuccessors(bt) != 1)
    return 0;
  LLVMBasicBlockRef other =
      LLVMGetSuccessor(t, 0) == b ? LLVMGetSuccessor(t, 1) : LLVMGetSuccessor(t, 0);
  return other != b && other != LLVMGetSuccessor(bt, 0);
}

/* A store of the constant `k` into a tile that no copy takes as its fill:
 * the fill of a copy on the other arm of its branch that writes other
 * bytes than the copy (or only some), a fill that several branches enter
 * (a chain pl_fill_chain_fold could not fold), a fill on one way of a
 * branch whose other way leads on to the copy (nested conditions whose
 * fills differ), or a constant stored on its own (a guarded copy whose
 * guard clang proved always false leaves only that). */
static int fail_constant_store(pl_host *host, const pl_candidate *c, pl_fail *f, LLVMValueRef store,
                               LLVMValueRef k, const char *tname) {
  char *text = pl_fill_text(k);
  const char *shown = text && !strchr(text, '\n') && strlen(text) < 60 ? text : "value";
  if (pl_split_fill_unmatched(host, c, store))
    pl_failf(f, PL_R_NOT_A_COPY, store,
             "a store into tile '%s' writes the constant %s on one way of a branch whose other "
             "way copies into the tile, but not to the same bytes: a fill must write exactly "
             "the bytes its copy writes, each once",
             tname, shown);
  else if (pl_pred_count(LLVMGetInstructionParent(store)) > 1 &&
           !pl_loop_for_header(host, LLVMGetInstructionParent(store)))
    pl_failf(f, PL_R_NOT_A_COPY, store,
             "a store into tile '%s' writes the constant %s in a block that several branches "
             "enter; a fill goes with its copy only where one two-way branch leads to both",
             tname, shown);
  else if (on_own_path(host, LLVMGetInstructionParent(store)))
    pl_failf(f, PL_R_NOT_A_COPY, store,
             "a store into tile '%s' writes the constant %s on one way of a branch whose other "
             "way does not copy into the tile itself; a fill goes with its copy where one "
             "two-way branch leads to both, or where every such fill of the copy's branches "
             "stores the same value at the same place",
             tname, shown);
  else
    pl_failf(f, PL_R_NOT_A_COPY, store,
             "a store into tile '%s' writes the constant %s wherever it runs, not a value loaded "
             "from global memory; a copy stage may write its tiles with copies only (where it "
             "was a guarded copy, the compiler proved the guard always false)",
             tname, shown);
  free(text);
  return 0;
}

/* The guard of a load that only some paths run: `phi` (in block M) takes
 * the load from block L and zero from every other predecessor, so the
 * value is the load exactly when L ran. Walks up from L through blocks
 * with one predecessor each, every one ending in a two-way branch, to the
 * first block that dominates M (it runs whenever M does): L runs exactly
 * when every branch on the way goes towards L, so the guard is the
 * conjunction of those branch conditions -- `if (r >= 0 && r < H) if (c <
 * W) v = A[..]` gives three terms. Returns 0 (and leaves `cp` alone) when
 * the blocks have another shape. */
static int chain_guard(pl_host *host, const pl_candidate *c, LLVMBasicBlockRef lb,
                       LLVMBasicBlockRef mb, pl_copy *cp) {
  LLVMValueRef lt = LLVMGetBasicBlockTerminator(lb);
  if (!lt || LLVMGetNumSuccessors(lt) != 1 || LLVMGetSuccessor(lt, 0) != mb)
    return 0;
  pl_copy terms = *cp;
  LLVMBasicBlockRef x = lb;
  for (unsigned depth = 0; depth < PL_MAX_GUARD_TERMS; ++depth) {
    if (pl_pred_count(x) != 1 || !pl_candidate_has_block(c, x))
      return 0;
    LLVMBasicBlockRef p = pl_idom(host, x); /* its only predecessor */
    if (!p || !pl_candidate_has_block(c, p))
      return 0;
    LLVMValueRef br = LLVMGetBasicBlockTerminator(p);
    if (!br || !LLVMIsABranchInst(br) || !LLVMIsConditional(br))
      return 0;
    LLVMBasicBlockRef s0 = LLVMGetSuccessor(br, 0), s1 = LLVMGetSuccessor(br, 1);
    if (s0 == s1 || (s0 != x && s1 != x))
      return 0;
    if (!add_guard(&terms, LLVMGetCondition(br), s1 == x)) {
      cp->guard_cut = 1;
      return 0;
    }
    if (pl_dominates(host, p, mb)) {
      *cp = terms;
      return 1;
    }
    x = p;
  }
  cp->guard_cut = 1;
  return 0;
}

/* Walks the conversion `v` down to the one copy load it reads (*load).
 * Returns 1 when `v` is a side-effect-free function of at most one load of
 * the copy stage, induction variables and loop-invariant values; else 0
 * with the offending instruction in *bad (*two set when it is a second
 * load). */
static int conversion_of(pl_host *host, const pl_candidate *c, LLVMValueRef v, pl_copy *cp,
                         LLVMValueRef *load, LLVMValueRef *bad, int *two, int depth) {
  if (!LLVMIsAInstruction(v) || !pl_candidate_has_block(c, LLVMGetInstructionParent(v)) ||
      v == *load)
    return 1;
  *bad = v;
  if (depth > PL_MAX_VALUE_DEPTH)
    return 0;
  if (pl_is_copy_load(v)) {
    if (*load || !pl_in_copy_stage(host, c, v)) {
      *two = *load != NULL;
      return 0;
    }
    *load = v;
    return 1;
  }
  if (LLVMIsAPHINode(v)) {
    /* `f(c ? A[i] : K)`: the conversion of a guarded load (cp->inner) */
    LLVMValueRef x;
    if (pl_find_iv(c, v))
      return 1;
    if (cp->guard || *load || !guarded_phi(v, &x, &cp->guard, &cp->guard_negated, &cp->fill))
      return 0;
    x = peel_bitcast(x);
    if (!pl_is_copy_load(x) || !pl_in_copy_stage(host, c, x))
      return 0;
    *load = x;
    cp->inner = v;
    return 1;
  }
  if (!pl_is_pure(v, PL_PURE_FLOAT | PL_PURE_VECTOR | PL_PURE_ASM))
    return 0;
  int n = LLVMGetNumOperands(v) - (LLVMIsACallInst(v) ? 1 : 0);
  for (int i = 0; i < n; ++i)
    if (!conversion_of(host, c, LLVMGetOperand(v, (unsigned)i), cp, load, bad, two, depth + 1))
      return 0;
  return 1;
}

/* A store that is not the loaded bytes: under a guard (`c ? X : K`, as a
 * select or a branch merged by a phi, K any constant), X is either the
 * loaded bytes (a copy with a fill other than zero) or a conversion of one
 * load. Neither can be a cp.async; the plan gives it the register lowering. */
static int classify_converted(pl_host *host, pl_candidate *c, LLVMValueRef store, pl_copy *cp,
                              pl_fail *f, const char *tname) {
  LLVMValueRef v = peel_bitcast(LLVMGetOperand(store, 0));
  if (LLVMIsASelectInst(v) &&
      LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(v, 0))) == LLVMIntegerTypeKind &&
      !depends_on_loop_load(c, LLVMGetOperand(v, 0), 0)) {
    LLVMValueRef tv = LLVMGetOperand(v, 1), fv = LLVMGetOperand(v, 2);
    if (is_fill(fv) && !is_fill(tv)) {
      cp->guard = LLVMGetOperand(v, 0);
      cp->fill = fv;
      v = tv;
    } else if (is_fill(tv) && !is_fill(fv)) {
      cp->guard = LLVMGetOperand(v, 0);
      cp->guard_negated = 1;
      cp->fill = tv;
      v = fv;
    }
  } else if (LLVMIsAPHINode(v)) {
    LLVMValueRef x;
    if (guarded_phi(v, &x, &cp->guard, &cp->guard_negated, &cp->fill))
      v = x;
  }
  if (cp->fill && is_zero(cp->fill))
    cp->fill = NULL;
  LLVMValueRef load = peel_bitcast(v);
  unsigned offset = 0;
  int lane = as_lane(c, &load, &offset);
  uint64_t ss = pl_type_store_size(c->module, LLVMTypeOf(LLVMGetOperand(store, 0)));
  cp->bytes = (unsigned)(ss > 0xffff ? 0xffff : ss);
  if (pl_is_copy_load(load) && pl_in_copy_stage(host, c, load) &&
      pl_type_store_size(c->module, lane >= 0 ? LLVMGetElementType(LLVMTypeOf(load))
                                              : LLVMTypeOf(load)) == ss) {
    cp->load = load; /* the loaded bytes, with a fill that is not zero */
    cp->src = LLVMGetOperand(load, 0);
    cp->offset = offset;
    return 1;
  }
  LLVMValueRef bad = NULL;
  int two = 0;
  load = NULL;
  if (!conversion_of(host, c, v, cp, &load, &bad, &two, 0) || !load) {
    if (two)
      return pl_failf(f, PL_R_NOT_A_COPY, bad,
                      "the value stored into tile '%s' combines two loads; a copy may "
                      "convert one loaded value only",
                      tname);
    LLVMValueRef stored = peel_bitcast(LLVMGetOperand(store, 0));
    if (is_fill(stored))
      return fail_constant_store(host, c, f, store, stored, tname);
    return pl_failf(f, PL_R_NOT_A_COPY, bad ? bad : store,
                    "a store into tile '%s' does not store a value loaded from "
                    "global memory, or a side-effect-free conversion of one",
                    tname);
  }
  if (cp->fill && is_zero(cp->fill))
    cp->fill = NULL; /* an inner guard's zeros: the staged load reads zeros */
  cp->load = load;
  cp->src = LLVMGetOperand(load, 0);
  cp->value = v;
  return 1;
}

/* Classifies the stored value of a tile store. A guarded copy,
 * `x = c ? A[i] : 0`, is a select (a chain of them for a compound
 * condition) or a phi of the load and zeros after branches around it;
 * its conditions become the copy's guard. A fill value other than zero,
 * the same at every term, is kept in cp->fill: the plan stages such a
 * copy through registers, or declines it under lowering=cp.async
 * (NonZeroFill: src-size 0 writes zeros only). Anything else that is not
 * the loaded bytes goes to classify_converted. */
/* Walks a chain of selects `c ? x : K` down to the copied value (the
 * selects' conditions become guard terms of `cp`, K its fill); `*lane` and
 * cp->offset follow a lane taken inside the chain. Returns the value the
 * chain selects where every term holds. */
static LLVMValueRef select_guards(const pl_candidate *c, LLVMValueRef v, pl_copy *cp,
                                  int *lane_io) {
  int lane = *lane_io;
  while (LLVMIsASelectInst(v)) {
    LLVMTypeRef ct = LLVMTypeOf(LLVMGetOperand(v, 0));
    if (LLVMGetTypeKind(ct) != LLVMIntegerTypeKind)
      break; /* a vector select (a per-lane mask): no single zero-fill condition */
    /* side[0] where the condition holds, side[1] where it does not */
    LLVMValueRef side[2] = {peel_bitcast(LLVMGetOperand(v, 1)), peel_bitcast(LLVMGetOperand(v, 2))};
    unsigned off[2] = {0, 0};
    int lanes[2];
    for (int k = 0; k < 2; ++k)
      lanes[k] = lane < 0 ? as_lane(c, &side[k], &off[k]) : -1;
    /* k: the side that leads to the copy while the other fills the value
     * every term fills, zeros or one constant K; the copy copies when the
     * condition holds (k = 0) or when it does not (k = 1) */
    int k = 0;
    for (; k < 2; ++k) {
      LLVMValueRef x = side[k], other = side[1 - k];
      int copies = pl_is_copy_load(x) || (LLVMIsASelectInst(x) && leads_to_copy_load(c, x, 0));
      int fills =
          is_zero(other) ? !cp->fill : is_nonzero_fill(other) && (!cp->guard || cp->fill == other);
      if (copies && fills)
        break;
    }
    if (k == 2 || !add_guard(cp, LLVMGetOperand(v, 0), k))
      break;
    cp->fill = is_zero(side[1 - k]) ? NULL : side[1 - k];
    v = side[k];
    if (lanes[k] >= 0)
      lane = lanes[k], cp->offset = off[k];
  }
  *lane_io = lane;
  return v;
}

/* A phi of the load and constants after branches around it, `P: br c, L,
 * M  L: load; br M  M: phi [load, L], [0, P]` (or more zero incoming
 * values, from nested or chained branches): the branch conditions become
 * guard terms of `cp` (chain_guard), and `*vp` the load. Returns 0 with
 * NonZeroFill in `f` for fills that differ, else 1 (`*vp` unchanged when
 * the phi has another shape). */
/* Element `elem` of the aggregate `v`: of a constant, or the value an
 * insertvalue chain put there; NULL when unknown. `elem` < 0: `v` itself. */
static LLVMValueRef element_of(LLVMValueRef v, int elem) {
  if (elem < 0)
    return v;
  for (unsigned depth = 0; depth < PL_MAX_VALUE_DEPTH; ++depth) {
    if (LLVMIsAConstant(v))
      return LLVMIsAConstantExpr(v) ? NULL : LLVMGetAggregateElement(v, (unsigned)elem);
    if (!LLVMIsAInsertValueInst(v) || LLVMGetNumIndices(v) != 1)
      return NULL;
    if (LLVMGetIndices(v)[0] == (unsigned)elem)
      return LLVMGetOperand(v, 1);
    v = LLVMGetOperand(v, 0);
  }
  return NULL;
}

/* The phi a guard merges in: `v` itself, or for `extractvalue (phi
 * %struct [...], [...]), k` -- a struct (float4) merged whole with zeros,
 * each field then stored -- the phi, with the field in *elem. */
static LLVMValueRef guard_phi_of(LLVMValueRef v, int *elem) {
  *elem = -1;
  if (LLVMIsAExtractValueInst(v) && LLVMGetNumIndices(v) == 1 &&
      LLVMIsAPHINode(LLVMGetOperand(v, 0))) {
    *elem = (int)LLVMGetIndices(v)[0];
    return LLVMGetOperand(v, 0);
  }
  return v;
}

static int phi_guards(pl_host *host, pl_candidate *c, LLVMValueRef store, pl_copy *cp, pl_fail *f,
                      const char *tname, LLVMValueRef *vp, int *lane_io) {
  LLVMValueRef v = *vp;
  int lane = *lane_io, elem;
  LLVMValueRef phi = guard_phi_of(v, &elem);
  if (LLVMIsAPHINode(phi) && LLVMCountIncoming(phi) >= 2) {
    /* P: br c, L, M   L: load; br M   M: phi [load, L], [0, P] -- or more
     * zero incoming values, from nested or chained branches. */
    unsigned n = LLVMCountIncoming(phi);
    int li = -1, others_zero = 1;
    LLVMValueRef fill = NULL, src = NULL;
    unsigned off = 0;
    int llane = -1;
    for (unsigned i = 0; i < n; ++i) {
      LLVMValueRef iv = element_of(LLVMGetIncomingValue(phi, i), elem);
      if (!iv)
        return 1; /* a field no chain names: not a guard of this shape */
      iv = peel_bitcast(iv);
      LLVMValueRef s = iv;
      unsigned o = 0;
      int l = lane < 0 ? as_lane(c, &s, &o) : -1;
      if (li < 0 && pl_is_copy_load(s) && LLVMIsAInstruction(iv)) {
        li = (int)i, src = s, off = o, llane = l;
      } else if (is_nonzero_fill(iv)) {
        fill = iv;
        others_zero = 0;
      } else if (!is_zero(iv)) {
        others_zero = 0;
        fill = NULL;
        break;
      }
    }
    int same_fill = 0; /* every other incoming value is the one fill K */
    if (li >= 0 && fill && !others_zero) {
      int all_const = 1;
      same_fill = !cp->guard;
      for (unsigned i = 0; i < n; ++i)
        if ((int)i != li) {
          LLVMValueRef iv = element_of(LLVMGetIncomingValue(phi, i), elem);
          all_const &= LLVMIsConstant(iv) != 0;
          same_fill &= peel_bitcast(iv) == fill;
        }
      if (all_const && !same_fill)
        return fail_nonzero_fill(f, store, fill, tname);
    }
    if (li >= 0 && (others_zero || same_fill) && !(others_zero && cp->fill) &&
        chain_guard(host, c, LLVMGetIncomingBlock(phi, (unsigned)li), LLVMGetInstructionParent(phi),
                    cp)) {
      if (same_fill)
        cp->fill = fill;
      v = src;
      if (llane >= 0)
        lane = llane, cp->offset = off;
    }
  }
  *vp = v;
  *lane_io = lane;
  return 1;
}

int pl_classify_copy(pl_host *host, pl_candidate *c, LLVMValueRef store, pl_copy *cp, pl_fail *f,
                     const char *tname) {
  LLVMValueRef v = peel_bitcast(LLVMGetOperand(store, 0));
  /* One lane of a vector load, `t = __ldg(&float4_ptr[i]); tile[..] = t.x`:
   * a copy of that lane's bytes; the lane may be taken before or after the
   * guard merges the load with zero. */
  int lane = as_lane(c, &v, &cp->offset);
  v = select_guards(c, v, cp, &lane);
  if (!phi_guards(host, c, store, cp, f, tname, &v, &lane))
    return 0;
  if (!LLVMIsALoadInst(v) && !pl_is_copy_load(v)) {
    /* Not the loaded bytes: a guard with another fill, or a conversion. */
    *cp =
        (pl_copy){.store = cp->store, .dst = cp->dst, .tile = cp->tile, .guard_cut = cp->guard_cut};
    if (classify_converted(host, c, store, cp, f, tname))
      return 1;
    if (cp->guard_cut)
      pl_fail_detail(f, PL_GUARD_CUT_FORMAT, PL_MAX_GUARD_TERMS);
    return 0;
  }
  if (!pl_is_copy_load(v))
    return pl_failf(f, PL_R_VOLATILE_COPY, v,
                    "the load copied into tile '%s' is volatile or atomic", tname);
  if (!pl_candidate_has_block(c, LLVMGetInstructionParent(v)) || !pl_in_copy_stage(host, c, v))
    return pl_failf(f, PL_R_NOT_A_COPY, v,
                    "the value copied into tile '%s' is not loaded in the copy "
                    "stage of the loop",
                    tname);
  cp->load = v;
  cp->src = LLVMGetOperand(v, 0);
  uint64_t ls = pl_type_store_size(c->module, LLVMTypeOf(v));
  uint64_t ss = pl_type_store_size(c->module, LLVMTypeOf(LLVMGetOperand(store, 0)));
  if (lane >= 0)
    ls = pl_type_store_size(c->module, LLVMGetElementType(LLVMTypeOf(v)));
  if (ls != ss)
    return pl_failf(f, PL_R_CONVERTED_COPY, store,
                    "the copy into tile '%s' changes the size of the value", tname);
  cp->bytes = (unsigned)(ls > 0xffff ? 0xffff : ls);
  return 1;
}
