# protocol.tst -- every command of the protocol table (src/protocol.c)
# through the real engine, mostly on Rastros (doc/protocol.md). GNU Go's
# regression format (tests/run_regress; gogui-regress runs it too):
# numbered commands, "#? [REGEX]" matched against the result without "= id",
# "#? [REGEX]*" for a command that must fail with that message. Exact
# framing (ids, empty lines) is tests/run_robust's.
# Searches are depth-limited or on positions small enough to solve at once.

# ---- administration -------------------------------------------------------
1 protocol_version
#? [2]
2 name
#? [Tabula]
3 version
#? [[0-9]+\.[0-9]+(\.[0-9]+)?.*]
4 name
#? [Tabula]
5 known_command play
#? [true]
6 known_command gogui-rules_board
#? [true]
7 known_command fly
#? [false]
8 known_command
#? [syntax error]*
9 known_command play genmove
#? [syntax error]*
10 list_commands
#? [protocol_version\nname\nversion\nknown_command\nlist_commands\nhelp\nquit\nlist_games\nnewgame\n(.*\n)?play\ngenmove\nreg_genmove\nundo\n(.*\n)?solve\n(.*\n)?savegame\nloadgame\n(.*\n)?gogui-rules_final_result\ngogui-rules_board_gfx]
11 help play
#? [play COLOR MOVE - play MOVE for COLOR]
12 help undo
#? [undo \[N\] - take back N moves \(default 1\)]
13 help
#? [protocol_version - protocol version \(2\)\nname - engine name\n.*\ngogui-rules_final_result - GoGui: result text\ngogui-rules_board_gfx - GoGui: [^\n]*]
14 help fly
#? [unknown command]*
15 help play undo
#? [syntax error]*
16 fly
#? [unknown command]*
17 PLAY black c3
#? [unknown command]*

# ---- comments, tabs, blanks: the runner also checks nothing answers a
# comment-only or empty line (commands and responses must pair up)
   # an indented comment

18 name # a comment after a command
#? [Tabula]
19	name	
#? [Tabula]
  20	 version  
#? [[0-9]+\.[0-9]+.*]
21 12x name
#? [unknown command]*

# ---- games ---------------------------------------------------------------
22 list_games
#? [rastros\ntablut\ngrasshopper]
23 newgame
#? [syntax error]*
24 newgame chess
#? [unknown game]*
25 newgame rastros colour=red
#? [unknown option: colour]*
26 newgame rastros size=9
#? [invalid value: size must be 5\.\.8.*]*
27 newgame rastros size=x
#? [invalid value.*]*
28 newgame rastros size
#? [syntax error.*]*
# an option with nothing before its '=' is not key=value either (it was an
# unknown option with an empty key)
1105 newgame tablut =3
#? [syntax error: options are key=value]*
1106 newgame rastros size=6 =
#? [syntax error: options are key=value]*
29 newgame rastros start=a1
#? [invalid value.*]*
30 newgame rastros start=z9
#? [invalid value.*]*
# a failing newgame changes nothing: still the default 7x7 game
31 getposition
#? [7/7/7/3s3/7/7/7 1]
32 newgame rastros size=5 start=b4
#? []
33 getposition
#? [5/1s3/5/5/5 1]
# game names, option keys and squares are case-insensitive
34 newgame RASTROS size=6
#? []
35 newgame rastros START=B2 size=6
#? []
36 getposition
#? [6/6/6/6/1s4/6 1]
37 play b c3
#? []
38 clear_board
#? []
39 getposition
#? [6/6/6/6/1s4/6 1]
40 history
#? []

# boardsize: a new game of that size (the start square back to the centre)
41 boardsize 5
#? []
42 getposition
#? [5/5/2s2/5/5 1]
43 boardsize 8
#? []
44 getposition
#? [8/8/8/4s3/8/8/8/8 1]
45 boardsize 9
#? [unacceptable size]*
46 boardsize 4
#? [unacceptable size]*
47 boardsize x
#? [syntax error]*
48 boardsize
#? [syntax error]*
49 getposition
#? [8/8/8/4s3/8/8/8/8 1]
50 newgame tablut
#? []
# a game of one board size takes that size (GoGui sends it before
# clear_board): the game restarts
51 play black e2-c2
#? []
52 boardsize 9
#? []
53 history
#? []
54 boardsize 7
#? [unacceptable size]*
55 newgame grasshopper
#? []
56 boardsize 7
#? [unacceptable size]*
# Grasshopper's track is shown to GoGui on 6x6
57 boardsize 6
#? []

