# grasshopper.tst -- Grasshopper rules through the real engine
# (doc/rules/grasshopper.md), in GNU Go's regression format (see
# tests/run_regress): numbered commands, "#? [REGEX]" for the result.

# --- the start of the 4-piece game
1 newgame grasshopper pieces=4
2 getposition
#? [\.\.\.\.\.\./\.\.\.\.\.\./\.\.\.\.\.\./\.\.\.\.\.\. w 4,4 0,0 -]
3 legal_moves
#? [0/1 0/2 0/3 0/4 0/5 0/6]
4 perft 1
#? [6]
5 perft 2
#? [30]
6 perft 4
#? [2880]
7 perft 5
#? [34920]

# --- entering, occupied points, the next quadrant only
8 play b 0/3
#? [wrong color: white]*
9 play w 0/3
#? []
10 play b 0/3
#? [illegal move.*]*
11 play b 0/7
#? [illegal move.*]*
12 play b 0/4
#? []
13 legal_moves
#? [0/1 0/2 0/5 0/6 3/7 3/8 3/9 3/10 3/11 3/12]
14 play w 3/13
#? [illegal move.*]*
15 play w 3x9
#? [illegal move.*]*
16 play W 3-9
#? []
17 play b 4/10
#? []
18 getposition
#? [\.\.\.\.\.\./\.\.wb\.\./\.\.\.\.\.\./\.\.\.\.\.\. w 3,3 0,0 -]
19 legal_moves
#? [0/1 0/2 0/3 0/4 0/5 0/6 9/13 9/14 9/15 9/16 9/17 9/18]

# --- building a wall at p+6, and it blocks singles of both colours
20 play w 0/3
#? []
21 play b 0/1
#? []
22 play w 3/9
#? []
23 getposition
#? [b\.\.\.\.\./\.\.Wb\.\./\.\.\.\.\.\./\.\.\.\.\.\. b 2,2 0,0 -]
24 legal_moves
#? [0/2 0/3 0/4 0/5 0/6 1/7 1/8 10/13 10/14 10/15 10/16 10/17 10/18]
25 play b 1/12
#? [illegal move.*]*

# --- a single is blocked by a wall strictly between; a wall's top jumps
26 newgame grasshopper pieces=4
27 setposition w..b../.B..W./w.b.../...... w 0,0 0,0 -
#? []
28 legal_moves
#? [1/7 11/14 11/16 11/17 11/18 13/19 13/20 13/21 13/22 13/23 13/24]
29 play w 1/9
#? [illegal move.*]*
30 play w 11/17
#? []
31 getposition
#? [w\.\.b\.\./\.B\.\.w\./w\.b\.w\./\.\.\.\.\.\. b 0,0 0,0 -]
32 legal_moves
#? [4/7 8/14 8/16 8/18 15/19 15/20 15/21 15/22 15/23 15/24]
33 perft 3
#? [[0-9]+]

# --- two scores in succession win, and a won game takes no moves
34 newgame grasshopper pieces=4
35 setposition ....../....../....b./W....b w 0,2 1,0 w
#? []
36 legal_moves
#? [19/off]
37 genmove w
#? [19/off]
38 legal_moves
#? []
39 perft 1
#? [0]
# a GTP controller's pass in a finished game is taken and changes nothing;
# any other move is refused
40 play b pass
#? []
940 play b 0/1
#? [game over]*
941 legal_moves
#? []

# the winning bear-off wins although it leaves neither side a move
41 setposition ....../....../....../Wb.b.. w 0,0 1,1 w
#? []
42 play w 19/OFF
#? []
43 getposition
#? [\.\.\.\.\.\./\.\.\.\.\.\./\.\.\.\.\.\./\.b\.b\.\. b 0,0 2,1 w]
44 legal_moves
#? []

# a bear-off that is not the second in succession: frozen, a draw
45 setposition ....../....../....../Wb.b.. w 0,0 1,1 b
#? []
46 play w 19/off
#? []
47 legal_moves
#? []
48 perft 2
#? [0]

