/* The search strategies; see tune.h.  Shaped after Kernel Tuner's (random_sample,
 * greedy_ils, simulated_annealing) and CLTune's (full search, random, annealing) strategies:
 * points a kernel refuses before building are free, every measured point costs one
 * evaluation, and no point is measured twice (a visited set remembers each cost). */
#include "clbench/tune.h"

#include "clbench/timer.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    CLIMB_PERTURBED_DIMS = 2, /* parameters a restart from the best changes at random */
    PERTURB_TRIES = 64,       /* perturbations tried before a random restart */
    NEIGHBOUR_TRIES = 64,     /* refused neighbours in a row before annealing restarts */
};

static const char *const strategy_names[] = {"auto", "exhaustive", "random", "climb", "anneal"};

const char *cb_strategy_name(enum cb_strategy s)
{
    return (unsigned)s < sizeof strategy_names / sizeof strategy_names[0] ? strategy_names[s]
                                                                          : "unknown";
}

int cb_strategy_parse(const char *name)
{
    for (unsigned i = 0; i < sizeof strategy_names / sizeof strategy_names[0]; i++)
        if (strcmp(name, strategy_names[i]) == 0)
            return (int)i;
    return -1;
}

/* Open addressing, index + 1 as the key (0: empty).  A cost is NAN for a refused point and
 * INFINITY for a failed one. */
struct visited {
    uint64_t *keys;
    double *costs;
    size_t cap, used;
};

struct state {
    struct cb_search *s;
    struct visited seen;
    uint64_t rng;
    uint64_t in_shard; /* points with index % shards == shard */
    uint64_t seen_in_shard;
    int out_of_memory;
};

