// SPDX-License-Identifier: GPL-3.0-or-later
#include "traininglog.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <unordered_set>

namespace commtax::traininglog {

const char *const kGiveWithSet = CT_TR("commtax::TrainingLog", "with --set %1");
const char *const kGiveGpu = CT_TR("commtax::TrainingLog", "with --gpu ID");
const char *const kGiveFramework = CT_TR("commtax::TrainingLog", "with --framework");
const char *const kSetOption = CT_TR("commtax::TrainingLog", "--set %1");

Sentence giveWithSet(const std::vector<std::string> &pairs)
{
    std::string joined;
    for (const std::string &p : pairs)
        joined += (joined.empty() ? "" : " --set ") + p;
    return sentence(kGiveWithSet, {Sentence(std::move(joined))});
}

Sentence setOption(std::string path) { return sentence(kSetOption, {Sentence(std::move(path))}); }

namespace {

bool isIdent(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

bool isDigit(char c) { return c >= '0' && c <= '9'; }

// A whole number from a parsed double without undefined behaviour: clamped to +-1e15 (no step
// count, batch or degree comes near it) and truncated.
long long whole(double v)
{
    if (!(v > -1e15))
        return -1000000000000000LL;
    if (v > 1e15)
        return 1000000000000000LL;
    return (long long)v;
}

std::string_view trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
        s.remove_suffix(1);
    return s;
}

bool contains(std::string_view s, std::string_view what) { return s.find(what) != std::string_view::npos; }

std::string lower(std::string_view s)
{
    std::string out(s);
    for (char &c : out)
        if (c >= 'A' && c <= 'Z')
            c = char(c - 'A' + 'a');
    return out;
}

// A number starting at `pos` (after spaces): digits, one decimal point, an exponent; with
// `thousands`, commas between digits are thousands separators ("10,050"); without, a lone comma
// is a decimal comma (a log written under a locale that prints one). Finite only.
bool numberAt(std::string_view s, std::size_t &pos, double &v, bool thousands)
{
    while (pos < s.size() && (s[pos] == ' ' || s[pos] == '\t'))
        ++pos;
    std::string buf;
    std::size_t i = pos;
    if (i < s.size() && (s[i] == '-' || s[i] == '+'))
        buf += s[i++];
    bool digits = false, point = false;
    while (i < s.size() && buf.size() < 64) {
        const char c = s[i];
        if (isDigit(c)) {
            buf += c;
            digits = true;
        } else if (c == '.' && !point) {
            buf += c;
            point = true;
        } else if (c == ',' && digits && i + 1 < s.size() && isDigit(s[i + 1])) {
            if (thousands) {
                // skip
            } else if (!point) {
                buf += '.';
                point = true;
            } else {
                break;
            }
        } else if ((c == 'e' || c == 'E') && digits && i + 1 < s.size()
                   && (isDigit(s[i + 1])
                       || ((s[i + 1] == '-' || s[i + 1] == '+') && i + 2 < s.size() && isDigit(s[i + 2])))) {
            buf += c;
            buf += s[++i];
            while (i + 1 < s.size() && isDigit(s[i + 1]) && buf.size() < 64)
                buf += s[++i];
        } else {
            break;
        }
        ++i;
    }
    if (!digits)
        return false;
    double d = 0;
    const auto r = std::from_chars(buf.data(), buf.data() + buf.size(), d);
    if (r.ec != std::errc() || !std::isfinite(d))
        return false;
    v = d;
    pos = i;
    return true;
}

// The number after `label` and an optional ':' or '=': its value and 1-based column. False when
// the label is absent; `bad` is set when the label is there but no number follows.
bool numberAfter(std::string_view line, std::string_view label, double &v, int *column = nullptr,
                 bool thousands = false, bool *bad = nullptr)
{
    const std::size_t at = line.find(label);
    if (at == std::string_view::npos)
        return false;
    std::size_t pos = at + label.size();
    while (pos < line.size()
           && (line[pos] == ' ' || line[pos] == ':' || line[pos] == '=' || line[pos] == '\'' || line[pos] == '"'))
        ++pos;
    if (column)
        *column = int(pos) + 1;
    if (!numberAt(line, pos, v, thousands)) {
        if (bad)
            *bad = true;
        return false;
    }
    return true;
}

// "2024-04-06 03:02:12" / "2025-06-16 22:30:50,322": seconds on a continuous scale (days from a
// civil-date formula), for step times from the time stamps of consecutive step lines.
std::optional<double> timestampIn(std::string_view line)
{
    for (std::size_t i = 0; i + 19 <= line.size() && i < 200; ++i) {
        const std::string_view t = line.substr(i, 19);
        auto d = [&t](std::size_t k) { return isDigit(t[k]); };
        if (!(d(0) && d(1) && d(2) && d(3) && t[4] == '-' && d(5) && d(6) && t[7] == '-' && d(8) && d(9)
              && (t[10] == ' ' || t[10] == 'T') && d(11) && d(12) && t[13] == ':' && d(14) && d(15) && t[16] == ':'
              && d(17) && d(18)))
            continue;
        auto num = [&t](std::size_t k, std::size_t n) {
            int v = 0;
            for (std::size_t j = 0; j < n; ++j)
                v = v * 10 + (t[k + j] - '0');
            return v;
        };
        int y = num(0, 4), m = num(5, 2);
        const int dd = num(8, 2);
        y -= m <= 2;
        const int era = y / 400;
        const int yoe = y - era * 400;
        m = m > 2 ? m - 3 : m + 9;
        const int doy = (153 * m + 2) / 5 + dd - 1;
        const long long days = era * 146097LL + yoe * 365 + yoe / 4 - yoe / 100 + doy;
        double s = double(days) * 86400.0 + num(11, 2) * 3600.0 + num(14, 2) * 60.0 + num(17, 2);
        std::size_t k = i + 19;
        if (k + 1 < line.size() && (line[k] == ',' || line[k] == '.') && isDigit(line[k + 1])) {
            double frac = 0, scale = 0.1;
            for (++k; k < line.size() && isDigit(line[k]) && scale > 1e-7; ++k, scale /= 10)
                frac += (line[k] - '0') * scale;
            s += frac;
        }
        return s;
    }
    return std::nullopt;
}

// "key = value", "key: value", "'key': value", "\"key\": value", "key=value" for one of `keys`
// anywhere in the line (config reprs, YAML, TOML, JSON, Python dicts).
void scanKeys(std::string_view line, int lineNo, const std::vector<std::string_view> &keys,
              std::vector<ConfigEntry> &out)
{
    for (std::string_view key : keys) {
        std::size_t from = 0;
        while (true) {
            const std::size_t at = line.find(key, from);
            if (at == std::string_view::npos)
                break;
            from = at + key.size();
            if (at > 0 && (isIdent(line[at - 1]) || line[at - 1] == '.'))
                continue;
            std::size_t p = at + key.size();
            if (p < line.size() && isIdent(line[p]))
                continue;
            if (p < line.size() && (line[p] == '\'' || line[p] == '"'))
                ++p;
            while (p < line.size() && line[p] == ' ')
                ++p;
            if (p >= line.size() || (line[p] != ':' && line[p] != '='))
                continue;
            ++p;
            while (p < line.size() && line[p] == ' ')
                ++p;
            std::size_t e = p;
            char quote = 0;
            if (e < line.size() && (line[e] == '\'' || line[e] == '"'))
                quote = line[e++];
            const std::size_t start = e;
            while (e < line.size()
                   && (quote ? line[e] != quote
                             : (line[e] != ',' && line[e] != ')' && line[e] != '}' && line[e] != ']' && line[e] != ' '
                                && line[e] != '|')))
                ++e;
            const std::string_view value = trim(line.substr(start, e - start));
            if (value.empty())
                continue;
            out.push_back({std::string(key), std::string(value), lineNo, int(start) + 1});
            break;
        }
    }
}

// Keys read from config prints other than Megatron's arguments dump.
const std::vector<std::string_view> &megatronCoreKeys()
{
    static const std::vector<std::string_view> keys = {"num_layers",
                                                       "hidden_size",
                                                       "ffn_hidden_size",
                                                       "num_attention_heads",
                                                       "num_query_groups",
                                                       "kv_channels",
                                                       "seq_length",
                                                       "micro_batch_size",
                                                       "global_batch_size",
                                                       "tensor_model_parallel_size",
                                                       "pipeline_model_parallel_size",
                                                       "context_parallel_size",
                                                       "expert_model_parallel_size",
                                                       "virtual_pipeline_model_parallel_size",
                                                       "sequence_parallel",
                                                       "recompute_granularity",
                                                       "vocab_size",
                                                       "padded_vocab_size",
                                                       "gated_linear_unit",
                                                       "share_embeddings_and_output_weights",
                                                       "num_moe_experts",
                                                       "moe_router_topk",
                                                       "moe_ffn_hidden_size",
                                                       "fp8",
                                                       "bf16",
                                                       "fp16",
                                                       "use_distributed_optimizer",
                                                       "world_size",
                                                       "num_nodes", // NeMo's trainer: nodes x devices
                                                       "devices",
                                                       "hidden_dropout"};
    return keys;
}

const std::vector<std::string_view> &torchtitanKeys()
{
    static const std::vector<std::string_view> keys = {"local_batch_size",
                                                       "global_batch_size",
                                                       "seq_len",
                                                       "tensor_parallel_degree",
                                                       "pipeline_parallel_degree",
                                                       "context_parallel_degree",
                                                       "data_parallel_shard_degree",
                                                       "data_parallel_replicate_degree",
                                                       "expert_parallel_degree"};
    return keys;
}

const std::vector<std::string_view> &hfKeys()
{
    static const std::vector<std::string_view> keys = {"per_device_train_batch_size",
                                                       "gradient_accumulation_steps",
                                                       "bf16",
                                                       "fp16",
                                                       "gradient_checkpointing",
                                                       "hidden_size",
                                                       "num_hidden_layers",
                                                       "num_attention_heads",
                                                       "num_key_value_heads",
                                                       "intermediate_size",
                                                       "vocab_size",
                                                       "max_position_embeddings",
                                                       "tie_word_embeddings",
                                                       "hidden_act",
                                                       "hidden_dropout",
                                                       "resid_pdrop",
                                                       "attention_dropout",
                                                       "max_seq_length",
                                                       "model_max_length",
                                                       "block_size"};
    return keys;
}

// "key ........ value" of Megatron's arguments dump (Megatron-DeepSpeed adds "....default").
bool megatronArgument(std::string_view line, int lineNo, ConfigEntry &out)
{
    std::size_t p = 0;
    while (p < line.size() && line[p] == ' ')
        ++p;
    const std::size_t k0 = p;
    while (p < line.size() && isIdent(line[p]))
        ++p;
    if (p == k0 || p >= line.size() || line[p] != ' ')
        return false;
    const std::string_view key = line.substr(k0, p - k0);
    int dots = 0;
    while (p < line.size() && (line[p] == ' ' || line[p] == '.'))
        dots += line[p++] == '.';
    if (dots < 2)
        return false;
    std::string_view value = line.substr(p);
    const std::size_t more = value.find("....");
    if (more != std::string_view::npos)
        value = value.substr(0, more);
    value = trim(value);
    out = {std::string(key), std::string(value), lineNo, int(p) + 1};
    return true;
}

bool isEventLine(std::string_view l)
{
    const std::string s = lower(l.substr(0, std::min<std::size_t>(l.size(), 400)));
    return contains(s, "validation loss") || contains(s, "validation") || contains(s, "evaluat")
        || (contains(s, "checkpoint") && (contains(s, "sav") || contains(s, "load"))) || contains(s, "profiler trace")
        || contains(s, "[gc]") || contains(s, "garbage collect");
}

Framework detect(std::string_view text)
{
    bool hf = false;
    std::size_t pos = 0;
    int lines = 0;
    while (pos < text.size() && lines < 2000000) {
        std::size_t e = text.find('\n', pos);
        if (e == std::string_view::npos)
            e = text.size();
        const std::string_view l = text.substr(pos, std::min<std::size_t>(e - pos, 4096));
        if (contains(l, "[titan]") || (contains(l, "step:") && contains(l, "tps:")))
            return Framework::Torchtitan;
        if (contains(l, "train_step_timing"))
            return Framework::Nemo;
        if (contains(l, "elapsed time per iteration") || contains(l, "-- arguments --"))
            return Framework::Megatron;
        // DeepSpeed before the HF Trainer: under the Trainer, DeepSpeed's engine prints the per-step
        // throughput the Trainer's own summary does not.
        if (contains(l, "DeepSpeedEngine configuration") || contains(l, "SamplesPerSec=")
            || contains(l, "DeepSpeed Flops Profiler"))
            return Framework::DeepSpeed;
        if (!hf && (contains(l, "train_runtime") || contains(l, "TrainingArguments(")))
            hf = true;
        pos = e + 1;
        ++lines;
    }
    return hf ? Framework::HfTrainer : Framework::Unknown;
}

struct Parser {
    TrainingLog &log;
    Framework fw;
    std::unordered_set<long long> seen;
    long long lastStep = -1;
    bool pendingEvent = false;
    bool inArguments = false;
    bool dumpInRun = false; // this run printed Megatron's arguments dump
    int configDropped = 0, stepsDropped = 0;
    // DeepSpeed: inside the "DeepSpeedEngine configuration:" dump, inside its JSON (with the keys
    // of the objects it is in), inside a FLOPS-profiler summary (of this step), and the steps the
    // profiler measured, kept apart (used only when the throughput timer printed none).
    bool inDsDump = false, inDsJson = false;
    std::vector<std::string> jsonPath;
    long long profileStep = -1;
    std::vector<Step> profilerSteps;

