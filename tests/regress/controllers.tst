# controllers.tst -- what GTP controllers (gogui-twogtp, gomill's
# ringmaster, GoGui) rely on: with resign on, a finished game ends with
# "resign" from the loser only and "pass" from the winner or either side of
# a draw (twogtp scores the resigner as the loser, two passes by
# final_score); the passes it then sends are taken; gomill-explain_last_move
# explains the last genmove in one fixed line (doc/protocol.md).
# GNU Go format: numbered commands, "#? [REGEX]" matched against the result
# text, "#? [REGEX]*" for a command that must fail with that message.

# ---- Rastros: the loser steps into the winner's goal ----------------------
1 newgame rastros size=5
#? []
2 setposition 5/3s1/5/5/5 1
#? []
3 play black e5
#? []
4 game_over
#? [white wins: snail reached e5]
5 genmove white
#? [game over]*
6 set_option resign true
#? []
# white won but is to move: it must not resign (twogtp would score it lost)
7 genmove white
#? [pass]
8 genmove black
#? [resign]
9 reg_genmove white
#? [pass]
# the passes twogtp sends to the other engine are taken and change nothing
10 play black pass
#? []
11 play white pass
#? []
12 history
#? [e5]
13 final_score
#? [W\+]
14 play white e4
#? [game over]*
15 play green pass
#? [invalid color]*
# the winner moved last (black into a1): black passes, white resigns
16 newgame rastros
#? []
17 play black c3
#? []
18 play white b2
#? []
19 play black a1
#? []
20 genmove white
#? [resign]
21 genmove black
#? [pass]
# without resign a finished game refuses genmove but takes the pass a
# controller relays (a referee must not refuse it)
22 set_option resign false
#? []
23 genmove black
#? [game over]*
24 play white pass
#? []

# ---- Tablut: the king captured; a draw by repetition ---------------------
30 newgame tablut
#? []
31 set_option resign true
#? []
32 setposition 9/9/3tK1t2/9/9/9/9/9/T8 b
#? []
33 play black g7-f7
#? []
34 game_over
#? [black wins: king captured]
35 genmove white
#? [resign]
36 genmove black
#? [pass]
37 play white pass
#? []
38 final_score
#? [B\+]
39 setposition t8/9/9/9/4K4/9/9/9/8T b
#? []
40 play black a9-b9
#? []
41 play white i1-h1
#? []
42 play black b9-a9
#? []
43 play white h1-i1
#? []
44 game_over
#? [draw: repetition]
45 genmove black
#? [pass]
46 genmove white
#? [pass]
47 final_score
#? [0]

# ---- Grasshopper: the winner bears off; a position nobody can move in ------
50 newgame grasshopper
#? []
51 set_option resign true
#? []
52 setposition ....../....../....../.....W w 0,14 6,0 w
#? []
53 play white 24/off
#? []
54 game_over
#? [white wins: white scored twice in succession]
55 genmove black
#? [resign]
56 genmove white
#? [pass]
57 play black pass
#? []
58 final_score
#? [W\+]
59 setposition ....../....../....../...... w 0,0 7,7 -
#? []
60 genmove white
#? [pass]
61 genmove black
#? [pass]
62 final_score
#? [0]
63 set_option resign false
#? []

# ---- gomill-explain_last_move ---------------------------------------------
70 newgame rastros
#? []
71 gomill-explain_last_move
#? [no move to explain]*
72 play black c3
#? []
73 play white b2
#? []
74 genmove black
#? [a1]
# score from the side that moved: a proven win in one ply
75 gomill-explain_last_move
#? [score W1 depth 1 nodes [0-9]+ time [0-9]+ proven yes pv a1]
# commands that do not change the game keep the explanation
76 showboard
77 gomill-explain_last_move
#? [score W1 depth 1 nodes [0-9]+ time [0-9]+ proven yes pv a1]
# and so does a genmove that fails (it changes nothing)
771 genmove white
#? [game over]*
772 genmove
#? [syntax error]*
773 gomill-explain_last_move
#? [score W1 depth 1 nodes [0-9]+ time [0-9]+ proven yes pv a1]
78 undo
#? []
79 gomill-explain_last_move
#? [no move to explain]*
80 reg_genmove black
#? [a1]
81 gomill-explain_last_move
#? [score W1 depth 1 nodes [0-9]+ time [0-9]+ proven yes pv a1]
82 play black a1
#? []
83 gomill-explain_last_move
#? [no move to explain]*
84 newgame rastros size=5
#? []
85 set_option depth 3
#? []
86 genmove black
#? [b2]
87 gomill-explain_last_move
#? [score -?[0-9]+ depth 3 nodes [0-9]+ time [0-9]+ proven no pv b2 [a-e][1-5] [a-e][1-5]]
88 newgame rastros size=5
#? []
89 gomill-explain_last_move
#? [no move to explain]*
90 set_option depth 0
#? []
# a proven loss: resign is explained too (L = lost, from the mover's view)
91 setposition xxxx1/xxxxx/xxxxx/1sxxx/2xxx 2
#? []
92 set_option resign true
#? []
93 genmove white
#? [resign]
94 gomill-explain_last_move
#? [score L[0-9]* depth [0-9]+ nodes [0-9]+ time [0-9]+ proven yes pv [a-e][1-5]( [a-e][1-5])*]
# a genmove that answers without searching (a finished game) explains nothing
95 play white b1
#? []
96 play black a1
#? []
97 genmove white
#? [resign]
98 gomill-explain_last_move
#? [no move to explain]*
99 set_option resign false
#? []
100 gomill-explain_last_move
#? [no move to explain]*

# ---- GoGui's interrupt commands ------------------------------------------
110 gogui-interrupt
#? []
111 gogui-sigint
#? [[1-9][0-9]*]
112 known_command gogui-interrupt
#? [true]
113 known_command gomill-explain_last_move
#? [true]
# "# interrupt" while idle is a comment: no response, nothing changes
# interrupt
114 name
#? [Tabula]
