Bench: 711766
