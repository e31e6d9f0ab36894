// SPDX-License-Identifier: GPL-3.0-or-later
#include "search.h"

#include "engine/limits.h"
#include "launch.h"

#include <algorithm>
#include <cfloat>
#include <chrono>
#include <climits>
#include <cmath>
#include <cstring>
#include <iterator>
#include <memory>
#include <mutex>
#include <thread>

#ifdef __linux__
#include <sys/resource.h>
#include <unistd.h>
#endif

namespace commtax::search {

const char *toString(Objective o)
{
    switch (o) {
    case Objective::Time: return "time";
    case Objective::Cost: return "cost";
    case Objective::Tco: return "tco";
    }
    return "?";
}

bool parseObjective(const std::string &s, Objective &out)
{
    for (Objective o : kObjectives)
        if (s == toString(o)) {
            out = o;
            return true;
        }
    return false;
}

double objectiveValue(Objective o, const Result &r)
{
    switch (o) {
    case Objective::Time: return r.days_to_train;
    case Objective::Cost: return r.cost_per_billion_tokens_usd;
    case Objective::Tco: return r.tco_usd;
    }
    return r.days_to_train;
}

bool keyLess(const Layout &a, const Layout &b)
{
    if (a.gpus != b.gpus)
        return a.gpus < b.gpus;
    if (a.hardware != b.hardware)
        return a.hardware < b.hardware;
    if (a.global_batch != b.global_batch)
        return a.global_batch < b.global_batch;
    return a.value < b.value; // lexicographic in the order of kDims
}

// Finite and not negative: 0 <= v <= DBL_MAX, which a NaN fails too, without a branch.
constexpr auto finiteNonNegative = [](double v) { return (v >= 0) & (v <= DBL_MAX); };

bool finiteMemory(const Result &r)
{
    // What a plan that does not fit is decided on.
    return finiteNonNegative(r.memory_total_gb) & finiteNonNegative(r.memory_usable_gb);
}

bool finiteFigures(const Result &r)
{
    // The figures the search ranks, filters and shows; each is a product of the others, so a
    // NaN or infinity anywhere upstream reaches one of them. And-ed without a branch or a copy of the
    // figures (the search asks for every plan it evaluates).
    const auto ok = finiteNonNegative;
    return finiteMemory(r) & ok(r.step_time_s) & ok(r.days_to_train) & ok(r.cost_per_billion_tokens_usd)
        & ok(r.tco_usd) & ok(r.capex_usd) & ok(r.tokens_per_s) & ok(r.mfu) & ok(r.cost_per_hour_usd)
        & ok(r.gpu_hours) & ok(r.energy_mwh);
}

bool meetsConstraints(const Constraints &c, const Plan &plan, const Result &r)
{
    if (c.max_gpus > 0 && r.gpus > c.max_gpus)
        return false;
    if (c.budget_usd > 0) {
        const double spent = plan.economics.mode == EconomicsMode::Buy ? r.capex_usd : r.tco_usd;
        if (spent > c.budget_usd)
            return false;
    }
    if (c.framework >= 0 && !launch::runsAsPlanned(static_cast<launch::Framework>(c.framework), plan))
        return false;
    return !(c.deadline_days > 0 && r.days_to_train > c.deadline_days);
}

namespace {

using F = FieldId;

// ---------------------------------------------------------------------------------------------
// candidates

// Divisor counts stay below 1,000 for every size the ranges admit (global_batch <= 1e8 has at most
// 768 divisors; GPUs <= 7.2e6 at most 448).
constexpr int kMaxCandidates = 1024;
struct Candidates {
    int n = 0;
    int v[kMaxCandidates];
    void push(int x)
    {
        if (n < kMaxCandidates)
            v[n++] = x;
    }
    // The largest candidate, 0 when there are none (every dimension's values are 0 or more).
    int largest() const { return n > 0 ? *std::max_element(v, v + n) : 0; }
};

// Divisors of n in [1, hi], ascending, without allocating.
void divisors(std::int64_t n, int hi, Candidates &out)
{
    out.n = 0;
    if (n <= 0)
        return;
    int small[kMaxCandidates], large[kMaxCandidates];
    int ns = 0, nl = 0;
    for (std::int64_t d = 1; d * d <= n; ++d) {
        if (n % d != 0)
            continue;
        if (ns < kMaxCandidates)
            small[ns++] = static_cast<int>(d);
        const std::int64_t e = n / d;
        if (e != d && nl < kMaxCandidates && e <= INT_MAX)
            large[nl++] = static_cast<int>(e);
    }
    for (int i = 0; i < ns; ++i)
        if (small[i] <= hi)
            out.push(small[i]);
    for (int i = nl - 1; i >= 0; --i)
        if (large[i] <= hi)
            out.push(large[i]);
}

void span(int lo, int hi, Candidates &out)
{
    out.n = 0;
    for (int x = lo; x <= hi; ++x)
        out.push(x);
}

// The GPU count and node shape of a context (the hardware entry and the count it runs on).
struct Context {
    int hardware = 0;
    int gpus = 0;
    int global_batch = 0; // 0: the base plan's
    int nodes = 0;
    int gpus_per_node = 0;
    bool valid = false;
    std::string reason;
    EngineText text; // the reason's message as a template (engine/enginetext.h), after "field: "
    std::string field;
};

struct Range {
    int min = INT_MIN;
    int max = INT_MAX;
};

// One searched dimension (see search.h, "Adding a dimension").
struct DimInfo {
    FieldId field; // the plan field it sets (its row in engine/limits.h; dimKey() is the member, "tp")
    // Splits the GPUs: its candidates divide the GPUs the dimensions before it left (`rest`), and
    // dp is what is left after the last one.
    bool splits_gpus;
    // The candidates of a later dimension depend on its value (zero's on cp, etp and ep): counting
    // a pruned subtree then sets each of its values instead of multiplying. Splitting dimensions
    // always do.
    bool shapes_later;
    // Its candidates depend on the context only (computed once per context). Otherwise the
    // generator may read the fields of the dimensions before it (set on `plan`).
    bool per_context;
    void (*candidates)(const Plan &plan, std::int64_t rest, int hi, Candidates &out);
    void (*apply)(Plan &plan, int value);
    // The pre-check of this dimension (validate()'s rules on it and the dimensions before it); it
    // may read only fields set at or before its level. nullptr: every candidate passes.
    bool (*check)(const Plan &plan);
};

void gpuDivisors(const Plan &, std::int64_t rest, int hi, Candidates &out) { divisors(rest, hi, out); }

// validate() (validate.cpp, checkShapes): tp divides heads and ffn, tp and kv_heads divide one the
// other, and a tp wider than a node is whole nodes.
bool checkTp(const Plan &p)
{
    const int t = p.training.tp, gpn = p.cluster.gpus_per_node;
    const ModelSpec &m = p.model;
    return m.heads % t == 0 && (m.kv_heads % t == 0 || t % m.kv_heads == 0) && m.ffn % t == 0 && !(t > gpn && t % gpn != 0);
}

// Every stage holds at least one layer: with automatic stages pp <= layers is necessary for every vpp
// (stageSplit: base = layers / pp >= 1), so a deeper pipeline is pruned before vpp.
bool checkPp(const Plan &p) { return p.training.pp <= p.model.layers; }

// validate(): interleaving needs pp > 1, the stages must split (stageSplit().valid), and every stage
// keeps more layers than it offloads.
bool checkVpp(const Plan &p)
{
    if (p.training.vpp > 1 && p.training.pp == 1)
        return false;
    const StageSplit split = stageSplit(p);
    return split.valid && (p.training.offload_layers == 0 || p.training.offload_layers < fewestStageLayers(split));
}

// validate(): global_batch divides by micro_batch*dp; interleaving needs m to divide by pp.
bool checkMicroBatch(const Plan &p)
{
    const TrainingSpec &t = p.training;
    const std::int64_t perStep = static_cast<std::int64_t>(t.micro_batch) * t.dp;
    if (t.global_batch % perStep != 0)
        return false;
    return t.vpp == 1 || (t.global_batch / perStep) % t.pp == 0;
}

// validate(): recompute_mla_up_proj and the other recompute modules belong to selective recompute,
// so the scenario's switch leaves only selective (issue 23: `search --emit-best` wrote DeepSeek-V3
// with recompute full, which evaluate refuses).
bool checkRecompute(const Plan &p)
{
    const TrainingSpec &t = p.training;
    const bool attnModules = t.recompute_mla_up_proj || t.recompute_layernorm;
    const bool modules = attnModules || t.recompute_moe_act || t.recompute_mlp || t.recompute_moe;
    return !modules || t.recompute == Recompute::Selective;
}

// validate(): Megatron splits the sequence into 2*cp chunks, so cp > 1 needs seq_len % (2*cp) == 0.
bool checkCp(const Plan &p) { return p.training.cp == 1 || p.training.seq_len % (2 * std::int64_t(p.training.cp)) == 0; }

// The attention ranks of a stage, tp*cp*dp, over which the expert layers fold etp*ep*edp.
std::int64_t attentionRanks(const TrainingSpec &t) { return std::int64_t(t.tp) * t.cp * t.dp; }

// validate(): etp (0: tp) divides expert_ffn. And etp*ep must divide tp*cp*dp for some ep >= 1,
// so etp itself must: a necessary condition that prunes before ep (validate() refuses every ep
// below a failing etp, by "ep does not divide experts" or by the fold).
bool checkEtp(const Plan &p)
{
    if (!p.model.moe())
        return true; // validate() reads etp only for MoE models
    const int etp = effectiveEtp(p.training);
    return p.model.expert_ffn % etp == 0 && attentionRanks(p.training) % etp == 0;
}

// validate(): ep > 1 needs an MoE model; ep divides experts; etp*ep divides tp*cp*dp.
bool checkEp(const Plan &p)
{
    const TrainingSpec &t = p.training;
    if (!p.model.moe())
        return t.ep == 1;
    return p.model.experts % t.ep == 0 && attentionRanks(t) % (std::int64_t(effectiveEtp(t)) * t.ep) == 0;
}

// validate(): ZeRO 1-3 with hybrid sharding need shard groups that divide dp and copies that divide
// edp (plan.h hybridShardingFits()); ZeRO 0 does not read dp_shard.
bool checkZero(const Plan &p) { return hybridShardingFits(p.training, p.model.moe()); }

// ZeRO shards over a data-parallel group: cp*dp for the dense parameters, edp for the experts'.
// When every group is one rank, ZeRO 1-3 are ZeRO 0 (search.h): only 0 is a candidate.
void zeroCandidates(const Plan &p, std::int64_t, int hi, Candidates &out)
{
    const TrainingSpec &t = p.training;
    // With hybrid sharding the shard groups are cp*dp/R and edp/R (R: dpReplicas()).
    const std::int64_t replicas = dpReplicas(t);
    bool sharded = std::int64_t(t.cp) * t.dp / replicas > 1;
    if (!sharded && p.model.moe()) {
        const std::int64_t folded = std::int64_t(effectiveEtp(t)) * t.ep;
        sharded = folded > 0 && attentionRanks(t) / folded / replicas > 1;
    }
    span(0, sharded ? std::min(hi, 3) : 0, out);
}

// Sequence parallelism splits what tensor parallelism leaves whole: nothing at tp = 1, where
// Megatron-LM turns it off (search.h).
void sequenceParallelCandidates(const Plan &p, std::int64_t, int, Candidates &out) { span(0, p.training.tp > 1 ? 1 : 0, out); }

// A stage's chunks need not be equal (docs/model.md §16), so every vpp up to the layers is a
// candidate, not only the divisors of the layers; checkVpp drops those the stages cannot hold
// (the candidates are made once per context, before pp is chosen).
void vppCandidates(const Plan &p, std::int64_t, int hi, Candidates &out) { span(1, std::min(hi, p.model.layers), out); }

// The dimensions, in the order of the enumeration and of the tie-break key (the order of `Dim`).
// Columns: key, splits_gpus, shapes_later, per_context, candidates, apply, check.
const DimInfo kDimTable[kDimCount] = {
    {F::training_tp, true, true, false, gpuDivisors, [](Plan &p, int v) { p.training.tp = v; }, checkTp},
    {F::training_pp, true, true, false, gpuDivisors, [](Plan &p, int v) { p.training.pp = v; }, checkPp},
    {F::training_cp, true, true, false, gpuDivisors, [](Plan &p, int v) { p.training.cp = v; }, checkCp},
    {F::training_etp, false, true, true, [](const Plan &p, std::int64_t, int hi, Candidates &out) {
         if (p.model.moe())
             divisors(p.model.expert_ffn, hi, out);
         else
             span(0, 0, out); },
     [](Plan &p, int v) { p.training.etp = v; }, checkEtp},
    {F::training_ep, false, true, true, [](const Plan &p, std::int64_t, int hi, Candidates &out) {
         if (p.model.moe())
             divisors(p.model.experts, hi, out);
         else
             span(1, 1, out); },
     [](Plan &p, int v) { p.training.ep = v; }, checkEp},
    {F::training_vpp, false, false, true, vppCandidates, [](Plan &p, int v) { p.training.vpp = v; }, checkVpp},
    {F::training_micro_batch, false, false, true,
     [](const Plan &p, std::int64_t, int hi, Candidates &out) { divisors(p.training.global_batch, hi, out); },
     [](Plan &p, int v) { p.training.micro_batch = v; }, checkMicroBatch},
    {F::training_zero, false, false, false, zeroCandidates, [](Plan &p, int v) { p.training.zero = v; }, checkZero},
    {F::training_recompute, false, false, true,
     [](const Plan &, std::int64_t, int, Candidates &out) { span(int(Recompute::None), int(Recompute::Full), out); },
     [](Plan &p, int v) { p.training.recompute = static_cast<Recompute>(v); }, checkRecompute},
    {F::training_sequence_parallel, false, false, false, sequenceParallelCandidates,
     [](Plan &p, int v) { p.training.sequence_parallel = v != 0; }, nullptr},
};

// The last dimension the engine's PlanPrefix reads: placeGroups() reads tp, cp, pp, dp (set by the
// last splitting dimension), etp and ep; layerDims() the model only. The dimensions after it
// (vpp, micro_batch, zero, recompute, sequence_parallel) do not change the prefix.
constexpr int kLastPrefixDim = DimEp;
static_assert(DimTp < kLastPrefixDim && DimPp < kLastPrefixDim && DimCp < kLastPrefixDim && DimEtp < kLastPrefixDim,
              "the placement's dimensions come before kLastPrefixDim");

int lastSplittingDim()
{
    int last = -1;
    for (int d = 0; d < kDimCount; ++d)
        if (kDimTable[d].splits_gpus)
            last = d;
    return last;
}

// The last dimension whose value a later candidate list reads: below it every candidate list, and
// so the number of layouts below each level, is fixed (Walker::fillTail).
int lastShapingDim()
{
    int last = -1;
    for (int d = 0; d < kDimCount; ++d)
        if (kDimTable[d].shapes_later)
            last = d;
    return last;
}

struct Ranges {
    Range dim[kDimCount];
    Range dp;
    Range global_batch;
};

Range rangeOf(FieldId field)
{
    Range r;
    if (const FieldLimit *l = fieldLimit(field)) {
        r.min = static_cast<int>(std::max(l->min, double(INT_MIN)));
        r.max = static_cast<int>(std::min(l->max, double(INT_MAX)));
    }
    return r;
}

const Ranges &ranges()
{
    static const Ranges r = [] {
        Ranges x;
        for (int d = 0; d < kDimCount; ++d)
            x.dim[d] = rangeOf(kDimTable[d].field); // none for a choice or bool
        x.dp = rangeOf(F::training_dp);
        x.global_batch = rangeOf(F::training_global_batch);
        return x;
    }();
    return r;
}

// A dimension's candidates in a context: the generator's, within the field's range and the
// values the space allows.
void candidatesOf(const Space &space, int d, const Plan &plan, std::int64_t rest, Candidates &out)
{
    const Range r = ranges().dim[d];
    kDimTable[d].candidates(plan, rest, r.max, out);
    const std::vector<int> &allowed = space.allowed[d];
    int n = 0;
    for (int i = 0; i < out.n; ++i) {
        const int v = out.v[i];
        if (v < r.min || v > r.max)
            continue;
        if (!allowed.empty() && std::find(allowed.begin(), allowed.end(), v) == allowed.end())
            continue;
        out.v[n++] = v;
    }
    out.n = n;
}

// The plan of a context: the base with the hardware's GPU and cluster, the nodes for the GPU
// count, automatic stages, full recompute of every layer.
Plan contextPlan(const Space &space, int hardware)
{
    Plan p = space.base;
    if (!space.hardware.empty()) {
        p.gpu = space.hardware[size_t(hardware)].gpu;
        p.cluster = space.hardware[size_t(hardware)].cluster;
    }
    p.training.first_stage_layers = 0;
    p.training.last_stage_layers = 0;
    // Full recompute covers every layer: a count per chunk would change with pp and vpp, which the
    // layer work cached across vpp (layerWork()) and the memory bounds do not follow.
    p.training.recompute_num_layers = 0;
    return p;
}

// The plan of each hardware entry (one when Space::hardware is empty), by hardware index.
std::vector<Plan> contextPlans(const Space &space)
{
    std::vector<Plan> plans;
    const int hwCount = space.hardware.empty() ? 1 : int(space.hardware.size());
    for (int h = 0; h < hwCount; ++h)
        plans.push_back(contextPlan(space, h));
    return plans;
}

// The fields the search sets besides its dimensions: dp (what the splitting dimensions leave), the
// global batch (a context's), the stage layers (automatic) and the layers full recompute covers (all
// of them): contextPlan().
constexpr FieldId kAlsoSearched[] = {F::training_dp, F::training_global_batch, F::training_first_stage_layers,
                                     F::training_last_stage_layers, F::training_recompute_num_layers};

bool isSearchedPath(const std::string &path)
{
    FieldId field{};
    if (!findFieldId(path, field))
        return false;
    if (std::find(std::begin(kAlsoSearched), std::end(kAlsoSearched), field) != std::end(kAlsoSearched))
        return true;
    return std::any_of(std::begin(kDimTable), std::end(kDimTable), [&](const DimInfo &d) { return d.field == field; });
}

// The contexts of a space, one at a time (issue 22: a tokens-per-step range of 1e12 tokens or a
// GPU range of 720,000 made millions of contexts, all built up front). Context i is found by
// arithmetic from the hardware entries' GPU counts (a list, or a range in whole nodes) and the
// global batches (a range); nothing is stored per context. Order: hardware, GPU count, global batch.
//
// Each context is checked once: validate() on the context's plan with the simplest layout (tp = pp
// = cp = ep = vpp = micro_batch = 1, etp = 0, dp = GPUs), errors about the searched fields ignored
// (the pre-check decides those per layout); any other error makes every layout of the context
// invalid.
class ContextSource
{
public:
    ContextSource(const Space &space, const Constraints &constraints)
        : m_plans(contextPlans(space))
    {
        if (space.tokens_min > 0 || space.tokens_max > 0)
            setBatchRange(space);
        for (const Plan &p : m_plans) {
            Hw h = gpuCounts(space, constraints, p);
            h.begin = m_total;
            m_total += h.count * m_batchCount;
            m_hw.push_back(std::move(h));
        }
    }

