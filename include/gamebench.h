/*
 * gamebench.h: the C interface to the workbench's engines and agents
 * (libGameBenchC.so, built by `swift build -c release --product GameBenchC`).
 *
 * The same engines, rules and agents as `bench`, in process: a game is loaded with its
 * rules, states are stepped by integer actions, observations are written into the
 * caller's buffers, N states are stepped in one call, and any built-in agent spec
 * (`alphabeta:depth=6`, `mcts:playouts=800`, `tablebase`, ...) answers a move and a value.
 * docs/c-interface.md describes the action spaces and observation planes of each game.
 *
 * Conventions
 * - Every function returns a status: GB_OK (0) or one of the error codes below. Outputs
 *   go through pointers. On an error the outputs are untouched and, if `err` is not
 *   NULL, `err->code` holds the status and `err->message` one line naming the problem
 *   (UTF-8, NUL-terminated, cut at a character boundary to fit). Nothing traps.
 * - Objects (games, states, agents, vector environments) are handles: 64-bit numbers,
 *   never 0, checked on every call, so a freed, mistyped or made-up handle is
 *   GB_ERR_HANDLE, never a crash. Every handle is released with gb_free.
 * - Text outputs follow snprintf: the full length (bytes, without the NUL) is stored in
 *   `*length` and at most `capacity - 1` bytes plus a NUL are written; a longer text is
 *   cut, so call again with a buffer of `*length + 1` bytes.
 * - A handle may be used by one thread at a time; different handles on different threads
 *   at once. Calls that take `threads` run on that many worker threads of their own.
 * - Reproducible: every random choice comes from a seed given here, whatever the threads.
 */
#ifndef GAMEBENCH_H
#define GAMEBENCH_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- status and errors */

/** The status every function returns. */
enum gb_status {
    GB_OK = 0,
    GB_ERR_HANDLE = 1,   /**< not a live handle, or a handle of another kind */
    GB_ERR_ARGUMENT = 2, /**< a bad argument: NULL output, buffer of the wrong size, count out of range, a budget field negative or not finite */
    GB_ERR_GAME = 3,     /**< an unknown game name */
    GB_ERR_RULES = 4,    /**< rules JSON that is not valid for the game (unknown key, value out of range) */
    GB_ERR_ACTION = 5,   /**< an action id that is not legal in the state (or not an action of the game) */
    GB_ERR_TEXT = 6,     /**< position or move text that does not parse, or names a move that is not legal (the message says why) */
    GB_ERR_SPEC = 7,     /**< an agent spec that does not parse or is not for the game */
    GB_ERR_FILE = 8,     /**< a file an agent needs cannot be read (a tablebase, learned weights) */
    GB_ERR_STATE = 9     /**< the call does not fit the state: an action at a terminal state, chance outcomes at a decision */
};

/** Where a failed call says what went wrong. Caller-owned; may be NULL. */
typedef struct gb_error {
    int32_t code;       /**< the status returned */
    char message[512];  /**< one line, e.g. "illegal action 4095 in tigers-goats: ..." */
} gb_error;

/** A game, state, agent or vector environment. 0 is never a handle. */
typedef uint64_t gb_handle;

/** Players as gb_state_current_player gives them (OpenSpiel's numbers). */
enum gb_player {
    GB_PLAYER_CHANCE = -1,   /**< a chance node (only in states made with GB_EXPLICIT_CHANCE) */
    GB_PLAYER_TERMINAL = -4  /**< the game is over */
};

/** Flags of gb_state_new. */
enum gb_state_flags {
    /** Chance events are chance nodes the caller resolves (OpenSpiel's explicit
     *  stochastic mode): Coin Sorter's deal (25 coins) and refills, one coin per node.
     *  Without it the referee draws them from the seed's stream, as in `bench`. */
    GB_EXPLICIT_CHANCE = 1
};

/** The library's version, e.g. "0.9.0" (a static string; never freed). */
const char *gb_version(void);

/** Releases any handle. A handle already freed is GB_ERR_HANDLE. */
int32_t gb_free(gb_handle handle, gb_error *err);

/* ------------------------------------------------------------------------- games */

/**
 * Loads a game by name (`tigers-goats`, `bagh-chal`, `coin-sorter`, `balls`) with rules as
 * `tournament.json` stores them: a JSON object such as {"plyLimit":300,"longRange":false}
 * (Tigers & Goats), {"plyLimit":300} (Bagh-Chal), {} (Coin Sorter), {"level":7} (Balls!).
 * A key left out takes its default; NULL or "" means every default.
 */
int32_t gb_game_load(const char *name, const char *rules_json, gb_handle *game, gb_error *err);

/**
 * What the game is, as one JSON object: name, title, players, player_names, chance
 * ("none", "deal" or "every-turn"), num_distinct_actions, max_chance_outcomes,
 * observation_shape ([planes, rows, columns]), max_game_length, min_utility,
 * max_utility, rules (every key, defaults included) and action_space (its layout in words).
 */
