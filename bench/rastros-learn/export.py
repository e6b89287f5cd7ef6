# export.py NPZ BIN -- bench/rastros-learn: train.py's net as eval.inc reads it (RA_MLP).
import numpy as np, sys
z = np.load(sys.argv[1]); W1,b1,W2,b2 = [z['arr_%d'%i] for i in range(4)]
H = W1.shape[1]
with open(sys.argv[2],'wb') as f:
    np.array([W1.shape[0], H], np.int32).tofile(f)
    W1.astype(np.float32).tofile(f); b1.astype(np.float32).tofile(f); W2.astype(np.float32).tofile(f); b2.astype(np.float32).tofile(f)
