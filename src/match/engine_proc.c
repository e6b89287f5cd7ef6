/* engine_proc.c -- tabula-match (placeholder). */
#include "match/match.h"
typedef int match_engine_proc_placeholder;
