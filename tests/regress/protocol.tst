# protocol.tst -- every command of the protocol table (src/protocol.c)
# through the real engine, mostly on Rastros (doc/protocol.md). Each
# expectation is a POSIX ERE matched against the whole response ("= ..." or
# "? ..."; the runner drops ids, see tests/run_robust for exact framing).
# Searches are depth-limited or on positions small enough to solve at once.

# ---- administration -------------------------------------------------------
protocol_version
#? [= 2]
name
#? [= Tabula]
version
#? [= [0-9]+\.[0-9]+(\.[0-9]+)?.*]
12 name
#? [= Tabula]
known_command play
#? [= true]
known_command gogui-rules_board
#? [= true]
known_command fly
#? [= false]
known_command
#? [\? syntax error]
known_command play genmove
#? [\? syntax error]
list_commands
#? [= protocol_version\nname\nversion\nknown_command\nlist_commands\nhelp\nquit\nlist_games\nnewgame\n(.*\n)?play\ngenmove\nreg_genmove\nundo\n(.*\n)?solve\n(.*\n)?savegame\nloadgame\n(.*\n)?gogui-rules_final_result]
help play
#? [= play COLOR MOVE - play MOVE for COLOR]
help undo
#? [= undo \[N\] - take back N moves \(default 1\)]
help
#? [= protocol_version - protocol version \(2\)\nname - engine name\n.*\ngogui-rules_final_result - GoGui: result text]
help fly
#? [\? unknown command]
help play undo
#? [\? syntax error]
fly
#? [\? unknown command]
PLAY black c3
#? [\? unknown command]

# ---- comments, tabs, blanks: the runner also checks nothing answers a
# comment-only or empty line (commands and responses must pair up)
   # an indented comment

name # a comment after a command
#? [= Tabula]
	name	
#? [= Tabula]
  7	 version  
#? [= [0-9]+\.[0-9]+.*]
3
#? [\? syntax error: no command]
12x name
#? [\? unknown command]

# ---- games ---------------------------------------------------------------
list_games
#? [= rastros\ntablut\ngrasshopper]
newgame
#? [\? syntax error]
newgame chess
#? [\? unknown game]
newgame rastros colour=red
#? [\? unknown option: colour]
newgame rastros size=9
#? [\? invalid value: size must be 5\.\.8.*]
newgame rastros size=x
#? [\? invalid value.*]
newgame rastros size
#? [\? syntax error.*]
newgame rastros start=a1
#? [\? invalid value.*]
newgame rastros start=z9
#? [\? invalid value.*]
# a failing newgame changes nothing: still the default 7x7 game
getposition
#? [= 7/7/7/3s3/7/7/7 1]
newgame rastros size=5 start=b4
#? [=]
getposition
#? [= 5/1s3/5/5/5 1]
# game names, option keys and squares are case-insensitive
newgame RASTROS size=6
#? [=]
newgame rastros START=B2 size=6
#? [=]
getposition
#? [= 6/6/6/6/1s4/6 1]
play b c3
#? [=]
clear_board
#? [=]
getposition
#? [= 6/6/6/6/1s4/6 1]
history
#? [=]

# boardsize: a new game of that size (the start square back to the centre)
boardsize 5
#? [=]
getposition
#? [= 5/5/2s2/5/5 1]
boardsize 8
#? [=]
getposition
#? [= 8/8/8/4s3/8/8/8/8 1]
boardsize 9
#? [\? unacceptable size]
boardsize 4
#? [\? unacceptable size]
boardsize x
#? [\? syntax error]
boardsize
#? [\? syntax error]
getposition
#? [= 8/8/8/4s3/8/8/8/8 1]
newgame tablut
#? [=]
boardsize 9
#? [\? unacceptable size]
newgame grasshopper
#? [=]
boardsize 7
#? [\? unacceptable size]