# ---- setposition / getposition -------------------------------------------
58 newgame rastros
#? []
59 setposition 7/7/7/3x3/2s4/7/7 2
#? []
60 getposition
#? [7/7/7/3x3/2s4/7/7 2]
61 side_to_move
#? [white]
62 history
#? []
63 setposition 7/7/7/3X3/2S4/7/7 2
#? []
64 getposition
#? [7/7/7/3x3/2s4/7/7 2]
65 setposition 7/7/7/3s3/7/7 1
#? [invalid position.*]*
66 setposition 7/7/7/3s3/7/7/7 3
#? [invalid position.*]*
67 setposition 7/7/7/3s3/7/7/7
#? [invalid position.*]*
68 setposition 7/7/7/3s3/7/7/6s 1
#? [invalid position.*]*
69 setposition 7/7/7/7/7/7/7 1
#? [invalid position.*]*
70 setposition 7/7/7/3s3/7/7/7 1 junk
#? [invalid position.*]*
71 setposition 7/7/7/3q3/7/7/7 1
#? [invalid position.*]*
72 setposition 6s/7/7/7/7/7/7 1
#? [invalid position.*]*
73 setposition
#? [syntax error]*
# the rejections changed nothing
74 getposition
#? [7/7/7/3x3/2s4/7/7 2]
75 setposition 5/5/2s2/5/5 1
#? []
76 getposition
#? [5/5/2s2/5/5 1]
77 perft 2
#? [56]

