/* placeholder */
#include "search/search.h"
typedef int alphabeta_placeholder;