    Run &run() { return log.runs.back(); }
    void newRun(int line)
    {
        if (!log.runs.empty() && log.runs.back().steps == 0 && log.runs.back().config.empty()) {
            log.runs.back().first_line = line;
            return;
        }
        log.runs.push_back(Run{line, {}, 0});
        dumpInRun = false;
        seen.clear();
        lastStep = -1;
        pendingEvent = false;
    }
    void addConfig(ConfigEntry e)
    {
        if (int(run().config.size()) >= kMaxConfigEntries) {
            ++configDropped;
            return;
        }
        run().config.push_back(std::move(e));
    }
    void addConfigs(std::vector<ConfigEntry> &es)
    {
        for (ConfigEntry &e : es)
            addConfig(std::move(e));
        es.clear();
    }
    void addStep(Step s)
    {
        if (lastStep >= 0 && s.step < lastStep && !seen.count(s.step))
            newRun(s.line); // the iteration count went back: a restart without a new config print
        if (!seen.insert(s.step).second) {
            ++log.duplicate_steps;
            return;
        }
        if (int(log.steps.size()) >= kMaxSteps) {
            ++stepsDropped;
            return;
        }
        lastStep = std::max(lastStep, s.step);
        s.after_event = pendingEvent;
        pendingEvent = false;
        s.run = int(log.runs.size()) - 1;
        ++run().steps;
        if (s.memory_gib)
            log.peak_memory_gib = std::max(log.peak_memory_gib.value_or(0.0), *s.memory_gib);
        log.steps.push_back(s);
    }
    // A time field that is there but unreadable, or not positive: an error at its column.
    bool badTime(ParseError &error, std::string_view line, int lineNo, int column, std::string_view what)
    {
        std::size_t b = column > 0 ? std::size_t(column - 1) : line.size();
        std::size_t e = b;
        while (e < line.size() && e - b < 40 && line[e] != ' ' && line[e] != '|' && line[e] != ',' && line[e] != ']')
            ++e;
        const std::string got = b < line.size() ? std::string(line.substr(b, e - b)) : std::string();
        error = {lineNo, column,
                 sentence(CT_TR("commtax::TrainingLog",
                                "%1: expected a positive number, not \"%2\""),
                          {std::string(what), got})};
        return false;
    }

