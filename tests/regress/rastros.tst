# rastros.tst -- the rules of Rastros (doc/rules/rastros.md) through the
# protocol: sizes 5-8, start=, perft, goal corners, the two ways to lose,
# and searches on positions small enough to be solved at once.
# Positions: ranks from the top, x slime, s snail, digits free squares.

# ---- sizes, start squares, perft -------------------------------------------
# the perft figures are the table of doc/rules/rastros.md
newgame rastros size=5
getposition
#? [= 5/5/2s2/5/5 1]
perft 1
#? [= 8]
perft 2
#? [= 56]
perft 3
#? [= 262]
perft 4
#? [= 1038]
perft 6
#? [= 12322]
perft 9
#? [= 392530]
newgame rastros size=6
getposition
#? [= 6/6/3s2/6/6/6 1]
perft 3
#? [= 314]
perft 5
#? [= 6540]
perft 8
#? [= 405382]
newgame rastros
getposition
#? [= 7/7/7/3s3/7/7/7 1]
perft 3
#? [= 368]
perft 4
#? [= 2014]
perft 7
#? [= 191514]
perft 9
#? [= 3315602]
newgame rastros size=7
getposition
#? [= 7/7/7/3s3/7/7/7 1]
newgame rastros size=8
getposition
#? [= 8/8/8/4s3/8/8/8/8 1]
perft 4
#? [= 2174]
perft 6
#? [= 58586]
perft 8
#? [= 1281784]
newgame rastros size=4
#? [\? invalid value.*]
newgame rastros size=9
#? [\? invalid value.*]
newgame rastros size=seven
#? [\? invalid value.*]

# start=: from b2 the snail may step into a1 at once (a leaf of perft 2):
# 1 + a2 4 + a3 4 + b1 4 + b3 7 + c1 4 + c2 7 + c3 7 = 38
newgame rastros start=b2
getposition
#? [= 7/7/7/7/7/1s5/7 1]
perft 1
#? [= 8]
perft 2
#? [= 38]
# a corner that is no goal: a7 has three neighbours, then 4 + 7 + 4
newgame rastros start=a7
perft 1
#? [= 3]
perft 2
#? [= 15]
newgame rastros size=5 start=e1
getposition
#? [= 5/5/5/5/4s 1]
perft 2
#? [= 15]
newgame rastros size=8 start=b7
getposition
#? [= 8/1s6/8/8/8/8/8/8 1]
perft 2
#? [= 39]
newgame rastros size=7 start=e5
getposition
#? [= 7/7/4s2/7/7/7/7 1]
perft 3
#? [= 314]
newgame rastros size=5 start=d3
getposition
#? [= 5/5/3s1/5/5 1]
# the goal corners and squares off the board are refused as start squares
newgame rastros start=a1
#? [\? invalid value.*]
newgame rastros start=g7
#? [\? invalid value.*]
newgame rastros size=5 start=e5
#? [\? invalid value.*]
newgame rastros size=8 start=h8
#? [\? invalid value.*]
newgame rastros start=h1
#? [\? invalid value.*]
newgame rastros start=e5 size=6
#? [=]
getposition
#? [= 6/4s1/6/6/6/6 1]
newgame rastros start=f6 size=6
#? [\? invalid value.*]
# clear_board keeps the variant
play b d5
clear_board
getposition
#? [= 6/4s1/6/6/6/6 1]

# ---- goal corners -------------------------------------------------------------
# each size: player 2's corner is the top-right one
newgame rastros size=5
play b d4
play w e5
game_over
#? [= white wins: snail reached e5]
newgame rastros size=6
play b e5
play w f6
game_over
#? [= white wins: snail reached f6]
final_score
#? [= W\+]
newgame rastros size=8
play b f6
play w g7
play b h8
# player 1 stepped into player 2's corner: player 2 wins
game_over
#? [= white wins: snail reached h8]
final_score
#? [= W\+]
legal_moves
#? [=]
perft 1
#? [= 0]
newgame rastros
play b c3
play w b2
play b a1
game_over
#? [= black wins: snail reached a1]
final_score
#? [= B\+]
# player 2 stepping into player 1's corner: player 1 wins
undo
play b b1
play w a1
game_over
#? [= black wins: snail reached a1]
final_score
#? [= B\+]
# a goal corner slimed in a set-up position can never be reached
newgame rastros size=5
setposition 5/5/5/xs3/x4 1
#? [=]
legal_moves
#? [= b1 c1 c2 a3 b3 c3]
play b a1
#? [\? illegal move.*]
# the snail never sits on a goal corner in a position string
setposition 5/5/5/5/s4 1
#? [\? invalid position.*]
setposition 4s/5/5/5/5 2
#? [\? invalid position.*]

