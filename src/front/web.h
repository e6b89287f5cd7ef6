/* web.h -- the web board's server (tabula-web): civetweb serves the page
 * (data/web/) and a WebSocket on which the page speaks the engine's
 * protocol, one line a message, each connection a session of its own.
 * Drives struct proto and the command table; knows no game's insides. */
#ifndef TABULA_WEB_H
#define TABULA_WEB_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* What a web client may do with a command (web_rules[] in web.c). */
enum web_policy {
    WEB_ALLOW,                  /* runs as it is (the time cap still holds) */
    WEB_REFUSE,                 /* "? not allowed: WHY" */
    WEB_ANALYSIS,               /* counts against the server's analyses */
    WEB_OPTION,                 /* set_option: the option's cap decides */
    WEB_NO_FILE                 /* runs without arguments; with one (a file
                                 * on the server) refused: "? not allowed: WHY" */
};
struct web_rule {
    const char *command;
    enum web_policy policy;
    const char *why;            /* WEB_REFUSE: the reason the client reads */
};
/* Every command of the command tables, NULL-terminated; a command missing
 * here is refused (check_web fails until it is decided). */
extern const struct web_rule web_rules[];

/* What a web client may set an engine option to (web_option_caps[]). */
enum web_cap {
    WEB_CAP_NONE,               /* any value the option takes */
    WEB_CAP_REFUSE,             /* never: "? not allowed: WHY" */
    WEB_CAP_MEMORY,             /* at most max_hash_mb, and the server's
                                 * memory_mb over all connections */
    WEB_CAP_THREADS,            /* at most max_threads, and the server's
                                 * total_threads over all connections */
    WEB_CAP_TIME                /* at most max_movetime_ms */
};
struct web_option_cap {
    const char *option;
    enum web_cap cap;
    const char *why;
};
/* Every engine option, NULL-terminated; an option missing here is refused. */
extern const struct web_option_cap web_option_caps[];

/* The web board's own commands (players, review_legend), NULL-terminated:
 * the proto's own, run as the protocol's are (the gate, the id, the
 * answer) and shown by list_commands, known_command and help after the
 * protocol's (doc/web.md). */
struct proto_cmd;
extern const struct proto_cmd web_commands[];

struct web_config {
    const char *address;        /* the IPv4 address to listen on */
    int port;                   /* 0: a free port (web_port tells which) */
    const char *root;           /* the page's directory */
    int max_connections;        /* sessions at once */
    size_t max_line;            /* bytes of a command line (a message) */
    int max_hash_mb;            /* hash of one session */
    int memory_mb;              /* hash of all sessions together */
    int max_threads;            /* threads of one session */
    int total_threads;          /* threads of all sessions together */
    int64_t max_movetime_ms;    /* the movetime option's cap */
    int64_t command_ms;         /* a command is interrupted after this */
    int max_analyses;           /* analyze commands running at once */
    int64_t analyze_ms;         /* an analyze is interrupted after this */
    FILE *log;                  /* a line per connection; NULL: none */
    const char *person;         /* a record's name for the person's side
                                 * where the client gives none (players):
                                 * tabula-web's login name on a loopback
                                 * address; NULL: none ("?"). Not copied:
                                 * it outlives the server */
};

/* The defaults (tabula-web's). */
void web_config_default(struct web_config *c);

struct web_server;
/* Starts serving (civetweb's threads); NULL with the reason in err, such
 * as "cannot listen on 127.0.0.1:8080: Address already in use". */
struct web_server *web_start(const struct web_config *c, char *err, size_t n);
/* The port it listens on. */
int web_port(const struct web_server *w);
/* Sessions open now. */
int web_sessions(struct web_server *w);
/* Closes every connection (their searches stop) and the server. */
void web_stop(struct web_server *w);

#endif