    std::int64_t size() const { return m_total; }
    std::int64_t batchCount() const { return m_batchCount; }
    const Plan &plan(int hardware) const { return m_plans[size_t(hardware)]; }

    Context at(std::int64_t index) const
    {
        int h = 0;
        while (h + 1 < int(m_hw.size()) && index >= m_hw[size_t(h) + 1].begin)
            ++h;
        const Hw &hw = m_hw[size_t(h)];
        const std::int64_t local = index - hw.begin;
        const std::int64_t gi = local / m_batchCount, bi = local % m_batchCount;
        const int g = hw.list.empty() ? int(hw.first + gi * hw.step) : hw.list[size_t(gi)];
        const int batch = int(m_batchLo + bi);
        return make(h, g, batch);
    }

private:
    struct Hw {
        std::int64_t begin = 0; // index of its first context
        std::int64_t count = 0; // GPU counts
        std::int64_t first = 0, step = 0;
        std::vector<int> list; // an explicit list (else first + i * step)
    };

    // The global batches of a tokens-per-step range: those whose tokens fall in it, within the
    // field's range (none when the range is empty).
    void setBatchRange(const Space &space)
    {
        const std::int64_t seq = space.base.training.seq_len;
        m_batchLo = 0;
        m_batchCount = 0;
        if (seq <= 0 || space.tokens_max < space.tokens_min)
            return;
        const Range r = ranges().global_batch;
        const std::int64_t lo = std::max<std::int64_t>({(std::max<std::int64_t>(space.tokens_min, 1) + seq - 1) / seq, r.min, 1});
        const std::int64_t hi = std::min<std::int64_t>(space.tokens_max / seq, r.max);
        m_batchLo = lo;
        m_batchCount = std::max<std::int64_t>(0, hi - lo + 1);
    }