# ---- showboard and the GoGui rules commands ------------------------------
78 newgame rastros size=5
#? []
79 play black c2
#? []
80 showboard
#? [a b c d e\n 5  \. \. \. \. 2  5    @ snail  # slime\n 4  \. \. \. \. \.  4    1 a1 goal of player 1 \(black\)\n 3  \. \. # \. \.  3    2 e5 goal of player 2 \(white\)\n 2  \. \. @ \. \.  2    to move: player 2 \(white\)\n 1  1 \. \. \. \.  1\n    a b c d e]
81 gogui-rules_game_id
#? [Rastros]
82 gogui-rules_board_size
#? [5]
83 gogui-rules_board
#? [\. \. \. \. \.\n\. \. \. \. \.\n\. \. O \. \.\n\. \. X \. \.\n\. \. \. \. \.]
84 gogui-rules_legal_moves
#? [B1 C1 D1 B2 D2 B3 D3]
85 gogui-rules_side_to_move
#? [white]
86 gogui-rules_final_result
#? [ongoing]
87 play W B2
#? []
88 gogui-rules_side_to_move
#? [black]
89 play B A1
#? []
90 gogui-rules_legal_moves
#? []
91 gogui-rules_final_result
#? [black wins: snail reached a1]
92 gogui-rules_board
#? [\. \. \. \. \.\n\. \. \. \. \.\n\. \. O \. \.\n\. O O \. \.\nX \. \. \. \.]
# the goal corners, coloured and labelled, and the last move
93 gogui-rules_board_gfx
#? [COLOR #[0-9a-f]+ A1\nCOLOR #[0-9a-f]+ E5\nLABEL A1 1\nLABEL E5 2\nMARK A1]
# Rastros: results drawn on the board (plist, pstring)
94 gogui-analyze_commands
#? [plist/Legal moves/legal_moves\nplist/Winning moves/winning_moves\npstring/Solve/solve(\n(string|pstring|plist|gfx|none)/[^\n/]+/[^\n]+)*]
95 newgame rastros size=8
#? []
96 gogui-rules_board_size
#? [8]
97 gogui-rules_board_gfx
#? [COLOR #[0-9a-f]+ A1\nCOLOR #[0-9a-f]+ H8\nLABEL A1 1\nLABEL H8 2]
# Tablut: GoGui is its ruler, a move two clicks (the piece, where it goes);
# the cells are the stones, gfx marks the king and the empty castle
98 newgame tablut
#? []
99 gogui-rules_game_id
#? [Tablut]
100 gogui-rules_board_size
#? [9]
101 gogui-rules_board
#? [\. \. \. X X X \. \. \.\n\. \. \. \. X \. \. \. \.\n\. \. \. \. O \. \. \. \.\nX \. \. \. O \. \. \. X\nX X O O O O O X X\nX \. \. \. O \. \. \. X\n\. \. \. \. O \. \. \. \.\n\. \. \. \. X \. \. \. \.\n\. \. \. X X X \. \. \.]
# the points where moves start (the first click)
102 gogui-rules_legal_moves
#? [D1 F1 E2 A4 J4 B5 H5 A6 J6 E8 D9 F9]
103 gogui-rules_side_to_move
#? [black]
104 gogui-rules_board_gfx
#? [COLOR #[0-9a-f]+ E5\nLABEL E5 K\nTEXT black \(attackers\) to move; 16 attackers, 8 defenders and the king]
105 play black e2-c2
#? []
106 play white e5-h5
#? [illegal move.*]*
107 play white e4-c4
#? []
108 play black c2-c3
#? []
109 play white e5-e4
#? []
# the king has left the castle: the empty castle is squared, where he came
# from tinted
110 gogui-rules_board_gfx
#? [COLOR #[0-9a-f]+ E4\nLABEL E4 K\nSQUARE E5\nCOLOR #c0c0e8 E5\nTEXT black \(attackers\) to move; .*]
111 gogui-analyze_commands
#? [gfx/Status line/gogui-rules_board_gfx\nplist/Points to click/gogui-rules_legal_moves\ngfx/Winning moves/gogui-gfx winning_moves(\n(string|gfx|plist)/[^\n/]+/[^\n]+)*]
# Ashton: the empty camps are triangles (a camp left empty by d1-d3)
1101 newgame tablut rules=ashton
#? []
1102 play w e3-h3
#? []
1103 play b d1-d3
#? []
1104 gogui-rules_board_gfx
#? [COLOR #[0-9a-f]+ E5\nLABEL E5 K\nTRIANGLE D1\nCOLOR #[0-9a-f]+ D1\nTEXT white \(defenders\) to move; .*]
# Grasshopper: reserves on row 1, the track a quadrant a row on rows 2-5,
# the scores on row 6
112 newgame grasshopper pieces=4
#? []
113 gogui-rules_game_id
#? [Grasshopper]
114 gogui-rules_board_size
#? [6]
115 gogui-rules_board
#? [\. \. \. \. \. \.\n\. \. \. \. \. \.\n\. \. \. \. \. \.\n\. \. \. \. \. \.\n\. \. \. \. \. \.\nO \. \. \. \. X]
# the first click of a move: the reserve (A1 for white)
116 gogui-rules_legal_moves
#? [A1]
117 gogui-rules_side_to_move
#? [white]
118 setposition w...../.W.b../....../B..... b 1,1 0,0 -
#? []
119 gogui-rules_board_gfx
#? [COLOR #[0-9a-f]+ B1 B6 C1 C6 D1 D6 E1 E6\nLABEL A1 1\nLABEL A6 0\nLABEL F1 1\nLABEL F6 0\nLABEL B2 2\n.*\nLABEL B3 x2\n.*\nLABEL A5 x2\n.*\nLABEL F5 24\nTEXT black to move; reserves 1-1, scores 0-0 \(white-black\)]
120 gogui-rules_final_result
#? [ongoing]

# ---- play -----------------------------------------------------------------
121 newgame rastros
#? []
122 play black d5
#? []
123 history
#? [d5]
124 play white d5
#? [illegal move.*]*
125 play white d4
#? [illegal move.*]*
126 play white a1
#? [illegal move.*]*
127 play white d8
#? [illegal move.*]*
128 play white pass
#? [illegal move.*]*
129 play white 5d
#? [illegal move.*]*
130 play black e6
#? [wrong color: white]*
131 play 1 e6
#? [wrong color: white]*
132 play b e6
#? [wrong color: white]*
133 play red e6
#? [invalid color]*
134 play white
#? [syntax error]*
135 play white e6 e7
#? [syntax error]*
136 play
#? [syntax error]*
# none of the failures changed the game
137 history
#? [d5]
138 play WHITE E6
#? []
139 play p1 f7
#? []
140 play player2 g7
#? []
141 history
#? [d5 e6 f7 g7]
142 game_over
#? [white wins: snail reached g7]
143 play black f6
#? [game over]*
144 play white f6
#? [game over]*