int32_t gb_game_info(gb_handle game, char *buffer, int64_t capacity, int64_t *length, gb_error *err);

/** The games the library knows, as a JSON array of names, the default first. */
int32_t gb_game_names(char *buffer, int64_t capacity, int64_t *length, gb_error *err);

/* ------------------------------------------------------------------------ states */

/**
 * A new game from its start. `seed` deals a puzzle and seeds the referee's stream of
 * chance events (the same game as `bench replay --seed`); two-player games have no
 * chance and do not read it. With GB_EXPLICIT_CHANCE (Coin Sorter) chance events are
 * left to the caller and `seed` is not read; Balls! deals from its seed only.
 */
int32_t gb_state_new(gb_handle game, uint64_t seed, int32_t flags, gb_handle *state, gb_error *err);

/** An independent copy of a state (its history, referee stream and chance mode included). */
int32_t gb_state_clone(gb_handle state, gb_handle *copy, gb_error *err);

/** The position text of docs/formats.md. */
int32_t gb_state_text(gb_handle state, char *buffer, int64_t capacity, int64_t *length, gb_error *err);

/**
 * Sets the position from its text: a two-player game starts a new history there (its ply
 * count restarts at 0, as `bench` reads position text); a puzzle keeps its seed, and
 * the referee draws the next chance events from that seed's stream started afresh.
 */
int32_t gb_state_set_text(gb_handle state, const char *text, gb_error *err);

/** The player to move (0 or 1; 0 in a puzzle), GB_PLAYER_CHANCE or GB_PLAYER_TERMINAL. */
int32_t gb_state_current_player(gb_handle state, int32_t *player, gb_error *err);

/** 1 when the game is over (every end rule, repetition included), else 0. */
int32_t gb_state_is_terminal(gb_handle state, int32_t *terminal, gb_error *err);

/**
 * Each player's return, `players` values: in a two-player game +1 for a win, -1 for a
 * loss, 0 for a draw or a game not over; in a puzzle the score so far.
 */
int32_t gb_state_returns(gb_handle state, double *returns, gb_error *err);

/** Plies (two-player games) or moves (puzzles) played since the start; chance events are not counted. */
int32_t gb_state_move_number(gb_handle state, int64_t *moves, gb_error *err);

/** The engine's 64-bit hash of the position (Zobrist in the two-player games). */
int32_t gb_state_hash(gb_handle state, uint64_t *hash, gb_error *err);

/**
 * The legal actions, ascending, into `actions` (at most `capacity`); `*count` is their
 * number (none at a terminal state; the outcomes at a chance node). Balls! has too many
 * taps to list: its count is 0 and any tap in range is legal (see gb_state_random_action).
 */
int32_t gb_state_legal_actions(gb_handle state, int64_t *actions, int64_t capacity, int64_t *count, gb_error *err);

/** The legal actions as a mask of num_distinct_actions bytes, 1 for legal (not for Balls!); all 0 at a
 *  chance node (its outcomes are not actions of the game: gb_state_legal_actions lists them) and at the end. */
int32_t gb_state_legal_mask(gb_handle state, uint8_t *mask, int64_t size, gb_error *err);

/** Plays `action` (a legal move, or a chance outcome at a chance node). */
int32_t gb_state_apply(gb_handle state, int64_t action, gb_error *err);

/** One ply of a game loop, for gb_state_step: the action in, what the loop asks next out. */
typedef struct gb_step {
    int64_t action;   /**< in: the action to play */
    int64_t *legal;   /**< in: where the legal actions after it go (may be NULL with capacity 0) */
    int64_t capacity; /**< in: room in `legal` */
    int64_t count;    /**< out: the number of legal actions now (as gb_state_legal_actions) */
    double reward;    /**< out: what the action earned its player: two-player +1/-1 for the move
                           that ends the game with a win or a loss, else 0; puzzles the points
                           scored (a chance outcome's cascade included) */
    int32_t player;   /**< out: the player to move now (as gb_state_current_player) */
} gb_step;

/**
 * gb_state_apply and, in the same call, what a game loop asks next: the player to move,
 * the reward and the legal actions. One call a ply instead of three, for callers whose
 * every call costs (Python's ctypes: about 0.3-0.6 us a call, more than the engine's ply).
 */
int32_t gb_state_step(gb_handle state, gb_step *step, gb_error *err);

/** A uniformly random legal action drawn from `seed` (every game, Balls! included). */
int32_t gb_state_random_action(gb_handle state, uint64_t seed, int64_t *action, gb_error *err);

/** The notation of `action` in the state (`b1-c2`, `c3`, `a1:c3`, `37@100,100`; a coin letter at a chance node). */
int32_t gb_state_action_to_string(gb_handle state, int64_t action, char *buffer, int64_t capacity,
                                  int64_t *length, gb_error *err);

/** The action of a move in notation, checked for legality in the state. */
int32_t gb_state_string_to_action(gb_handle state, const char *text, int64_t *action, gb_error *err);

