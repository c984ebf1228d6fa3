/* The knight's tour search of solvers/knight_tour/model.py, in C, under every reading of the rules
 * (solvers/knight_tour/rules.py), for sweeping all 40,320 move orders over the article's figures.
 *
 * research/knight_orders/fast.py compiles this file with gcc at run time and calls it through
 * ctypes; tests/test_research_knight_rules.py checks it against the Python model on many cases.
 * It makes exactly the model's choices: the same candidate lists on arrival at a cell, the same
 * loop (complete? return limit? untried move? at the start? else take back), the same counts.
 *
 * Rules are passed as an int[RULE_FIELDS] in the order of RULE_FIELDS in rules.py:
 *   0 returns    0 take-backs  1 dead-ends (a run of take-backs counts once)
 *   1 degree     0 free        1 all (every neighbour on the board, visited or not)
 *   2 zero       0 first       1 last (a candidate with no onward move sorts after the others)
 *   3 ties       0 order       1 reverse       2 lookahead (smallest sum of the neighbours' degrees)
 *   4 retry      0 sorted      1 order (only the first pick is Warnsdorff's)   2 after (the best among
 *                                the moves after the one last tried, in the move array)
 *   5 blocked    0 pairs       1 single        2 one-exit
 *   6 dead_end   0 enter       1 refuse (optimization 2 also refuses a target with no onward move)
 *   7 exception  0 penultimate 1 last-two
 *   8 limit      0 reached     1 exceeded (a limit stops an attempt one return later)
 *   9 counter    0 per-attempt 1 total (returns are not reset at a restart)
 * Optimizations as a bit mask: bit 2 blocked cells, bit 3 Warnsdorff (bit n = 1 << n).
 */
#include <stdlib.h>
#include <string.h>

enum { R_RETURNS, R_DEGREE, R_ZERO, R_TIES, R_RETRY, R_BLOCKED, R_DEAD_END, R_EXCEPTION, R_LIMIT, R_COUNTER,
       RULE_FIELDS };
enum { FOUND = 0, GAVE_UP = 1, EXHAUSTED = 2 };

typedef struct {
    int rows, cols, cells;
    int opts;
    const int *rules;
    int *nb;               /* cells x 8: neighbours in move order */
    unsigned char *nmove;  /* cells x 8: the move index (0..7) of each neighbour */
    unsigned char *ncount; /* neighbours on the board */
    unsigned char *sdeg;   /* static degree (= ncount) */
    unsigned char *deg;    /* free neighbours, kept up to date */
    unsigned char *visited;
    int *path;
    int *cand;             /* cells x 8: candidates per level, in the order they are tried */
    unsigned char *ccount, *cnext;
    int len;
} Ctx;

static int ctx_init(Ctx *x, int rows, int cols)
{
    int cells = rows * cols;
    memset(x, 0, sizeof *x);
    x->rows = rows; x->cols = cols; x->cells = cells;
    x->nb = malloc(sizeof(int) * 8 * cells);
    x->nmove = malloc(8 * cells);
    x->ncount = malloc(cells);
    x->sdeg = malloc(cells);
    x->deg = malloc(cells);
    x->visited = malloc(cells);
    x->path = malloc(sizeof(int) * cells);
    x->cand = malloc(sizeof(int) * 8 * cells);
    x->ccount = malloc(cells);
    x->cnext = malloc(cells);
    return x->nb && x->nmove && x->ncount && x->sdeg && x->deg && x->visited && x->path && x->cand
           && x->ccount && x->cnext;
}

static void ctx_free(Ctx *x)
{
    free(x->nb); free(x->nmove); free(x->ncount); free(x->sdeg); free(x->deg); free(x->visited);
    free(x->path); free(x->cand); free(x->ccount); free(x->cnext);
}

/* order: 16 ints, (row change, column change) for each of the eight moves */
static void set_order(Ctx *x, const int *order)
{
    for (int r = 0; r < x->rows; r++)
        for (int c = 0; c < x->cols; c++) {
            int cell = r * x->cols + c, n = 0;
            for (int m = 0; m < 8; m++) {
                int rr = r + order[2 * m], cc = c + order[2 * m + 1];
                if (rr >= 0 && rr < x->rows && cc >= 0 && cc < x->cols) {
                    x->nb[8 * cell + n] = rr * x->cols + cc;
                    x->nmove[8 * cell + n] = (unsigned char)m;
                    n++;
                }
            }
            x->ncount[cell] = (unsigned char)n;
            x->sdeg[cell] = (unsigned char)n;
        }
}

