/*
 * Tigers & Goats (8x8, docs/rules.md): a hand-written C
 * bitboard perft and random-playout program, the reference the Swift engine is
 * measured against (benchmarks/c-parity.sh).
 *
 * It runs the same algorithms as the Swift code, so that the ratio measures the
 * languages and not the algorithms:
 *   - perft generates a move list per ply into a stack array, plays each move on a
 *     copy of the position and recurses; the last ply is counted in bulk (popcounts,
 *     no list), like Perft.count with moveCount(). The copy is passed by pointer: a
 *     40-byte struct passed by value goes through the stack on every call, which
 *     measured 7% slower here (the Swift struct travels in registers);
 *   - a playout generates the moves in the same order as the Swift generator, picks
 *     one with SplitMix64 and Lemire's multiply-shift with rejection, keeps Zobrist
 *     hashes (the same keys) for threefold repetition since the last capture, and
 *     stops at the same end rules in the same order, so a seed gives the same game as
 *     `bench playouts` and the totals can be compared exactly.
 * Zobrist keys are a table filled at start-up (what a C programmer writes); perft
 * keeps no hash, as perft needs none.
 *
 * C99 plus two common compiler extensions: unsigned __int128 for the 64x64->128
 * multiply of the range reduction, and __builtin_popcountll / __builtin_ctzll /
 * __builtin_clzll. Build: cc -O3 -march=native -o tigers_goats tigers_goats.c
 *
 * Usage: tigers_goats perft DEPTH
 *        tigers_goats playouts GAMES SEED
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef uint64_t u64;

#define FILE_A 0x0101010101010101ULL
#define FILE_H 0x8080808080808080ULL
#define NOT_A (~FILE_A)
#define NOT_H (~FILE_H)
#define PERIMETER 0xFF818181818181FFULL
#define START_TIGERS 0x0000001818000000ULL
#define MAX_MOVES 256
#define CAPTURES_TO_WIN 4
#define PLY_LIMIT 300
#define GOLDEN 0x9E3779B97F4A7C15ULL
#define TIGERS_TO_MOVE_KEY 0x6A09E667F3BCC909ULL

enum { GOATS = 0, TIGERS = 1 };

typedef struct {
    u64 goats, tigers, hash;
    int side, captured, ply;
} Pos;

/* Moves packed as in the Swift engine: from | to << 6 | capture << 12. */
typedef uint16_t Move;
#define MOVE(from, to) ((Move)((from) | ((to) << 6)))
#define CAPTURE(from, to) ((Move)((from) | ((to) << 6) | (1 << 12)))

static inline u64 north(u64 b) { return b << 8; }
static inline u64 south(u64 b) { return b >> 8; }
static inline u64 east(u64 b) { return (b << 1) & NOT_A; }
static inline u64 west(u64 b) { return (b >> 1) & NOT_H; }
static inline u64 north_east(u64 b) { return (b << 9) & NOT_A; }
static inline u64 north_west(u64 b) { return (b << 7) & NOT_H; }
static inline u64 south_east(u64 b) { return (b >> 7) & NOT_A; }
static inline u64 south_west(u64 b) { return (b >> 9) & NOT_H; }

static inline u64 ortho_neighbours(u64 b) { return north(b) | south(b) | east(b) | west(b); }
static inline u64 neighbours(u64 b) {
    return ortho_neighbours(b) | north_east(b) | north_west(b) | south_east(b) | south_west(b);
}

/* Rook rays from a square, computed with shifts (no table to load). */
static inline u64 ray_north(int s) { return 0x0101010101010100ULL << s; }
static inline u64 ray_south(int s) { return 0x0080808080808080ULL >> (63 - s); }
static inline u64 ray_east(int s) { return (0xFEULL << s) & (0xFFULL << (s & 56)); }
static inline u64 ray_west(int s) { return ((1ULL << s) - 1) & (0xFFULL << (s & 56)); }

/* An increasing ray up to and including its first occupied square. */
static inline u64 clip_up(u64 ray, u64 occ) {
    u64 b = ray & occ;
    return ray & (b ^ (b - 1));
}
/* A decreasing ray down to and including its first occupied square (bit 0 a sentinel). */
static inline u64 clip_down(u64 ray, u64 occ) {
    u64 b = (ray & occ) | 1;
    return ray & ~((1ULL << (63 - __builtin_clzll(b))) - 1);
}

