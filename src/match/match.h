/* match.h -- tabula-match: engine-vs-engine tournaments (placeholder). */
#ifndef TABULA_MATCH_H
#define TABULA_MATCH_H
#endif
