// SPDX-License-Identifier: GPL-3.0-or-later
#include "uncertainty.h"

#include "engine/engine.h"
#include "engine/limits.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <optional>
#include <thread>

namespace commtax::uncertainty {

const char *toString(Kind k)
{
    switch (k) {
    case Kind::Datasheet: return "datasheet";
    case Kind::Measured: return "measured";
    case Kind::Assumption: return "assumption";
    case Kind::Derived: return "derived";
    case Kind::User: return "user";
    }
    return "assumption";
}

double defaultHalfWidth(Kind k)
{
    switch (k) {
    case Kind::Datasheet: return 0.02;  // printed figures: rounding, SKU and clock variants
    case Kind::Measured: return 0.10;   // one measurement on one system: run-to-run and setup spread
    case Kind::Derived: return 0.10;    // computed from measured figures
    case Kind::User: return 0.10;       // the user's own figure (a quote, a bill): known, not exact
    case Kind::Assumption: return 0.25; // a judgement: wide
    }
    return 0.25;
}

namespace {

// The plan fields marked uncertain in the engine's field table (engine/limits.h), in its order,
// then the engine's own error on step time: uncertain only with the range of the published runs
// like the plan (a note from core/engineaccuracy.h); no field limits, so no break-even is sought.
std::vector<InputInfo> makeInputs()
{
    std::vector<InputInfo> out;
    std::size_t count = 0;
    const FieldLimit *limits = fieldLimits(&count);
    for (std::size_t i = 0; i < count; ++i) {
        const FieldLimit &l = limits[i];
        if (l.uncertainty.uncertain)
            out.push_back(InputInfo{l.path, l.uncertainty.group, l.uncertainty.floor, l.get, l.set, false,
                                    l.uncertainty.step_term});
    }
    out.push_back(InputInfo{
        "engine.step_time_error", Group::None, 0.05,
        [](const Plan &p) -> std::optional<double> { return p.step_time_error; },
        [](Plan &p, double v) { p.step_time_error = v; }, true});
    return out;
}
const std::vector<InputInfo> kInputs = makeInputs();

// Numbers in dimension keys and messages never take the locale's decimal comma (the app runs
// under setlocale(LC_ALL, "")): a key that changed with the locale would change the draws.
std::string num(double v)
{
    char buf[64];
    const std::to_chars_result r = std::to_chars(buf, buf + sizeof buf, v); // shortest exact form
    return std::string(buf, r.ptr);
}

std::string shortNum(double v)
{
    char buf[64];
    const std::to_chars_result r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::general, 6); // as %g
    return std::string(buf, r.ptr);
}

std::uint64_t fnv1a(std::string_view s)
{
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (unsigned char c : s) {
        h ^= c;
        h *= 0x100000001b3ULL;
    }
    return h;
}

// The Latin hypercube dimension an input draws from (see the header: groups and shared inputs).
std::string dimensionKey(const Plan &p, const InputRange &r)
{
    switch (r.info->group) {
    case Group::GpuEfficiency: return "group:gpu-efficiency@" + p.gpu.id;
    case Group::Overlap: return "group:overlap";
    case Group::None: break;
    }
    const std::string_view path(r.info->path);
    std::string key(path);
    if (path.starts_with("gpu."))
        key += "@" + p.gpu.id;
    else if (path.starts_with("cluster."))
        key += "@" + p.cluster.id;
    return key + "=" + num(r.value) + "," + num(r.low) + "," + num(r.high);
}

// Run fn(begin, end) over [0, n) on `threads` threads (0: every core). Each index is done once, so
// results written by index do not depend on the count.
template <typename Fn>
void parallelFor(int n, int threads, Fn fn)
{
    if (threads <= 0)
        threads = int(std::max(1u, std::thread::hardware_concurrency()));
    threads = std::clamp(threads, 1, std::max(1, n / 64));
    if (threads == 1) {
        fn(0, n);
        return;
    }
    std::vector<std::thread> pool;
    const int chunk = (n + threads - 1) / threads;
    for (int t = 0; t < threads; ++t) {
        const int b = t * chunk, e = std::min(n, b + chunk);
        if (b < e)
            pool.emplace_back([=] { fn(b, e); });
    }
    for (std::thread &th : pool)
        th.join();
}

// The dimensions of one or more plans: one Latin column per distinct key, and for each plan the
// column of each uncertain input.
struct Design {
    std::vector<std::vector<double>> columns;
    std::vector<std::vector<std::pair<const InputRange *, int>>> active; // per plan: (input, column)
};

Design makeDesign(const std::vector<const PlanInputs *> &plans, const Options &opt)
{
    Design d;
    std::map<std::string, int> index;
    for (const PlanInputs *pi : plans) {
        std::vector<std::pair<const InputRange *, int>> act;
        for (const InputRange &r : pi->inputs) {
            if (!r.uncertain() || !r.sampled)
                continue;
            const std::string key = dimensionKey(pi->plan, r);
            auto [it, added] = index.emplace(key, int(d.columns.size()));
            if (added)
                d.columns.push_back(latinColumn(opt.seed, key, opt.samples));
            act.emplace_back(&r, it->second);
        }
        d.active.push_back(std::move(act));
    }
    return d;
}

void applySample(Plan &p, const std::vector<std::pair<const InputRange *, int>> &active, const Design &d, int i)
{
    for (const auto &[r, col] : active)
        r->info->set(p, quantile(*r, d.columns[std::size_t(col)][std::size_t(i)]));
}

} // namespace

