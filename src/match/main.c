/* main.c -- tabula-match entry point (placeholder). */
#include <stdio.h>
int main(void)
{
    fprintf(stderr, "tabula-match: not implemented yet\n");
    return 2;
}
