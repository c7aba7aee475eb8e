/*
 * The C interface's worker threads at work, for ThreadSanitizer (.ci/tsan-c-interface.sh):
 * every game's vector environment stepped on 2 threads with every output, and random
 * playouts on 2 threads. Exits 0 when every call succeeds.
 */
#include <stdio.h>
#include <stdlib.h>

#include "gamebench.h"

int main(void) {
    const char *games[] = {"tigers-goats", "bagh-chal", "coin-sorter", "balls"};
    enum { N = 256 };
    gb_error err;
    for (int gi = 0; gi < 4; gi++) {
        gb_handle game, vec, state;
        char info[2048];
        int64_t length;
        if (gb_game_load(games[gi], NULL, &game, &err) || gb_game_info(game, info, sizeof info, &length, &err) ||
            gb_vec_new(game, N, 3, 2, &vec, &err)) {
            fprintf(stderr, "threads: %s: %s\n", games[gi], err.message);
            return 1;
        }
        int balls = gi == 3;  /* no mask: too many taps */
        int64_t actions_count = gi == 0 ? 4096 : gi == 1 ? 650 : gi == 2 ? 300 : 0;
        int64_t observation = gi == 0 ? 5 * 64 : gi == 1 ? 6 * 25 : gi == 2 ? 4 * 25 : 3 * 48 * 32;
        float *observations = malloc(sizeof(float) * N * observation);
        uint8_t *masks = balls ? NULL : malloc((size_t)(N * actions_count));
        float rewards[N];
        uint8_t terminals[N];
        int64_t actions[N];
        int32_t players[N];
        if (gb_vec_reset(vec, observations, masks, players, &err)) {
            fprintf(stderr, "threads: %s: %s\n", games[gi], err.message);
            return 1;
        }
        for (int k = 0; k < 50; k++) {
            if (gb_vec_random_actions(vec, (uint64_t)k, actions, &err) ||
                gb_vec_step(vec, actions, observations, rewards, terminals, masks, players, &err)) {
                fprintf(stderr, "threads: %s: %s\n", games[gi], err.message);
                return 1;
            }
        }
        double returns[2 * N];
        int64_t lengths[N];
        if (gb_state_new(game, 5, 0, &state, &err) || gb_random_playouts(state, N, 9, 2, returns, lengths, &err)) {
            fprintf(stderr, "threads: %s: %s\n", games[gi], err.message);
            return 1;
        }
        printf("%s: 50 steps of %d environments and %d playouts on 2 threads\n", games[gi], N, N);
        gb_free(state, &err);
        gb_free(vec, &err);
        gb_free(game, &err);
        free(observations);
        free(masks);
    }
    return 0;
}