# ---- setposition / getposition -------------------------------------------
newgame rastros
#? [=]
setposition 7/7/7/3x3/2s4/7/7 2
#? [=]
getposition
#? [= 7/7/7/3x3/2s4/7/7 2]
side_to_move
#? [= white]
history
#? [=]
setposition 7/7/7/3X3/2S4/7/7 2
#? [=]
getposition
#? [= 7/7/7/3x3/2s4/7/7 2]
setposition 7/7/7/3s3/7/7 1
#? [\? invalid position.*]
setposition 7/7/7/3s3/7/7/7 3
#? [\? invalid position.*]
setposition 7/7/7/3s3/7/7/7
#? [\? invalid position.*]
setposition 7/7/7/3s3/7/7/6s 1
#? [\? invalid position.*]
setposition 7/7/7/7/7/7/7 1
#? [\? invalid position.*]
setposition 7/7/7/3s3/7/7/7 1 junk
#? [\? invalid position.*]
setposition 7/7/7/3q3/7/7/7 1
#? [\? invalid position.*]
setposition 6s/7/7/7/7/7/7 1
#? [\? invalid position.*]
setposition
#? [\? syntax error]
# the rejections changed nothing
getposition
#? [= 7/7/7/3x3/2s4/7/7 2]
setposition 5/5/2s2/5/5 1
#? [=]
getposition
#? [= 5/5/2s2/5/5 1]
perft 2
#? [= 56]

# ---- showboard and the GoGui rules commands ------------------------------
newgame rastros size=5
#? [=]
play black c2
#? [=]
showboard
#? [= \n    a b c d e\n 5  \. \. \. \. 2  5    @ snail  # slime\n 4  \. \. \. \. \.  4    1 a1 goal of player 1 \(black\)\n 3  \. \. # \. \.  3    2 e5 goal of player 2 \(white\)\n 2  \. \. @ \. \.  2    to move: player 2 \(white\)\n 1  1 \. \. \. \.  1\n    a b c d e]
gogui-rules_game_id
#? [= rastros]
gogui-rules_board_size
#? [= 5]
gogui-rules_board
#? [= \n\. \. \. \. \.\n\. \. \. \. \.\n\. \. O \. \.\n\. \. X \. \.\n\. \. \. \. \.]
gogui-rules_legal_moves
#? [= B1 C1 D1 B2 D2 B3 D3]
gogui-rules_side_to_move
#? [= white]
gogui-rules_final_result
#? [= ongoing]
play W B2
#? [=]
gogui-rules_side_to_move
#? [= black]
play B A1
#? [=]
gogui-rules_legal_moves
#? [=]
gogui-rules_final_result
#? [= black wins: snail reached a1]
gogui-rules_board
#? [= \n\. \. \. \. \.\n\. \. \. \. \.\n\. \. O \. \.\n\. O O \. \.\nX \. \. \. \.]
gogui-analyze_commands
#? [= (string/[^\n]+/[^\n]+\n)*string/Solve/solve(\n[^\n]+)*]
newgame grasshopper
#? [=]
gogui-rules_game_id
#? [= grasshopper]
gogui-rules_board_size
#? [\? not supported by this game]
gogui-rules_board
#? [\? not supported by this game]
gogui-rules_legal_moves
#? [\? not supported by this game]
gogui-rules_side_to_move
#? [\? not supported by this game]

# ---- play -----------------------------------------------------------------
newgame rastros
#? [=]
play black d5
#? [=]
history
#? [= d5]
play white d5
#? [\? illegal move.*]
play white d4
#? [\? illegal move.*]
play white a1
#? [\? illegal move.*]
play white d8
#? [\? illegal move.*]
play white pass
#? [\? illegal move.*]
play white 5d
#? [\? illegal move.*]
play black e6
#? [\? wrong color: white]
play 1 e6
#? [\? wrong color: white]
play b e6
#? [\? wrong color: white]
play red e6
#? [\? invalid color]
play white
#? [\? syntax error]
play white e6 e7
#? [\? syntax error]
play
#? [\? syntax error]
# none of the failures changed the game
history
#? [= d5]
play WHITE E6
#? [=]
play p1 f7
#? [=]
play player2 g7
#? [=]
history
#? [= d5 e6 f7 g7]
game_over
#? [= white wins: snail reached g7]
play black f6
#? [\? game over]
play white f6
#? [\? game over]