    bool megatronLine(std::string_view l, int n, ParseError &error)
    {
        if (contains(l, "-- arguments --") || contains(l, "--- arguments ---")) {
            newRun(n);
            inArguments = true;
            dumpInRun = true;
            return true;
        }
        if (inArguments) {
            if (contains(l, "end of arguments")) {
                inArguments = false;
                return true;
            }
            ConfigEntry e;
            if (megatronArgument(l, n, e))
                addConfig(std::move(e));
            return true;
        }
        // " > padded vocab (size: 50257) with 47 dummy tokens (new size: 50304)"
        if (contains(l, "padded vocab") && contains(l, "new size")) {
            double v = 0;
            int col = 0;
            if (numberAfter(l, "new size", v, &col))
                addConfig({"padded_vocab_size", std::to_string(whole(v)), n, col});
            return true;
        }
        if (contains(l, "memory (MB)") && contains(l, "max allocated")) {
            double v = 0;
            if (numberAfter(l, "max reserved", v) || numberAfter(l, "max allocated", v))
                log.peak_memory_gib = std::max(log.peak_memory_gib.value_or(0.0), v / 1024.0);
            return true;
        }
        const std::size_t it = l.find("iteration");
        if (it != std::string_view::npos && contains(l, "elapsed time per iteration")) {
            std::size_t p = it + 9;
            double step = 0;
            if (!numberAt(l, p, step, false) || p >= l.size() || l[p] != '/')
                return true;
            double ms = 0;
            int col = 0;
            bool bad = false;
            numberAfter(l, "elapsed time per iteration (ms)", ms, &col, false, &bad);
            if (bad || ms <= 0)
                return badTime(error, l, n, col, "elapsed time per iteration (ms)");
            Step s;
            s.line = n;
            s.step = whole(step);
            s.seconds = ms / 1000.0;
            double t = 0;
            if (numberAfter(l, "(TFLOP/s/GPU)", t) && t >= 0)
                s.tflops = t;
            double gbs = 0;
            int gcol = 0;
            if (numberAfter(l, "global batch size", gbs, &gcol) && gbs > 0)
                addConfig({"global_batch_size", std::to_string(whole(gbs)), n, gcol});
            addStep(s);
            return true;
        }
        if (!dumpInRun) {
            std::vector<ConfigEntry> es;
            scanKeys(l, n, megatronCoreKeys(), es); // Megatron-Bridge prints its config as YAML
            addConfigs(es);
        }
        if (isEventLine(l))
            pendingEvent = true;
        return true;
    }

    // "Building llama3 8B with TransformerModelArgs(dim=4096, n_layers=32, ...)"
    void torchtitanModelArgs(std::string_view l, int n)
    {
        const std::size_t open = l.find("Args(");
        if (open == std::string_view::npos)
            return;
        const std::size_t b = l.find("Building ");
        if (b != std::string_view::npos && b < open) {
            const std::size_t with = l.find(" with ", b);
            if (with != std::string_view::npos && with < open)
                addConfig({"model", std::string(trim(l.substr(b + 9, with - b - 9))), n, int(b) + 10});
        }
        std::size_t p = open + 5;
        int depth = 0;
        std::size_t keyStart = p;
        for (; p < l.size(); ++p) {
            const char c = l[p];
            if (c == '(' || c == '[' || c == '{')
                ++depth;
            else if ((c == ')' || c == ']' || c == '}') && depth > 0)
                --depth;
            else if (c == ')' && depth == 0)
                break;
            if (depth == 0 && c == '=') {
                const std::string_view key = trim(l.substr(keyStart, p - keyStart));
                std::size_t e = p + 1;
                int d = 0;
                for (; e < l.size(); ++e) {
                    const char x = l[e];
                    if (x == '(' || x == '[' || x == '{')
                        ++d;
                    else if ((x == ')' || x == ']' || x == '}') && d > 0)
                        --d;
                    else if ((x == ',' || x == ')') && d == 0)
                        break;
                }
                if (!key.empty() && std::all_of(key.begin(), key.end(), isIdent))
                    addConfig({std::string(key), std::string(trim(l.substr(p + 1, e - p - 1))), n, int(p) + 2});
                p = e;
                if (p < l.size() && l[p] == ')')
                    break;
                keyStart = p + 1;
            }
        }
    }

    // "CUDA capacity: NVIDIA H100 80GB HBM3 with 79.11GiB memory": the GPU and its memory.
    bool torchtitanCapacity(std::string_view l, int n)
    {
        const std::size_t cap = l.find(" capacity: ");
        if (cap == std::string_view::npos || !(contains(l, "CUDA capacity") || contains(l, "GPU capacity")))
            return false;
        const std::size_t with = l.rfind(" with ");
        if (with != std::string_view::npos && with > cap) {
            log.gpu_name = std::string(trim(l.substr(cap + 11, with - cap - 11)));
            log.gpu_name_line = n;
            double mem = 0;
            if (numberAfter(l.substr(with), " with", mem))
                log.gpu_memory_gib = mem;
        }
        return true;
    }

    // "Building 2-D device mesh with ['dp_shard', 'tp'], [4, 2]": each dimension's size.
    bool torchtitanMesh(std::string_view l, int n)
    {
        if (!contains(l, "device mesh with"))
            return false;
        const std::size_t a = l.find('[', l.find("device mesh with"));
        const std::size_t ae = a == std::string_view::npos ? a : l.find(']', a);
        const std::size_t b = ae == std::string_view::npos ? ae : l.find('[', ae);
        const std::size_t be = b == std::string_view::npos ? b : l.find(']', b);
        if (be == std::string_view::npos)
            return true;
        std::vector<std::string> names;
        std::string_view ns = l.substr(a + 1, ae - a - 1);
        while (!ns.empty()) {
            const std::size_t c = ns.find(',');
            std::string_view item = trim(ns.substr(0, c));
            if (item.size() >= 2 && (item.front() == '\'' || item.front() == '"'))
                item = item.substr(1, item.size() - 2);
            names.emplace_back(item);
            if (c == std::string_view::npos)
                break;
            ns.remove_prefix(c + 1);
        }
        std::size_t p = b + 1;
        for (const std::string &name : names) {
            double v = 0;
            const int col = int(p) + 1;
            if (!numberAt(l, p, v, false))
                break;
            addConfig({"mesh." + name, std::to_string(whole(v)), n, col});
            while (p < l.size() && (l[p] == ',' || l[p] == ' '))
                ++p;
        }
        return true;
    }