static int adjacent(const Ctx *x, int a, int b)
{
    int dr = a / x->cols - b / x->cols, dc = a % x->cols - b % x->cols;
    return dr * dr + dc * dc == 5;
}

/* Optimization 2: is the move to `t` refused? (t not yet visited; free_after: free cells after it) */
static int refused(const Ctx *x, int t, int free_after)
{
    const int *R = x->rules;
    int slack = R[R_EXCEPTION];  /* last-two: the exception reaches one move further */
    const int *nb = x->nb + 8 * t;
    for (int i = 0; i < x->ncount[t]; i++) {
        int u = nb[i];
        if (x->visited[u]) continue;
        int exits = x->deg[u] - 1;  /* t is about to be visited */
        if (R[R_BLOCKED] == 2) {  /* one-exit: a neighbour left with at most one exit */
            if (exits <= 1 && free_after > exits + 1 + slack) return 1;
        } else if (exits == 0) {
            if (free_after > 1 + slack) return 1;
        } else if (exits == 1 && R[R_BLOCKED] == 0 && free_after != 2) {
            const int *unb = x->nb + 8 * u;
            int partner = -1;
            for (int j = 0; j < x->ncount[u]; j++)
                if (unb[j] != t && !x->visited[unb[j]]) { partner = unb[j]; break; }
            if (x->deg[partner] - adjacent(x, partner, t) == 1) return 1;
        }
    }
    if (R[R_DEAD_END] && x->deg[t] == 0 && free_after > 0) return 1;
    return 0;
}

static int degree_of(const Ctx *x, int cell)
{
    return x->rules[R_DEGREE] ? x->sdeg[cell] : x->deg[cell];
}

static long key_of(const Ctx *x, int t, int move)
{
    const int *R = x->rules;
    long primary = degree_of(x, t);
    if (R[R_ZERO] && primary == 0) primary = 9;
    long secondary = move;
    if (R[R_TIES] == 1) secondary = 7 - move;
    else if (R[R_TIES] == 2) {
        long sum = 0;
        const int *nb = x->nb + 8 * t;
        for (int i = 0; i < x->ncount[t]; i++)
            if (R[R_DEGREE] || !x->visited[nb[i]]) sum += degree_of(x, nb[i]);
        secondary = sum * 8 + move;
    }
    return primary * 100000 + secondary;
}

static void choose(Ctx *x, int cell, int level)
{
    int free_after = x->cells - x->len - 1;
    int cand[8], move[8], n = 0;
    long key[8];
    const int *nb = x->nb + 8 * cell;
    for (int i = 0; i < x->ncount[cell]; i++) {
        int t = nb[i];
        if (x->visited[t]) continue;
        if ((x->opts & (1 << 2)) && refused(x, t, free_after)) continue;
        cand[n] = t; move[n] = x->nmove[8 * cell + i]; n++;
    }
    int *out = x->cand + 8 * level;
    if (!(x->opts & (1 << 3)) || n <= 1) {
        memcpy(out, cand, sizeof(int) * n);
    } else {
        for (int i = 0; i < n; i++) key[i] = key_of(x, cand[i], move[i]);
        int retry = x->rules[R_RETRY];
        if (retry == 0) {  /* every candidate by its key */
            for (int i = 0; i < n; i++) {
                int j = i;
                for (int k = i + 1; k < n; k++) if (key[k] < key[j]) j = k;
                long tk = key[i]; key[i] = key[j]; key[j] = tk;
                int tc = cand[i]; cand[i] = cand[j]; cand[j] = tc;
                int tm = move[i]; move[i] = move[j]; move[j] = tm;
                out[i] = cand[i];
            }
        } else if (retry == 1) {  /* the best first, then the others in move order */
            int best = 0;
            for (int k = 1; k < n; k++) if (key[k] < key[best]) best = k;
            int m = 0;
            out[m++] = cand[best];
            for (int k = 0; k < n; k++) if (k != best) out[m++] = cand[k];
        } else {  /* after: the best among the moves after the last one tried */
            int m = 0, last_move = -1;
            for (;;) {
                int best = -1;
                for (int k = 0; k < n; k++)
                    if (move[k] > last_move && (best < 0 || key[k] < key[best])) best = k;
                if (best < 0) break;
                out[m++] = cand[best];
                last_move = move[best];
            }
            n = m;
        }
    }
    x->ccount[level] = (unsigned char)n;
    x->cnext[level] = 0;
}