# ---- final_score, game_over --------------------------------------------
final_score
#? [= W\+]
undo
#? [=]
game_over
#? [= ongoing]
final_score
#? [\? game not over]
newgame rastros
#? [=]
play black c3
#? [=]
play white b2
#? [=]
play black a1
#? [=]
game_over
#? [= black wins: snail reached a1]
final_score
#? [= B\+]
# entering the opponent's corner loses at once
undo 2
#? [=]
play white b2
#? [=]
play white b1
#? [\? wrong color: black]
play black b1
#? [=]
play white a1
#? [=]
game_over
#? [= black wins: snail reached a1]
final_score
#? [= B\+]
legal_moves
#? [=]
legal_moves black
#? [=]
newgame rastros
#? [=]
play black e5
#? [=]
play white f6
#? [=]
play black g7
#? [=]
game_over
#? [= white wins: snail reached g7]
final_score
#? [= W\+]

# ---- genmove / reg_genmove ------------------------------------------------
newgame rastros size=5
#? [=]
# a legal move, and not d4 (white would step into e5)
set_option depth 4
#? [=]
reg_genmove black
#? [= (b2|c2|d2|b3|d3|b4|c4)]
history
#? [=]
genmove black
#? [= (b2|c2|d2|b3|d3|b4|c4)]
history
#? [= (b2|c2|d2|b3|d3|b4|c4)]
genmove black
#? [\? wrong color: white]
genmove red
#? [\? invalid color]
genmove
#? [\? syntax error]
# an immediate win is taken
newgame rastros
#? [=]
play black c3
#? [=]
play white b2
#? [=]
reg_genmove b
#? [= a1]
genmove 1
#? [= a1]
genmove white
#? [\? game over]
reg_genmove white
#? [\? game over]
set_option resign true
#? [=]
genmove white
#? [= resign]
history
#? [= c3 b2 a1]
# resign also in a proven loss (every move enters a1 or stops next to it)
newgame rastros size=5
#? [=]
setposition xxxx1/xxxxx/xxxxx/1sxxx/2xxx 2
#? [=]
genmove white
#? [= resign]
history
#? [=]
set_option resign false
#? [=]
genmove white
#? [= (a1|b1|a2)]
set_option depth 0
#? [=]

# ---- undo -----------------------------------------------------------------
newgame rastros
#? [=]
undo
#? [\? cannot undo]
play b c3
#? [=]
play w c2
#? [=]
play b d1
#? [=]
undo 0
#? [=]
history
#? [= c3 c2 d1]
undo 4
#? [\? cannot undo]
undo -1
#? [\? syntax error]
undo x
#? [\? syntax error]
undo 1 2
#? [\? syntax error]
history
#? [= c3 c2 d1]
undo 2
#? [=]
history
#? [= c3]
getposition
#? [= 7/7/7/3x3/2s4/7/7 2]
undo
#? [=]
getposition
#? [= 7/7/7/3s3/7/7/7 1]
undo
#? [\? cannot undo]
# undo goes back to a setposition, not further
setposition 7/7/7/3x3/2s4/7/7 2
#? [=]
play w b2
#? [=]
undo
#? [=]
getposition
#? [= 7/7/7/3x3/2s4/7/7 2]
undo
#? [\? cannot undo]

# ---- legal_moves, side_to_move -------------------------------------------
newgame rastros
#? [=]
legal_moves
#? [= c3 d3 e3 c4 e4 c5 d5 e5]
legal_moves black
#? [= c3 d3 e3 c4 e4 c5 d5 e5]
legal_moves 1
#? [= c3 d3 e3 c4 e4 c5 d5 e5]
legal_moves white
#? [=]
legal_moves red
#? [\? invalid color]
legal_moves black white
#? [\? syntax error]
side_to_move
#? [= black]
play b e5
#? [=]
side_to_move
#? [= white]
legal_moves
#? [= e4 f4 d5 f5 d6 e6 f6]
legal_moves b
#? [=]

