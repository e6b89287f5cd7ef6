# fit.py TRAIN... -- bench/rastros-learn: a logistic fit of feat.h's features to the
# exact values of tool.c train lines; prints the weights for RA_W. FEATS=i,j,.. a subset.
import numpy as np, sys
d = np.vstack([np.loadtxt(f) for f in sys.argv[1:]])
y = d[:,0]; X = d[:,1:]
use = [int(a) for a in __import__('os').environ.get('FEATS','').split(',')] if __import__('os').environ.get('FEATS') else list(range(X.shape[1]))
Xs = X[:,use]
w = np.zeros(Xs.shape[1])
lam = 1e-4
for it in range(60):  # Newton
    z = Xs @ w; p = 1/(1+np.exp(-z))
    g = Xs.T @ (p - y) / len(y) + lam*w
    H = (Xs * (p*(1-p))[:,None]).T @ Xs / len(y) + lam*np.eye(len(w))
    w -= np.linalg.solve(H, g)
z = Xs @ w; p = 1/(1+np.exp(-z))
ll = -np.mean(y*np.log(p+1e-12)+(1-y)*np.log(1-p+1e-12))
acc = np.mean((p>0.5)==(y>0.5))
print("logloss %.4f acc %.4f" % (ll, acc), file=sys.stderr)
full = np.zeros(X.shape[1]); full[use] = w
print(",".join("%.4f" % v for v in full))
