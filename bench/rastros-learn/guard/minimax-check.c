/* minimax-check.c -- guard.patch's rastros_uvg_guarded (geography that keeps a
 * goal shut) against a plain minimax of its own (the rules written again
 * here, a1 and the top-right corner the goals): every position it decides
 * must have that value. Build against a rules library with the patch:
 *   gcc -O2 -DMAXF=24 -o check minimax-check.c -LBUILD/src -lrules -lutil
 *   ./check SIZE POSITIONS SEED
 * Experiment code (issue 26), not built by make. */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#ifndef MAXF
#define MAXF 30
#endif
int rastros_uvg_guarded(uint64_t region, int snail, uint64_t dwin, uint64_t dloss);
static int N; static uint64_t board;
static uint64_t kn(int sq){uint64_t r=0;int f=sq&7,q=sq>>3;for(int df=-1;df<=1;df++)for(int dr=-1;dr<=1;dr++){if(!df&&!dr)continue;int a=f+df,b=q+dr;if(a<0||b<0||a>=N||b>=N)continue;r|=1ULL<<(b*8+a);}return r;}
static uint64_t K[64];
#define HS (1u<<24)
static uint64_t hk[HS]; static signed char hv[HS];
static uint64_t mix(uint64_t x){x^=x>>33;x*=0xff51afd7ed558ccdULL;x^=x>>33;x*=0xc4ceb9fe1a85ec53ULL;x^=x>>33;return x;}
static int g0,g1;
/* free: free squares (incl corners), s snail, stm; value for stm: 1 win -1 loss */
static int mm(uint64_t fr,int s,int stm){
  uint64_t key=fr*64*2+ (uint64_t)s*2+stm; key=mix(key^0x1234567);
  uint64_t h=key&(HS-1); uint64_t tag=fr|((uint64_t)s<<56)|((uint64_t)stm<<62)|1ULL<<63;
  /* store full key: fr plus s, stm in separate check */
  for(;;){ if(!hk[h])break; if(hk[h]==(tag)) return hv[h]; h=(h+1)&(HS-1);}
  int mine=stm?g1:g0, opp=stm?g0:g1;
  uint64_t mv=K[s]&fr; int res=-1;
  if(!mv) res=-1;
  else for(uint64_t m=mv;m;m&=m-1){int to=__builtin_ctzll(m);
    if(to==mine){res=1;break;} if(to==opp) continue;
    int v=-mm(fr&~(1ULL<<to),to,stm^1); if(v>0){res=1;break;}}
  hk[h]=tag; hv[h]=(signed char)res; return res;
}
int main(int argc,char**argv){
  N=atoi(argv[1]); int npos=atoi(argv[2]); srand(atoi(argv[3]));
  board=0; for(int r=0;r<N;r++) board|=((1ULL<<N)-1)<<(8*r);
  for(int i=0;i<64;i++)K[i]=kn(i);
  g0=0; g1=(N-1)*9;
  long dec=0,agree=0,bad=0,tot=0;
  for(int p=0;p<npos;p++){
    /* random position: random slime density, random snail, random stm */
    uint64_t fr=board; int s;
    int nsl=rand()%(N*N/2+1) + (N>6 ? N*N/3 : 0);
    for(int i=0;i<nsl;i++){int q=rand()%(N*N); int sq=(q/N)*8+q%N; if(sq!=g0&&sq!=g1) fr&=~(1ULL<<sq);}
    do{int q=rand()%(N*N); s=(q/N)*8+q%N;}while(s==g0||s==g1);
    fr&=~(1ULL<<s); int stm=rand()&1;
    if(__builtin_popcountll(fr)>MAXF) continue;
    int mine=stm?g1:g0, opp=stm?g0:g1;
    if(K[s]&fr&(1ULL<<mine)) continue; /* immediate win: solver tests before */
    tot++;
    int v=mm(fr,s,stm);
    /* region as the solver sees it: flood from s through non-corner free squares */
    uint64_t nc=fr&~(1ULL<<g0)&~(1ULL<<g1); uint64_t R=K[s]&nc,prev;
    do{prev=R; uint64_t x=R; for(uint64_t m=x;m;m&=m-1) R|=K[__builtin_ctzll(m)]&nc;}while(R!=prev);
    uint64_t reach=R|(1ULL<<s); int gmr=0,gor=0;
    for(uint64_t m=reach;m;m&=m-1){int q=__builtin_ctzll(m); if(K[q]&fr&(1ULL<<mine))gmr=1; if(K[q]&fr&(1ULL<<opp))gor=1;}
    uint64_t dwin=gor?K[opp]&R:0, dloss=gmr?K[mine]&R:0;
    int w=rastros_uvg_guarded(R|(1ULL<<s),s,dwin,dloss);
    if(w){dec++; if(w==v)agree++; else {bad++; if(bad<10) printf("BAD N=%d fr=%llx s=%d stm=%d mm=%d guard=%d\n",N,(unsigned long long)fr,s,stm,v,w);}}
    if(hk[0]==0 && 0) break;
    if((p&1023)==0){memset(hk,0,sizeof hk);} 
  }
  printf("N=%d positions %ld decided %ld agree %ld bad %ld\n",N,tot,dec,agree,bad);
  return bad!=0;
}
