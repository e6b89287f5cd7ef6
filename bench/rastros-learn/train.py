# train.py -- bench/rastros-learn: a net of one hidden layer (H units, ReLU)
# predicting the exact value for the side to move, trained with Adam on
# tool.c's train lines (RAND=a,b) and hard lines (HARD=a,b), each position also
# transposed; EP epochs; TEST=hard lines to report; writes OUT (npz).
import numpy as np, sys, os
from common import *
H = int(os.environ.get('H','64')); EP = int(os.environ.get('EP','8')); out = os.environ.get('OUT','mlp2.npz')
rand = [load(f) for f in os.environ.get('RAND','').split(',') if f]
hard = [load(f, hard=True) for f in os.environ.get('HARD','').split(',') if f]
test = load(os.environ['TEST'], hard=True) if os.environ.get('TEST') else None
Xs=[];ys=[]
for D in rand + hard:
    Xs += [D['X'], D['Xt']]; ys += [D['y'], D['y']]
X = np.vstack(Xs); y = np.concatenate(ys)
print("samples", len(y), flush=True)
rng = np.random.default_rng(0)
W1 = rng.normal(0, np.sqrt(2/X.shape[1]), (X.shape[1], H)).astype(np.float32); b1 = np.zeros(H, np.float32)
W2 = rng.normal(0, np.sqrt(1/H), (H,)).astype(np.float32)
params = [W1,b1,W2,np.zeros(1,np.float32)]
m = [np.zeros_like(p) for p in params]; v = [np.zeros_like(p) for p in params]
lr = 1e-3; t = 0
def fwd(X):
    h = np.maximum(X @ params[0] + params[1], 0)
    return h, h @ params[2] + params[3][0]
for ep in range(EP):
    perm = rng.permutation(len(y))
    for s in range(0, len(perm), 256):
        b = perm[s:s+256]; xb = X[b]; yb = y[b]
        h, z = fwd(xb); p = 1/(1+np.exp(-z)); gz = (p - yb)/len(b)
        grads = [None]*4
        gh = np.outer(gz, params[2]) * (h > 0)
        grads = [xb.T @ gh, gh.sum(0), h.T @ gz, np.array([gz.sum()],np.float32)]
        t += 1
        for i,(p_,g_) in enumerate(zip(params, grads)):
            m[i] = .9*m[i] + .1*g_; v[i] = .999*v[i] + .001*g_*g_
            p_ -= lr * (m[i]/(1-.9**t)) / (np.sqrt(v[i]/(1-.999**t)) + 1e-8)
    if test is not None:
        h, z = fwd(test['X']); p = 1/(1+np.exp(-z))
        print(ep, "test children: accuracy %.4f" % np.mean((p>.5)==(test['y']>.5)), "policy (kept, of)", policy_acc(test, z), flush=True)
    else:
        print(ep, flush=True)
np.savez(out, *params)
