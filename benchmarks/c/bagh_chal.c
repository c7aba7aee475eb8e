/*
 * Bagh-Chal (5x5, docs/rules.md): a hand-written C bitboard
 * perft, the reference the Swift engine is measured against (benchmarks/c-parity.sh).
 *
 * The same algorithm as the Swift code (Sources/Boards/BaghChal): point
 * i = rank * 5 + file is bit i of a 25-bit board; for each of the eight directions a
 * mask of the points that have a line that way (and one of those whose line runs on
 * for two points) lets a whole set step or jump with one mask and one shift. Perft
 * generates a move list per ply, plays each move on a copy and recurses, counting the
 * last ply in bulk with popcounts (no list), like Perft.count with moveCount(). Perft
 * needs no hash, so the position keeps none. The copy is passed by pointer: passed by
 * value, the 20-byte struct goes through the stack on every call, which measured 1.8x
 * slower here (and packing it into 12 bytes, to pass it in registers, slower still).
 *
 * C99 plus __builtin_popcount / __builtin_ctz. Build:
 *   cc -O3 -march=native -o bagh_chal bagh_chal.c
 * Usage: bagh_chal perft DEPTH
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef uint32_t u32;
typedef uint64_t u64;

#define ALL 0x1FFFFFFu
#define FILE_A 0x0108421u
#define FILE_B (FILE_A << 1)
#define FILE_D (FILE_A << 3)
#define FILE_E (FILE_A << 4)
#define RANK_1 0x1Fu
#define RANK_2 (RANK_1 << 5)
#define RANK_4 (RANK_1 << 15)
#define RANK_5 (RANK_1 << 20)
/* Points with diagonal lines: file + rank even, which for a width of 5 is the even indices. */
#define DIAG 0x1555555u
#define CORNERS 0x1100011u

#define N_STEPS (ALL & ~RANK_5)
#define S_STEPS (ALL & ~RANK_1)
#define E_STEPS (ALL & ~FILE_E)
#define W_STEPS (ALL & ~FILE_A)
#define N_JUMPS (ALL & ~(RANK_4 | RANK_5))
#define S_JUMPS (ALL & ~(RANK_1 | RANK_2))
#define E_JUMPS (ALL & ~(FILE_D | FILE_E))
#define W_JUMPS (ALL & ~(FILE_A | FILE_B))

#define MAX_MOVES 128
#define CAPTURES_TO_WIN 5
#define GOATS_PER_GAME 20

enum { GOATS = 0, TIGERS = 1 };

typedef struct {
    u32 goats, tigers;
    int side, in_hand, captured;
} Pos;

/* Moves packed as in the Swift engine: to | from << 5 | kind << 10 (1 place, 2 step, 3 capture). */
typedef uint16_t Move;
#define PLACE(p) ((Move)((p) | ((p) << 5) | (1 << 10)))
#define STEP(f, t) ((Move)((t) | ((f) << 5) | (2 << 10)))
#define JUMP(f, t) ((Move)((t) | ((f) << 5) | (3 << 10)))

/* Shift a set by a signed index offset (a constant after inlining). */
static inline u32 shift(u32 b, int delta) { return delta > 0 ? b << delta : b >> -delta; }
static inline u32 step(u32 b, int delta, u32 steps) { return shift(b & steps, delta); }
static inline u32 jump(u32 b, u32 over, int delta, u32 jumps) {
    return shift(shift(b & jumps, delta) & over, delta);
}

/* The eight directions in the engine's order N NE E SE S SW W NW: offset, steps, jumps. */
#define FOR_EACH_DIRECTION(X) \
    X(5, N_STEPS, N_JUMPS) \
    X(6, DIAG & N_STEPS & E_STEPS, DIAG & N_JUMPS & E_JUMPS) \
    X(1, E_STEPS, E_JUMPS) \
    X(-4, DIAG & S_STEPS & E_STEPS, DIAG & S_JUMPS & E_JUMPS) \
    X(-5, S_STEPS, S_JUMPS) \
    X(-6, DIAG & S_STEPS & W_STEPS, DIAG & S_JUMPS & W_JUMPS) \
    X(-1, W_STEPS, W_JUMPS) \
    X(4, DIAG & N_STEPS & W_STEPS, DIAG & N_JUMPS & W_JUMPS)

