/* session.c placeholder */
#include "session.h"
typedef int session_placeholder;