    // The GPU counts of one hardware entry (its plan `p`): a range in whole nodes, the space's
    // list, or the plan's own cluster; none above the constraints' max_gpus.
    static Hw gpuCounts(const Space &space, const Constraints &constraints, const Plan &p)
    {
        Hw h;
        const int gpn = p.cluster.gpus_per_node;
        if (space.gpu_counts.empty() && space.gpus_max > 0 && gpn > 0) {
            // Whole nodes, at most as many as cluster.nodes admits (more could never be valid).
            const std::int64_t maxNodes = rangeOf(F::cluster_nodes).max;
            std::int64_t hi = std::min<std::int64_t>(space.gpus_max, maxNodes * gpn);
            if (constraints.max_gpus > 0)
                hi = std::min<std::int64_t>(hi, constraints.max_gpus);
            h.first = (std::int64_t(std::max(space.gpus_min, 1)) + gpn - 1) / gpn * gpn;
            h.step = gpn;
            h.count = hi >= h.first ? (hi - h.first) / gpn + 1 : 0;
            return h;
        }
        std::vector<int> counts = space.gpu_counts;
        if (counts.empty()) {
            std::int64_t g = 0;
            counts.push_back(checkedMul(p.cluster.nodes, p.cluster.gpus_per_node, g) && fitsInt(g) ? int(g) : 0);
        }
        for (int g : counts)
            if (!(constraints.max_gpus > 0 && g > constraints.max_gpus))
                h.list.push_back(g);
        h.count = std::int64_t(h.list.size());
        return h;
    }

    Context make(int h, int g, int batch) const
    {
        const Plan &p = m_plans[size_t(h)];
        Context c;
        c.hardware = h;
        c.gpus = g;
        c.global_batch = batch;
        setNodes(c, p.cluster.gpus_per_node);
        if (c.field.empty())
            check(c, p);
        if (!c.field.empty() && c.reason.empty())
            c.reason = c.field + ": " + toString(c.text);
        c.valid = c.reason.empty();
        return c;
    }

    // The nodes of c.gpus GPUs on nodes of `gpn`: one node of fewer, or whole nodes; else the error.
    static void setNodes(Context &c, int gpn)
    {
        const int g = c.gpus;
        if (g <= 0 || gpn <= 0) {
            c.field = fieldPath(F::cluster_nodes);
            c.text = EngineText{CT_TR("commtax::Errors", "%1 GPUs is not a GPU count"), {std::to_string(g)}};
        } else if (g < gpn) {
            c.nodes = 1;
            c.gpus_per_node = g;
        } else if (g % gpn == 0) {
            c.nodes = g / gpn;
            c.gpus_per_node = gpn;
        } else {
            c.field = fieldPath(F::cluster_nodes);
            c.text = EngineText{CT_TR("commtax::Errors", "%1 GPUs do not fill nodes of %2"),
                                {std::to_string(g), std::to_string(gpn)}};
        }
    }

    // validate() on the context's plan (`p` on its nodes) with the simplest layout: the first error
    // about a field the search does not set makes the context invalid.
    static void check(Context &c, const Plan &p)
    {
        Plan q = p;
        q.cluster.nodes = c.nodes;
        q.cluster.gpus_per_node = c.gpus_per_node;
        TrainingSpec &t = q.training;
        t.tp = t.pp = t.cp = t.ep = t.vpp = t.micro_batch = 1;
        t.etp = 0;
        t.dp = c.gpus;
        t.zero = 0;
        if (c.global_batch > 0)
            t.global_batch = c.global_batch;
        const Range gb = ranges().global_batch;
        if (t.global_batch < gb.min || t.global_batch > gb.max) {
            c.field = fieldPath(F::training_global_batch);
            c.text = EngineText{CT_TR("commtax::Errors", "out of range"), {}};
        }
        for (const PlanError &e : validate(q))
            if (c.field.empty() && !isSearchedPath(e.field)) {
                c.field = e.field;
                c.text = e.text;
                c.reason = e.field + ": " + e.message;
            }
    }

    std::vector<Plan> m_plans;
    std::vector<Hw> m_hw;
    std::int64_t m_batchLo = 0, m_batchCount = 1; // no range: one context per count, the base plan's batch (0)
    std::int64_t m_total = 0;
};

// ---------------------------------------------------------------------------------------------
// what a thread keeps: counts, the top list, the best per objective, the front

struct TopList {
    Objective objective = Objective::Time;
    size_t cap = 1;
    std::vector<Found> v; // sorted by (objective, key)

    static bool before(double oa, const Layout &a, double ob, const Layout &b)
    {
        return oa < ob || (oa == ob && keyLess(a, b));
    }
    void offer(const Layout &l, const Result &r)
    {
        const double o = objectiveValue(objective, r);
        if (v.size() >= cap && !before(o, l, objectiveValue(objective, v.back().result), v.back().layout))
            return;
        if (v.size() >= cap)
            v.pop_back();
        auto it = std::upper_bound(v.begin(), v.end(), o, [&](double ov, const Found &f) {
            return before(ov, l, objectiveValue(objective, f.result), f.layout);
        });
        v.insert(it, Found{l, r});
    }
};

// The Pareto front of (days_to_train, cost_per_billion_tokens_usd), lower is better in both: sorted
// by days ascending, so cost strictly descending; exact duplicates keep the smallest key.
struct Front {
    std::vector<Found> v;

    static double days(const Found &f) { return f.result.days_to_train; }
    static double cost(const Found &f) { return f.result.cost_per_billion_tokens_usd; }
    void offer(const Layout &l, const Result &r)
    {
        const double d = r.days_to_train, c = r.cost_per_billion_tokens_usd;
        auto it = std::lower_bound(v.begin(), v.end(), d, [](const Found &f, double x) { return days(f) < x; });
        // A point with fewer days: the cheapest of them is the one just before.
        if (it != v.begin() && cost(*(it - 1)) <= c)
            return;
        if (it != v.end() && days(*it) == d) {
            if (cost(*it) < c)
                return;
            if (cost(*it) == c) {
                if (keyLess(l, it->layout))
                    *it = Found{l, r};
                return;
            }
        }
        // Not dominated: insert, then drop what it dominates (days >= d and cost >= c, contiguous).
        it = v.insert(it, Found{l, r});
        auto end = it + 1;
        while (end != v.end() && cost(*end) >= c)
            ++end;
        v.erase(it + 1, end);
    }
};

// Each thread's accumulator sits in its own cache lines (the threads' are one vector): a thread
// counts every leaf here, and another thread reading its neighbour's front on a shared line waited
// for it (two threads ran at 3.7-3.8 M plans per CPU second on Mixtral 8x7B, one at 5.7 M).
struct alignas(64) Accumulator {
    std::int64_t searched = 0, valid = 0, fits = 0, feasible = 0, bounded = 0;
    TopList top;
    std::array<SearchResult::Best, 3> best;
    Front front;