const InputInfo *findInput(std::string_view path)
{
    for (const InputInfo &i : kInputs)
        if (path == i.path)
            return &i;
    return nullptr;
}

EngineText checkRangeText(std::string_view path, double value, double low, double high)
{
    const InputInfo *info = findInput(path);
    if (!info)
        return {CT_TR("commtax::Files",
                      "takes no range: only continuous physical and economic inputs are uncertain (whole numbers, "
                      "peaks, sizes and design choices are not)"),
                {}};
    if (!std::isfinite(low) || !std::isfinite(high))
        return {CT_TR("commtax::Files", "the range must be two finite numbers [low, high]"), {}};
    if (low > high)
        return {CT_TR("commtax::Files", "the range's low end %1 is above its high end %2"),
                {shortNum(low), shortNum(high)}};
    if (value < low || value > high)
        return {CT_TR("commtax::Files", "the range [%1, %2] must contain the value %3"),
                {shortNum(low), shortNum(high), shortNum(value)}};
    if (const FieldLimit *lim = findFieldLimit(path); lim && (low < lim->min || high > lim->max))
        return {CT_TR("commtax::Files", "the range must lie within the field's limits, %1 to %2"),
                {shortNum(lim->min), shortNum(lim->max)}};
    if (info->floor > 0 && value > 0 && low < info->floor)
        return {CT_TR("commtax::Files", "the range must stay at or above %1: 0 has its own meaning for this field"),
                {shortNum(info->floor)}};
    if (info->floor > 0 && value == 0 && high > 0)
        return {
            CT_TR("commtax::Files", "0 has its own meaning for this field, so a value of 0 takes no range but [0, 0]"),
            {}};
    return {};
}

std::string checkRange(std::string_view path, double value, double low, double high)
{
    return toString(checkRangeText(path, value, low, high));
}

InputRange defaultRange(const InputInfo &info, double value, Kind kind)
{
    InputRange r;
    r.info = &info;
    r.value = value;
    r.kind = kind;
    const double h = defaultHalfWidth(kind);
    r.low = value * (1 - h);
    r.high = value * (1 + h);
    if (const FieldLimit *lim = findFieldLimit(info.path)) {
        r.low = std::max(r.low, lim->min);
        r.high = std::min(r.high, lim->max);
    }
    if (info.floor > 0 && value > 0)
        r.low = std::max(r.low, info.floor);
    r.low = std::min(r.low, value);
    r.high = std::max(r.high, value);
    return r;
}

