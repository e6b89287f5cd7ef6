/* stats.c -- tabula-match (placeholder). */
#include "match/match.h"
typedef int match_stats_placeholder;
