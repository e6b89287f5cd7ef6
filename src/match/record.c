/* record.c -- tabula-match (placeholder). */
#include "match/match.h"
typedef int match_record_placeholder;
