/* protocol.c placeholder */
#include "protocol.h"
typedef int protocol_placeholder;
