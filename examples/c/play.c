/*
 * A small C program over libGameBenchC (include/gamebench.h): a random game of each
 * game, a Bagh-Chal move from an agent, a batch of steps, and the errors a caller gets.
 *
 *   swift build -c release --product GameBenchC
 *   cc -O2 -Iinclude examples/c/play.c -L.build/release -lGameBenchC -Wl,-rpath,$PWD/.build/release -o /tmp/play
 *   /tmp/play
 *
 * Exits 0 when every check holds, 1 (naming it) when one does not.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamebench.h"

static int failures = 0;

/* Stops the program when a call that must succeed fails. */
static void ok(int32_t status, const gb_error *err, const char *what) {
    if (status != GB_OK) {
        fprintf(stderr, "play: %s failed (%d): %s\n", what, status, err->message);
        exit(1);
    }
}

/* Counts a check that does not hold. */
static void check(int condition, const char *what) {
    if (!condition) {
        fprintf(stderr, "play: check failed: %s\n", what);
        failures++;
    }
}

/* Plays random legal actions from the start to the end of one game; prints the end. */
static void random_game(const char *name, const char *rules, uint64_t seed) {
    gb_error err;
    gb_handle game, state;
    ok(gb_game_load(name, rules, &game, &err), &err, "gb_game_load");
    ok(gb_state_new(game, seed, 0, &state, &err), &err, "gb_state_new");
    /* gb_state_step plays and answers the next player and the legal actions in one call;
       Balls! lists none (a tap at any point and tick), so its tap is drawn by the library. */
    int64_t legal[320];
    gb_step step = {.legal = legal, .capacity = 320};
    ok(gb_state_legal_actions(state, legal, 320, &step.count, &err), &err, "gb_state_legal_actions");
    int32_t terminal = 0;
    int64_t moves = 0;
    for (uint64_t k = 0; !terminal; k++) {
        if (step.count > 0) {
            step.action = legal[(seed * 7919 + k * 104729) % (uint64_t)step.count];
        } else {
            ok(gb_state_random_action(state, seed * 1000 + k, &step.action, &err), &err, "gb_state_random_action");
        }
        ok(gb_state_step(state, &step, &err), &err, "gb_state_step");
        int32_t over;
        ok(gb_state_is_terminal(state, &over, &err), &err, "gb_state_is_terminal");
        terminal = step.player == GB_PLAYER_TERMINAL;
        check(over == terminal, "gb_state_step's player agrees with gb_state_is_terminal");
        moves++;
    }
    char text[256];
    int64_t length;
    double returns[2] = {0, 0};
    ok(gb_state_text(state, text, sizeof text, &length, &err), &err, "gb_state_text");
    ok(gb_state_returns(state, returns, &err), &err, "gb_state_returns");
    printf("%-13s %4lld moves, returns %+g: %s\n", name, (long long)moves, returns[0], text);
    check(length == (int64_t)strlen(text) || (length >= (int64_t)sizeof text && strlen(text) == sizeof text - 1), "text length, or cut to fit");
    ok(gb_free(state, &err), &err, "gb_free state");
    ok(gb_free(game, &err), &err, "gb_free game");
}