    // "step: 10  loss: 7.8  memory: 60.1GiB(75.9%)  tps: 6,321  tflops: 366.1  mfu: 37.0%", the
    // "step:" at `st`.
    bool torchtitanStep(std::string_view l, std::size_t st, int n, ParseError &error)
    {
        std::size_t p = st + 5;
        double step = 0;
        if (!numberAt(l, p, step, false))
            return true;
        Step s;
        s.line = n;
        s.step = whole(step);
        double tps = 0;
        int col = 0;
        bool bad = false;
        numberAfter(l, "tps:", tps, &col, true, &bad);
        if (bad || tps <= 0)
            return badTime(error, l, n, col, "tps");
        s.tps = tps;
        s.time_stamp = timestampIn(l);
        double v = 0;
        if (numberAfter(l, "tflops:", v) && v >= 0)
            s.tflops = v;
        if (numberAfter(l, "memory:", v) && v >= 0)
            s.memory_gib = v;
        addStep(s);
        return true;
    }

    bool torchtitanLine(std::string_view l, int n, ParseError &error)
    {
        if (contains(l, "Starting job:")) {
            newRun(n);
            return true;
        }
        if (contains(l, "Building ") && contains(l, "Args(")) {
            torchtitanModelArgs(l, n);
            return true;
        }
        if (torchtitanCapacity(l, n) || torchtitanMesh(l, n))
            return true;
        // "Training starts at step 1, with local batch size 2, global batch size 16, sequence length 8192, ..."
        if (contains(l, "Training starts at step")) {
            double v = 0;
            int col = 0;
            if (numberAfter(l, "local batch size", v, &col))
                addConfig({"local_batch_size", std::to_string(whole(v)), n, col});
            if (numberAfter(l, "global batch size", v, &col))
                addConfig({"global_batch_size", std::to_string(whole(v)), n, col});
            if (numberAfter(l, "sequence length", v, &col))
                addConfig({"seq_len", std::to_string(whole(v)), n, col});
            return true;
        }
        if (contains(l, "Applied selective activation checkpointing")) {
            addConfig({"activation_checkpoint", "selective", n, 1});
            return true;
        }
        if (contains(l, "Applied full activation checkpointing")) {
            addConfig({"activation_checkpoint", "full", n, 1});
            return true;
        }
        if (contains(l, "Float8") && (contains(l, "training active") || contains(l, "Swapped to Float8"))) {
            addConfig({"float8", "true", n, 1});
            return true;
        }
        // torchtitan from 2025-04 logs its compiled loss apart ("Compiling the loss function with
        // torch.compile", components/loss.py build_cross_entropy_loss); before, only the blocks compiled.
        if (contains(l, "Compiling the loss function")) {
            addConfig({"compile_loss", "true", n, 1});
            return true;
        }
        if (contains(l, "torch.compile") && (contains(l, "Compiling") || contains(l, "Compiled"))) {
            addConfig({"compile", "true", n, 1});
            return true;
        }
        const std::size_t st = l.find("step:");
        if (st != std::string_view::npos && contains(l, "tps:"))
            return torchtitanStep(l, st, n, error);
        std::vector<ConfigEntry> es;
        scanKeys(l, n, torchtitanKeys(), es);
        addConfigs(es);
        if (isEventLine(l))
            pendingEvent = true;
        return true;
    }

    // DeepSpeed's logger prefix of the config print, "[2024-05-01 10:00:00,123] [INFO]
    // [config.py:1004:print] " or "[config.py:990:print_user_config] ": the text after it, or the line.
    static std::string_view afterLoggerPrefix(std::string_view l)
    {
        const std::size_t at = l.find("[config.py:");
        const std::size_t end = at == std::string_view::npos ? at : l.find("] ", at);
        if (end != std::string_view::npos && end < 200)
            return l.substr(end + 2);
        return l;
    }

    // One line of DeepSpeedConfig.print() (deepspeed/runtime/config.py:1000-1007, DeepSpeed
    // 38327e07): "  {arg} {'.' * (29 - len(arg))} {value}" for every attribute in sorted order,
    // then print_user_config() (config.py:990-998): "  json = " and json.dumps(indent=4,
    // separators=(",", ":")) over the following lines. An argument of 28 characters or more has
    // no dots: "  checkpoint_tag_validation_enabled  True".
    void deepspeedDumpLine(std::string_view l, int n)
    {
        const std::string_view body = afterLoggerPrefix(l);
        if (body.size() == l.size() && !l.empty() && l.front() != ' ' && l.front() != '}')
            inDsDump = false; // a line of something else: the dump is over
        if (!inDsDump)
            return;
        const std::size_t json = body.find("json = {");
        if (json != std::string_view::npos && trim(body.substr(0, json)).empty()) {
            inDsDump = false;
            inDsJson = true;
            jsonPath.clear();
            return;
        }
        std::size_t p = 0;
        while (p < body.size() && body[p] == ' ')
            ++p;
        if (p < 2 || body.size() == l.size())
            return; // a continuation line of a multi-line value (a nested config's repr)
        const std::size_t k0 = p;
        while (p < body.size() && isIdent(body[p]))
            ++p;
        if (p == k0 || p + 1 >= body.size() || body[p] != ' ')
            return;
        const std::string_view key = body.substr(k0, p - k0);
        const std::size_t afterKey = p;
        while (p < body.size() && (body[p] == ' ' || body[p] == '.'))
            ++p;
        if (p - afterKey < 2)
            return;
        const std::string_view value = trim(body.substr(p));
        if (!value.empty())
            addConfig({std::string(key), std::string(value), n, int(l.size() - body.size() + p) + 1});
    }

    // One line of the JSON that print_user_config() writes: '"key":value,', '"key":{', '},'. Nested
    // keys are kept with their path under "json.": "json.zero_optimization.stage", "json.bf16.enabled".
    void deepspeedJsonLine(std::string_view l, int n)
    {
        const std::string_view t = trim(l);
        if (t.empty())
            return;
        if (t.front() == '}') {
            if (jsonPath.empty())
                inDsJson = false;
            else
                jsonPath.pop_back();
            return;
        }
        if (t.front() != '"') {
            inDsJson = false; // not the JSON any more (a truncated dump)
            return;
        }
        const std::size_t close = t.find('"', 1);
        if (close == std::string_view::npos || close + 1 >= t.size() || t[close + 1] != ':')
            return;
        std::string key = "json.";
        for (const std::string &k : jsonPath)
            key += k + '.';
        key += std::string(t.substr(1, close - 1));
        std::string_view value = trim(t.substr(close + 2));
        if (!value.empty() && (value.front() == '{' || value.front() == '[')) {
            if (value.front() == '{' && value.back() != '}' && jsonPath.size() < 16)
                jsonPath.push_back(std::string(t.substr(1, close - 1)));
            return;
        }
        if (!value.empty() && value.back() == ',')
            value.remove_suffix(1);
        if (value.size() >= 2 && value.front() == '"' && value.back() == '"')
            value = value.substr(1, value.size() - 2);
        const std::size_t col = std::size_t(value.data() - l.data()) + 1;
        addConfig({key, std::string(value), n, int(col)});
    }

