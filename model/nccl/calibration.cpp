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
std::optional<double> solveStepLatency(Latency latencyUsAtStep, double alphaUs, double maxStepUs, Sentence &note)
{
    const double atZero = latencyUsAtStep(0.0), atMax = latencyUsAtStep(maxStepUs);
    if (alphaUs < atZero) {
        note = sentence(CT_TR("commtax::Calibration",
                              "the fitted latency (%1 us) is below the model's fixed part (%2 us): step latency set "
                              "to 0"),
                        {fmt(alphaUs, 1), fmt(atZero, 1)});
        return 0.0;
    }
    if (alphaUs > atMax) {
        note = sentence(CT_TR("commtax::Calibration", "the fitted latency (%1 us) needs a step latency above %2 us"),
                        {fmt(alphaUs, 1), fmt(maxStepUs, 0)});
        return std::nullopt;
    }
    double lo = 0, hi = maxStepUs;
    for (int i = 0; i < 80; ++i) {
        const double mid = 0.5 * (lo + hi);
        (latencyUsAtStep(mid) < alphaUs ? lo : hi) = mid;
    }
    return 0.5 * (lo + hi);
}

void addMissing(Calibration &c, const char *tag, Sentence text = {})
{
    c.missing.emplace_back(tag);
    if (!text.empty())
        c.warnings.push_back(std::move(text));
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
    // A bandwidth no link carries (nccllog.h): times that barely grow with size (the same time at
    // every size gave 170,000 GB/s, and a latency saved as measured) hold no bandwidth, nor the
    // latency fitted beside it.
    if (!std::isfinite(f.rms_residual) || !std::isfinite(f.max_abs_residual) || f.bw_gbps > kMaxBandwidthGbps
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
    return r.size_bytes > 0 && std::isfinite(r.time_us) && r.time_us >= kMinCollectiveTimeUs
        && r.time_us <= kMaxCollectiveTimeUs;
}

// Below this, a table whose other rows were unreadable says nothing that can be trusted.
constexpr size_t kMinUsableRows = 2;

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
bool enoughRows(const ResultTable &table, const Calibration &c, Sentence &error)
{
    const auto usable = size_t(std::count_if(c.rows.begin(), c.rows.end(), usableRow));
    const size_t skipped = table.skipped_rows.size();
    Sentence why;
    if (skipped > 0) {
        const Note &n = table.skipped_rows.front();
        const std::string line = std::to_string(n.line), column = std::to_string(n.column);
        if (skipped == 1)
            why = n.column > 0 ? sentence(CT_TR("commtax::Calibration", "1 row skipped, at line %1, column %2: %3"),
                                          {line, column, n.text})
                               : sentence(CT_TR("commtax::Calibration", "1 row skipped, at line %1: %2"),
                                          {line, n.text});
        else
            why = n.column > 0 ? sentence(CT_TR("commtax::Calibration",
                                                "%1 rows skipped, the first at line %2, column %3: %4"),
                                          {std::to_string(skipped), line, column, n.text})
                               : sentence(CT_TR("commtax::Calibration", "%1 rows skipped, the first at line %2: %3"),
                                          {std::to_string(skipped), line, n.text});
    }
    if (usable == 0) {
        error = why.empty() ? sentence(CT_TR("commtax::Calibration",
                                             "the table has no row with a positive size and time"))
                            : sentence(CT_TR("commtax::Calibration",
                                             "the table has no row with a positive size and time (%1)"),
                                       {why});
        return false;
    }
    if (skipped > 0 && (usable < kMinUsableRows || skipped > usable)) {
        error = sentence(CT_TR("commtax::Calibration", "only %1 of %2 rows can be used (%3): too few to calibrate"),
                         {std::to_string(usable), std::to_string(c.rows.size() + skipped), why});
        return false;
    }
    return true;
}

// ---- which collective -------------------------------------------------------------------------
// Rows with and without a reduction, or with and without a root, are two tests' rows in one table.
bool sameCollectiveInEveryRow(const ResultTable &table, Sentence &error)
{
    auto describe = [&table](const ResultRow &r) {
        const std::string line = std::to_string(r.line);
        const Sentence redop = r.redop.empty() ? sentence(CT_TR("commtax::Calibration", "(none)")) : Sentence(r.redop);
        return table.has_root_column ? sentence(CT_TR("commtax::Calibration", "line %1 has redop %2 and root %3"),
                                                {line, redop, std::to_string(r.root)})
                                     : sentence(CT_TR("commtax::Calibration", "line %1 has redop %2"), {line, redop});
    };
    const ResultRow &first = table.rows.front();
    const bool reduces = !first.redop.empty() && first.redop != "none";
    for (const ResultRow &r : table.rows) {
        const bool rowReduces = !r.redop.empty() && r.redop != "none";
        if (rowReduces != reduces || (table.has_root_column && (r.root >= 0) != (first.root >= 0))) {
            error = sentence(CT_TR("commtax::Calibration",
                                   "rows of two different collectives in one table (%1, %2): two runs pasted under "
                                   "one header?"),
                             {describe(first), describe(r)});
            return false;
        }
    }
    return true;
}

// The collective the columns suggest, and why, for logs that do not name the test.
Collective inferCollective(const ResultTable &table, const RowSummary &s, Sentence &why)
{
    const ResultRow &first = table.rows.front();
    const bool reduces = !first.redop.empty() && first.redop != "none";
    const bool rooted = table.has_root_column && first.root >= 0;
    if (reduces && rooted) {
        why = sentence(CT_TR("commtax::Calibration", "a reduction with a root"));
        return Collective::Reduce;
    }
    if (reduces && s.ratioKnown && s.ratio >= 0.999 && s.ratio <= 1.001 && first.out_of_place.validated
        && first.in_place.present && !first.in_place.validated) {
        // sendrecv_perf prints "sum", validates out of place only, and has busbw = algbw.
        why = sentence(CT_TR("commtax::Calibration", "busbw = algbw and no in-place check, as sendrecv_perf prints"));
        return Collective::SendRecv;
    }
    if (reduces) {
        why = s.ratioKnown ? sentence(CT_TR("commtax::Calibration", "a reduction without a root, busbw/algbw = %1"),
                                      {fmt(s.ratio, 3)})
                           : sentence(CT_TR("commtax::Calibration", "a reduction without a root, busbw/algbw unknown"));
        return s.ratioKnown && s.ratio < 0.999 ? Collective::ReduceScatter : Collective::AllReduce;
    }
    if (rooted) {
        why = sentence(CT_TR("commtax::Calibration", "no reduction, a root"));
        return Collective::Broadcast;
    }
    if (s.ratioKnown && s.ratio < 0.999) {
        why = sentence(CT_TR("commtax::Calibration",
                             "no reduction, no root, busbw/algbw = %1 (alltoall has the same factor)"),
                       {fmt(s.ratio, 3)});
        return Collective::AllGather;
    }
    if (s.ratioKnown && s.ratio <= 1.001) {
        why = sentence(CT_TR("commtax::Calibration", "no reduction, no root, busbw = algbw"));
        return Collective::SendRecv;
    }
    why = sentence(CT_TR("commtax::Calibration", "nothing to tell it by; all_reduce assumed"));
    return Collective::AllReduce;
}

bool chooseCollective(const ResultTable &table, const CalibrationOptions &opt, const RowSummary &s, Calibration &c,
                      Sentence &error)
{
    if (!sameCollectiveInEveryRow(table, error))
        return false;
    Sentence inferredWhy;
    const Collective inferred = inferCollective(table, s, inferredWhy);
    Collective named = Collective::AllReduce;
    const bool hasName = !table.test_name.empty();
    if (hasName && !collectiveFromTestName(table.test_name, named)) {
        error = sentence(CT_TR("commtax::Calibration",
                               "%1 results cannot be calibrated: the engine models all_reduce, all_gather, "
                               "reduce_scatter, alltoall, broadcast, reduce and sendrecv"),
                         {table.test_name});
        return false;
    }
    if (opt.collective) {
        c.collective = *opt.collective;
        c.collective_source = sentence(CT_TR("commtax::Calibration", "given"));
        if (hasName && named != c.collective)
            c.warnings.push_back(sentence(CT_TR("commtax::Calibration", "the log names %1 but %2 was given: using %2"),
                                          {table.test_name, std::string(toString(c.collective))}));
    } else if (hasName) {
        c.collective = named;
        c.collective_source = sentence(CT_TR("commtax::Calibration", "named by the log (line %1)"),
                                       {std::to_string(table.test_name_line)});
    } else {
        c.collective = inferred;
        c.collective_source = sentence(CT_TR("commtax::Calibration", "inferred from the columns (%1)"), {inferredWhy});
        addMissing(c, "collective_name",
                   sentence(CT_TR("commtax::Calibration",
                                  "the log does not name the test: %1 inferred from the columns (%2)"),
                            {std::string(toString(inferred)), inferredWhy}));
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
        addMissing(c, "device_list");
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
        Sentence how;
        if (spanSum != log.ranks) {
            log.perNode = log.ranks % log.nodes == 0 ? log.ranks / log.nodes : 0;
            how = sentence(CT_TR("commtax::Calibration",
                                 "ranks taken from the highest rank number; GPUs per node assumed even"));
        } else {
            how = sentence(CT_TR("commtax::Calibration",
                                 "ranks taken from the highest rank number, GPUs per node from each host's rank "
                                 "range"));
        }
        addMissing(c, "device_list_incomplete",
                   sentence(CT_TR("commtax::Calibration", "the device list shows %1 of %2 ranks (trimmed?): %3"),
                            {std::to_string(seen.size()), std::to_string(log.ranks), how}));
    } else if (minPer != maxPer) {
        c.warnings.push_back(
            sentence(CT_TR("commtax::Calibration", "uneven device list: %1 to %2 GPUs per node"),
                     {std::to_string(minPer), std::to_string(maxPer)}));
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
    Sentence ranksFrom;
    if (opt.ranks > 0) {
        c.ranks = opt.ranks;
        c.topology_source = "given";
        ranksFrom = sentence(CT_TR("commtax::Calibration", "given"));
        if (log.ranks > 0 && log.ranks != opt.ranks)
            c.warnings.push_back(sentence(CT_TR("commtax::Calibration",
                                                "--ranks %1 differs from the device list (%2 ranks): using %1"),
                                          {std::to_string(opt.ranks), std::to_string(log.ranks)}));
    } else if (log.ranks > 0) {
        c.ranks = log.ranks;
    } else if (ratioRanks > 0) {
        c.ranks = ratioRanks;
        c.topology_source = "busbw/algbw";
        ranksFrom = sentence(CT_TR("commtax::Calibration", "inferred from busbw/algbw = %1"), {fmt(s.ratio, 4)});
    } else if (countRanks > 0) {
        c.ranks = countRanks;
        c.topology_source = "size/count";
        ranksFrom = sentence(CT_TR("commtax::Calibration", "inferred from size / count"));
    }
    if (table.devices.empty() && c.ranks == 0)
        c.warnings.push_back(sentence(CT_TR("commtax::Calibration", "no device list and nothing else tells the number "
                                                                    "of ranks: give it to compare with the model")));
    else if (table.devices.empty() && opt.nodes > 0)
        c.warnings.push_back(sentence(CT_TR("commtax::Calibration", "no device list: %1 ranks %2"),
                                      {std::to_string(c.ranks), ranksFrom}));
    else if (table.devices.empty())
        c.warnings.push_back(sentence(CT_TR("commtax::Calibration", "no device list: %1 ranks %2; nodes unknown (give "
                                                                    "them)"),
                                      {std::to_string(c.ranks), ranksFrom}));
    if (c.ranks == 0)
        c.missing.emplace_back("ranks");
    // The bus factor nccl-tests applied says how many ranks it saw: check what we were told.
    if (c.ranks > 1 && s.ratioKnown && c.topology_source != "busbw/algbw") {
        const double expect = busBandwidthFactor(c.collective, c.ranks);
        if (std::fabs(s.ratio - expect) > 0.01 * expect + s.ratioUncertainty * s.ratio)
            c.warnings.push_back(
                ratioRanks > 0 ? sentence(CT_TR("commtax::Calibration",
                                                "busbw/algbw = %1 does not match %2 on %3 ranks (%4): it means %5 "
                                                "ranks"),
                                          {fmt(s.ratio, 4), std::string(toString(c.collective)),
                                           std::to_string(c.ranks), fmt(expect, 4), std::to_string(ratioRanks)})
                               : sentence(CT_TR("commtax::Calibration",
                                                "busbw/algbw = %1 does not match %2 on %3 ranks (%4)"),
                                          {fmt(s.ratio, 4), std::string(toString(c.collective)),
                                           std::to_string(c.ranks), fmt(expect, 4)}));
    }
    if (opt.nodes > 0) {
        c.nodes = opt.nodes;
        if (log.nodes > 0 && log.nodes != opt.nodes)
            c.warnings.push_back(sentence(CT_TR("commtax::Calibration",
                                                "--nodes %1 differs from the device list (%2 hosts): using %1"),
                                          {std::to_string(opt.nodes), std::to_string(log.nodes)}));
    } else {
        c.nodes = log.nodes;
    }
    if (c.ranks > 0 && c.nodes > 0) {
        if (log.perNode > 0 && opt.ranks == 0 && opt.nodes == 0)
            c.ranks_per_node = log.perNode;
        else
            c.ranks_per_node = (c.ranks + c.nodes - 1) / c.nodes;
        if (c.ranks % c.nodes != 0 && log.perNode == 0)
            c.warnings.push_back(
                sentence(CT_TR("commtax::Calibration", "%1 ranks do not divide evenly over %2 nodes"),
                         {std::to_string(c.ranks), std::to_string(c.nodes)}));
    }
    if (c.nodes == 0)
        addMissing(c, "nodes");
    c.scope = c.nodes > 1 ? Scope::InterNode : c.nodes == 1 ? Scope::IntraNode
                                                            : Scope::Unknown;
    if (c.ranks == 1 && c.collective != Collective::SendRecv)
        c.warnings.push_back(sentence(CT_TR("commtax::Calibration",
                                            "a single rank moves nothing between GPUs: busbw is 0 by definition")));
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
                c.warnings.push_back(sentence(CT_TR("commtax::Calibration",
                                                    "busbw still rises at the largest size (+%1% over the size "
                                                    "before): the plateau may be higher"),
                                              {fmt(100 * (largest.busbw_gbps / before.busbw_gbps - 1), 0)}));
        }
    } else {
        addMissing(c, "plateau",
                   sentence(CT_TR("commtax::Calibration",
                                  "the largest size is %1: busbw reaches its plateau only at 256 MiB-1 GiB, so no "
                                  "plateau is reported and the peak understates the link"),
                            {formatBytes(double(largest.size_bytes))}));
    }
    if (c.peak_busbw_gbps > 0 && largest.busbw_gbps < 0.9 * c.peak_busbw_gbps)
        c.warnings.push_back(sentence(CT_TR("commtax::Calibration", "busbw falls from %1 at %2 to %3 at %4 (-%5%)"),
                                      {gbps(c.peak_busbw_gbps), formatBytes(double(c.peak_size_bytes)),
                                       gbps(largest.busbw_gbps), formatBytes(double(largest.size_bytes)),
                                       fmt(100 * (1 - largest.busbw_gbps / c.peak_busbw_gbps), 0)}));
}

