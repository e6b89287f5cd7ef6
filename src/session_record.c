/* session_record.c -- the session to a game record and back (PGN,
 * record.h): savegame, loadgame, the web board's downloads and uploads.
 * Knows the session, struct game and records. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "config.h"
#include "record.h"
#include "session.h"

struct session_tags {
    struct game_record hdr;     /* the tags (no moves) */
    int nmoves;                 /* the game's moves when loaded, */
    uint64_t hash;              /* its position then */
};

/* A record's header tags into dst (its moves, game, variant and position
 * untouched): the roster and time control, and with result how the game
 * ended when src says it did (a PGN result: "1-0", "0-1", "1/2-1/2"; a
 * Result tag of other text is none); an empty Date keeps dst's. */
static void copy_header(struct game_record *dst, const struct game_record *src, int result)
{
    memcpy(dst->event, src->event, sizeof dst->event);
    memcpy(dst->site, src->site, sizeof dst->site);
    if (src->date[0])
        memcpy(dst->date, src->date, sizeof dst->date);
    memcpy(dst->round, src->round, sizeof dst->round);
    memcpy(dst->players, src->players, sizeof dst->players);
    memcpy(dst->timecontrol, src->timecontrol, sizeof dst->timecontrol);
    memcpy(dst->player_tc, src->player_tc, sizeof dst->player_tc);
    if (result && (!strcmp(src->result, "1-0") || !strcmp(src->result, "0-1") ||
                   !strcmp(src->result, "1/2-1/2"))) {
        memcpy(dst->result, src->result, sizeof dst->result);
        memcpy(dst->termination, src->termination, sizeof dst->termination);
        memcpy(dst->reason, src->reason, sizeof dst->reason);
    }
}

const struct session_note *session_move_note(const struct session *s, int i)
{
    const struct game *g = s->g;
    if (i < 0 || i >= s->nnotes || i >= s->nmoves)
        return NULL;
    const struct session_note *nt = &s->notes[i];
    return nt->move == s->moves[i].move &&
           nt->hash == g->hash(s->snaps + (size_t)i * g->state_size) ? nt : NULL;
}

int session_to_record(const struct session *s, struct game_record *r)
{
    const struct game *g = s->g;
    snprintf(r->game, sizeof r->game, "%s", g->name);
    g->format_variant(s->st, r->variant, sizeof r->variant);
    if (s->setup)
        g->format_position(s->start, r->position, sizeof r->position);
    r->first_side = g->side_to_move(s->start);
    struct game_status gs;
    session_status(s, &gs);
    snprintf(r->result, sizeof r->result, "%s", !gs.over ? "*" : gs.winner < 0 ? "1/2-1/2" :
             gs.winner == 0 ? "1-0" : "0-1");
    snprintf(r->reason, sizeof r->reason, "%s", gs.over ? gs.reason : "");
    time_t t = time(NULL);
    struct tm tm;
    localtime_r(&t, &tm);
    strftime(r->date, sizeof r->date, "%Y.%m.%d", &tm);
    const struct session_tags *tg = s->tags;
    if (tg)     /* the game decided off the board stays so while unchanged */
        copy_header(r, &tg->hdr, tg->nmoves == s->nmoves && tg->hash == g->hash(s->st));
    for (int i = 0; i < 2; i++)
        if (!r->players[i][0])
            memcpy(r->players[i], s->roster[i], sizeof r->players[i]);
    for (int i = 0; i < s->nmoves; i++) {
        char mv[64];
        if (g->format_move_long)
            g->format_move_long(s->snaps + (size_t)i * g->state_size, s->moves[i].move, mv,
                                sizeof mv);
        else
            snprintf(mv, sizeof mv, "%s", s->moves[i].text);
        /* a review's mark, while it is still this game's move */
        const struct session_note *nt = session_move_note(s, i);
        /* the record's own comment, then the review's words */
        const char *c1 = nt && nt->text ? nt->text : NULL;
        const char *c2 = nt && nt->comment[0] ? nt->comment : NULL;
        if (record_add_move_comments(r, mv, c1 ? c1 : c2, c1 ? c2 : NULL))
            return SESS_ENOMEM;
        if (nt)
            record_set_nag(r, i, nt->nag);
    }
    return SESS_OK;
}

