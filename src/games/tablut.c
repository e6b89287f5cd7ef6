/* tablut.c -- placeholder until the rules land: refuses to start. */
#include <stdio.h>
#include "game.h"

static int tablut_init(void *st, int nopts, const char *const *opts,
                       char *err, size_t errlen)
{
    (void)st; (void)nopts; (void)opts;
    snprintf(err, errlen, "not implemented yet");
    return GAME_EINVALID;
}

const struct game tablut_game = {
    .name = "tablut",
    .title = "tablut",
    .side_names = {"black", "white"},
    .side_aliases = {"b", "w"},
    .gtp_letter = {'B', 'W'},
    .state_size = 8,
    .undo_size = 8,
    .init = tablut_init,
};