/* splitmix64: small, seedable, and the same sequence on every platform. */
static uint64_t next_random(struct state *st)
{
    uint64_t z = (st->rng += 0x9e3779b97f4a7c15ULL);

    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static uint64_t random_below(struct state *st, uint64_t n)
{
    return next_random(st) % n;
}

static double random_unit(struct state *st)
{
    return (double)(next_random(st) >> 11) / 9007199254740992.0;
}

static size_t slot_of(const struct visited *v, uint64_t key)
{
    size_t i = (size_t)((key * 0x9e3779b97f4a7c15ULL) >> 17) & (v->cap - 1);

    while (v->keys[i] != 0 && v->keys[i] != key)
        i = (i + 1) & (v->cap - 1);
    return i;
}

static const double *seen_cost(const struct visited *v, uint64_t index)
{
    size_t i;

    if (v->cap == 0)
        return NULL;
    i = slot_of(v, index + 1);
    return v->keys[i] != 0 ? &v->costs[i] : NULL;
}

static int remember(struct visited *v, uint64_t index, double cost)
{
    size_t i;

    if (2 * (v->used + 1) > v->cap) {
        struct visited grown = {NULL, NULL, v->cap ? 2 * v->cap : 1024, 0};

        grown.keys = calloc(grown.cap, sizeof *grown.keys);
        grown.costs = calloc(grown.cap, sizeof *grown.costs);
        if (grown.keys == NULL || grown.costs == NULL) {
            free(grown.keys);
            free(grown.costs);
            return -1;
        }
        for (size_t j = 0; j < v->cap; j++)
            if (v->keys[j] != 0) {
                const size_t k = slot_of(&grown, v->keys[j]);

                grown.keys[k] = v->keys[j];
                grown.costs[k] = v->costs[j];
                grown.used++;
            }
        free(v->keys);
        free(v->costs);
        *v = grown;
    }
    i = slot_of(v, index + 1);
    v->keys[i] = index + 1;
    v->costs[i] = cost;
    v->used++;
    return 0;
}

static int budget_left(const struct cb_search *s)
{
    return (s->stop == NULL || !*s->stop) && (s->max_evals == 0 || s->evals < s->max_evals) &&
           (s->deadline_ms <= 0 || cb_wall_ms() < s->deadline_ms);
}

static int in_shard(const struct cb_search *s, uint64_t index)
{
    return index % s->shards == s->shard;
}

/* The cost of a point: remembered, or evaluated now.  NAN: refused; INFINITY: failed.
 * Returns -1 (nothing evaluated) when the budget is spent or memory ran out. */
static int visit(struct state *st, uint64_t index, double *cost)
{
    struct cb_search *s = st->s;
    const double *known = seen_cost(&st->seen, index);
    double c = 0;

    if (known != NULL) {
        *cost = *known;
        return 0;
    }
    if (!budget_left(s) || st->out_of_memory)
        return -1;
    switch (s->objective(s->ctx, index, &c)) {
    case CB_EVAL_REFUSED:
        s->refused++;
        c = NAN;
        break;
    case CB_EVAL_FAILED:
        s->evals++;
        c = INFINITY;
        break;
    case CB_EVAL_OK:
        s->evals++;
        if (!s->found || c < s->best_cost) {
            s->found = 1;
            s->best = index;
            s->best_cost = c;
        }
        break;
    }
    if (remember(&st->seen, index, c) != 0) {
        st->out_of_memory = 1;
        return -1;
    }
    st->seen_in_shard += in_shard(s, index);
    *cost = c;
    return 0;
}

static int usable(double cost)
{
    return !isnan(cost) && !isinf(cost);
}

/* A point of the shard not visited yet, drawn at random (the next unseen one after the draw,
 * so that a nearly visited space does not loop); 0 when every point was visited. */
static int draw_unseen(struct state *st, uint64_t *index)
{
    const struct cb_search *s = st->s;
    uint64_t r;

    if (st->seen_in_shard >= st->in_shard)
        return 0;
    r = random_below(st, st->in_shard);
    while (seen_cost(&st->seen, s->shard + r * s->shards) != NULL)
        r = (r + 1) % st->in_shard;
    *index = s->shard + r * s->shards;
    return 1;
}

/* Visits random unseen points until one is measured ok; 0 when none is left or the budget
 * ran out. */
static int random_ok_point(struct state *st, uint64_t *index, double *cost)
{
    while (draw_unseen(st, index))
        if (visit(st, *index, cost) != 0)
            return 0;
        else if (usable(*cost))
            return 1;
    return 0;
}

static void exhaustive(struct state *st)
{
    const struct cb_search *s = st->s;
    double cost;

    for (uint64_t i = s->shard; i < s->space->total; i += s->shards)
        if (visit(st, i, &cost) != 0)
            return;
}

static void random_sample(struct state *st)
{
    uint64_t index;
    double cost;

    while (draw_unseen(st, &index))
        if (visit(st, index, &cost) != 0)
            return;
}

/* index with parameter d moved by step values (0 when that leaves the list). */
static int move(const struct cb_space *sp, uint64_t index, unsigned d, int step, uint64_t *out)
{
    unsigned digit[CB_MAX_PARAMS];

    cb_space_point(sp, index, digit);
    if ((long)digit[d] + step < 0 || (long)digit[d] + step >= (long)sp->count[d])
        return 0;
    digit[d] = (unsigned)((long)digit[d] + step);
    *out = cb_space_index(sp, digit);
    return 1;
}

/* The neighbours of a point: one parameter one value up or down, then two parameters at once
 * (kernels often refuse a lone change: a tile that must stay a multiple of a block). */
static size_t neighbours(struct state *st, uint64_t index, uint64_t *out)
{
    const struct cb_space *sp = st->s->space;
    size_t n = 0, singles;

    for (unsigned d = 0; d < sp->dims; d++)
        for (int step = -1; step <= 1; step += 2)
            n += move(sp, index, d, step, &out[n]);
    singles = n;
    for (unsigned d = 0; d < sp->dims; d++)
        for (unsigned e = d + 1; e < sp->dims; e++)
            for (int a = -1; a <= 1; a += 2)
                for (int b = -1; b <= 1; b += 2) {
                    uint64_t mid;

                    if (move(sp, index, d, a, &mid) && move(sp, mid, e, b, &out[n]))
                        n++;
                }
    /* Shuffled within each ring, so that seeds explore differently. */
    for (size_t i = singles; i > 1; i--) {
        const size_t j = (size_t)random_below(st, i);
        const uint64_t t = out[i - 1];

        out[i - 1] = out[j];
        out[j] = t;
    }
    for (size_t i = n - singles; i > 1; i--) {
        const size_t j = singles + (size_t)random_below(st, i);
        const uint64_t t = out[singles + i - 1];

        out[singles + i - 1] = out[j];
        out[j] = t;
    }
    return n;
}

/* The best point with a few parameters set at random: iterated local search's restart. */
static int perturbed_best(struct state *st, uint64_t *index, double *cost)
{
    const struct cb_space *sp = st->s->space;

    for (unsigned t = 0; t < PERTURB_TRIES; t++) {
        unsigned digit[CB_MAX_PARAMS];

        cb_space_point(sp, st->s->best, digit);
        for (unsigned i = 0; i < CLIMB_PERTURBED_DIMS; i++) {
            const unsigned d = (unsigned)random_below(st, sp->dims);

            digit[d] = (unsigned)random_below(st, sp->count[d]);
        }
        *index = cb_space_index(sp, digit);
        if (seen_cost(&st->seen, *index) != NULL)
            continue;
        if (visit(st, *index, cost) != 0)
            return 0;
        if (usable(*cost))
            return 1;
    }
    return random_ok_point(st, index, cost);
}

static int start_point(struct state *st, uint64_t start, uint64_t *index, double *cost)
{
    *index = start;
    if (visit(st, start, cost) != 0)
        return 0;
    return usable(*cost) || random_ok_point(st, index, cost);
}

/* The point one more step in the direction from `from` to `to` (pattern search's momentum:
 * a move that paid is tried again first); 0 when that leaves the lists. */
static int same_move_again(const struct cb_space *sp, uint64_t from, uint64_t to, uint64_t *out)
{
    unsigned a[CB_MAX_PARAMS], b[CB_MAX_PARAMS];

    cb_space_point(sp, from, a);
    cb_space_point(sp, to, b);
    for (unsigned d = 0; d < sp->dims; d++) {
        const long next = 2 * (long)b[d] - (long)a[d];

        if (next < 0 || next >= (long)sp->count[d])
            return 0;
        b[d] = (unsigned)next;
    }
    *out = cb_space_index(sp, b);
    return 1;
}

static void climb(struct state *st, uint64_t start)
{
    uint64_t current, previous, next[1 + 2 * CB_MAX_PARAMS + 2 * CB_MAX_PARAMS * CB_MAX_PARAMS];
    double cost;
    int has_previous = 0;

    if (!start_point(st, start, &current, &cost))
        return;
    for (;;) {
        size_t n = 0;
        int moved = 0;

        if (has_previous && same_move_again(st->s->space, previous, current, &next[0]))
            n = 1;
        n += neighbours(st, current, next + n);
        for (size_t i = 0; i < n && !moved; i++) {
            double c;

            if (visit(st, next[i], &c) != 0)
                return;
            if (usable(c) && c < cost) {
                previous = current;
                has_previous = 1;
                current = next[i];
                cost = c;
                moved = 1;
            }
        }
        if (!moved) {
            has_previous = 0;
            if (!perturbed_best(st, &current, &cost))
                return;
        }
    }
}

/* Kernel Tuner's acceptance rule: a worse point is taken with probability
 * exp(-relative loss / temperature); the temperature falls with each step and a cold search
 * restarts at a random point. */
static void anneal(struct state *st, uint64_t start)
{
    const struct cb_space *sp = st->s->space;
    uint64_t current;
    double cost, temperature = 1.0;
    unsigned misses = 0;

    if (!start_point(st, start, &current, &cost))
        return;
    for (;;) {
        const unsigned d = (unsigned)random_below(st, sp->dims);
        const int step = random_below(st, 2) ? 1 : -1;
        uint64_t cand;
        double c;

        if (!move(sp, current, d, step, &cand)) {
            if (++misses < NEIGHBOUR_TRIES)
                continue;
            cand = current; /* a point whose every neighbour is off the lists: restart */
        }
        if (random_below(st, 2)) {
            const unsigned e = (unsigned)random_below(st, sp->dims);
            uint64_t both;

            if (e != d && move(sp, cand, e, random_below(st, 2) ? 1 : -1, &both))
                cand = both;
        }
        if (visit(st, cand, &c) != 0)
            return;
        if (!usable(c) || c == cost) {
            if (++misses < NEIGHBOUR_TRIES)
                continue;
        } else if (c < cost || random_unit(st) < exp(-(c - cost) / cost / temperature)) {
            current = cand;
            cost = c;
            misses = 0;
        }
        temperature *= 0.95;
        if (misses >= NEIGHBOUR_TRIES || temperature < 0.01) {
            if (!random_ok_point(st, &current, &cost))
                return;
            temperature = 1.0;
            misses = 0;
        }
    }
}

int cb_search_run(struct cb_search *s, enum cb_strategy st_kind)
{
    struct state st;
    const uint64_t start = s->has_start && s->start < s->space->total ? s->start : s->shard;

    memset(&st, 0, sizeof st);
    st.s = s;
    st.rng = s->seed * 0x2545f4914f6cdd1dULL + s->shard;
    if (s->shards == 0)
        s->shards = 1;
    st.in_shard = s->space->total > s->shard ? (s->space->total - s->shard - 1) / s->shards + 1 : 0;
    s->evals = s->refused = 0;
    s->found = 0;
    if (st_kind == CB_STRATEGY_AUTO)
        st_kind = st.in_shard <= (s->max_evals > 0 ? s->max_evals : CB_SEARCH_SMALL)
                      ? CB_STRATEGY_EXHAUSTIVE
                      : CB_STRATEGY_CLIMB;
    s->used = st_kind;
    switch (st_kind) {
    case CB_STRATEGY_EXHAUSTIVE:
        exhaustive(&st);
        break;
    case CB_STRATEGY_RANDOM:
        random_sample(&st);
        break;
    case CB_STRATEGY_CLIMB:
        climb(&st, start);
        break;
    case CB_STRATEGY_ANNEAL:
    default:
        anneal(&st, start);
        break;
    }
    free(st.seen.keys);
    free(st.seen.costs);
    return st.out_of_memory ? -1 : 0;
}
