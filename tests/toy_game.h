/* toy_game.h -- the race-to-ten game of tests/toy_game.c. */
#ifndef TABULA_TOY_GAME_H
#define TABULA_TOY_GAME_H

#include "game.h"

/* the state: toy_game.state_size bytes */
struct toy { int total, side, target; };

extern const struct game toy_game;

#endif
