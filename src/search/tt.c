/* placeholder */
#include "search/search.h"
typedef int tt_placeholder;
