/* shell.h -- the interactive face: the protocol's command table under GNU
 * readline (or plain line input), with play mode, a live status line, a
 * friendlier board and errors that teach. */
#ifndef TABULA_SHELL_H
#define TABULA_SHELL_H

#include "front/protocol.h"

/* Commands only the shell has (computer, tutor, exit): the protocol's
 * record, so that help and the docs (tabula-docs) read them as they read
 * the protocol's. NULL-terminated. */
extern const struct proto_cmd shell_commands[];

/* What the shell does differently with a protocol command (help COMMAND,
 * the man page). NULL-terminated. */
struct shell_note {
    const char *name, *text;
};
extern const struct shell_note shell_notes[];
/* All the shell says about a protocol command: its CMD_SHELL_SIDE words
 * and its note; "" when none. */
void shell_note(const struct proto_cmd *c, char *buf, size_t n);

/* The i-th command: the protocol's list, then the shell's own; NULL past
 * the last (help, completion, the docs). */
const struct proto_cmd *shell_any_command(int i);

/* Runs the shell on the terminal until EOF or quit. */
int shell_run(struct proto *p);

#endif
