/* shell.c placeholder */
#include "shell.h"
typedef int shell_placeholder;
