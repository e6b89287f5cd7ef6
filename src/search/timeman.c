/* placeholder */
#include "search/search.h"
typedef int timeman_placeholder;