static void arrive(Ctx *x, int cell)
{
    x->visited[cell] = 1;
    const int *nb = x->nb + 8 * cell;
    for (int i = 0; i < x->ncount[cell]; i++) x->deg[nb[i]]--;
    x->path[x->len++] = cell;
    choose(x, cell, x->len - 1);
}

static void leave(Ctx *x)
{
    int cell = x->path[--x->len];
    x->visited[cell] = 0;
    const int *nb = x->nb + 8 * cell;
    for (int i = 0; i < x->ncount[cell]; i++) x->deg[nb[i]]++;
}

static void reset(Ctx *x)
{
    memset(x->visited, 0, x->cells);
    memcpy(x->deg, x->ncount, x->cells);
    x->len = 0;
}

/* One attempt from the knight on `start` (already placed): the model's loop. `limit` < 0: none.
 * *returns goes on from the value it has (the caller resets it per attempt, or not). */
static int attempt(Ctx *x, long limit, long *returns)
{
    int last_was_take_back = 0;
    long stop = limit + x->rules[R_LIMIT];
    for (;;) {
        if (x->len == x->cells) return FOUND;
        if (limit >= 0 && *returns >= stop) return GAVE_UP;
        int level = x->len - 1;
        if (x->cnext[level] < x->ccount[level]) {
            int t = x->cand[8 * level + x->cnext[level]++];
            arrive(x, t);
            last_was_take_back = 0;
        } else if (level == 0) {
            return EXHAUSTED;
        } else {
            leave(x);
            if (!x->rules[R_RETURNS] || !last_was_take_back) (*returns)++;
            last_was_take_back = 1;
        }
    }
}

/* Optimizations 2-4 from one start cell with `norders` orders (optimization 4 when norders > 1):
 * attempts with all but the last order stop at `good` returns, the last at `limit` (< 0: none).
 * Returns the outcome; *returns counts the final attempt, *restarts the orders abandoned. */
static int solve(Ctx *x, int start, const int *orders, int norders, long good, long limit,
                 long *returns, int *restarts)
{
    *returns = 0;
    for (int k = 0; k < norders; k++) {
        set_order(x, orders + 16 * k);
        reset(x);
        arrive(x, start);
        if (!x->rules[R_COUNTER]) *returns = 0;
        int last = k == norders - 1;
        int outcome = attempt(x, last ? limit : good, returns);
        *restarts = k;
        if (outcome != GAVE_UP || last) return outcome;
    }
    return EXHAUSTED;  /* not reached */
}

/* For each of `norders` orders (16 ints each) and each start cell: one search with that order
 * alone. out_outcome and out_returns have norders * nstarts entries, order-major. */
int ks_sweep(int rows, int cols, const int *starts, int nstarts, const int *orders, int norders,
             int opts, const int *rules, long limit, signed char *out_outcome, long *out_returns)
{
    Ctx x;
    if (!ctx_init(&x, rows, cols)) { ctx_free(&x); return -1; }
    x.opts = opts; x.rules = rules;
    for (int o = 0; o < norders; o++) {
        set_order(&x, orders + 16 * o);
        for (int s = 0; s < nstarts; s++) {
            long returns = 0;
            reset(&x);
            arrive(&x, starts[s]);
            int outcome = attempt(&x, limit, &returns);
            out_outcome[(long)o * nstarts + s] = (signed char)outcome;
            out_returns[(long)o * nstarts + s] = returns;
        }
    }
    ctx_free(&x);
    return 0;
}

/* Optimizations with several orders (4) from each start cell: out_* have nstarts entries. */
int ks_solve(int rows, int cols, const int *starts, int nstarts, const int *orders, int norders,
             int opts, const int *rules, long good, long limit, signed char *out_outcome,
             long *out_returns, int *out_restarts)
{
    Ctx x;
    if (!ctx_init(&x, rows, cols)) { ctx_free(&x); return -1; }
    x.opts = opts; x.rules = rules;
    for (int s = 0; s < nstarts; s++) {
        int outcome = solve(&x, starts[s], orders, norders, good, limit, &out_returns[s], &out_restarts[s]);
        out_outcome[s] = (signed char)outcome;
    }
    ctx_free(&x);
    return 0;
}
