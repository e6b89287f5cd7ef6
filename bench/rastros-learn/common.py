# common.py -- bench/rastros-learn: the net's inputs (the squares the snail
# cannot reach and the snail, in the frame of the side to move, and feat.h's
# features scaled) from tool.c's train/hard lines, and the policy measure.
import numpy as np
FSC = np.array([1,1,1,1,1,1,1,1,1,1,1,1,8,1,8,1,3,3,1,40,1,8,1,10],np.float32)
def planes(slime, snail, stm, transpose=False):
    n = len(slime); B = np.zeros((n, 98), np.float32); ar = np.arange(n)
    for r in range(7):
        for f in range(7):
            sq = r*8+f
            bitv = ((slime >> np.uint64(sq)) & np.uint64(1)).astype(np.float32)
            f2 = np.where(stm==1, 6-f, f); r2 = np.where(stm==1, 6-r, r)
            if transpose: f2, r2 = r2, f2
            idx = r2*7+f2
            B[ar, idx] = bitv
            B[ar, 49+idx] += (snail==sq).astype(np.float32)
    return B
def load(path, hard=False):
    d = np.loadtxt(path, dtype=np.float64)
    o = 1 if hard else 0
    grp = d[:,0].astype(np.int64) if hard else None
    y = d[:,o].astype(np.float32); F = d[:,o+1:o+25].astype(np.float32)
    slime = d[:,o+25].astype(np.uint64); snail = d[:,o+26].astype(np.int64); stm = d[:,o+27].astype(np.int64)
    chosen = d[:,o+28].astype(np.int64) if hard else None
    X = np.hstack([planes(slime,snail,stm), F/FSC]); Xt = np.hstack([planes(slime,snail,stm,True), F/FSC])
    return dict(y=y, X=X, Xt=Xt, grp=grp, chosen=chosen)
def policy_acc(D, z):
    # z: predicted logit for the child's side to move; pick min per group
    grp = D['grp']; y = D['y']; best = {}
    for i in range(len(y)):
        g = grp[i]
        if g not in best or z[i] < z[best[g]]: best[g] = i
    ok = sum(1 for g,i in best.items() if y[i] == 0)
    return ok, len(best)
