// SPDX-License-Identifier: GPL-3.0-or-later
// How long the comparison and the preset library take (no targets; figures for docs/performance.md):
// the five-plan default comparison as given and normalised, its CSV, and the merged catalog read
// from a library of 200 user presets. Run: build-dir/tests/bench_library
#include "library/compare.h"
#include "library/comparisonio.h"
#include "library/presetlibrary.h"

#include <QCoreApplication>
#include <QTemporaryDir>

#include <benchmark/benchmark.h>

using namespace commtax;

static void BM_Compare(benchmark::State &state)
{
    const QList<Scenario> plans = defaultComparison();
    const auto n = static_cast<Normalization>(state.range(0));
    for (auto _ : state) {
        Comparison c = comparePlans(plans, n);
        benchmark::DoNotOptimize(c);
    }
    state.SetLabel(normalizationKey(n).toStdString());
}
BENCHMARK(BM_Compare)->DenseRange(0, 3)->Unit(benchmark::kMicrosecond);

static void BM_ComparisonCsv(benchmark::State &state)
{
    const Comparison c = comparePlans(defaultComparison(), Normalization::AsGiven);
    for (auto _ : state) {
        QString csv = comparisonToCsv(c);
        benchmark::DoNotOptimize(csv);
    }
}
BENCHMARK(BM_ComparisonCsv)->Unit(benchmark::kMicrosecond);

// A fresh library in a temporary folder and a user copy of the H100 preset to store in it.
struct BenchLibrary {
    QTemporaryDir dir;
    PresetLibrary lib{dir.filePath(QStringLiteral("bench.sqlite"))};
    Preset gpu = *PresetCatalog::builtIn().find(Section::Gpu, QStringLiteral("h100-sxm"));
    bool open(benchmark::State &state)
    {
        gpu.builtIn = false;
        if (lib.open(nullptr))
            return true;
        state.SkipWithError("cannot open the library");
        return false;
    }
};

static void BM_LibraryCatalog(benchmark::State &state)
{
    BenchLibrary b;
    if (!b.open(state))
        return;
    PresetLibrary &lib = b.lib;
    Preset &p = b.gpu;
    for (int i = 0; i < 200; ++i) {
        p.id = QStringLiteral("gpu-%1").arg(i);
        lib.savePreset(p, nullptr, nullptr);
    }
    for (auto _ : state) {
        PresetCatalog c = lib.catalog();
        benchmark::DoNotOptimize(c);
    }
}
BENCHMARK(BM_LibraryCatalog)->Unit(benchmark::kMillisecond);

static void BM_LibrarySavePreset(benchmark::State &state)
{
    BenchLibrary b;
    if (!b.open(state))
        return;
    PresetLibrary &lib = b.lib;
    Preset &p = b.gpu;
    p.id = QStringLiteral("mine");
    int i = 0;
    for (auto _ : state) {
        p.values.insert(QStringLiteral("price_usd"), 20000 + i++);
        benchmark::DoNotOptimize(lib.savePreset(p, nullptr, nullptr)); // one transaction, fsync included
    }
}
BENCHMARK(BM_LibrarySavePreset)->Unit(benchmark::kMillisecond);

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv); // QSqlDatabase needs an application object
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