# ---- final_score, game_over --------------------------------------------
145 final_score
#? [W\+]
146 undo
#? []
147 game_over
#? [ongoing]
148 final_score
#? [game not over]*
149 newgame rastros
#? []
150 play black c3
#? []
151 play white b2
#? []
152 play black a1
#? []
153 game_over
#? [black wins: snail reached a1]
154 final_score
#? [B\+]
# entering the opponent's corner loses at once
155 undo 2
#? []
156 play white b2
#? []
157 play white b1
#? [wrong color: black]*
158 play black b1
#? []
159 play white a1
#? []
160 game_over
#? [black wins: snail reached a1]
161 final_score
#? [B\+]
162 legal_moves
#? []
163 legal_moves black
#? []
164 newgame rastros
#? []
165 play black e5
#? []
166 play white f6
#? []
167 play black g7
#? []
168 game_over
#? [white wins: snail reached g7]
169 final_score
#? [W\+]

# ---- genmove / reg_genmove ------------------------------------------------
170 newgame rastros size=5
#? []
# a legal move, and not d4 (white would step into e5)
171 set_option depth 4
#? []
172 reg_genmove black
#? [(b2|c2|d2|b3|d3|b4|c4)]
173 history
#? []
174 genmove black
#? [(b2|c2|d2|b3|d3|b4|c4)]
175 history
#? [(b2|c2|d2|b3|d3|b4|c4)]
176 genmove black
#? [wrong color: white]*
177 genmove red
#? [invalid color]*
178 genmove
#? [syntax error]*
# an immediate win is taken
179 newgame rastros
#? []
180 play black c3
#? []
181 play white b2
#? []
182 reg_genmove b
#? [a1]
183 genmove 1
#? [a1]
184 genmove white
#? [game over]*
185 reg_genmove white
#? [game over]*
186 set_option resign true
#? []
187 genmove white
#? [resign]
188 history
#? [c3 b2 a1]
# resign also in a proven loss (every move enters a1 or stops next to it)
189 newgame rastros size=5
#? []
190 setposition xxxx1/xxxxx/xxxxx/1sxxx/2xxx 2
#? []
191 genmove white
#? [resign]
192 history
#? []
193 set_option resign false
#? []
194 genmove white
#? [(a1|b1|a2)]
195 set_option depth 0
#? []

# ---- undo -----------------------------------------------------------------
196 newgame rastros
#? []
197 undo
#? [cannot undo]*
198 play b c3
#? []
199 play w c2
#? []
200 play b d1
#? []
201 undo 0
#? []
202 history
#? [c3 c2 d1]
203 undo 4
#? [cannot undo]*
204 undo -1
#? [syntax error]*
205 undo x
#? [syntax error]*
206 undo 1 2
#? [syntax error]*
207 history
#? [c3 c2 d1]
208 undo 2
#? []
209 history
#? [c3]
210 getposition
#? [7/7/7/3x3/2s4/7/7 2]
211 undo
#? []
212 getposition
#? [7/7/7/3s3/7/7/7 1]
213 undo
#? [cannot undo]*
# undo goes back to a setposition, not further
214 setposition 7/7/7/3x3/2s4/7/7 2
#? []
215 play w b2
#? []
216 undo
#? []
217 getposition
#? [7/7/7/3x3/2s4/7/7 2]
218 undo
#? [cannot undo]*

# ---- legal_moves, side_to_move -------------------------------------------
219 newgame rastros
#? []
220 legal_moves
#? [c3 d3 e3 c4 e4 c5 d5 e5]
221 legal_moves black
#? [c3 d3 e3 c4 e4 c5 d5 e5]
222 legal_moves 1
#? [c3 d3 e3 c4 e4 c5 d5 e5]
223 legal_moves white
#? []
224 legal_moves red
#? [invalid color]*
225 legal_moves black white
#? [syntax error]*
226 side_to_move
#? [black]
227 play b e5
#? []
228 side_to_move
#? [white]
229 legal_moves
#? [e4 f4 d5 f5 d6 e6 f6]
230 legal_moves b
#? []

