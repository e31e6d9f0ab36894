// SPDX-License-Identifier: GPL-3.0-or-later
#include "calibration.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <map>

namespace commtax::nccl {

namespace {

std::string fmt(double v, int decimals) // std::to_chars: '.' whatever the process's locale
{
    char buf[512];
    const std::to_chars_result r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed, decimals);
    return r.ec == std::errc() ? std::string(buf, r.ptr) : std::string("inf");
}

// Busbw in GB/s with the precision people use for it.
std::string gbps(double v)
{
    return fmt(v, v >= 100 ? 1 : 2) + " GB/s";
}

double median(std::vector<double> v)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

struct Named {
    const char *test;
    Collective c;
};
constexpr Named kCollectives[] = {
    {"all_reduce_perf", Collective::AllReduce},
    {"all_gather_perf", Collective::AllGather},
    {"reduce_scatter_perf", Collective::ReduceScatter},
    {"alltoall_perf", Collective::AllToAll},
    {"broadcast_perf", Collective::Broadcast},
    {"reduce_perf", Collective::Reduce},
    {"sendrecv_perf", Collective::SendRecv},
};

bool scatters(Collective c)
{
    return c == Collective::ReduceScatter || c == Collective::AllGather || c == Collective::AllToAll;
}

// Ranks that give busbw/algbw = r for collective c, when exactly one whole number fits within the
// rounding of the printed algbw and busbw (two decimals). 0 when the ratio cannot tell.
int ranksFromRatio(Collective c, double r, double relUncertainty)
{
    auto ranksOf = [c](double ratio) {
        if (c == Collective::AllReduce)
            return ratio < 2 ? 2.0 / (2.0 - ratio) : 1e9;
        if (scatters(c))
            return ratio < 1 ? 1.0 / (1.0 - ratio) : 1e9;
        return 0.0;
    };
    const double lo = ranksOf(r * (1 - relUncertainty)), hi = ranksOf(r * (1 + relUncertainty));
    if (lo <= 0 || hi > 1e6)
        return 0;
    const double first = std::ceil(lo - 1e-9), last = std::floor(hi + 1e-9);
    if (first != last || first < 2)
        return 0;
    return int(first);
}

// Per-step latency that makes the engine's latency of collective c equal to `alphaUs`.
// The engine's latency grows with the step latency (it is linear in it, or the minimum of two
// linear forms), so bisection finds it.
template <typename Latency>
std::optional<double> solveStepLatency(Latency latencyUsAtStep, double alphaUs, double maxStepUs, std::string &note)
{
    const double atZero = latencyUsAtStep(0.0), atMax = latencyUsAtStep(maxStepUs);
    if (alphaUs < atZero) {
        note = "the fitted latency (" + fmt(alphaUs, 1) + " us) is below the model's fixed part (" + fmt(atZero, 1)
            + " us): step latency set to 0";
        return 0.0;
    }
    if (alphaUs > atMax) {
        note = "the fitted latency (" + fmt(alphaUs, 1) + " us) needs a step latency above " + fmt(maxStepUs, 0) + " us";
        return std::nullopt;
    }
    double lo = 0, hi = maxStepUs;
    for (int i = 0; i < 80; ++i) {
        const double mid = 0.5 * (lo + hi);
        (latencyUsAtStep(mid) < alphaUs ? lo : hi) = mid;
    }
    return 0.5 * (lo + hi);
}

void addMissing(Calibration &c, const char *tag, std::string sentence)
{
    c.missing.emplace_back(tag);
    if (!sentence.empty())
        c.warnings.push_back(std::move(sentence));
}

// Compact list of the picked sizes, in size order: "8 B-16 MiB, 1 GiB".
std::string sizeRanges(const std::vector<CalibrationRow> &rows, const std::vector<size_t> &bySize,
                       const std::vector<bool> &pick)
{
    std::string out;
    size_t i = 0;
    int ranges = 0;
    while (i < bySize.size()) {
        if (!pick[bySize[i]]) {
            ++i;
            continue;
        }
        size_t j = i;
        while (j + 1 < bySize.size() && pick[bySize[j + 1]])
            ++j;
        if (++ranges > 4) {
            out += ", ...";
            break;
        }
        if (!out.empty())
            out += ", ";
        out += formatBytes(double(rows[bySize[i]].size_bytes));
        if (j > i)
            out += "-" + formatBytes(double(rows[bySize[j]].size_bytes));
        i = j + 1;
    }
    return out;
}

} // namespace

const char *toString(Scope s)
{
    switch (s) {
    case Scope::IntraNode: return "intra-node";
    case Scope::InterNode: return "inter-node";
    case Scope::Unknown: return "unknown";
    }
    return "unknown";
}

bool collectiveFromTestName(std::string_view testName, Collective &c)
{
    for (const Named &n : kCollectives)
        if (testName == n.test) {
            c = n.c;
            return true;
        }
    return false;
}