/* Slides and capture landings of the tiger on `sq` (adjacent captures only). */
static inline void tiger_targets(const Pos *p, int sq, u64 *slides, u64 *captures) {
    u64 occ = p->goats | p->tigers, empty = ~occ, t = 1ULL << sq, g = p->goats;
    u64 rays = clip_up(ray_north(sq), occ) | clip_up(ray_east(sq), occ)
             | clip_down(ray_south(sq), occ) | clip_down(ray_west(sq), occ);
    *slides = rays & empty;
    *captures = (north(north(t) & g) | east(east(t) & g) | south(south(t) & g) | west(west(t) & g)) & empty;
}

static inline int append_steps(Move *m, int n, u64 to, int delta) {
    while (to) {
        int s = __builtin_ctzll(to);
        m[n++] = MOVE(s - delta, s);
        to &= to - 1;
    }
    return n;
}

/* Every legal move, in the Swift engine's order: goats by direction (N NE E SE S SW W
 * NW) then destination; tigers by square, captures first, each by destination. */
static inline int generate(const Pos *p, Move *m) {
    if (p->captured >= CAPTURES_TO_WIN) return 0;
    u64 empty = ~(p->goats | p->tigers);
    int n = 0;
    if (p->side == GOATS) {
        u64 g = p->goats;
        n = append_steps(m, n, north(g) & empty, 8);
        n = append_steps(m, n, north_east(g) & empty, 9);
        n = append_steps(m, n, east(g) & empty, 1);
        n = append_steps(m, n, south_east(g) & empty, -7);
        n = append_steps(m, n, south(g) & empty, -8);
        n = append_steps(m, n, south_west(g) & empty, -9);
        n = append_steps(m, n, west(g) & empty, -1);
        n = append_steps(m, n, north_west(g) & empty, 7);
    } else {
        u64 t = p->tigers;
        while (t) {
            int from = __builtin_ctzll(t);
            t &= t - 1;
            u64 slides, caps;
            tiger_targets(p, from, &slides, &caps);
            while (caps) { m[n++] = CAPTURE(from, __builtin_ctzll(caps)); caps &= caps - 1; }
            while (slides) { m[n++] = MOVE(from, __builtin_ctzll(slides)); slides &= slides - 1; }
        }
    }
    return n;
}

/* The number of legal moves by popcounts, without a list (perft's last ply). */
static inline int move_count(const Pos *p) {
    if (p->captured >= CAPTURES_TO_WIN) return 0;
    u64 empty = ~(p->goats | p->tigers);
    if (p->side == GOATS) {
        u64 g = p->goats;
        return __builtin_popcountll(north(g) & empty) + __builtin_popcountll(south(g) & empty)
             + __builtin_popcountll(east(g) & empty) + __builtin_popcountll(west(g) & empty)
             + __builtin_popcountll(north_east(g) & empty) + __builtin_popcountll(north_west(g) & empty)
             + __builtin_popcountll(south_east(g) & empty) + __builtin_popcountll(south_west(g) & empty);
    }
    int n = 0;
    u64 t = p->tigers;
    while (t) {
        u64 slides, caps;
        tiger_targets(p, __builtin_ctzll(t), &slides, &caps);
        n += __builtin_popcountll(slides) + __builtin_popcountll(caps);
        t &= t - 1;
    }
    return n;
}

/* The square of the goat a capture jumps: one step back from `to` towards `from`. */
static inline int captured_square(int from, int to) {
    if ((from >> 3) == (to >> 3)) return to > from ? to - 1 : to + 1;
    return to > from ? to - 8 : to + 8;
}

/* Perft's move: no hash. */
static inline void play(Pos *p, Move m) {
    int from = m & 63, to = (m >> 6) & 63;
    u64 ft = (1ULL << from) | (1ULL << to);
    if (p->side == GOATS) {
        p->goats ^= ft;
    } else {
        p->tigers ^= ft;
        if (m & (1 << 12)) { p->goats ^= 1ULL << captured_square(from, to); p->captured++; }
    }
    p->side ^= 1;
    p->ply++;
}

static u64 goat_key[64], tiger_key[64];