# ---- clocks ---------------------------------------------------------------
231 time_settings 300 0 0
#? []
232 time_settings 0 10 25
#? []
233 time_settings 1.5 0.5 1
#? []
234 time_settings 300 0
#? [syntax error]*
235 time_settings x 0 0
#? [syntax error]*
236 time_settings -1 0 0
#? [syntax error]*
237 time_settings 300 0 -1
#? [syntax error]*
# decimal numbers only, and a number too large for a double is a long time
# (a QA pass, 2026-12-07: 0x10 was read as 16, 1e400 refused)
2371 time_settings 0x10 0 0
#? [syntax error]*
2372 time_settings inf 0 0
#? [syntax error]*
2373 time_settings 1e400 0 0
#? []
2374 time_left white 1e999 0
#? []
2375 time_settings .5 0 0
#? []
238 time_left white 12.5 0
#? []
239 time_left 2 30 0
#? []
240 time_left red 30 0
#? [invalid color]*
241 time_left white x 0
#? [syntax error]*
242 time_left white 30
#? [syntax error]*
243 time_left white 30 x
#? [syntax error]*

# ---- options --------------------------------------------------------------
244 list_options
#? [engine type alphabeta\|mcts\|random default alphabeta value alphabeta choices alphabeta\|mcts\|random\nmovetime type ms default 0 value 0 min 0 max 86400000\ndepth type plies default 0 value 0 min 0 max 127\nnodes type count default 0 value 0 min 0 max 18446744073709551615\nthreads type count default 1 value 1 min 1 max 64\nhash type MB default 64 value 64 min 1 max 65536\nseed type number default 0 value 0 min 0 max 18446744073709551615\nresign type bool default false value false choices true\|false\nbook type bool default true value true choices true\|false\nlevel type number default 0 value 0 min 0 max 5\ntables type path default /.*/tables value none]
245 set_option depth 5
#? []
246 get_option depth
#? [5]
247 set_option depth x
#? [invalid value: depth must be 0 to 127 \(plies\), not 'x']*
248 set_option depth -1
#? [invalid value: depth must be 0 to 127 \(plies\), not '-1']*
249 get_option depth
#? [5]
250 set_option movetime 250
#? []
251 get_option movetime
#? [250]
252 set_option movetime 0
#? []
253 set_option nodes 100000
#? []
254 get_option nodes
#? [100000]
255 set_option nodes -5
#? [invalid value: nodes must be 0 or more \(count\), not '-5']*
256 set_option nodes 0
#? []
257 set_option threads 1
#? []
258 set_option threads 2
#? []
259 get_option threads
#? [2]
260 set_option threads 65
#? [invalid value: threads must be 1 to 64 \(count\), not '65']*
261 set_option threads 0
#? [invalid value: threads must be 1 to 64 \(count\), not '0']*
262 set_option threads 1
#? []
263 set_option hash 16
#? []
264 get_option hash
#? [16]
265 set_option hash 0
#? [invalid value: hash must be 1 to 65536 \(MB\), not '0']*
266 set_option engine mcts
#? []
267 get_option engine
#? [mcts]
268 set_option engine minimax
#? [invalid value: engine must be alphabeta, mcts or random, not 'minimax']*
269 get_option engine
#? [mcts]
270 set_option engine random
#? []
271 set_option engine alphabeta
#? []
272 set_option resign on
#? []
273 get_option resign
#? [true]
274 set_option resign maybe
#? [invalid value: resign must be true or false \(also on/off, yes/no, 1/0\), not 'maybe']*
275 set_option resign no
#? []
276 get_option resign
#? [false]
277 set_option book off
#? []
278 get_option book
#? [false]
279 set_option book perhaps
#? [invalid value: book must be true or false \(also on/off, yes/no, 1/0\), not 'perhaps']*
280 set_option book true
#? []
281 set_option tables /nonexistent/dir
#? [invalid value: /nonexistent/dir: No such file or directory]*
282 get_option tables
#? [none]
283 set_option tables none
#? []
284 get_option tables
#? [none]
# a choice in any case, as the booleans (review 6: 'engine MCTS' refused)
443 set_option engine MCTS
#? []
444 get_option engine
#? [mcts]
445 set_option engine AlphaBeta
#? []
446 get_option engine
#? [alphabeta]
# a path is the rest of the line (review 6: a syntax error); other values
# are one word
447 set_option tables /nonexistent/a dir
#? [invalid value: /nonexistent/a dir: No such file or directory]*
448 set_option depth 3 4
#? [syntax error]*
449 set_option engine mcts random
#? [syntax error]*
450 get_option engine
#? [alphabeta]
285 set_option seed 12345
#? []
286 get_option seed
#? [12345]
287 set_option colour red
#? [unknown option]*
288 get_option colour
#? [unknown option]*
289 set_option depth
#? [syntax error]*
290 get_option
#? [syntax error]*
291 set_random_seed 42
#? []
292 get_option seed
#? [42]
293 set_random_seed x
#? [syntax error]*
294 set_random_seed -3
#? [syntax error]*
295 set_random_seed
#? [syntax error]*
296 get_option seed
#? [42]
297 set_option depth 0
#? []
298 set_option hash 64
#? []

