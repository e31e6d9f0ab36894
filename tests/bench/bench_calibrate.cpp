// SPDX-License-Identifier: GPL-3.0-or-later
// Speed of the nccl-tests importer: parsing and calibrating a 10k-line log must feel instant in
// the dialog (it runs on the GUI thread). Run: <build>/tests/bench_calibrate
#include "../fuzz/reference_hardware.h"
#include "nccl/calibration.h"

#include <benchmark/benchmark.h>

#include <fstream>
#include <sstream>

using namespace commtax;
using namespace commtax::nccl;

namespace {

std::string readFixture(const char *name)
{
    std::ifstream f(std::string(COMMTAX_FIXTURES_DIR "/nccl/") + name, std::ios::binary);
    std::stringstream s;
    s << f.rdbuf();
    return s.str();
}

// One all_reduce table of 10,000 sizes (nccl-tests -b 1M -e 10000M -i 1M), 16 ranks on 2 nodes.
std::string tenThousandRows()
{
    std::string out = "# nThread 1 nGpus 1 minBytes 1048576 maxBytes 10485760000 step: 1048576(bytes) warmup iters: 5 "
                      "iters: 20 agg iters: 1 validation: 1 graph: 0\n#\n# Using devices\n";
    char line[256];
    for (int r = 0; r < 16; ++r) {
        std::snprintf(line, sizeof line, "#  Rank %2d Group  0 Pid %6d on %10s device %2d [0000:%02x:00] NVIDIA H100 80GB HBM3\n",
                      r, 4000 + r, r < 8 ? "node-a" : "node-b", r % 8, 16 + r % 8);
        out += line;
    }
    out += "#\n#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw "
           "#wrong\n";
    for (int i = 1; i <= 10000; ++i) {
        const double size = 1048576.0 * i;
        const double t = 60 + 1.875 * size / 330e3;
        const double alg = size / t / 1e3;
        std::snprintf(line, sizeof line, "%12.0f  %12.0f     float     sum      -1  %7.1f  %6.2f  %6.2f       0  %7.1f  %6.2f  %6.2f       0\n",
                      size, size / 4, t, alg, alg * 1.875, t, alg, alg * 1.875);
        out += line;
    }
    out += "# Out of bounds values : 0 OK\n# Avg bus bandwidth    : 250.0\n#\n";
    return out;
}

// A real 31-row log drowned in 10,000 lines of NCCL INFO and launcher output.
std::string messyTenThousandLines()
{
    const std::string gcp = readFixture("gcp_a3mega_h100_2node_16gpu_tcpxo.txt");
    std::string out;
    std::istringstream in(gcp);
    std::string l;
    int n = 0;
    while (std::getline(in, l)) {
        out += l + "\n";
        for (int k = 0; k < 180 && n < 10000; ++k, ++n)
            out += "ztan-mig-235z:6899:7012 [0] NCCL INFO Channel 07/0 : 0[0] -> 1[1] via P2P/IPC/read\n";
    }
    return out;
}

// What the dialog does with a log: parse it and calibrate its first table against a preset.
void parseAndCalibrate(benchmark::State &state, const std::string &text)
{
    const GpuSpec gpu = reference::h100();
    const ClusterSpec cluster = reference::dgxH100();
    for (auto _ : state) {
        LogParse log;
        ParseError err;
        parseLog(text, log, err);
        Calibration c;
        Sentence why;
        benchmark::DoNotOptimize(calibrate(log.tables.front(), {}, &gpu, &cluster, c, why));
    }
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(text.size()));
}

} // namespace

static void BM_Parse10kRows(benchmark::State &state)
{
    const std::string text = tenThousandRows();
    for (auto _ : state) {
        LogParse log;
        ParseError err;
        benchmark::DoNotOptimize(parseLog(text, log, err));
    }
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(text.size()));
}
BENCHMARK(BM_Parse10kRows)->Unit(benchmark::kMillisecond);

static void BM_ParseAndCalibrate10kRows(benchmark::State &state)
{
    parseAndCalibrate(state, tenThousandRows());
}
BENCHMARK(BM_ParseAndCalibrate10kRows)->Unit(benchmark::kMillisecond);

static void BM_ParseAndCalibrateMessy10kLines(benchmark::State &state)
{
    parseAndCalibrate(state, messyTenThousandLines());
}
BENCHMARK(BM_ParseAndCalibrateMessy10kLines)->Unit(benchmark::kMillisecond);

static void BM_FitAlphaBeta10k(benchmark::State &state)
{
    std::vector<double> sizes, times;
    for (int i = 1; i <= 10000; ++i) {
        sizes.push_back(1048576.0 * i);
        times.push_back(60 + 1.875 * sizes.back() / 330e3);
    }
    for (auto _ : state)
        benchmark::DoNotOptimize(fitAlphaBeta(sizes, times, 1.875));
}
BENCHMARK(BM_FitAlphaBeta10k)->Unit(benchmark::kMicrosecond);

static void BM_ParseAndCalibrateFixture(benchmark::State &state)
{
    parseAndCalibrate(state, readFixture("gcp_a3mega_h100_2node_16gpu_tcpxo.txt"));
}
BENCHMARK(BM_ParseAndCalibrateFixture)->Unit(benchmark::kMicrosecond);

BENCHMARK_MAIN();