// What the footer, the in-place half and nccl-tests' own checks say about the table.
void tableChecks(const ResultTable &table, const RowSummary &s, Calibration &c)
{
    c.footer_avg_busbw_gbps = table.footer_avg_busbw_gbps;
    if (!c.footer_avg_busbw_gbps) {
        addMissing(c, "footer",
                   sentence(CT_TR("commtax::Calibration", "no \"# Avg bus bandwidth\" footer (the log was cut or "
                                                          "trimmed)")));
    } else if (std::fabs(*c.footer_avg_busbw_gbps - c.mean_busbw_gbps) > 0.02 * *c.footer_avg_busbw_gbps + 0.01) {
        c.warnings.push_back(
            sentence(CT_TR("commtax::Calibration",
                           "the footer's average busbw (%1) differs from the mean of the rows (%2): rows are missing "
                           "from the table"),
                     {gbps(*c.footer_avg_busbw_gbps), gbps(c.mean_busbw_gbps)}));
    }
    if (table.header_line == 0)
        c.missing.emplace_back("header");
    if (s.inPlaceRows == 0)
        addMissing(c, "in_place", sentence(CT_TR("commtax::Calibration", "no in-place columns: out-of-place only")));
    for (const ResultRow &r : table.rows) {
        if (!r.out_of_place.present || !r.in_place.present || r.size_bytes < (1u << 20))
            continue;
        const double a = r.out_of_place.busbw_gbps, b = r.in_place.busbw_gbps;
        if (std::max(a, b) > 0 && std::fabs(a - b) > 0.15 * std::max(a, b)) {
            c.warnings.push_back(sentence(CT_TR("commtax::Calibration",
                                                "in-place and out-of-place busbw differ by %1% at %2 (line %3): a "
                                                "noisy measurement; out-of-place is used"),
                                          {fmt(100 * std::fabs(a - b) / std::max(a, b), 0),
                                           formatBytes(double(r.size_bytes)), std::to_string(r.line)}));
            break;
        }
    }
    if (s.failedRows > 0)
        c.warnings.push_back(sentence(CT_TR("commtax::Calibration",
                                            "%1 measurements failed nccl-tests' data check (#wrong > 0 or an error "
                                            "marked '*'): their timings may be meaningless"),
                                      {std::to_string(s.failedRows)}));
    if (table.out_of_bounds && *table.out_of_bounds > 0)
        c.warnings.push_back(sentence(CT_TR("commtax::Calibration", "nccl-tests reports %1 out-of-bounds values"),
                                      {std::to_string(*table.out_of_bounds)}));
    if (s.misaligned > 0)
        c.warnings.push_back(sentence(CT_TR("commtax::Calibration",
                                            "algbw differs from size/time on %1 rows (first at line %2): columns "
                                            "misaligned?"),
                                      {std::to_string(s.misaligned), std::to_string(s.misalignedLine)}));
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
        c.warnings.push_back(sentence(CT_TR("commtax::Calibration",
                                            "time does not grow with size: no bandwidth to fit")));
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
                   sentence(CT_TR("commtax::Calibration",
                                  "the smallest size (%1) is too large to show the latency: bandwidth fitted alone"),
                            {formatBytes(double(c.rows[s.bySize.front()].size_bytes))}));
    if (c.fit.rms_residual > 0.15)
        c.warnings.push_back(sentence(CT_TR("commtax::Calibration",
                                            "the alpha-beta fit misses the measured times by %1% (rms): NCCL changes "
                                            "protocol and algorithm with size, which one latency and one bandwidth "
                                            "cannot follow"),
                                      {fmt(100 * c.fit.rms_residual, 0)}));
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
        c.warnings.push_back(sentence(CT_TR("commtax::Calibration",
                                            "measured busbw is more than 20% below the model (%1, %2) at %3 of %4 "
                                            "sizes (%5): check the topology, the NICs and NCCL's settings"),
                                      {m.cluster_id, m.gpu_id, std::to_string(m.sizes_below),
                                       std::to_string(m.sizes_compared), sizeRanges(c.rows, s.bySize, below)}));
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
                c.warnings.push_back(sentence(CT_TR("commtax::Calibration",
                                                    "all-reduce busbw %1 exceeds the line rate of the %2 NIC(s) per "
                                                    "node in the preset (%3): in-network or tree reduction (SHARP, "
                                                    "NCCL's tree over few nodes) or faster NICs than the preset's; "
                                                    "not taken as NIC bandwidth"),
                                              {gbps(measured), std::to_string(m.link.ranks_per_node),
                                               gbps(m.line_gbps)}));
            else
                c.warnings.push_back(sentence(CT_TR("commtax::Calibration",
                                                    "all-reduce busbw %1 exceeds the %2 link's line rate (%3): NVLS "
                                                    "(NVLink SHARP) reduces inside the switch; not taken as link "
                                                    "bandwidth"),
                                              {gbps(measured), m.gpu_id, gbps(m.line_gbps)}));
        } else {
            c.warnings.push_back(sentence(CT_TR("commtax::Calibration",
                                                "%1 busbw %2 exceeds the preset's line rate (%3): the preset is not "
                                                "this hardware, or the ranks and nodes are wrong"),
                                          {std::string(toString(c.collective)), gbps(measured), gbps(m.line_gbps)}));
        }
    }
    if (m.available && measured > 1.2 * m.link_busbw_gbps && !c.above_line_rate && measured <= m.line_gbps)
        c.warnings.push_back(sentence(CT_TR("commtax::Calibration",
                                            "measured busbw (%1) is more than 20% above the model's (%2): the preset "
                                            "underrates this link"),
                                      {gbps(measured), gbps(m.link_busbw_gbps)}));
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
        cal.notes.push_back(sentence(CT_TR("commtax::Calibration",
                                           "in the preset the intra-node link (%1) is narrower than the NICs (%2), "
                                           "so this measurement does not tell the network efficiency"),
                                     {gbps(gpu.intra_bw_gbps), gbps(line)}));
    } else if (fittedBw > 0 && line > 0) {
        const double eff = fittedBw / line;
        if (eff > 1.0)
            cal.notes.push_back(inter ? sentence(CT_TR("commtax::Calibration",
                                                       "the fitted busbw (%1) exceeds the line rate of the NICs "
                                                       "(%2): network efficiency left as it is"),
                                                 {gbps(fittedBw), gbps(line)})
                                      : sentence(CT_TR("commtax::Calibration",
                                                       "the fitted busbw (%1) exceeds the line rate of the link "
                                                       "(%2): intra-node efficiency left as it is"),
                                                 {gbps(fittedBw), gbps(line)}));
        else if (c.above_line_rate) // the busbw column printed (lineRateWarnings), not the fit of the times
            cal.notes.push_back(sentence(CT_TR("commtax::Calibration",
                                               "the measured busbw (%1) exceeds the line rate (%2): efficiency left "
                                               "as it is"),
                                         {gbps(c.plateau_busbw_gbps.value_or(c.peak_busbw_gbps)), gbps(line)}));
        else
            cal.efficiency = std::max(eff, 0.01);
    }
    if (c.fit.alpha_us) {
        Sentence note;
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
        cal.notes.push_back(sentence(CT_TR("commtax::Calibration", "no latency: the log's sizes cannot show it")));
    cal.available = cal.efficiency.has_value() || cal.step_latency_us.has_value();
}