# ---- clocks ---------------------------------------------------------------
time_settings 300 0 0
#? [=]
time_settings 0 10 25
#? [=]
time_settings 1.5 0.5 1
#? [=]
time_settings 300 0
#? [\? syntax error]
time_settings x 0 0
#? [\? syntax error]
time_settings -1 0 0
#? [\? syntax error]
time_settings 300 0 -1
#? [\? syntax error]
time_left white 12.5 0
#? [=]
time_left 2 30 0
#? [=]
time_left red 30 0
#? [\? invalid color]
time_left white x 0
#? [\? syntax error]
time_left white 30
#? [\? syntax error]
time_left white 30 x
#? [\? syntax error]

# ---- options --------------------------------------------------------------
list_options
#? [= engine type alphabeta\|mcts\|random default alphabeta value alphabeta\nmovetime type ms default 0 value 0\ndepth type plies default 0 value 0\nnodes type count default 0 value 0\nthreads type count default 1 value 1\nhash type MB default 64 value 64\nseed type number default 0 value 0\nresign type bool default false value false]
set_option depth 5
#? [=]
get_option depth
#? [= 5]
set_option depth x
#? [\? invalid value]
set_option depth -1
#? [\? invalid value]
get_option depth
#? [= 5]
set_option movetime 250
#? [=]
get_option movetime
#? [= 250]
set_option movetime 0
#? [=]
set_option nodes 100000
#? [=]
get_option nodes
#? [= 100000]
set_option nodes -5
#? [\? invalid value]
set_option nodes 0
#? [=]
set_option threads 1
#? [=]
set_option threads 2
#? [=]
set_option threads 65
#? [\? invalid value]
set_option threads 0
#? [\? invalid value]
set_option threads 1
#? [=]
set_option hash 16
#? [=]
get_option hash
#? [= 16]
set_option hash 0
#? [\? invalid value]
set_option engine mcts
#? [=]
get_option engine
#? [= mcts]
set_option engine minimax
#? [\? invalid value]
get_option engine
#? [= mcts]
set_option engine random
#? [=]
set_option engine alphabeta
#? [=]
set_option resign on
#? [=]
get_option resign
#? [= true]
set_option resign maybe
#? [\? invalid value]
set_option resign no
#? [=]
get_option resign
#? [= false]
set_option seed 12345
#? [=]
get_option seed
#? [= 12345]
set_option colour red
#? [\? unknown option]
get_option colour
#? [\? unknown option]
set_option depth
#? [\? syntax error]
get_option
#? [\? syntax error]
set_random_seed 42
#? [=]
get_option seed
#? [= 42]
set_random_seed x
#? [\? syntax error]
set_random_seed -3
#? [\? syntax error]
set_random_seed
#? [\? syntax error]
get_option seed
#? [= 42]
set_option depth 0
#? [=]
set_option hash 64
#? [=]

