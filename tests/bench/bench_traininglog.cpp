// SPDX-License-Identifier: GPL-3.0-or-later
// Speed of the training-log reader on the largest log it accepts: Tools > Calibrate from training
// logs reads each log on the GUI thread, so a 64 MiB log (kMaxTrainingLogBytes) must read in well
// under a second. Run: <build>/tests/bench_traininglog
#include "traininglog/traininglog.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <string>

using namespace commtax::traininglog;

namespace {

// Megatron-LM's arguments dump, then iteration lines of every rank (rank-prefixed, as torchrun
// --tee writes them; the reader keeps each iteration once) up to `bytes`.
std::string megatronLog(std::size_t bytes)
{
    std::string out = "------------------------ arguments ------------------------\n"
                      "  num_layers ...................................... 32\n"
                      "  hidden_size ..................................... 4096\n"
                      "  seq_length ...................................... 4096\n"
                      "  micro_batch_size ................................ 1\n"
                      "  global_batch_size ............................... 512\n"
                      "  world_size ...................................... 64\n"
                      "-------------------- end of arguments ---------------------\n";
    char line[400];
    for (long long it = 1; out.size() < bytes; ++it)
        for (int rank = 0; rank < 8 && out.size() < bytes; ++rank) {
            std::snprintf(line, sizeof line,
                          "[rank%d]: iteration %8lld/ 1000000 | consumed samples: %12lld | elapsed time per "
                          "iteration (ms): %.1f | learning rate: 3.0E-04 | global batch size:   512 | lm loss: "
                          "2.345678E+00 | loss scale: 1.0 | grad norm: 0.512 | number of skipped iterations:   0 |\n",
                          rank, it, it * 512, 5100.0 + double(it % 97));
            out += line;
        }
    return out;
}

// torchtitan's step lines with ANSI colours, as its logger prints them.
std::string torchtitanLog(std::size_t bytes)
{
    std::string out = "[titan] 2025-01-01 00:00:00,000 - root - INFO - Building llama3 8B with "
                      "TransformerModelArgs(dim=4096, n_layers=32, n_heads=32, n_kv_heads=8, vocab_size=128256, "
                      "multiple_of=1024, ffn_dim_multiplier=1.3)\n";
    char line[400];
    for (long long step = 1; out.size() < bytes; ++step) {
        std::snprintf(line, sizeof line,
                      "[titan] 2025-01-01 00:%02lld:%02lld,000 - root - INFO - \x1b[31mstep: %5lld  \x1b[32mloss: "
                      "%.4f  \x1b[33mmemory: 61.20GiB(77.31%%)  \x1b[34mtps: %d  \x1b[36mtflops: 380.12  "
                      "\x1b[35mmfu: 38.43%%\x1b[39m\n",
                      (step / 60) % 60, step % 60, step, 3.2, 6300 + int(step % 50));
        out += line;
    }
    return out;
}

const std::size_t kBytes = 64u << 20;

void readAndSteady(benchmark::State &state, const std::string &text, Framework hint)
{
    for (auto _ : state) {
        TrainingLog log;
        ParseError err;
        const bool ok = parseTrainingLog(text, hint, log, err);
        const SteadyState s = steadyState(log);
        if (!ok || !s.ok) {
            state.SkipWithError("the log was not read");
            break;
        }
        benchmark::DoNotOptimize(s.median_s);
    }
    state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(text.size()));
}

} // namespace

static void BM_Megatron64MiB(benchmark::State &state)
{
    static const std::string text = megatronLog(kBytes);
    readAndSteady(state, text, Framework::Unknown);
}
BENCHMARK(BM_Megatron64MiB)->Unit(benchmark::kMillisecond);

static void BM_Torchtitan64MiB(benchmark::State &state)
{
    static const std::string text = torchtitanLog(kBytes);
    readAndSteady(state, text, Framework::Unknown);
}
BENCHMARK(BM_Torchtitan64MiB)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