/** The observation tensor, planes x rows x columns float32 values (observation_shape). */
int32_t gb_state_observation(gb_handle state, float *buffer, int64_t size, gb_error *err);

/**
 * At a chance node: the outcomes (action ids) and their probabilities, into arrays of
 * at least `capacity` entries; `*count` is their number. GB_ERR_STATE elsewhere.
 */
int32_t gb_state_chance_outcomes(gb_handle state, int64_t *outcomes, double *probabilities, int64_t capacity,
                                 int64_t *count, gb_error *err);

/**
 * `n` random playouts from the state to the end of the game, on `threads` worker threads
 * (0: all cores): playout i plays moves drawn from gb_derive_seed(seed, i, 0) and, in a
 * puzzle, draws chance events from gb_derive_seed(seed, i, 1). `returns` gets n x players
 * values (as gb_state_returns at each end), `lengths` (may be NULL) the moves each played.
 */
int32_t gb_random_playouts(gb_handle state, int64_t n, uint64_t seed, int32_t threads, double *returns,
                           int64_t *lengths, gb_error *err);

/** The seed of environment `index`, episode `episode`, from `seed` (what gb_vec and gb_random_playouts use). */
uint64_t gb_derive_seed(uint64_t seed, uint64_t index, uint64_t episode);

/* ------------------------------------------------------- vector environments */

/**
 * `n` games stepped together, each from its start: environment i plays episode k with
 * seed gb_derive_seed(seed, i, k) (the state gb_state_new(game, that seed, 0) makes).
 * `threads` worker threads step them (0: all cores). Every game steps so, a Balls!
 * episode being one tap.
 */
int32_t gb_vec_new(gb_handle game, int64_t n, uint64_t seed, int32_t threads, gb_handle *vec, gb_error *err);

/**
 * Every environment that has moved since its game began back to the start of its next
 * episode's game (one that has not moved is at such a start already); writes the outputs
 * that are not NULL: observations (n x observation size), masks (n x num_distinct_actions;
 * not for Balls!) and players (n, the player to move).
 */
int32_t gb_vec_reset(gb_handle vec, float *observations, uint8_t *masks, int32_t *players, gb_error *err);

/**
 * Plays actions[i] in environment i, for every i. rewards[i] is what the step earned the
 * player who moved (two-player: +1 win, -1 loss, 0 otherwise; puzzles: the points
 * scored); terminals[i] is 1 when the step ended the game, which then restarts at once
 * with its next episode's seed, so the observation, mask and player written are those of
 * the new game (same-step reset). Outputs may be NULL. An illegal action stops the call
 * before any environment moves (GB_ERR_ACTION names the environment).
 */
int32_t gb_vec_step(gb_handle vec, const int64_t *actions, float *observations, float *rewards,
                    uint8_t *terminals, uint8_t *masks, int32_t *players, gb_error *err);

/** A uniformly random legal action for every environment, drawn from gb_derive_seed(seed, i, 0). */
int32_t gb_vec_random_actions(gb_handle vec, uint64_t seed, int64_t *actions, gb_error *err);

/** A new state handle holding a copy of environment `index`'s game now. */
int32_t gb_vec_state(gb_handle vec, int64_t index, gb_handle *state, gb_error *err);

/* ------------------------------------------------------------------------ agents */

/** A search budget; a field at 0 sets no limit of its kind. All 0 (or NULL): the spec's own budget.
 *  A depth beyond what an agent searches is cut to its limit (alpha-beta: 96 plies). */
typedef struct gb_budget {
    int64_t depth;    /**< plies (alpha-beta, expectimax) */
    int64_t nodes;    /**< positions visited (alpha-beta) */
    int64_t playouts; /**< playouts or iterations (MCTS) */
    double seconds;   /**< wall-clock seconds: results then vary run to run */
} gb_budget;

/** What an agent's search found. */
typedef struct gb_search_result {
    int64_t action;   /**< the move chosen, as an action id */
    double value;     /**< its value for the player to move (the agent's units: see docs); NaN if none */
    int64_t nodes;    /**< positions visited */
    int64_t depth;    /**< depth of the last completed iteration */
    int64_t playouts; /**< playouts or iterations run */
    double seconds;   /**< wall-clock seconds spent */
} gb_search_result;

/**
 * An agent of any built-in spec for the game (`bench agents --game G` lists them),
 * seeded with `seed`; a spec naming a file (a tablebase, learned weights) reads it here.
 */
int32_t gb_agent_new(gb_handle game, const char *spec, uint64_t seed, gb_handle *agent, gb_error *err);

/** The agent's move and value at a state of its game (not at a chance node or the end). */
int32_t gb_agent_step(gb_handle agent, gb_handle state, const gb_budget *budget, gb_search_result *result,
                      gb_error *err);

#ifdef __cplusplus
}
#endif

#endif /* GAMEBENCH_H */
