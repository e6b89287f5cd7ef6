/* protocol.h */
#ifndef TABULA_PROTOCOL_H
#define TABULA_PROTOCOL_H
#endif
