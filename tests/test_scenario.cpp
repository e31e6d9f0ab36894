// SPDX-License-Identifier: GPL-3.0-or-later
// Scenario files and presets: round trips, overrides, inline sections, and errors that name the
// file, the line and the JSON path.
#include "core/analysis.h"
#include "core/engineaccuracy.h"
#include "core/fields.h"
#include "core/gpumove.h"
#include "core/jsonlocator.h"
#include "core/jsonsyntax.h"
#include "core/presets.h"
#include "core/quote.h"
#include "core/scenario.h"
#include "engine/engine.h"
#include "engine/sweep.h"

#include <QDir>
#include <QDirIterator>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QTemporaryDir>
#include <QTest>

using namespace commtax;

namespace {
QByteArray scenarioText(const char *body)
{
    return QByteArray("{\n  \"format\": \"commtax-scenario\",\n  \"version\": 1,\n") + body + "\n}\n";
}
} // namespace

class TestScenario : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // A cluster preset saved before cluster.oversubscription existed (a user's library, an old
    // export) still loads, with the default of 1; a field of version 1 is still required.
    void presetsWithoutLaterFieldsStillLoad()
    {
        QJsonObject o = PresetCatalog::builtIn().find(Section::Cluster, QStringLiteral("dgx-h100"))->toJson();
        QVERIFY(o.contains(QStringLiteral("oversubscription")));
        o.remove(QStringLiteral("oversubscription"));
        Preset p;
        QString path, why;
        QVERIFY2(parsePreset(Section::Cluster, o, QStringLiteral("presets[0]"), p, &path, &why), qPrintable(why));
        QCOMPARE(p.values.value(QStringLiteral("oversubscription")).toDouble(), 1.0);
        o.remove(QStringLiteral("nodes"));
        QVERIFY(!parsePreset(Section::Cluster, o, QStringLiteral("presets[0]"), p, &path, &why));
        QVERIFY2(why.contains(QStringLiteral("lacks field \"nodes\"")), qPrintable(why));
    }
    // Scenario files written before training.first_stage_layers/last_stage_layers existed load with
    // 0 (automatic); the fields round-trip once set (docs/model.md §16).
    // A field's version and the plans it means something for are columns of its row: the
    // fields added after version 1 load with their default, and the editor hides a field only for
    // the plans its rule names.
    void fieldRowsHoldVersionAndRelevance()
    {
        const auto field = [](Section s, const char *key) { return findField(s, QLatin1String(key)); };
        QVERIFY(!field(Section::Training, "tp")->addedLater());
        QVERIFY(field(Section::Training, "cp")->addedLater());
        QVERIFY(field(Section::Training, "fused_cross_entropy")->addedLater());
        QVERIFY(field(Section::Model, "dropout")->addedLater());
        int later = 0;
        for (const FieldInfo &f : planFields())
            later += f.addedLater() ? 1 : 0;
        QCOMPARE(later, 61); // 57-60: model.glu_clamp, model.expert_bias, training.fused_rope, te_op_fuser; 61 dp_shard
        QVERIFY(field(Section::Model, "glu_clamp")->addedLater());
        QVERIFY(field(Section::Training, "dp_shard")->addedLater());
        // Hybrid sharding splits ZeRO's groups: nothing to split under ZeRO 0.
        Plan ddp = defaultScenario().plan, sharded = ddp;
        ddp.training.zero = 0;
        sharded.training.zero = 1;
        QVERIFY(!fieldRelevant(*field(Section::Training, "dp_shard"), ddp));
        QVERIFY(fieldRelevant(*field(Section::Training, "dp_shard"), sharded));
        QVERIFY(field(Section::Training, "te_op_fuser")->addedLater());
        Plan dense = defaultScenario().plan;
        QCOMPARE(dense.model.attention, Attention::Mha);
        QVERIFY(!dense.model.moe());
        QVERIFY(fieldRelevant(*field(Section::Training, "tp"), dense));
        QVERIFY(!fieldRelevant(*field(Section::Model, "kv_lora_rank"), dense));
        QVERIFY(!fieldRelevant(*field(Section::Training, "recompute_mla_up_proj"), dense));
        QVERIFY(!fieldRelevant(*field(Section::Training, "ep"), dense));
        QVERIFY(!fieldRelevant(*field(Section::Model, "expert_bias"), dense)); // experts only
        QVERIFY(!fieldRelevant(*field(Section::Training, "zero3_bucket_params"), dense));
        // The attention kernel means something only with FlashAttention on.
        QVERIFY(fieldRelevant(*field(Section::Training, "attention_kernel"), dense));
        Plan unfused = dense;
        unfused.training.flash_attention = false;
        QVERIFY(!fieldRelevant(*field(Section::Training, "attention_kernel"), unfused));
        // Whose unfused loss runs means something only with the fused loss off.
        QVERIFY(field(Section::Training, "unfused_loss")->addedLater());
        QVERIFY(fieldRelevant(*field(Section::Training, "unfused_loss"), dense));
        Plan fusedLoss = dense;
        fusedLoss.training.fused_cross_entropy = true;
        QVERIFY(!fieldRelevant(*field(Section::Training, "unfused_loss"), fusedLoss));
        // The FP8 weight cache means something only with FP8 matmuls.
        QVERIFY(field(Section::Training, "fp8_weight_cache")->addedLater());
        QVERIFY(!fieldRelevant(*field(Section::Training, "fp8_weight_cache"), dense));
        Plan fp8Plan = dense;
        fp8Plan.training.precision = Precision::Fp8;
        QVERIFY(fieldRelevant(*field(Section::Training, "fp8_weight_cache"), fp8Plan));
        // The optimizer's kernel: a later field, always meaningful.
        QVERIFY(field(Section::Training, "optimizer_kernel")->addedLater());
        QVERIFY(fieldRelevant(*field(Section::Training, "optimizer_kernel"), dense));
        Plan p = dense;
        p.model.attention = Attention::Mla;
        p.model.experts = 8;
        p.model.experts_per_token = 2;
        p.training.zero = 3;
        QVERIFY(p.model.moe());
        QVERIFY(fieldRelevant(*field(Section::Model, "kv_lora_rank"), p));
        QVERIFY(fieldRelevant(*field(Section::Training, "ep"), p));
        QVERIFY(fieldRelevant(*field(Section::Training, "zero3_bucket_params"), p));
        const FieldInfo &restart = *field(Section::Training, "restart_s");
        p.training.goodput.reset();
        QVERIFY(fieldRelevant(restart, p));
        p.training.goodput = 0.9;
        QVERIFY(!fieldRelevant(restart, p));
        const FieldInfo &fp8 = *field(Section::Gpu, "fp8_efficiency");
        p.gpu.fp8_dense_tflops = 0;
        QVERIFY(!fieldRelevant(fp8, p));
        p.gpu.fp8_dense_tflops = 1979;
        QVERIFY(fieldRelevant(fp8, p));
    }

    void scenariosWithoutStageLayersStillLoad()
    {
        Scenario s = defaultScenario();
        QJsonObject o = QJsonDocument::fromJson(serializeScenario(s)).object();
        QJsonObject t = o.value(QStringLiteral("training")).toObject();
        QVERIFY(t.contains(QStringLiteral("first_stage_layers")));
        t.remove(QStringLiteral("first_stage_layers"));
        t.remove(QStringLiteral("last_stage_layers"));
        o.insert(QStringLiteral("training"), t);
        Scenario old;
        QList<LoadError> errors;
        QVERIFY(parseScenario(QJsonDocument(o).toJson(), QStringLiteral("old.json"), PresetCatalog::builtIn(), old,
                              errors));
        QCOMPARE(old.plan.training.first_stage_layers, 0);
        QCOMPARE(old.plan.training.last_stage_layers, 0);
        s.plan.training.first_stage_layers = 19;
        s.plan.training.last_stage_layers = 19;
        Scenario back;
        QVERIFY(parseScenario(serializeScenario(s), QStringLiteral("back.json"), PresetCatalog::builtIn(), back,
                              errors));
        QCOMPARE(back.plan.training.first_stage_layers, 19);
        QCOMPARE(back.plan.training.last_stage_layers, 19);
    }
    void builtInPresetsLoadWithProvenance()
    {
        const PresetCatalog &c = PresetCatalog::builtIn();
        for (const char *id : {"h100-sxm", "h200-sxm", "a100-sxm-80gb", "l40s", "rtx-4090", "b200", "mi300x"})
            QVERIFY2(c.find(Section::Gpu, QLatin1String(id)), id);
        for (const char *id : {"llama2-7b", "llama2-13b", "codellama-34b", "llama2-70b", "llama3-8b", "llama3-70b",
                               "gpt3-175b"})
            QVERIFY2(c.find(Section::Model, QLatin1String(id)), id);
        for (const char *id : {"dgx-h100", "dgx-a100", "l40s-pcie", "rtx4090-pcie"})
            QVERIFY2(c.find(Section::Cluster, QLatin1String(id)), id);
        // every number of every built-in preset says where it comes from
        for (Section s : kPresetSections)
            for (const Preset &p : c.presets(s)) {
                QVERIFY(p.builtIn);
                for (const FieldInfo *f : fieldsOf(s)) {
                    const auto prov = p.provenance.constFind(QLatin1String(f->key));
                    QVERIFY2(prov != p.provenance.constEnd(),
                             qPrintable(p.id + QLatin1Char('.') + QLatin1String(f->key)));
                    QVERIFY2(!prov->source.isEmpty(), qPrintable(p.id + QLatin1Char('.') + QLatin1String(f->key)));
                }
            }
        const std::optional<Preset> g = c.find(Section::Gpu, QStringLiteral("h100-sxm"));
        QVERIFY(g->provenance.value(QStringLiteral("bf16_dense_tflops")).kind == SourceKind::Datasheet);
        QVERIFY(g->provenance.value(QStringLiteral("intra_efficiency")).kind == SourceKind::Measured);
        QVERIFY(g->provenance.value(QStringLiteral("price_usd")).kind == SourceKind::Assumption);
        QVERIFY(c.find(Section::Cluster, g->defaultCluster()));
        // Every GPU states the fixed cost of a GEMM it assumes (nine took the struct's 12 us silently
        // before 2026-12-06); the Blackwell GPUs take the H100's fitted 24 us as an assumption.
        for (const Preset &p : c.presets(Section::Gpu)) {
            const auto prov = p.provenance.constFind(QStringLiteral("gemm_overhead_us"));
            QVERIFY2(prov != p.provenance.constEnd() && !prov->source.isEmpty(), qPrintable(p.id));
        }
        for (const char *id : {"b200", "gb200", "b300", "gb300"}) {
            const std::optional<Preset> b = c.find(Section::Gpu, QLatin1String(id));
            QVERIFY2(b && b->provenance.value(QStringLiteral("gemm_overhead_us")).kind == SourceKind::Assumption, id);
            Plan plan;
            b->applyTo(plan);
            QCOMPARE(plan.gpu.gemm_overhead_us, 24.0);
        }
    }
    // "Move a plan to another GPU" has one rule (moveToGpu(), core/gpumove.h): the GPU in its
    // server, its own efficiency and rent price, the GPU count kept where the server can hold it.
    void moveToGpuRules()
    {
        const PresetCatalog &c = PresetCatalog::builtIn();
        Plan plan = defaultScenario(c).plan; // Llama 2 70B on 256 H100, tp 8, pp 4, dp 8
        plan.training.compute_efficiency = 0.3;
        plan.economics.usd_per_gpu_hour = 3.5;
        const int globalBatch = plan.training.global_batch;

        Plan unchanged = plan;
        QVERIFY(!moveToGpu(c, unchanged, QStringLiteral("no-such-gpu")));
        QCOMPARE(unchanged.gpu.id, plan.gpu.id);
        QCOMPARE(unchanged.economics.usd_per_gpu_hour, 3.5);

        Plan a100 = plan;
        bool kept = false;
        const std::optional<GpuInServer> moved = moveToGpu(c, a100, QStringLiteral("a100-sxm-80gb"), &kept);
        QVERIFY(moved);
        QVERIFY(kept);
        QCOMPARE(moved->gpu.id, QStringLiteral("a100-sxm-80gb"));
        QCOMPARE(moved->cluster->id, QStringLiteral("dgx-a100"));
        QCOMPARE(a100.gpu.id, std::string("a100-sxm-80gb"));
        QCOMPARE(a100.cluster.id, std::string("dgx-a100"));
        QCOMPARE(a100.gpu.bf16_dense_tflops, 312.0);
        QCOMPARE(a100.cluster.nodes * a100.cluster.gpus_per_node, 256); // the GPU count stays
        QCOMPARE(a100.training.dp, 8);
        QCOMPARE(a100.training.global_batch, globalBatch);
        QVERIFY(!a100.training.compute_efficiency);     // the A100's own efficiency
        QCOMPARE(a100.economics.usd_per_gpu_hour, 0.0); // and its own rent price
        QCOMPARE(a100.model.id, plan.model.id);
        QCOMPARE(a100.training.tp, plan.training.tp);

        // the engine's hardware sweep follows the same rule: the same figures on every GPU
        for (const Preset &g : c.presets(Section::Gpu)) {
            Plan onIt = plan;
            QVERIFY(moveToGpu(c, onIt, g.id));
            const std::vector<SweepPoint> swept = sweepHardware(plan, {*hardwareFor(c, g.id, plan.cluster)});
            const Evaluation own = evaluate(onIt);
            QCOMPARE(own.ok(), swept.front().valid);
            if (own.ok())
                QCOMPARE(own.result.step_time_s, swept.front().result.step_time_s);
        }

        // a count the new server cannot hold: 12 GPUs on nodes of 8 keep the server's nodes
        Plan twelve = plan;
        twelve.cluster.gpus_per_node = 4;
        twelve.cluster.nodes = 3;
        twelve.training.tp = 4;
        twelve.training.pp = 1;
        twelve.training.dp = 3;
        QVERIFY(moveToGpu(c, twelve, QStringLiteral("a100-sxm-80gb"), &kept));
        QVERIFY(!kept);
        const std::optional<Preset> dgxA100 = c.find(Section::Cluster, QStringLiteral("dgx-a100"));
        QCOMPARE(twelve.cluster.nodes, dgxA100->values.value(QStringLiteral("nodes")).toInt());
        QCOMPARE(twelve.cluster.gpus_per_node, 8);

        // a GPU that names no server the catalog has keeps the plan's cluster
        PresetCatalog own = c;
        Preset lone = *c.find(Section::Gpu, QStringLiteral("l40s"));
        lone.id = QStringLiteral("my-l40s");
        lone.extras.insert(QStringLiteral("default_cluster"), QStringLiteral("no-such-cluster"));
        own.add(lone);
        Plan onLone = plan;
        const std::optional<GpuInServer> loneMove = moveToGpu(own, onLone, lone.id);
        QVERIFY(loneMove);
        QVERIFY(!loneMove->cluster);
        QCOMPARE(onLone.cluster.id, plan.cluster.id);
        QCOMPARE(onLone.gpu.id, std::string("my-l40s"));
        QCOMPARE(onLone.cluster.nodes * onLone.cluster.gpus_per_node, 256);
    }
    void presetPlusOverrides()
    {
        Scenario s;
        QList<LoadError> errors;
        const QByteArray json = scenarioText(R"(  "name": "test",
  "model": {"preset": "llama2-7b"},
  "gpu": {"preset": "h100-sxm", "price_usd": 30000},
  "cluster": {"preset": "dgx-h100", "nodes": 2},
  "training": {"tp": 8, "pp": 1, "global_batch": 64, "seq_len": 4096},
  "economics": {"mode": "rent", "usd_per_gpu_hour": 2.5})");
        QVERIFY(parseScenario(json, QStringLiteral("t.json"), PresetCatalog::builtIn(), s, errors));
        QCOMPARE(s.plan.gpu.price_usd, 30000.0);
        QCOMPARE(s.plan.gpu.bf16_dense_tflops, 989.0);
        QCOMPARE(s.plan.cluster.nodes, 2);
        QCOMPARE(s.plan.training.dp, 2); // derived: 16 GPUs / (8*1)
        QCOMPARE(s.plan.economics.mode, EconomicsMode::Rent);
        QCOMPARE(s.gpuPreset, QStringLiteral("h100-sxm"));
        QVERIFY(evaluate(s.plan).ok());
    }
    void inlineCustomModelAndGpuNeedNoPreset()
    {
        Scenario s;
        QList<LoadError> errors;
        const QByteArray json = scenarioText(R"(  "model": {"id": "tiny", "name": "Tiny", "layers": 4, "hidden": 512, "heads": 8,
            "kv_heads": 8, "ffn": 2048, "vocab": 1000, "mlp": "gelu", "tied_embeddings": true},
  "gpu": {"id": "x1", "name": "X1", "bf16_dense_tflops": 100, "fp8_dense_tflops": 0, "memory_gb": 16,
          "memory_bw_gbps": 500, "intra_bw_gbps": 32, "intra_efficiency": 0.5, "intra_latency_us": 5,
          "nvlink": false, "p2p": true, "nvls": false, "watts": 300, "price_usd": 1000, "compute_efficiency": 0.5},
  "cluster": {"preset": "l40s-pcie", "nodes": 1},
  "training": {"tp": 1, "pp": 1, "global_batch": 8, "seq_len": 1024})");
        QVERIFY2(parseScenario(json, QStringLiteral("t.json"), PresetCatalog::builtIn(), s, errors),
                 errors.isEmpty() ? "" : qPrintable(errors.first().toString()));
        QVERIFY(s.modelPreset.isEmpty());
        QCOMPARE(s.plan.model.id, std::string("tiny"));
        QCOMPARE(s.plan.gpu.memory_gb, 16.0);
        QVERIFY(evaluate(s.plan).ok());
        // a round trip writes them inline again and reads back the same plan
        Scenario back;
        QList<LoadError> e2;
        QVERIFY(parseScenario(serializeScenario(s), QStringLiteral("back.json"), PresetCatalog::builtIn(), back, e2));
        QVERIFY(back == s);
    }
    void saveAndReloadIsTheSamePlan()
    {
        QTemporaryDir dir;
        Scenario s = defaultScenario();
        s.plan.gpu.price_usd = 27123;
        s.plan.training.tp_overlap = 0.25;
        s.plan.training.compute_efficiency = 0.55;
        s.plan.training.optimizer_kernel = OptimizerKernel::Foreach;
        s.name = QStringLiteral("Ünïcode, \"quoted\" name");
        const QString file = dir.filePath(QStringLiteral("plan.commtax.json"));
        QString why;
        QVERIFY(saveScenarioFile(file, s, PresetCatalog::builtIn(), &why));
        Scenario back;
        QList<LoadError> errors;
        QVERIFY(loadAndValidateScenario(file, PresetCatalog::builtIn(), back, errors));
        QVERIFY(back == s);
        // only the override is written for a preset section
        const QByteArray text = serializeScenario(s);
        QVERIFY(text.contains("\"price_usd\": 27123"));
        QVERIFY(text.contains("\"optimizer_kernel\": \"foreach\""));
        QVERIFY(!text.contains("\"bf16_dense_tflops\""));
    }
    void errors_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("fragment");
        QTest::addRow("syntax")
            << QByteArray("{\n \"format\": \"commtax-scenario\",\n \"version\": 1,\n \"model\": {\"preset\": "
                          "\"llama2-7b\",}\n}")
            << 4 << "model"
            << "invalid JSON";
        QTest::addRow("wrong format") << QByteArray("{\"format\": \"other\"}") << 1 << "format"
                                      << "commtax-scenario";
        QTest::addRow("wrong version") << QByteArray("{\"format\": \"commtax-scenario\",\n\"version\": 7}") << 2
                                       << "version"
                                       << "unsupported version 7";
        QTest::addRow("unknown preset") << scenarioText(R"(  "model": {"preset": "llama9"},
  "gpu": {"preset": "h100-sxm"},
  "cluster": {"preset": "dgx-h100"})") << 4
                                        << "model.preset"
                                        << "unknown model preset \"llama9\"";
        QTest::addRow("wrong type") << scenarioText(R"(  "model": {"preset": "llama2-7b"},
  "gpu": {"preset": "h100-sxm"},
  "cluster": {"preset": "dgx-h100",
              "nodes": "four"})") << 7
                                    << "cluster.nodes"
                                    << "whole number";
        QTest::addRow("unknown field") << scenarioText(R"(  "model": {"preset": "llama2-7b"},
  "gpu": {"preset": "h100-sxm"},
  "cluster": {"preset": "dgx-h100"},
  "training": {"tpp": 2})") << 7 << "training.tpp"
                                       << "unknown field";
        QTest::addRow("bad choice") << scenarioText(R"(  "model": {"preset": "llama2-7b"},
  "gpu": {"preset": "h100-sxm"},
  "cluster": {"preset": "dgx-h100"},
  "training": {"recompute": "some"})")
                                    << 7 << "training.recompute"
                                    << "none, selective, full";
        QTest::addRow("bad optimizer kernel") << scenarioText(R"(  "model": {"preset": "llama2-7b"},
  "gpu": {"preset": "h100-sxm"},
  "cluster": {"preset": "dgx-h100"},
  "training": {"optimizer_kernel": "apex"})")
                                              << 7 << "training.optimizer_kernel"
                                              << "expected one of fused, foreach";
        QTest::addRow("inline lacks a field") << scenarioText(R"(  "model": {"id": "m", "layers": 2},
  "gpu": {"preset": "h100-sxm"},
  "cluster": {"preset": "dgx-h100"})") << 4 << "model"
                                              << "lacks \"hidden\"";
        // economics.quote: the vendor's quote, each problem at its field
        const char *quoteHead = R"(  "model": {"preset": "llama2-7b"},
  "gpu": {"preset": "h100-sxm"},
  "cluster": {"preset": "dgx-h100"},
  "economics": {"pue": 1.2,
    "quote": )";
        auto quoted = [&](const char *tail) { return scenarioText(QByteArray(quoteHead).append(tail).constData()); };
        QTest::addRow("quote not an object") << quoted("\"Q-1\"}") << 8 << "economics.quote"
                                             << "expected an object";
        QTest::addRow("quote without vendor") << quoted("{\"id\": \"Q-1\"}}") << 8
                                              << "economics.quote"
                                              << "non-empty \"vendor\"";
        QTest::addRow("quote empty id") << quoted("{\"vendor\": \"V\",\n \"id\": \" \"}}") << 9
                                        << "economics.quote.id"
                                        << "non-empty \"id\"";
        QTest::addRow("quote bad date") << quoted("{\"vendor\": \"V\", \"id\": \"Q\",\n \"date\": \"10/01/2025\"}}")
                                        << 9 << "economics.quote.date"
                                        << "YYYY-MM-DD";
        QTest::addRow("whole number a hair off") << scenarioText(R"(  "model": {"preset": "llama2-7b"},
  "gpu": {"preset": "h100-sxm"},
  "cluster": {"preset": "dgx-h100"},
  "training": {"vpp": 1.0000000000000002})") << 7 << "training.vpp"
                                                 << "(got 1.0000000000000002)";
        QTest::addRow("quote date with more after it")
            << quoted("{\"vendor\": \"V\", \"id\": \"Q\",\n \"valid_until\": \"2025-01-01 whatever\"}}") << 9
            << "economics.quote.valid_until"
            << "YYYY-MM-DD";
        QTest::addRow("quote date and time")
            << quoted("{\"vendor\": \"V\", \"id\": \"Q\",\n \"date\": \"2025-01-01T10:00\"}}") << 9
            << "economics.quote.date"
            << "YYYY-MM-DD";
        QTest::addRow("quote valid before date")
            << quoted("{\"vendor\": \"V\", \"id\": \"Q\", \"date\": \"2025-02-01\",\n \"valid_until\": "
                      "\"2025-01-01\"}}")
            << 9 << "economics.quote.valid_until"
            << "before the quote's date 2025-02-01";
        QTest::addRow("quote unknown field") << quoted("{\"vendor\": \"V\", \"id\": \"Q\",\n \"price\": 3}}")
                                             << 9 << "economics.quote.price"
                                             << "unknown field";
        QTest::addRow("quote vendor a number") << quoted("{\"vendor\": 7, \"id\": \"Q\"}}")
                                               << 8 << "economics.quote.vendor"
                                               << "expected a string";
        // its line items: each a known price, checked as the field it sets
        QTest::addRow("quote items not an object") << quoted("{\"vendor\": \"V\", \"id\": \"Q\",\n \"items\": [1]}}")
                                                   << 9 << "economics.quote.items"
                                                   << "expected an object of prices";
        const char *unknownItem = "{\"vendor\": \"V\", \"id\": \"Q\", \"items\": {\n \"gpu_price\": 1}}}";
        QTest::addRow("quote item unknown") << quoted(unknownItem)
                                            << 9 << "economics.quote.items.gpu_price"
                                            << "unknown item";
        QTest::addRow("quote item out of limits")
            << quoted("{\"vendor\": \"V\", \"id\": \"Q\", \"items\": {\"upkeep_pct\": 5,\n \"gpu_price_usd\": -3}}}")
            << 9
            << "economics.quote.items.gpu_price_usd"
            << "expected a number from 0";
        QTest::addRow("quote item a string")
            << quoted("{\"vendor\": \"V\", \"id\": \"Q\", \"items\": {\n \"usd_per_gpu_hour\": \"2.5\"}}}") << 9
            << "economics.quote.items.usd_per_gpu_hour"
            << "expected a number, not a string";
    }
    // economics.quote.items: the quote's prices become the plan's, with the quote as their source;
    // the engine's capex follows them; a field the file gives itself wins; Save round-trips.
    void quoteItemsSetThePlansPrices()
    {
        const QByteArray json = scenarioText(R"(  "model": {"preset": "llama2-7b"},
  "gpu": {"preset": "h100-sxm"},
  "cluster": {"preset": "dgx-h100", "nodes": 4},
  "training": {"tp": 8, "pp": 1, "global_batch": 64, "seq_len": 4096},
  "economics": {"quote": {"vendor": "Acme Systems", "id": "Q-2026-17", "date": "2026-03-01", "items": {
    "gpu_price_usd": 27000, "node_price_usd": 150000, "network_cost_per_gpu_usd": 2500, "upkeep_pct": 7}}})");
        Scenario s;
        QList<LoadError> errors;
        QVERIFY(parseScenario(json, QStringLiteral("q.json"), PresetCatalog::builtIn(), s, errors));
        QCOMPARE(s.plan.gpu.price_usd, 27000.0);
        QCOMPARE(s.plan.cluster.node_price_usd, 150000.0);
        QCOMPARE(s.plan.cluster.network_cost_per_gpu_usd, 2500.0);
        QCOMPARE(s.plan.economics.upkeep_pct, 7.0);
        QCOMPARE(s.quote.items.size(), 4);
        const std::optional<Provenance> p = s.statedProvenance(QStringLiteral("gpu.price_usd"), QJsonValue(27000.0));
        QVERIFY(p);
        QVERIFY(p->kind == SourceKind::User);
        QCOMPARE(p->source, QStringLiteral("Quote Q-2026-17 from Acme Systems, 2026-03-01"));
        // capex = 32 GPUs x 27000 + 4 nodes x 150000 + 32 x 2500, by hand
        QCOMPARE(evaluateValid(s.plan).capex_usd, 32 * 27000.0 + 4 * 150000.0 + 32 * 2500.0);
        // saved and read again: the same plan, prices, items and source
        const QByteArray saved = serializeScenario(s);
        QVERIFY2(saved.contains("\"gpu_price_usd\": 27000"), saved.constData());
        Scenario back;
        QVERIFY(parseScenario(saved, QStringLiteral("back.json"), PresetCatalog::builtIn(), back, errors));
        QVERIFY(back == s);
        QCOMPARE(back.quote.items, s.quote.items);
        QVERIFY(back.statedProvenance(QStringLiteral("gpu.price_usd"), QJsonValue(27000.0)) == p);
        QVERIFY(quoteWarnings(back, QDate(2026, 3, 2)).empty());
        // the user edits the price back to the preset's: the edit wins, the source falls back, and
        // Save writes the field so that the quote's price does not come back on reading
        back.plan.gpu.price_usd = defaultScenario().plan.gpu.price_usd;
        QVERIFY(!back.statedProvenance(QStringLiteral("gpu.price_usd"), QJsonValue(back.plan.gpu.price_usd)));
        Scenario edited;
        const QByteArray editedText = serializeScenario(back);
        QVERIFY(parseScenario(editedText, QStringLiteral("e.json"), PresetCatalog::builtIn(), edited, errors));
        QCOMPARE(edited.plan.gpu.price_usd, back.plan.gpu.price_usd);
        QCOMPARE(edited.quote.items.value(QStringLiteral("gpu.price_usd")), 27000.0);
        const std::vector<EngineText> warnings = quoteWarnings(edited, QDate(2026, 3, 2));
        QCOMPARE(warnings.size(), std::size_t(1));
        QVERIFY2(toString(warnings[0]).find("gpu.price_usd is") == 0, toString(warnings[0]).c_str());
    }
    // A quote past its validity warns; the date is given, never the real one.
    void expiredQuoteWarns()
    {
        Scenario s = defaultScenario();
        s.quote.vendor = QStringLiteral("Acme");
        s.quote.id = QStringLiteral("Q-1");
        s.quote.date = QStringLiteral("2026-01-05");
        s.quote.validUntil = QStringLiteral("2026-02-28");
        QVERIFY(quoteWarnings(s, QDate(2026, 2, 28)).empty()); // valid through its last day
        const std::vector<EngineText> w = quoteWarnings(s, QDate(2026, 3, 1));
        QCOMPARE(w.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(toString(w[0])),
                 QStringLiteral("Quote Q-1 from Acme expired on 2026-02-28: its prices may no longer hold"));
        s.quote.validUntil.clear(); // no validity given: never expired
        QVERIFY(quoteWarnings(s, QDate(2030, 1, 1)).empty());
    }
    void quoteIsReadSavedAndComparedToo()
    {
        const QByteArray json = scenarioText(R"(  "name": "quoted",
  "model": {"preset": "llama2-7b"},
  "gpu": {"preset": "h100-sxm"},
  "cluster": {"preset": "dgx-h100"},
  "economics": {"quote": {"vendor": "Vendor X", "id": "Q-123", "date": "2025-01-10", "valid_until": "2025-03-31"}})");
        Scenario s;
        QList<LoadError> errors;
        QVERIFY(parseScenario(json, QStringLiteral("q.json"), PresetCatalog::builtIn(), s, errors));
        QCOMPARE(s.quote.vendor, QStringLiteral("Vendor X"));
        QCOMPARE(s.quote.id, QStringLiteral("Q-123"));
        QCOMPARE(s.quote.date, QStringLiteral("2025-01-10"));
        QCOMPARE(s.quote.validUntil, QStringLiteral("2025-03-31"));
        // saved back, and read again the same
        const QByteArray saved = serializeScenario(s);
        QVERIFY2(saved.contains("\"quote\""), saved.constData());
        Scenario back;
        QVERIFY(parseScenario(saved, QStringLiteral("back.json"), PresetCatalog::builtIn(), back, errors));
        QCOMPARE(back.quote, s.quote);
        QVERIFY(back == s);
        // the quote is part of the plan: another quote is another scenario; no quote writes none
        back.quote.id = QStringLiteral("Q-124");
        QVERIFY(!(back == s));
        QVERIFY(!serializeScenario(defaultScenario()).contains("\"quote\""));
    }
    void errors()
    {
        QFETCH(QByteArray, json);
        QFETCH(int, line);
        QFETCH(QString, path);
        QFETCH(QString, fragment);
        Scenario s;
        QList<LoadError> errors;
        QVERIFY(!parseScenario(json, QStringLiteral("bad.json"), PresetCatalog::builtIn(), s, errors));
        QVERIFY(!errors.isEmpty());
        const LoadError &e = errors.first();
        QVERIFY2(e.message.contains(fragment), qPrintable(e.toString()));
        QCOMPARE(e.path, path);
        QCOMPARE(e.line, line);
        QVERIFY(e.column > 0);
        QCOMPARE(e.file, QStringLiteral("bad.json"));
        QVERIFY(e.toString().startsWith(QStringLiteral("bad.json:%1:").arg(line)));
    }
    void engineErrorsGetPositions()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("p.json"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(scenarioText(R"(  "model": {"preset": "llama2-7b"},
  "gpu": {"preset": "h100-sxm"},
  "cluster": {"preset": "dgx-h100", "nodes": 1},
  "training": {
    "tp": 3,
    "pp": 1, "dp": 1})"));
        f.close();
        Scenario s;
        QList<LoadError> errors;
        QVERIFY(!loadAndValidateScenario(file, PresetCatalog::builtIn(), s, errors));
        bool found = false;
        for (const LoadError &e : errors)
            if (e.path == QLatin1String("training.tp") && e.line == 8 && e.message.contains(QLatin1String("does not divide heads")))
                found = true;
        QVERIFY2(found, qPrintable(errors.first().toString()));
    }
    void locatorPaths()
    {
        const QByteArray text = "{\n \"a\": [1,\n  {\"b\": \"x\"}],\n \"c\": {\"d\": true}\n}";
        const JsonLocator loc(text);
        QCOMPARE(loc.find(QStringLiteral("a")).line, 2);
        QCOMPARE(loc.find(QStringLiteral("a[1].b")).line, 3);
        QCOMPARE(loc.find(QStringLiteral("c.d")).line, 4);
        QCOMPARE(loc.find(QStringLiteral("c.missing")).line, 4); // nearest enclosing
        QCOMPARE(loc.find(QStringLiteral("c.d")).column, 13);    // the "t" of true
    }
    // What JSON refuses, refused with what is wrong and where, including what Qt 6.4's reader takes
    // ("\x41" read as "x41", a raw tab in a string, ".5") or misnames ("01024": "unterminated object").
    void jsonSyntax_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("fragment");
        QTest::addRow("leading zero") << QByteArray("{\n \"training\": {\"tp\": 01024}}") << 2 << 21 << "training.tp"
                                      << "may not start with 0 unless it is 0 or 0.something (got 01024)";
        QTest::addRow("hexadecimal") << QByteArray("{\"tp\": 0x400}") << 1 << 8 << "tp"
                                     << "0x400 is hexadecimal";
        QTest::addRow("plus sign") << QByteArray("{\"tp\": +1}") << 1 << 8 << "tp"
                                   << "starts with a digit or a minus sign (got +1)";
        QTest::addRow("bare fraction") << QByteArray("{\"x\": .5}") << 1 << 7 << "x"
                                       << "(got .5)";
        QTest::addRow("point, no digit") << QByteArray("{\"x\": 1.}") << 1 << 7 << "x"
                                         << "decimal point must be followed by a digit (got 1.)";
        QTest::addRow("empty exponent") << QByteArray("{\"x\": 1e}") << 1 << 7 << "x"
                                        << "exponent must have digits (got 1e)";
        QTest::addRow("out of range") << QByteArray("{\"x\": 1e999}") << 1 << 7 << "x"
                                      << "1e999 is larger than any number Commtax can hold";
        QTest::addRow("just above range") << QByteArray("{\"x\": 1.7976931348623159e308}") << 1 << 7 << "x"
                                          << "is larger than any number Commtax can hold";
        QTest::addRow("below range, fraction") << QByteArray("{\"x\": -0.0002e-321}") << 1 << 7 << "x"
                                               << "-0.0002e-321 is closer to 0 than any number";
        QTest::addRow("below range") << QByteArray("{\"x\": 1e-400}") << 1 << 7 << "x"
                                     << "1e-400 is closer to 0 than any number Commtax can hold";
        QTest::addRow("two points") << QByteArray("{\"x\": 1.2.3}") << 1 << 7 << "x"
                                    << "1.2.3 is not a number";
        QTest::addRow("NaN") << QByteArray("{\"x\": NaN}") << 1 << 7 << "x"
                             << "NaN is not a JSON value";
        QTest::addRow("-Infinity") << QByteArray("{\"x\": -Infinity}") << 1 << 7 << "x"
                                   << "-Infinity is not a JSON value";
        QTest::addRow("lone minus") << QByteArray("{\"x\": -}") << 1 << 7 << "x"
                                    << "minus sign must be followed by a digit";
        QTest::addRow("unknown escape") << QByteArray("{\"name\": \"\\x41\"}") << 1 << 11 << "name"
                                        << "\\x is not an escape JSON knows";
        QTest::addRow("short \\u") << QByteArray("{\"name\": \"\\u12\"}") << 1 << 11 << "name"
                                   << "\\u takes four hexadecimal digits (got \\u12)";
        QTest::addRow("raw tab") << QByteArray("{\"name\": \"a\tb\"}") << 1 << 12 << "name"
                                 << "control character (U+0009)";
        QTest::addRow("raw NUL") << QByteArray("{\"name\": \"a\0b\"}", 15) << 1 << 12 << "name"
                                 << "control character (U+0000)";
        QTest::addRow("not UTF-8") << QByteArray("{\"name\": \"caf\xE9\"}") << 1 << 14 << "name"
                                   << "byte 0xE9 here is not UTF-8";
        QTest::addRow("surrogate as UTF-8") << QByteArray("{\"name\": \"\xED\xA0\x80\"}") << 1 << 11 << "name"
                                            << "byte 0xED";
        QTest::addRow("unclosed string") << QByteArray("{\"name\": \"abc}") << 1 << 10 << "name"
                                         << "string that starts here is not closed";
        QTest::addRow("single quotes") << QByteArray("{\"name\": 'x'}") << 1 << 10 << "name"
                                       << "double quotes, not single (got 'x')";
        QTest::addRow("single-quoted words") << QByteArray("{\"name\": 'a b'}") << 1 << 10 << "name"
                                             << "(got 'a b')";
        QTest::addRow("unquoted key") << QByteArray("{\n  \"model\": {preset: 1}}") << 2 << 13 << "model"
                                      << "key is written as a string in double quotes (got preset)";
        QTest::addRow("no colon") << QByteArray("{\"a\" 1}") << 1 << 6 << "a"
                                  << "expected a colon after the key (got 1)";
        QTest::addRow("no value") << QByteArray("{\"a\": }") << 1 << 7 << "a"
                                  << "the key has no value";
        QTest::addRow("trailing comma, object") << QByteArray("{\"a\": 1,\n}") << 2 << 1 << QString()
                                                << "another key (JSON has no trailing comma)";
        QTest::addRow("trailing comma, array") << QByteArray("{\"a\": [1, 2,]}") << 1 << 13 << "a[2]"
                                               << "another value (JSON has no trailing comma)";
        QTest::addRow("missing comma") << QByteArray("{\n\"a\": {\"b\": 1 \"c\": 2}}") << 2 << 14 << "a.b"
                                       << "expected a comma or the } that closes the object opened at line 2, column "
                                          "6 (got \"c\")";
        QTest::addRow("wrong bracket") << QByteArray("{\"a\": [1}") << 1 << 9 << "a[0]"
                                       << "the ] that closes the array opened at line 1, column 7 (got })";
        QTest::addRow("ends in object") << QByteArray("{\"a\": {\"b\": 1") << 1 << 14 << "a.b"
                                        << "ends inside the object opened at line 1, column 7";
        QTest::addRow("ends in array") << QByteArray("[1, [2") << 1 << 7 << "[1][0]"
                                       << "ends inside the array opened at line 1, column 5";
        QTest::addRow("empty") << QByteArray("  \n") << 2 << 1 << QString() << "holds no value (it is empty)";
        QTest::addRow("number at the top") << QByteArray("42\n") << 1 << 1 << QString()
                                           << "the text starts with 42; a JSON file holds an object";
        QTest::addRow("binary") << QByteArray("\x01\xFF garbage") << 1 << 1 << QString()
                                << "the text starts with \\u0001\\xFF; a JSON file holds an object";
        QTest::addRow("line ends in string") << QByteArray("{\"name\": \"abc\n}") << 1 << 10 << "name"
                                             << "runs past the end of its line: close it with a double quote";
        QTest::addRow("comment") << QByteArray("// plan\n{}") << 1 << 1 << QString() << "JSON has no comments";
        QTest::addRow("text after") << QByteArray("{} {}") << 1 << 4 << QString()
                                    << "text after the end of the value (got {)";
        QTest::addRow("long token cut") << (QByteArray("{\"x\": ") + QByteArray(5000, 'z') + "}") << 1 << 7 << "x"
                                        << " zzzzzzzzzzzzzzzzzzzzzzzz... is not a JSON value";
        const QString eight = QStringLiteral("[0]").repeated(8); // a deep path: its first and last parts
        QTest::addRow("too deep") << (QByteArray(kMaxJsonDepth + 1, '[') + QByteArray(kMaxJsonDepth + 1, ']')) << 1
                                  << kMaxJsonDepth + 1 << eight + QStringLiteral(" ... ") + eight
                                  << "nested more than 512 deep";
    }
    void jsonSyntax()
    {
        QFETCH(QByteArray, json);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(QString, path);
        QFETCH(QString, fragment);
        QJsonDocument doc;
        LoadError e;
        QVERIFY(!parseJsonText(json, QStringLiteral("bad.json"), doc, &e));
        QVERIFY2(e.message.startsWith(QLatin1String("invalid JSON: ")) && e.message.contains(fragment),
                 qPrintable(e.toString()));
        QCOMPARE(e.line, line);
        QCOMPARE(e.column, column);
        QCOMPARE(e.path, path);
    }
    // The check refuses nothing JSON allows: every JSON file the product ships, and a document with
    // every escape, number form and nesting Qt writes.
    void jsonSyntaxAcceptsJson()
    {
        const QByteArray every = "{\"s\": \"\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u00e9 \\uD83D\\uDE00 \xC3\xA9 "
                                 "\xF0\x9F\x98\x80\", "
                                 "\"n\": [0, -0, 1.5, -2e10, 3E+2, 4e-3, 0.0], \"t\": true, \"f\": false, \"z\": null, "
                                 "\"e\": {}, \"a\": [], \"d\": [[[{\"k\": [{}]}]]]}";
        QVERIFY(checkJsonSyntax(every).ok());
        QVERIFY(checkJsonSyntax("\xEF\xBB\xBF{}").ok()); // a byte order mark, as Qt reads it
        QVERIFY(checkJsonSyntax(QByteArray(kMaxJsonDepth, '[') + QByteArray(kMaxJsonDepth, ']')).ok());
        int files = 0;
        for (const QString &root : {QStringLiteral(COMMTAX_SOURCE_DIR "/presets"),
                                    QStringLiteral(COMMTAX_SOURCE_DIR "/tests/fixtures")}) {
            QDirIterator it(root, {QStringLiteral("*.json")}, QDir::Files, QDirIterator::Subdirectories);
            while (it.hasNext()) {
                QFile f(it.next());
                QVERIFY(f.open(QIODevice::ReadOnly));
                const QByteArray text = f.readAll();
                QJsonParseError pe;
                const QJsonDocument qt = QJsonDocument::fromJson(text, &pe);
                if (pe.error != QJsonParseError::NoError)
                    continue; // a fixture of bad input
                const JsonSyntaxProblem p = checkJsonSyntax(text);
                QVERIFY2(p.ok(),
                         qPrintable(f.fileName() + QStringLiteral(": ") + QString::fromStdString(toString(p.text))));
                QVERIFY(checkJsonSyntax(qt.toJson(QJsonDocument::Compact)).ok());
                ++files;
            }
        }
        QVERIFY2(files >= 20, qPrintable(QString::number(files)));
    }
    void shippedScenariosAreValid()
    {
        const QDir dir(QStringLiteral(COMMTAX_SOURCE_DIR "/presets/scenarios"));
        const QStringList files = dir.entryList({QStringLiteral("*.json")}, QDir::Files);
        QVERIFY(files.size() >= 3);
        for (const QString &f : files) {
            Scenario s;
            QList<LoadError> errors;
            QVERIFY2(loadAndValidateScenario(dir.filePath(f), PresetCatalog::builtIn(), s, errors),
                     errors.isEmpty() ? qPrintable(f) : qPrintable(errors.first().toString()));
        }
        // the shipped default scenario is the app's default plan
        Scenario s;
        QList<LoadError> errors;
        QVERIFY(loadScenarioFile(dir.filePath(QStringLiteral("llama2-70b-h100.json")), PresetCatalog::builtIn(), s,
                                 errors));
        QVERIFY(s == defaultScenario());
    }
    void readmeExampleIsValid()
    {
        // The scenario example of docs/formats.md must be a valid scenario (keeps the documentation true).
        QFile readme(QStringLiteral(COMMTAX_SOURCE_DIR "/docs/formats.md"));
        QVERIFY(readme.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(readme.readAll());
        const qsizetype start = text.indexOf(QStringLiteral("```json\n{\n  \"format\": \"commtax-scenario\""));
        QVERIFY(start >= 0);
        const qsizetype bodyStart = text.indexOf(QLatin1Char('\n'), start) + 1;
        const qsizetype end = text.indexOf(QStringLiteral("```"), bodyStart);
        Scenario s;
        QList<LoadError> errors;
        QVERIFY2(parseScenario(text.mid(bodyStart, end - bodyStart).toUtf8(), QStringLiteral("docs/formats.md"),
                               PresetCatalog::builtIn(), s, errors),
                 errors.isEmpty() ? "" : qPrintable(errors.first().toString()));
        QVERIFY(evaluate(s.plan).ok());
    }
    // The accuracy regimes group published runs by GPU family (core/engineaccuracy.h): every
    // built-in GPU keeps the family it had when families were guessed from ids, and no built-in GPU
    // is left out of this table.
    void builtInGpuFamilies()
    {
        const QMap<QString, QString> family = {
            {QStringLiteral("h100-sxm"), QStringLiteral("h100")},
            {QStringLiteral("h100-sxm-96gb-500w"), QStringLiteral("h100")},
            {QStringLiteral("h800"), QStringLiteral("h100")},
            {QStringLiteral("h200-sxm"), QStringLiteral("h200/h20")},
            {QStringLiteral("h20"), QStringLiteral("h200/h20")},
            {QStringLiteral("a100-sxm-80gb"), QStringLiteral("a100")},
            {QStringLiteral("a100-sxm-40gb"), QStringLiteral("a100")},
            {QStringLiteral("b200"), QStringLiteral("blackwell")},
            {QStringLiteral("gb200"), QStringLiteral("blackwell")},
            {QStringLiteral("b300"), QStringLiteral("blackwell")},
            {QStringLiteral("gb300"), QStringLiteral("blackwell")},
            {QStringLiteral("mi300x"), QStringLiteral("amd")},
            {QStringLiteral("l40s"), QStringLiteral("workstation/consumer")},
            {QStringLiteral("rtx-4090"), QStringLiteral("workstation/consumer")},
            {QStringLiteral("rtx-3090"), QStringLiteral("workstation/consumer")},
            {QStringLiteral("a6000"), QStringLiteral("workstation/consumer")},
        };
        const QList<Preset> gpus = PresetCatalog::builtIn().presets(Section::Gpu);
        QCOMPARE(gpus.size(), family.size());
        for (const Preset &g : gpus) {
            QVERIFY2(family.contains(g.id), qPrintable(g.id));
            QCOMPARE(gpuFamily(g.id), family.value(g.id));
            QCOMPARE(g.family(), family.value(g.id)); // read from presets/gpus.json
        }
    }
    void presetFileErrors()
    {
        PresetCatalog c;
        LoadError e;
        QVERIFY(!c.loadJson("{\"format\": \"commtax-presets\", \"version\": 1, \"section\": \"gpu\",\n \"presets\": "
                            "[\n {\"id\": \"g\", \"memory_gb\": -\"x\"}]}",
                            QStringLiteral("p.json"), &e));
        QCOMPARE(e.line, 3);
        QVERIFY(!c.loadJson("{\"format\": \"commtax-presets\", \"version\": 1, \"section\": \"gpu\",\n \"presets\": "
                            "[\n {\"id\": \"g\", \"memory_gb\": 80}]}",
                            QStringLiteral("p.json"), &e));
        QVERIFY2(e.message.contains(QLatin1String("lacks field")), qPrintable(e.toString()));
        QCOMPARE(e.path, QStringLiteral("presets[0]"));
        QVERIFY(c.isEmpty()); // nothing half-imported
    }

    // A GPU preset's "family" and "color" are checked where they are read, with the line and the
    // column of the bad value.
    void gpuFamilyAndColourAreChecked()
    {
        const Preset h100 = *PresetCatalog::builtIn().find(Section::Gpu, QStringLiteral("h100-sxm"));
        QCOMPARE(h100.family(), QStringLiteral("h100"));
        QCOMPARE(h100.color(), QStringLiteral("#0072b2"));
        const struct {
            const char *key;
            QJsonValue value;
            const char *message;
        } cases[] = {{"family", QStringLiteral("hopper"), "expected one of h100, h200/h20, a100"},
                     {"family", 7, "expected one of"},
                     {"color", QStringLiteral("#12345"), "expected a colour as \"#rrggbb\""},
                     {"color", QStringLiteral("blue"), "expected a colour"},
                     {"color", QJsonValue(), "expected a colour"},
                     {"short_name", QStringLiteral(" "), "expected a short name of 1 to 200 characters"},
                     {"short_name", 4090, "expected a short name"},
                     {"short_name", QString(201, QLatin1Char('x')), "expected a short name"}};
        for (const auto &t : cases) {
            QJsonObject o = h100.toJson();
            o.insert(QLatin1String(t.key), t.value);
            const QByteArray file = "{\"format\": \"commtax-presets\", \"version\": 1, \"section\": \"gpu\",\n"
                                    "\"presets\": [\n"
                + QJsonDocument(o).toJson(QJsonDocument::Compact) + "]}";
            PresetCatalog c;
            LoadError e;
            QVERIFY(!c.loadJson(file, QStringLiteral("gpus.json"), &e));
            QCOMPARE(e.path, QStringLiteral("presets[0].%1").arg(QLatin1String(t.key)));
            QCOMPARE(e.line, 3);
            QVERIFY2(e.column > 1, qPrintable(e.toString()));
            QVERIFY2(e.toString().startsWith(QStringLiteral("gpus.json:3:")), qPrintable(e.toString()));
            QVERIFY2(e.message.contains(QLatin1String(t.message)), qPrintable(e.toString()));
        }
        // A preset without them loads: no colour, and the family of the built-in GPU its id starts
        // with (a calibrated copy), else the default.
        QJsonObject mine = h100.toJson();
        mine.remove(QStringLiteral("family"));
        mine.remove(QStringLiteral("color"));
        mine.insert(QStringLiteral("id"), QStringLiteral("my-gpu"));
        Preset p;
        QString path, why;
        QVERIFY2(parsePreset(Section::Gpu, mine, QStringLiteral("presets[0]"), p, &path, &why), qPrintable(why));
        QVERIFY(p.family().isEmpty() && p.color().isEmpty());
        QCOMPARE(gpuFamily(QStringLiteral("my-gpu")), QLatin1String(kDefaultGpuFamily));
        QCOMPARE(gpuFamily(QStringLiteral("h100-sxm-measured-20261202")), QStringLiteral("h100"));
        QCOMPARE(gpuFamily(QStringLiteral("a100-sxm-40gb-measured-20261202")), QStringLiteral("a100"));
        QCOMPARE(gpuFamily(QStringLiteral("h100-sxmx")), QLatin1String(kDefaultGpuFamily));
    }

    // A GPU's short name (chart ticks, the comm-tax chart's "This plan (...)", the plan at a
    // glance) is the preset's "short_name"; a preset without one (older files, user presets) gets
    // it from its name, as every one did before.
    void gpuShortNameComesFromThePreset()
    {
        const QHash<QString, QString> pinned{{QStringLiteral("h100-sxm"), QStringLiteral("H100 SXM5")},
                                             {QStringLiteral("rtx-4090"), QStringLiteral("RTX 4090")},
                                             {QStringLiteral("b200"), QStringLiteral("B200")},
                                             {QStringLiteral("mi300x"), QStringLiteral("MI300X")},
                                             {QStringLiteral("a100-sxm-40gb"), QStringLiteral("A100 40GB SXM4")}};
        const QList<Preset> gpus = PresetCatalog::builtIn().presets(Section::Gpu);
        QVERIFY(!gpus.isEmpty());
        for (const Preset &g : gpus) {
            const QString given = g.extras.value(QStringLiteral("short_name")).toString();
            QVERIFY2(!given.isEmpty(), qPrintable(g.id)); // every built-in GPU gives it
            QCOMPARE(g.shortName(), given);
            QCOMPARE(given, shortGpuName(g.name)); // the same words as derived before
            if (pinned.contains(g.id))
                QCOMPARE(g.shortName(), pinned.value(g.id));
        }
        std::vector<HardwareOption> options = hardwareOptions(PresetCatalog::builtIn());
        QCOMPARE(qsizetype(options.size()), gpus.size());
        for (const HardwareOption &o : options)
            QCOMPARE(o.label, PresetCatalog::builtIn().find(Section::Gpu, o.gpuId)->shortName());

        // A preset that gives its own: used as given; renamed, it is shortened from its new name.
        Preset h100 = *PresetCatalog::builtIn().find(Section::Gpu, QStringLiteral("h100-sxm"));
        QJsonObject mine = h100.toJson();
        mine.insert(QStringLiteral("id"), QStringLiteral("my-gpu"));
        mine.insert(QStringLiteral("short_name"), QStringLiteral("Hopper"));
        Preset p;
        QString path, why;
        QVERIFY2(parsePreset(Section::Gpu, mine, QStringLiteral("presets[0]"), p, &path, &why), qPrintable(why));
        QCOMPARE(p.shortName(), QStringLiteral("Hopper"));
        QCOMPARE(p.toJson().value(QStringLiteral("short_name")).toString(), QStringLiteral("Hopper"));
        p.rename(p.name);
        QCOMPARE(p.shortName(), QStringLiteral("Hopper"));
        p.rename(QStringLiteral("NVIDIA H100 SXM5 80GB (measured 2026-12-02)"));
        QCOMPARE(p.shortName(), QStringLiteral("H100 SXM5 80GB (measured 2026-12-02)"));
        // Without one (a file from before the field): from its name.
        mine.remove(QStringLiteral("short_name"));
        mine.insert(QStringLiteral("name"), QStringLiteral("AMD Instinct MI325X 256GB"));
        QVERIFY2(parsePreset(Section::Gpu, mine, QStringLiteral("presets[0]"), p, &path, &why), qPrintable(why));
        QCOMPARE(p.shortName(), QStringLiteral("MI325X"));

        // A plan's GPU: the preset's short name while the plan keeps the preset's name.
        PresetCatalog catalog;
        p.extras.insert(QStringLiteral("short_name"), QStringLiteral("MI325"));
        catalog.add(p);
        QCOMPARE(shortGpuName(catalog, QStringLiteral("my-gpu"), p.name), QStringLiteral("MI325"));
        const QString l4 = QStringLiteral("NVIDIA L4 24GB"); // the plan's own GPU name
        QCOMPARE(shortGpuName(catalog, QStringLiteral("my-gpu"), l4), QStringLiteral("L4"));
        QCOMPARE(shortGpuName(catalog, QStringLiteral("other"), l4), QStringLiteral("L4"));
    }

    // Issue 24: the words the app adds to a plan's name are tags beside it ("name_tags"), read and
    // written as data; a name in an older file that reads like one ("X (copy)") is the user's text.
    void planNameTagsRoundTripAndOldNamesStayTheUsers()
    {
        Scenario s = defaultScenario();
        s.nameTags = {PlanNameTag::Copy, PlanNameTag::Rented};
        QCOMPARE(s.fullName(), QStringLiteral("Llama 2 70B on 256 H100 SXM5 (copy) rented"));
        const QByteArray text = serializeScenario(s);
        QCOMPARE(QJsonDocument::fromJson(text).object().value(QStringLiteral("name")).toString(), s.name);
        QCOMPARE(QJsonDocument::fromJson(text).object().value(QStringLiteral("name_tags")).toArray(),
                 (QJsonArray{QStringLiteral("copy"), QStringLiteral("rented")}));
        Scenario back;
        QList<LoadError> errors;
        QVERIFY(parseScenario(text, QStringLiteral("tags.json"), PresetCatalog::builtIn(), back, errors));
        QVERIFY(back == s);
        QCOMPARE(back.nameTags, s.nameTags);
        // without tags the field is not written (files as before)
        s.nameTags.clear();
        QVERIFY(!QJsonDocument::fromJson(serializeScenario(s)).object().contains(QStringLiteral("name_tags")));
        // an old file's "X (copy)": the user's name, no tag
        QJsonObject old = QJsonDocument::fromJson(serializeScenario(s)).object();
        old.insert(QStringLiteral("name"), QStringLiteral("X (copy)"));
        const PresetCatalog &builtIn = PresetCatalog::builtIn();
        QVERIFY(parseScenario(QJsonDocument(old).toJson(), QStringLiteral("old.json"), builtIn, back, errors));
        QCOMPARE(back.name, QStringLiteral("X (copy)"));
        QVERIFY(back.nameTags.isEmpty());
        // a tag a newer build wrote is left out; a list of anything but strings is an error
        old.insert(QStringLiteral("name_tags"), QJsonArray{QStringLiteral("from-the-future"), QStringLiteral("copy")});
        QVERIFY(parseScenario(QJsonDocument(old).toJson(), QStringLiteral("new.json"), builtIn, back, errors));
        QCOMPARE(back.nameTags, QList<PlanNameTag>{PlanNameTag::Copy});
        old.insert(QStringLiteral("name_tags"), QJsonArray{1});
        errors.clear();
        QVERIFY(!parseScenario(QJsonDocument(old).toJson(), QStringLiteral("bad.json"), builtIn, back, errors));
        QCOMPARE(errors.first().path, QStringLiteral("name_tags"));
    }

    // Issue 24: a calibrated copy is tagged "measured" with its date (the name and short name stay);
    // preset files keep the name as given and the tags as data, and read them back.
    void measuredPresetTagRoundTripsThroughPresetJson()
    {
        Preset p = *PresetCatalog::builtIn().find(Section::Gpu, QStringLiteral("h100-sxm"));
        p.builtIn = false;
        p.id = QStringLiteral("h100-sxm-measured-20261202");
        markMeasured(p, QStringLiteral("2026-12-01"));
        markMeasured(p, QStringLiteral("2026-12-02")); // measured again: one tag, the newer date
        const PresetNameTag day(PresetNameTag::Measured, QStringLiteral("2026-12-02"));
        QCOMPARE(p.nameTags, QList<PresetNameTag>{day});
        QCOMPARE(p.name, QStringLiteral("NVIDIA H100 SXM5 80GB"));
        QCOMPARE(p.fullName(), QStringLiteral("NVIDIA H100 SXM5 80GB (measured 2026-12-02)"));
        QCOMPARE(p.shortName(), QStringLiteral("H100 SXM5"));
        QCOMPARE(presetNameTagKey(p.nameTags.first()), QStringLiteral("measured:2026-12-02"));
        const QJsonObject o = p.toJson();
        QCOMPARE(o.value(QStringLiteral("name")).toString(), p.name);
        QCOMPARE(o.value(QStringLiteral("name_tags")).toArray(), QJsonArray{QStringLiteral("measured:2026-12-02")});
        Preset back;
        QString path, why;
        QVERIFY2(parsePreset(Section::Gpu, o, QStringLiteral("presets[0]"), back, &path, &why), qPrintable(why));
        QCOMPARE(back.nameTags, p.nameTags);
        QCOMPARE(back.fullName(), p.fullName());
        // a plan on it is named with the tag (the UI words it): "... on 256 H100 SXM5 (measured 2026-12-02)"
        PresetCatalog catalog = PresetCatalog::builtIn();
        catalog.add(back);
        Plan plan = defaultScenario().plan;
        back.applyTo(plan);
        QCOMPARE(planNameFor(plan, catalog), QStringLiteral("Llama 2 70B on 256 H100 SXM5 (measured 2026-12-02)"));
        // a bad date is no tag; a tag list that is not a list of strings is an error
        PresetNameTag t;
        QVERIFY(!parsePresetNameTag(QStringLiteral("measured:yesterday"), t));
        QJsonObject bad = o;
        bad.insert(QStringLiteral("name_tags"), QStringLiteral("edited"));
        QVERIFY(!parsePreset(Section::Gpu, bad, QStringLiteral("presets[0]"), back, &path, &why));
        QCOMPARE(path, QStringLiteral("presets[0].name_tags"));
    }
};

QTEST_GUILESS_MAIN(TestScenario)
#include "test_scenario.moc"