void session_set_roster(struct session *s, const int engine[2], const char *person)
{
    char name[128];
    if (s->level > 0)
        snprintf(name, sizeof name, "Tabula %s (level %d)", PACKAGE_VERSION, s->level);
    else
        snprintf(name, sizeof name, "Tabula %s", PACKAGE_VERSION);
    for (int i = 0; i < 2; i++)
        snprintf(s->roster[i], sizeof s->roster[i], "%s",
                 engine[i] ? name : engine[1 - i] && person ? person : "");
}

int session_replay_record(struct session *t, const struct game_record *r, int upto, char *err,
                          size_t errlen)
{
    memset(t, 0, sizeof *t);
    char *opts[SESSION_MAX_OPTS];
    int nopts = 0;
    char vbuf[sizeof r->variant];
    snprintf(vbuf, sizeof vbuf, "%s", r->variant);
    char *save;                 /* strtok_r: sessions may run in threads */
    for (char *tok = strtok_r(vbuf, " ", &save); tok && nopts < SESSION_MAX_OPTS;
         tok = strtok_r(NULL, " ", &save))
        opts[nopts++] = tok;
    int rc = session_newgame(t, r->game, nopts, (const char *const *)opts, err, errlen);
    if (rc == SESS_EUNKNOWN_GAME && !r->game[0])    /* a third-party PGN */
        snprintf(err, errlen, "the record has no Game tag");
    if (rc == SESS_OK && r->position[0])
        rc = session_setposition(t, r->position, err, errlen);
    for (int i = 0; rc == SESS_OK && i < r->nmoves && (upto < 0 || i < upto); i++) {
        char e2[128];
        if (session_play(t, -1, r->moves[i], e2, sizeof e2) != SESS_OK) {
            snprintf(err, errlen, "%s", r->moves[i]);
            rc = SESS_EILLEGAL;
        }
    }
    return rc;
}

int session_from_record(struct session *s, const struct game_record *r, int upto, char *err,
                        size_t errlen)
{
    /* build the game in a scratch session so a failure changes nothing */
    struct session tmp;
    int rc = session_replay_record(&tmp, r, upto, err, errlen);
    if (rc != SESS_OK) {
        session_free(&tmp);
        return rc;
    }
    /* keep the engine and options of s, take the game of tmp */
    for (int i = 0; i < s->nopts; i++)
        free(s->opts[i]);
    free(s->st);
    free(s->start);
    free(s->moves);
    free(s->snaps);
    s->g = tmp.g;
    memcpy(s->opts, tmp.opts, sizeof s->opts);
    s->nopts = tmp.nopts;
    s->st = tmp.st;
    s->start = tmp.start;
    s->setup = tmp.setup;
    s->moves = tmp.moves;
    s->snaps = tmp.snaps;
    s->nmoves = tmp.nmoves;
    s->cap = tmp.cap;
    s->engine->clear(s->engine_self);
    /* the record's marks and comments stay with their moves, so that a
     * loaded game saved again keeps them */
    free(s->tags);
    s->tags = malloc(sizeof *s->tags);
    if (s->tags) {
        record_init(&s->tags->hdr);
        /* how it ended belongs to the whole record only */
        copy_header(&s->tags->hdr, r, upto < 0 || upto >= r->nmoves);
        s->tags->nmoves = s->nmoves;
        s->tags->hash = s->g->hash(s->st);
    }
    session_notes_free(s->notes, s->nnotes);
    s->notes = NULL;
    s->nnotes = 0;
    int keep = 0;
    for (int i = 0; i < s->nmoves && i < r->nmoves; i++)
        if (r->nags[i] || r->comments[i])
            keep = i + 1;
    if (keep && (s->notes = calloc((size_t)keep, sizeof *s->notes))) {
        const struct game *g = s->g;
        s->nnotes = keep;
        for (int i = 0; i < keep; i++) {
            struct session_note *nt = &s->notes[i];
            nt->hash = g->hash(s->snaps + (size_t)i * g->state_size);
            nt->move = s->moves[i].move;
            nt->nag = r->nags[i];
            nt->text = r->comments[i] ? strdup(r->comments[i]) : NULL;
        }
    }
    return SESS_OK;
}