/* A playout's move: the hash is updated too, for the repetition rule. */
static inline void play_hashed(Pos *p, Move m) {
    int from = m & 63, to = (m >> 6) & 63;
    u64 ft = (1ULL << from) | (1ULL << to);
    if (p->side == GOATS) {
        p->goats ^= ft;
        p->hash ^= goat_key[from] ^ goat_key[to];
    } else {
        p->tigers ^= ft;
        p->hash ^= tiger_key[from] ^ tiger_key[to];
        if (m & (1 << 12)) {
            int j = captured_square(from, to);
            p->goats ^= 1ULL << j;
            p->hash ^= goat_key[j];
            p->captured++;
        }
    }
    p->hash ^= TIGERS_TO_MOVE_KEY;
    p->side ^= 1;
    p->ply++;
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

/* SplitMix64, as docs/rules.md specifies it. */
static inline u64 mix(u64 z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}
static inline u64 next(u64 *state) { *state += GOLDEN; return mix(*state); }

/* A uniform integer below `bound` > 0: Lemire's multiply-shift with rejection. */
static inline int next_below(u64 *state, u64 bound) {
    unsigned __int128 prod = (unsigned __int128)next(state) * bound;
    if ((u64)prod < bound) {
        u64 threshold = (0 - bound) % bound;
        while ((u64)prod < threshold) prod = (unsigned __int128)next(state) * bound;
    }
    return (int)(prod >> 64);
}

static inline int has_legal_move(const Pos *p) {
    u64 e = ~(p->goats | p->tigers), g = p->goats;
    if (p->side == GOATS) return (neighbours(g) & e) != 0;
    if (ortho_neighbours(p->tigers) & e) return 1;
    u64 origins = (south(g) & south(south(e))) | (north(g) & north(north(e)))
                | (west(g) & west(west(e))) | (east(g) & east(east(e)));
    return (p->tigers & origins) != 0;
}

enum { GOATS_WIN, TIGERS_WIN, DRAW };

/* One random game from `start` to its end; returns the outcome, adds the plies. */
static int playout(const Pos *start, u64 seed, u64 *hashes, u64 *plies_out) {
    Pos p = *start;
    u64 rng = seed;
    Move moves[MAX_MOVES];
    int nh = 0, plies = 0, outcome;
    hashes[nh++] = p.hash;
    for (;;) {
        if (p.captured >= CAPTURES_TO_WIN) { outcome = TIGERS_WIN; break; }
        if (!has_legal_move(&p)) { outcome = p.side == GOATS ? TIGERS_WIN : GOATS_WIN; break; }
        if (p.ply >= PLY_LIMIT) { outcome = DRAW; break; }
        int reps = 0;
        for (int i = nh - 1; i >= 0; i -= 2) reps += hashes[i] == p.hash;
        if (reps >= 3) { outcome = DRAW; break; }
        int n = generate(&p, moves);
        Move m = moves[next_below(&rng, (u64)n)];
        if (m & (1 << 12)) nh = 0;
        play_hashed(&p, m);
        hashes[nh++] = p.hash;
        plies++;
    }
    *plies_out += (u64)plies;
    return outcome;
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(int argc, char **argv) {
    for (int s = 0; s < 64; s++) {
        goat_key[s] = mix((u64)(s + 1) * GOLDEN);
        tiger_key[s] = mix((u64)(s + 65) * GOLDEN);
    }
    if (argc == 3 && strcmp(argv[1], "perft") == 0) {
        int depth = atoi(argv[2]);
        Pos start = { PERIMETER, START_TIGERS, 0, GOATS, 0, 0 };
        double t0 = now();
        u64 nodes = perft(&start, depth);
        double s = now() - t0;
        printf("nodes %llu seconds %.6f rate %.0f\n", (unsigned long long)nodes, s, (double)nodes / s);
        return 0;
    }
    if (argc == 4 && strcmp(argv[1], "playouts") == 0) {
        long games = atol(argv[2]);
        u64 seed = strtoull(argv[3], NULL, 10), plies = 0;
        long counts[3] = { 0, 0, 0 };
        /* More than the ply limit: a game never stores more hashes than plies + 1. */
        static u64 hashes[PLY_LIMIT + 2];
        Pos start = { PERIMETER, START_TIGERS, 0, GOATS, 0, 0 };
        for (u64 g = start.goats; g; g &= g - 1) start.hash ^= goat_key[__builtin_ctzll(g)];
        for (u64 t = start.tigers; t; t &= t - 1) start.hash ^= tiger_key[__builtin_ctzll(t)];
        double t0 = now();
        for (long i = 0; i < games; i++) counts[playout(&start, seed + (u64)i, hashes, &plies)]++;
        double s = now() - t0;
        printf("plies %llu goats %ld tigers %ld draws %ld seconds %.6f rate %.0f\n",
               (unsigned long long)plies, counts[GOATS_WIN], counts[TIGERS_WIN], counts[DRAW], s, (double)plies / s);
        return 0;
    }
    fprintf(stderr, "usage: tigers_goats perft DEPTH | tigers_goats playouts GAMES SEED\n");
    return 2;
}