# ---- no legal move loses --------------------------------------------------------
newgame rastros size=5
setposition xxxxx/xxxxx/x1s2/xxxxx/xxxxx 1
legal_moves
#? [= b3 d3]
play b b3
game_over
#? [= black wins: no legal move]
final_score
#? [= B\+]
legal_moves
#? [=]
undo
play b d3
play w e3
game_over
#? [= white wins: no legal move]
final_score
#? [= W\+]
# a position where the side to move is already stuck
setposition xxxxx/xxxxx/xxsxx/xxxxx/xxxxx 2
game_over
#? [= black wins: no legal move]
genmove white
#? [\? game over]

# ---- moves: syntax and legality -------------------------------------------------
newgame rastros
play b d4
#? [\? illegal move.*]
play b d6
#? [\? illegal move.*]
play b h8
#? [\? illegal move.*]
play b c3x
#? [\? illegal move.*]
play b C3
#? [=]
play w d4
#? [\? illegal move.*]
play w  b2 
#? [=]
history
#? [= c3 b2]
getposition
#? [= 7/7/7/3x3/2x4/1s5/7 1]

# ---- genmove -------------------------------------------------------------------
set_option depth 3
# an immediate win is taken
genmove b
#? [= a1]
# and for player 2
newgame rastros
play b e5
play w e6
play b f6
reg_genmove w
#? [= g7]
# player 2 must not enter a1 or stop next to it (b1, a2): c1 c2 a3 b3 c3 win
newgame rastros size=5
setposition 5/5/5/1s3/5 2
genmove w
#? [= (c1|c2|a3|b3|c3)]
# f6 and f7 let player 2 into g7; d6 loses to c7; d5 d6 c7 wins
newgame rastros
setposition xx1xx2/xxx1s1x/xxx1xxx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx 1
legal_moves
#? [= d5 d6 f6 f7]
genmove b
#? [= d5]
genmove w
#? [= d6]
genmove b
#? [= c7]
game_over
#? [= black wins: no legal move]
# a single legal move is played at once
newgame rastros size=5
setposition s2xx/xxxxx/xxxxx/xxxxx/xxxxx 1
genmove b
#? [= b5]
set_option depth 0

# ---- the opening at 10 ms/move -----------------------------------------------------
# Each of these 7x7 positions has one winning move, which the engine of 9714f1d
# missed at 100 ms and at 1 s a move; the opening book knows it.
newgame rastros
set_option movetime 10
play b e3
play w d3
reg_genmove b
#? [= e2]
play b e4
reg_genmove w
#? [= d5]
newgame rastros
play b e3
play w e4
reg_genmove b
#? [= f3]
newgame rastros
play b c3
play w b3
reg_genmove b
#? [= b4]
newgame rastros
play b c4
play w b3
reg_genmove b
#? [= c2]
set_option movetime 0

# ---- solved positions ---------------------------------------------------------------
# 5x5: player 1 wins with c2, b3, d3 or c4 (d4 lets player 2 into e5; b2,
# d2 and b4 lose)
newgame rastros size=5
solve
#? [= win (c2|b3|d3|c4)( in 17)?]
play b b2
solve
#? [= win [a-e][1-5]( in [0-9]+)?]
undo
play b b3
solve
#? [= loss( in [0-9]+)?]
undo
play b d4
solve
#? [= win e5 in 1]
# 6x6: player 1 wins with c3, d3 or c4
newgame rastros size=6
solve
#? [= win (c3|d3|c4)( in [0-9]+)?]
# the 7x7 endgame above: d5 d6 c7
newgame rastros
setposition xx1xx2/xxx1s1x/xxx1xxx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx 1
solve
#? [= win d5 in 3]
# geography without goals: a path of two free squares loses, three win
newgame rastros size=5
setposition s2xx/xxxxx/xxxxx/xxxxx/xxxxx 1
solve
#? [= loss( in 2)?]
setposition s3x/xxxxx/xxxxx/xxxxx/xxxxx 1
solve
#? [= win b5( in 3)?]
# a 2x2 block with the snail in it: three moves, the mover makes the last
setposition s1xxx/2xxx/xxxxx/xxxxx/xxxxx 1
solve
#? [= win (b5|a4|b4)( in 3)?]
# a 2x3 block, the snail at its top middle: a perfect matching, so every
# move wins; b4 (next to every square) in 3, the others in 5
setposition 1s1xx/3xx/xxxxx/xxxxx/xxxxx 1
solve
#? [= win (b4 in 3|a4|b4|c4|a5|c5)]
play b a4
solve
#? [= loss( in 4)?]
# player 2 stuck next to a1: every move enters it or stops next to it
setposition xxxx1/xxxxx/xxxxx/1sxxx/2xxx 2
solve
#? [= loss in 2]

# ---- showboard ------------------------------------------------------------------------
newgame rastros size=6
play b e5
showboard
#? [= \n    a b c d e f\n 6  \. \. \. \. \. 2  6    @ snail  # slime\n 5  \. \. \. \. @ \.  5    1 a1 goal of player 1 \(black\)\n 4  \. \. \. # \. \.  4    2 f6 goal of player 2 \(white\)\n 3  \. \. \. \. \. \.  3    to move: player 2 \(white\)\n 2  \. \. \. \. \. \.  2\n 1  1 \. \. \. \. \.  1\n    a b c d e f]
