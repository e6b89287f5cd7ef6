/* fuzz_record.c -- libFuzzer harness over what loadgame and setposition
 * read. The first byte chooses: 0 mod 4, the rest is a record file that
 * loadgame reads (through the protocol command, so it follows whatever
 * reader loadgame uses); 1..3, the rest (to the first newline) is a
 * position string for Rastros, Tablut or Grasshopper in a variant the
 * second byte chooses, read by the rules and by setposition. Checked: no
 * crash, failures change nothing, what was read round-trips (position
 * strings, legal moves, savegame then loadgame gives the same game), and
 * the searches run on it. Build and run: ./quickstart fuzz SECONDS. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fuzz_common.h"
#include "invariants.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(int bad, const char *what, const char *detail)
{
    if (bad) {
        fprintf(stderr, "fuzz_record: %s: %.600s\n", what, detail);
        abort();
    }
}

/* The current game as text: the position and the history. */
static void game_text(struct fuzz *f, char *buf, size_t n)
{
    struct session *s = &f->p.s;
    size_t pos = 0;
    char opts[256] = "";
    session_variant(s, opts, sizeof opts);
    pos += (size_t)snprintf(buf + pos, n - pos, "%s [%s] ", s->g->name, opts);
    s->g->format_position(s->start, buf + pos, n - pos);
    pos = strlen(buf);
    for (int i = 0; i < s->nmoves && pos < n - 64; i++)
        pos += (size_t)snprintf(buf + pos, n - pos, " %s", s->moves[i].text);
}

/* genmove for the side to move (a search on whatever was read) */
static void genmove(struct fuzz *f)
{
    char line[64];
    const struct session *s = &f->p.s;
    snprintf(line, sizeof line, "genmove %s", s->g->side_names[s->g->side_to_move(s->st)]);
    fuzz_line(f, line);
}

static void fuzz_loadgame(struct fuzz *f, const uint8_t *data, size_t size)
{
    FILE *fp = fopen(f->file, "wb");
    check(!fp, "cannot write", f->file);
    fwrite(data, 1, size, fp);
    fclose(fp);
    static const char *const starts[] = {"newgame tablut", "newgame grasshopper pieces=4",
                                         "play b c3"};
    fuzz_line(f, starts[size % 3]);
    fuzz_line(f, "loadgame x 3");
    size_t at = f->len;
    fuzz_line(f, "loadgame x");
    if (f->len == at || f->buf[at] != '=')
        return;
    /* loaded: the record the engine writes reads back to the same game */
    char a[8192], b[8192];
    game_text(f, a, sizeof a);
    fuzz_line(f, "savegame x");
    fuzz_line(f, "newgame rastros size=5");
    at = f->len;
    fuzz_line(f, "loadgame x");
    check(f->len == at || f->buf[at] != '=', "loadgame of what savegame wrote failed",
          f->buf + at);
    game_text(f, b, sizeof b);
    check(strcmp(a, b) != 0, "savegame then loadgame changed the game", b);
    genmove(f);
    fuzz_line(f, "undo");
    fuzz_line(f, "solve");
}

static void fuzz_position(struct fuzz *f, int which, int variant, const char *text)
{
    static const char *const games[] = {"rastros", "tablut", "grasshopper"};
    char opt[32];
    switch (which) {
    case 0: snprintf(opt, sizeof opt, "size=%d", 5 + variant % 4); break;
    case 1: snprintf(opt, sizeof opt, "repetition=%d", 2 + variant % 9); break;
    default: snprintf(opt, sizeof opt, "pieces=%d", 2 * (1 + variant % 7)); break;
    }
    const struct game *g = game_find(games[which]);
    const char *opts[1] = {opt};
    char err[256];
    void *st = calloc(1, g->state_size);
    check(!st || g->init(st, 1, opts, err, sizeof err) != GAME_OK, "init", opt);
    int ok = g->parse_position(st, text, err, sizeof err) == GAME_OK;
    char msg[1024];
    if (ok) {
        check(inv_position(g, 1, opts, st, msg, sizeof msg) != 0, "position round trip", msg);
        check(inv_moves(g, st, msg, sizeof msg) != 0, "legal moves", msg);
        struct game_status gs;
        g->status(st, &gs);
        int e = g->evaluate(st);
        check(!gs.over && (e > SCORE_EVAL_MAX || e < -SCORE_EVAL_MAX), "evaluate out of range",
              text);
        static char board[65536];
        g->print(st, board, sizeof board);
        if (g->board_size && g->gogui_board && g->board_size(st) > 0)
            g->gogui_board(st, board, sizeof board);
        int v, plies;
        if (g->exact_value && !gs.over && g->exact_value(st, &v, &plies))
            check(v < -1 || v > 1, "exact_value out of range", text);
        game_perft(g, st, 2);
    }
    /* the same text through the protocol, where the line keeps it intact */
    char line[1200];
    snprintf(line, sizeof line, "newgame %s %s", games[which], opt);
    fuzz_line(f, line);
    int plain = strlen(text) < 1000 && text[0] != ' ' && !strchr(text, '#') &&
                !strstr(text, "  ") && text[0] && text[strlen(text) - 1] != ' ';
    int words = 1;
    for (const char *c = text; *c; c++) {
        plain &= (unsigned char)*c >= 32 && *c != 127;
        words += *c == ' ';
    }
    plain &= words < 60;
    snprintf(line, sizeof line, "setposition %s", text);
    size_t at = f->len;
    fuzz_line(f, line);
    if (plain && f->len > at) {
        int proto_ok = f->buf[at] == '=';
        snprintf(msg, sizeof msg, "rules say %s, setposition says %.200s", ok ? "ok" : "invalid",
                 f->buf + at);
        check(proto_ok != ok, "setposition disagrees with the rules", msg);
    }
    if (ok) {
        /* searches on whatever was read */
        fuzz_line(f, "set_option engine mcts");
        genmove(f);
        fuzz_line(f, "undo");
        fuzz_line(f, "set_option engine alphabeta");
        genmove(f);
        fuzz_line(f, "solve");
    }
    free(st);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct fuzz f;
    if (size < 1)
        return 0;
    fuzz_open(&f);
    int mode = data[0] % 4;
    if (mode == 0) {
        fuzz_loadgame(&f, data + 1, size - 1);
    } else if (size >= 2) {
        size_t n = size - 2;
        char *text = malloc(n + 1);
        check(!text, "out of memory", "");
        memcpy(text, data + 2, n);
        text[n] = '\0';
        text[strcspn(text, "\n")] = '\0';    /* one line; a NUL ends it too */
        fuzz_position(&f, mode - 1, data[1], text);
        free(text);
    }
    fuzz_close(&f);
    return 0;
}
