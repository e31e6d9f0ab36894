// SPDX-License-Identifier: GPL-3.0-or-later
#include "buy.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <map>
#include <mutex>
#include <thread>
#include <tuple>

namespace commtax::search::buy {

bool parseObjective(const std::string &s, Objective &out)
{
    for (Objective o : {Objective::Cost, Objective::Tco, Objective::Time, Objective::Capex})
        if (s == toString(o)) {
            out = o;
            return true;
        }
    return false;
}

const char *toString(Objective o)
{
    switch (o) {
    case Objective::Cost: return "cost";
    case Objective::Tco: return "tco";
    case Objective::Time: return "time";
    case Objective::Capex: return "capex";
    }
    return "cost";
}

double objectiveValue(Objective o, const Option &opt)
{
    switch (o) {
    case Objective::Cost: return opt.result.cost_per_billion_tokens_usd;
    case Objective::Tco: return opt.result.tco_usd;
    case Objective::Time: return opt.result.days_to_train;
    case Objective::Capex: return opt.capex_usd;
    }
    return 0;
}

unsigned familyOf(const Layout &l)
{
    unsigned f = 0;
    if (l.value[DimTp] > 1)
        f |= 1;
    if (l.value[DimPp] > 1)
        f |= 2;
    if (l.value[DimCp] > 1)
        f |= 4;
    if (l.value[DimEp] > 1)
        f |= 8;
    if (l.value[DimZero] > 0)
        f |= 16;
    if (l.value[DimVpp] > 1)
        f |= 32;
    return f;
}

unsigned familyOf(const TrainingSpec &t)
{
    Layout l;
    l.value[DimTp] = t.tp;
    l.value[DimPp] = t.pp;
    l.value[DimCp] = t.cp;
    l.value[DimEp] = t.ep;
    l.value[DimZero] = t.zero;
    l.value[DimVpp] = t.vpp;
    return familyOf(l);
}

std::string familyName(unsigned family)
{
    static const char *const names[] = {"tp", "pp", "cp", "ep", "zero", "vpp"};
    std::string out;
    for (int b = 0; b < 6; ++b)
        if (family & (1u << b))
            out += (out.empty() ? "" : "+") + std::string(names[b]);
    return out.empty() ? "dp only" : out;
}

namespace {

// The plan of a context: the base job on `gpu` x `gpus` in one precision, the GPU's own efficiency.
Plan contextPlan(const Plan &base, const Hardware &hw, int gpus, bool fp8)
{
    Plan p = base;
    p.gpu = hw.gpu;
    p.cluster = hw.cluster;
    const int perNode = std::max(1, hw.cluster.gpus_per_node);
    p.cluster.nodes = std::max(1, gpus / perNode);
    p.training.precision = fp8 ? Precision::Fp8 : Precision::Bf16;
    p.training.compute_efficiency.reset();
    return p;
}

struct Best {
    bool found = false;
    Plan plan;
    std::int64_t searched = 0;
    std::int64_t bounded = 0;
};

// The fastest layout of a context the framework runs (none when nothing fits).
Best bestLayout(const Plan &plan, int gpus, int framework, int threads, bool bound = true,
                const std::array<std::vector<int>, kDimCount> *allowed = nullptr)
{
    Space sp;
    sp.base = plan;
    sp.gpu_counts = {gpus};
    if (allowed)
        sp.allowed = *allowed;
    Options o;
    o.objective = search::Objective::Time;
    o.top = 1;
    o.threads = threads;
    o.bound = bound; // only the fastest layout is read: branch and bound (search.h, Options::bound)
    o.constraints.framework = framework;
    const SearchResult r = runSearch(sp, o);
    Best b;
    b.searched = r.searched;
    b.bounded = r.bounded;
    if (!r.top.empty()) {
        b.found = true;
        b.plan = planOf(sp, r.top.front().layout);
    }
    return b;
}

bool hasFp8(const Hardware &hw) { return hw.gpu.fp8_dense_tflops > 0; }

double rentPrice(const Question &q, int gpu, double listedPrice)
{
    if (listedPrice > 0)
        return listedPrice;
    if (q.gpus[size_t(gpu)].rent_usd_per_gpu_hour > 0)
        return q.gpus[size_t(gpu)].rent_usd_per_gpu_hour;
    return q.gpus[size_t(gpu)].hardware.gpu.rent_usd_per_hour;
}

// Judge an option at the point estimate against every limit.
void judge(const Limits &l, Option &o)
{
    o.lacks.clear();
    o.shortfall = 0;
    auto over = [&](const char *what, double value, double limit) {
        if (limit > 0 && value > limit) {
            o.lacks.emplace_back(what);
            o.shortfall = std::max(o.shortfall, value / limit - 1);
        }
    };
    over("deadline", o.result.days_to_train, l.deadline_days);
    if (!o.rent)
        over("capex", o.capex_usd, l.capex_usd);
    over("tco", o.result.tco_usd, l.tco_usd);
    over("budget", o.rent ? o.result.tco_usd : o.capex_usd, l.budget_usd);
    over("power", o.power_mw, l.power_mw);
    o.meets = o.lacks.empty();
}

// The option of a best layout in one mode; false when it cannot be rented (no price) or fails.
bool makeOption(const Question &q, int gpu, const Plan &best, bool rent, double listedPrice, Option &o)
{
    o = Option{};
    o.gpu = gpu;
    o.gpus = best.cluster.nodes * best.cluster.gpus_per_node;
    o.rent = rent;
    o.fp8 = best.training.precision == Precision::Fp8;
    o.plan = best;
    o.plan.economics.mode = rent ? EconomicsMode::Rent : EconomicsMode::Buy;
    if (rent) {
        const double price = rentPrice(q, gpu, listedPrice);
        if (!(price > 0))
            return false;
        o.plan.economics.usd_per_gpu_hour = price;
    }
    const Evaluation ev = evaluate(o.plan);
    if (!ev.ok() || !ev.result.fits_in_memory || !finiteFigures(ev.result))
        return false;
    o.result = ev.result;
    o.capex_usd = ev.result.capex_usd;
    o.power_mw = ev.result.power_kw / 1000.0;
    judge(q.limits, o);
    return true;
}

// Ranges and probabilities from a Latin hypercube over the option's inputs.
void addRanges(const Question &q, Option &o)
{
    const uncertainty::PlanInputs in
        = uncertainty::planInputs(o.plan, q.notes ? q.notes(o.plan, o.gpu) : std::vector<uncertainty::FieldNote>{});
    uncertainty::Options opt;
    opt.samples = std::max(1, q.samples);
    opt.seed = q.seed;
    opt.threads = q.threads;
    opt.keep_results = true;
    const uncertainty::Summary s = uncertainty::monteCarlo(in, opt);
    auto range = [&](uncertainty::Metric m) {
        const uncertainty::Percentiles &p = s.of(m);
        return Range{p.p10, p.p50, p.p90};
    };
    o.days = range(uncertainty::Metric::DaysToTrain);
    o.cost_per_billion_tokens_usd = range(uncertainty::Metric::CostPerBillionTokens);
    o.tco_usd = range(uncertainty::Metric::Tco);
    int deadline = 0, budget = 0;
    const Limits &l = q.limits;
    for (const Result &r : s.results) {
        deadline += !(l.deadline_days > 0) || r.days_to_train <= l.deadline_days;
        budget += (o.rent || !(l.capex_usd > 0) || r.capex_usd <= l.capex_usd)
            && (!(l.tco_usd > 0) || r.tco_usd <= l.tco_usd)
            && (!(l.budget_usd > 0) || (o.rent ? r.tco_usd : r.capex_usd) <= l.budget_usd);
    }
    // A sample the engine refused meets nothing.
    o.p_meets_deadline = double(deadline) / double(s.samples);
    o.p_within_budget = double(budget) / double(s.samples);
    o.ranged = true;
}

struct Key {
    int gpu, gpus;
    bool fp8;
    friend bool operator<(const Key &a, const Key &b)
    {
        return std::tie(a.gpu, a.gpus, a.fp8) < std::tie(b.gpu, b.gpus, b.fp8);
    }
};

struct Solver {
    const Question &q;
    std::map<Key, Best> cache; // contexts searched
    std::int64_t searched = 0;
    std::int64_t bounded = 0;