int main(void) {
    gb_error err;
    printf("gamebench %s\n", gb_version());

    random_game("tigers-goats", "{\"plyLimit\":200}", 1);
    random_game("bagh-chal", NULL, 2);
    random_game("coin-sorter", "{}", 3);
    random_game("balls", "{\"level\":5}", 4);

    /* Bagh-Chal: legal actions, notation both ways, the observation, an agent's move. */
    gb_handle game, state, agent;
    ok(gb_game_load("bagh-chal", "{\"plyLimit\":100}", &game, &err), &err, "gb_game_load");
    ok(gb_state_new(game, 0, 0, &state, &err), &err, "gb_state_new");
    int64_t actions[650], count;
    ok(gb_state_legal_actions(state, actions, 650, &count, &err), &err, "gb_state_legal_actions");
    check(count == 21, "21 placements at the start");
    int64_t c3;
    ok(gb_state_string_to_action(state, "c3", &c3, &err), &err, "gb_state_string_to_action");
    check(c3 == 12, "c3 is action 12");
    char notation[16];
    int64_t length;
    ok(gb_state_action_to_string(state, 12, notation, sizeof notation, &length, &err), &err, "action_to_string");
    check(strcmp(notation, "c3") == 0, "action 12 is c3");
    float observation[6 * 5 * 5];
    ok(gb_state_observation(state, observation, 150, &err), &err, "gb_state_observation");
    check(observation[25 + 0] == 1 && observation[25 + 4] == 1 && observation[75] == 1, "tigers on a1 and e1, goats to move");
    ok(gb_agent_new(game, "alphabeta:depth=4", 1, &agent, &err), &err, "gb_agent_new");
    gb_search_result found;
    ok(gb_agent_step(agent, state, NULL, &found, &err), &err, "gb_agent_step");
    ok(gb_state_action_to_string(state, found.action, notation, sizeof notation, &length, &err), &err, "notation");
    printf("alphabeta:depth=4 plays %s (value %g, %lld nodes, depth %lld)\n", notation, found.value,
           (long long)found.nodes, (long long)found.depth);
    check(found.depth == 4 && !isnan(found.value), "a depth-4 search with a value");

    /* 64 games stepped together, random actions, 200 steps. */
    gb_handle vec;
    ok(gb_vec_new(game, 64, 7, 2, &vec, &err), &err, "gb_vec_new");
    int64_t batch[64];
    float rewards[64];
    uint8_t terminals[64];
    int ended = 0;
    ok(gb_vec_reset(vec, NULL, NULL, NULL, &err), &err, "gb_vec_reset");
    for (int step = 0; step < 200; step++) {
        ok(gb_vec_random_actions(vec, (uint64_t)step, batch, &err), &err, "gb_vec_random_actions");
        ok(gb_vec_step(vec, batch, NULL, rewards, terminals, NULL, NULL, &err), &err, "gb_vec_step");
        for (int i = 0; i < 64; i++) ended += terminals[i];
    }
    printf("64 Bagh-Chal games stepped 200 times: %d ended (ply limit 100)\n", ended);
    check(ended >= 64, "every game ends within 100 plies");

    /* Errors: each a status and one line, never a crash. */
    gb_handle bad;
    check(gb_game_load("chess", NULL, &bad, &err) == GB_ERR_GAME, "unknown game");
    printf("unknown game: %s\n", err.message);
    check(gb_game_load("bagh-chal", "{\"plyLimit\":-3}", &bad, &err) == GB_ERR_RULES, "bad rules");
    printf("bad rules: %s\n", err.message);
    check(gb_state_apply(state, 4000, &err) == GB_ERR_ACTION, "action out of range");
    printf("bad action: %s\n", err.message);
    check(gb_state_apply(state, 0, &err) == GB_ERR_ACTION, "a1 is taken by a tiger");
    check(gb_agent_new(game, "alphabeta:depth=zero", 1, &bad, &err) == GB_ERR_SPEC, "bad spec");
    printf("bad spec: %s\n", err.message);
    check(gb_agent_new(game, "tablebase:file=/nonexistent.tb", 1, &bad, &err) == GB_ERR_FILE, "missing file");
    printf("missing file: %s\n", err.message);
    check(gb_state_set_text(state, "T3T/5/5/5 g 20 0", &err) == GB_ERR_TEXT, "bad text");
    printf("bad text: %s\n", err.message);
    ok(gb_free(agent, &err), &err, "gb_free agent");
    check(gb_free(agent, &err) == GB_ERR_HANDLE, "freed twice");
    check(gb_state_apply(game, 12, &err) == GB_ERR_HANDLE, "a game is not a state");
    printf("wrong handle: %s\n", err.message);
    check(gb_state_apply(12345, 12, NULL) == GB_ERR_HANDLE, "a made-up handle, no error struct");

    ok(gb_free(vec, &err), &err, "gb_free vec");
    ok(gb_free(state, &err), &err, "gb_free state");
    ok(gb_free(game, &err), &err, "gb_free game");
    if (failures) {
        fprintf(stderr, "play: %d checks failed\n", failures);
        return 1;
    }
    printf("every check held\n");
    return 0;
}
