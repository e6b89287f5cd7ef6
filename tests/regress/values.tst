# values.tst -- positions whose values are proved, which solve, winning_moves
# and a small genmove must keep (per game): the search's behaviour, beside
# the bench signature's node count. The moves were proved by the exact
# solvers (Rastros' against a plain minimax in check_search); a genmove of
# 20,000 nodes must play a winning move, and solve must say the value and,
# under its node limit, the distance (where it finds one: the true one).

# rastros: white to move wins only by g5 in 3 plies
1 newgame rastros
#? []
2 setposition 7/7/5s1/3xxxx/4xxx/5xx/7 2
#? []
3 set_option nodes 3000000
#? []
4 winning_moves
#? [g5]
5 solve
#? [win (g5) in 3]
6 set_option nodes 20000
#? []
7 reg_genmove white
#? [g5]

# rastros: white to move wins only by e7 in 3 plies
8 newgame rastros
#? []
9 setposition 3s3/3xx2/2x1x2/1x1x1x1/2x3x/2xxxx1/4xx1 2
#? []
10 set_option nodes 3000000
#? []
11 winning_moves
#? [e7]
12 solve
#? [win (e7) in 3]
13 set_option nodes 20000
#? []
14 reg_genmove white
#? [e7]

# rastros: black to move wins only by c4 in 21 plies
15 newgame rastros
#? []
16 setposition 7/7/4x2/3xx1x/1s1xxxx/2xxx1x/1xx1xx1 1
#? []
17 set_option nodes 3000000
#? []
18 winning_moves
#? [c4]
19 solve
#? [win (c4) in 21]
20 set_option nodes 20000
#? []
21 reg_genmove black
#? [c4]

# rastros: black to move wins only by c4 or e5
22 newgame rastros
#? []
23 setposition 1xxxx2/1xxxx2/2xs3/3x3/7/7/7 1
#? []
24 set_option nodes 3000000
#? []
25 winning_moves
#? [c4 e5]
26 solve
#? [win (c4|e5)( in [0-9]+)?]
27 set_option nodes 20000
#? []
28 reg_genmove black
#? [c4|e5]

# rastros: black to move wins only by a5 in 7 plies
29 newgame rastros
#? []
30 setposition 7/xs2x2/1xxx1x1/1xxxxx1/2xxx2/7/7 1
#? []
31 set_option nodes 3000000
#? []
32 winning_moves
#? [a5]
33 solve
#? [win (a5) in 7]
34 set_option nodes 20000
#? []
35 reg_genmove black
#? [a5]

# rastros: white to move wins only by d1 or d2 in 19 plies
36 newgame rastros
#? []
37 setposition 7/2x4/1xxx3/xxxx3/1xx4/1x5/2s4 2
#? []
38 set_option nodes 3000000
#? []
39 winning_moves
#? [d1 d2]
40 solve
#? [win (d1|d2) in 19]
41 set_option nodes 20000
#? []
42 reg_genmove white
#? [d1|d2]

# rastros size=6: white to move wins only by b5 or c5 in 21 plies
43 newgame rastros size=6
#? []
44 setposition 6/x5/xs1x2/1xx3/6/6 2
#? []
45 set_option nodes 3000000
#? []
46 winning_moves
#? [b5 c5]
# the opening book holds this position (its proof takes over 2,700 nodes):
# a book answer says no distance, so the distance is asked of a proof
190 set_option book false
#? []
47 solve
#? [win (b5|c5) in 21]
191 set_option book true
#? []
48 set_option nodes 20000
#? []
49 reg_genmove white
#? [b5|c5]

# rastros size=6: white to move wins only by e1 in 11 plies
50 newgame rastros size=6
#? []
51 setposition 2x3/1xxx2/2xx2/3x2/3s2/6 2
#? []
52 set_option nodes 3000000
#? []
53 winning_moves
#? [e1]
54 solve
#? [win (e1) in 11]
55 set_option nodes 20000
#? []
56 reg_genmove white
#? [e1]