    // deepspeed/utils/timer.py:264-274 (ThroughputTimer.stop): "epoch={}/micro_step={}/
    // global_step={}, RunningAvgSamplesPerSec={}, CurrSamplesPerSec={}, MemAllocated={}GB,
    // MaxMemAllocated={}GB", where CurrSamplesPerSec is the train batch (all GPUs) over this
    // optimiser step's time. DeepSpeed before 0.6 printed "{epoch}/{step}, SamplesPerSec={}"
    // with the running mean since the start only (timer.py of DeepSpeed 0.3-0.5).
    bool deepspeedThroughput(std::string_view l, int n, ParseError &error)
    {
        Step s;
        s.line = n;
        double v = 0;
        if (numberAfter(l, "global_step=", v)) {
            s.step = whole(v);
        } else {
            // "{epoch}/{step}, SamplesPerSec=" (and "0/20, RunningAvgSamplesPerSec=" of 0.7)
            const std::size_t at = l.find("SamplesPerSec=");
            const std::size_t slash = l.rfind('/', at);
            std::size_t p = slash == std::string_view::npos ? l.size() : slash + 1;
            s.step = numberAt(l, p, v, false) ? whole(v) : lastStep + 1;
        }
        int col = 0;
        bool bad = false;
        const bool curr = numberAfter(l, "CurrSamplesPerSec=", v, &col, false, &bad);
        if (!curr && !bad) {
            numberAfter(l, "SamplesPerSec=", v, &col, false, &bad);
            s.running_average = true;
        }
        if (bad || v <= 0) {
            if (s.running_average && contains(l, "RunningAvgSamplesPerSec"))
                return true; // only the running mean, "-inf" before the first timed step
            return badTime(error, l, n, col, s.running_average ? "SamplesPerSec" : "CurrSamplesPerSec");
        }
        s.samples_per_s = v;
        s.time_stamp = timestampIn(l);
        if (numberAfter(l, "MaxMemAllocated=", v) && v >= 0)
            s.memory_gib = v; // GiB: max_memory_allocated() / 1024**3
        addStep(s);
        return true;
    }

    // A row of the flops profiler's summary after "Profile Summary at step N" (profileStep >= 0):
    // nullopt when the line is none of its rows.
    std::optional<bool> deepspeedProfilerRow(std::string_view l, int n, ParseError &error)
    {
        double v = 0;
        int col = 0;
        for (const auto &[label, key] :
             {std::pair{"world size:", "profiler.world_size"}, std::pair{"data parallel size:", "profiler.dp_size"},
              std::pair{"model parallel size:", "profiler.mp_size"},
              std::pair{"model paralel size:", "profiler.mp_size"},
              std::pair{"batch size per GPU:", "profiler.micro_batch"}}) {
            if (l.substr(0, std::strlen(label)) == label && numberAfter(l, label, v, &col) && v >= 0) {
                addConfig({key, std::to_string(whole(v)), n, col});
                return true;
            }
        }
        if (l.substr(0, 13) == "iter latency:") {
            bool bad = false;
            numberAfter(l, "iter latency:", v, &col, false, &bad);
            std::size_t p = std::size_t(col - 1);
            double num = 0;
            numberAt(l, p, num, false);
            while (p < l.size() && l[p] == ' ')
                ++p;
            const char unit = p < l.size() ? l[p] : 0;
            const double scale = unit == 'm' ? 1e-3 : unit == 'u' ? 1e-6
                : unit == 'k' || unit == 'K'                      ? 1e3
                                                                  : 1;
            if (bad || v <= 0)
                return badTime(error, l, n, col, "iter latency");
            Step s;
            s.line = n;
            s.step = profileStep;
            s.seconds = v * scale;
            s.from_profiler = true;
            s.run = int(log.runs.size()) - 1;
            if (profilerSteps.size() < 1000)
                profilerSteps.push_back(s);
            profileStep = -1;
            return true;
        }
        if (contains(l, "Aggregated Profile") || contains(l, "Detailed Profile")
            || contains(l, "End of DeepSpeed Flops Profiler"))
            profileStep = -1; // a summary without "iter latency" (no wall-clock breakdown)
        return std::nullopt;
    }

    bool deepspeedLine(std::string_view l, int n, ParseError &error)
    {
        // engine.py:369 `self._config.print("DeepSpeedEngine configuration")`: a new engine, so a
        // new run when the file already holds one.
        if (contains(l, "DeepSpeedEngine configuration:")) {
            newRun(n);
            inDsDump = true;
            inDsJson = false;
            return true;
        }
        if (inDsJson) {
            deepspeedJsonLine(l, n);
            return true;
        }
        if (inDsDump) {
            deepspeedDumpLine(l, n);
            if (inDsDump || inDsJson)
                return true;
        }
        if (contains(l, "SamplesPerSec="))
            return deepspeedThroughput(l, n, error);
        // deepspeed/profiling/flops_profiler/profiler.py:327-394 (print_model_profile): "Profile
        // Summary at step {N}:", then '{:<70}  {:<8}' rows: "world size: ", "data parallel size: ",
        // "model parallel size: " ("model paralel size" before 0.4), "batch size per GPU: ",
        // "iter latency: " with duration_to_string() ("184.73 ms", "41.39 s", profiler.py:1165).
        if (contains(l, "Profile Summary at step")) {
            double v = 0;
            profileStep = numberAfter(l, "Profile Summary at step", v) && v >= 0 ? whole(v) : lastStep + 1;
            return true;
        }
        if (profileStep >= 0) {
            if (const std::optional<bool> row = deepspeedProfilerRow(l, n, error))
                return *row;
        }
        std::vector<ConfigEntry> es;
        scanKeys(l, n, hfKeys(), es); // the model's config, as transformers prints it
        addConfigs(es);
        if (isEventLine(l))
            pendingEvent = true;
        return true;
    }

    bool nemoLine(std::string_view l, int n, ParseError &error)
    {
        if (contains(l, "train_step_timing")) {
            double secs = 0;
            int col = 0;
            bool bad = false;
            numberAfter(l, "train_step_timing in s", secs, &col, false, &bad);
            if (col == 0)
                numberAfter(l, "train_step_timing", secs, &col, false, &bad);
            if (bad || secs <= 0)
                return badTime(error, l, n, col, "train_step_timing in s");
            Step s;
            s.line = n;
            s.seconds = secs;
            double step = 0;
            if (numberAfter(l, "global_step", step) && step >= 0) {
                s.step = whole(step);
            } else {
                const std::size_t it = l.find("iteration");
                std::size_t p = it == std::string_view::npos ? l.size() : it + 9;
                s.step = numberAt(l, p, step, false) ? whole(step) : lastStep + 1;
            }
            double t = 0;
            if (numberAfter(l, "(TFLOP/s/GPU)", t) && t >= 0)
                s.tflops = t;
            addStep(s);
            return true;
        }
        std::vector<ConfigEntry> es;
        scanKeys(l, n, megatronCoreKeys(), es);
        addConfigs(es);
        if (isEventLine(l))
            pendingEvent = true;
        return true;
    }

