/* shell.h -- the interactive face: the protocol's command table under GNU
 * readline (or plain line input), with a friendlier board and errors. */
#ifndef TABULA_SHELL_H
#define TABULA_SHELL_H

#include "protocol.h"

/* Runs the shell on the terminal until EOF or quit. */
int shell_run(struct proto *p);

#endif
