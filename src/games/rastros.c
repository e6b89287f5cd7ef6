/* placeholder */
#include "game.h"
const struct game rastros_game = { .name = "rastros" };
