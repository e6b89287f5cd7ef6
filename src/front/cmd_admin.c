/* cmd_admin.c -- the administration commands: the protocol's own
 * questions (name, version, the commands, help) and quit. Knows the
 * command list, not the games. */
#include <string.h>
#include "config.h"
#include "front/protocol.h"
#include "util.h"

static int cmd_protocol_version(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)p; (void)argc; (void)argv;
    snprintf(res, n, "2");
    return PROTO_OK;
}

static int cmd_name(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)p; (void)argc; (void)argv;
    snprintf(res, n, "Tabula");
    return PROTO_OK;
}

static int cmd_version(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)p; (void)argc; (void)argv;
    snprintf(res, n, "%s", PACKAGE_VERSION);
    return PROTO_OK;
}

static int cmd_known_command(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    if (argc != 1)
        return PROTO_ESYNTAX;
    const struct proto_cmd *c = proto_find_command_with(p->own, argv[0]);
    snprintf(res, n, "%s", c && proto_offered(p, c) ? "true" : "false");
    return PROTO_OK;
}

static int cmd_list_commands(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv;
    size_t pos = 0;
    const struct proto_cmd *c;
    for (int i = 0; (c = proto_command_with(p->own, i)); i++)
        if (proto_offered(p, c))
            buf_printf(res, n, &pos, "%s%s", pos ? "\n" : "", c->name);
    return PROTO_OK;
}

static int cmd_help(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    size_t pos = 0;
    if (argc > 1)
        return PROTO_ESYNTAX;
    const struct proto_cmd *c;
    for (int i = 0; (c = proto_command_with(p->own, i)); i++) {
        if ((argc == 1 && strcmp(argv[0], c->name) != 0) || !proto_offered(p, c))
            continue;
        buf_printf(res, n, &pos, "%s%s%s%s - %s", pos ? "\n" : "", c->name,
                   c->args[0] ? " " : "", c->args, c->help);
    }
    if (argc == 1 && pos == 0)
        return PROTO_EUNKNOWN_COMMAND;
    return PROTO_OK;
}

static int cmd_quit(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv; (void)res; (void)n;
    p->quit = 1;
    return PROTO_OK;
}

/* The fields of an entry: name, handler, arguments, their kinds, flags,
 * group, one line of help, and the reference text (doc/protocol.md's
 * section, made from it by tabula-docs). */
const struct proto_cmd admin_commands[] = {
    {"protocol_version", cmd_protocol_version, "", {0}, 0, PROTO_G_ADMIN,
     "protocol version (2)",
     "Answers `2`.\n"
     "```\n"
     "protocol_version\n"
     "= 2\n"
     "```"},
    {"name", cmd_name, "", {0}, 0, PROTO_G_ADMIN, "engine name",
     "Answers `Tabula`."},
    {"version", cmd_version, "", {0}, 0, PROTO_G_ADMIN, "engine version",
     "The engine's version (the package version, e.g. `0.1.0`)."},
    {"known_command", cmd_known_command, "COMMAND", {ARG_COMMAND}, 0, PROTO_G_ADMIN,
     "true if COMMAND exists",
     "`true` if COMMAND is in the command table, else `false`. Fails: `syntax error` without "
     "exactly\n"
     "one argument.\n"
     "```\n"
     "known_command genmove\n"
     "= true\n"
     "```"},
    {"list_commands", cmd_list_commands, "", {0}, 0, PROTO_G_ADMIN,
     "all commands, one per line",
     "All command names, one per line, in the order of this page. GoGui's rules commands are "
     "listed only where they can\n"
     "answer for the game tabula started in; a later `newgame` does not change the list (see\n"
     "[GoGui extensions](#gogui-extensions))."},
    {"help", cmd_help, "[COMMAND]", {ARG_COMMAND}, 0, PROTO_G_ADMIN, "one line per command",
    
     "One line per command: name, arguments, what it does; with COMMAND, that command's line "
     "only.\n"
     "Fails: `unknown command`, `syntax error` (more than one argument).\n"
     "```\n"
     "help undo\n"
     "= undo [N] - take back N moves (default 1)\n"
     "```"},
    {"quit", cmd_quit, "", {0}, CMD_ACTS, PROTO_G_ADMIN, "end the program",
     "Answers `=` and ends the program (exit status 0)."},
    {NULL, NULL, NULL, {0}, 0, PROTO_G_NONE, NULL, NULL}
};