# rastros size=8: white to move wins only by g5 or h5
57 newgame rastros size=8
#? []
58 setposition 8/8/8/1x1xx3/xxxx1xsx/1xx1xxx1/1x3xx1/8 2
#? []
59 set_option nodes 3000000
#? []
60 winning_moves
#? [g5 h5]
61 solve
#? [win (g5|h5)( in [0-9]+)?]
62 set_option nodes 20000
#? []
63 reg_genmove white
#? [g5|h5]

# rastros size=8: white to move wins only by e4 or f4
64 newgame rastros size=8
#? []
65 setposition 8/8/8/1xx1x3/1xxx4/x1xxsx2/1x2xxx1/6x1 2
#? []
66 set_option nodes 3000000
#? []
67 winning_moves
#? [e4 f4]
68 solve
#? [win (e4|f4)( in [0-9]+)?]
69 set_option nodes 20000
#? []
70 reg_genmove white
#? [e4|f4]

# grasshopper pieces=4: black to move wins only by 13/19 in 9 plies
71 newgame grasshopper pieces=4
#? []
72 setposition ....../....b./b.ww../.Bww.. b 0,0 0,0 -
#? []
73 set_option nodes 3000000
#? []
74 winning_moves
#? [13/19]
75 solve
#? [win (13/19) in 9]
76 set_option nodes 20000
#? []
77 reg_genmove black
#? [13/19]

# grasshopper pieces=4: black to move wins only by 16/19 in 13 plies
78 newgame grasshopper pieces=4
#? []
79 setposition .w..../.b.b../.w.b../..bww. b 0,0 0,0 -
#? []
80 set_option nodes 3000000
#? []
81 winning_moves
#? [16/19]
82 solve
#? [win (16/19) in 13]
83 set_option nodes 20000
#? []
84 reg_genmove black
#? [16/19]

# grasshopper pieces=4: black to move wins only by 18/23 in 9 plies
85 newgame grasshopper pieces=4
#? []
86 setposition ....../.....w/b...bb/b.ww.w b 0,0 0,0 -
#? []
87 set_option nodes 3000000
#? []
88 winning_moves
#? [18/23]
89 solve
#? [win (18/23) in 9]
90 set_option nodes 20000
#? []
91 reg_genmove black
#? [18/23]

# grasshopper: white to move wins only by 4/10 in 7 plies
92 newgame grasshopper
#? []
93 setposition wbbwb./bw.wbb/wbBb.w/bbwwwb w 3,1 1,0 w
#? []
94 set_option nodes 3000000
#? []
95 winning_moves
#? [4/10]
96 solve
#? [win (4/10) in 7]
97 set_option nodes 20000
#? []
98 reg_genmove white
#? [4/10]

# grasshopper: black to move wins only by 10/17 in 9 plies
99 newgame grasshopper
#? []
100 setposition ..b.../wwwB.w/wBwb../bbbwbw b 0,0 3,2 w
#? []
101 set_option nodes 3000000
#? []
102 winning_moves
#? [10/17]
103 solve
#? [win (10/17) in 9]
104 set_option nodes 20000
#? []
105 reg_genmove black
#? [10/17]

# tablut: the king escapes in one, to i7 or g9 (the generic solver proves it)
106 newgame tablut
#? []
107 setposition 3t1t3/4t4/2t3K2/t3T3t/ttTT1TTtt/4T3t/4T1t2/4t4/3ttt3 w
#? []
108 set_option nodes 3000000
#? []
109 solve
#? [win (g7-i7|g7-g9) in 1]
110 set_option nodes 20000
#? []
111 reg_genmove white
#? [g7-i7|g7-g9]

# rastros: start squares that lose for player 1 (bench/results/rastros-starts-*.txt):
# 5x5 from a5 (in 19 plies), 6x6 from a3, 7x7 from c5 and from e3 (its transposition)
112 newgame rastros size=5 start=a5
#? []
113 set_option nodes 30000000
#? []
114 solve
#? [loss in 19]
115 newgame rastros size=6 start=a3
#? []
116 solve
#? [loss.*]
117 newgame rastros size=7 start=c5
#? []
118 solve
#? [loss.*]
119 newgame rastros size=7 start=e3
#? []
120 solve
#? [loss.*]
121 newgame rastros size=7 start=c4
#? []
122 solve
#? [win.*]