PlanInputs planInputs(const Plan &plan, const std::vector<FieldNote> &notes)
{
    PlanInputs out;
    out.plan = plan;
    const bool engineError = std::any_of(notes.begin(), notes.end(), [](const FieldNote &n) {
        return n.path == "engine.step_time_error" && n.low && n.high && *n.low < *n.high;
    });
    for (const InputInfo &info : kInputs) {
        const std::optional<double> v = info.get(plan);
        if (!v)
            continue;
        const auto note = std::find_if(notes.begin(), notes.end(), [&](const FieldNote &n) { return n.path == info.path; });
        const Kind kind = note != notes.end() ? note->kind : Kind::Assumption;
        const bool hasRange = note != notes.end() && note->low && note->high;
        if (info.given_only) {
            if (!hasRange || !std::isfinite(*note->low) || !std::isfinite(*note->high) || *note->low > *v || *note->high < *v)
                continue;
            InputRange r;
            r.info = &info;
            r.value = *v;
            r.kind = kind;
            r.low = std::max(*note->low, info.floor);
            r.high = *note->high;
            r.given = true;
            if (note->quantiles && std::is_sorted(note->quantiles->begin(), note->quantiles->end()) && note->quantiles->front() >= r.low
                && note->quantiles->back() <= r.high)
                r.quantiles = note->quantiles;
            out.inputs.push_back(r);
            continue;
        }
        InputRange r = defaultRange(info, *v, kind);
        if (hasRange && checkRange(info.path, *v, *note->low, *note->high).empty()) {
            r.low = *note->low;
            r.high = *note->high;
            r.given = true;
        }
        r.sampled = !(engineError && info.covered_by_engine_error && !r.given);
        out.inputs.push_back(r);
    }
    return out;
}

PlanInputs collapsed(const PlanInputs &in)
{
    PlanInputs out = in;
    for (InputRange &r : out.inputs)
        r.low = r.high = r.value;
    return out;
}