    bool hfLine(std::string_view l, int n, ParseError &error)
    {
        double v = 0;
        int col = 0;
        // The Trainer prints these counts with thousands separators (f"{total_train_batch_size:,}").
        if (numberAfter(l, "Total optimization steps", v, &col, true))
            addConfig({"total_optimization_steps", std::to_string(whole(v)), n, col});
        if (numberAfter(l, "Instantaneous batch size per device", v, &col, true))
            addConfig({"per_device_train_batch_size", std::to_string(whole(v)), n, col});
        if (numberAfter(l, "Total train batch size (w. parallel, distributed & accumulation)", v, &col, true))
            addConfig({"total_train_batch_size", std::to_string(whole(v)), n, col});
        if (numberAfter(l, "Gradient Accumulation steps", v, &col, true))
            addConfig({"gradient_accumulation_steps", std::to_string(whole(v)), n, col});
        if (numberAfter(l, "Num processes", v, &col, true))
            addConfig({"num_processes", std::to_string(whole(v)), n, col});
        bool bad = false;
        double sps = 0, runtime = 0;
        int rcol = 0;
        const bool haveSps = numberAfter(l, "train_steps_per_second", sps, &col, false, &bad);
        const bool haveRuntime = numberAfter(l, "train_runtime", runtime, &rcol, false, &bad);
        if (haveSps || haveRuntime || bad) {
            if (bad || (haveSps && sps <= 0) || (haveRuntime && runtime <= 0))
                return badTime(error, l, n, haveSps ? col : rcol,
                               haveSps ? "train_steps_per_second" : "train_runtime");
            if (haveRuntime)
                addConfig({"train_runtime", std::to_string(runtime), n, rcol});
            if (haveSps) {
                Step s;
                s.line = n;
                s.seconds = 1.0 / sps;
                s.step = lastStep + 1;
                addStep(s);
            }
            return true;
        }
        std::vector<ConfigEntry> es;
        scanKeys(l, n, hfKeys(), es);
        addConfigs(es);
        return true;
    }
};

std::optional<long long> intValue(const ConfigEntry *e)
{
    if (!e)
        return std::nullopt;
    double v = 0;
    std::size_t p = 0;
    if (!numberAt(e->value, p, v, false) || v < 0 || v > 1e12)
        return std::nullopt;
    return (long long)v;
}

const ConfigEntry *findIn(const Run &r, std::string_view key)
{
    for (auto it = r.config.rbegin(); it != r.config.rend(); ++it)
        if (it->key == key)
            return &*it;
    return nullptr;
}

// torchtitan prints tokens per second per GPU: tps = tokens of the local batch / (time x the
// non-data-parallel degree) (torchtitan/components/metrics.py), so a step takes
// local_batch_size x seq_len / (tps x tp x pp x cp) seconds.
void torchtitanTimes(TrainingLog &log)
{
    for (Step &s : log.steps) {
        if (!s.tps || s.seconds > 0)
            continue;
        const Run &r = log.runs[std::size_t(s.run)];
        auto get = [&](std::string_view key) {
            const ConfigEntry *e = findIn(r, key);
            return e ? e : log.find(key);
        };
        const std::optional<long long> lbs = intValue(get("local_batch_size"));
        const std::optional<long long> seq = intValue(get("seq_len"));
        bool meshKnown
            = get("mesh.dp_shard") || get("mesh.tp") || get("mesh.pp") || get("mesh.cp") || get("mesh.dp_replicate");
        long long nonDp = 1;
        for (const char *k : {"tp", "pp", "cp"}) {
            std::optional<long long> v = intValue(get(std::string("mesh.") + k));
            if (!v) {
                static const char *const longKeys[]
                    = {"tensor_parallel_degree", "pipeline_parallel_degree", "context_parallel_degree"};
                const int i = k[0] == 't' ? 0 : k[0] == 'p' ? 1
                                                            : 2;
                v = intValue(get(longKeys[i]));
                if (v)
                    meshKnown = true;
            }
            if (v && *v > 0)
                nonDp *= *v;
        }
        if (lbs && seq && *lbs > 0 && *seq > 0 && meshKnown)
            s.seconds = double(*lbs) * double(*seq) / (*s.tps * double(nonDp));
    }
    // Without the batch or the mesh: the time between two step lines of a run over the steps between.
    for (std::size_t i = 1; i < log.steps.size(); ++i) {
        Step &s = log.steps[i];
        const Step &prev = log.steps[i - 1];
        if (s.seconds > 0 || !s.tps || prev.run != s.run || !s.time_stamp || !prev.time_stamp || s.step <= prev.step)
            continue;
        const double dt = (*s.time_stamp - *prev.time_stamp) / double(s.step - prev.step);
        if (dt > 0 && std::isfinite(dt)) {
            s.seconds = dt;
            s.from_time_stamps = true;
        }
    }
}

// DeepSpeed's throughput timer prints samples per second of the whole job: CurrSamplesPerSec =
// train_batch_size / this step's time (deepspeed/utils/timer.py:271, the timer built with
// batch_size=self.train_batch_size() at deepspeed/runtime/engine.py:285-286). Old DeepSpeed printed
// the running mean only: its step time comes from the time stamps of consecutive lines when there
// are some, as does a step whose train batch the log does not print. The FLOPS profiler's "iter
// latency" is read only when the timer printed no step: the profiler's hooks slow the step it times.
void deepspeedTimes(TrainingLog &log, const std::vector<Step> &profilerSteps)
{
    std::optional<long long> batch = intValue(log.find("train_batch_size"));
    if (!batch)
        batch = intValue(log.find("json.train_batch_size"));
    for (std::size_t i = 0; i < log.steps.size(); ++i) {
        Step &s = log.steps[i];
        if (!s.samples_per_s || s.seconds > 0)
            continue;
        const Step *prev = i > 0 ? &log.steps[i - 1] : nullptr;
        const bool stamps = prev && prev->run == s.run && s.time_stamp && prev->time_stamp && s.step > prev->step
            && *s.time_stamp > *prev->time_stamp;
        if (batch && *batch > 0 && !s.running_average) {
            const Run &r = log.runs[std::size_t(s.run)];
            const std::optional<long long> runBatch = intValue(findIn(r, "train_batch_size"));
            s.seconds = double(runBatch && *runBatch > 0 ? *runBatch : *batch) / *s.samples_per_s;
            // The timer runs from the step's forward (or its data loading; engine.py:1981-1982) to its
            // optimiser step (engine.py:2326): a checkpoint or evaluation between two steps is not in it.
            s.after_event = false;
        } else if (stamps) {
            const double dt = (*s.time_stamp - *prev->time_stamp) / double(s.step - prev->step);
            if (dt > 0 && std::isfinite(dt)) {
                s.seconds = dt;
                s.from_time_stamps = true;
            }
        } else if (batch && *batch > 0) {
            s.seconds = double(*batch) / *s.samples_per_s;
        }
        if (!std::isfinite(s.seconds) || s.seconds < 0)
            s.seconds = 0;
    }
    if (log.steps.empty() && !profilerSteps.empty()) {
        for (const Step &s : profilerSteps) {
            log.steps.push_back(s);
            ++log.runs[std::size_t(s.run)].steps;
        }
        log.notes.push_back(
            {profilerSteps.front().line,
             sentence(CT_TR("commtax::TrainingLog",
                            "the step time is the FLOPS profiler's \"iter latency\" of the "
                            "profiled step (its hooks make it slower than an unprofiled "
                            "step); the log has no CurrSamplesPerSec line"))});
    }
}

} // namespace

const char *toString(Framework f)
{
    switch (f) {
    case Framework::Megatron: return "megatron";
    case Framework::Torchtitan: return "torchtitan";
    case Framework::Nemo: return "nemo";
    case Framework::HfTrainer: return "hf-trainer";
    case Framework::DeepSpeed: return "deepspeed";
    default: return "unknown";
    }
}

bool parseFramework(std::string_view name, Framework &out)
{
    const std::string n = lower(name);
    if (n == "megatron" || n == "megatron-lm")
        out = Framework::Megatron;
    else if (n == "torchtitan")
        out = Framework::Torchtitan;
    else if (n == "nemo" || n == "megatron-bridge")
        out = Framework::Nemo;
    else if (n == "hf" || n == "hf-trainer" || n == "accelerate")
        out = Framework::HfTrainer;
    else if (n == "deepspeed")
        out = Framework::DeepSpeed;
    else if (n == "auto")
        out = Framework::Unknown;
    else
        return false;
    return true;
}

const ConfigEntry *TrainingLog::find(std::string_view key) const
{
    for (auto r = runs.rbegin(); r != runs.rend(); ++r)
        if (const ConfigEntry *e = findIn(*r, key))
            return e;
    return nullptr;
}

std::string cleanLine(std::string_view raw, int *rank)
{
    std::string s;
    s.reserve(raw.size());
    for (std::size_t i = 0; i < raw.size(); ++i) {
        const char c = raw[i];
        if (c == '\x1b') {
            // CSI: ESC [ parameters final-byte; OSC: ESC ] ... BEL or ESC '\'; else one character.
            if (i + 1 < raw.size() && raw[i + 1] == '[') {
                i += 2;
                while (i < raw.size() && !(raw[i] >= 0x40 && raw[i] <= 0x7e))
                    ++i;
            } else if (i + 1 < raw.size() && raw[i + 1] == ']') {
                i += 2;
                while (i < raw.size() && raw[i] != '\a'
                       && !(raw[i] == '\x1b' && i + 1 < raw.size() && raw[i + 1] == '\\'))
                    ++i;
                if (i < raw.size() && raw[i] == '\x1b')
                    ++i;
            } else {
                ++i;
            }
            continue;
        }
        if (c == '\r' || c == '\0')
            continue;
        s += c == '\t' ? ' ' : c;
    }
    if (rank)
        *rank = -1;
    // Rank prefixes, possibly nested: "[rank3]:", "[1,3]<stdout>:", "3: " (srun --label).
    for (int round = 0; round < 3; ++round) {
        std::string_view v(s);
        std::size_t p = 0;
        while (p < v.size() && v[p] == ' ')
            ++p;
        std::size_t cut = 0;
        int r = -1;
        if (v.substr(p, 5) == "[rank") {
            std::size_t q = p + 5;
            int num = 0;
            while (q < v.size() && isDigit(v[q]) && num < 1000000)
                num = num * 10 + (v[q++] - '0');
            if (q + 1 < v.size() && v[q] == ']' && v[q + 1] == ':' && q > p + 5) {
                cut = q + 2;
                r = num;
            }
        } else if (p < v.size() && v[p] == '[') {
            const std::size_t close = v.find("]<std", p);
            if (close != std::string_view::npos && close < p + 24) {
                const std::size_t colon = v.find(">:", close);
                const std::size_t comma = v.find(',', p);
                if (colon != std::string_view::npos && comma != std::string_view::npos && comma < close) {
                    cut = colon + 2;
                    std::size_t q = comma + 1;
                    double num = 0;
                    if (numberAt(v, q, num, false))
                        r = int(num);
                }
            }
        } else if (p < v.size() && isDigit(v[p])) {
            std::size_t q = p;
            int num = 0;
            while (q < v.size() && isDigit(v[q]) && q - p < 7)
                num = num * 10 + (v[q++] - '0');
            if (q + 1 < v.size() && v[q] == ':' && v[q + 1] == ' ') {
                cut = q + 2;
                r = num;
            }
        }
        if (cut == 0)
            break;
        if (rank)
            *rank = r;
        s.erase(0, cut);
    }
    return s;
}

namespace {

// A NUL byte in the first 64 KiB: binary data, with where it is (line and column) in error.
bool binaryData(std::string_view text, ParseError &error)
{
    const std::size_t nul = text.substr(0, 1 << 16).find('\0');
    if (nul != std::string_view::npos) {
        int line = 1, col = 1;
        for (std::size_t i = 0; i < nul; ++i, ++col)
            if (text[i] == '\n') {
                ++line;
                col = 0;
            }
        error = {line, col, sentence(CT_TR("commtax::TrainingLog", "binary data (a NUL byte), not a text log"))};
        return true;
    }
    return false;
}

// One physical line: each of its '\r'-separated segments (tqdm progress bars overwrite themselves)
// read by the framework's line parser; false on a parse error.
bool readPhysicalLine(std::string_view physical, int lineNo, Framework framework, Parser &p, ParseError &error)
{
    // tqdm progress bars overwrite themselves with '\r': each segment is one update.
    std::size_t segStart = 0;
    while (segStart <= physical.size()) {
        std::size_t segEnd = physical.find('\r', segStart);
        if (segEnd == std::string_view::npos)
            segEnd = physical.size();
        const std::string_view seg = physical.substr(segStart, segEnd - segStart);
        segStart = segEnd + 1;
        if (trim(seg).empty())
            continue;
        const std::string clean = cleanLine(seg);
        bool ok = true;
        switch (framework) {
        case Framework::Megatron: ok = p.megatronLine(clean, lineNo, error); break;
        case Framework::Torchtitan: ok = p.torchtitanLine(clean, lineNo, error); break;
        case Framework::Nemo: ok = p.nemoLine(clean, lineNo, error); break;
        case Framework::HfTrainer: ok = p.hfLine(clean, lineNo, error); break;
        case Framework::DeepSpeed: ok = p.deepspeedLine(clean, lineNo, error); break;
        default: break;
        }
        if (!ok)
            return false;
    }
    return true;
}

// HF Trainer's step time from train_runtime and the optimisation step count, where the log has it.
void hfTrainerTimes(TrainingLog &out)
{
    // The Trainer rounds train_steps_per_second to 3 decimals (0.012 for a 86 s step is 3% off):
    // with train_runtime and the step count on the same run, their quotient is the step time.
    if (out.framework == Framework::HfTrainer && out.steps.size() == 1 && out.runs.size() == 1) {
        const std::optional<long long> steps = intValue(out.find("total_optimization_steps"));
        const ConfigEntry *rt = out.find("train_runtime");
        double runtime = 0;
        std::size_t q = 0;
        if (rt && steps && *steps > 0 && rt->line == out.steps[0].line && numberAt(rt->value, q, runtime, false)
            && runtime > 0) {
            out.steps[0].seconds = runtime / double(*steps);
            out.notes.push_back(
                {rt->line,
                 sentence(CT_TR("commtax::TrainingLog",
                                "the step time is train_runtime / Total optimization steps, "
                                "the whole run's mean, warm-up included "
                                "(train_steps_per_second is rounded to 3 decimals)"))});
        }
    }
    if (out.framework == Framework::HfTrainer && out.steps.empty()) {
        // Only train_runtime: the whole run's mean step over the optimisation steps.
        const std::optional<long long> steps = intValue(out.find("total_optimization_steps"));
        const ConfigEntry *rt = out.find("train_runtime");
        double runtime = 0;
        std::size_t q = 0;
        if (rt && steps && *steps > 0 && numberAt(rt->value, q, runtime, false) && runtime > 0) {
            Step s;
            s.line = rt->line;
            s.step = *steps;
            s.seconds = runtime / double(*steps);
            out.steps.push_back(s);
            out.runs.back().steps = 1;
            const Sentence why = sentence(CT_TR("commtax::TrainingLog",
                                                "HF Trainer prints the whole run's time only: the step time is "
                                                "its mean over every step, warm-up included"));
            out.notes.push_back(Note{rt->line, why});
        }
    }
}

// A log with no step: an error that says which line the framework's log was expected to have.
void noStepsError(const TrainingLog &out, int lineNo, ParseError &error)
{
    const char *what = out.framework == Framework::Megatron
        ? CT_TR("commtax::TrainingLog", "no \"iteration N/M | ... elapsed time per iteration (ms)\" line")
        : out.framework == Framework::Torchtitan ? CT_TR("commtax::TrainingLog", "no \"step: N ... tps: T\" line")
        : out.framework == Framework::Nemo       ? CT_TR("commtax::TrainingLog", "no \"train_step_timing in s\" value")
        : out.framework == Framework::DeepSpeed
        ? CT_TR("commtax::TrainingLog", "no \"CurrSamplesPerSec=\" line and no FLOPS-profiler \"iter latency\"")
        : CT_TR("commtax::TrainingLog", "no train_runtime or train_steps_per_second");
    const char *why = out.truncated
        ? CT_TR("commtax::TrainingLog",
                "no iteration times found in this %1 log: %2 (the file ends inside its last line)")
        : CT_TR("commtax::TrainingLog", "no iteration times found in this %1 log: %2");
    error = {lineNo > 0 ? lineNo : 1, 1, sentence(why, {std::string(toString(out.framework)), sentence(what)})};
}

} // namespace

bool parseTrainingLog(std::string_view text, Framework hint, TrainingLog &out, ParseError &error)
{
    out = TrainingLog();
    error = ParseError();
    if (binaryData(text, error))
        return false;
    out.framework = hint == Framework::Unknown ? detect(text) : hint;
    if (out.framework == Framework::Unknown) {
        error = {1, 1,
                 sentence(CT_TR("commtax::TrainingLog",
                                "no iteration times found: not a Megatron-LM, torchtitan, NeMo "
                                "/ Megatron-Bridge, HF Trainer or DeepSpeed log (choose one "
                                "%1)"),
                          {sentence(kGiveFramework)})};
        return false;
    }
    out.runs.push_back(Run{1, {}, 0});
    Parser p{out, out.framework, {}, -1, false, false, false, 0, 0, false, false, {}, -1, {}};
    out.truncated = !text.empty() && text.back() != '\n';
    std::size_t pos = 0;
    int lineNo = 0;
    while (pos < text.size()) {
        std::size_t e = text.find('\n', pos);
        const bool last = e == std::string_view::npos;
        if (last)
            e = text.size();
        ++lineNo;
        const std::string_view physical = text.substr(pos, e - pos);
        pos = e + 1;
        if (physical.size() > kMaxLineBytes) {
            out.notes.push_back({lineNo, sentence(CT_TR("commtax::TrainingLog", "line longer than 1 MiB skipped"))});
            continue;
        }
        if (last && out.truncated
            && (contains(physical, "iteration") || contains(physical, "step:") || contains(physical, "train_")
                || contains(physical, "SamplesPerSec") || contains(physical, "latency:"))) {
            const Sentence why = sentence(CT_TR("commtax::TrainingLog",
                                                "the log ends inside this line (truncated): its step is not read"));
            out.notes.push_back(Note{lineNo, why});
            continue;
        }
        if (!readPhysicalLine(physical, lineNo, out.framework, p, error))
            return false;
    }
    if (out.framework == Framework::Torchtitan)
        torchtitanTimes(out);
    if (out.framework == Framework::DeepSpeed)
        deepspeedTimes(out, p.profilerSteps);
    hfTrainerTimes(out);
    if (p.configDropped > 0) {
        const Sentence why = sentence(CT_TR("commtax::TrainingLog", "%1 configuration values past the first %2 not "
                                                                    "read"),
                                      {std::to_string(p.configDropped), std::to_string(kMaxConfigEntries)});
        out.notes.push_back(Note{0, why});
    }
    if (p.stepsDropped > 0) {
        const Sentence why = sentence(CT_TR("commtax::TrainingLog", "%1 steps past the first %2 not read"),
                                      {std::to_string(p.stepsDropped), std::to_string(kMaxSteps)});
        out.notes.push_back(Note{0, why});
    }
    // Drop runs left empty by a restart marker at the end of the log.
    if (out.steps.empty()) {
        noStepsError(out, lineNo, error);
        return false;
    }
    return true;
}

SteadyState steadyState(const TrainingLog &log)
{
    SteadyState st;
    auto median = [](std::vector<double> v) {
        if (v.empty())
            return 0.0;
        std::sort(v.begin(), v.end());
        const std::size_t n = v.size();
        return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
    };
    std::vector<double> kept, keptTflops;
    for (std::size_t r = 0; r < log.runs.size(); ++r) {
        std::vector<const Step *> steps;
        for (const Step &s : log.steps)
            if (s.run == int(r) && s.seconds > 0)
                steps.push_back(&s);
        if (steps.empty())
            continue;
        std::vector<double> all;
        for (const Step *s : steps)
            all.push_back(s->seconds);
        // Warm-up: the first step when there are others, then leading steps >10% above the median.
        std::size_t first = steps.size() > 1 ? 1 : 0;
        const double m0 = median(std::vector<double>(all.begin() + std::ptrdiff_t(first), all.end()));
        while (first + 1 < steps.size() && steps[first]->seconds > 1.10 * m0)
            ++first;
        st.warmup += int(first);
        std::vector<const Step *> rest;
        for (std::size_t i = first; i < steps.size(); ++i) {
            if (steps[i]->after_event && steps.size() - first > 1) {
                ++st.events;
                continue;
            }
            rest.push_back(steps[i]);
        }
        std::vector<double> restTimes;
        for (const Step *s : rest)
            restTimes.push_back(s->seconds);
        const double m1 = median(restTimes);
        for (const Step *s : rest) {
            if (s->seconds > 1.5 * m1) {
                ++st.spikes;
                continue;
            }
            kept.push_back(s->seconds);
            if (s->tflops)
                keptTflops.push_back(*s->tflops);
        }
    }
    if (kept.empty())
        return st;
    st.ok = true;
    st.used = int(kept.size());
    st.median_s = median(kept);
    if (!keptTflops.empty())
        st.median_tflops = median(keptTflops);
    std::sort(kept.begin(), kept.end());
    const auto pct = [&kept](double q) { return kept[std::size_t(std::lround(q * double(kept.size() - 1)))]; };
    st.spread = st.median_s > 0 ? (pct(0.9) - pct(0.1)) / st.median_s : 0;
    return st;
}

} // namespace commtax::traininglog