void compareWithModel(const GpuSpec &gpu, const ClusterSpec &cluster, const RowSummary &s, Calibration &c)
{
    ModelComparison &m = c.model;
    m.gpu_id = gpu.id;
    m.cluster_id = cluster.id;
    if (c.ranks < 2) {
        c.warnings.push_back(sentence(CT_TR("commtax::Calibration",
                                            "no comparison with the model: the number of ranks is unknown or 1")));
        return;
    }
    m.ranks = c.ranks;
    m.nodes = c.nodes;
    if (m.nodes == 0) {
        const int per = std::max(cluster.gpus_per_node, 1);
        m.nodes = (c.ranks + per - 1) / per;
        m.nodes_assumed = true;
        c.warnings.push_back(sentence(CT_TR("commtax::Calibration",
                                            "nodes unknown (no device list): %1 assumed from the preset's %2 GPUs "
                                            "per node; give them"),
                                      {std::to_string(m.nodes), std::to_string(per)}));
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
               Calibration &out, Sentence &error)
{
    Calibration c;
    c.test_name = table.test_name;
    c.tool = table.tool;
    for (const Note &n : table.notes)
        c.warnings.push_back(n.line > 0 ? sentence(CT_TR("commtax::Calibration", "line %1: %2"),
                                                   {std::to_string(n.line), n.text})
                                        : n.text);
    if (table.rows.empty()) {
        error = sentence(CT_TR("commtax::Calibration", "the table has no row with a positive size and time"));
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
