// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Layout search: every valid parallel layout of a plan, on one or more GPU counts and
// GPU presets, evaluated by the engine; the best plans for an objective, the Pareto front of days
// to train against USD per billion tokens, and counts of what was searched. Plain C++ and
// std::thread: no Qt, so the command line, the app and the benchmarks call the same code.
//
// The space. For each hardware entry (a GPU with its cluster) and each GPU count G (a context),
// the layout dimensions of kDims, in that order, each take every value of its candidate list:
//   tp               divisors of G
//   pp               divisors of G / tp
//   cp               divisors of G / (tp * pp)     (dp = G / (tp * pp * cp): the GPUs left)
//   etp              MoE: divisors of expert_ffn (an explicit value: 0, "follow tp", is the same
//                    plan as etp = tp); dense: 0 (the field means nothing there)
//   ep               MoE: divisors of experts; dense: 1
//   vpp              1..layers (stageSplit keeps those with at least vpp layers on every middle
//                    stage and vpp - 1 on the first and last, whose chunk of the embedding or the
//                    loss may hold no layer; a stage's chunks may differ by one layer)
//   micro_batch      divisors of global_batch
//   zero             0..3; only 0 when no group shards anything: cp * dp = 1 and, for MoE, the
//                    experts' data-parallel group edp = tp * cp * dp / (etp * ep) = 1 as well
//                    (ZeRO over one rank is plain data parallelism: the same plan)
//   recompute        none, selective, full
//   sequence_parallel false, true; only false when tp = 1 (Megatron-LM turns it off there:
//                    "Disabling sequence parallelism because tensor model parallelism is disabled")
// each clipped to the field's range (engine/limits.h) and, when Space::allowed holds a list for
// the dimension, to that list. first_stage_layers and last_stage_layers are 0 (automatic: the
// engine spreads layers that do not divide as evenly as it can, docs/model.md §16). Every other
// field (global batch, sequence length, precision, overlap...) is the base plan's. The duplicates
// left out (ZeRO over one rank, sequence parallelism without tensor parallelism, etp 0 of an MoE
// model) would lose every tie to the plan kept (smaller key), so no answer changes; they are not
// in the space and not counted.
//
// Validity. A context (hardware, G) is checked once with the engine's validate(); a layout is then
// checked by a structural pre-check that mirrors validate()'s divisibility and range rules for the
// searched fields, level by level, so a rejected prefix prunes its whole subtree (an invalid tp
// skips every pp, vpp... below it). tests/test_search.cpp proves on small spaces that a layout
// passes the pre-check exactly when validate() accepts the plan. Only then is the plan evaluated,
// with evaluateValid(), which allocates nothing; the search loop allocates nothing either (the
// top list and the front are reserved up front).
//
// Counts. searched: every layout of the candidate space (pruned subtrees counted, not visited);
// valid: those validate() accepts; fits: valid and within the usable memory; feasible: fitting and
// within the constraints. Only feasible plans are ranked.
//
// Global batch. With a tokens-per-step range (Space::tokens_min/max) every global batch of whole
// sequences in it is searched: each (hardware, G, global batch) is a context of its own (the
// micro-batch candidates are the divisors of that batch).
//
// Determinism and ties. Every plan has a key: (gpus, hardware index, global batch, then the values
// of kDims in order: tp, pp, cp, etp, ep, vpp, micro_batch, zero, recompute none<selective<full,
// sequence_parallel false<true), compared lexicographically, smaller first: fewer GPUs, then the
// earlier hardware entry, then the smaller global batch, then smaller degrees. Plans are ranked by (objective, key); on the
// Pareto front, plans with exactly the same days and cost are one point, held by the smallest key.
// The answer is the same whatever the number of threads or the order they finish in.
//
// Adding a dimension: a value in `Dim` before kDimCount and a row in kDimTable (search.cpp): its
// scenario key, whether it splits the GPUs, whether the candidates of a later dimension depend on
// its value, its candidate generator, how it is set on a plan and its pre-check (mirroring
// validate()). A dimension the engine's PlanPrefix reads (placement: the parallel degrees) must come
// at or before kLastPrefixDim (search.cpp), where the walk computes the prefix for every plan below.
//
// Speed. The engine's per-prefix part (PlanPrefix: layer sizes, placement) is computed once per
// (tp, pp, cp, dp, etp, ep) and shared by every plan below it; below the last dimension whose
// value a later candidate list reads, the candidate lists and layout counts are filled once per
// value of it, so a pruned micro-batch or vpp counts its subtree in O(1).

