/* tt.h */
#ifndef TABULA_TT_H
#define TABULA_TT_H
#endif
