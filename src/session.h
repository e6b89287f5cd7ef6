/* session.h */
#ifndef TABULA_SESSION_H
#define TABULA_SESSION_H
#endif
