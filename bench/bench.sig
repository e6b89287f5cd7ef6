Bench: 816859
