Bench: 746241