    void offer(const Layout &l, const Result &r)
    {
        top.offer(l, r);
        for (size_t i = 0; i < best.size(); ++i) {
            const Objective o = kObjectives[i];
            SearchResult::Best &b = best[i];
            if (!b.valid || TopList::before(objectiveValue(o, r), l, objectiveValue(o, b.found.result), b.found.layout)) {
                b.valid = true;
                b.found = Found{l, r};
            }
        }
        front.offer(l, r);
    }
};

// ---------------------------------------------------------------------------------------------
// the bound (Options::bound, search.h)

// Lower bounds on days, in days, for the plans below one (context, tp, ..., micro_batch): from an
// evaluated plan's ZeRO-free part, per recompute and sequence parallelism, and from recompute none's
// (a bound on every recompute), per sequence parallelism. NaN: none yet.
struct BoundMemo {
    std::int64_t context = -1;
    std::array<int, DimMicroBatch + 1> at{};
    double zeroFree[3][2];
    double noneFree[2];
    // Days of the ZeRO-1 plan per recompute and sequence parallelism. ZeRO-2 shards the gradients
    // too and so reduce-scatters them every micro-batch instead of once a step: the same plan's
    // days with one micro-batch a step (test_search leastMemoryPlanHoldsTheLeastMemory), and never
    // fewer with more, so they are known, or bounded, before it is evaluated.
    double zeroOneDays[3][2];

    void enter(std::int64_t c, const Layout &l)
    {
        bool same = c == context;
        for (int d = 0; same && d <= DimMicroBatch; ++d)
            same = at[size_t(d)] == l.value[size_t(d)];
        if (same)
            return;
        context = c;
        for (int d = 0; d <= DimMicroBatch; ++d)
            at[size_t(d)] = l.value[size_t(d)];
        for (auto &row : zeroFree)
            row[0] = row[1] = NAN;
        for (auto &row : zeroOneDays)
            row[0] = row[1] = NAN;
        noneFree[0] = noneFree[1] = NAN;
    }

    // Days of `part` seconds of the step, by the plan's own days per second of step (the engine's
    // days are the step time times a constant of the context: tokens, batch, goodput).
    static double days(double part, const Plan &plan, const Result &r)
    {
        const double err = std::isfinite(plan.step_time_error) && plan.step_time_error > 0 ? plan.step_time_error : 1.0;
        return r.days_to_train * (part * err / r.step_time_s);
    }

    void record(const Plan &plan, const Result &r)
    {
        if (!(r.step_time_s > 0))
            return;
        const int rc = int(plan.training.recompute), sp = plan.training.sequence_parallel ? 1 : 0;
        const double shared = r.compute_time_s + r.bubble_time_s + r.tp_comm_exposed_s + r.ep_comm_exposed_s;
        zeroFree[rc][sp] = days(shared + r.pp_comm_exposed_s + r.cp_comm_exposed_s, plan, r);
        if (plan.training.zero == 1)
            zeroOneDays[rc][sp] = r.days_to_train;
        if (plan.training.recompute == Recompute::None && plan.training.precision == Precision::Bf16
            && plan.training.cp == 1)
            noneFree[sp] = days(shared, plan, r);
    }

    // The exact days of the current plan when known unevaluated (ZeRO-2 after ZeRO-1, one
    // micro-batch a step); NaN: not known.
    double exactDays(const Plan &plan) const
    {
        const int rc = int(plan.training.recompute), sp = plan.training.sequence_parallel ? 1 : 0;
        const TrainingSpec &t = plan.training;
        const bool oneMicroBatch = t.global_batch == std::int64_t(t.micro_batch) * t.dp;
        return t.zero == 2 && oneMicroBatch ? zeroOneDays[rc][sp] : double(NAN);
    }

