/* engine_limits.h -- the bounds of the engine's limit options, for the option
 * table (options.c), for tabula-match (match/options.c), which refuses a
 * --depth or --movetime the engine would refuse, instead of sending it and
 * playing with no limit, and for tabula-web's caps on a session's options
 * (web_main.c), and for the number of variant options. A header of
 * constants: it links nothing. */
#ifndef TABULA_ENGINE_LIMITS_H
#define TABULA_ENGINE_LIMITS_H

#define TABULA_DEPTH_MAX 127            /* plies (the option 'depth') */
#define TABULA_MOVETIME_MAX 86400000    /* ms, a day (the option 'movetime') */
#define TABULA_HASH_MAX_MB 65536        /* MB (the option 'hash') */
#define TABULA_HASH_DEFAULT_MB 64       /* MB (the option 'hash'; the checks of
                                         * struct game's checked_nodes use it) */
/* variant options of one newgame (tabula-match refuses more: the engine
 * would refuse the game) */
#define TABULA_VARIANT_OPTS_MAX 8

#endif
