# tablut_tactics.tst -- Tablut rules and tactics through the protocol.
# Positions are written as in doc/rules/tablut.md (t attacker, T defender,
# K king; b = black = attackers to move, w = white = defenders to move).
# Expected moves were checked by exhaustive search of the rules.

# ---- the rules at the start --------------------------------------------
1 newgame tablut
2 perft 2
#? [4400]
3 perft 3
#? [353200]
4 getposition
#? [3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3 b]

# ---- king escapes in one: two edges in sight -----------------------------
5 newgame tablut
6 setposition 3t1t3/4t4/2t3K2/t3T3t/ttTT1TTtt/4T3t/4T1t2/4t4/3ttt3 w
7 set_option depth 3
8 genmove white
#? [g7-i7|g7-g9]
9 legal_moves
#? []

# ---- the attackers must close the one open line --------------------------
10 newgame tablut
11 setposition 3t1t3/4t4/2t3KT1/t3T3t/ttTT1TTtt/4T3t/4T1t2/4t4/3ttt3 b
12 set_option depth 3
13 genmove black
#? [e8-g8|f9-g9]

# ---- king escapes in two: c7 sees a7 and i7 ------------------------------
14 newgame tablut
15 setposition 2tt5/4t4/9/t1K1T1t2/3T1T1t1/1t7/4T3t/5t3/2t6 w
16 set_option depth 3
17 genmove white
#? [c6-c7]

# ---- king escapes in two: g3 is a fork, h4 walks into a capture -----------
18 newgame tablut
19 setposition 3ttt3/4t1t2/4T4/t3T3t/ttTT1T3/t3T1K1t/9/2t6/3tt1t2 w
20 set_option depth 3
21 genmove white
#? [g4-g3]

# ---- king captured on the castle: four attackers -------------------------
22 newgame tablut
23 setposition 9/2t6/5T2t/7t1/3tKt3/2T1t1T2/t8/1T4t2/9 b
24 set_option depth 2
25 genmove black
#? [h6-e6]
26 legal_moves
#? []

# ---- king captured next to the castle: three attackers --------------------
27 newgame tablut
28 setposition 9/2t6/5T2t/7t1/2T3T2/3tKt3/t8/1T4t2/9 b
29 set_option depth 2
30 genmove black
#? [a3-e3]
31 legal_moves
#? []

# ---- king captured elsewhere: two attackers on one line -------------------
32 newgame tablut
33 setposition 9/2t6/2K2T3/7t1/6T2/8t/t3T4/1T4t2/9 b
34 set_option depth 2
35 genmove black
#? [h6-c6]
36 legal_moves
#? []

# ---- three attackers do not take the king on the castle -------------------
37 newgame tablut
38 setposition t8/9/9/9/3tKt3/6t2/9/1T7/9 b
39 play black g4-e4
#? []
40 getposition
#? [t8/9/9/9/3tKt3/4t4/9/1T7/9 w]
41 legal_moves
#? [.+]

# ---- the empty castle is hostile: to an attacker ... ----------------------
42 newgame tablut
43 setposition 8t/2T6/1K7/9/3t5/9/6T2/9/t8 w
44 play white c8-c5xd5
#? []
45 getposition
#? [8t/9/1K7/9/2T6/9/6T2/9/t8 b]

# ---- ... and to a defender -----------------------------------------------
46 newgame tablut
47 setposition 4t4/9/6T2/4T4/9/9/2K6/9/8t b
48 play black e9-e7
#? []
49 getposition
#? [9/9/4t1T2/9/9/9/2K6/9/8t w]

# ---- the occupied castle is hostile to nobody ------------------------------
50 newgame tablut
51 setposition 8t/2t6/9/9/3TK4/9/6T2/9/9 b
52 play black c8-c5
#? []
53 getposition
#? [8t/9/9/9/2tTK4/9/6T2/9/9 w]

# ---- moving between two enemies captures nothing ---------------------------
54 newgame tablut
55 setposition 9/3t5/1K7/9/9/9/2T1T4/9/8t b
56 play black d8-d3
#? []
57 getposition
#? [9/9/1K7/9/9/9/2TtT4/9/8t w]

# ---- nor between an enemy and the empty castle -----------------------------
58 newgame tablut
59 setposition 9/3t5/1K7/9/2T6/9/6T2/9/8t b
60 play black d8-d5
#? []
61 getposition
#? [9/9/1K7/9/2Tt5/9/6T2/9/8t w]

# ---- the armed king: as the mover, and as the far piece -------------------
62 newgame tablut
63 setposition 8t/9/2K6/9/9/9/3tT4/9/t8 w
64 play white c7-c3
#? []
65 getposition
#? [8t/9/9/9/9/9/2K1T4/9/t8 b]
66 newgame tablut
67 setposition 8t/9/4T4/9/9/9/2Kt5/9/t8 w
68 play white e7-e3
#? []
69 getposition
#? [8t/9/9/9/9/9/2K1T4/9/t8 b]

# ---- a triple capture; capture suffixes must be exact ----------------------
70 newgame tablut
71 setposition 8t/1K7/3t5/9/9/9/1tT1Tt3/3T5/3t5 b
72 play black d7-d3xc3xe3
#? [illegal move: d7-d3 captures .*]*
73 getposition
#? [8t/1K7/3t5/9/9/9/1tT1Tt3/3T5/3t5 b]
74 play black D7-D3XD2XC3XE3
#? []
75 getposition
#? [8t/1K7/9/9/9/9/1t1t1t3/9/3t5 w]

# ---- repetition: the second occurrence is a draw (repetition=2) -----------
76 newgame tablut
77 play black a4-a3
78 play white e3-d3
79 play black a3-a4
80 play white d3-e3
81 legal_moves
#? []
82 newgame tablut repetition=3
83 play black a4-a3
84 play white e3-d3
85 play black a3-a4
86 play white d3-e3
87 legal_moves
#? [.+]