#include "engine/engine.h"
#include "engine/sweep.h"

#include <array>
#include <atomic>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

namespace commtax::search {

enum class Objective { Time, // days to train
                       Cost, // USD per billion tokens
                       Tco,  // the run's TCO (cost per hour x wall-clock hours)
};
inline constexpr Objective kObjectives[] = {Objective::Time, Objective::Cost, Objective::Tco};
const char *toString(Objective o); // "time", "cost", "tco"
bool parseObjective(const std::string &s, Objective &out);
// The value an objective ranks by (lower is better).
double objectiveValue(Objective o, const Result &r);

// The searched dimensions, in the order of the enumeration and of the tie-break key.
enum Dim : int {
    DimTp,
    DimPp,
    DimCp,
    DimEtp, // values: as training.etp (MoE: never 0)
    DimEp,
    DimVpp,
    DimMicroBatch,
    DimZero,
    DimRecompute,        // values: int(Recompute)
    DimSequenceParallel, // values: 0, 1
    kDimCount
};
// The scenario key of a dimension ("tp", "micro_batch"...).
const char *dimKey(int dim);

struct Constraints {
    int max_gpus = 0;         // 0: no limit
    double budget_usd = 0;    // 0: none. Buy: capex_usd <= budget; rent: the run's tco_usd <= budget
    double deadline_days = 0; // 0: none. days_to_train <= deadline
    // A framework that must run the layout as planned (launch::runsAsPlanned); -1: any.
    int framework = -1;
};

struct Space {
    Plan base; // the model, economics and every training field that is not searched
    // The GPUs and their clusters; empty: the base plan's.
    std::vector<Hardware> hardware;
    // GPU counts: an explicit list, else the range [gpus_min, gpus_max] in whole nodes of each
    // hardware entry's cluster, else (both empty) the base plan's nodes x gpus_per_node. A count
    // below one node is one smaller node (as sweep does); a count that does not fill whole nodes
    // is a context that cannot be built (Result::contexts_invalid).
    std::vector<int> gpu_counts;
    int gpus_min = 0;
    int gpus_max = 0;
    // Tokens per step (global batch x sequence length): both 0, the base plan's global batch; else
    // every global batch of whole sequences whose tokens lie in [tokens_min, tokens_max] (and within
    // the field's range), each searched as a context of its own (globalBatches()).
    std::int64_t tokens_min = 0;
    std::int64_t tokens_max = 0;
    // Per dimension, the values allowed (empty: every candidate).
    std::array<std::vector<int>, kDimCount> allowed;
};

// Bounds (issue 22): the ranking keeps at most kMaxTop plans (--top 100000000 reserved that many
// results per thread and aborted); a space of more than kMaxContexts contexts or kMaxLayouts
// layouts cannot finish in reasonable time, and the command line and the dialog refuse it with its
// size. Most layouts are pruned in whole subtrees and counted, not visited: on 2 cores llama2-7b on
// 8-8,192 H100s is 5.3e9 layouts in 0.8 s, so kMaxLayouts is minutes, not hours.
inline constexpr int kMaxTop = 10000;
inline constexpr std::int64_t kMaxContexts = 1000000;
inline constexpr std::int64_t kMaxLayouts = 1000000000000LL;
// Counting is far cheaper than searching, but not free: a space whose count alone takes longer than
// this is refused with the layouts counted so far (--gpus 1-720000 counted for three minutes before
// it passed kMaxLayouts). The command line and the search dialog both cut the count here.
inline constexpr int kMaxCountSeconds = 10;
// Invalid contexts listed in SearchResult::contexts_invalid (all are counted).
inline constexpr std::size_t kMaxInvalidContextsListed = 1000;

struct Options {
    Objective objective = Objective::Time;
    Constraints constraints;
    int top = 10;    // plans kept in the ranking (1 to kMaxTop; clamped)
    int threads = 0; // 0: std::thread::hardware_concurrency()
    // Run the search's threads at the lowest CPU priority (Linux: nice 19 on each of its threads,
    // which are then always threads of their own, never the caller's): a GUI thread and the engine's
    // jobs beside it take the cores whenever they need them, and the search the rest.
    bool low_priority = false;
    // Optional: set to true from any thread to stop early (the result then says cancelled), and a
    // counter of the layouts searched so far (updated in chunks) for a progress bar.
    const std::atomic<bool> *cancel = nullptr;
    std::atomic<std::int64_t> *progress = nullptr;
    // Branch and bound for the top list (objective Time only; ignored otherwise): once a thread's
    // top list is full, a plan whose lower bound on days cannot beat its last entry is counted in
    // `searched` and `bounded` but not evaluated. The bound of a plan comes from a plan evaluated
    // before it under the same (context, tp, pp, cp, etp, ep, vpp, micro_batch):
    //  - ZeRO changes only the data-parallel traffic, what of it hides (and the slowdown of hiding
    //    it) and the optimizer step. The rest of the step, compute + bubble + exposed TP, PP, CP
    //    and expert communication, is the same for every ZeRO stage at one recompute and sequence
    //    parallelism: evaluated once, it bounds the other stages.
    //  - Recompute none does the least work: its compute, TP and expert traffic are each at most
    //    selective's and full's, and so is every pipeline stage's time, on which the paced time
    //    m * u_max + (sum u - u_max) / v is non-decreasing. In BF16 without context parallelism
    //    (FP8 weight casts are the pacing stage's, and CP's exposed share shrinks as the attention
    //    it hides under grows), none's compute + bubble + exposed TP and expert time bounds every
    //    recompute at one sequence parallelism.
    //  - A prefix (tp ... ep) and a micro-batch, any model and precision: every stage's time per
    //    micro-batch u_i is the same for every vpp, ZeRO stage and recompute's at least recompute
    //    none's, so the step is at least m * u_max + (sum u - u_max) / v plus the PP sends exposed
    //    at that vpp, from one evaluation at vpp 1 and recompute none per sequence parallelism (two
    //    in FP8, to take the weight casts out); it rules out every ZeRO, recompute and sequence
    //    parallelism below (prefix, vpp, micro-batch) at once.
    //  - A whole prefix: per sequence each part of u costs least at the largest micro-batch that may
    //    fit, so m * u_max there bounds every plan below it. The prefixes below one value of tp are
    //    ranked by that bound first and walked best first (the top list fills with good plans early).
    //  - Memory: the parameters, gradients and optimizer states at the largest ZeRO stage averaged
    //    over the stages, and the first stage's with its least activations (full recompute, sequence
    //    parallelism, min(m, pp) micro-batches in flight), bound every plan's memory below a prefix
    //    and a micro-batch: a prefix where nothing fits is ruled out before any evaluation, whatever
    //    the top list (most of DeepSeek-V3's prefixes on few GPUs), and so is a micro-batch too large.
    //    Below a (prefix, vpp, micro-batch) that passes, the plan of least memory of each recompute
    //    (leastMemoryPlan(): ZeRO at its largest, and beside ZeRO-3 the stage below it, whose whole
    //    weights can hold less than ZeRO-3's gathered unit; sequence parallelism on) is evaluated first: when
    //    none fits, nothing below does, and the whole pair is ruled out whatever the top list.
    //  - ZeRO-2 is ZeRO-1 with sharded gradients, reduce-scattered every micro-batch: with one
    //    micro-batch a step its days are ZeRO-1's exactly, and a ZeRO-2 plan the top list would not
    //    take at those days (ties by key) is not evaluated; with more, ZeRO-1's days bound its own.
    // Exact: the top list is the one the full search returns (tests/test_search.cpp against brute
    // force; the bounds themselves against every plan of small spaces, prefixBounds()). valid, fits,
    // feasible, best_by (but Time's) and the Pareto front then count and keep the evaluated plans
    // only; `bounded` counts every layout ruled out, by time or by memory.
    bool bound = false;
};

// One point of the space.
struct Layout {
    int hardware = 0; // index into Space::hardware (0 when it is empty)
    int gpus = 0;
    int nodes = 0;
    int gpus_per_node = 0;
    int dp = 0;
    std::array<int, kDimCount> value{};
    // 0 when the space has no tokens-per-step range (the base plan's global batch), else the plan's.
    int global_batch = 0;
    friend bool operator==(const Layout &a, const Layout &b) = default;
};
// The tie-break order documented above: true when a comes first.
bool keyLess(const Layout &a, const Layout &b);

struct Found {
    Layout layout;
    Result result;
};

struct InvalidContext {
    int hardware = 0;
    int gpus = 0;
    std::string reason; // "field: message", in English
    std::string field;  // the reason's field path and its message as a template (engine/enginetext.h,
    EngineText text;    // context "commtax::Errors"): the command line shows it in the messages language
};

struct SearchResult {
    std::int64_t searched = 0;
    std::int64_t valid = 0;
    std::int64_t fits = 0;
    std::int64_t feasible = 0;
    std::int64_t bounded = 0; // ruled out by Options::bound without being evaluated
    double seconds = 0;
    bool cancelled = false;
    int threads = 0;
    // Ranked by (objective, key); at most Options::top.
    std::vector<Found> top;
    // The best feasible plan for each objective, in the order of kObjectives (valid = false: none).
    struct Best {
        bool valid = false;
        Found found;
    };
    std::array<Best, 3> best_by;
    // Days to train against USD per billion tokens, feasible plans only, days ascending.
    std::vector<Found> pareto;
    std::vector<InvalidContext> contexts_invalid; // the first kMaxInvalidContextsListed
    std::int64_t contexts_invalid_count = 0;      // all of them
    std::int64_t contexts = 0;
};

// The search.
SearchResult runSearch(const Space &space, const Options &options);
// The number of layouts runSearch() would search (SearchResult::searched), without evaluating; it
// visits every context (countContexts() first: at most kMaxContexts is quick). Stops early, with a
// partial count, when `cancel` becomes true, or as soon as the count passes `stopAbove` (> 0): a
// space refused for its size is not counted to its end.
std::int64_t countSpace(const Space &space, const Constraints &constraints = {}, const std::atomic<bool> *cancel = nullptr,
                        std::int64_t stopAbove = 0);
// The number of contexts (hardware entries x GPU counts x global batches), by arithmetic.
std::int64_t countContexts(const Space &space, const Constraints &constraints = {});
// The number of global batches the space searches (1 without a tokens-per-step range), by arithmetic.
std::int64_t globalBatchCount(const Space &space);
// The global batches the space searches, ascending: {0} (the base plan's) without a tokens-per-step
// range; with one, every whole number of sequences in it within training.global_batch's range
// (empty when none is). Allocates one int per batch: for tests and small ranges (globalBatchCount()).
std::vector<int> globalBatches(const Space &space);
// Whether every figure the search reads is finite and non-negative: a plan that fails is not valid.
bool finiteFigures(const Result &r);
// Whether its memory figures are: a plan that does not fit is valid when they are (an unbounded
// search stops such a plan's evaluation at its memory, engine.h Unfit).
bool finiteMemory(const Result &r);

// The full plan of a layout of `space` (allocates; for reporting).
Plan planOf(const Space &space, const Layout &layout);
// The scenario keys in which two layouts differ ("gpus", "gpu", "tp"...), for "why this one".
std::vector<std::string> differingFields(const Layout &a, const Layout &b, const Space &space);
// The lower bounds Options::bound rules a prefix (tp, pp, cp, etp, ep and dp) out with, for the
// prefix of `plan`: on the days of every plan below it (at the largest micro-batch) and of those with
// the plan's micro-batch, and on the memory per GPU (GB) with ZeRO at most `zero_max` of every plan
// below it and of those with the plan's micro-batch; NaN where there is none. For the tests.
struct PrefixBounds {
    double days = 0;
    double micro_batch_days = 0;
    double memory_gb = 0;
    double micro_batch_memory_gb = 0;
};
PrefixBounds prefixBounds(const Plan &plan, int zero_max);
// The plan of the same prefix, vpp, micro-batch and recompute that holds the least memory: sequence
// parallelism at its last candidate, ZeRO at its largest, or at the largest below ZeRO-3 where that
// holds less (ZeRO-3's working set, docs/model.md §8). Options::bound evaluates both for each recompute to
// rule out a (prefix, vpp, micro-batch) where nothing fits. For the tests.
Plan leastMemoryPlan(const Plan &plan);
// Usable memory left per GPU (GB); negative when the plan does not fit.
inline double memoryHeadroomGb(const Result &r) { return r.memory_usable_gb - r.memory_total_gb; }
// Whether a fitting plan meets the constraints.
bool meetsConstraints(const Constraints &c, const Plan &plan, const Result &r);

// Every layout of the candidate space, without pruning, with the pre-check's verdict (tests and
// brute force only: the callback gets the plan as the search would evaluate it).
struct Candidate {
    const Plan &plan;
    const Layout &layout;
    bool context_valid;
    bool accepted; // the context is valid and the layout passes the pre-check
};
void forEachCandidateImpl(const Space &space, void (*visit)(void *, const Candidate &), void *user);
template <typename F>
void forEachCandidate(const Space &space, F &&visit)
{
    forEachCandidateImpl(
        space, [](void *u, const Candidate &c) { (*static_cast<std::remove_reference_t<F> *>(u))(c); }, &visit);
}

} // namespace commtax::search