std::string formatBytes(double bytes)
{
    static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
    int u = 0;
    double v = bytes;
    while (v >= 1024 && u < 5) {
        v /= 1024;
        ++u;
    }
    const bool whole = std::fabs(v - std::round(v)) < 1e-9;
    return (whole ? fmt(v, 0) : fmt(v, v < 10 ? 2 : 1)) + " " + units[u];
}

double AlphaBetaFit::timeUs(double bytes) const
{
    if (!ok || bw_gbps <= 0)
        return 0;
    return alpha_us.value_or(0.0) + factor * bytes / (bw_gbps * 1e3);
}

double AlphaBetaFit::busBwGbps(double bytes) const
{
    const double t = timeUs(bytes);
    return t > 0 ? factor * bytes / t / 1e3 : 0.0;
}

double ModelComparison::busBwGbps(Collective c, double bytes) const
{
    if (!available || !(bytes > 0))
        return 0;
    const double t = collectiveTimeS(c, bytes, link);
    return t > 0 ? bus_factor * bytes / t / 1e9 : 0.0;
}

AlphaBetaFit fitAlphaBeta(const std::vector<double> &sizes, const std::vector<double> &times, double factor)
{
    AlphaBetaFit f;
    f.factor = factor > 0 ? factor : 1.0;
    const size_t n = std::min(sizes.size(), times.size());
    double sw = 0, sws = 0, swt = 0, tmin = 0;
    int used = 0;
    for (size_t i = 0; i < n; ++i) {
        if (!(sizes[i] > 0) || !(times[i] > 0) || !std::isfinite(sizes[i]) || !std::isfinite(times[i]))
            continue;
        const double w = 1.0 / times[i];
        sw += w;
        sws += w * sizes[i];
        swt += w * times[i];
        tmin = used == 0 ? times[i] : std::min(tmin, times[i]);
        ++used;
    }
    f.points = used;
    if (used < 2)
        return f;
    // Centred sums keep the normal equations well conditioned (sizes span 8 B to 16 GiB).
    const double sbar = sws / sw, tbar = swt / sw;
    double sxx = 0, sxy = 0, sss = 0, sst = 0;
    for (size_t i = 0; i < n; ++i) {
        if (!(sizes[i] > 0) || !(times[i] > 0) || !std::isfinite(sizes[i]) || !std::isfinite(times[i]))
            continue;
        const double w = 1.0 / times[i], ds = sizes[i] - sbar;
        sxx += w * ds * ds;
        sxy += w * ds * (times[i] - tbar);
        sss += w * sizes[i] * sizes[i];
        sst += w * sizes[i] * times[i];
    }
    double b = sxx > 0 ? sxy / sxx : 0; // us per byte
    double a = tbar - b * sbar;
    if (!(b > 0) || !std::isfinite(b))
        return f; // time does not grow with size: no bandwidth in these rows
    if (!std::isfinite(a) || a < 0 || a < 0.05 * tmin) {
        // The intercept is not measurable: fit the bandwidth through the origin.
        b = sss > 0 ? sst / sss : 0;
        a = 0;
    } else {
        f.alpha_us = a;
    }
    if (!(b > 0) || !std::isfinite(b))
        return f;
    f.bw_gbps = f.factor / (b * 1e3);
    f.ok = std::isfinite(f.bw_gbps) && f.bw_gbps > 0;
    double sq = 0;
    for (size_t i = 0; i < n; ++i) {
        if (!(sizes[i] > 0) || !(times[i] > 0) || !std::isfinite(sizes[i]) || !std::isfinite(times[i]))
            continue;
        const double r = (times[i] - (a + b * sizes[i])) / times[i];
        sq += r * r;
        f.max_abs_residual = std::max(f.max_abs_residual, std::fabs(r));
    }
    f.rms_residual = std::sqrt(sq / used);
    if (!std::isfinite(f.rms_residual) || !std::isfinite(f.max_abs_residual)
        || !std::isfinite(f.timeUs(sizes.empty() ? 0 : sizes.back()))) {
        // Numbers at the edge of double range (a time of 1e-300 us): no fit rather than a NaN.
        AlphaBetaFit none;
        none.factor = f.factor;
        none.points = f.points;
        return none;
    }
    return f;
}

