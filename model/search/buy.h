// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What to buy: one search over GPU x whole-node GPU count x buy/rent x precision x layout for a
// plan's model and training job, against the user's limits (deadline, capital, cost of the run,
// power at the wall). Plain C++ over the layout search (search.h) and the uncertainty
// (uncertainty/uncertainty.h); the caller gives each option's ranges (the engine's own error
// included) through Question::notes.
//
// The space. For each GPU, precision (FP8 only where the GPU has FP8 tensor cores) and GPU count
// (a context), runSearch() finds the fastest layout the framework runs; for a fixed GPU, count and
// precision, the cost per hour of buying or renting is a constant, so the fastest layout is also the
// cheapest and the one of least TCO: one search serves both modes. Each (context, mode) is an
// option, judged at the engine's point estimate against every limit ("meets").
//
// The answer. The options that meet every limit, ranked by the objective (ties: GPU order, fewer
// GPUs, buy before rent, BF16 before FP8), the first Question::shortlist of them with P10/P50/P90
// of days, USD per billion tokens and the run's TCO, P(meets the deadline) and P(within budget)
// from a Latin hypercube over the option's ranges. The closest misses: options that miss, least
// relative shortfall first, each with what it lacks and a change that meets every limit (FP8 on
// the same GPUs; else the fewest more GPUs, in whole nodes, found by searching counts upward from
// the linear estimate). The Pareto front of days against USD per billion tokens over every option.
// Listed options (the user's own candidates) are judged the same way.
//
// Layout families. A layout's family is which of tp, pp, cp, ep, ZeRO and vpp it uses (> 1, ZeRO
// > 0); familyShortlist() gives the fastest layout of each family on one option, so that the user
// sees layouts that differ in kind, not copies that differ in recompute or micro-batch. Each layout
// of an answer and of the family shortlist says whether it is conventional (convention.h) and, when
// not, what leaving convention buys against the fastest conventional layout of the same hardware.

#include "convention.h"
#include "search.h"
#include "uncertainty/uncertainty.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace commtax::search::buy {

enum class Objective {
    Cost, // USD per billion tokens
    Tco,  // the run's TCO
    Time, // days to train
    Capex
};
bool parseObjective(const std::string &s, Objective &out); // cost, tco, time, capex
const char *toString(Objective o);

struct Gpu {
    std::string id; // the GPU preset's id
    Hardware hardware;
    double rent_usd_per_gpu_hour = 0; // > 0: the price of renting it; 0: the preset's own (none: not rented)
    bool searched = true;             // false: only judged where listed (a GPU the goals leave out)
};

struct Limits {
    double deadline_days = 0; // 0: none
    double capex_usd = 0;     // 0: none; buying only
    double tco_usd = 0;       // 0: none
    double power_mw = 0;      // 0: none; at the wall (the plan's PUE)
    double budget_usd = 0;    // 0: none; as the layout search's: capex when buying, the run's TCO when renting
};

struct Listed {
    int gpu = 0; // index into Question::gpus
    int gpus = 0;
    bool rent = false;
    bool fp8 = false;
    double rent_usd_per_gpu_hour = 0; // > 0: this price
};

struct Question {
    Plan base; // the model and the training job; its layout, GPU and cluster are replaced
    std::vector<Gpu> gpus;
    // GPU counts: explicit counts (whole nodes only), else whole nodes in [gpus_min, gpus_max] when
    // gpus_max > 0, else nodes_min..nodes_max nodes; none above max_gpus (> 0).
    std::vector<int> gpu_counts;
    int gpus_min = 0;
    int gpus_max = 0;
    int nodes_min = 1;
    int nodes_max = 256;
    int max_gpus = 0;
    bool buy = true, rent = true, bf16 = true, fp8 = true;
    int framework = -1; // launch::Framework; -1: any
    Limits limits;
    Objective objective = Objective::Cost;
    std::vector<Listed> listed;
    int shortlist = 10; // options with ranges and probabilities
    int misses = 5;     // closest misses listed
    int samples = 300;  // Monte Carlo samples per option
    std::uint64_t seed = 1;
    int threads = 0; // 0: every core
    // Branch and bound in each context's layout search (search.h, Options::bound): the same
    // answer; false evaluates every layout (the benchmarks' "before", the tests' brute force).
    bool bound = true;
    // Optional: set to true from any thread to stop early (the answer then says cancelled and holds
    // nothing else), and a counter of the contexts searched so far, for a progress bar.
    const std::atomic<bool> *cancel = nullptr;
    std::atomic<std::int64_t> *progress = nullptr;
    // The ranges of an option's inputs (the engine's error included); empty: collapsed ranges.
    std::function<std::vector<uncertainty::FieldNote>(const Plan &, int gpu)> notes;
};