# ---- solve, eval, perft ----------------------------------------------------
# 5x5 from c3: player 1 wins; its winning first moves are c2, b3, d3 and c4
# (d4 lets white into e5; b2, d2, b4 lose too)
newgame rastros size=5
#? [=]
solve
#? [= win (c2|b3|d3|c4)( in 17)?]
play b d4
#? [=]
solve
#? [= win e5 in 1]
undo
#? [=]
play b c2
#? [=]
solve
#? [= loss( in [0-9]+)?]
# one winning move: b3 leaves white no move; d3 e3 loses
setposition xxxxx/xxxxx/x1s2/xxxxx/xxxxx 1
#? [=]
solve
#? [= win b3 in 1]
# white must enter a1 or stop next to it
setposition xxxx1/xxxxx/xxxxx/1sxxx/2xxx 2
#? [=]
solve
#? [= loss in 2]
eval
#? [= -?[0-9]+]
# a finished game cannot be solved or evaluated
setposition xxxxx/xxxxx/xxsxx/xxxxx/xxxxx 1
#? [=]
game_over
#? [= white wins: no legal move]
solve
#? [\? game over.*]
eval
#? [\? game over]
perft 1
#? [= 0]
newgame rastros
#? [=]
perft 0
#? [= 1]
perft 1
#? [= 8]
perft 3
#? [= 368]
perft 5
#? [= 9858]
perft
#? [\? syntax error]
perft x
#? [\? syntax error]
perft -1
#? [\? syntax error]
eval
#? [= -?[0-9]+]

# ---- savegame / loadgame ----------------------------------------------------
newgame rastros size=6
#? [=]
play black c3
#? [=]
play white b2
#? [=]
savegame /tmp/tabula-regress-save.rec
#? [=]
newgame tablut
#? [=]
loadgame /tmp/tabula-regress-save.rec
#? [=]
getposition
#? [= 6/6/3x2/2x3/1s4/6 1]
history
#? [= c3 b2]
side_to_move
#? [= black]
undo 2
#? [=]
getposition
#? [= 6/6/3s2/6/6/6 1]
loadgame /tmp/tabula-regress-save.rec 1
#? [=]
history
#? [= c3]
loadgame /tmp/tabula-regress-save.rec 0
#? [=]
history
#? [=]
loadgame /tmp/tabula-regress-save.rec x
#? [\? syntax error]
loadgame
#? [\? syntax error]
loadgame /nonexistent/tabula.rec
#? [\? cannot open file.*]
# issue 11, item 6: an endless file is refused at once, not read for ever
loadgame /dev/zero
#? [\? cannot open file: not a text file \(a NUL byte at byte 1\)]
savegame /nonexistent/tabula.rec
#? [\? cannot open file.*]
savegame
#? [\? syntax error]
# a set-up position and a finished game survive the round trip
newgame rastros size=5
#? [=]
setposition xxxxx/xxxxx/x1s2/xxxxx/xxxxx 1
#? [=]
play black b3
#? [=]
savegame /tmp/tabula-regress-save.rec
#? [=]
newgame grasshopper
#? [=]
loadgame /tmp/tabula-regress-save.rec
#? [=]
game_over
#? [= black wins: no legal move]
history
#? [= b3]
undo
#? [=]
getposition
#? [= xxxxx/xxxxx/x1s2/xxxxx/xxxxx 1]
undo
#? [\? cannot undo]

# ---- Tablut and Grasshopper through newgame ---------------------------------
newgame tablut
#? [=]
getposition
#? [= 3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3 b]
side_to_move
#? [= black]
perft 1
#? [= 80]
play white e3-e2
#? [\? wrong color: black]
play attackers d1-d2
#? [=]
side_to_move
#? [= white]
play defenders e3-h3
#? [=]
history
#? [= d1-d2 e3-h3]
play b e5-e6
#? [\? illegal move.*]
game_over
#? [= ongoing]
newgame tablut repetition=3
#? [=]
newgame tablut repetition=1
#? [\? invalid value.*]
newgame tablut size=9
#? [\? unknown option.*]
newgame grasshopper
#? [=]
getposition
#? [= \.\.\.\.\.\./\.\.\.\.\.\./\.\.\.\.\.\./\.\.\.\.\.\. w 14,14 0,0 -]
side_to_move
#? [= white]
play black 0/1
#? [\? wrong color: white]
play white 0/1
#? [=]
play 2 0/2
#? [=]
play 1 0/2
#? [\? illegal move.*]
history
#? [= 0/1 0/2]
newgame grasshopper pieces=4
#? [=]
perft 2
#? [= 30]
newgame grasshopper pieces=99
#? [\? invalid value.*]
quit
#? [=]