    const Best &context(int gpu, int gpus, bool fp8)
    {
        const Key k{gpu, gpus, fp8};
        if (auto it = cache.find(k); it != cache.end())
            return it->second;
        Best b = bestLayout(contextPlan(q.base, q.gpus[size_t(gpu)].hardware, gpus, fp8), gpus, q.framework,
                            q.threads, q.bound);
        searched += b.searched;
        bounded += b.bounded;
        return cache.emplace(k, std::move(b)).first->second;
    }

    // A change that makes a missing option meet every limit: FP8 on the same GPUs, else more GPUs.
    void findFix(Option &o, double listedPrice)
    {
        const Hardware &hw = q.gpus[size_t(o.gpu)].hardware;
        if (!o.fp8 && q.fp8 && hasFp8(hw)) {
            const Best &b = context(o.gpu, o.gpus, true);
            Option f;
            if (b.found && makeOption(q, o.gpu, b.plan, o.rent, listedPrice, f) && f.meets) {
                o.fix = "fp8";
                o.fix_days = f.result.days_to_train;
                return;
            }
        }
        if (!(q.limits.deadline_days > 0) || o.result.days_to_train <= q.limits.deadline_days)
            return;
        const int perNode = std::max(1, hw.cluster.gpus_per_node);
        // Counts upward from the linear estimate: whole nodes 10% apart, and the power-of-two numbers
        // of nodes among them (a global batch of 2^k sequences splits evenly only over those).
        const double need = double(o.gpus) * o.result.days_to_train / q.limits.deadline_days;
        std::vector<int> counts;
        for (int i = 0; i < 8; ++i) {
            const double t = std::max(need * std::pow(1.1, i), double(o.gpus + perNode));
            const double nodes = std::ceil(t / perNode);
            if (nodes * perNode > kMaxGoalGpus)
                break;
            counts.push_back(int(nodes) * perNode);
            counts.push_back(int(std::exp2(std::ceil(std::log2(nodes)))) * perNode);
        }
        std::sort(counts.begin(), counts.end());
        counts.erase(std::unique(counts.begin(), counts.end()), counts.end());
        constexpr size_t kTries = 10;
        for (size_t i = 0; i < counts.size() && i < kTries; ++i) {
            const int g = counts[i];
            if (g > kMaxGoalGpus)
                break;
            const Best &b = context(o.gpu, g, o.fp8);
            Option f;
            if (!b.found || !makeOption(q, o.gpu, b.plan, o.rent, listedPrice, f))
                continue;
            if (f.meets) {
                o.fix = "gpus";
                o.fix_gpus = g;
                o.fix_days = f.result.days_to_train;
                return;
            }
            if (!f.lacks.empty() && f.lacks != std::vector<std::string>{"deadline"})
                return; // more GPUs break the budget or the power
        }
    }
    static constexpr int kMaxGoalGpus = 1000000;
};

std::vector<int> countsOf(const Question &q, const Hardware &hw)
{
    const int perNode = std::max(1, hw.cluster.gpus_per_node);
    std::vector<int> out;
    if (!q.gpu_counts.empty()) {
        for (int g : q.gpu_counts)
            if (g > 0 && g % perNode == 0)
                out.push_back(g);
    } else if (q.gpus_max > 0) {
        for (int g = std::max(perNode, (q.gpus_min + perNode - 1) / perNode * perNode); g <= q.gpus_max; g += perNode)
            out.push_back(g);
    } else {
        for (int n = std::max(1, q.nodes_min); n <= q.nodes_max; ++n)
            out.push_back(n * perNode);
    }
    if (q.max_gpus > 0)
        out.erase(std::remove_if(out.begin(), out.end(), [&](int g) { return g > q.max_gpus; }), out.end());
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

bool rankLess(Objective obj, const Option &a, const Option &b)
{
    const double x = objectiveValue(obj, a), y = objectiveValue(obj, b);
    if (x != y)
        return x < y;
    return std::tie(a.gpu, a.gpus, a.rent, a.fp8) < std::tie(b.gpu, b.gpus, b.rent, b.fp8);
}

} // namespace

std::int64_t countContexts(const Question &q)
{
    std::int64_t n = 0;
    for (const Gpu &g : q.gpus) {
        if (!g.searched)
            continue;
        const std::int64_t precisions = std::int64_t(q.bf16) + std::int64_t(q.fp8 && hasFp8(g.hardware));
        n += precisions * std::int64_t(countsOf(q, g.hardware).size());
    }
    return n;
}

namespace {

// Every context of the question (GPU x count x precision), searched in parallel (each search on one
// thread: contexts are many and small), into the solver's cache; false when cancelled.
bool searchContexts(const Question &q, Solver &solver, std::vector<Key> &keys, std::int64_t &searchedOut,
                    std::int64_t &boundedOut)
{
    for (int g = 0; g < int(q.gpus.size()); ++g)
        for (bool fp8 : {false, true}) {
            if (!q.gpus[size_t(g)].searched)
                continue;
            if ((fp8 && (!q.fp8 || !hasFp8(q.gpus[size_t(g)].hardware))) || (!fp8 && !q.bf16))
                continue;
            for (int n : countsOf(q, q.gpus[size_t(g)].hardware))
                keys.push_back(Key{g, n, fp8});
        }
    std::vector<Best> found(keys.size());
    std::atomic<size_t> next{0};
    std::atomic<std::int64_t> searched{0}, bounded{0};
    const int threads = q.threads > 0 ? q.threads : std::max(1, int(std::thread::hardware_concurrency()));
    auto work = [&] {
        for (size_t i; (i = next.fetch_add(1)) < keys.size();) {
            if (q.cancel && q.cancel->load())
                return;
            const Key &k = keys[i];
            found[i] = bestLayout(contextPlan(q.base, q.gpus[size_t(k.gpu)].hardware, k.gpus, k.fp8), k.gpus,
                                  q.framework, 1, q.bound);
            searched += found[i].searched;
            bounded += found[i].bounded;
            if (q.progress)
                ++*q.progress;
        }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t)
        pool.emplace_back(work);
    work();
    for (std::thread &t : pool)
        t.join();
    searchedOut = searched.load();
    boundedOut = bounded.load();
    if (q.cancel && q.cancel->load())
        return false;
    for (size_t i = 0; i < keys.size(); ++i)
        solver.cache.emplace(keys[i], std::move(found[i]));
    return true;
}

// The closest misses among `all`: one per GPU and mode, least shortfall first, at most `count`.
std::vector<Option> closestMisses(const std::vector<Option> &all, int count)
{
    std::vector<Option> misses, out;
    for (const Option &o : all)
        if (!o.meets)
            misses.push_back(o);
    std::stable_sort(misses.begin(), misses.end(),
                     [](const Option &a, const Option &b) { return a.shortfall < b.shortfall; });
    for (const Option &o : misses) {
        if (int(out.size()) >= count)
            break;
        const bool seen
            = std::any_of(out.begin(), out.end(), [&](const Option &m) { return m.gpu == o.gpu && m.rent == o.rent; });
        if (!seen)
            out.push_back(o);
    }
    return out;
}

// The Pareto front of days against USD per billion tokens over `all` (ranked), days ascending.
std::vector<Option> paretoFront(const std::vector<Option> &all)
{
    std::vector<const Option *> byDays;
    for (const Option &o : all)
        byDays.push_back(&o);
    std::stable_sort(byDays.begin(), byDays.end(), [](const Option *a, const Option *b) {
        return a->result.days_to_train != b->result.days_to_train
            ? a->result.days_to_train < b->result.days_to_train
            : a->result.cost_per_billion_tokens_usd < b->result.cost_per_billion_tokens_usd;
    });
    std::vector<Option> out;
    double cheapest = INFINITY;
    for (const Option *o : byDays)
        if (o->result.cost_per_billion_tokens_usd < cheapest) {
            cheapest = o->result.cost_per_billion_tokens_usd;
            out.push_back(*o);
        }
    return out;
}

} // namespace

Convention judgeConvention(const Plan &plan, const Result &result, int framework)
{
    Convention c;
    c.recipe = nearestRecipe(plan.model).name;
    c.conventional = isConventional(plan, framework);
    if (c.conventional)
        return c;
    const std::array<std::vector<int>, kDimCount> allowed = conventionalValues(plan, framework);
    const int gpus = plan.cluster.nodes * plan.cluster.gpus_per_node;
    const Best b = bestLayout(plan, gpus, framework, 0, true, &allowed);
    if (!b.found)
        return c;
    c.alternative = true;
    c.plan = b.plan;
    c.step_time_s = evaluateValid(b.plan).step_time_s;
    c.speedup = result.step_time_s > 0 ? c.step_time_s / result.step_time_s - 1 : 0;
    return c;
}

namespace {

// Every option of an answer with a layout judged for convention, one search per context.
void judgeConventions(const Question &q, Answer &out)
{
    std::map<std::tuple<int, int, bool>, Convention> seen;
    auto judge = [&](Option &o) {
        if (o.lacks == std::vector<std::string>{"fits"})
            return;
        const auto key = std::make_tuple(o.gpu, o.gpus, o.fp8);
        auto it = seen.find(key);
        if (it == seen.end())
            it = seen.emplace(key, judgeConvention(o.plan, o.result, q.framework)).first;
        o.convention = it->second;
    };
    for (std::vector<Option> *list : {&out.options, &out.closest_misses, &out.pareto, &out.listed})
        for (Option &o : *list)
            judge(o);
}

} // namespace

Answer answer(const Question &q)
{
    const auto start = std::chrono::steady_clock::now();
    Answer out;
    Solver solver{q, {}, 0, 0};
    std::vector<Key> keys;
    std::int64_t searched = 0, bounded = 0;
    if (!searchContexts(q, solver, keys, searched, bounded)) {
        out.cancelled = true;
        return out;
    }
    out.contexts = std::int64_t(keys.size());

    std::vector<Option> all;
    for (const auto &[k, b] : solver.cache) {
        if (!b.found)
            continue;
        for (bool rent : {false, true}) {
            Option o;
            if ((rent ? q.rent : q.buy) && makeOption(q, k.gpu, b.plan, rent, 0, o))
                all.push_back(std::move(o));
        }
    }
    out.option_count = std::int64_t(all.size());
    std::sort(all.begin(), all.end(), [&](const Option &a, const Option &b) { return rankLess(q.objective, a, b); });

    // Options that meet every limit, ranked; the first `shortlist` with ranges.
    for (const Option &o : all)
        if (o.meets) {
            ++out.meeting;
            if (int(out.options.size()) < q.shortlist)
                out.options.push_back(o);
        }
    for (Option &o : out.options)
        addRanges(q, o);

    out.closest_misses = closestMisses(all, q.misses);
    for (Option &o : out.closest_misses) {
        solver.findFix(o, 0);
        addRanges(q, o);
    }
    out.pareto = paretoFront(all);

    // The user's own options.
    for (const Listed &l : q.listed) {
        Option o;
        o.gpu = l.gpu;
        o.gpus = l.gpus;
        o.rent = l.rent;
        o.fp8 = l.fp8;
        const Hardware &hw = q.gpus[size_t(l.gpu)].hardware;
        const Best &b = (l.fp8 && !hasFp8(hw)) ? Best{} : solver.context(l.gpu, l.gpus, l.fp8);
        if (b.found && makeOption(q, l.gpu, b.plan, l.rent, l.rent_usd_per_gpu_hour, o)) {
            if (!o.meets)
                solver.findFix(o, l.rent_usd_per_gpu_hour);
            addRanges(q, o);
        } else {
            o.meets = false;
            o.lacks = {"fits"};
        }
        out.listed.push_back(std::move(o));
    }
    judgeConventions(q, out);
    out.searched = searched + solver.searched;
    out.bounded = bounded + solver.bounded;
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return out;
}

std::vector<FamilyBest> familyShortlist(const Plan &plan, int framework)
{
    const int gpus = plan.cluster.nodes * plan.cluster.gpus_per_node;
    std::vector<int> divisors, experts, vpps;
    for (int d = 2; d <= gpus; ++d)
        if (gpus % d == 0)
            divisors.push_back(d);
    for (int d = 2; d <= plan.model.experts; ++d)
        if (plan.model.experts % d == 0)
            experts.push_back(d);
    for (int v = 2; v <= plan.model.layers; ++v)
        vpps.push_back(v);
    std::vector<FamilyBest> out;
    for (unsigned f = 0; f < 64; ++f) {
        std::array<std::vector<int>, kDimCount> allowed;
        const std::vector<int> *used[6] = {&divisors, &divisors, &divisors, &experts, nullptr, &vpps};
        const int dims[6] = {DimTp, DimPp, DimCp, DimEp, DimZero, DimVpp};
        bool possible = true;
        for (int b = 0; b < 6; ++b) {
            const bool on = f & (1u << b);
            if (dims[b] == DimZero)
                allowed[DimZero] = on ? std::vector<int>{1, 2, 3} : std::vector<int>{0};
            else if (on && used[b]->empty())
                possible = false; // an empty list would allow every value
            else
                allowed[size_t(dims[b])] = on ? *used[b] : std::vector<int>{1};
        }
        if (!possible)
            continue;
        const Best b = bestLayout(plan, gpus, framework, 0, true, &allowed);
        if (!b.found)
            continue;
        FamilyBest fb;
        fb.family = f;
        fb.plan = b.plan;
        fb.result = evaluateValid(b.plan);
        out.push_back(std::move(fb));
    }
    // One search for the fastest conventional layout serves every family that leaves convention.
    const Convention *conventional = nullptr;
    Convention judged;
    for (FamilyBest &fb : out) {
        if (isConventional(fb.plan, framework)) {
            fb.convention.conventional = true;
            fb.convention.recipe = nearestRecipe(plan.model).name;
            continue;
        }
        if (!conventional) {
            judged = judgeConvention(fb.plan, fb.result, framework);
            conventional = &judged;
        }
        fb.convention = *conventional;
        fb.convention.speedup
            = fb.result.step_time_s > 0 && judged.alternative ? judged.step_time_s / fb.result.step_time_s - 1 : 0;
    }
    std::stable_sort(out.begin(), out.end(), [](const FamilyBest &a, const FamilyBest &b) {
        return a.result.step_time_s < b.result.step_time_s;
    });
    return out;
}

void rangeOption(const Question &q, Option &o) { addRanges(q, o); }

} // namespace commtax::search::buy