/* Every legal move, in the Swift engine's order: placements by point; goat steps by
 * direction then destination; tigers by point, captures first, each by destination.
 * None after the fifth capture, which leaves the goats to move: with the tigers to
 * move fewer than 5 goats are captured, so only the goats' side tests the captures
 * (as the Swift engine does). */
static inline int generate(const Pos *p, Move *m) {
    u32 empty = ~(p->goats | p->tigers) & ALL, g = p->goats;
    int n = 0;
    if (p->side == GOATS) {
        if (p->captured >= CAPTURES_TO_WIN) return 0;
        if (p->in_hand > 0) {
            for (u32 e = empty; e; e &= e - 1) m[n++] = PLACE(__builtin_ctz(e));
            return n;
        }
#define GOAT_STEPS(d, s, j) \
        for (u32 to = step(g, d, s) & empty; to; to &= to - 1) { \
            int q = __builtin_ctz(to); m[n++] = STEP(q - (d), q); }
        FOR_EACH_DIRECTION(GOAT_STEPS)
#undef GOAT_STEPS
        return n;
    }
    for (u32 t = p->tigers; t; t &= t - 1) {
        u32 tiger = t & (0u - t), steps = 0, caps = 0;
        int from = __builtin_ctz(t);
#define TIGER_TARGETS(d, s, j) steps |= step(tiger, d, s); caps |= jump(tiger, g, d, j);
        FOR_EACH_DIRECTION(TIGER_TARGETS)
#undef TIGER_TARGETS
        for (caps &= empty; caps; caps &= caps - 1) m[n++] = JUMP(from, __builtin_ctz(caps));
        for (steps &= empty; steps; steps &= steps - 1) m[n++] = STEP(from, __builtin_ctz(steps));
    }
    return n;
}

/* The number of legal moves by popcounts (perft's last ply). Within one direction
 * each origin has at most one destination, so per-direction popcounts add up. */
static inline int move_count(const Pos *p) {
    u32 empty = ~(p->goats | p->tigers) & ALL, g = p->goats, t = p->tigers;
    int n = 0;
    if (p->side == GOATS) {
        if (p->captured >= CAPTURES_TO_WIN) return 0;
        if (p->in_hand > 0) return __builtin_popcount(empty);
#define COUNT_STEPS(d, s, j) n += __builtin_popcount(step(g, d, s) & empty);
        FOR_EACH_DIRECTION(COUNT_STEPS)
#undef COUNT_STEPS
        return n;
    }
#define COUNT_TIGER(d, s, j) \
    n += __builtin_popcount(step(t, d, s) & empty) + __builtin_popcount(jump(t, g, d, j) & empty);
    FOR_EACH_DIRECTION(COUNT_TIGER)
#undef COUNT_TIGER
    return n;
}

static inline void play(Pos *p, Move m) {
    int to = m & 31, from = (m >> 5) & 31, kind = m >> 10;
    if (p->side == GOATS) {
        if (kind == 1) { p->goats |= 1u << to; p->in_hand--; }
        else p->goats ^= (1u << from) | (1u << to);
    } else {
        p->tigers ^= (1u << from) | (1u << to);
        if (kind == 3) { p->goats ^= 1u << ((from + to) >> 1); p->captured++; }
    }
    p->side ^= 1;
}

static u64 perft(const Pos *p, int depth) {
    if (depth <= 1) return depth == 1 ? (u64)move_count(p) : 1;
    Move moves[MAX_MOVES];
    int n = generate(p, moves);
    u64 nodes = 0;
    if (depth == 2) {
        /* The children are the last ply's parents: count their moves here, without a
         * call per child (the Swift Perft.count has the same loop). */
        for (int i = 0; i < n; i++) {
            Pos c = *p;
            play(&c, moves[i]);
            nodes += (u64)move_count(&c);
        }
        return nodes;
    }
    for (int i = 0; i < n; i++) {
        Pos c = *p;
        play(&c, moves[i]);
        nodes += perft(&c, depth - 1);
    }
    return nodes;
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(int argc, char **argv) {
    if (argc == 3 && strcmp(argv[1], "perft") == 0) {
        Pos start = { 0, CORNERS, GOATS, GOATS_PER_GAME, 0 };
        double t0 = now();
        u64 nodes = perft(&start, atoi(argv[2]));
        double s = now() - t0;
        printf("nodes %llu seconds %.6f rate %.0f\n", (unsigned long long)nodes, s, (double)nodes / s);
        return 0;
    }
    fprintf(stderr, "usage: bagh_chal perft DEPTH\n");
    return 2;
}
