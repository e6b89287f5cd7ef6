/* shell.h */
#ifndef TABULA_SHELL_H
#define TABULA_SHELL_H
#endif