# ---- solve, eval, perft ----------------------------------------------------
# 5x5 from c3: player 1 wins; its winning first moves are c2, b3, d3 and c4
# (d4 lets white into e5; b2, d2, b4 lose too)
299 newgame rastros size=5
#? []
300 solve
#? [win (c2|b3|d3|c4)( in 17)?]
301 play b d4
#? []
302 solve
#? [win e5 in 1]
303 undo
#? []
304 play b c2
#? []
305 solve
#? [loss( in [0-9]+)?]
# one winning move: b3 leaves white no move; d3 e3 loses
306 setposition xxxxx/xxxxx/x1s2/xxxxx/xxxxx 1
#? []
307 solve
#? [win b3 in 1]
# white must enter a1 or stop next to it
308 setposition xxxx1/xxxxx/xxxxx/1sxxx/2xxx 2
#? []
309 solve
#? [loss in 2]
310 eval
#? [-?[0-9]+]
# a finished game cannot be solved or evaluated
311 setposition xxxxx/xxxxx/xxsxx/xxxxx/xxxxx 1
#? []
312 game_over
#? [white wins: no legal move]
313 solve
#? [game over.*]*
314 eval
#? [game over]*
315 perft 1
#? [0]
316 newgame rastros
#? []
317 perft 0
#? [1]
318 perft 1
#? [8]
319 perft 3
#? [368]
320 perft 5
#? [9858]
321 perft
#? [syntax error]*
322 perft x
#? [syntax error]*
323 perft -1
#? [syntax error]*
324 eval
#? [-?[0-9]+]

# ---- savegame / loadgame ----------------------------------------------------
325 newgame rastros size=6
#? []
326 play black c3
#? []
327 play white b2
#? []
328 savegame /tmp/tabula-regress-save.rec
#? []
329 newgame tablut
#? []
330 loadgame /tmp/tabula-regress-save.rec
#? []
331 getposition
#? [6/6/3x2/2x3/1s4/6 1]
332 history
#? [c3 b2]
333 side_to_move
#? [black]
334 undo 2
#? []
335 getposition
#? [6/6/3s2/6/6/6 1]
336 loadgame /tmp/tabula-regress-save.rec 1
#? []
337 history
#? [c3]
338 loadgame /tmp/tabula-regress-save.rec 0
#? []
339 history
#? []
340 loadgame /tmp/tabula-regress-save.rec x
#? [syntax error]*
341 loadgame
#? [syntax error]*
342 loadgame /nonexistent/tabula.rec
#? [cannot open file.*]*
# issue 11, item 6: an endless file is refused at once, not read for ever
343 loadgame /dev/zero
#? [cannot open file: not a regular file \(a device\)]*
344 savegame /nonexistent/tabula.rec
#? [cannot open file.*]*
345 savegame
#? [syntax error]*
# a set-up position and a finished game survive the round trip
346 newgame rastros size=5
#? []
347 setposition xxxxx/xxxxx/x1s2/xxxxx/xxxxx 1
#? []
348 play black b3
#? []
349 savegame /tmp/tabula-regress-save.rec
#? []
350 newgame grasshopper
#? []
351 loadgame /tmp/tabula-regress-save.rec
#? []
352 game_over
#? [black wins: no legal move]
353 history
#? [b3]
354 undo
#? []
355 getposition
#? [xxxxx/xxxxx/x1s2/xxxxx/xxxxx 1]
356 undo
#? [cannot undo]*

