# rastros.tst -- the rules of Rastros (doc/rules/rastros.md) through the
# protocol: sizes 5-8, start=, perft, goal corners, the two ways to lose,
# and searches on positions small enough to be solved at once.
# Positions: ranks from the top, x slime, s snail, digits free squares.

# ---- sizes, start squares, perft -------------------------------------------
# the perft figures are the table of doc/rules/rastros.md
1 newgame rastros size=5
2 getposition
#? [5/5/2s2/5/5 1]
3 perft 1
#? [8]
4 perft 2
#? [56]
5 perft 3
#? [262]
6 perft 4
#? [1038]
7 perft 6
#? [12322]
8 perft 9
#? [392530]
9 newgame rastros size=6
10 getposition
#? [6/6/3s2/6/6/6 1]
11 perft 3
#? [314]
12 perft 5
#? [6540]
13 perft 8
#? [405382]
14 newgame rastros
15 getposition
#? [7/7/7/3s3/7/7/7 1]
16 perft 3
#? [368]
17 perft 4
#? [2014]
18 perft 7
#? [191514]
19 perft 9
#? [3315602]
20 newgame rastros size=7
21 getposition
#? [7/7/7/3s3/7/7/7 1]
22 newgame rastros size=8
23 getposition
#? [8/8/8/4s3/8/8/8/8 1]
24 perft 4
#? [2174]
25 perft 6
#? [58586]
26 perft 8
#? [1281784]
27 newgame rastros size=4
#? [invalid value.*]*
28 newgame rastros size=9
#? [invalid value.*]*
29 newgame rastros size=seven
#? [invalid value.*]*

# start=: from b2 the snail may step into a1 at once (a leaf of perft 2):
# 1 + a2 4 + a3 4 + b1 4 + b3 7 + c1 4 + c2 7 + c3 7 = 38
30 newgame rastros start=b2
31 getposition
#? [7/7/7/7/7/1s5/7 1]
32 perft 1
#? [8]
33 perft 2
#? [38]
# a corner that is no goal: a7 has three neighbours, then 4 + 7 + 4
34 newgame rastros start=a7
35 perft 1
#? [3]
36 perft 2
#? [15]
37 newgame rastros size=5 start=e1
38 getposition
#? [5/5/5/5/4s 1]
39 perft 2
#? [15]
40 newgame rastros size=8 start=b7
41 getposition
#? [8/1s6/8/8/8/8/8/8 1]
42 perft 2
#? [39]
43 newgame rastros size=7 start=e5
44 getposition
#? [7/7/4s2/7/7/7/7 1]
45 perft 3
#? [314]
46 newgame rastros size=5 start=d3
47 getposition
#? [5/5/3s1/5/5 1]
# the goal corners and squares off the board are refused as start squares
48 newgame rastros start=a1
#? [invalid value.*]*
49 newgame rastros start=g7
#? [invalid value.*]*
50 newgame rastros size=5 start=e5
#? [invalid value.*]*
51 newgame rastros size=8 start=h8
#? [invalid value.*]*
52 newgame rastros start=h1
#? [invalid value.*]*
53 newgame rastros start=e5 size=6
#? []
54 getposition
#? [6/4s1/6/6/6/6 1]
55 newgame rastros start=f6 size=6
#? [invalid value.*]*
# clear_board keeps the variant
56 play b d5
57 clear_board
58 getposition
#? [6/4s1/6/6/6/6 1]

# ---- goal corners -------------------------------------------------------------
# each size: player 2's corner is the top-right one
59 newgame rastros size=5
60 play b d4
61 play w e5
62 game_over
#? [white wins: snail reached e5]
63 newgame rastros size=6
64 play b e5
65 play w f6
66 game_over
#? [white wins: snail reached f6]
67 final_score
#? [W\+]
68 newgame rastros size=8
69 play b f6
70 play w g7
71 play b h8
# player 1 stepped into player 2's corner: player 2 wins
72 game_over
#? [white wins: snail reached h8]
73 final_score
#? [W\+]
74 legal_moves
#? []
75 perft 1
#? [0]
76 newgame rastros
77 play b c3
78 play w b2
79 play b a1
80 game_over
#? [black wins: snail reached a1]
81 final_score
#? [B\+]
# player 2 stepping into player 1's corner: player 1 wins
82 undo
83 play b b1
84 play w a1
85 game_over
#? [black wins: snail reached a1]
86 final_score
#? [B\+]
# a goal corner slimed in a set-up position can never be reached
87 newgame rastros size=5
88 setposition 5/5/5/xs3/x4 1
#? []
89 legal_moves
#? [b1 c1 c2 a3 b3 c3]
90 play b a1
#? [illegal move.*]*
# the snail never sits on a goal corner in a position string
91 setposition 5/5/5/5/s4 1
#? [invalid position.*]*
92 setposition 4s/5/5/5/5 2
#? [invalid position.*]*