std::vector<double> latinColumn(std::uint64_t seed, std::string_view key, int n)
{
    std::vector<double> u(std::size_t(std::max(n, 0)));
    SplitMix64 rng{seed ^ fnv1a(key)};
    rng.next();
    std::vector<std::uint32_t> order(u.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = std::uint32_t(i);
    // Fisher-Yates; the modulo's bias is below 2^-32 for n < 2^32.
    for (std::size_t i = order.size(); i > 1; --i) {
        const std::size_t j = std::size_t(rng.next() % i);
        std::swap(order[i - 1], order[j]);
    }
    for (std::size_t i = 0; i < u.size(); ++i)
        u[i] = (double(order[i]) + rng.uniform()) / double(n);
    return u;
}

double quantile(const InputRange &r, double u)
{
    if (!r.uncertain())
        return r.value;
    if (r.quantiles) {
        // Piecewise linear through (0, low), (0.1, P10), ..., (0.9, P90), (1, high).
        static constexpr double at[7] = {0, 0.1, 0.25, 0.5, 0.75, 0.9, 1};
        const double v[7] = {r.low, (*r.quantiles)[0], (*r.quantiles)[1], (*r.quantiles)[2], (*r.quantiles)[3], (*r.quantiles)[4], r.high};
        const double x = std::clamp(u, 0.0, 1.0);
        int i = 0;
        while (i < 5 && x > at[i + 1])
            ++i;
        return v[i] + (v[i + 1] - v[i]) * (x - at[i]) / (at[i + 1] - at[i]);
    }
    if (u < 0.5)
        return r.low + (r.value - r.low) * (2 * u);
    return std::min(r.high, r.value + (r.high - r.value) * (2 * u - 1));
}

double percentile(const std::vector<double> &sorted, double q)
{
    if (sorted.empty())
        return 0;
    const double h = (double(sorted.size()) - 1) * q;
    const std::size_t lo = std::size_t(std::floor(h));
    if (lo + 1 >= sorted.size())
        return sorted.back();
    const double a = sorted[lo], b = sorted[lo + 1];
    return a == b ? a : a + (h - double(lo)) * (b - a);
}

namespace {

// q interpolated linearly between the values of `sorted` ((value, weight) pairs in ascending value)
// at their positions, `position(before, weight)` for a value after `before` of the weight: held at the
// first value up to its position and at the last beyond its.
template <typename Position>
double atPositions(const std::vector<std::pair<double, double>> &sorted, double q, Position position)
{
    double before = 0, prevAt = 0, prevValue = sorted.front().first;
    for (const auto &[value, weight] : sorted) {
        const double at = position(before, weight);
        before += weight;
        if (at >= q) {
            if (at <= prevAt || value == prevValue)
                return value;
            return prevValue + (q - prevAt) / (at - prevAt) * (value - prevValue);
        }
        prevAt = at;
        prevValue = value;
    }
    return sorted.back().first;
}

double totalWeight(const std::vector<std::pair<double, double>> &sorted)
{
    double total = 0;
    for (const auto &[value, weight] : sorted)
        total += weight;
    return total;
}

} // namespace

double weightedPercentile(const std::vector<std::pair<double, double>> &sorted, double q)
{
    if (sorted.empty())
        return 0;
    if (sorted.size() == 1 || q <= 0)
        return sorted.front().first;
    if (q >= 1)
        return sorted.back().first;
    // Positions: the cumulative weight to each value's middle, less the first half weight, over the
    // total less the two end half weights (0 for the first value, 1 for the last).
    const double first = sorted.front().second / 2, span = totalWeight(sorted) - first - sorted.back().second / 2;
    if (!(span > 0))
        return sorted.front().first;
    return atPositions(sorted, q, [&](double before, double weight) { return (before + weight / 2 - first) / span; });
}

double predictivePercentile(const std::vector<std::pair<double, double>> &sorted, double q, double next)
{
    if (sorted.empty())
        return 0;
    // Positions: the cumulative weight through each value over the total with the next draw's.
    const double total = totalWeight(sorted) + next;
    if (!(total > 0))
        return sorted.front().first;
    return atPositions(sorted, q, [&](double before, double weight) { return (before + weight) / total; });
}

namespace {

// Adds the evaluations a thread has done to Options::progress in batches (one atomic add per 64)
// and the rest when the thread's block ends.
class ProgressTally
{
public:
    explicit ProgressTally(std::atomic<std::int64_t> *progress)
        : m_progress(progress) { }
    ~ProgressTally() { flush(); }
    ProgressTally(const ProgressTally &) = delete;
    ProgressTally &operator=(const ProgressTally &) = delete;
    void add(std::int64_t evaluations)
    {
        m_pending += evaluations;
        if (m_pending >= 64)
            flush();
    }

private:
    void flush()
    {
        if (m_progress && m_pending > 0)
            m_progress->fetch_add(m_pending, std::memory_order_relaxed);
        m_pending = 0;
    }
    std::atomic<std::int64_t> *m_progress;
    std::int64_t m_pending = 0;
};

bool cancelled(const Options &opt) { return opt.cancel && opt.cancel->load(std::memory_order_relaxed); }

} // namespace

Summary monteCarlo(const PlanInputs &in, const Options &opt)
{
    Summary s;
    s.samples = std::max(opt.samples, 0);
    s.seed = opt.seed;
    s.point = evaluateValid(in.plan);
    Options o = opt;
    o.samples = s.samples;
    const Design d = makeDesign({&in}, o);
    // values[m * n + i]: metric m of sample i; NaN for a sample the engine refused.
    const int n = s.samples;
    std::vector<double> values(kMetricCount * std::size_t(n));
    std::vector<Result> kept(opt.keep_results ? std::size_t(n) : 0);
    std::vector<char> accepted(opt.keep_results ? std::size_t(n) : 0);
    parallelFor(n, opt.threads, [&](int b, int e) {
        Plan p = in.plan;
        ProgressTally tally(opt.progress);
        for (int i = b; i < e; ++i) {
            if (i % 32 == 0 && cancelled(opt))
                return;
            applySample(p, d.active[0], d, i);
            const Evaluation ev = evaluate(p);
            tally.add(1);
            if (opt.keep_results && ev.ok()) {
                kept[std::size_t(i)] = ev.result;
                accepted[std::size_t(i)] = 1;
            }
            for (std::size_t m = 0; m < kMetricCount; ++m)
                values[m * std::size_t(n) + std::size_t(i)] = ev.ok() ? metricValue(ev.result, kMetrics[m]) : NAN;
        }
    });
    if (cancelled(opt)) {
        s.cancelled = true;
        return s;
    }
    for (std::size_t i = 0; i < kept.size(); ++i)
        if (accepted[i])
            s.results.push_back(kept[i]);
    std::vector<double> column;
    column.reserve(std::size_t(n));
    for (std::size_t m = 0; m < kMetricCount; ++m) {
        column.clear();
        for (int i = 0; i < n; ++i)
            if (const double v = values[m * std::size_t(n) + std::size_t(i)]; !std::isnan(v))
                column.push_back(v);
        if (m == 0)
            s.invalid = n - int(column.size());
        std::sort(column.begin(), column.end());
        if (column.empty()) {
            const double v = metricValue(s.point, kMetrics[m]);
            s.metric[m] = {v, v, v, v, v};
        } else {
            s.metric[m] = {percentile(column, 0.1), percentile(column, 0.5), percentile(column, 0.9), percentile(column, 0.25),
                           percentile(column, 0.75)};
        }
    }
    return s;
}

std::vector<TornadoBar> tornado(const PlanInputs &in, Metric m)
{
    std::vector<TornadoBar> bars;
    Plan p = in.plan;
    for (const InputRange &r : in.inputs) {
        if (!r.uncertain())
            continue;
        // An empirical distribution's bar runs from its P10 to its P90 (its ends are extrapolated).
        const double inLow = r.quantiles ? (*r.quantiles)[0] : r.low, inHigh = r.quantiles ? (*r.quantiles)[4] : r.high;
        r.info->set(p, inLow);
        const Evaluation lo = evaluate(p);
        r.info->set(p, inHigh);
        const Evaluation hi = evaluate(p);
        r.info->set(p, r.value);
        if (!lo.ok() || !hi.ok())
            continue;
        TornadoBar b;
        b.input = r.info->path;
        b.metric = m;
        b.input_low = inLow;
        b.input_high = inHigh;
        b.low = metricValue(lo.result, m);
        b.high = metricValue(hi.result, m);
        b.swing = std::fabs(b.high - b.low);
        if (b.swing > 0)
            bars.push_back(std::move(b));
    }
    std::stable_sort(bars.begin(), bars.end(), [](const TornadoBar &a, const TornadoBar &b) {
        return a.swing != b.swing ? a.swing > b.swing : a.input < b.input;
    });
    return bars;
}

WinOdds winOdds(const std::vector<PlanInputs> &plans, const Options &opt)
{
    WinOdds w;
    const int n = std::max(opt.samples, 0);
    const std::size_t k = plans.size();
    w.samples = n;
    w.cheapest.assign(k, 0);
    w.fastest.assign(k, 0);
    if (k == 0 || n == 0)
        return w;
    std::vector<const PlanInputs *> ptrs;
    for (const PlanInputs &p : plans)
        ptrs.push_back(&p);
    Options o = opt;
    o.samples = n;
    const Design d = makeDesign(ptrs, o);
    // cost[i * k + j], days[i * k + j]; +infinity for a plan that does not fit or is refused.
    std::vector<double> cost(std::size_t(n) * k), days(std::size_t(n) * k);
    parallelFor(n, opt.threads, [&](int b, int e) {
        std::vector<Plan> work;
        for (const PlanInputs &p : plans)
            work.push_back(p.plan);
        ProgressTally tally(opt.progress);
        for (int i = b; i < e; ++i) {
            if (i % 32 == 0 && cancelled(opt)) // the caller sees the flag and drops the odds
                return;
            for (std::size_t j = 0; j < k; ++j) {
                applySample(work[j], d.active[j], d, i);
                const Evaluation ev = evaluate(work[j]);
                const bool runs = ev.ok() && ev.result.fits_in_memory;
                cost[std::size_t(i) * k + j] = runs ? ev.result.cost_per_billion_tokens_usd : INFINITY;
                days[std::size_t(i) * k + j] = runs ? ev.result.days_to_train : INFINITY;
            }
            tally.add(std::int64_t(k));
        }
    });
    auto tally = [&](const std::vector<double> &v, std::vector<double> &wins) {
        for (int i = 0; i < n; ++i) {
            const double *row = &v[std::size_t(i) * k];
            const double best = *std::min_element(row, row + k);
            if (std::isinf(best))
                continue;
            const double ties = double(std::count(row, row + k, best));
            for (std::size_t j = 0; j < k; ++j)
                if (row[j] == best)
                    wins[j] += 1 / ties;
        }
        for (double &x : wins)
            x /= n;
    };
    tally(cost, w.cheapest);
    tally(days, w.fastest);
    return w;
}

namespace {

// An uncertain input of plan X or of the cheapest plan B: where it is in each (null where the plan
// does not have it).
struct Candidate {
    const InputRange *inX;
    const InputRange *inB;
};

// The value of c's input at which plan X (index x) and the cheapest plan B (index best) cost the
// same, found by bisection over the input's engine range; nothing when the difference does not
// change sign over the range or a plan stops evaluating.
std::optional<BreakEven> solveBreakEven(const PlanInputs &X, const PlanInputs &B, int x, int best, const Candidate &c)
{
    const InputRange &r = c.inX ? *c.inX : *c.inB;
    const FieldLimit *lim = findFieldLimit(r.info->path);
    if (!lim)
        return std::nullopt;
    double a = lim->min, b = lim->max;
    if (r.info->floor > 0 && r.value > 0)
        a = std::max(a, r.info->floor);
    Plan px = X.plan, pb = B.plan;
    auto diff = [&](double v, bool &ok) {
        if (c.inX)
            r.info->set(px, v);
        if (c.inB)
            r.info->set(pb, v);
        const Evaluation ex = evaluate(px), eb = evaluate(pb);
        ok = ex.ok() && eb.ok();
        return ok ? ex.result.cost_per_billion_tokens_usd - eb.result.cost_per_billion_tokens_usd : 0.0;
    };
    bool okA = false, okB = false;
    const double fa = diff(a, okA), fb = diff(b, okB);
    if (!okA || !okB || !(fa * fb < 0))
        return std::nullopt;
    double lo = a, hi = b, flo = fa;
    for (int it = 0; it < 200 && hi - lo > 1e-12 * std::max(1.0, std::fabs(hi)); ++it) {
        const double mid = 0.5 * (lo + hi);
        bool ok = false;
        const double fm = diff(mid, ok);
        if (!ok)
            break;
        if ((fm < 0) == (flo < 0)) {
            lo = mid;
            flo = fm;
        } else {
            hi = mid;
        }
    }
    BreakEven be;
    be.plan = x;
    be.against = best;
    be.input = r.info->path;
    be.shared = c.inX && c.inB;
    be.owner = c.inX ? x : best;
    be.value = r.value;
    be.break_even = 0.5 * (lo + hi);
    be.plan_cheaper_above = fb < 0;
    be.within_range = be.break_even >= r.low && be.break_even <= r.high;
    return be;
}

} // namespace

std::vector<BreakEven> breakEvens(const std::vector<PlanInputs> &plans)
{
    std::vector<BreakEven> out;
    const int k = int(plans.size());
    std::vector<double> cost(std::size_t(k), INFINITY);
    for (int j = 0; j < k; ++j) {
        const Evaluation ev = evaluate(plans[std::size_t(j)].plan);
        if (ev.ok() && ev.result.fits_in_memory)
            cost[std::size_t(j)] = ev.result.cost_per_billion_tokens_usd;
    }
    const int best = int(std::min_element(cost.begin(), cost.end()) - cost.begin());
    if (k == 0 || std::isinf(cost[std::size_t(best)]))
        return out;
    const PlanInputs &B = plans[std::size_t(best)];
    for (int x = 0; x < k; ++x) {
        if (x == best || std::isinf(cost[std::size_t(x)]))
            continue;
        const PlanInputs &X = plans[std::size_t(x)];
        // Each uncertain input of X, then each of the best plan that X does not share.
        std::vector<Candidate> cands;
        auto sameIn = [](const PlanInputs &from, const InputRange &r, const PlanInputs &to) -> const InputRange * {
            for (const InputRange &t : to.inputs)
                if (t.info == r.info && dimensionKey(to.plan, t) == dimensionKey(from.plan, r))
                    return &t;
            return nullptr;
        };
        for (const InputRange &r : X.inputs)
            if (r.uncertain())
                cands.push_back({&r, sameIn(X, r, B)});
        for (const InputRange &r : B.inputs)
            if (r.uncertain() && !sameIn(B, r, X))
                cands.push_back({nullptr, &r});
        for (const Candidate &c : cands)
            if (std::optional<BreakEven> be = solveBreakEven(X, B, x, best, c))
                out.push_back(std::move(*be));
    }
    return out;
}

} // namespace commtax::uncertainty