# --- a frozen position: no moves, perft 0
49 setposition ....../....../....../wbwb.. w 0,0 1,1 b
#? []
50 legal_moves
#? []
51 perft 3
#? [0]
52 play w pass
#? []
952 perft 1
#? [0]

# --- forced pass
53 newgame grasshopper pieces=2
54 setposition ....../....../....../w.w... w 0,2 0,0 -
#? []
55 legal_moves
#? [pass]
56 play w 0/1
#? [illegal move.*]*
57 genmove w
#? [pass]
58 legal_moves
#? [0/1 0/2 0/3 0/4 0/5 0/6]
59 play b pass
#? [illegal move.*]*

# --- position strings are checked against the pieces option
60 newgame grasshopper pieces=4
61 setposition ....../....../....../...... w 14,14 0,0 -
#? [invalid position.*]*
62 setposition ..W.../....../....../...... w 2,4 0,0 -
#? [invalid position.*]*
63 setposition ...../.......//....../...... w 4,4 0,0 -
#? [invalid position.*]*
64 setposition ....../....../....../...... x 4,4 0,0 -
#? [invalid position.*]*
65 setposition ....../....../....../...... w 4,4 0,0 -
#? []
66 setposition ........................ b 4,4 0,0 -
#? []
67 getposition
#? [\.\.\.\.\.\./\.\.\.\.\.\./\.\.\.\.\.\./\.\.\.\.\.\. b 4,4 0,0 -]

# --- the variant option
68 newgame grasshopper pieces=5
#? [invalid value: pieces must be an even number from 2 to 14, not '5']*
69 newgame grasshopper size=5
#? [unknown option: size]*
# doc/rules/grasshopper.md: an option without '=' is a syntax error
953 newgame grasshopper pieces
#? [syntax error: options are key=value]*
954 newgame grasshopper =4
#? [syntax error: options are key=value]*
70 newgame grasshopper
71 getposition
#? [\.\.\.\.\.\./\.\.\.\.\.\./\.\.\.\.\.\./\.\.\.\.\.\. w 14,14 0,0 -]
72 perft 3
#? [300]
73 genmove w
#? [0/[1-6]]

# --- the solver: the pieces=4 start is a draw (a fraction of a second);
# without a table where the tables option points, the solver searches
74 newgame grasshopper pieces=4
75 set_option tables /
#? [no table files in /]
76 solve
#? [draw 0/[1-6]]
77 set_option tables none
#? []
# a won position: white scored last and holds a wall in D
78 setposition ....../....../....../W..... w 0,4 1,0 w
#? []
79 solve
#? [win 19/off in 1]
# black to move cannot stop white's second score: a loss
80 setposition ....../....../b..b../W..b.. b 0,1 1,0 w
#? []
81 solve
#? [loss.*]

# --- why_no_move: why places of the side to move start no move, and why a
# pass is forced, in the words the shell and the web board say
100 newgame grasshopper pieces=4
101 why_no_move
#? []
102 setposition ....../wbW.../....../b..... w 1,2 0,0 -
#? []
103 why_no_move
#? [7 the wall on 9 blocks its way]
104 newgame grasshopper pieces=14
105 setposition wbbbbb/W...../.b..../W...b. b 9,7 0,0 -
#? []
106 legal_moves
#? [pass]
107 why_no_move
#? [0 A is full\n2 the wall on 7 blocks its way\n3 the wall on 7 blocks its way\n4 the wall on 7 blocks its way\n5 the wall on 7 blocks its way\n6 the wall on 7 blocks its way\n14 the wall on 19 blocks its way\n23 a single in D cannot move on \(only a wall is borne off\)\npass the wall on 7 blocks 2-6; the wall on 19 blocks 14; a single in D \(23\) cannot move on; A is full, so the reserve cannot enter]
108 newgame grasshopper pieces=8
109 setposition ..w.../bbbbbb/....../...... w 7,2 0,0 -
#? []
110 why_no_move
#? [3 B \(7-12\) is full]
112 newgame rastros
113 why_no_move
#? [not supported by this game: rastros gives no reasons]*
114 why_no_move white
#? [syntax error.*]*
