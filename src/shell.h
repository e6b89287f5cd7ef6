/* shell.h -- the interactive face: the protocol's command table under GNU
 * readline (or plain line input), with play mode, a live status line, a
 * friendlier board and errors that teach. */
#ifndef TABULA_SHELL_H
#define TABULA_SHELL_H

#include "protocol.h"

/* Commands only the shell has (computer, hint, exit): the protocol's
 * record, so that help and the docs (tabula-docs) read them as they read
 * proto_commands. NULL-terminated. */
extern const struct proto_cmd shell_commands[];

/* What the shell does differently with a protocol command (help COMMAND,
 * the man page). NULL-terminated. */
struct shell_note {
    const char *name, *text;
};
extern const struct shell_note shell_notes[];

/* Runs the shell on the terminal until EOF or quit. */
int shell_run(struct proto *p);

#endif
