// Balls! (docs/rules.md, Balls!) in C, for benchmarks/balls-speed.sh: the same fast tap
// simulator as Sources/Boards/Balls/Balls+Simulation.swift (closed-form motion, per ball
// the next tick a catch is possible, a stop when none can be caught), and the
// naive reference of Tests/BoardsTests/BallsReference.swift (every tick stepped from 0,
// every ball against every explosion). Both run the taps BallsTapProfile draws, so the
// sums of scores and end ticks must agree with `bench balls-speed`.
//
//   balls fast|naive random|hits TAPS DEALS [LEVEL]
// prints: taps N seconds S rate R scores SUM ticks SUM
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { W = 320, H = 480, PX = 642, PY = 962, PERIOD = 308802, MAXB = 30 };
static const int level_balls[10] = {4, 4, 8, 15, 25, 30, 30, 30, 30, 30};

typedef struct { uint64_t s; } splitmix64;
static inline uint64_t next(splitmix64 *g) {
    uint64_t z = (g->s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

// A dealt level: each ball's x and y phases at tick 0 (see BallsField.swift).
typedef struct { int n; int qx[MAXB], qy[MAXB]; int x0[MAXB], y0[MAXB]; } deal_t;

static void deal(deal_t *d, uint64_t seed, int level) {
    splitmix64 g = {seed};
    d->n = level_balls[level - 1];
    for (int i = 0; i < d->n; i++) {
        int x = (int)(next(&g) % W), y = (int)(next(&g) % H);
        (void)(next(&g) % 6);
        d->x0[i] = x; d->y0[i] = y;
        d->qx[i] = 2 * W + 1 - x; d->qy[i] = 2 * H + 1 - y;
    }
}

static inline int pos(int q, int size) { return q <= size ? q - 1 : 2 * size + 1 - q; }
static inline int iabs(int v) { return v < 0 ? -v : v; }
static inline int imax(int a, int b) { return a > b ? a : b; }

typedef struct { int score; long ticks; } outcome;

static inline long reach(int d, long a0) {  // ticks until a catch is possible; -1: never
    if (a0 >= 121 || d >= 126 - a0) return -1;
    return a0 >= 61 ? 1 : imax(1, (int)((d - a0 - 4) / 2 + 1));
}

static outcome fast(const deal_t *d, int t, int tx, int ty) {
    int n = d->n, sx = t % PX, sy = t % PY;
    int near = 0;
    for (int i = 0; i < n && !near; i++) {
        int a = d->qx[i] + sx; if (a >= PX) a -= PX;
        int b = d->qy[i] + sy; if (b >= PY) b -= PY;
        if (imax(iabs(pos(a, W) - tx), iabs(pos(b, H) - ty)) < 125) near = 1;
    }
    if (!near) return (outcome){0, t + 121};
    const long NEVER = 1L << 62;
    int qx[MAXB], qy[MAXB], px[MAXB], py[MAXB];
    long wake[MAXB];
    for (int i = 0; i < n; i++) {
        int a = d->qx[i] + sx; if (a >= PX) a -= PX;
        int b = d->qy[i] + sy; if (b >= PY) b -= PY;
        qx[i] = a; qy[i] = b;
        long k = reach(imax(iabs(pos(a, W) - tx), iabs(pos(b, H) - ty)), 1);
        wake[i] = k < 0 ? NEVER : t + k;
    }
    int ex[MAXB + 1], ey[MAXB + 1]; long eb[MAXB + 1];
    ex[0] = tx; ey[0] = ty; eb[0] = t - 1;
    int m = 1, score = 0;
    long last = -1000000;
    while (n > 0) {
        long tau = NEVER;
        for (int i = 0; i < n; i++) if (wake[i] < tau) tau = wake[i];
        if (tau == NEVER) break;
        int mx = (int)((tau - t) % PX), my = (int)((tau - t) % PY);
        uint32_t caught = 0;
        for (int i = 0; i < n; i++) {
            if (wake[i] != tau) continue;
            int a = qx[i] + mx; if (a >= PX) a -= PX;
            int b = qy[i] + my; if (b >= PY) b -= PY;
            int x = pos(a, W), y = pos(b, H);
            long next = NEVER;
            for (int e = 0; e < m; e++) {
                long age = tau - eb[e];
                if (age > 121) continue;
                int r = (int)(age <= 61 ? age : 122 - age) + 4;
                int dx = x - ex[e], dy = y - ey[e];
                if (dx * dx + dy * dy < r * r) { caught |= 1u << i; px[i] = x; py[i] = y; break; }
                long k = reach(imax(iabs(dx), iabs(dy)), age);
                if (k >= 0 && k < next) next = k;
            }
            wake[i] = next == NEVER ? NEVER : tau + next;
        }
        if (!caught) continue;
        int first = m, w = 0;
        for (int i = 0; i < n; i++) {
            if (caught & (1u << i)) { ex[m] = px[i]; ey[m] = py[i]; eb[m] = tau - 4; m++; score++; }
            else { qx[w] = qx[i]; qy[w] = qy[i]; wake[w] = wake[i]; w++; }
        }
        n = w;
        last = tau;
        for (int i = 0; i < n; i++) {
            int a = qx[i] + mx; if (a >= PX) a -= PX;
            int b = qy[i] + my; if (b >= PY) b -= PY;
            int x = pos(a, W), y = pos(b, H);
            for (int e = first; e < m; e++) {
                long k = reach(imax(iabs(x - ex[e]), iabs(y - ey[e])), 4);
                if (k >= 0 && tau + k < wake[i]) wake[i] = tau + k;
            }
        }
    }
    long end = t + 121 > last + 118 ? t + 121 : last + 118;
    return (outcome){score, end};
}

// The rules read literally: every tick from 0, balls move, explosions change, balls explode.
static outcome naive(const deal_t *d, int t, int tx, int ty) {
    int n = d->n, bx[MAXB], by[MAXB], bdx[MAXB], bdy[MAXB];
    for (int i = 0; i < n; i++) { bx[i] = d->x0[i]; by[i] = d->y0[i]; bdx[i] = -1; bdy[i] = -1; }
    int ex[MAXB + 1], ey[MAXB + 1], er[MAXB + 1], eg[MAXB + 1], m = 0, score = 0;
    long tick = 0;
    int tapped = 0;
    for (;;) {
        if (!tapped && tick == t) { ex[m] = tx; ey[m] = ty; er[m] = 1; eg[m] = 1; m++; tapped = 1; }
        if (tapped && m == 0) break;
        tick++;
        for (int i = 0; i < n; i++) {
            bx[i] += bdx[i]; by[i] += bdy[i];
            if (bx[i] < 0) bdx[i] = 1; else if (bx[i] >= W) bdx[i] = -1;
            if (by[i] < 0) bdy[i] = 1; else if (by[i] >= H) bdy[i] = -1;
        }
        int k = 0;
        for (int e = 0; e < m; e++) {
            er[e] += eg[e];
            if (eg[e] == 1 && er[e] > 60) eg[e] = -1;
            if (er[e] > 0) { ex[k] = ex[e]; ey[k] = ey[e]; er[k] = er[e]; eg[k] = eg[e]; k++; }
        }
        m = k;
        int alive = m, w = 0;
        for (int i = 0; i < n; i++) {
            int hit = 0;
            for (int e = 0; e < alive; e++) {
                int dx = bx[i] - ex[e], dy = by[i] - ey[e];
                if (dx * dx + dy * dy < (er[e] + 4) * (er[e] + 4)) hit = 1;
            }
            if (hit) { ex[m] = bx[i]; ey[m] = by[i]; er[m] = 4; eg[m] = 1; m++; score++; }
            else { bx[w] = bx[i]; by[w] = by[i]; bdx[w] = bdx[i]; bdy[w] = bdy[i]; w++; }
        }
        n = w;
    }
    return (outcome){score, tick};
}

int main(int argc, char **argv) {
    if (argc < 5) { fprintf(stderr, "usage: balls fast|naive random|hits TAPS DEALS [LEVEL]\n"); return 2; }
    int use_fast = strcmp(argv[1], "fast") == 0, hits = strcmp(argv[2], "hits") == 0;
    long taps = atol(argv[3]);
    int deals = atoi(argv[4]), level = argc > 5 ? atoi(argv[5]) : 10;
    deal_t *ds = malloc(sizeof(deal_t) * deals);
    for (int d = 0; d < deals; d++) deal(&ds[d], (uint64_t)d + 1, level);
    int *tt = malloc(sizeof(int) * taps), *tx = malloc(sizeof(int) * taps), *ty = malloc(sizeof(int) * taps);
    splitmix64 g = {0xBA11};
    for (long k = 0; k < taps; k++) {
        const deal_t *d = &ds[k % deals];
        int t = (int)(next(&g) % PERIOD);
        tt[k] = t;
        if (hits) {
            int j = (int)(next(&g) % (uint64_t)d->n);
            int a = (d->qx[j] + t % PX) % PX, b = (d->qy[j] + t % PY) % PY;
            int x = pos(a, W), y = pos(b, H);
            tx[k] = x < 0 ? 0 : x > W - 1 ? W - 1 : x;
            ty[k] = y < 0 ? 0 : y > H - 1 ? H - 1 : y;
        } else {
            tx[k] = (int)(next(&g) % W); ty[k] = (int)(next(&g) % H);
        }
    }
    struct timespec a, b;
    long scores = 0, ticks = 0;
    clock_gettime(CLOCK_MONOTONIC, &a);
    for (long k = 0; k < taps; k++) {
        outcome o = use_fast ? fast(&ds[k % deals], tt[k], tx[k], ty[k]) : naive(&ds[k % deals], tt[k], tx[k], ty[k]);
        scores += o.score; ticks += o.ticks;
    }
    clock_gettime(CLOCK_MONOTONIC, &b);
    double s = (b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) / 1e9;
    printf("taps %ld seconds %.6f rate %.1f scores %ld ticks %ld\n", taps, s, s > 0 ? taps / s : 0.0, scores, ticks);
    return 0;
}