# ---- no legal move loses --------------------------------------------------------
93 newgame rastros size=5
94 setposition xxxxx/xxxxx/x1s2/xxxxx/xxxxx 1
95 legal_moves
#? [b3 d3]
96 play b b3
97 game_over
#? [black wins: no legal move]
98 final_score
#? [B\+]
99 legal_moves
#? []
100 undo
101 play b d3
102 play w e3
103 game_over
#? [white wins: no legal move]
104 final_score
#? [W\+]
# a position where the side to move is already stuck
105 setposition xxxxx/xxxxx/xxsxx/xxxxx/xxxxx 2
106 game_over
#? [black wins: no legal move]
107 genmove white
#? [game over]*

# ---- moves: syntax and legality -------------------------------------------------
108 newgame rastros
109 play b d4
#? [illegal move.*]*
110 play b d6
#? [illegal move.*]*
111 play b h8
#? [illegal move.*]*
112 play b c3x
#? [illegal move.*]*
113 play b C3
#? []
114 play w d4
#? [illegal move.*]*
115 play w  b2 
#? []
116 history
#? [c3 b2]
117 getposition
#? [7/7/7/3x3/2x4/1s5/7 1]

# ---- genmove -------------------------------------------------------------------
118 set_option depth 3
# an immediate win is taken
119 genmove b
#? [a1]
# and for player 2
120 newgame rastros
121 play b e5
122 play w e6
123 play b f6
124 reg_genmove w
#? [g7]
# player 2 must not enter a1 or stop next to it (b1, a2): c1 c2 a3 b3 c3 win
125 newgame rastros size=5
126 setposition 5/5/5/1s3/5 2
127 genmove w
#? [(c1|c2|a3|b3|c3)]
# f6 and f7 let player 2 into g7; d6 loses to c7; d5 d6 c7 wins
128 newgame rastros
129 setposition xx1xx2/xxx1s1x/xxx1xxx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx 1
130 legal_moves
#? [d5 d6 f6 f7]
131 genmove b
#? [d5]
132 genmove w
#? [d6]
133 genmove b
#? [c7]
134 game_over
#? [black wins: no legal move]
# a single legal move is played at once
135 newgame rastros size=5
136 setposition s2xx/xxxxx/xxxxx/xxxxx/xxxxx 1
137 genmove b
#? [b5]
138 set_option depth 0

# ---- the opening at 10 ms/move -----------------------------------------------------
# Each of these 7x7 positions has one winning move, which the engine of 9714f1d
# missed at 100 ms and at 1 s a move; the opening book knows it.
1001 newgame rastros
1002 set_option movetime 10
1003 play b e3
1004 play w d3
1005 reg_genmove b
#? [e2]
1006 play b e4
1007 reg_genmove w
#? [d5]
1008 newgame rastros
1009 play b e3
1010 play w e4
1011 reg_genmove b
#? [f3]
1012 newgame rastros
1013 play b c3
1014 play w b3
1015 reg_genmove b
#? [b4]
1016 newgame rastros
1017 play b c4
1018 play w b3
1019 reg_genmove b
#? [c2]
1020 set_option movetime 0