namespace {

// What the rows say besides their own figures, for the phases after them.
struct RowSummary {
    double ratio = 0; // busbw/algbw nccl-tests applied (median of the bandwidth-bound rows)
    bool ratioKnown = false;
    double ratioUncertainty = 0; // relative, from the printed digits
    int inPlaceRows = 0, failedRows = 0, misaligned = 0, misalignedLine = 0;
    std::vector<size_t> bySize; // indices of the rows in size order
};

// A row the fit and the comparison can use.
bool usableRow(const CalibrationRow &r)
{
    return r.size_bytes > 0 && std::isfinite(r.time_us) && r.time_us > 0 && r.time_us <= kMaxCollectiveTimeUs;
}

// Below this, a table whose other rows were unreadable says nothing that can be trusted.
constexpr size_t kMinUsableRows = 2;

std::string plural(size_t n, const char *one, const char *many)
{
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

// ---- the rows ---------------------------------------------------------------------------------
void readRows(const ResultTable &table, Calibration &c, RowSummary &s)
{
    std::vector<std::pair<double, double>> ratioRows; // algbw, busbw/algbw
    c.rows.reserve(table.rows.size());
    double busbwMean = 0;
    int busbwCount = 0;
    for (const ResultRow &r : table.rows) {
        const Timing &m = r.primary();
        CalibrationRow row;
        row.line = r.line;
        row.size_bytes = r.size_bytes;
        row.time_us = m.time_us;
        row.algbw_gbps = m.algbw_gbps;
        row.busbw_gbps = m.busbw_gbps;
        if (r.out_of_place.present && r.in_place.present) {
            row.in_place_busbw_gbps = r.in_place.busbw_gbps;
            ++s.inPlaceRows;
        }
        for (const Timing *t : {&r.out_of_place, &r.in_place})
            if (t->present) {
                // A running mean cannot overflow on absurd values.
                ++busbwCount;
                busbwMean += (t->busbw_gbps - busbwMean) / busbwCount;
                s.failedRows += t->failed ? 1 : 0;
            }
        if (m.algbw_gbps >= 1.0) {
            ratioRows.emplace_back(m.algbw_gbps, m.busbw_gbps / m.algbw_gbps);
            const double expected = m.time_us > 0 ? double(r.size_bytes) / m.time_us / 1e3 : 0;
            if (expected > 0 && std::fabs(m.algbw_gbps - expected) > 0.05 * expected) {
                if (s.misaligned++ == 0)
                    s.misalignedLine = r.line;
            }
        }
        c.rows.push_back(row);
    }
    c.mean_busbw_gbps = busbwMean;
    // busbw/algbw is the bus factor nccl-tests applied. Only the bandwidth-bound rows print enough
    // digits to read it (0.005 of rounding on each column): take their median.
    std::vector<double> ratios;
    if (!ratioRows.empty()) {
        double best = 0;
        for (const auto &[alg, r] : ratioRows)
            best = std::max(best, alg);
        double worst = best;
        for (const auto &[alg, r] : ratioRows)
            if (alg >= 0.5 * best) {
                ratios.push_back(r);
                worst = std::min(worst, alg);
            }
        s.ratioUncertainty = 0.005 / worst + 0.005 / (worst * std::max(median(ratios), 0.01));
    }
    s.ratio = median(ratios);
    s.ratioKnown = !ratios.empty();
    s.bySize.resize(c.rows.size());
    for (size_t i = 0; i < s.bySize.size(); ++i)
        s.bySize[i] = i;
    std::stable_sort(s.bySize.begin(), s.bySize.end(),
                     [&c](size_t a, size_t b) { return c.rows[a].size_bytes < c.rows[b].size_bytes; });
}

// ---- enough rows: none usable, or a few left among many the parser could not read, is an error
bool enoughRows(const ResultTable &table, const Calibration &c, std::string &error)
{
    const auto usable = size_t(std::count_if(c.rows.begin(), c.rows.end(), usableRow));
    const size_t skipped = table.skipped_rows.size();
    std::string why;
    if (skipped > 0) {
        const Note &n = table.skipped_rows.front();
        why = plural(skipped, "row", "rows") + " skipped, the first at line " + std::to_string(n.line)
            + (n.column > 0 ? ", column " + std::to_string(n.column) : std::string()) + ": " + n.text;
    }
    if (usable == 0) {
        error = "the table has no row with a positive size and time" + (why.empty() ? std::string() : " (" + why + ")");
        return false;
    }
    if (skipped > 0 && (usable < kMinUsableRows || skipped > usable)) {
        error = "only " + std::to_string(usable) + " of " + plural(c.rows.size() + skipped, "row", "rows")
            + " can be used (" + why + "): too few to calibrate";
        return false;
    }
    return true;
}

// ---- which collective -------------------------------------------------------------------------
// Rows with and without a reduction, or with and without a root, are two tests' rows in one table.
bool sameCollectiveInEveryRow(const ResultTable &table, std::string &error)
{
    auto describe = [&table](const ResultRow &r) {
        std::string d = "line " + std::to_string(r.line) + " has redop " + (r.redop.empty() ? "(none)" : r.redop);
        return table.has_root_column ? d + " and root " + std::to_string(r.root) : d;
    };
    const ResultRow &first = table.rows.front();
    const bool reduces = !first.redop.empty() && first.redop != "none";
    for (const ResultRow &r : table.rows) {
        const bool rowReduces = !r.redop.empty() && r.redop != "none";
        if (rowReduces != reduces || (table.has_root_column && (r.root >= 0) != (first.root >= 0))) {
            error = "rows of two different collectives in one table (" + describe(first) + ", " + describe(r)
                + "): two runs pasted under one header?";
            return false;
        }
    }
    return true;
}

// The collective the columns suggest, and why, for logs that do not name the test.
Collective inferCollective(const ResultTable &table, const RowSummary &s, std::string &why)
{
    const ResultRow &first = table.rows.front();
    const bool reduces = !first.redop.empty() && first.redop != "none";
    const bool rooted = table.has_root_column && first.root >= 0;
    if (reduces && rooted) {
        why = "a reduction with a root";
        return Collective::Reduce;
    }
    if (reduces && s.ratioKnown && s.ratio >= 0.999 && s.ratio <= 1.001 && first.out_of_place.validated
        && first.in_place.present && !first.in_place.validated) {
        // sendrecv_perf prints "sum", validates out of place only, and has busbw = algbw.
        why = "busbw = algbw and no in-place check, as sendrecv_perf prints";
        return Collective::SendRecv;
    }
    if (reduces) {
        why = "a reduction without a root, busbw/algbw = " + (s.ratioKnown ? fmt(s.ratio, 3) : std::string("unknown"));
        return s.ratioKnown && s.ratio < 0.999 ? Collective::ReduceScatter : Collective::AllReduce;
    }
    if (rooted) {
        why = "no reduction, a root";
        return Collective::Broadcast;
    }
    if (s.ratioKnown && s.ratio < 0.999) {
        why = "no reduction, no root, busbw/algbw = " + fmt(s.ratio, 3) + " (alltoall has the same factor)";
        return Collective::AllGather;
    }
    if (s.ratioKnown && s.ratio <= 1.001) {
        why = "no reduction, no root, busbw = algbw";
        return Collective::SendRecv;
    }
    why = "nothing to tell it by; all_reduce assumed";
    return Collective::AllReduce;
}

bool chooseCollective(const ResultTable &table, const CalibrationOptions &opt, const RowSummary &s, Calibration &c,
                      std::string &error)
{
    if (!sameCollectiveInEveryRow(table, error))
        return false;
    std::string inferredWhy;
    const Collective inferred = inferCollective(table, s, inferredWhy);
    Collective named = Collective::AllReduce;
    const bool hasName = !table.test_name.empty();
    if (hasName && !collectiveFromTestName(table.test_name, named)) {
        error = table.test_name + " results cannot be calibrated: the engine models all_reduce, all_gather, "
                                  "reduce_scatter, alltoall, broadcast, reduce and sendrecv";
        return false;
    }
    if (opt.collective) {
        c.collective = *opt.collective;
        c.collective_source = "given";
        if (hasName && named != c.collective)
            c.warnings.push_back(std::string("the log names ") + table.test_name + " but " + toString(c.collective)
                                 + " was given: using " + toString(c.collective));
    } else if (hasName) {
        c.collective = named;
        c.collective_source = "named by the log (line " + std::to_string(table.test_name_line) + ")";
    } else {
        c.collective = inferred;
        c.collective_source = "inferred from the columns (" + inferredWhy + ")";
        addMissing(c, "collective_name",
                   std::string("the log does not name the test: ") + toString(inferred) + " inferred from the columns ("
                       + inferredWhy + ")");
    }
    return true;
}

// ---- where the ranks sat ----------------------------------------------------------------------
struct LogTopology {
    int ranks = 0, nodes = 0, perNode = 0; // 0: the device list does not say
};

LogTopology deviceListTopology(const ResultTable &table, Calibration &c)
{
    LogTopology log;
    if (table.devices.empty()) {
        addMissing(c, "device_list", std::string());
        return log;
    }
    struct Host {
        int listed = 0, minRank = 1 << 30, maxRank = -1;
    };
    std::map<std::string, Host> hosts;
    std::vector<int> seen;
    int maxRank = 0;
    for (const DeviceLine &d : table.devices) {
        Host &h = hosts[d.host];
        ++h.listed;
        h.minRank = std::min(h.minRank, d.rank);
        h.maxRank = std::max(h.maxRank, d.rank);
        maxRank = std::max(maxRank, d.rank);
        seen.push_back(d.rank);
        if (c.gpu_name.empty())
            c.gpu_name = d.gpu_name;
    }
    std::sort(seen.begin(), seen.end());
    seen.erase(std::unique(seen.begin(), seen.end()), seen.end());
    log.ranks = maxRank + 1;
    log.nodes = int(hosts.size());
    const bool complete = int(seen.size()) == log.ranks;
    int minPer = 1 << 30, maxPer = 0, spanSum = 0;
    for (const auto &[name, h] : hosts) {
        const int per = complete ? h.listed : h.maxRank - h.minRank + 1;
        minPer = std::min(minPer, per);
        maxPer = std::max(maxPer, per);
        spanSum += per;
    }
    log.perNode = maxPer;
    c.topology_source = "device list";
    if (!complete) {
        std::string how = "ranks taken from the highest rank number";
        if (spanSum != log.ranks) {
            log.perNode = log.ranks % log.nodes == 0 ? log.ranks / log.nodes : 0;
            how += "; GPUs per node assumed even";
        } else {
            how += ", GPUs per node from each host's rank range";
        }
        addMissing(c, "device_list_incomplete",
                   "the device list shows " + std::to_string(seen.size()) + " of " + std::to_string(log.ranks)
                       + " ranks (trimmed?): " + how);
    } else if (minPer != maxPer) {
        c.warnings.push_back("uneven device list: " + std::to_string(minPer) + " to " + std::to_string(maxPer)
                             + " GPUs per node");
    }
    return log;
}

void placeRanks(const ResultTable &table, const CalibrationOptions &opt, const RowSummary &s, Calibration &c)
{
    const LogTopology log = deviceListTopology(table, c);
    const ResultRow &first = table.rows.front();
    const int ratioRanks = s.ratioKnown ? ranksFromRatio(c.collective, s.ratio, s.ratioUncertainty) : 0;
    int countRanks = 0; // size = count * bytes per element * ranks for the scattering collectives
    if (scatters(c.collective) && first.count > 0 && dataTypeBytes(first.type) > 0) {
        const double n = double(first.size_bytes) / (double(first.count) * dataTypeBytes(first.type));
        if (n >= 2 && std::fabs(n - std::round(n)) < 1e-9)
            countRanks = int(std::round(n));
    }
    std::string ranksFrom;
    if (opt.ranks > 0) {
        c.ranks = opt.ranks;
        c.topology_source = "given";
        ranksFrom = "given";
        if (log.ranks > 0 && log.ranks != opt.ranks)
            c.warnings.push_back("--ranks " + std::to_string(opt.ranks) + " differs from the device list ("
                                 + std::to_string(log.ranks) + " ranks): using " + std::to_string(opt.ranks));
    } else if (log.ranks > 0) {
        c.ranks = log.ranks;
    } else if (ratioRanks > 0) {
        c.ranks = ratioRanks;
        c.topology_source = "busbw/algbw";
        ranksFrom = "inferred from busbw/algbw = " + fmt(s.ratio, 4);
    } else if (countRanks > 0) {
        c.ranks = countRanks;
        c.topology_source = "size/count";
        ranksFrom = "inferred from size / count";
    }
    if (table.devices.empty())
        c.warnings.push_back(c.ranks > 0 ? "no device list: " + std::to_string(c.ranks) + " ranks " + ranksFrom
                                     + (opt.nodes > 0 ? std::string() : "; nodes unknown (give them)")
                                         : "no device list and nothing else tells the number of ranks: give it to "
                                           "compare with the model");
    if (c.ranks == 0)
        c.missing.emplace_back("ranks");
    // The bus factor nccl-tests applied says how many ranks it saw: check what we were told.
    if (c.ranks > 1 && s.ratioKnown && c.topology_source != "busbw/algbw") {
        const double expect = busBandwidthFactor(c.collective, c.ranks);
        if (std::fabs(s.ratio - expect) > 0.01 * expect + s.ratioUncertainty * s.ratio)
            c.warnings.push_back("busbw/algbw = " + fmt(s.ratio, 4) + " does not match " + toString(c.collective) + " on "
                                 + std::to_string(c.ranks) + " ranks (" + fmt(expect, 4) + ")"
                                 + (ratioRanks > 0 ? ": it means " + std::to_string(ratioRanks) + " ranks" : std::string()));
    }
    if (opt.nodes > 0) {
        c.nodes = opt.nodes;
        if (log.nodes > 0 && log.nodes != opt.nodes)
            c.warnings.push_back("--nodes " + std::to_string(opt.nodes) + " differs from the device list ("
                                 + std::to_string(log.nodes) + " hosts): using " + std::to_string(opt.nodes));
    } else {
        c.nodes = log.nodes;
    }
    if (c.ranks > 0 && c.nodes > 0) {
        if (log.perNode > 0 && opt.ranks == 0 && opt.nodes == 0)
            c.ranks_per_node = log.perNode;
        else
            c.ranks_per_node = (c.ranks + c.nodes - 1) / c.nodes;
        if (c.ranks % c.nodes != 0 && log.perNode == 0)
            c.warnings.push_back(std::to_string(c.ranks) + " ranks do not divide evenly over " + std::to_string(c.nodes)
                                 + " nodes");
    }
    if (c.nodes == 0)
        addMissing(c, "nodes", std::string());
    c.scope = c.nodes > 1 ? Scope::InterNode : c.nodes == 1 ? Scope::IntraNode
                                                            : Scope::Unknown;
    if (c.ranks == 1 && c.collective != Collective::SendRecv)
        c.warnings.push_back("a single rank moves nothing between GPUs: busbw is 0 by definition");
}

// ---- peak, plateau, footer --------------------------------------------------------------------
void peakAndPlateau(const RowSummary &s, Calibration &c)
{
    for (const CalibrationRow &r : c.rows)
        if (r.busbw_gbps > c.peak_busbw_gbps) {
            c.peak_busbw_gbps = r.busbw_gbps;
            c.peak_size_bytes = r.size_bytes;
        }
    std::vector<double> large;
    for (const CalibrationRow &r : c.rows)
        if (double(r.size_bytes) >= kPlateauMinBytes)
            large.push_back(r.busbw_gbps);
    const CalibrationRow &largest = c.rows[s.bySize.back()];
    if (!large.empty()) {
        const double top = *std::max_element(large.begin(), large.end());
        std::vector<double> near;
        for (double v : large)
            if (v >= 0.9 * top)
                near.push_back(v);
        c.plateau_busbw_gbps = median(near);
        if (s.bySize.size() >= 2) {
            const CalibrationRow &before = c.rows[s.bySize[s.bySize.size() - 2]];
            if (before.busbw_gbps > 0 && largest.busbw_gbps > 1.03 * before.busbw_gbps)
                c.warnings.push_back("busbw still rises at the largest size (+"
                                     + fmt(100 * (largest.busbw_gbps / before.busbw_gbps - 1), 0)
                                     + "% over the size before): the plateau may be higher");
        }
    } else {
        addMissing(c, "plateau",
                   "the largest size is " + formatBytes(double(largest.size_bytes))
                       + ": busbw reaches its plateau only at 256 MiB-1 GiB, so no plateau is reported and the peak "
                         "understates the link");
    }
    if (c.peak_busbw_gbps > 0 && largest.busbw_gbps < 0.9 * c.peak_busbw_gbps)
        c.warnings.push_back("busbw falls from " + gbps(c.peak_busbw_gbps) + " at " + formatBytes(double(c.peak_size_bytes))
                             + " to " + gbps(largest.busbw_gbps) + " at " + formatBytes(double(largest.size_bytes)) + " (-"
                             + fmt(100 * (1 - largest.busbw_gbps / c.peak_busbw_gbps), 0) + "%)");
}

// What the footer, the in-place half and nccl-tests' own checks say about the table.
void tableChecks(const ResultTable &table, const RowSummary &s, Calibration &c)
{
    c.footer_avg_busbw_gbps = table.footer_avg_busbw_gbps;
    if (!c.footer_avg_busbw_gbps) {
        addMissing(c, "footer", "no \"# Avg bus bandwidth\" footer (the log was cut or trimmed)");
    } else if (std::fabs(*c.footer_avg_busbw_gbps - c.mean_busbw_gbps) > 0.02 * *c.footer_avg_busbw_gbps + 0.01) {
        c.warnings.push_back("the footer's average busbw (" + gbps(*c.footer_avg_busbw_gbps)
                             + ") differs from the mean of the rows (" + gbps(c.mean_busbw_gbps)
                             + "): rows are missing from the table");
    }
    if (table.header_line == 0)
        c.missing.emplace_back("header");
    if (s.inPlaceRows == 0)
        addMissing(c, "in_place", "no in-place columns: out-of-place only");
    for (const ResultRow &r : table.rows) {
        if (!r.out_of_place.present || !r.in_place.present || r.size_bytes < (1u << 20))
            continue;
        const double a = r.out_of_place.busbw_gbps, b = r.in_place.busbw_gbps;
        if (std::max(a, b) > 0 && std::fabs(a - b) > 0.15 * std::max(a, b)) {
            c.warnings.push_back("in-place and out-of-place busbw differ by " + fmt(100 * std::fabs(a - b) / std::max(a, b), 0)
                                 + "% at " + formatBytes(double(r.size_bytes)) + " (line " + std::to_string(r.line)
                                 + "): a noisy measurement; out-of-place is used");
            break;
        }
    }
    if (s.failedRows > 0)
        c.warnings.push_back(std::to_string(s.failedRows)
                             + " measurements failed nccl-tests' data check (#wrong > 0 or an error marked '*'): "
                               "their timings may be meaningless");
    if (table.out_of_bounds && *table.out_of_bounds > 0)
        c.warnings.push_back("nccl-tests reports " + std::to_string(*table.out_of_bounds) + " out-of-bounds values");
    if (s.misaligned > 0)
        c.warnings.push_back("algbw differs from size/time on " + std::to_string(s.misaligned) + " rows (first at line "
                             + std::to_string(s.misalignedLine) + "): columns misaligned?");
}

// ---- the alpha-beta fit -----------------------------------------------------------------------
void fitRows(const RowSummary &s, Calibration &c)
{
    const double factor = c.ranks > 0 ? busBandwidthFactor(c.collective, c.ranks) : (s.ratioKnown ? s.ratio : 1.0);
    {
        std::vector<double> sizes, times;
        for (const CalibrationRow &r : c.rows) {
            sizes.push_back(double(r.size_bytes));
            times.push_back(r.time_us);
        }
        c.fit = fitAlphaBeta(sizes, times, factor);
    }
    if (!c.fit.ok) {
        c.warnings.push_back("time does not grow with size: no bandwidth to fit");
        return;
    }
    for (CalibrationRow &r : c.rows) {
        r.fit_busbw_gbps = c.fit.busBwGbps(double(r.size_bytes));
        const double ft = c.fit.timeUs(double(r.size_bytes));
        r.fit_residual = r.time_us > 0 ? (r.time_us - ft) / r.time_us : 0;
        if (!std::isfinite(r.fit_residual) || !std::isfinite(r.fit_busbw_gbps)) {
            r.fit_residual = 0;
            r.fit_busbw_gbps = 0;
        }
    }
    if (!c.fit.alpha_us)
        addMissing(c, "latency",
                   "the smallest size (" + formatBytes(double(c.rows[s.bySize.front()].size_bytes))
                       + ") is too large to show the latency: bandwidth fitted alone");
    if (c.fit.rms_residual > 0.15)
        c.warnings.push_back("the alpha-beta fit misses the measured times by " + fmt(100 * c.fit.rms_residual, 0)
                             + "% (rms): NCCL changes protocol and algorithm with size, which one latency and one "
                               "bandwidth cannot follow");
}

// ---- the engine's prediction on the preset ----------------------------------------------------
// The link the engine gives the measured group. Send/recv pairs cross the network one NIC at a time
// (as the engine's pipeline sends).
GroupLink linkOf(Collective coll, const ModelComparison &m, const GpuSpec &gs, const ClusterSpec &cs)
{
    return coll == Collective::SendRecv ? groupLink(gs, cs, 2, m.nodes > 1 ? 2 : 1, m.nodes > 1 ? 1 : 2)
                                        : groupLink(gs, cs, m.ranks, m.nodes, m.ranks_per_node);
}

// The model's busbw at every measured size, and the sizes more than 20% below it.
void compareRows(const RowSummary &s, Calibration &c)
{
    ModelComparison &m = c.model;
    std::vector<bool> below(c.rows.size(), false);
    for (size_t i = 0; i < c.rows.size() && m.available; ++i) {
        CalibrationRow &r = c.rows[i];
        if (r.size_bytes == 0)
            continue;
        const double t = collectiveTimeS(c.collective, double(r.size_bytes), m.link);
        if (!(t > 0))
            continue;
        r.model_busbw_gbps = m.bus_factor * double(r.size_bytes) / t / 1e9;
        // From the times, not the printed busbw, which rounds to 0.00 at small sizes.
        r.vs_model = r.time_us > 0 ? t * 1e6 / r.time_us : 0;
        if (!std::isfinite(r.vs_model) || !std::isfinite(r.model_busbw_gbps)) {
            r.vs_model = 0;
            r.model_busbw_gbps = 0;
            continue;
        }
        r.below_model = r.vs_model < kBelowModelRatio;
        below[i] = r.below_model;
        ++m.sizes_compared;
        m.sizes_below += r.below_model ? 1 : 0;
    }
    if (m.sizes_below > 0)
        c.warnings.push_back("measured busbw is more than 20% below the model (" + m.cluster_id + ", " + m.gpu_id + ") at "
                             + std::to_string(m.sizes_below) + " of " + std::to_string(m.sizes_compared) + " sizes ("
                             + sizeRanges(c.rows, s.bySize, below) + "): check the topology, the NICs and NCCL's settings");
}

// A measurement faster than the link: in-network reduction, or the wrong preset.
void lineRateWarnings(Calibration &c)
{
    const ModelComparison &m = c.model;
    const double measured = c.plateau_busbw_gbps.value_or(c.peak_busbw_gbps);
    if (m.available && measured > m.line_gbps * 1.0 && m.line_gbps > 0) {
        if (c.collective == Collective::AllReduce) {
            c.above_line_rate = true;
            if (m.nodes > 1)
                c.warnings.push_back("all-reduce busbw " + gbps(measured) + " exceeds the line rate of the "
                                     + std::to_string(m.link.ranks_per_node) + " NIC(s) per node in the preset ("
                                     + gbps(m.line_gbps)
                                     + "): in-network or tree reduction (SHARP, NCCL's tree over few nodes) or "
                                       "faster NICs than the preset's; not taken as NIC bandwidth");
            else
                c.warnings.push_back("all-reduce busbw " + gbps(measured) + " exceeds the " + m.gpu_id
                                     + " link's line rate (" + gbps(m.line_gbps)
                                     + "): NVLS (NVLink SHARP) reduces inside the switch; not taken as link "
                                       "bandwidth");
        } else {
            c.warnings.push_back(std::string(toString(c.collective)) + " busbw " + gbps(measured)
                                 + " exceeds the preset's line rate (" + gbps(m.line_gbps)
                                 + "): the preset is not this hardware, or the ranks and nodes are wrong");
        }
    }
    if (m.available && measured > 1.2 * m.link_busbw_gbps && !c.above_line_rate && measured <= m.line_gbps)
        c.warnings.push_back("measured busbw (" + gbps(measured) + ") is more than 20% above the model's ("
                             + gbps(m.link_busbw_gbps) + "): the preset underrates this link");
}

// ---- link figures that reproduce the fit ------------------------------------------------------
void calibrateLink(const GpuSpec &gpu, const ClusterSpec &cluster, Calibration &c)
{
    const ModelComparison &m = c.model;
    CalibratedLink &cal = c.calibrated;
    cal.scope = m.nodes > 1 ? Scope::InterNode : Scope::IntraNode;
    const double fittedBw = c.fit.ok ? c.fit.bw_gbps : 0;
    const bool inter = cal.scope == Scope::InterNode;
    // The line rate the efficiency multiplies: the group's NICs on each node, or the
    // GPU's link (halved without P2P, as the engine does).
    const int nicsPerNode = c.collective == Collective::SendRecv ? 1 : m.link.ranks_per_node;
    const double line = inter ? nicsPerNode * cluster.nic_gbit_per_gpu / 8.0 : gpu.intra_bw_gbps * (gpu.p2p ? 1.0 : 0.5);
    cal.basis_line_gbps = line;
    if (inter && line > gpu.intra_bw_gbps) {
        cal.notes.push_back("in the preset the intra-node link (" + gbps(gpu.intra_bw_gbps) + ") is narrower than the NICs ("
                            + gbps(line) + "), so this measurement does not tell the network efficiency");
    } else if (fittedBw > 0 && line > 0) {
        const double eff = fittedBw / line;
        if (eff > 1.0 || c.above_line_rate)
            cal.notes.push_back("the fitted busbw (" + gbps(fittedBw) + ") exceeds the line rate of the "
                                + (inter ? "NICs (" : "link (") + gbps(line) + "): "
                                + (inter ? "network" : "intra-node") + " efficiency left as it is");
        else
            cal.efficiency = std::max(eff, 0.01);
    }
    if (c.fit.alpha_us) {
        std::string note;
        GpuSpec gs = gpu;
        ClusterSpec cs = cluster;
        auto latency = [&](double step) {
            (inter ? cs.nic_latency_us : gs.intra_latency_us) = step;
            return collectiveLatencyS(c.collective, linkOf(c.collective, m, gs, cs)) * 1e6;
        };
        // The fields allow up to 10000 us across nodes, 1000 us inside one.
        cal.step_latency_us = solveStepLatency(latency, *c.fit.alpha_us, inter ? 10000.0 : 1000.0, note);
        if (!note.empty())
            cal.notes.push_back(note);
    }
    if (!c.fit.alpha_us)
        cal.notes.push_back("no latency: the log's sizes cannot show it");
    cal.available = cal.efficiency.has_value() || cal.step_latency_us.has_value();
}

void compareWithModel(const GpuSpec &gpu, const ClusterSpec &cluster, const RowSummary &s, Calibration &c)
{
    ModelComparison &m = c.model;
    m.gpu_id = gpu.id;
    m.cluster_id = cluster.id;
    if (c.ranks < 2) {
        c.warnings.push_back("no comparison with the model: the number of ranks is unknown or 1");
        return;
    }
    m.ranks = c.ranks;
    m.nodes = c.nodes;
    if (m.nodes == 0) {
        const int per = std::max(cluster.gpus_per_node, 1);
        m.nodes = (c.ranks + per - 1) / per;
        m.nodes_assumed = true;
        c.warnings.push_back("nodes unknown (no device list): " + std::to_string(m.nodes) + " assumed from the preset's "
                             + std::to_string(per) + " GPUs per node; give them");
    }
    m.ranks_per_node = c.ranks_per_node > 0 ? c.ranks_per_node : (c.ranks + m.nodes - 1) / m.nodes;
    const GroupLink g = linkOf(c.collective, m, gpu, cluster);
    m.link = g;
    m.bus_factor = busBandwidthFactor(c.collective, c.collective == Collective::SendRecv ? 2 : m.ranks);
    m.link_busbw_gbps = g.busbw_gbps;
    m.line_gbps = g.line_gbps;
    m.latency_us = collectiveLatencyS(c.collective, g) * 1e6;
    m.available = g.busbw_gbps > 0;
    compareRows(s, c);
    lineRateWarnings(c);
    calibrateLink(gpu, cluster, c);
}

} // namespace

bool calibrate(const ResultTable &table, const CalibrationOptions &opt, const GpuSpec *gpu, const ClusterSpec *cluster,
               Calibration &out, std::string &error)
{
    Calibration c;
    c.test_name = table.test_name;
    c.tool = table.tool;
    for (const Note &n : table.notes)
        c.warnings.push_back((n.line > 0 ? "line " + std::to_string(n.line) + ": " : std::string()) + n.text);
    if (table.rows.empty()) {
        error = "the table has no row with a positive size and time";
        return false;
    }
    RowSummary s;
    readRows(table, c, s);
    if (!enoughRows(table, c, error) || !chooseCollective(table, opt, s, c, error))
        return false;
    placeRanks(table, opt, s, c);
    peakAndPlateau(s, c);
    tableChecks(table, s, c);
    fitRows(s, c);
    if (gpu && cluster)
        compareWithModel(*gpu, *cluster, s, c);
    out = std::move(c);
    return true;
}

} // namespace commtax::nccl