    // The bound of the current plan (NaN: none).
    double bound(const Plan &plan) const
    {
        const int rc = int(plan.training.recompute), sp = plan.training.sequence_parallel ? 1 : 0;
        double b = NAN;
        auto atLeast = [&b](double x) {
            if (!std::isnan(x))
                b = std::isnan(b) ? x : std::max(b, x);
        };
        if (plan.training.zero > 0)
            atLeast(zeroFree[rc][sp]);
        // ZeRO-2 with more micro-batches: at least ZeRO-1's days (its reduce-scatters only add).
        if (plan.training.zero == 2)
            atLeast(zeroOneDays[rc][sp]);
        if (plan.training.recompute != Recompute::None)
            atLeast(noneFree[sp]);
        return b;
    }
};
// A lower bound on the days of every plan below a prefix (tp, pp, cp, etp, ep and so dp set on
// `plan`) and, given `microBatch`, below that micro-batch too; NaN when it has none. Any model,
// precision and context parallelism. Every stage's time per micro-batch u_i (its compute and exposed
// TP, CP and expert traffic, and the head on the last stage; pipelinePhase) and so the pacing stage
// are the same for every vpp (the automatic split gives each stage the same layers whatever vpp
// is), and the step is at least m * u_max plus the weight casts, bubble, PP, DP and optimizer terms,
// all >= 0. Each part of u_i is least with recompute none (each part of selective and full is at
// least none's, and what CP's exposed part loses to a longer attention the attention's compute adds
// back), and ZeRO changes none of it; so m * u_max at recompute none and the cheaper sequence
// parallelism bounds every vpp, ZeRO stage and recompute of one micro-batch b. Over the micro-batches:
// per sequence each part of u_i costs least at the largest, b_max = global_batch / dp (GEMMs:
// max(FLOPs / rate, bytes / bandwidth) plus a fixed cost; attention, element-wise work, collectives
// and the all-to-all: affine in the tokens with a non-negative constant; CP's exposed part
// max(0, ring - attention) with the attention linear), so m u_max(b) = (B / dp) u_max(b) / b >=
// u_p(b_max), p the pacing stage at b_max: the bound of the whole prefix (microBatch 0). The engine
// gives m u_p as compute + exposed TP, CP and expert time, less the FP8 weight casts once per step
// (none with fp8_weight_cache off, where every micro-batch's casts are in u_p): in FP8 the same plan
// with twice the global batch gives 2 m u_p + casts, and the difference is m u_p.
struct Paced {
    bool ok = false;
    int n = 0;                                  // sequence parallelism off, and on when tp > 1
    double m = 0;                               // micro-batches per step
    double daysPerS = 0;                        // days per second of step (the step-time error included)
    double mu[2] = {}, sum[2] = {}, pp[2] = {}; // m u_p, sum u_i, the PP sends at vpp 1 (s)
};
Paced pacedParts(Plan &plan, const PlanPrefix &prefix, int microBatch)
{
    Paced out;
    TrainingSpec &t = plan.training;
    if (t.dp <= 0 || t.global_batch % t.dp != 0 || t.pp <= 0)
        return out;
    const TrainingSpec saved = t;
    t.vpp = 1;
    t.micro_batch = microBatch > 0 ? microBatch : t.global_batch / t.dp;
    t.zero = 0;
    t.recompute = Recompute::None;
    auto paced = [](const Result &r) {
        return r.compute_time_s + r.tp_comm_exposed_s + r.cp_comm_exposed_s + r.ep_comm_exposed_s;
    };
    out.ok = true;
    out.n = saved.tp > 1 ? 2 : 1;
    for (int sp = 0; sp < out.n && out.ok; ++sp) {
        t.sequence_parallel = sp != 0;
        const Result r = evaluateValid(plan, prefix);
        out.ok = finiteFigures(r) && r.step_time_s > 0 && r.micro_batches > 0;
        if (!out.ok)
            break;
        double mu = paced(r);
        if (t.precision == Precision::Fp8) {
            t.global_batch *= 2;
            const Result twice = evaluateValid(plan, prefix);
            t.global_batch = saved.global_batch;
            out.ok = finiteFigures(twice);
            mu = paced(twice) - mu;
        }
        out.m = r.micro_batches;
        out.daysPerS = BoundMemo::days(1.0, plan, r);
        out.mu[sp] = mu;
        out.sum[sp] = r.bubble_time_s + mu / out.m;
        out.pp[sp] = r.pp_comm_time_s;
    }
    t = saved;
    return out;
}

// The bound of pacedParts() for the plans of one vpp (0: any), in days; NaN: none. With vpp v the
// step is at least m u_max + (sum u - u_max) / v (non-decreasing in every u_i, so recompute none's
// bounds every recompute's) plus the exposed PP sends: 2 m sends at v = 1, and at v > 1 at least
// min(2 v m, 2 (pp - 1)) sends (pipelineSends()); one send is the same for every recompute, ZeRO and
// sequence parallelism.
double pacedDays(const Paced &p, int vpp, int pp)
{
    if (!p.ok)
        return NAN;
    double best = INFINITY;
    for (int sp = 0; sp < p.n; ++sp) {
        double step = p.mu[sp];
        if (vpp > 0) {
            const double u = p.mu[sp] / p.m, v = vpp;
            const double sends = vpp == 1 ? p.pp[sp] : std::min(v * p.pp[sp], (pp - 1.0) / p.m * p.pp[sp]);
            step = (p.m - 1.0 / v) * u + p.sum[sp] / v + sends;
        }
        best = std::min(best, step);
    }
    return best * p.daysPerS;
}

double pacedDaysBound(Plan &plan, const PlanPrefix &prefix, int microBatch = 0, int vpp = 0)
{
    return pacedDays(pacedParts(plan, prefix, microBatch), vpp, plan.training.pp);
}
double prefixDaysBound(Plan &plan, const PlanPrefix &prefix) { return pacedDaysBound(plan, prefix); }

// A lower bound on the memory of every plan below a prefix (tp, pp, cp, etp, ep and dp set on
// `plan`), in GB: the parameters, gradients and optimizer states alone (activations >= 0) at the
// largest ZeRO stage among `zeroMax`'s candidates, averaged over the stages (the fullest stage holds
// at least the mean). Every stage's parameters as Shape::addKind() counts them: every layer's attention,
// the dense FFN of the dense layers, the shared part and routed experts of the MoE layers, and the
// embedding once per end (twice in all, or the copies of one stage); at most dense_layers layers are
// dense, so the cheaper of a dense and an MoE layer is counted where the stages could hold either.
double prefixMemoryBoundGb(const Plan &plan, const PlanPrefix &prefix, int zeroMax)
{
    const TrainingSpec &t = plan.training;
    const ModelSpec &m = plan.model;
    const LayerDims &L = prefix.dims;
    const double tp = t.tp, pp = t.pp, expertSplit = double(t.ep) * (t.etp > 0 ? t.etp : t.tp);
    if (!(tp > 0 && pp > 0 && expertSplit > 0))
        return NAN;
    const double gradB = gradBufferBytes(t);
    auto perParam = [&](double ranks) {
        ranks = std::max(ranks, 1.0);
        return 2.0 / (zeroMax >= 3 ? ranks : 1.0) + gradB / (zeroMax >= 2 ? ranks : 1.0)
            + 12.0 / (zeroMax >= 1 ? ranks : 1.0);
    };
    const double densePer = perParam(prefix.placement.shard.ranks) / tp;
    const double expertPer = perParam(prefix.placement.eshard.ranks) / expertSplit;
    const double l = m.layers, D = std::min(double(L.dense_layers), l);
    const double emb = double(m.vocab) * double(m.hidden) * (t.pp == 1 ? (m.tied_embeddings ? 1.0 : 2.0) : 2.0);
    const double denseLayer = L.dense_mlp_params * densePer;
    const double moeLayer = (L.moe_total_params - double(m.experts) * L.expert_params) * densePer
        + double(m.experts) * L.expert_params * expertPer;
    double bytes = (l * L.attn_params + emb) * densePer;
    if (D >= l)
        bytes += l * denseLayer;
    else
        bytes += (l - D) * moeLayer + D * std::min(denseLayer, moeLayer);
    return bytes / pp / kBytesPerGB;
}
// A lower bound on the memory of every plan below a prefix (as prefixMemoryBoundGb()) with
// micro-batch `microBatch`, in GB: the first stage's parameters, gradients and optimizer states at
// ZeRO `zeroMax` and its activations at their least, full recompute with sequence parallelism (one
// layer's input, 2h bytes per token over tp, where selective and none keep at least 8h over tp), for
// the min(m, pp) micro-batches the first stage holds (interleaving only adds to them); the fullest
// stage holds at least as much. Non-decreasing in the micro-batch: b min(B / (dp b), pp) is.
double firstStageMemoryBoundGb(Plan &plan, const PlanPrefix &prefix, int zeroMax, int microBatch)
{
    TrainingSpec &t = plan.training;
    const ModelSpec &m = plan.model;
    const LayerDims &L = prefix.dims;
    const int savedVpp = t.vpp;
    t.vpp = 1; // the stages' layers are the same for every vpp
    const StageSplit split = stageSplit(plan);
    t.vpp = savedVpp;
    const double tp = t.tp, cp = t.cp, expertSplit = double(t.ep) * (t.etp > 0 ? t.etp : t.tp);
    if (!split.valid || !(tp > 0 && cp > 0 && expertSplit > 0 && t.dp > 0 && microBatch > 0))
        return NAN;
    const double gradB = gradBufferBytes(t);
    auto perParam = [&](double ranks) {
        ranks = std::max(ranks, 1.0);
        return 2.0 / (zeroMax >= 3 ? ranks : 1.0) + gradB / (zeroMax >= 2 ? ranks : 1.0)
            + 12.0 / (zeroMax >= 1 ? ranks : 1.0);
    };
    const double layers = split.first;
    const double D = L.dense_layers >= m.layers ? layers : std::min(double(L.dense_layers), layers);
    const double emb = double(m.vocab) * double(m.hidden) * (t.pp == 1 && !m.tied_embeddings ? 2.0 : 1.0);
    const double routed = double(m.experts) * L.expert_params;
    const double dense
        = layers * L.attn_params + D * L.dense_mlp_params + (layers - D) * (L.moe_total_params - routed) + emb;
    const double experts = (layers - D) * routed;
    const double params = dense / tp * perParam(prefix.placement.shard.ranks)
        + experts / expertSplit * perParam(prefix.placement.eshard.ranks);
    const double tokens = double(t.seq_len) * microBatch / cp;
    const double inFlight = std::min(double(t.global_batch) / (double(t.dp) * microBatch), double(t.pp));
    const double act = layers * tokens * 2.0 * double(m.hidden) / tp * std::max(inFlight, 1.0);
    return (params + act) / kBytesPerGB;
}

// The ZeRO stages among the candidates one of which holds the least memory: the largest (each stage
// shards more: parameters, gradients, optimizer states), and beside ZeRO-3 the largest below it:
// ZeRO-3 holds a unit of parameters whole (docs/model.md §8, its working set), which over few
// data-parallel ranks can outweigh what sharding the weights saves. Returns how many (1 or 2).
int leastMemoryZeros(const Candidates &zeros, int out[2])
{
    out[0] = out[1] = zeros.largest();
    int below = -1;
    for (int i = 0; i < zeros.n; ++i)
        if (zeros.v[i] < out[0])
            below = std::max(below, zeros.v[i]);
    if (out[0] < 3 || below < 0)
        return 1;
    out[1] = below;
    return 2;
}

// Whether a plan below a (prefix, vpp, micro-batch) may fit (set on `plan`, restored after). For
// each recompute the pre-check accepts, the plan of least memory has ZeRO at one of
// leastMemoryZeros() and sequence parallelism on where it is a candidate (the activations split
// over tp); every plan of that recompute holds at least its memory (test_search
// leastMemoryPlanHoldsTheLeastMemory). Recompute is not ordered so:
// full recompute holds one layer's whole activations again while it recomputes it, more than none
// keeps of a stage of one layer. False when none of those plans fits: nothing below does. A plan
// with a non-finite figure settles nothing (true).
bool mayFit(Plan &plan, const PlanPrefix &prefix, const Candidates &zeros, const Candidates &recomputes,
            const Candidates &sps)
{
    TrainingSpec &t = plan.training;
    const TrainingSpec saved = t;
    int least[2];
    const int nZeros = leastMemoryZeros(zeros, least);
    t.sequence_parallel = sps.largest() != 0;
    bool fits = false;
    for (int i = recomputes.n - 1; i >= 0 && !fits; --i) { // full first: it fits most often
        t.recompute = static_cast<Recompute>(recomputes.v[i]);
        if (!checkRecompute(plan))
            continue;
        for (int z = 0; z < nZeros && !fits; ++z) {
            t.zero = least[z];
            const Result r = evaluateValid(plan, prefix);
            fits = !finiteFigures(r) || r.fits_in_memory;
        }
    }
    t = saved;
    return fits;
}

static_assert(DimMicroBatch + 1 == DimZero && DimZero + 1 == DimRecompute && DimRecompute + 1 == DimSequenceParallel
                  && DimSequenceParallel + 1 == kDimCount,
              "the bound's subtree is ZeRO, recompute and sequence parallelism");

// ---------------------------------------------------------------------------------------------
// the walk over one context's layouts

struct Walker {
    const Space &space;
    const Options &options;
    Plan *plan = nullptr;
    // Options::bound: true when no plan below the current prefix and micro-batch (its index among
    // the candidates) can enter the top list.
    bool (*pruneMicroBatch)(void *, int) = nullptr;
    void *pruneUser = nullptr;
    const Context *ctx = nullptr;
    int lastSplit = lastSplittingDim();
    int lastShaping = lastShapingDim();
    Layout cur;
    // Candidate lists: per context, filled when the context changes; below lastShaping, filled
    // each time a value of lastShaping is set (fillTail).
    std::int64_t cachedContext = -1;
    Candidates cache[kDimCount];
    // tail[d], d > lastShaping: the layouts below level d (inclusive) under the current values of
    // the dimensions up to lastShaping; tail[kDimCount] = 1.
    std::int64_t tail[kDimCount + 1];
    // The engine's per-prefix part of an evaluation (engine.h, PlanPrefix): the layer sizes, set per
    // context, and the placement, set each time the walk passes kLastPrefixDim; every plan below
    // that level shares it.
    PlanPrefix prefix;
    // Counts the prefixes set (the placement above): what a leaf's cached layer work was worked out
    // under (SearchThread::layerWork). Starts at 1: 0 marks a slot never filled.
    std::uint64_t prefixGeneration = 1;
    int microBatchIndex = 0; // the micro-batch's index among its candidates, set by walk()

    Walker(const Space &s, const Options &o)
        : space(s), options(o)
    {
    }

