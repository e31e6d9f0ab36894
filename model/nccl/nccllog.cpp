// SPDX-License-Identifier: GPL-3.0-or-later
#include "nccllog.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <set>

namespace commtax::nccl {

namespace {

using Tokens = std::vector<std::string_view>;

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\v' || c == '\f';
}

std::string_view trim(std::string_view s)
{
    while (!s.empty() && isSpace(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && (isSpace(s.back()) || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

void tokenize(std::string_view s, Tokens &out)
{
    out.clear();
    size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && isSpace(s[i]))
            ++i;
        const size_t start = i;
        while (i < s.size() && !isSpace(s[i]))
            ++i;
        if (i > start)
            out.push_back(s.substr(start, i - start));
    }
}

bool isDigits(std::string_view s)
{
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

bool isAlpha(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

// A data type or reduction name: starts with a letter, then letters, digits, '_' or '-'.
bool isWord(std::string_view s)
{
    if (s.empty() || !isAlpha(s.front()))
        return false;
    return std::all_of(s.begin(), s.end(),
                       [](char c) { return isAlpha(c) || (c >= '0' && c <= '9') || c == '_' || c == '-'; });
}

bool startsWith(std::string_view s, std::string_view p)
{
    return s.size() >= p.size() && s.substr(0, p.size()) == p;
}

bool endsWith(std::string_view s, std::string_view p)
{
    return s.size() >= p.size() && s.substr(s.size() - p.size()) == p;
}

bool contains(std::string_view s, std::string_view p)
{
    return s.find(p) != std::string_view::npos;
}

bool parseU64(std::string_view s, std::uint64_t &v)
{
    if (!isDigits(s))
        return false;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    return r.ec == std::errc() && r.ptr == s.data() + s.size();
}

bool parseInt(std::string_view s, int &v)
{
    if (s.empty())
        return false;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    return r.ec == std::errc() && r.ptr == s.data() + s.size();
}

// A finite decimal number ("12.5", "1.2e+07", "-1"); from_chars would also take "inf" and "nan".
bool parseNumber(std::string_view s, double &v)
{
    if (s.empty())
        return false;
    const char c = s.front();
    if (!((c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.'))
        return false;
    if (c == '+')
        s.remove_prefix(1);
    const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    return r.ec == std::errc() && r.ptr == s.data() + s.size() && std::isfinite(v);
}

std::string quoted(std::string_view s)
{
    constexpr size_t kMax = 40;
    std::string out = "\"";
    for (char c : s.substr(0, kMax))
        out += (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) ? '?' : c;
    if (s.size() > kMax)
        out += "...";
    return out + "\"";
}

// ---- columns ---------------------------------------------------------------------------------

enum class Col : std::uint8_t { Size,
                                Count,
                                Type,
                                Redop,
                                Root,
                                Time,
                                AlgBw,
                                BusBw,
                                Error,
                                Timestamp,
                                Other };

Col columnOf(std::string_view name)
{
    if (name == "size" || name == "bytes")
        return Col::Size;
    if (name == "count" || name == "N" || name == "elements")
        return Col::Count;
    if (name == "type")
        return Col::Type;
    if (name == "redop" || name == "op")
        return Col::Redop;
    if (name == "root")
        return Col::Root;
    if (name == "time" || name == "cputime")
        return Col::Time;
    if (name == "algbw")
        return Col::AlgBw;
    if (name == "busbw")
        return Col::BusBw;
    if (name == "#wrong" || name == "wrong" || name == "error" || name == "errors" || name == "res")
        return Col::Error;
    if (name == "timestamp")
        return Col::Timestamp;
    return Col::Other;
}

const char *columnLabel(Col c)
{
    switch (c) {
    case Col::Size: return "size";
    case Col::Count: return "count";
    case Col::Type: return "type";
    case Col::Redop: return "redop";
    case Col::Root: return "root";
    case Col::Time: return "time";
    case Col::AlgBw: return "algbw";
    case Col::BusBw: return "busbw";
    case Col::Error: return "#wrong";
    case Col::Timestamp: return "timestamp";
    case Col::Other: return "column";
    }
    return "column";
}

struct Layout {
    std::vector<Col> prefix;  // size count type [redop] [root] ...
    std::vector<Col> group;   // one measurement: time algbw busbw [#wrong] [per-iteration...]
    int groups = 2;           // out-of-place and in-place
    bool timestamp = false;   // a trailing "YYYY-MM-DD HH:MM:SS" (two tokens)
    bool wrongIsCount = true; // "#wrong" counts elements; the old "error" column is a max delta
    size_t fullWidth() const { return prefix.size() + size_t(groups) * group.size(); }
};

// A result header: "size count type redop root time algbw busbw #wrong time algbw busbw #wrong".
bool layoutFromHeader(const Tokens &t, Layout &layout)
{
    if (t.size() < 4 || columnOf(t[0]) != Col::Size)
        return false;
    Layout l;
    size_t i = 0;
    for (; i < t.size() && columnOf(t[i]) != Col::Time; ++i)
        l.prefix.push_back(columnOf(t[i]));
    if (i == t.size())
        return false;
    std::vector<std::vector<Col>> groups;
    for (; i < t.size(); ++i) {
        const Col c = columnOf(t[i]);
        if (c == Col::Timestamp) {
            l.timestamp = true;
            break;
        }
        if (c == Col::Time)
            groups.emplace_back();
        groups.back().push_back(c);
        if (c == Col::Error)
            l.wrongIsCount = t[i] == "#wrong" || t[i] == "wrong";
    }
    const auto &g = groups.front();
    if (std::find(g.begin(), g.end(), Col::AlgBw) == g.end() || std::find(g.begin(), g.end(), Col::BusBw) == g.end())
        return false;
    l.group = g;
    l.groups = groups.size() >= 2 ? 2 : 1;
    layout = std::move(l);
    return true;
}

// Rows pasted without their header: the standard layout, guessed from the token count.
bool layoutFromRow(const Tokens &t, Layout &layout)
{
    if (t.size() < 11 || t.size() > 13 || !isDigits(t[0]) || !isDigits(t[1]) || !isWord(t[2]))
        return false;
    Layout l;
    l.prefix = {Col::Size, Col::Count, Col::Type};
    const size_t extra = t.size() - 11; // 0: no redop/root; 1: one of them; 2: both
    if (extra == 1)
        l.prefix.push_back(isWord(t[3]) ? Col::Redop : Col::Root);
    else if (extra == 2)
        l.prefix.insert(l.prefix.end(), {Col::Redop, Col::Root});
    l.group = {Col::Time, Col::AlgBw, Col::BusBw, Col::Error};
    l.groups = 2;
    l.wrongIsCount = true;
    layout = std::move(l);
    return true;
}

// ---- rows ------------------------------------------------------------------------------------

// Why a time or bandwidth that parsed as a number cannot be a measurement; empty when it can.
Sentence implausible(Col c, std::string_view s, double v)
{
    const std::string label(columnLabel(c)), value = quoted(s);
    if (v < 0)
        return sentence(CT_TR("commtax::Calibration", "%1 %2 is negative"), {label, value});
    if (c == Col::Time && v == 0)
        return sentence(CT_TR("commtax::Calibration", "%1 %2 is zero: no collective takes no time"), {label, value});
    if (c == Col::Time && v < kMinCollectiveTimeUs)
        return sentence(CT_TR("commtax::Calibration", "%1 %2 us is below the 0.01 us nccl-tests prints"),
                        {label, value});
    if (c == Col::Time && v > kMaxCollectiveTimeUs)
        return sentence(CT_TR("commtax::Calibration", "%1 %2 us is more than an hour for one collective"),
                        {label, value});
    if (c != Col::Time && v > kMaxBandwidthGbps)
        return sentence(CT_TR("commtax::Calibration", "%1 %2 GB/s is above 100 TB/s, more than any link carries"),
                        {label, value});
    return {};
}

// Parse one measurement group starting at token `at`. On failure `bad` is the token at fault.
bool parseGroup(const Tokens &t, size_t at, const Layout &l, Timing &out, Sentence &why, std::string_view &bad)
{
    Timing m;
    m.present = true;
    bool haveTime = false, haveAlg = false, haveBus = false;
    for (size_t k = 0; k < l.group.size(); ++k) {
        const std::string_view s = t[at + k];
        const Col c = l.group[k];
        double v = 0;
        bad = s;
        switch (c) {
        case Col::Time:
        case Col::AlgBw:
        case Col::BusBw:
            if (!parseNumber(s, v)) {
                why = sentence(CT_TR("commtax::Calibration", "%1 %2 is not a number"),
                               {std::string(columnLabel(c)), quoted(s)});
                return false;
            }
            if (why = implausible(c, s, v); !why.empty())
                return false;
            if (c == Col::Time) {
                m.time_us = v;
                haveTime = true;
            } else if (c == Col::AlgBw) {
                m.algbw_gbps = v;
                haveAlg = true;
            } else {
                m.busbw_gbps = v;
                haveBus = true;
            }
            break;
        case Col::Error: {
            if (s == "N/A")
                break;
            std::string_view num = s;
            const bool star = endsWith(num, "*");
            if (star)
                num.remove_suffix(1);
            if (!parseNumber(num, v)) {
                why = sentence(CT_TR("commtax::Calibration", "%1 %2 is not a number or N/A"),
                               {std::string(columnLabel(c)), quoted(s)});
                return false;
            }
            m.validated = true;
            m.wrong = v;
            m.failed = star || (l.wrongIsCount && v > 0);
            break;
        }
        default: break; // per-iteration statistics, bitwise checks: not needed here
        }
    }
    if (!haveTime || !haveAlg || !haveBus) {
        why = sentence(CT_TR("commtax::Calibration", "the layout has no time, algbw or busbw column"));
        bad = t[at];
        return false;
    }
    out = m;
    return true;
}

// How many spaces follow the token `index` in the raw line (to tell nccl-tests' blank out-of-place
// block, 32 spaces wide, from a row cut short).
size_t gapAfterToken(std::string_view raw, size_t index)
{
    size_t i = 0, seen = 0;
    while (i < raw.size()) {
        while (i < raw.size() && isSpace(raw[i]))
            ++i;
        if (i >= raw.size())
            break;
        while (i < raw.size() && !isSpace(raw[i]))
            ++i;
        if (seen++ == index) {
            size_t gap = 0;
            while (i + gap < raw.size() && isSpace(raw[i + gap]))
                ++gap;
            return gap;
        }
    }
    return 0;
}

enum class RowStatus { Ok,
                       Bad };

// On failure `bad` is the token at fault, or the empty text after the last one when the row is
// cut short (for the column of the message).
RowStatus parseRow(const Tokens &t, std::string_view raw, const Layout &l, int lineNo, ResultRow &row,
                   Sentence &why, Sentence &remark, std::string_view &bad)
{
    const size_t p = l.prefix.size(), g = l.group.size();
    if (t.size() < p + g) {
        why = sentence(CT_TR("commtax::Calibration", "truncated row: %1 of %2 columns"),
                       {std::to_string(t.size()), std::to_string(l.fullWidth())});
        bad = t.empty() ? raw.substr(0, 0) : std::string_view(t.back().data() + t.back().size(), 0);
        return RowStatus::Bad;
    }
    ResultRow r;
    r.line = lineNo;
    for (size_t k = 0; k < p; ++k) {
        const std::string_view s = t[k];
        bad = s;
        switch (l.prefix[k]) {
        case Col::Size:
            if (!parseU64(s, r.size_bytes)) {
                why = !s.empty() && s.front() == '-' ? sentence(CT_TR("commtax::Calibration",
                                                                      "size %1 is negative: a size is a whole number "
                                                                      "of bytes"),
                                                                {quoted(s)})
                                                     : sentence(CT_TR("commtax::Calibration",
                                                                      "size %1 is not a whole number of bytes"),
                                                                {quoted(s)});
                return RowStatus::Bad;
            }
            if (r.size_bytes > kMaxSizeBytes) {
                why = sentence(CT_TR("commtax::Calibration", "size %1 is more than 1 PiB, more than any GPU holds"),
                               {quoted(s)});
                return RowStatus::Bad;
            }
            break;
        case Col::Count:
            if (!parseU64(s, r.count)) {
                why = sentence(CT_TR("commtax::Calibration", "count %1 is not a whole number of elements"),
                               {quoted(s)});
                return RowStatus::Bad;
            }
            break;
        case Col::Type:
            if (!isWord(s)) {
                why = sentence(CT_TR("commtax::Calibration", "type %1 is not a data type name"), {quoted(s)});
                return RowStatus::Bad;
            }
            r.type = std::string(s);
            break;
        case Col::Redop:
            if (!isWord(s)) {
                why = sentence(CT_TR("commtax::Calibration", "redop %1 is not a reduction name"), {quoted(s)});
                return RowStatus::Bad;
            }
            r.redop = std::string(s);
            break;
        case Col::Root:
            if (!parseInt(s, r.root)) {
                why = sentence(CT_TR("commtax::Calibration", "root %1 is not a rank number"), {quoted(s)});
                return RowStatus::Bad;
            }
            break;
        default: break;
        }
    }
    const size_t rest = t.size() - p;
    size_t have = (l.groups == 2 && rest >= 2 * g) ? 2 : 1;
    if (have == 2) {
        if (!parseGroup(t, p, l, r.out_of_place, why, bad) || !parseGroup(t, p + g, l, r.in_place, why, bad))
            return RowStatus::Bad;
        const size_t extra = rest - 2 * g;
        if (extra > 0 && !(l.timestamp && extra == 2))
            remark = sentence(CT_TR("commtax::Calibration", "text after the last column ignored"));
    } else {
        // One group of numbers. nccl-tests leaves the out-of-place block blank (32 spaces) when it
        // only times in place; a shorter gap means the row was cut before its in-place half.
        Timing m;
        if (!parseGroup(t, p, l, m, why, bad))
            return RowStatus::Bad;
        const bool blankOutOfPlace = l.groups == 2 && p > 0 && gapAfterToken(raw, p - 1) >= 20;
        if (l.groups == 1 || !blankOutOfPlace) {
            r.out_of_place = m;
            if (l.groups == 2)
                remark = sentence(CT_TR("commtax::Calibration", "in-place columns missing (row cut short?)"));
        } else {
            r.in_place = m;
        }
    }
    row = std::move(r);
    return RowStatus::Ok;
}

// ---- preamble lines --------------------------------------------------------------------------

// "#  Rank  0 Group  0 Pid  6899 on host device  0 [0000:04:00] NVIDIA H100 80GB HBM3"
// "#   Rank  0 Pid  12345 on host device  0 [0x1a] Tesla V100-SXM2-16GB" (before 2020)
bool parseDeviceLine(const Tokens &t, int lineNo, DeviceLine &d)
{
    if (t.size() < 7 || t[0] != "Rank")
        return false;
    DeviceLine out;
    out.line = lineNo;
    // nccl-tests numbers ranks from 0; no job has a million of them.
    if (!parseInt(t[1], out.rank) || out.rank < 0 || out.rank >= 1000000)
        return false;
    size_t i = 2;
    if (i + 1 < t.size() && t[i] == "Group")
        i += 2;
    if (i + 1 >= t.size() || t[i] != "Pid" || !parseInt(t[i + 1], out.pid))
        return false;
    i += 2;
    if (i + 1 >= t.size() || t[i] != "on")
        return false;
    out.host = std::string(t[i + 1]);
    i += 2;
    if (i + 1 >= t.size() || t[i] != "device" || !parseInt(t[i + 1], out.device))
        return false;
    i += 2;
    if (i < t.size() && startsWith(t[i], "["))
        ++i;
    std::string name;
    for (; i < t.size(); ++i) {
        if (t[i] == "...")
            break;
        if (!name.empty())
            name += ' ';
        name += t[i];
    }
    out.gpu_name = std::move(name);
    d = std::move(out);
    return true;
}

// The basename of a token naming a test binary: ".../all_reduce_perf", "EXEC_CMD=all_gather_perf_mpi".
std::string_view testNameIn(std::string_view tok)
{
    if (const size_t eq = tok.rfind('='); eq != std::string_view::npos)
        tok.remove_prefix(eq + 1);
    if (const size_t slash = tok.rfind('/'); slash != std::string_view::npos)
        tok.remove_prefix(slash + 1);
    while (!tok.empty() && (tok.back() == ';' || tok.back() == '"' || tok.back() == '\'' || tok.back() == ','))
        tok.remove_suffix(1);
    if (endsWith(tok, "_mpi"))
        tok.remove_suffix(4);
    if (tok.size() <= 5 || !endsWith(tok, "_perf"))
        return {};
    const std::string_view stem = tok.substr(0, tok.size() - 5);
    const bool ok = std::all_of(stem.begin(), stem.end(), [](char c) { return (c >= 'a' && c <= 'z') || c == '_'; });
    return ok ? tok : std::string_view();
}

// Host, rank or time prefixes that launchers add in front of every line: Open MPI's
// "[1,0]<stdout>:", srun --label "0: ", pdsh "node1: ", kubectl --timestamps and --prefix. Only
// stripped when what follows looks like nccl-tests output ('#' or a number).
bool stripOnePrefix(std::string_view &s)
{
    const std::string_view lead = trim(s);
    if (startsWith(lead, "[")) {
        for (std::string_view tag : {std::string_view("]<stdout>:"), std::string_view("]<stderr>:")}) {
            const size_t at = lead.find(tag);
            if (at != std::string_view::npos && at < 40) {
                s = lead.substr(at + tag.size());
                return true;
            }
        }
    }
    size_t end = 0;
    while (end < lead.size() && !isSpace(lead[end]))
        ++end;
    const std::string_view first = lead.substr(0, end);
    const std::string_view rest = trim(lead.substr(end));
    if (first.empty() || rest.empty())
        return false;
    const bool looksOurs = rest.front() == '#' || (rest.front() >= '0' && rest.front() <= '9');
    const bool label = first.size() > 1 && endsWith(first, ":") && first.front() != '#';
    const bool bracketed = first.size() > 2 && startsWith(first, "[") && endsWith(first, "]");
    const bool isoTime = first.size() >= 19 && isDigits(first.substr(0, 4)) && first[4] == '-' && first[10] == 'T';
    if (!looksOurs || !(label || bracketed || isoTime))
        return false;
    s = rest;
    return true;
}

std::string_view stripLinePrefixes(std::string_view s, bool &stripped)
{
    for (int round = 0; round < 3 && stripOnePrefix(s); ++round)
        stripped = true;
    return s;
}

// Remove ANSI colour escapes ("\x1b[32m").
std::string_view stripAnsi(std::string_view s, std::string &buffer)
{
    if (s.find('\x1b') == std::string_view::npos)
        return s;
    buffer.clear();
    for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '\x1b' && i + 1 < s.size() && s[i + 1] == '[') {
            i += 2;
            while (i < s.size() && !isAlpha(s[i]))
                ++i;
            continue;
        }
        buffer += s[i];
    }
    return buffer;
}

// ---- whole text ------------------------------------------------------------------------------

// UTF-16 (PowerShell's Tee-Object and '>' write it) to 8-bit; characters above 0xFF become '?'.
bool decodeUtf16(std::string_view text, std::string &out)
{
    bool little = false, big = false;
    if (text.size() >= 2) {
        const auto b0 = static_cast<unsigned char>(text[0]), b1 = static_cast<unsigned char>(text[1]);
        little = b0 == 0xFF && b1 == 0xFE;
        big = b0 == 0xFE && b1 == 0xFF;
    }
    if (!little && !big)
        return false;
    out.clear();
    out.reserve(text.size() / 2);
    for (size_t i = 2; i + 1 < text.size(); i += 2) {
        const auto lo = static_cast<unsigned char>(text[little ? i : i + 1]);
        const auto hi = static_cast<unsigned char>(text[little ? i + 1 : i]);
        out += hi == 0 ? static_cast<char>(lo) : '?';
    }
    return true;
}

struct Context {
    std::string tool, tests_version, nccl_version, test_name;
    int test_name_line = 0;
    int threads = 0, gpus_per_thread = 0;
    std::uint64_t min_bytes = 0, max_bytes = 0;
    std::vector<DeviceLine> devices;
    std::vector<Note> notes; // preamble notes carried into the next table
};

// What else the text might be, to say so when it holds no result table.
struct Signatures {
    int osu = 0, perftest = 0, iperf = 0, ncclInfo = 0, cudaSamples = 0;
    bool json = false;
};

void noteSignatures(std::string_view line, Signatures &sig)
{
    if (contains(line, "OSU MPI") || contains(line, "OSU Micro"))
        ++sig.osu;
    if (contains(line, "BW peak[") || contains(line, "RDMA_Write") || contains(line, "RDMA_Read")
        || contains(line, "#bytes     #iterations") || contains(line, "ib_write_bw") || contains(line, "ib_read_bw"))
        ++sig.perftest;
    if (contains(line, "iperf") || contains(line, "[ ID] Interval"))
        ++sig.iperf;
    if (contains(line, "NCCL INFO") || contains(line, "NCCL WARN"))
        ++sig.ncclInfo;
    if (contains(line, "bandwidthTest") || contains(line, "Bandwidth Matrix") || contains(line, "p2pBandwidthLatencyTest"))
        ++sig.cudaSamples;
}

class Parser
{
public:
    explicit Parser(LogParse &out)
        : m_out(out) { m_tokens.reserve(32); }

    // `raw` is `whole`, or its end after a carriage return; columns count from `whole`.
    void line(std::string_view raw, std::string_view whole, int lineNo)
    {
        m_whole = whole;
        // What another tool's output looks like only matters while no table has been found.
        if (!m_open && m_out.tables.empty())
            noteSignatures(raw, m_sig);
        bool stripped = false;
        std::string_view s = trim(stripLinePrefixes(stripAnsi(raw, m_ansi), stripped));
        if (stripped)
            ++m_prefixed;
        if (s.empty())
            return;
        if (s.front() == '#') {
            size_t k = 0;
            while (k < s.size() && s[k] == '#')
                ++k;
            // "#wrong" alone is a column name, not a comment marker: keep the header's first '#'.
            comment(trim(s.substr(k)), s, lineNo);
            return;
        }
        tokenize(s, m_tokens);
        if (m_tokens.empty())
            return;
        if (maybeRow(s, lineNo))
            return;
        if (layoutFromHeader(m_tokens, m_scratch)) { // a header pasted without its '#'
            openTable(lineNo, m_scratch, m_tokens);
            return;
        }
        other(s, lineNo);
    }

    void finish() { closeTable(); }

    const Signatures &signatures() const { return m_sig; }
    int prefixedLines() const { return m_prefixed; }
    const std::vector<int> &emptyHeaders() const { return m_emptyHeaders; }
    const std::vector<Note> &rejected() const { return m_rejected; }

private:
    void comment(std::string_view body, std::string_view whole, int lineNo)
    {
        tokenize(body, m_tokens);
        if (m_tokens.empty())
            return;
        const std::string_view t0 = m_tokens[0];
        if (t0 == "nccl-tests" && m_tokens.size() >= 3 && m_tokens[1] == "version") {
            startRun();
            m_ctx.tool = "nccl-tests";
            m_ctx.tests_version = std::string(m_tokens[2]);
            return;
        }
        if (startsWith(body, "Collective test starting:")) {
            startRun();
            setTestName(trim(body.substr(25)), lineNo);
            return;
        }
        if (startsWith(body, "Collective test concluded:")) {
            closeTable();
            return;
        }
        if (t0 == "nThread" || t0 == "nThread:") {
            threadsLine();
            return;
        }
        if (t0 == "Using" && m_tokens.size() >= 2 && m_tokens[1] == "devices") {
            startRun();
            m_ctx.devices.clear();
            m_repeatedRanks.clear();
            return;
        }
        if (t0 == "Rank") {
            rankLine(lineNo);
            return;
        }
        if (t0 == "Avg" && m_tokens.size() >= 3 && m_tokens[1] == "bus" && m_tokens[2] == "bandwidth") {
            avgBusbwLine(body, lineNo);
            return;
        }
        if (t0 == "Out" && m_tokens.size() >= 3 && m_tokens[1] == "of" && m_tokens[2] == "bounds") {
            outOfBoundsLine(body);
            return;
        }
        if (t0 == "Reducing" && contains(body, "maxBytes")) {
            m_ctx.notes.push_back({lineNo, std::string(body)}); // the log's own words
            return;
        }
        // The header keeps "#wrong" intact: tokenize the whole line minus its first '#'.
        if (contains(body, "algbw") && contains(body, "busbw")) {
            Tokens t;
            tokenize(whole.substr(1), t);
            if (layoutFromHeader(t, m_scratch)) {
                openTable(lineNo, m_scratch, t);
                return;
            }
        }
        // Units line "(B) (elements) ... (us) (GB/s)", "out-of-place in-place", other comments.
    }

    // "nThread 1 nGpus 8 minBytes ... maxBytes ...": the run's threads, GPUs per thread and sizes.
    void threadsLine()
    {
        startRun();
        for (size_t i = 0; i + 1 < m_tokens.size(); ++i) {
            std::string_view key = m_tokens[i];
            if (endsWith(key, ":"))
                key.remove_suffix(1);
            std::uint64_t v = 0;
            if (!parseU64(m_tokens[i + 1], v))
                continue;
            if (key == "nThread")
                m_ctx.threads = int(std::min<std::uint64_t>(v, 1u << 20));
            else if (key == "nGpus")
                m_ctx.gpus_per_thread = int(std::min<std::uint64_t>(v, 1u << 20));
            else if (key == "minBytes")
                m_ctx.min_bytes = v;
            else if (key == "maxBytes")
                m_ctx.max_bytes = v;
        }
    }

    // "Avg bus bandwidth : X": the footer's average bus bandwidth of the last table.
    void avgBusbwLine(std::string_view body, int lineNo)
    {
        const size_t colon = body.find(':');
        Tokens value;
        if (colon != std::string_view::npos)
            tokenize(body.substr(colon + 1), value);
        double v = 0;
        ResultTable *t = footerTable();
        if (t && !value.empty() && parseNumber(value[0], v) && v >= 0) {
            t->footer_avg_busbw_gbps = v;
            t->footer_line = lineNo;
        }
    }

    // "Out of bounds values : N OK": the footer's count of the last table.
    void outOfBoundsLine(std::string_view body)
    {
        const size_t colon = body.find(':');
        Tokens value;
        if (colon != std::string_view::npos)
            tokenize(body.substr(colon + 1), value);
        long long n = 0;
        ResultTable *t = footerTable();
        if (t && !value.empty()) {
            const auto r = std::from_chars(value[0].data(), value[0].data() + value[0].size(), n);
            if (r.ec == std::errc())
                t->out_of_bounds = n;
        }
    }

    // A line starting with a whole number: a result row of the open table, the first row of a
    // table whose header is missing, or someone else's line.
    bool maybeRow(std::string_view s, int lineNo)
    {
        // In an open table, a row whose size is not a whole number ("-8", "8K", "1e3") is a bad row
        // of that table, not someone else's line.
        const char c0 = m_tokens[0].front();
        const bool badSize = m_open && !m_table.footer_avg_busbw_gbps && m_tokens.size() > 1 && isDigits(m_tokens[1])
            && ((c0 >= '0' && c0 <= '9') || c0 == '-' || c0 == '+' || c0 == '.');
        if (!isDigits(m_tokens[0]) && !badSize)
            return false;
        if (m_open && m_table.footer_avg_busbw_gbps) // nccl-tests prints no row after its footer
            closeTable();
        if (!m_open) {
            Layout l;
            if (!layoutFromRow(m_tokens, l))
                return false;
            ResultRow row;
            Sentence why, remark;
            std::string_view bad;
            if (parseRow(m_tokens, s, l, lineNo, row, why, remark, bad) != RowStatus::Ok) {
                // Shaped like a result row but not one: said when the log holds no table at all.
                m_rejected.push_back({lineNo, why, columnOf(bad)});
                return false;
            }
            openTable(0, l, Tokens());
            Note assumed;
            assumed.line = lineNo;
            assumed.text = sentence(CT_TR("commtax::Calibration",
                                          "no column header: assumed size, count, type, [redop], [root], then time, "
                                          "algbw, busbw, #wrong out-of-place and in-place"));
            m_table.notes.push_back(std::move(assumed));
        }
        // "12 warnings generated" is not a row; a row cut to one number is.
        if (m_tokens.size() > 1 && !isDigits(m_tokens[1]))
            return false;
        ResultRow row;
        Sentence why, remark;
        std::string_view bad;
        if (parseRow(m_tokens, s, m_layout, lineNo, row, why, remark, bad) == RowStatus::Ok) {
            if (!remark.empty())
                m_table.notes.push_back({lineNo, remark});
            m_table.rows.push_back(std::move(row));
        } else {
            const int column = columnOf(bad);
            const Sentence skipped = sentence(CT_TR("commtax::Calibration", "%1: row skipped"), {why});
            m_table.notes.push_back({lineNo, skipped, column});
            m_table.skipped_rows.push_back({lineNo, why, column});
            m_rejected.push_back({lineNo, why, column});
        }
        return true;
    }

    // 1-based column of text that lies in the current line, or in the copy without its ANSI
    // escapes (then counted in that copy); 0 when it is in neither.
    int columnOf(std::string_view text) const
    {
        const char *p = text.data();
        if (p >= m_whole.data() && p <= m_whole.data() + m_whole.size())
            return 1 + int(p - m_whole.data());
        if (!m_ansi.empty() && p >= m_ansi.data() && p <= m_ansi.data() + m_ansi.size())
            return 1 + int(p - m_ansi.data());
        return 0;
    }

    void other(std::string_view s, int lineNo)
    {
        ++m_out.foreign_lines;
        if (startsWith(s, "rccl-tests") || contains(s, "RCCL version"))
            m_ctx.tool = "rccl-tests";
        if (const size_t at = s.find("NCCL version "); at != std::string_view::npos) {
            Tokens v;
            tokenize(s.substr(at + 13), v);
            if (!v.empty())
                m_ctx.nccl_version = std::string(v[0]);
        }
        for (std::string_view tok : m_tokens) {
            const std::string_view name = testNameIn(tok);
            if (name.empty())
                continue;
            if (contains(tok, "rccl-tests"))
                m_ctx.tool = "rccl-tests";
            else if (contains(tok, "nccl-tests") && m_ctx.tool.empty())
                m_ctx.tool = "nccl-tests";
            startRun();
            setTestName(name, lineNo);
        }
    }

    void setTestName(std::string_view name, int lineNo)
    {
        m_ctx.test_name = std::string(name);
        m_ctx.test_name_line = lineNo;
    }

    // "# Rank ...": a device of the run. The ranks and nodes of the calibration are counted from
    // these lines, so one that cannot be read, or a rank listed twice, is said, not taken silently
    // (a line repeated 5,000 times made "4 ranks, 2 nodes (5002 per node)" and halved the
    // efficiency).
    void rankLine(int lineNo)
    {
        DeviceLine d;
        if (!parseDeviceLine(m_tokens, lineNo, d)) {
            Sentence unread = sentence(CT_TR("commtax::Calibration",
                                             "a Rank line that does not read as rank, Pid, host and device: not "
                                             "counted among the ranks"));
            m_ctx.notes.push_back({lineNo, std::move(unread)});
            return;
        }
        startRun();
        const auto same = std::find_if(m_ctx.devices.begin(), m_ctx.devices.end(),
                                       [&d](const DeviceLine &x) { return x.rank == d.rank; });
        if (same == m_ctx.devices.end()) {
            m_ctx.devices.push_back(std::move(d));
            return;
        }
        if (!m_repeatedRanks.insert(d.rank).second)
            return; // said once a rank, however often it repeats
        Sentence again = sentence(CT_TR("commtax::Calibration",
                                        "rank %1 listed again (first at line %2): counted once"),
                                  {std::to_string(d.rank), std::to_string(same->line)});
        m_ctx.notes.push_back({lineNo, std::move(again)});
    }

    // Preamble of a new run: the table before it (if it has rows) is complete.
    void startRun()
    {
        if (m_open && !m_table.rows.empty())
            closeTable();
    }

    void openTable(int lineNo, const Layout &l, const Tokens &names)
    {
        closeTable();
        m_open = true;
        m_layout = l;
        m_table = ResultTable();
        m_table.header_line = lineNo;
        for (std::string_view n : names) // as printed, for the user and the JSON
            m_table.columns.emplace_back(n);
        m_table.has_redop_column = std::find(l.prefix.begin(), l.prefix.end(), Col::Redop) != l.prefix.end();
        m_table.has_root_column = std::find(l.prefix.begin(), l.prefix.end(), Col::Root) != l.prefix.end();
        m_table.tool = m_ctx.tool;
        m_table.tests_version = m_ctx.tests_version;
        m_table.nccl_version = m_ctx.nccl_version;
        m_table.test_name = m_ctx.test_name;
        m_table.test_name_line = m_ctx.test_name_line;
        m_table.threads = m_ctx.threads;
        m_table.gpus_per_thread = m_ctx.gpus_per_thread;
        m_table.min_bytes = m_ctx.min_bytes;
        m_table.max_bytes = m_ctx.max_bytes;
        m_table.devices = m_ctx.devices;
        m_table.notes = m_ctx.notes;
        m_ctx.notes.clear();
    }

    void closeTable()
    {
        if (!m_open)
            return;
        m_open = false;
        if (m_table.rows.empty()) {
            if (m_table.header_line > 0)
                m_emptyHeaders.push_back(m_table.header_line);
            return;
        }
        m_out.tables.push_back(std::move(m_table));
        m_table = ResultTable();
    }

    // The footer belongs to the open table, or to the last one when a banner closed it already.
    ResultTable *footerTable()
    {
        if (m_open)
            return &m_table;
        if (!m_out.tables.empty() && !m_out.tables.back().footer_avg_busbw_gbps)
            return &m_out.tables.back();
        return nullptr;
    }

    LogParse &m_out;
    std::string_view m_whole;
    Context m_ctx;
    std::set<int> m_repeatedRanks; // the ranks of m_ctx.devices already said to be listed again
    Signatures m_sig;
    Tokens m_tokens;
    std::string m_ansi;
    Layout m_layout, m_scratch;
    ResultTable m_table;
    bool m_open = false;
    int m_prefixed = 0;
    std::vector<int> m_emptyHeaders;
    std::vector<Note> m_rejected;
};

} // namespace

int dataTypeBytes(std::string_view t)
{
    static constexpr std::pair<std::string_view, int> kTypes[] = {
        {"int8", 1},
        {"uint8", 1},
        {"char", 1},
        {"fp8_e4m3", 1},
        {"fp8_e5m2", 1},
        {"f8e4m3", 1},
        {"f8e5m2", 1},
        {"bfloat8", 1},
        {"float8", 1},
        {"half", 2},
        {"float16", 2},
        {"fp16", 2},
        {"bfloat16", 2},
        {"bf16", 2},
        {"float", 4},
        {"float32", 4},
        {"int", 4},
        {"int32", 4},
        {"uint32", 4},
        {"double", 8},
        {"int64", 8},
        {"uint64", 8},
    };
    for (const auto &[name, bytes] : kTypes)
        if (name == t)
            return bytes;
    return 0;
}

namespace {

// Input that is no text log: empty or white space only, or binary data (a NUL byte, or many control
// characters in a sample); error says which.
bool notTextLog(std::string_view text, ParseError &error)
{
    if (std::all_of(text.begin(), text.end(), [](char c) { return isSpace(c) || c == '\n' || c == '\r'; })) {
        error.message = text.empty() ? sentence(CT_TR("commtax::Calibration",
                                                      "empty input: no nccl-tests output to read"))
                                     : sentence(CT_TR("commtax::Calibration", "the input holds only white space"));
        return true;
    }
    // Binary data: any NUL byte, or many control characters (a sample is enough to tell).
    if (const void *nul = std::memchr(text.data(), 0, text.size())) {
        const size_t at = size_t(static_cast<const char *>(nul) - text.data());
        const int lineNo = 1 + int(std::count(text.begin(), text.begin() + std::ptrdiff_t(at), '\n'));
        const size_t lineStart = at == 0 ? 0 : text.rfind('\n', at - 1) + 1; // npos + 1 == 0
        error.line = lineNo;
        error.column = 1 + int(at - lineStart);
        error.message = sentence(CT_TR("commtax::Calibration", "binary data, not a text log (NUL byte at offset %1)"),
                                 {std::to_string(at)});
        return true;
    }
    {
        const std::string_view sample = text.substr(0, 1 << 16);
        const auto controls = size_t(std::count_if(sample.begin(), sample.end(), [](char ch) {
            const auto c = static_cast<unsigned char>(ch);
            return c < 0x20 && c != '\n' && c != '\r' && c != '\t' && c != 0x1b && c != '\f' && c != '\v' && c != '\b';
        }));
        if (controls * 50 > sample.size()) {
            error.message = sentence(CT_TR("commtax::Calibration",
                                           "binary data, not a text log (%1 control characters)"),
                                     {std::to_string(controls)});
            return true;
        }
    }
    return false;
}

// Why the input has no result table: bad rows, a header without rows, another tool's log, JSON, NCCL
// debug lines only, or none of these.
void noTableError(Parser &parser, std::string_view text, ParseError &error)
{
    const Signatures &sig = parser.signatures();
    const std::string_view firstText = trim(text.substr(0, std::min<size_t>(text.size(), 64)));
    if (!parser.rejected().empty()) {
        const Note &first = parser.rejected().front();
        const size_t more = parser.rejected().size() - 1;
        error.line = first.line;
        error.column = first.column;
        error.message = more == 0 ? sentence(CT_TR("commtax::Calibration", "%1; no valid result row"), {first.text})
            : more == 1           ? sentence(CT_TR("commtax::Calibration",
                                                   "%1 (and 1 more bad row); no valid result row"),
                                             {first.text})
                                  : sentence(CT_TR("commtax::Calibration",
                                                   "%1 (and %2 more bad rows); no valid result row"),
                                             {first.text, std::to_string(more)});
    } else if (!parser.emptyHeaders().empty()) {
        error.line = parser.emptyHeaders().front();
        error.message = sentence(CT_TR("commtax::Calibration",
                                       "the result table header has no data rows (did the run stop before the first "
                                       "size?)"));
    } else if (sig.perftest > 0) {
        error.message = sentence(CT_TR("commtax::Calibration",
                                       "this is a perftest (ib_write_bw / ib_read_bw) log, not nccl-tests output"));
    } else if (sig.osu > 0) {
        error.message = sentence(CT_TR("commtax::Calibration",
                                       "this is an OSU micro-benchmarks log, not nccl-tests output"));
    } else if (sig.iperf > 0) {
        error.message = sentence(CT_TR("commtax::Calibration", "this is an iperf log, not nccl-tests output"));
    } else if (sig.cudaSamples > 0) {
        error.message = sentence(CT_TR("commtax::Calibration",
                                       "this is a CUDA samples bandwidth test, not nccl-tests output"));
    } else if (!firstText.empty() && (firstText.front() == '{' || firstText.front() == '[') && contains(text, "\"")) {
        error.line = 1;
        error.message = sentence(CT_TR("commtax::Calibration",
                                       "this is JSON, not the text that nccl-tests prints (its -J file is not read "
                                       "here; use its standard output)"));
    } else if (sig.ncclInfo > 0) {
        error.message = sentence(CT_TR("commtax::Calibration",
                                       "NCCL debug lines (NCCL INFO) but no nccl-tests result table: was the test's "
                                       "standard output captured?"));
    } else {
        error.message = sentence(CT_TR("commtax::Calibration",
                                       "no nccl-tests result table found: expected a header line such as \"#  size  "
                                       "count  type  redop  root  time  algbw  busbw  #wrong ...\" followed by rows "
                                       "of numbers"));
    }
}

} // namespace

bool parseLog(std::string_view text, LogParse &out, ParseError &error)
{
    out = LogParse();
    error = ParseError();
    std::string decoded;
    if (decodeUtf16(text, decoded)) {
        text = decoded;
        out.notes.push_back({0, sentence(CT_TR("commtax::Calibration", "UTF-16 text converted"))});
    }
    if (startsWith(text, "\xEF\xBB\xBF"))
        text.remove_prefix(3);
    if (notTextLog(text, error))
        return false;

    Parser parser(out);
    int lineNo = 0;
    size_t pos = 0;
    while (pos < text.size()) { // a final newline ends the last line, it does not start another
        size_t end = text.find('\n', pos);
        if (end == std::string_view::npos)
            end = text.size();
        const std::string_view whole = text.substr(pos, end - pos);
        std::string_view ln = whole;
        ++lineNo;
        // A carriage return inside a line overwrote what came before it on the terminal.
        if (ln.find('\r') != std::string_view::npos) {
            const std::string_view t = trim(ln);
            if (const size_t cr = t.rfind('\r'); cr != std::string_view::npos)
                ln = t.substr(cr + 1);
        }
        parser.line(ln, whole, lineNo);
        pos = end + 1;
    }
    parser.finish();
    out.lines = lineNo;
    if (parser.prefixedLines() > 0) {
        Note prefixes;
        prefixes.text = parser.prefixedLines() == 1
            ? sentence(CT_TR("commtax::Calibration",
                             "launcher prefixes (rank labels, host names, timestamps) removed from 1 line"))
            : sentence(CT_TR("commtax::Calibration",
                             "launcher prefixes (rank labels, host names, timestamps) removed from %1 lines"),
                       {std::to_string(parser.prefixedLines())});
        out.notes.push_back(std::move(prefixes));
    }

    if (!out.tables.empty())
        return true;

    noTableError(parser, text, error);
    return false;
}

} // namespace commtax::nccl
