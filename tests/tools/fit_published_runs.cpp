// SPDX-License-Identifier: GPL-3.0-or-later
// The accuracy fit's report: reads tests/fixtures/published-runs.json, resolves the tuned settings,
// fits the GPU constants in sample and leaving one source out (model/accuracy), and writes
// docs/accuracy.md with a predicted-against-published scatter per group (docs/accuracy/*.png).
//
//   build/bin/commtax_fit_runs SOURCE_DIR            # writes SOURCE_DIR/docs/accuracy.md and its PNGs
//   build/bin/commtax_fit_runs SOURCE_DIR --print    # the same tables on standard output only
#include "accuracy/accuracy.h"
#include "core/presets.h"
#include "engine/engine.h"

#include <QCryptographicHash>
#include <QDate>
#include <QDir>
#include <QFile>
#include <QGuiApplication>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPainter>
#include <QTextStream>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

using namespace commtax;
using namespace commtax::accuracy;

namespace {

QString pct(double v, bool sign = false) { return QString::asprintf(sign ? "%+.1f%%" : "%.1f%%", 100 * v); }

// Throughput per GPU in tokens per second, the one axis every metric maps to: the engine's (leave
// one source out) and the published figure converted with the engine's own tokens per unit of the metric.
void throughputs(const Run &run, const Prediction &p, double &published, double &predicted)
{
    predicted = p.tokens_per_s_per_gpu;
    const double ratio = p.loso > 0 ? run.published / p.loso : 1;
    published = fasterSign(run.metric) < 0 ? predicted / ratio : predicted * ratio;
}

void scatter(const QString &file, const QString &title, const std::vector<Run> &runs, const Report &rep, GroupKind kind)
{
    const int W = 900, H = 760, L = 90, R = 220, T = 50, B = 70;
    QImage img(W, H, QImage::Format_RGB32);
    img.fill(Qt::white);
    QPainter p(&img);
    p.setRenderHint(QPainter::Antialiasing);
    const double lo = std::log10(5.0), hi = std::log10(500000.0);
    auto X = [&](double v) { return L + (std::log10(std::max(v, 5.0)) - lo) / (hi - lo) * (W - L - R); };
    auto Y = [&](double v) { return H - B - (std::log10(std::max(v, 5.0)) - lo) / (hi - lo) * (H - T - B); };
    QFont f = p.font();
    f.setPixelSize(14);
    p.setFont(f);
    p.setPen(QPen(QColor(200, 200, 200), 1));
    for (double d = 10; d <= 100000; d *= 10) {
        p.drawLine(QPointF(X(d), T), QPointF(X(d), H - B));
        p.drawLine(QPointF(L, Y(d)), QPointF(W - R, Y(d)));
        p.setPen(Qt::black);
        p.drawText(QRectF(X(d) - 40, H - B + 6, 80, 20), Qt::AlignCenter, QString::number(d, 'g', 6));
        p.drawText(QRectF(4, Y(d) - 10, L - 10, 20), Qt::AlignRight | Qt::AlignVCenter, QString::number(d, 'g', 6));
        p.setPen(QPen(QColor(200, 200, 200), 1));
    }
    // y = x and the +-30% band.
    for (const double k : {1.0, 1.3, 1 / 1.3}) {
        p.setPen(QPen(k == 1.0 ? QColor(60, 60, 60) : QColor(150, 150, 150), 1, k == 1.0 ? Qt::SolidLine : Qt::DashLine));
        p.drawLine(QPointF(X(5), Y(5 * k)), QPointF(X(500000 / std::max(k, 1.0)), Y(500000 / std::max(k, 1.0) * k)));
    }
    p.setPen(Qt::black);
    p.drawRect(QRectF(L, T, W - L - R, H - T - B));
    p.drawText(QRectF(L, 10, W - L - R, 30), Qt::AlignCenter, title);
    p.drawText(QRectF(L, H - 36, W - L - R, 30), Qt::AlignCenter, QStringLiteral("published throughput (tokens/s per GPU)"));
    p.save();
    p.translate(18, (H - B + T) / 2.0);
    p.rotate(-90);
    p.drawText(QRectF(-200, -10, 400, 24), Qt::AlignCenter, QStringLiteral("engine, leave one source out (tokens/s per GPU)"));
    p.restore();
    static const QColor palette[] = {QColor(0, 114, 178), QColor(213, 94, 0), QColor(0, 158, 115), QColor(204, 121, 167),
                                     QColor(86, 60, 0), QColor(230, 159, 0), QColor(0, 0, 0), QColor(120, 120, 220)};
    std::map<QString, int> colour;
    for (size_t i = 0; i < runs.size(); ++i) {
        const Prediction &pr = rep.predictions[i];
        if (!pr.evaluated || !runs[i].excluded.isEmpty())
            continue;
        const QString g = groupOf(runs[i], kind);
        if (!colour.count(g))
            colour[g] = int(colour.size()) % 8;
        double pub = 0, pred = 0;
        throughputs(runs[i], pr, pub, pred);
        p.setPen(Qt::NoPen);
        p.setBrush(palette[colour[g]]);
        p.setClipRect(QRectF(L, T, W - L - R, H - T - B));
        p.drawEllipse(QPointF(X(pub), Y(pred)), 4.5, 4.5);
        p.setClipping(false);
    }
    int row = 0;
    for (const auto &[g, ci] : colour) {
        p.setBrush(palette[ci]);
        p.setPen(Qt::NoPen);
        p.drawEllipse(QPointF(W - R + 20, T + 14 + 24 * row), 5, 5);
        p.setPen(Qt::black);
        p.drawText(QRectF(W - R + 32, T + 4 + 24 * row, R - 36, 22), Qt::AlignLeft | Qt::AlignVCenter, g);
        ++row;
    }
    p.end();
    img.save(file);
}

bool catalogHasFp8(const PresetCatalog &catalog, const QString &gpu)
{
    Plan p;
    if (const std::optional<Preset> g = catalog.find(Section::Gpu, gpu))
        g->applyTo(p);
    return p.gpu.fp8_dense_tflops > 0;
}

QString table(const Report &rep, GroupKind kind)
{
    QString s;
    QTextStream o(&s);
    o << "| " << groupKindKey(kind)
      << " | rows | LOSO MAPE | LOSO median | LOSO max | LOSO signed mean | in-sample MAPE | in-sample max | \"does not fit\" |\n";
    o << "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n";
    for (const GroupStats &g : rep.groups)
        if (g.kind == kind)
            o << "| " << g.group << " | " << g.rows << " | " << pct(g.mape) << " | " << pct(g.median) << " | " << pct(g.max) << " | " << pct(g.signed_mean, true) << " | "
              << pct(g.in_mape) << " | " << pct(g.in_max) << " | " << g.flagged << " |\n";
    return s;
}

} // namespace

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    if (argc < 2) {
        std::fprintf(stderr, "usage: commtax_fit_runs SOURCE_DIR [--print | --list | --row ID]\n");
        return 2;
    }
    const QString root = QString::fromLocal8Bit(argv[1]);
    const bool printOnly = argc > 2 && QByteArray(argv[2]) == "--print";
    const PresetCatalog &catalog = PresetCatalog::builtIn();
    LoadResult loaded = loadRuns(root + QStringLiteral("/tests/fixtures/published-runs.json"), catalog);
    for (const QString &e : loaded.errors)
        std::fprintf(stderr, "%s\n", qPrintable(e));
    if (!loaded.errors.isEmpty())
        return 1;
    std::vector<Run> &runs = loaded.runs;
    const QStringList tuned = resolveTuned(runs);
    if (argc > 3 && QByteArray(argv[2]) == "--row") {
        // One row's plan and figures, for looking into a miss.
        for (const Run &r : runs)
            if (r.id == QString::fromLocal8Bit(argv[3])) {
                const Evaluation e = evaluate(r.plan);
                const TrainingSpec &t = r.plan.training;
                std::printf("%s: tp %d pp %d cp %d dp %d ep %d vpp %d mb %d gb %d zero %d recompute %s sp %d seq %d %s\n", qPrintable(r.id), t.tp,
                            t.pp, t.cp, t.dp, t.ep, t.vpp, t.micro_batch, t.global_batch, t.zero, toString(t.recompute), t.sequence_parallel,
                            t.seq_len, toString(t.precision));
                if (!e.ok()) {
                    std::printf("refused: %s\n", e.errors.front().message.c_str());
                    return 1;
                }
                const Result &x = e.result;
                std::printf("step %.4g s: compute %.4g bubble %.4g tp %.4g/%.4g pp %.4g/%.4g dp %.4g/%.4g "
                            "cp %.4g/%.4g ep %.4g/%.4g opt %.4g offload %.4g\n",
                            x.step_time_s, x.compute_time_s, x.bubble_time_s, x.tp_comm_time_s, x.tp_comm_exposed_s,
                            x.pp_comm_time_s, x.pp_comm_exposed_s, x.dp_comm_time_s, x.dp_comm_exposed_s,
                            x.cp_comm_time_s, x.cp_comm_exposed_s, x.ep_comm_time_s, x.ep_comm_exposed_s,
                            x.optimizer_time_s, x.offload_time_s);
                std::printf("mfu %.3f hfu %.3f tflops %.1f tokens/s/gpu %.1f memory %.1f GB "
                            "(w %.1f g %.1f o %.1f a %.1f) usable %.1f host %.1f/%.1f\n",
                            x.mfu, x.hfu, x.tflops_per_gpu, x.tokens_per_s / x.gpus, x.memory_total_gb,
                            x.memory_weights_gb, x.memory_gradients_gb, x.memory_optimizer_gb,
                            x.memory_activations_gb, x.memory_usable_gb, x.memory_offloaded_gb, x.memory_host_gb);
                std::printf("figure %.5g published %.5g\n", predictedFigure(r, x), r.published);
                return 0;
            }
        return 1;
    }
    const Report rep = crossValidate(runs, presetConstants(runs, catalog));
    if (argc > 2 && QByteArray(argv[2]) == "--list") {
        // Every row's leave-one-source-out and in-sample error (+ = the engine faster), tab-separated,
        // for looking for the term a group misses.
        for (size_t i = 0; i < runs.size(); ++i) {
            const Prediction &p = rep.predictions[i];
            const double sign = fasterSign(runs[i].metric);
            const char *state = !runs[i].excluded.isEmpty() ? "excluded"
                : !p.evaluated                              ? "refused"
                : p.fits                                    ? "fits"
                                                            : "flagged";
            // The attention kernel's share of the step in sample (the step grows by its time when
            // its figure halves): the rows that pin the attention figure have a fifth or more.
            double share = 0;
            Plan plan = withConstants(runs[i], rep.fitted);
            const Evaluation at = evaluate(plan);
            plan.gpu.attention_efficiency /= 2;
            const Evaluation half = evaluate(plan);
            if (at.ok() && half.ok() && at.result.step_time_s > 0)
                share = (half.result.step_time_s - at.result.step_time_s) / at.result.step_time_s;
            std::printf("%s\t%s\t%+.1f\t%+.1f\t%s\t%.2f\t%d\t%s\n", qPrintable(runs[i].id),
                        qPrintable(runs[i].source_id), 100 * sign * p.loso_error, 100 * sign * p.in_sample_error,
                        state, share, runs[i].year, runs[i].plan.gpu.id.c_str());
        }
        return 0;
    }

    QString md;
    QTextStream o(&md);
    o << "# Accuracy on published runs\n\n"
      << "Written by `commtax_fit_runs` (tests/tools/fit_published_runs.cpp) from `tests/fixtures/published-runs.json`; "
      << "`test_fidelity` asserts the same figures. Do not edit by hand: rebuild and run "
      << "`build/bin/commtax_fit_runs .`.\n\n"
      << "## The rules of the fit\n\n"
      << "1. **A row says only what its source publishes.** Every setting the source does not state takes the engine's default, "
      << "the value a user gets: the default scenario's training fields (selective recompute, ZeRO-1, FlashAttention, BF16, "
      << "gradients reduced in fp32, the MoE imbalance 1.25, micro-batch 1...); a parallel degree that is not published is 1 "
      << "and data parallelism takes the GPUs left; an unpublished global batch is 1,024 sequences rounded up to whole "
      << "micro-batches. The attention kernel is the one the run's year had: no FlashAttention before 2023 unless the row "
      << "says so, and cuDNN's of 2024 (`cudnn_2024`) for a run of 2024 or before. No row carries a guess of a "
      << "hidden setting.\n"
      << "2. **Tuned, not published.** Where a source says a setting was tuned without saying to what (\"interleaved "
      << "schedule\"), the row lists it in `tuned` and the fit sets it by code, the same for every row: the layout search's "
      << "best value for it with everything published held fixed (time objective, preset constants). A source that gives "
      << "neither tp, pp nor a ZeRO stage ran some layout it does not print: its tp and pp are tuned the same way. "
      << "A tuned "
      << "micro-batch without a published global batch takes the global batch the rule above gives it, the fastest per "
      << "sequence wins, among the micro-batches the source says it tried (`tuned_micro_batches`) when it says.\n"
      << "   A framework's own default stands where it differs from the engine's: DeepSpeed's ZeRO-3 rows gather in "
      << "its default 5e7-parameter buckets (`zero3_bucket_params`; docs/model.md §5, which names the count a "
      << "stand-in: DeepSpeed never splits a parameter), and those of 2021 or before hide none of it "
      << "(`dp_overlap` 0: DeepSpeed before 0.6.0 synchronised the device before every parameter's gather; "
      << "§5); torchtitan's tensor "
      << "parallelism (PyTorch DTensor) and Megatron-LM before 2022 wait for the backward's TP collectives "
      << "(`tp_async_backward` false; §5); a run of 2021 or before, and a DeepSpeed one (Megatron-DeepSpeed, "
      << "DeepSpeed's pipeline engine) of 2022 or before, ran without Megatron's sequence parallelism, which "
      << "came to Megatron-LM in 2022 and to Megatron-DeepSpeed in 2023 (`sequence_parallel` false; §5); "
      << "torchtitan and OLMo-core (torchao's Float8Linear) and Composer "
      << "(Transformer Engine without is_first_microbatch) cast the FP8 weights in every micro-batch "
      << "(`fp8_weight_cache` false; §3); torchtitan's FSDP under a pipeline keeps whole weights and fp32 "
      << "gradients for the step, one all-gather and one reduce-scatter a step (`zero` 1, not 3; §5), and cuts "
      << "the local batch into one micro-batch per pipeline stage, pp x vpp of them, with two stages per rank "
      << "for an interleaved schedule (torchtitan's pipelining_utils.py; until its commit 90567fc98 of "
      << "2025-01-07, one per pipeline rank, pp of them, which its 2024 rows ran); NVIDIA's performance tables ran "
      << "the performance recipes, which reduce "
      << "gradients in BF16 (`grad_bytes` 2: Megatron-Bridge's set_basic_perf_overrides, NeMo's "
      << "grad_reduce_in_fp32 = False and grad_sync_dtype bf16); llm.c's only loss is its fused classifier "
      << "(`fused_cross_entropy`); torchtitan's loss is PyTorch's eager F.cross_entropy on fp32 logits "
      << "(`unfused_loss` pytorch; §8), compiled where the run names torch.compile from 2025 on, and nanoGPT and "
      << "modded-nanogpt compile the model with its loss inside (`unfused_loss` compiled); the Hugging Face "
      << "Trainer's default optimizer in 2024 (adamw_torch) and torchtitan's before 2025-02 are PyTorch's "
      << "foreach AdamW (`optimizer_kernel` foreach; §5); nanoGPT, "
      << "modded-nanogpt and the Hugging Face Trainer checkpoint no "
      << "activations unless asked (`recompute` none); PyTorch-native trainers and Megatron-DeepSpeed run "
      << "FlashAttention-2 (`attention_kernel` flash2: torchtitan's SDPA, flash-attn), Megatron-LM, NeMo, "
      << "Megatron-Bridge, MaxText and llm.c cuDNN's fused attention, the engine's default, as the run's year had "
      << "it (`cudnn_2024` for a run of 2024 or before: 0.82 of today's release on long sequences; §3); GPT models of "
      << "Megatron-LM's own papers and readme, of Megatron-DeepSpeed and NeMo's GPT-3 5B and 20B train with "
      << "dropout 0.1, their framework's default (`model.dropout`; §8; the engine's default is 0, as "
      << "today's recipes). A setting named "
      << "the framework's way is "
      << "written the engine's way: torchtitan's selective activation checkpointing is its per-op policy "
      << "(`recompute` ops; §3, §8), and its layer-frequency checkpointing ('selective layer', every "
      << "second block whole by its default selective_ac_option \"2\") full recompute of half of each "
      << "chunk's layers (`recompute_num_layers`; §8).\n"
      << "3. **What is fitted.** Two constants per GPU, the BF16 GEMM efficiency on its BF16 rows and the FP8 "
      << "GEMM efficiency on its FP8 rows (its dense rows only when it has six of the precision: an MoE row's "
      << "miss is mostly its own terms'), and one per GPU family, the attention kernel's efficiency (H100 and "
      << "its variants, Blackwell, A100 run one kernel each), on the family's dense rows where attention takes "
      << "at least a fifth of the step; each GPU of the family takes it times its BF16 figure over the "
      << "family's most-measured GPU's, counted over every source so that it is the same GPU in every fold (a "
      << "power cap slows both), or where the kernel is benchmarked on two GPUs of the family the measured "
      << "ratio (GB300 1.157 times GB200's, cuDNN's benchmark; docs/model.md section 3). Coordinate descent, "
      << "twice round, minimising the mean absolute error. A constant is fitted on six rows or more; a GPU "
      << "with fewer takes the GEMM figures of its family's most-measured GPU (A100 40 GB the 80 GB's, H800 "
      << "the H100's), or with none those of the family that runs its kernels (the workstation and consumer "
      << "cards, GA102 Ampere and AD102 Ada, the A100's: mma.sync GEMMs and FlashAttention-2; docs/model.md "
      << "§3), and one precision with fewer takes the H100's ratio to the other. A family whose rows do not "
      << "pin its attention figure: Blackwell and H200/H20 take the H100's (the same kernel families), another "
      << "is fitted on all its rows when it has twelve, else takes the figure of the family that runs its "
      << "kernels (the consumer cards the A100's).\n"
      << "4. **Cross-validation is the headline.** For every source (one paper, one vendor table release) the constants are "
      << "fitted on all other sources and that source is predicted: leave one source out (LOSO). In-sample figures are "
      << "shown beside, never alone.\n"
      << "5. **Signed mean**: + is the engine faster than published. **\"does not fit\"**: runs that ran but that the engine "
      << "says do not fit in memory.\n"
      << "6. Rows that contradict another source stay in the file, marked `excluded` with the reason, and are not "
      << "counted. Rows that disagree with another row but have no reason of their own to be set aside stay "
      << "counted, marked `contradicts` with the other row and the reason (listed below).\n\n";
    const GroupStats &all = rep.groups.front();
    o << "## Overall\n\n"
      << rep.counted << " rows from " << rep.sources << " sources. Leave one source out: MAPE " << pct(all.mape) << ", median "
      << pct(all.median) << ", max "
      << pct(all.max) << ", signed mean " << pct(all.signed_mean, true) << ". In sample: MAPE " << pct(all.in_mape) << ", max "
      << pct(all.in_max) << ". Runs that ran but are flagged \"does not fit\": " << all.flagged << " of " << all.rows << ".\n\n";
    o << "Fitted on every row (the presets carry these, each within 0.02: test_fidelity):"
      << "\n\n| GPU | rows | BF16 GEMM efficiency | FP8 GEMM efficiency | attention efficiency |\n"
      << "| --- | ---: | ---: | ---: | ---: |\n";
    for (const GpuConstants &g : rep.fitted.gpus)
        o << "| " << g.gpu << " | " << g.rows << " | " << QString::number(g.compute_efficiency, 'f', 3) << " | "
          << (catalogHasFp8(catalog, g.gpu) ? QString::number(g.fp8_efficiency, 'f', 3) : QStringLiteral("-")) << " | "
          << QString::number(g.attention_efficiency, 'f', 3)
          << (g.rows == 0 ? " (preset ratio to H100)" : "") << " |\n";
    o << "\n";
    QDir().mkpath(root + QStringLiteral("/docs/accuracy"));
    for (GroupKind kind : kGroupKinds) {
        const QString key = groupKindKey(kind);
        o << "## By " << key << "\n\n"
          << table(rep, kind) << "\n";
        if (!printOnly) {
            scatter(root + QStringLiteral("/docs/accuracy/") + key + QStringLiteral(".png"),
                    QStringLiteral("Predicted (leave one source out) against published, by ") + key, runs, rep, kind);
            o << "![predicted against published, by " << key << "](accuracy/" << key << ".png)\n\n";
        }
    }
    // The worst ten rows, out of sample.
    std::vector<size_t> order;
    for (size_t i = 0; i < runs.size(); ++i)
        if (rep.predictions[i].evaluated && runs[i].excluded.isEmpty())
            order.push_back(i);
    std::sort(order.begin(), order.end(),
              [&](size_t a, size_t b) { return std::abs(rep.predictions[a].loso_error) > std::abs(rep.predictions[b].loso_error); });
    o << "## The worst ten rows (leave one source out)\n\n| row | source | LOSO | in sample | what the row says |\n| --- | --- | ---: | ---: | --- |\n";
    for (size_t j = 0; j < std::min<size_t>(10, order.size()); ++j) {
        const size_t i = order[j];
        QString note = runs[i].note;
        note.replace(QLatin1Char('|'), QLatin1Char('/'));
        // Signed as every table here: + is the engine faster (a step time's error is the other way round).
        const double sign = fasterSign(runs[i].metric);
        const Prediction &p = rep.predictions[i];
        o << "| " << runs[i].id << " | " << runs[i].source_id << " | " << pct(sign * p.loso_error, true) << " | "
          << pct(sign * p.in_sample_error, true) << " | " << note << " |\n";
    }
    // Counted rows that contradict another (the fixture's `contradicts`), with the reason.
    o << "\n## Counted rows that contradict another\n\n| row | LOSO | in sample | the other row, and why |\n"
      << "| --- | ---: | ---: | --- |\n";
    for (size_t i = 0; i < runs.size(); ++i) {
        if (runs[i].contradicts.isEmpty() || !runs[i].excluded.isEmpty() || !rep.predictions[i].evaluated)
            continue;
        QString why = runs[i].contradicts;
        why.replace(QLatin1Char('|'), QLatin1Char('/'));
        const double sign = fasterSign(runs[i].metric);
        const Prediction &p = rep.predictions[i];
        o << "| " << runs[i].id << " | " << pct(sign * p.loso_error, true) << " | "
          << pct(sign * p.in_sample_error, true) << " | " << why << " |\n";
    }
    // Memory where the source prints it (the peak the framework reports: PyTorch's caching allocator
    // reserves more than it uses, so a peak near capacity says little).
    o << "\n## Memory where the source prints it\n\nThe engine's memory per GPU against the peak the source prints (PyTorch "
      << "frameworks report the caching allocator's peak, which grows toward the GPU's capacity, so a published peak near "
      << "capacity bounds the need from above only).\n\n| row | published GB | engine GB | engine / published |\n| --- | ---: | ---: | ---: |\n";
    // A published peak above the GPU's capacity cannot be one GPU's peak: listed, not counted.
    int memRows = 0, memWithin = 0, memImpossible = 0;
    // A peak at 90% of the GPU or more may be the allocator filling it: the engine at or below it is
    // all such a figure can check (counted apart, beside the count of every row).
    int nearCapacity = 0, nearCapacityBelow = 0, measuredWithin = 0;
    for (size_t i = 0; i < runs.size(); ++i)
        if (runs[i].published_memory_gb && rep.predictions[i].evaluated) {
            const double ratio = rep.predictions[i].memory_gb / *runs[i].published_memory_gb;
            const accuracy::MemoryMatch match = accuracy::memoryMatch(runs[i], rep.predictions[i].memory_gb);
            const bool possible = match != accuracy::MemoryMatch::MoreThanTheGpuHolds;
            ++(possible ? memRows : memImpossible);
            memWithin += match == accuracy::MemoryMatch::Within ? 1 : 0;
            const double capacity = rep.predictions[i].plan.gpu.memory_gb;
            if (possible && capacity > 0 && *runs[i].published_memory_gb >= 0.9 * capacity) {
                ++nearCapacity;
                nearCapacityBelow += rep.predictions[i].memory_gb <= *runs[i].published_memory_gb ? 1 : 0;
            } else if (possible) {
                measuredWithin += match == accuracy::MemoryMatch::Within ? 1 : 0;
            }
            o << "| " << runs[i].id << (possible ? "" : " (more than the GPU holds)") << " | "
              << QString::number(*runs[i].published_memory_gb, 'f', 1) << " | "
              << QString::number(rep.predictions[i].memory_gb, 'f', 1) << " | " << QString::number(ratio, 'f', 2) << " |\n";
        }
    o << "\n"
      << memWithin << " of " << memRows << " within 10%";
    if (memImpossible > 0)
        o << "; not counted: " << memImpossible << " whose published peak is more than the GPU holds";
    o << ".\n";
    if (nearCapacity > 0)
        o << "Of those, " << memRows - nearCapacity << " print a peak below 90% of the GPU's memory, "
          << measuredWithin << " of them within 10%; " << nearCapacity
          << " print 90% or more, where the caching allocator may have filled the GPU, and the engine is at or below "
          << nearCapacityBelow << " of those peaks.\n";
    // The ranges (model/core/engineaccuracy.h): how often P10-P90 holds the published step time with
    // the factors this fit writes, each run held out of its own regime (test_ranges asserts it).
    // The engine's error as data (the honest ranges build on it): per counted row the factor that turns
    // the engine's step time into the published one, leave one source out, with what the row is; per
    // group its quantiles.
    QJsonArray rows;
    std::map<std::pair<int, QString>, std::vector<double>> byGroup;
    for (size_t i = 0; i < runs.size(); ++i) {
        const Prediction &p = rep.predictions[i];
        if (!p.evaluated || !runs[i].excluded.isEmpty())
            continue;
        const double factor = timeFactor(runs[i], p);
        QJsonObject row{{QStringLiteral("id"), runs[i].id},
                        {QStringLiteral("source_id"), runs[i].source_id},
                        {QStringLiteral("time_factor"), std::round(factor * 1e4) / 1e4},
                        {QStringLiteral("fits"), p.fits},
                        {QStringLiteral("gpus"), runs[i].plan.cluster.nodes * runs[i].plan.cluster.gpus_per_node}};
        for (GroupKind kind : kGroupKinds) {
            if (kind == GroupKind::All)
                continue;
            row.insert(groupKindKey(kind), groupOf(runs[i], kind));
        }
        rows.append(row);
        for (GroupKind kind : kGroupKinds)
            byGroup[{int(kind), groupOf(runs[i], kind)}].push_back(factor);
    }
    {
        // Read back as the app reads presets/engine-accuracy.json (the factors rounded as written).
        EngineAccuracyData data;
        QString dataError;
        const QJsonObject written{{QStringLiteral("format"), QStringLiteral("commtax-engine-accuracy")},
                                  {QStringLiteral("rows"), rows}};
        if (!parseEngineAccuracy(QJsonDocument(written).toJson(), data, &dataError)) {
            std::fprintf(stderr, "engine accuracy rows: %s\n", qPrintable(dataError));
            return 1;
        }
        const RangeCoverage cov = rangeCoverage(runs, rep, catalog, data, 1000);
        auto share = [](double v) -> QString { return QString::number(std::lround(100 * v)) + QLatin1Char('%'); };
        o << "\n## The engine's error in every range\n\n"
          << "Every P10-P90 the app shows holds the engine's own error (`engine.step_time_error`, model/core/engineaccuracy.h): the "
             "factor published / engine step time of the runs above (leave one source out), written to `presets/engine-accuracy.json` "
             "and drawn from the P10-P90 of the runs like the plan: the same GPU family, dense or MoE, fully sharded or not, a GPU count "
             "within 4x; failing 10 runs from 10 sources there, the same at any scale, then the kind on any GPU, then every run (with a "
             "warning). Each source weighs as one run in those percentiles (its runs share its weight): a "
             "source's runs share one framework release and one cluster, so they are one draw of the "
             "engine's error, and the next plan's run is another source's. The percentiles are the next "
             "draw's (uncertainty::predictivePercentile): with k sources the i-th sits at i / (k + 1), not "
             "(i - 1) / (k - 1), so a P10-P90 holds the next source's run 80% of the time, not 65% at 10 "
             "sources. Coverage below: each run "
             "sampled as the app samples a plan (its presets' kinds, 1,000 samples), its own source "
             "left out of its regime. Target: P10-P90 holds 70-90%, P25-P75 40-60%.\n\n"
          << "P10-P90 holds " << cov.all.in80 << " of " << cov.all.rows << " (" << share(cov.all.share80()) << "), P25-P75 "
          << cov.all.in50 << " (" << share(cov.all.share50()) << "); the median P10-P90 is " << share(cov.medianWidth)
          << " of the P50 wide.\n\n| group | rows | P10-P90 holds | P25-P75 holds |\n| --- | ---: | ---: | ---: |\n";
        for (const auto &g : cov.groups)
            o << "| " << g.first << " | " << g.second.rows << " | " << share(g.second.share80()) << " | " << share(g.second.share50()) << " |\n";
    }
    o << "\n## Every row\n\nLOSO and in sample are signed as everywhere here: + is the engine faster than "
         "published, whatever the metric (a step time or GPU-hours figure the engine gives 10% below the "
         "published one is +10%).\n\n"
         "| row | framework | GPUs | metric | published | LOSO | in sample | fits |\n"
         "| --- | --- | ---: | --- | ---: | ---: | ---: | --- |\n";
    for (size_t i = 0; i < runs.size(); ++i) {
        const Prediction &p = rep.predictions[i];
        const double sign = fasterSign(runs[i].metric);
        const QString loso = p.evaluated ? pct(sign * p.loso_error, true) : QStringLiteral("refused: ") + p.error;
        const QString inSample = p.evaluated ? pct(sign * p.in_sample_error, true) : QString();
        o << "| " << runs[i].id << (runs[i].excluded.isEmpty() ? "" : " (excluded)") << " | " << runs[i].framework
          << " | " << runs[i].plan.cluster.nodes * runs[i].plan.cluster.gpus_per_node << " | "
          << metricKey(runs[i].metric) << " | " << QString::number(runs[i].published, 'g', 5) << " | " << loso
          << " | " << inSample << " | " << (p.fits ? "yes" : "**no**") << " |\n";
    }
    if (!tuned.isEmpty())
        o << "\nTuned settings that could not be resolved: " << tuned.join(QStringLiteral("; ")) << "\n";
    o.flush();
    if (printOnly) {
        std::fputs(qPrintable(md), stdout);
        return 0;
    }
    QJsonArray groups;
    for (auto &entry : byGroup) {
        const std::pair<int, QString> &key = entry.first;
        std::vector<double> &f = entry.second; // a named reference: clang 14 cannot capture a binding
        std::sort(f.begin(), f.end());
        auto q = [&](double at) { return std::round(f[size_t(std::lround(at * double(f.size() - 1)))] * 1e4) / 1e4; };
        groups.append(QJsonObject{{QStringLiteral("kind"), groupKindKey(GroupKind(key.first))},
                                  {QStringLiteral("group"), key.second},
                                  {QStringLiteral("rows"), int(f.size())},
                                  {QStringLiteral("p10"), q(0.1)},
                                  {QStringLiteral("p25"), q(0.25)},
                                  {QStringLiteral("p50"), q(0.5)},
                                  {QStringLiteral("p75"), q(0.75)},
                                  {QStringLiteral("p90"), q(0.9)}});
    }
    QFile fixture(root + QStringLiteral("/tests/fixtures/published-runs.json"));
    fixture.open(QIODevice::ReadOnly);
    const QByteArray sha = QCryptographicHash::hash(fixture.readAll(), QCryptographicHash::Sha256).toHex();
    const QJsonObject accuracyDoc{
        {QStringLiteral("format"), QStringLiteral("commtax-engine-accuracy")},
        {QStringLiteral("version"), 1},
        {QStringLiteral("about"), QStringLiteral("The engine's step-time error on published runs it was not fitted on (leave one source "
                                                 "out), written by commtax_fit_runs: per row the factor published / engine step "
                                                 "time and the groups it belongs to, per group the quantiles of that factor.")},
        {QStringLiteral("provenance"), QJsonObject{{QStringLiteral("runs"), QStringLiteral("tests/fixtures/published-runs.json")}, {QStringLiteral("runs_sha256"), QString::fromLatin1(sha)}, {QStringLiteral("fit"), QStringLiteral("leave one source out")}, {QStringLiteral("counted"), rep.counted}, {QStringLiteral("sources"), rep.sources}, {QStringLiteral("date"), QDate::currentDate().toString(Qt::ISODate)}}},
        {QStringLiteral("groups"), groups},
        {QStringLiteral("rows"), rows}};
    QFile accuracyFile(root + QStringLiteral("/presets/engine-accuracy.json"));
    if (accuracyFile.open(QIODevice::WriteOnly | QIODevice::Truncate))
        accuracyFile.write(QJsonDocument(accuracyDoc).toJson(QJsonDocument::Indented));

    QFile out(root + QStringLiteral("/docs/accuracy.md"));
    if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return 1;
    out.write(md.toUtf8());
    std::printf("wrote %s: %d rows, %d sources, LOSO MAPE %.1f%%, max %.1f%%\n", qPrintable(out.fileName()), rep.counted, rep.sources,
                100 * all.mape, 100 * all.max);
    return 0;
}