struct Range {
    double p10 = 0, p50 = 0, p90 = 0;
};

// Whether a layout is the shape the framework's published recipe uses for a model of this size
// (convention.h); when not, the fastest conventional layout on the same GPUs, count and precision
// and what leaving convention buys: that layout's step time over this one's, less 1 (0.28: 28%
// faster than the conventional layout).
struct Convention {
    bool conventional = true;
    std::string recipe;       // the recipe judged against: "NeMo llama3_70b"
    bool alternative = false; // not conventional, and a conventional layout fits
    Plan plan;                // that layout
    double step_time_s = 0;
    double speedup = 0;
};
Convention judgeConvention(const Plan &plan, const Result &result, int framework);

struct Option {
    int gpu = 0;
    int gpus = 0;
    bool rent = false;
    bool fp8 = false;
    Plan plan; // the option with its best layout
    Result result;
    double capex_usd = 0;
    double power_mw = 0;
    bool meets = false;             // every limit at the point estimate
    std::vector<std::string> lacks; // "deadline", "capex", "tco", "budget", "power"; "fits" (listed)
    double shortfall = 0;           // the largest relative excess over a limit (0 when it meets)
    // With ranges (the shortlist, the misses and the listed options):
    bool ranged = false;
    Range days, cost_per_billion_tokens_usd, tco_usd;
    double p_meets_deadline = 1; // 1 without a deadline
    double p_within_budget = 1;  // 1 without a budget
    // A change that meets every limit (misses only): "fp8", or more GPUs.
    std::string fix;  // "fp8", "gpus" or "" (none found)
    int fix_gpus = 0; // with fix "gpus"
    double fix_days = 0;
    Convention convention; // of its layout (every option listed in an Answer with a layout)
};

struct FamilyBest {
    unsigned family = 0; // bits: 1 tp, 2 pp, 4 cp, 8 ep, 16 zero, 32 vpp
    Plan plan;
    Result result;
    Convention convention;
};
unsigned familyOf(const Layout &l);
unsigned familyOf(const TrainingSpec &t);
std::string familyName(unsigned family); // "tp+pp+zero", "dp only"

struct Answer {
    std::vector<Option> options;        // meeting every limit, ranked; the first `shortlist` ranged
    std::vector<Option> closest_misses; // least shortfall first
    std::vector<Option> pareto;         // days ascending
    std::vector<Option> listed;         // in Question::listed's order
    std::int64_t searched = 0;          // layouts searched (as SearchResult::searched)
    std::int64_t bounded = 0;           // of them, ruled out by the bound unevaluated (SearchResult::bounded)
    std::int64_t contexts = 0;          // GPU x count x precision
    std::int64_t option_count = 0;      // contexts with a layout that fits, times the modes
    int meeting = 0;                    // options meeting every limit
    double seconds = 0;
    bool cancelled = false;
};

// The contexts (GPU x count x precision) answer() searches, by arithmetic; a question of more than
// kMaxContexts is refused with its size (the command line): 5,696 contexts of a 70B model take
// 1.5 s of CPU, of DeepSeek-V3 22 s (docs/performance.md).
inline constexpr std::int64_t kMaxContexts = 20000;
std::int64_t countContexts(const Question &q);
Answer answer(const Question &q);
// The fastest layout of every family on one option's plan (its GPU, count and precision).
std::vector<FamilyBest> familyShortlist(const Plan &plan, int framework);
double objectiveValue(Objective o, const Option &opt);

// The ranges and odds answer() gives its shortlist, for one option already evaluated (its plan,
// result and mode set): days, cost per billion tokens, TCO, p_meets_deadline and p_within_budget
// from q.notes, q.samples, q.seed, q.threads and q.limits. The Compare window's odds per column.
void rangeOption(const Question &q, Option &o);

} // namespace commtax::search::buy