# ---- Tablut and Grasshopper through newgame ---------------------------------
357 newgame tablut
#? []
358 getposition
#? [3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3 b]
359 side_to_move
#? [black]
360 perft 1
#? [80]
361 play white e3-e2
#? [wrong color: black]*
362 play attackers d1-d2
#? []
363 side_to_move
#? [white]
364 play defenders e3-h3
#? []
365 history
#? [d1-d2 e3-h3]
366 play b e5-e6
#? [illegal move.*]*
367 game_over
#? [ongoing]
368 newgame tablut repetition=3
#? []
369 newgame tablut repetition=1
#? [invalid value.*]*
370 newgame tablut size=9
#? [unknown option.*]*
371 newgame grasshopper
#? []
372 getposition
#? [\.\.\.\.\.\./\.\.\.\.\.\./\.\.\.\.\.\./\.\.\.\.\.\. w 14,14 0,0 -]
373 side_to_move
#? [white]
374 play black 0/1
#? [wrong color: white]*
375 play white 0/1
#? []
376 play 2 0/2
#? []
377 play 1 0/2
#? [illegal move.*]*
378 history
#? [0/1 0/2]
379 newgame grasshopper pieces=4
#? []
380 perft 2
#? [30]
381 newgame grasshopper pieces=99
#? [invalid value.*]*
# ---- list_variants, genmove_analyze, getrecord / setrecord ----------------
400 list_variants rastros
#? [size type int default 7 min 5 max 8 step 1 boardsize help [^\n]*\nstart type square default - help [^\n]*]
401 list_variants tablut
#? [rules type choice default tablut choices tablut\|ashton help [^\n]*\nrepetition type int default 2 min 2 max 10 step 1 help [^\n]*\nnomove type choice default - choices draw\|loss help [^\n]*]
402 list_variants grasshopper
#? [pieces type int default 14 min 2 max 14 step 2 help pieces a side]
403 list_variants
#? [pieces type int default 14 min 2 max 14 step 2 help pieces a side]
404 list_variants chess
#? [unknown game]*
405 list_variants rastros tablut
#? [syntax error]*
406 newgame rastros size=5
#? []
407 play black d4
#? []
408 genmove_analyze white
#? [(info depth [0-9]+ score [-WL0-9]+ nodes [0-9]+ nps [0-9]+ time [0-9]+ pv [a-e1-5 -]+\n)+play e5]
409 game_over
#? [white wins: snail reached e5]
410 genmove_analyze black
#? [game over]*
411 undo
#? []
412 genmove_analyze black
#? [wrong color: white]*
413 genmove_analyze white 5 x
#? [syntax error]*
414 genmove_analyze purple
#? [invalid color]*
415 getrecord
#? [%5BEvent%20%22%3F%22%5D%0A.*%5BGame%20%22rastros%22%5D%0A%5BVariant%20%22size%3D5%22%5D%0A.*1.%20d4%20%2A%0A%0A]
416 newgame tablut
#? []
417 setrecord %5BGame%20%22rastros%22%5D%0A%5BVariant%20%22size%3D5%22%5D%0A%0A1.%20d4%20e4%20%2A%0A
#? []
418 history
#? [d4 e4]
419 setrecord %5BGame%20%22rastros%22%5D%0A%5BVariant%20%22size%3D5%22%5D%0A%0A1.%20d4%20e4%20%2A%0A 1
#? []
420 history
#? [d4]
421 setrecord %5BGame%20%22rastros%22%5D%0A%0A1.%20a1%20%2A
#? [illegal move: a1]*
422 history
#? [d4]
423 setrecord %ZZ
#? [syntax error: not percent-encoded]*
424 setrecord
#? [syntax error]*
425 setrecord hello
#? [invalid position.*]*
426 getrecord x
#? [syntax error: too many arguments]*
# a record without a Game tag (any third-party PGN) says what is missing;
# it said only 'unknown game'
1107 setrecord %5BEvent%20%22x%22%5D%0A%0A1.%20c3%20%2A%0A
#? [unknown game: the record has no Game tag]*
1108 history
#? [d4]
# a Variant tag with an empty key is refused as newgame refuses it (it
# answered 'unknown option: ' with no key); the game is unchanged
1109 setrecord %5BGame%20%22rastros%22%5D%0A%5BVariant%20%22%3D3%22%5D%0A%0A%2A%0A
#? [syntax error: options are key=value]*
1110 history
#? [d4]
# a record whose comment or variation never closes is refused, not
# loaded up to the '{' or '(' (the rest swallowed); the game is unchanged
427 setrecord %5BGame%20%22rastros%22%5D%0A%5BVariant%20%22size%3D6%22%5D%0A%0A1.%20c3%20%7Bunterminated%20b2%202.%20a1%20%2A%0A
#? [invalid position: malformed record: unterminated comment.*]*
428 history
#? [d4]
429 setrecord %5BGame%20%22rastros%22%5D%0A%5BVariant%20%22size%3D6%22%5D%0A%0A1.%20c3%20%281.%20d3%20b2%202.%20a1%20%2A%0A
#? [invalid position: malformed record: unterminated variation.*]*
430 history
#? [d4]
# a UTF-8 byte order mark before the first tag is skipped
431 setrecord %EF%BB%BF%5BGame%20%22rastros%22%5D%0A%5BVariant%20%22size%3D6%22%5D%0A%0A1.%20c3%20b2%20%2A%0A
#? []
432 history
#? [c3 b2]
# closed comments, nested variations (skipped) and NAGs load as before
433 setrecord %5BGame%20%22rastros%22%5D%0A%5BVariant%20%22size%3D6%22%5D%0A%0A1.%20c3%20%244%20%7Bkept%7D%20%281.%20d3%20%7Bskipped%7D%20%281.%20e3%29%20e2%29%20b2%3F%3F%20%7Bsecond%7D%20%2A%0A
#? []
434 history
#? [c3 b2]
435 getrecord
#? [.*%0A%0A1.%20c3%20%244%20%7Bkept%7D%20b2%20%244%20%7Bsecond%7D%20%2A%0A%0A]
# a blank line inside a variation does not end the record
436 setrecord %5BGame%20%22rastros%22%5D%0A%5BVariant%20%22size%3D6%22%5D%0A%0A1.%20c3%20%281.%20d3%0A%0Ad2%29%20b2%20%2A%0A
#? []
437 history
#? [c3 b2]
# a command that takes no arguments refuses any, as getrecord does, and
# changes nothing (showboard, quit and the others once ignored them)
438 showboard extra
#? [syntax error: too many arguments]*
439 side_to_move now
#? [syntax error: too many arguments]*
440 gogui-gfx game_over x
#? [syntax error: too many arguments]*
441 quit now
#? [syntax error: too many arguments]*
442 history
#? [c3 b2]
# gogui-gfx draws what a command answers: it refuses one that does more,
# as it refuses one that changes the game (gogui-gfx quit ended the engine)
1111 gogui-gfx quit
#? [syntax error: not a command whose answer can be drawn]*
1112 gogui-gfx set_option depth 3
#? [syntax error: not a command whose answer can be drawn]*
1113 gogui-gfx time_settings 10 0 0
#? [syntax error: not a command whose answer can be drawn]*
1114 gogui-gfx savegame /dev/null
#? [syntax error: not a command whose answer can be drawn]*
1115 get_option depth
#? [0]
1116 name
#? [Tabula]
# the last line agrees with the move played: the 5x5 start is proved won
# (c2) and a short look for a quicker win ends on a heuristic line that
# begins b2; a last line gives the proof's result for c2 (the stream ended
# on "score 148 ... pv b2 c1 b1" before: a QA pass, 2026-12-07)
4081 newgame rastros size=5
#? []
4082 genmove_analyze black
#? [info depth 0 score W nodes [0-9]+ nps [0-9]+ time [0-9]+ pv c2\n(info [^\n]*\n)*info depth [1-9][^\n]* pv b2[^\n]*\ninfo depth 0 score W nodes [0-9]+ nps [0-9]+ time [0-9]+ pv c2\nplay c2]
382 quit
#? []
