# grasshopper.tst -- Grasshopper rules through the real engine
# (doc/rules/grasshopper.md). Each expectation is a POSIX ERE matched
# against the whole response, "= " or "? " included.

# --- the start of the 4-piece game
newgame grasshopper pieces=4
getposition
#? [= \.\.\.\.\.\./\.\.\.\.\.\./\.\.\.\.\.\./\.\.\.\.\.\. w 4,4 0,0 -]
legal_moves
#? [= 0/1 0/2 0/3 0/4 0/5 0/6]
perft 1
#? [= 6]
perft 2
#? [= 30]
perft 4
#? [= 2880]
perft 5
#? [= 34920]

# --- entering, occupied points, the next quadrant only
play b 0/3
#? [\? .*]
play w 0/3
#? [= ?]
play b 0/3
#? [\? illegal move.*]
play b 0/7
#? [\? illegal move.*]
play b 0/4
#? [= ?]
legal_moves
#? [= 0/1 0/2 0/5 0/6 3/7 3/8 3/9 3/10 3/11 3/12]
play w 3/13
#? [\? illegal move.*]
play w 3x9
#? [\? illegal move.*]
play W 3-9
#? [= ?]
play b 4/10
#? [= ?]
getposition
#? [= \.\.\.\.\.\./\.\.wb\.\./\.\.\.\.\.\./\.\.\.\.\.\. w 3,3 0,0 -]
legal_moves
#? [= 0/1 0/2 0/3 0/4 0/5 0/6 9/13 9/14 9/15 9/16 9/17 9/18]

# --- building a wall at p+6, and it blocks singles of both colours
play w 0/3
#? [= ?]
play b 0/1
#? [= ?]
play w 3/9
#? [= ?]
getposition
#? [= b\.\.\.\.\./\.\.Wb\.\./\.\.\.\.\.\./\.\.\.\.\.\. b 2,2 0,0 -]
legal_moves
#? [= 0/2 0/3 0/4 0/5 0/6 1/7 1/8 10/13 10/14 10/15 10/16 10/17 10/18]
play b 1/12
#? [\? illegal move.*]

# --- a single is blocked by a wall strictly between; a wall's top jumps
newgame grasshopper pieces=4
setposition w..b../.B..W./w.b.../...... w 0,0 0,0 -
#? [= ?]
legal_moves
#? [= 1/7 11/14 11/16 11/17 11/18 13/19 13/20 13/21 13/22 13/23 13/24]
play w 1/9
#? [\? illegal move.*]
play w 11/17
#? [= ?]
getposition
#? [= w\.\.b\.\./\.B\.\.w\./w\.b\.w\./\.\.\.\.\.\. b 0,0 0,0 -]
legal_moves
#? [= 4/7 8/14 8/16 8/18 15/19 15/20 15/21 15/22 15/23 15/24]
perft 3
#? [= [0-9]+]

# --- two scores in succession win, and a won game takes no moves
newgame grasshopper pieces=4
setposition ....../....../....b./W....b w 0,2 1,0 w
#? [= ?]
legal_moves
#? [= 19/off]
genmove w
#? [= 19/off]
legal_moves
#? [= ?]
perft 1
#? [= 0]
play b pass
#? [\? .*]

# the winning bear-off wins although it leaves neither side a move
setposition ....../....../....../Wb.b.. w 0,0 1,1 w
#? [= ?]
play w 19/OFF
#? [= ?]
getposition
#? [= \.\.\.\.\.\./\.\.\.\.\.\./\.\.\.\.\.\./\.b\.b\.\. b 0,0 2,1 w]
legal_moves
#? [= ?]

# a bear-off that is not the second in succession: frozen, a draw
setposition ....../....../....../Wb.b.. w 0,0 1,1 b
#? [= ?]
play w 19/off
#? [= ?]
legal_moves
#? [= ?]
perft 2
#? [= 0]

# --- a frozen position: no moves, perft 0
setposition ....../....../....../wbwb.. w 0,0 1,1 b
#? [= ?]
legal_moves
#? [= ?]
perft 3
#? [= 0]
play w pass
#? [\? .*]

# --- forced pass
newgame grasshopper pieces=2
setposition ....../....../....../w.w... w 0,2 0,0 -
#? [= ?]
legal_moves
#? [= pass]
play w 0/1
#? [\? illegal move.*]
genmove w
#? [= pass]
legal_moves
#? [= 0/1 0/2 0/3 0/4 0/5 0/6]
play b pass
#? [\? illegal move.*]

# --- position strings are checked against the pieces option
newgame grasshopper pieces=4
setposition ....../....../....../...... w 14,14 0,0 -
#? [\? invalid position.*]
setposition ..W.../....../....../...... w 2,4 0,0 -
#? [\? invalid position.*]
setposition ...../.......//....../...... w 4,4 0,0 -
#? [\? invalid position.*]
setposition ....../....../....../...... x 4,4 0,0 -
#? [\? invalid position.*]
setposition ....../....../....../...... w 4,4 0,0 -
#? [= ?]
setposition ........................ b 4,4 0,0 -
#? [= ?]
getposition
#? [= \.\.\.\.\.\./\.\.\.\.\.\./\.\.\.\.\.\./\.\.\.\.\.\. b 4,4 0,0 -]

# --- the variant option
newgame grasshopper pieces=5
#? [\? .*]
newgame grasshopper size=5
#? [\? .*]
newgame grasshopper
getposition
#? [= \.\.\.\.\.\./\.\.\.\.\.\./\.\.\.\.\.\./\.\.\.\.\.\. w 14,14 0,0 -]
perft 3
#? [= 300]
genmove w
#? [= 0/[1-6]]

# --- the solver: the pieces=4 start is a draw (a fraction of a second);
# without a table where the tables option points, the solver searches
newgame grasshopper pieces=4
set_option tables /nonexistent/dir
#? [=]
solve
#? [= draw 0/[1-6]]
set_option tables none
#? [=]
# a won position: white scored last and holds a wall in D
setposition ....../....../....../W..... w 0,4 1,0 w
#? [= ?]
solve
#? [= win 19/off in 1]
# black to move cannot stop white's second score: a loss
setposition ....../....../b..b../W..b.. b 0,1 1,0 w
#? [= ?]
solve
#? [= loss.*]
