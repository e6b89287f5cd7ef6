# rastros_perfect.tst -- won Rastros positions that genmove must keep with a
# budget in nodes (set_option nodes 3000: about a millisecond, the same move
# at any load): the proof gets its nodes before the heuristic search, and
# what a proof of that size cannot settle is in the opening book
# (doc/rules/rastros.md, "Perfect play"). Each position is played in a new
# game (empty tables) before anything else looks at it; then solve and
# winning_moves say what wins.

# ---- 7x7 from e5, ply 8: only a7 wins (it played a5 at 10 ms under load) ----
1 newgame rastros start=e5
2 play b d4
3 play w e3
4 play b d2
5 play w e2
6 play b d3
7 play w c4
8 play b b5
9 play w a6
10 set_option nodes 3000
11 genmove black
#? [a7]
12 undo
16 set_option nodes 0
13 winning_moves
#? [a7]
14 play b a5
15 solve
#? [win .*]

# ---- 8x8 from e5, ply 13: c4, c5 and e4 win for player 2, e6 loses ----
20 newgame rastros size=8 start=e5
21 play b d4
22 play w c3
23 play b b3
24 play w a4
25 play b a5
26 play w a6
27 play b b5
28 play w b6
29 play b a7
30 play w a8
31 play b b7
32 play w c6
33 play b d5
40 set_option nodes 3000
34 genmove white
#? [(c4|c5|e4)]
35 undo
39 set_option nodes 0
36 winning_moves
#? [c4 e4 c5]
37 play w e6
38 solve
#? [win .*]

# ---- 7x7 from d4, one game: the engine plays player 1's every move ----
# With the tables its own earlier moves left, genmove threw this ply-10 win
# (it played e5, and only e3, f3 and g5 win); in a new game it played e3.
# A node budget without a clock now searches each move as in a new game
# (bench/rastros-walk7 --carry walks the whole tree so).
50 newgame rastros
51 set_option nodes 3000
52 genmove black
#? [c3]
53 play w d2
54 genmove black
#? [c1]
55 play w d1
56 genmove black
#? [e1]
57 play w f1
58 genmove black
#? [g1]
59 play w g2
60 genmove black
#? [g3]
61 play w f4
62 genmove black
#? [(e3|f3|g5)]
63 set_option nodes 0
64 undo
65 winning_moves
#? [e3 f3 g5]