    void enterContext(std::int64_t index, const Context &c, Plan &p)
    {
        ctx = &c;
        plan = &p;
        p.cluster.nodes = c.nodes;
        p.cluster.gpus_per_node = c.gpus_per_node;
        p.training.global_batch = c.global_batch > 0 ? c.global_batch : space.base.training.global_batch;
        cur.global_batch = c.global_batch;
        cur.hardware = c.hardware;
        cur.gpus = c.gpus;
        cur.nodes = c.nodes;
        cur.gpus_per_node = c.gpus_per_node;
        if (cachedContext != index) {
            for (int d = 0; d < kDimCount; ++d)
                if (kDimTable[d].per_context)
                    candidatesOf(space, d, p, c.gpus, cache[d]);
            prefix.dims = layerDims(p.model);
            cachedContext = index;
        }
        ++prefixGeneration; // another plan (hardware, GPUs): no cached layer work holds
        if (lastShaping < 0)
            fillTail(c.gpus); // no dimension shapes another: every list is the context's
    }

    const Candidates &candidatesAt(int d, std::int64_t rest, Candidates &local) const
    {
        if (kDimTable[d].per_context || d > lastShaping)
            return cache[d];
        candidatesOf(space, d, *plan, rest, local);
        return local;
    }

    // Once the dimensions up to lastShaping hold their values, the candidate lists below it no
    // longer change: fill them and the counts below each level, once for the whole subtree.
    void fillTail(std::int64_t rest)
    {
        tail[kDimCount] = 1;
        for (int d = kDimCount - 1; d > lastShaping; --d) {
            if (!kDimTable[d].per_context)
                candidatesOf(space, d, *plan, rest, cache[d]);
            tail[d] = cache[d].n * tail[d + 1];
        }
    }

    // Sets value v of dimension d on the plan, unchecked; `rest` becomes the GPUs left.
    void apply(int d, int v, std::int64_t &rest)
    {
        const DimInfo &di = kDimTable[d];
        di.apply(*plan, v);
        cur.value[size_t(d)] = v;
        if (di.splits_gpus) {
            rest /= v;
            plan->training.dp = static_cast<int>(rest);
        }
        if (d == lastShaping)
            fillTail(rest);
    }

    // Layouts below level d: a product over the dimensions whose value no later candidate list
    // reads, a sum over the values of the others (each set on the plan, unchecked: the walk sets
    // every level again before it reads it); below lastShaping, the counts fillTail() keeps.
    std::int64_t countBelow(int d, std::int64_t rest)
    {
        if (d > lastShaping)
            return tail[d];
        Candidates local;
        const Candidates &c = candidatesAt(d, rest, local);
        const DimInfo &di = kDimTable[d];
        if (!di.shapes_later)
            return c.n * countBelow(d + 1, rest);
        std::int64_t sum = 0;
        for (int i = 0; i < c.n; ++i) {
            std::int64_t r = rest;
            apply(d, c.v[i], r);
            sum += countBelow(d + 1, r);
        }
        return sum;
    }

    // Applies value v of dimension d and runs its pre-check; `rest` becomes the GPUs left.
    bool set(int d, int v, std::int64_t &rest)
    {
        const DimInfo &di = kDimTable[d];
        apply(d, v, rest);
        if (di.check && !di.check(*plan))
            return false;
        if (d == lastSplit) {
            const Range r = ranges().dp;
            return rest >= r.min && rest <= r.max;
        }
        return true;
    }

    template <typename Leaf>
    void walk(int d, std::int64_t rest, Accumulator &acc, Leaf &leaf)
    {
        Candidates local;
        const Candidates &c = candidatesAt(d, rest, local);
        for (int i = 0; i < c.n; ++i) {
            std::int64_t r = rest;
            if (!set(d, c.v[i], r)) {
                acc.searched += countBelow(d + 1, r);
                continue;
            }
            if (d == kLastPrefixDim) {
                prefix.placement = placeGroups(*plan);
                ++prefixGeneration;
            }
            if (d == DimMicroBatch)
                microBatchIndex = i;
            if (d == DimMicroBatch && pruneMicroBatch && pruneMicroBatch(pruneUser, i)) {
                const std::int64_t n = countBelow(d + 1, r);
                acc.searched += n;
                acc.bounded += n;
                continue;
            }
            if (d + 1 < kDimCount) {
                walk(d + 1, r, acc, leaf);
            } else {
                ++acc.searched;
                cur.dp = plan->training.dp;
                leaf();
            }
        }
    }

    // A valid prefix (tp ... ep) below the first dimension's value: its lower bound, the GPUs left,
    // the layouts below it, its values and placement.
    struct Prefix {
        double bound;
        int microBatchCap; // the largest micro-batch that may fit
        std::int64_t rest, count;
        int value[kLastPrefixDim + 1];
        Placement placement;
    };

    // Options::bound, below the first dimension's value (set, `rest` GPUs left): every valid prefix
    // collected with `rank(cap)`'s lower bound on its days (+inf: ruled out whatever the top list,
    // as when nothing below fits; NaN: none) and the largest micro-batch that may fit, then walked
    // best first, lowest bound first, so that the top list fills with good plans early and rules the
    // other prefixes out; `open(bound)` says whether a plan below one can still enter the top list,
    // `enter(cap)` is told of each prefix walked.
    // The same top list as walk(1, ...): a prefix is ruled out only when its bound exceeds the last
    // kept plan, and the ranking is a total order. `prefixes` is the caller's, reused.
    template <typename Leaf, typename Rank, typename Open, typename Enter>
    void walkBestFirst(std::int64_t rest, Accumulator &acc, Leaf &leaf, std::vector<Prefix> &prefixes, Rank &rank,
                       Open &open, Enter &enter)
    {
        prefixes.clear();
        collect(1, rest, acc, prefixes, rank);
        auto order = [](double b) { return std::isnan(b) ? -double(INFINITY) : b; };
        std::stable_sort(prefixes.begin(), prefixes.end(),
                         [&](const Prefix &a, const Prefix &b) { return order(a.bound) < order(b.bound); });
        for (const Prefix &p : prefixes) {
            if (!open(p.bound)) {
                acc.searched += p.count;
                acc.bounded += p.count;
                continue;
            }
            std::int64_t r = rest;
            for (int d = 1; d <= kLastPrefixDim; ++d)
                apply(d, p.value[d], r);
            prefix.placement = p.placement;
            ++prefixGeneration;
            enter(p.microBatchCap);
            walk(kLastPrefixDim + 1, r, acc, leaf);
        }
    }

    template <typename Rank>
    void collect(int d, std::int64_t rest, Accumulator &acc, std::vector<Prefix> &out, Rank &rank)
    {
        Candidates local;
        const Candidates &c = candidatesAt(d, rest, local);
        for (int i = 0; i < c.n; ++i) {
            std::int64_t r = rest;
            if (!set(d, c.v[i], r)) {
                acc.searched += countBelow(d + 1, r);
                continue;
            }
            if (d < kLastPrefixDim) {
                collect(d + 1, r, acc, out, rank);
                continue;
            }
            prefix.placement = placeGroups(*plan);
            ++prefixGeneration;
            const std::int64_t n = countBelow(d + 1, r);
            int cap = 0;
            const double bound = rank(cap);
            if (bound == INFINITY) {
                acc.searched += n;
                acc.bounded += n;
                continue;
            }
            Prefix p{bound, cap, r, n, {}, prefix.placement};
            for (int k = 0; k <= kLastPrefixDim; ++k)
                p.value[k] = cur.value[size_t(k)];
            out.push_back(p);
        }
    }
};

} // namespace

std::vector<int> globalBatches(const Space &space)
{
    if (space.tokens_min <= 0 && space.tokens_max <= 0)
        return {0};
    std::vector<int> out;
    const std::int64_t seq = space.base.training.seq_len;
    if (seq <= 0 || space.tokens_max < space.tokens_min)
        return out;
    const Range r = ranges().global_batch;
    const std::int64_t lo = std::max<std::int64_t>({(std::max<std::int64_t>(space.tokens_min, 1) + seq - 1) / seq, r.min, 1});
    const std::int64_t hi = std::min<std::int64_t>(space.tokens_max / seq, r.max);
    for (std::int64_t b = lo; b <= hi; ++b)
        out.push_back(int(b));
    return out;
}

const char *dimKey(int dim)
{
    if (dim < 0 || dim >= kDimCount)
        return "?";
    return std::strchr(fieldPath(kDimTable[dim].field), '.') + 1; // "training.tp": "tp"
}

std::int64_t globalBatchCount(const Space &space)
{
    return ContextSource(space, {}).batchCount();
}

std::int64_t countContexts(const Space &space, const Constraints &constraints)
{
    return ContextSource(space, constraints).size();
}

std::int64_t countSpace(const Space &space, const Constraints &constraints, const std::atomic<bool> *cancel, std::int64_t stopAbove)
{
    const ContextSource source(space, constraints);
    Options options;
    Walker w(space, options);
    std::vector<Plan> plans = contextPlans(space);
    std::int64_t n = 0;
    for (std::int64_t i = 0; i < source.size(); ++i) {
        if (cancel && cancel->load(std::memory_order_relaxed))
            break;
        const Context c = source.at(i);
        if (c.nodes <= 0)
            continue; // cannot be built: no layouts
        w.enterContext(i, c, plans[size_t(c.hardware)]);
        n += w.countBelow(0, c.gpus);
        if (stopAbove > 0 && n > stopAbove)
            break;
    }
    return n;
}

namespace {

// ---------------------------------------------------------------------------------------------
// the search's threads

// A work item: a context and one value of the first dimension.
struct Item {
    std::int64_t context = 0;
    std::shared_ptr<const Context> ctx;
    int first = 0;
};

// The work items in the order of the space, made as the threads ask for them (nothing is built up
// front: issue 22). A context's check and its first candidates are computed once, under the lock,
// and shared by its items; an invalid context is listed in the result and its layouts counted.
class ItemQueue
{
public:
    ItemQueue(const Space &space, const Options &options, const ContextSource &source, SearchResult &out)
        : m_options(options), m_source(source), m_out(out), m_opener(space, m_none), m_plans(contextPlans(space))
    {
    }

