Bench: 451406