# ---- solved positions ---------------------------------------------------------------
# 5x5: player 1 wins with c2, b3, d3 or c4 (d4 lets player 2 into e5; b2,
# d2 and b4 lose)
139 newgame rastros size=5
140 solve
#? [win (c2|b3|d3|c4)( in 17)?]
141 play b b2
142 solve
#? [win [a-e][1-5]( in [0-9]+)?]
143 undo
144 play b b3
145 solve
#? [loss( in [0-9]+)?]
146 undo
147 play b d4
148 solve
#? [win e5 in 1]
# 6x6: player 1 wins with c3, d3 or c4
149 newgame rastros size=6
150 solve
#? [win (c3|d3|c4)( in [0-9]+)?]
# the 7x7 endgame above: d5 d6 c7
151 newgame rastros
152 setposition xx1xx2/xxx1s1x/xxx1xxx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx 1
153 solve
#? [win d5 in 3]
# geography without goals: a path of two free squares loses, three win
154 newgame rastros size=5
155 setposition s2xx/xxxxx/xxxxx/xxxxx/xxxxx 1
156 solve
#? [loss( in 2)?]
157 setposition s3x/xxxxx/xxxxx/xxxxx/xxxxx 1
158 solve
#? [win b5( in 3)?]
# a 2x2 block with the snail in it: three moves, the mover makes the last
159 setposition s1xxx/2xxx/xxxxx/xxxxx/xxxxx 1
160 solve
#? [win (b5|a4|b4)( in 3)?]
# a 2x3 block, the snail at its top middle: a perfect matching, so every
# move wins; b4 (next to every square) in 3, the others in 5
161 setposition 1s1xx/3xx/xxxxx/xxxxx/xxxxx 1
162 solve
#? [win (b4 in 3|a4|b4|c4|a5|c5)]
163 play b a4
164 solve
#? [loss( in 4)?]
# player 2 stuck next to a1: every move enters it or stops next to it
165 setposition xxxx1/xxxxx/xxxxx/1sxxx/2xxx 2
166 solve
#? [loss in 2]

# ---- showboard ------------------------------------------------------------------------
167 newgame rastros size=6
168 play b e5
169 showboard
#? [a b c d e f\n 6  \. \. \. \. \. 2  6    @ snail  # slime\n 5  \. \. \. \. @ \.  5    1 a1 goal of player 1 \(black\)\n 4  \. \. \. # \. \.  4    2 f6 goal of player 2 \(white\)\n 3  \. \. \. \. \. \.  3    to move: player 2 \(white\)\n 2  \. \. \. \. \. \.  2\n 1  1 \. \. \. \. \.  1\n    a b c d e f]

# ---- what the engine knows: hint, review, rules (doc/protocol.md) ----------
# after black's d4 white wins at once with e5; every other move loses, the
# longest defences first
170 newgame rastros size=5
171 play b d4
172 hint all
#? [e5 W1 0\ne4 L16 W>L\nd5 L16 W>L\nd3 L14 W>L\nc4 L14 W>L\ne3 L12 W>L\nc5 L12 W>L]
173 hint 2
#? [e5 W1 0\ne4 L16 W>L]
179 hint ALL
#? [e5 W1 0\ne4 L16 W>L\nd5 L16 W>L\nd3 L14 W>L\nc4 L14 W>L\ne3 L12 W>L\nc5 L12 W>L]
174 hint 0
#? [syntax error: N must be 1 to 512 or all, not '0']*
1749 hint 513
#? [syntax error: N must be 1 to 512 or all, not '513']*
# a small budget: the book's winning move (player 2's stored strategy on
# 8x8) is a proven win, as genmove plays it; hint ranked two search scores
# first and left it out when the move's own proof did not fit (review 4)
1021 newgame rastros size=8
1022 play b d4
1023 set_option nodes 100
1024 hint 1
#? [c3 W 0]
1025 set_option nodes 0
1026 newgame rastros size=5
1027 play b d4
175 play w c5
176 review
#? [1 black d4 \?\? L2 d3 W17\n2 white c5 \?\? L12 e5 W1\nblack moves 1 only 0 mistakes 0 blunders 1 errors 100\.0%\nwhite moves 1 only 0 mistakes 0 blunders 1 errors 100\.0%]
177 rules chess
#? [unknown game]*
178 rules
#? [Rastros \(Slime Trail\): .*A move is written as the square the snail goes to: c3\.]

# A game won in a goal corner: its position string shows the snail there,
# which setposition refuses (the rules reject a snail on a goal corner, as
# doc/protocol.md's getposition says); its record carries the game
180 setrecord %5BGame%20%22rastros%22%5D%0A%5BVariant%20%22size%3D6%22%5D%0A%0A1.%20c3%20b2%202.%20a1%0A
#? []
181 getposition
#? [6/6/3x2/2x3/1x4/s5 2]
182 game_over
#? [black wins: snail reached a1]
183 setposition 6/6/3x2/2x3/1x4/s5 2
#? [invalid position: the snail cannot stand on a goal corner]*
184 game_over
#? [black wins: snail reached a1]