    // The next item; false when none is left or the search is cancelled.
    bool take(Item &item)
    {
        const std::lock_guard<std::mutex> guard(m_lock);
        for (;;) {
            if (m_open && m_k < m_first.n) {
                item = Item{m_openIndex, m_open, m_first.v[m_k++]};
                return true;
            }
            m_open.reset();
            if (m_next >= m_source.size() || cancelled(m_options))
                return false;
            open(m_next++);
        }
    }

    // Layouts of the invalid contexts, all counted as searched.
    std::int64_t invalidLayouts() const { return m_invalidLayouts; }

    static bool cancelled(const Options &o) { return o.cancel && o.cancel->load(std::memory_order_relaxed); }

private:
    // Opens context i: lists it when invalid, else makes its first dimension's candidates the items.
    void open(std::int64_t i)
    {
        auto c = std::make_shared<Context>(m_source.at(i));
        if (!c->valid) {
            if (m_out.contexts_invalid.size() < kMaxInvalidContextsListed)
                m_out.contexts_invalid.push_back({c->hardware, c->gpus, c->reason, c->field, c->text});
            ++m_out.contexts_invalid_count;
        }
        if (c->nodes <= 0)
            return;
        m_opener.enterContext(i, *c, m_plans[size_t(c->hardware)]);
        if (!c->valid) {
            const std::int64_t n = m_opener.countBelow(0, c->gpus);
            m_invalidLayouts += n;
            if (m_options.progress)
                m_options.progress->fetch_add(n, std::memory_order_relaxed);
            return;
        }
        Candidates local;
        const Candidates &first = m_opener.candidatesAt(0, c->gpus, local);
        m_first.n = 0;
        for (int k = 0; k < first.n; ++k)
            m_first.push(first.v[k]);
        m_k = 0;
        m_openIndex = i;
        m_open = std::move(c);
    }

    const Options &m_options;
    const ContextSource &m_source;
    SearchResult &m_out;
    std::mutex m_lock;
    Options m_none;
    Walker m_opener;
    std::vector<Plan> m_plans;
    std::int64_t m_next = 0; // the next context to open
    std::int64_t m_openIndex = 0;
    std::shared_ptr<const Context> m_open;
    Candidates m_first;
    int m_k = 0;
    std::int64_t m_invalidLayouts = 0;
};

// Options::bound below a prefix (prefixMemoryBoundGb(), prefixDaysBound()) and below a prefix and
// micro-batch (pacedDaysBound()), once the top list is full.
struct PrefixBound {
    Walker &w;
    Accumulator &acc;
    Paced microBatch[kMaxCandidates]; // pacedParts() per micro-batch of the prefix
    bool known[kMaxCandidates];       // whether microBatch[i] is computed
    int microBatchCap = 0;            // the prefix's largest micro-batch that may fit

    // False for NaN: a plan below may enter the top list.
    bool open(double days) const
    {
        return acc.top.v.size() < acc.top.cap || !(days > acc.top.v.back().result.days_to_train * (1 + 1e-9));
    }

    // A prefix's bound on its days (+inf: nothing below fits, ruled out whatever the top list) and,
    // in `cap`, the largest micro-batch that may fit (the first stage's memory grows with it); the
    // plans of a larger one do not fit and are not ranked, so the bound is taken there.
    double rank(int &cap) const
    {
        const Candidates &zeros = w.cache[DimZero];
        const int zeroMax = zeros.largest();
        const double usable = w.plan->gpu.memory_gb * (1.0 - kMemoryReserve) * (1 + 1e-9);
        if (prefixMemoryBoundGb(*w.plan, w.prefix, zeroMax) > usable) // false for NaN
            return double(INFINITY);
        const Candidates &mbs = w.cache[DimMicroBatch]; // ascending
        cap = 0;
        const std::int64_t batch = w.plan->training.global_batch, dp = w.plan->training.dp;
        for (int i = mbs.n - 1; i >= 0 && cap == 0; --i)
            if (batch % (dp * mbs.v[i]) == 0) {
                const double gb = firstStageMemoryBoundGb(*w.plan, w.prefix, zeroMax, mbs.v[i]);
                if (!(gb > usable)) // true for NaN
                    cap = mbs.v[i];
            }
        if (cap == 0)
            return double(INFINITY);
        return pacedDaysBound(*w.plan, w.prefix, cap);
    }

    void enter(int cap)
    {
        microBatchCap = cap;
        std::fill(std::begin(known), std::end(known), false);
    }

    // Walker::pruneMicroBatch: whether no plan below the current prefix and micro-batch (index i
    // among the candidates) can enter the top list.
    static bool pruneMicroBatch(void *user, int i)
    {
        PrefixBound &b = *static_cast<PrefixBound *>(user);
        Plan &plan = *b.w.plan;
        if (plan.training.micro_batch > b.microBatchCap)
            return true; // does not fit (firstStageMemoryBoundGb())
        if (b.acc.top.v.size() >= b.acc.top.cap && i >= 0 && i < kMaxCandidates) {
            if (!b.known[i]) {
                b.microBatch[i] = pacedParts(plan, b.w.prefix, plan.training.micro_batch);
                b.known[i] = true;
            }
            if (!b.open(pacedDays(b.microBatch[i], plan.training.vpp, plan.training.pp)))
                return true;
        }
        // Ruled out whatever the top list when the plan below that holds the least memory does not
        // fit (DeepSeek-V3: more than half the pairs the paced bound leaves).
        return !mayFit(plan, b.w.prefix, b.w.cache[DimZero], b.w.cache[DimRecompute], b.w.cache[DimSequenceParallel]);
    }
};

// One thread of the search: takes items until none is left and walks each into its accumulator.
class SearchThread
{
public:
    SearchThread(const Space &space, const Options &options, Accumulator &acc)
        : m_options(options), m_acc(acc), m_plans(contextPlans(space)), m_walker(space, options)
    {
        if (m_bound) {
            m_walker.pruneUser = &m_pb;
            m_walker.pruneMicroBatch = PrefixBound::pruneMicroBatch;
        }
    }

    void run(ItemQueue &queue)
    {
        Item item;
        while (!ItemQueue::cancelled(m_options) && queue.take(item))
            walkItem(item);
    }

private:
    // Options::bound holds for the time objective only.
    static bool bounded(const Options &o) { return o.bound && o.objective == Objective::Time; }

    void walkItem(const Item &item)
    {
        const Context &c = *item.ctx;
        m_context = item.context;
        Walker &w = m_walker;
        w.enterContext(item.context, c, m_plans[size_t(c.hardware)]);
        const std::int64_t before = m_acc.searched;
        std::int64_t rest = c.gpus;
        auto leaf = [this] { evaluateLeaf(); };
        if (!w.set(0, item.first, rest)) {
            m_acc.searched += w.countBelow(1, rest);
        } else if (m_bound) {
            auto rank = [this](int &cap) { return m_pb.rank(cap); };
            auto open = [this](double days) { return m_pb.open(days); };
            auto enter = [this](int cap) { m_pb.enter(cap); };
            w.walkBestFirst(rest, m_acc, leaf, m_prefixes, rank, open, enter);
        } else if (kDimCount > 1) {
            w.walk(1, rest, m_acc, leaf);
        }
        if (m_options.progress)
            m_options.progress->fetch_add(m_acc.searched - before, std::memory_order_relaxed);
    }

    // Options::bound at a leaf: whether the plan is ruled out unevaluated (counted as bounded).
    bool boundedLeaf()
    {
        Accumulator &acc = m_acc;
        m_memo.enter(m_context, m_walker.cur);
        if (acc.top.v.size() < acc.top.cap)
            return false;
        // Strictly worse by more than rounding: the plan's days exceed the last kept's.
        const Plan &plan = *m_walker.plan;
        const Found &last = acc.top.v.back();
        if (m_memo.bound(plan) > last.result.days_to_train * (1 + 1e-9))
            return true;
        // Days known exactly: ruled out when the top list would not take the plan (ties by key).
        const double exact = m_memo.exactDays(plan);
        return !std::isnan(exact) && !TopList::before(exact, m_walker.cur, last.result.days_to_train, last.layout);
    }

    void evaluateLeaf()
    {
        Accumulator &acc = m_acc;
        if (m_bound && boundedLeaf()) {
            ++acc.bounded;
            return;
        }
        const Plan &plan = *m_walker.plan;
        // Unbounded, a plan that does not fit is dropped unread: the engine stops at its memory (the
        // bound's memo records every plan's days, so a bounded walk evaluates it all).
        const Unfit unfit = m_bound ? Unfit::Evaluate : Unfit::MemoryOnly;
        const Result r = evaluateValid(plan, m_walker.prefix, layerWork(), stages(), unfit);
        if (unfit == Unfit::MemoryOnly && !r.fits_in_memory) {
            acc.valid += finiteMemory(r);
            return;
        }
        // A plan with a non-finite figure is invalid, never a candidate: NaN compares false
        // with everything, and every such plan joined the Pareto front (issue 22).
        if (!finiteFigures(r))
            return;
        if (m_bound)
            m_memo.record(plan, r);
        ++acc.valid;
        if (!r.fits_in_memory)
            return;
        ++acc.fits;
        if (!meetsConstraints(m_options.constraints, plan, r))
            return;
        ++acc.feasible;
        acc.offer(m_walker.cur, r);
    }

    // The leaf's layer work (engine.h LayerWork), worked out once per prefix, micro-batch, recompute
    // and sequence parallelism: every vpp (walked outside the micro-batch) and ZeRO stage (inside
    // it) below reuses it, the same figures as evaluateValid(plan, prefix) works out.
    const LayerWork &layerWork()
    {
        const Plan &plan = *m_walker.plan;
        const size_t slot = (size_t(m_walker.microBatchIndex) * kRecomputeKinds + size_t(plan.training.recompute)) * 2
            + (plan.training.sequence_parallel ? 1 : 0);
        if (slot >= m_work.size())
            m_work.resize(slot + 1);
        CachedWork &c = m_work[slot];
        if (c.generation != m_walker.prefixGeneration) {
            c.work = prepareLayerWork(plan, m_walker.prefix);
            c.generation = m_walker.prefixGeneration;
        }
        return c.work;
    }

    // The leaf's pipeline stages (engine.h PipelineStages), worked out once per prefix and vpp: every
    // micro-batch, ZeRO stage, recompute and sequence parallelism below reuses them.
    const PipelineStages &stages()
    {
        const Plan &plan = *m_walker.plan;
        if (m_stagesGeneration != m_walker.prefixGeneration || m_stagesVpp != plan.training.vpp) {
            m_stages = pipelineStages(plan, m_walker.prefix.dims);
            m_stagesGeneration = m_walker.prefixGeneration;
            m_stagesVpp = plan.training.vpp;
        }
        return m_stages;
    }

    const Options &m_options;
    Accumulator &m_acc;
    std::vector<Plan> m_plans;
    Walker m_walker;
    struct CachedWork {
        std::uint64_t generation = 0; // Walker::prefixGeneration when worked out
        LayerWork work;
    };
    static constexpr size_t kRecomputeKinds = size_t(Recompute::Dots) + 1;
    std::vector<CachedWork> m_work; // per (micro-batch index, recompute, sequence parallelism)
    PipelineStages m_stages;
    std::uint64_t m_stagesGeneration = 0; // Walker::prefixGeneration when worked out (0: never)
    int m_stagesVpp = 0;
    BoundMemo m_memo;
    const bool m_bound = bounded(m_options);
    std::int64_t m_context = -1;
    PrefixBound m_pb{m_walker, m_acc, {}, {}, 0};
    std::vector<Walker::Prefix> m_prefixes;
};

// Runs the threads of a search, each with its accumulator.
void runThreads(const Space &space, const Options &options, ItemQueue &queue, std::vector<Accumulator> &accs)
{
    const size_t topCap = size_t(std::clamp(options.top, 1, kMaxTop));
    auto work = [&](int t) {
#ifdef __linux__
        // Per thread on Linux (a thread's nice value is its own); raising it needs no privilege.
        if (options.low_priority)
            setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), 19);
#endif
        Accumulator &acc = accs[size_t(t)];
        acc.top.objective = options.objective;
        acc.top.cap = topCap;
        acc.top.v.reserve(std::min<size_t>(topCap + 1, 4096));
        acc.front.v.reserve(4096);
        // On the heap: PrefixBound's per-micro-batch table is large for a thread's stack.
        auto thread = std::make_unique<SearchThread>(space, options, acc);
        thread->run(queue);
    };
    const int threads = int(accs.size());
    if (threads == 1 && !options.low_priority) {
        work(0);
        return;
    }
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t)
        pool.emplace_back(work, t);
    for (std::thread &th : pool)
        th.join();
}

// The threads' accumulators merged in thread order; the result does not depend on it (total
// orders, see search.h). Writes the counts and lists into `out`.
void mergeInto(const Options &options, std::vector<Accumulator> &accs, std::int64_t invalidLayouts, SearchResult &out)
{
    Accumulator all;
    all.top.objective = options.objective;
    all.top.cap = size_t(std::clamp(options.top, 1, kMaxTop));
    all.searched = invalidLayouts;
    for (Accumulator &a : accs) {
        all.searched += a.searched;
        all.valid += a.valid;
        all.fits += a.fits;
        all.feasible += a.feasible;
        all.bounded += a.bounded;
        for (const Found &f : a.top.v)
            all.top.offer(f.layout, f.result);
        for (size_t i = 0; i < a.best.size(); ++i) {
            const SearchResult::Best &b = a.best[i];
            SearchResult::Best &into = all.best[i];
            const Objective o = kObjectives[i];
            if (b.valid && (!into.valid || TopList::before(objectiveValue(o, b.found.result), b.found.layout, objectiveValue(o, into.found.result), into.found.layout)))
                into = b;
        }
        for (const Found &f : a.front.v)
            all.front.offer(f.layout, f.result);
    }
    out.searched = all.searched;
    out.valid = all.valid;
    out.fits = all.fits;
    out.feasible = all.feasible;
    out.bounded = all.bounded;
    out.top = std::move(all.top.v);
    out.best_by = all.best;
    out.pareto = std::move(all.front.v);
}

} // namespace

SearchResult runSearch(const Space &space, const Options &options)
{
    const auto start = std::chrono::steady_clock::now();
    SearchResult out;
    const ContextSource source(space, options.constraints);
    out.contexts = source.size();
    ItemQueue queue(space, options, source, out);
    const int threads = std::max(1, options.threads > 0 ? options.threads : int(std::thread::hardware_concurrency()));
    out.threads = threads;
    std::vector<Accumulator> accs(static_cast<size_t>(threads));
    runThreads(space, options, queue, accs);
    mergeInto(options, accs, queue.invalidLayouts(), out);
    out.cancelled = options.cancel && options.cancel->load();
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return out;
}

PrefixBounds prefixBounds(const Plan &plan, int zero_max)
{
    Plan p = plan;
    const PlanPrefix prefix = preparePrefix(p);
    PrefixBounds b;
    b.days = prefixDaysBound(p, prefix);
    b.micro_batch_days = pacedDaysBound(p, prefix, plan.training.micro_batch, plan.training.vpp);
    b.memory_gb = prefixMemoryBoundGb(p, prefix, zero_max);
    b.micro_batch_memory_gb = firstStageMemoryBoundGb(p, prefix, zero_max, plan.training.micro_batch);
    return b;
}

Plan leastMemoryPlan(const Plan &plan)
{
    Plan p = plan;
    const Space none;
    Candidates zeros, sps;
    candidatesOf(none, DimZero, p, p.training.dp, zeros);
    candidatesOf(none, DimSequenceParallel, p, p.training.dp, sps);
    p.training.sequence_parallel = sps.largest() != 0;
    int least[2];
    const int nZeros = leastMemoryZeros(zeros, least);
    p.training.zero = least[0];
    if (nZeros > 1) {
        Plan other = p;
        other.training.zero = least[1];
        if (evaluateValid(other).memory_total_gb < evaluateValid(p).memory_total_gb)
            return other;
    }
    return p;
}

Plan planOf(const Space &space, const Layout &layout)
{
    Plan p = contextPlan(space, layout.hardware);
    p.cluster.nodes = layout.nodes;
    p.cluster.gpus_per_node = layout.gpus_per_node;
    if (layout.global_batch > 0)
        p.training.global_batch = layout.global_batch;
    for (int d = 0; d < kDimCount; ++d)
        kDimTable[d].apply(p, layout.value[size_t(d)]);
    p.training.dp = layout.dp;
    return p;
}

std::vector<std::string> differingFields(const Layout &a, const Layout &b, const Space &space)
{
    std::vector<std::string> out;
    if (a.hardware != b.hardware && !space.hardware.empty())
        out.push_back("gpu");
    if (a.gpus != b.gpus)
        out.push_back("gpus");
    if (a.global_batch != b.global_batch)
        out.push_back("global_batch");
    for (int d = 0; d < kDimCount; ++d)
        if (a.value[size_t(d)] != b.value[size_t(d)])
            out.push_back(dimKey(d));
    if (a.dp != b.dp)
        out.push_back("dp");
    return out;
}

void forEachCandidateImpl(const Space &space, void (*visit)(void *, const Candidate &), void *user)
{
    const ContextSource source(space, {});
    Options none;
    Walker w(space, none);
    std::vector<Plan> plans = contextPlans(space);
    for (std::int64_t i = 0; i < source.size(); ++i) {
        const Context c = source.at(i);
        if (c.nodes <= 0)
            continue;
        w.enterContext(i, c, plans[size_t(c.hardware)]);
        // Every level without pruning: a layout is accepted when every level's pre-check passed.
        auto rec = [&](auto &self, int d, std::int64_t rest, bool ok) -> void {
            if (d == kDimCount) {
                w.cur.dp = w.plan->training.dp;
                visit(user, Candidate{*w.plan, w.cur, c.valid, ok});
                return;
            }
            Candidates local;
            const Candidates &cs = w.candidatesAt(d, rest, local);
            for (int k = 0; k < cs.n; ++k) {
                std::int64_t r = rest;
                bool pass = true;
                if (c.valid) {
                    pass = w.set(d, cs.v[k], r);
                } else { // set without checking: the model may not even have heads
                    w.apply(d, cs.v[k], r);
                }
                self(self, d + 1, r, ok && pass && c.valid);
            }
        };
        rec(rec, 0, c.gpus, true);
    }
}

} // namespace commtax::search
