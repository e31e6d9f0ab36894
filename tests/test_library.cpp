// SPDX-License-Identifier: GPL-3.0-or-later
// The preset library (SQLite through Qt SQL): migrations, recovery of a damaged file, two instances
// at once, all-or-nothing imports with file/line/field errors, built-ins that stay read-only. The
// comparison arithmetic and its CSV and JSON: test_comparison.cpp.
#include "library/compare.h"
#include "library/comparisonfile.h"
#include "library/comparisonio.h"
#include "library/comparisonuncertainty.h"
#include "library/libraryfiles.h"
#include "library/libraryschema.h"
#include "library/presetlibrary.h"

#include "planfixtures.h"
#include "testsupport.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QScopeGuard>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <cmath>
#include <csignal>

#include <sys/resource.h>
#include <unistd.h>

using namespace commtax;
using namespace commtax::test;

class TestLibrary : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;
    int m_n = 0;
    QString freshPath() { return m_dir.filePath(QStringLiteral("lib%1.sqlite").arg(++m_n)); }

private Q_SLOTS:
    // ---------------------------------------------------------------- schema and migrations
    void freshLibraryHasNewestSchemaWalAndForeignKeys()
    {
        const QString path = freshPath();
        PresetLibrary lib(path);
        LibraryMessage error;
        QVERIFY2(lib.open(&error), qPrintable(error));
        QVERIFY(QFile::exists(path));
        QCOMPARE(lib.schemaVersion(), librarySchemaVersion());
        QCOMPARE(librarySchemaVersion(), 4);
        QVERIFY(lib.recoveryNotice().isEmpty());
        QSqlDatabase db = lib.database();
        QSqlQuery q(db);
        QVERIFY(q.exec(QStringLiteral("PRAGMA foreign_keys")) && q.next());
        QCOMPARE(q.value(0).toInt(), 1);
        QVERIFY(q.exec(QStringLiteral("PRAGMA journal_mode")) && q.next());
        QCOMPARE(q.value(0).toString(), QStringLiteral("wal"));
        QVERIFY(q.exec(QStringLiteral("PRAGMA user_version")) && q.next());
        QCOMPARE(q.value(0).toInt(), 4);
    }
    void migrationOneCreatesPresetsAndPlans()
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("m1"));
        db.setDatabaseName(freshPath());
        QVERIFY(db.open());
        QString error;
        QVERIFY2(migrateLibrary(db, &error, 1), qPrintable(error));
        QCOMPARE(readUserVersion(db, &error), 1);
        QSqlQuery q(db);
        QVERIFY(q.exec(QStringLiteral("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")));
        QStringList tables;
        while (q.next())
            tables << q.value(0).toString();
        QCOMPARE(tables, (QStringList{QStringLiteral("plans"), QStringLiteral("presets")}));
        // the CHECK constraint refuses a section that is not a preset section
        QVERIFY(!q.exec(QStringLiteral("INSERT INTO presets (section, preset_id, name, body, created_utc, modified_utc)"
                                       " VALUES ('training', 'x', 'x', '{}', '', '')")));
        q.finish();
        db.close();
        db = QSqlDatabase();
        QSqlDatabase::removeDatabase(QStringLiteral("m1"));
    }
    void migrationTwoLinksExistingPlansToTheirPresets()
    {
        // A version-1 library with a user GPU and a plan that uses it, as a 0.1 build left it.
        const QString path = freshPath();
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("m2"));
            db.setDatabaseName(path);
            QVERIFY(db.open());
            QString error;
            QVERIFY2(migrateLibrary(db, &error, 1), qPrintable(error));
            const Preset gpu = myGpu(QStringLiteral("my-gpu"), 9000);
            QSqlQuery q(db);
            q.prepare(QStringLiteral("INSERT INTO presets (section, preset_id, name, body, created_utc, modified_utc)"
                                     " VALUES ('gpu', 'my-gpu', ?, ?, 't', 't')"));
            q.addBindValue(gpu.name);
            q.addBindValue(QString::fromUtf8(QJsonDocument(gpu.toJson()).toJson()));
            QVERIFY2(q.exec(), qPrintable(q.lastError().text()));
            PresetCatalog cat = PresetCatalog::builtIn();
            cat.add(gpu);
            Scenario s = defaultScenario();
            gpu.applyTo(s.plan);
            s.gpuPreset = gpu.id;
            s.name = QStringLiteral("old plan");
            q.prepare(QStringLiteral("INSERT INTO plans (name, body, created_utc, modified_utc) VALUES ('old plan', ?, 't', 't')"));
            q.addBindValue(QString::fromUtf8(serializeScenario(s, cat)));
            QVERIFY2(q.exec(), qPrintable(q.lastError().text()));
            q.finish();
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("m2"));

        PresetLibrary lib(path);
        LibraryMessage error;
        QVERIFY2(lib.open(&error), qPrintable(error));
        QCOMPARE(lib.schemaVersion(), librarySchemaVersion());
        const QList<SavedPlan> plans = lib.plans();
        QCOMPARE(plans.size(), 1);
        QCOMPARE(plans.first().userPresets, QStringList{QStringLiteral("gpu:my-gpu")});
        Scenario loaded;
        QList<LoadError> errors;
        QVERIFY(lib.loadPlan(QStringLiteral("old plan"), loaded, errors));
        QCOMPARE(loaded.plan.gpu.price_usd, 9000.0);
        // the link now protects the preset the plan needs
        QVERIFY(!lib.removePreset(Section::Gpu, QStringLiteral("my-gpu"), &error));
        QVERIFY2(error.contains(QStringLiteral("old plan")), qPrintable(error));
        // and the foreign key itself refuses it, whatever the caller does
        QSqlQuery raw(lib.database());
        QVERIFY(!raw.exec(QStringLiteral("DELETE FROM presets WHERE preset_id = 'my-gpu'")));
        QVERIFY2(raw.lastError().text().contains(QStringLiteral("FOREIGN KEY"), Qt::CaseInsensitive),
                 qPrintable(raw.lastError().text()));
        QVERIFY(lib.removePlan(QStringLiteral("old plan"), &error));
        QVERIFY2(lib.removePreset(Section::Gpu, QStringLiteral("my-gpu"), &error), qPrintable(error));
    }
    void newerSchemaIsReadOnly()
    {
        const QString path = freshPath();
        {
            PresetLibrary lib(path);
            QVERIFY(lib.open(nullptr));
            QVERIFY(lib.savePreset(myGpu(QStringLiteral("kept"), 1), nullptr, nullptr));
            QSqlDatabase db = lib.database();
            QVERIFY(execSql(db, QStringLiteral("PRAGMA user_version = 99"), nullptr));
        }
        PresetLibrary lib(path);
        LibraryMessage error;
        QVERIFY2(lib.open(&error), qPrintable(error));
        QVERIFY(lib.isReadOnly());
        QCOMPARE(lib.userPresets(Section::Gpu).size(), 1); // still readable
        QVERIFY(!lib.savePreset(myGpu(QStringLiteral("new"), 1), nullptr, &error));
        QVERIFY2(error.contains(QStringLiteral("newer")), qPrintable(error));
        QVERIFY(lib.recoveryNotice().isEmpty()); // not damaged: never moved aside
    }

    // ---------------------------------------------------------------- presets and plans
    void builtInsAreReadOnlyAndEditingSavesACopy()
    {
        PresetLibrary lib(freshPath());
        QVERIFY(lib.open(nullptr));
        Preset h100 = *PresetCatalog::builtIn().find(Section::Gpu, QStringLiteral("h100-sxm"));
        h100.values.insert(QStringLiteral("price_usd"), 21000);
        QString savedAs;
        LibraryMessage error;
        QVERIFY2(lib.savePreset(h100, &savedAs, &error), qPrintable(error));
        QCOMPARE(savedAs, QStringLiteral("h100-sxm-custom"));
        const PresetCatalog cat = lib.catalog();
        QCOMPARE(cat.find(Section::Gpu,
                          QStringLiteral("h100-sxm"))
                     ->values.value(QStringLiteral("price_usd"))
                     .toDouble(),
                 25000.0);
        const std::optional<Preset> copy = cat.find(Section::Gpu, savedAs);
        QVERIFY(copy && !copy->builtIn);
        // the library's word is data beside the built-in's name (the UI puts it into words)
        QCOMPARE(copy->name, QStringLiteral("NVIDIA H100 SXM5 80GB"));
        QCOMPARE(copy->nameTags, QList<PresetNameTag>{PresetNameTag::Edited});
        QCOMPARE(copy->fullName(), QStringLiteral("NVIDIA H100 SXM5 80GB (edited)"));
        QCOMPARE(copy->values.value(QStringLiteral("price_usd")).toDouble(), 21000.0);
        QVERIFY(copy->provenance.value(QStringLiteral("price_usd")).kind == SourceKind::User);
        QVERIFY(copy->provenance.value(QStringLiteral("bf16_dense_tflops")).kind == SourceKind::Datasheet);
        QCOMPARE(copy->defaultCluster(), QStringLiteral("dgx-h100"));
        // editing the built-in again makes a second copy, never touching the first
        QVERIFY(lib.savePreset(h100, &savedAs, &error));
        QCOMPARE(savedAs, QStringLiteral("h100-sxm-custom-2"));
        // editing the user copy updates it in place
        Preset again = *copy;
        again.values.insert(QStringLiteral("watts"), 650);
        QVERIFY(lib.savePreset(again, &savedAs, &error));
        QCOMPARE(savedAs, QStringLiteral("h100-sxm-custom"));
        QCOMPARE(lib.userPresets(Section::Gpu).size(), 2);
        QVERIFY(!lib.removePreset(Section::Gpu, QStringLiteral("h100-sxm"), &error));
        QVERIFY(error.contains(QStringLiteral("built-in")));
        // a calibrated copy says where its new figure comes from: that provenance is kept
        Preset cluster = *PresetCatalog::builtIn().find(Section::Cluster, QStringLiteral("dgx-h100"));
        cluster.values.insert(QStringLiteral("nic_efficiency"), 0.83);
        cluster.provenance.insert(QStringLiteral("nic_efficiency"), Provenance{SourceKind::Measured, QStringLiteral("nccl-tests log")});
        QVERIFY(lib.savePreset(cluster, &savedAs, &error));
        QCOMPARE(savedAs, QStringLiteral("dgx-h100-custom"));
        const Preset calibrated = *lib.catalog().find(Section::Cluster, savedAs);
        QVERIFY(calibrated.provenance.value(QStringLiteral("nic_efficiency"))
                == (Provenance{SourceKind::Measured, QStringLiteral("nccl-tests log")}));
    }
    // Issue 24: the words the library adds to a preset's name (" (edited)", " (copy)") are tags kept
    // beside the name, so that a name the user typed, even "X (copy)", is stored and shown as typed;
    // plans and files get the English, the UI the interface language. A library of schema 3 whose
    // names already hold such words keeps them as the user's.
    void presetNameTagsAreDataNotWords()
    {
        PresetLibrary lib(freshPath());
        QVERIFY(lib.open(nullptr));
        LibraryMessage error;
        QString id;
        Preset mine = myGpu(QStringLiteral("mine"), 5000);
        mine.name = QStringLiteral("X (64 GPUs) (copy)"); // typed by the user
        QVERIFY2(lib.savePreset(mine, &id, &error), qPrintable(error));
        QVERIFY(lib.duplicatePreset(Section::Gpu, QStringLiteral("mine"), &id, &error));
        Preset copy = *lib.catalog().find(Section::Gpu, id);
        QCOMPARE(copy.name, mine.name);
        QCOMPARE(copy.nameTags, QList<PresetNameTag>{PresetNameTag::Copy});
        QCOMPARE(copy.fullName(), QStringLiteral("X (64 GPUs) (copy) (copy)"));
        QVERIFY(lib.catalog().find(Section::Gpu, QStringLiteral("mine"))->nameTags.isEmpty());
        // an edited built-in copied again: both tags, in order
        Preset h100 = *PresetCatalog::builtIn().find(Section::Gpu, QStringLiteral("h100-sxm"));
        h100.values.insert(QStringLiteral("price_usd"), 21000);
        QVERIFY(lib.savePreset(h100, &id, &error));
        QVERIFY(lib.duplicatePreset(Section::Gpu, id, &id, &error));
        copy = *lib.catalog().find(Section::Gpu, id);
        QCOMPARE(copy.fullName(), QStringLiteral("NVIDIA H100 SXM5 80GB (edited) (copy)"));
        QCOMPARE(copy.shortName(), QStringLiteral("H100 SXM5"));
        // stored: the body names it as given, the tags have their column
        QSqlQuery q(lib.database());
        QVERIFY(q.exec(QStringLiteral("SELECT name, body, name_tags FROM presets WHERE preset_id = '%1'").arg(id))
                && q.next());
        QCOMPARE(q.value(0).toString(), copy.fullName());
        QCOMPARE(QJsonDocument::fromJson(q.value(1).toByteArray()).object().value(QStringLiteral("name")).toString(),
                 QStringLiteral("NVIDIA H100 SXM5 80GB"));
        QCOMPARE(q.value(2).toString(), QStringLiteral("edited copy"));
        q.finish();
        // plans and files: the English
        Plan plan;
        copy.applyTo(plan);
        QCOMPARE(QString::fromStdString(plan.gpu.name), copy.fullName());
        // preset files: the name as given, the tags as data (read back as tags)
        QCOMPARE(copy.toJson().value(QStringLiteral("name")).toString(), copy.name);
        QCOMPARE(copy.toJson().value(QStringLiteral("name_tags")).toArray(),
                 (QJsonArray{QStringLiteral("edited"), QStringLiteral("copy")}));
        // the user renames it: the tags go, the name is as typed
        copy.rename(QStringLiteral("Plan 7 (edited)"));
        QVERIFY(lib.savePreset(copy, &id, &error));
        copy = *lib.catalog().find(Section::Gpu, id);
        QCOMPARE(copy.name, QStringLiteral("Plan 7 (edited)"));
        QVERIFY(copy.nameTags.isEmpty());

        // a library of schema 3 with a copy named the old way loads it as it is, untouched
        const QString path = freshPath();
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("m4"));
            db.setDatabaseName(path);
            QVERIFY(db.open());
            QString why;
            QVERIFY2(migrateLibrary(db, &why, 3), qPrintable(why));
            Preset old = *PresetCatalog::builtIn().find(Section::Gpu, QStringLiteral("l40s"));
            old.id = QStringLiteral("l40s-copy");
            old.name = QStringLiteral("NVIDIA L40S 48GB (copy)");
            QSqlQuery ins(db);
            ins.prepare(QStringLiteral("INSERT INTO presets (section, preset_id, name, body, created_utc, modified_utc)"
                                       " VALUES ('gpu', 'l40s-copy', ?, ?,"
                                       " '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')"));
            ins.addBindValue(old.name);
            ins.addBindValue(QString::fromUtf8(QJsonDocument(old.toJson()).toJson(QJsonDocument::Compact)));
            QVERIFY2(ins.exec(), qPrintable(ins.lastError().text()));
            ins.finish();
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("m4"));
        PresetLibrary older(path);
        QVERIFY2(older.open(&error), qPrintable(error));
        QCOMPARE(older.schemaVersion(), 4);
        const Preset kept = *older.catalog().find(Section::Gpu, QStringLiteral("l40s-copy"));
        QCOMPARE(kept.name, QStringLiteral("NVIDIA L40S 48GB (copy)"));
        QVERIFY(kept.nameTags.isEmpty());
        QCOMPARE(kept.fullName(), kept.name);
    }
    // Issue 24: a saved plan's Duplicate tags the copy (PlanNameTag::Copy) instead of adding " copy"
    // to its name; the library lists it by its English full name. A calibrated preset's "measured"
    // tag, with its date, round-trips through the library and its preset files.
    void duplicatedPlansAndMeasuredPresetsKeepTheirTags()
    {
        PresetLibrary lib(freshPath());
        LibraryMessage error;
        QVERIFY(lib.open(&error));
        Scenario s = defaultScenario();
        QVERIFY(lib.savePlan(s, &error));
        QString copyName;
        QVERIFY(lib.duplicatePlan(s.name, &copyName, &error));
        QCOMPARE(copyName, s.name + QStringLiteral(" (copy)"));
        Scenario copy;
        QList<LoadError> errors;
        QVERIFY(lib.loadPlan(copyName, copy, errors));
        QCOMPARE(copy.name, s.name);
        QCOMPARE(copy.nameTags, QList<PlanNameTag>{PlanNameTag::Copy});
        // again: the name gets a number, the tag stays a tag
        QVERIFY(lib.duplicatePlan(s.name, &copyName, &error));
        QCOMPARE(copyName, s.name + QStringLiteral(" (2) (copy)"));
        QVERIFY(lib.loadPlan(copyName, copy, errors));
        QCOMPARE(copy.name, s.name + QStringLiteral(" (2)"));
        QCOMPARE(lib.plans().size(), 3);

        Preset measured = *PresetCatalog::builtIn().find(Section::Gpu, QStringLiteral("h100-sxm"));
        measured.builtIn = false;
        measured.id = QStringLiteral("h100-sxm-measured-20261202");
        markMeasured(measured, QStringLiteral("2026-12-02"));
        QString id;
        QVERIFY2(lib.savePreset(measured, &id, &error), qPrintable(error));
        const Preset stored = *lib.catalog().find(Section::Gpu, id);
        QCOMPARE(stored.name, QStringLiteral("NVIDIA H100 SXM5 80GB"));
        QCOMPARE(stored.nameTags, measured.nameTags);
        QCOMPARE(stored.fullName(), QStringLiteral("NVIDIA H100 SXM5 80GB (measured 2026-12-02)"));
        // exported and imported into another library: the same name and tags
        const QString file = m_dir.filePath(QStringLiteral("measured.json"));
        QVERIFY2(lib.exportPresets(Section::Gpu, {id}, file, &error), qPrintable(error));
        PresetLibrary other(freshPath());
        QVERIFY(other.open(&error));
        QVERIFY(other.importFile(file, false).ok);
        const Preset imported = *other.catalog().find(Section::Gpu, id);
        QCOMPARE(imported.name, stored.name);
        QCOMPARE(imported.nameTags, stored.nameTags);
    }

    // Issue 24: the default comparison's plans are named as the app names any plan (planNameFor(),
    // the presets' short names), the rented one tagged; the shipped compare-*.json say the same.
    void defaultComparisonNamesItsPlansAsAnyPlanAndMatchesTheShippedFiles()
    {
        const QList<Scenario> plans = defaultComparison();
        QCOMPARE(plans.size(), 5);
        for (qsizetype i = 0; i < 4; ++i) {
            QCOMPARE(plans[i].name, planNameFor(plans[i].plan));
            QVERIFY(plans[i].nameTags.isEmpty());
        }
        QCOMPARE(plans[0].name, QStringLiteral("Llama 2 13B on 256 H100 SXM5"));
        QCOMPARE(plans[4].name, plans[0].name);
        QCOMPARE(plans[4].nameTags, QList<PlanNameTag>{PlanNameTag::Rented});
        QCOMPARE(plans[4].fullName(), QStringLiteral("Llama 2 13B on 256 H100 SXM5 rented"));
        const QStringList files{QStringLiteral("compare-1-h100.json"), QStringLiteral("compare-2-a100.json"),
                                QStringLiteral("compare-3-l40s.json"), QStringLiteral("compare-4-rtx4090.json"),
                                QStringLiteral("compare-5-h100-rented.json")};
        for (qsizetype i = 0; i < files.size(); ++i) {
            Scenario shipped;
            QList<LoadError> errors;
            QVERIFY(loadScenarioFile(QStringLiteral(COMMTAX_SOURCE_DIR "/presets/scenarios/") + files[i],
                                     PresetCatalog::builtIn(), shipped, errors));
            QCOMPARE(shipped.name, plans[i].name);
            QCOMPARE(shipped.nameTags, plans[i].nameTags);
            QCOMPARE(shipped.plan.gpu.id, plans[i].plan.gpu.id);
        }
        // the comparison's English names, and a resized app-named plan states its new count
        const Comparison c = comparePlans(plans, Normalization::AsGiven);
        QCOMPARE(c.plans[4].name, QStringLiteral("Llama 2 13B on 256 H100 SXM5 rented"));
        QVERIFY(c.plans[0].label.parts.has_value());
        Scenario small = plans[3];
        small.plan.cluster.nodes = 16;
        small.plan.training.dp = 16;
        small.name = planNameFor(small.plan);
        QCOMPARE(small.name, QStringLiteral("Llama 2 13B on 128 RTX 4090"));
        const Comparison gpus = comparePlans({plans[0], small}, Normalization::EqualGpus, 0);
        QCOMPARE(gpus.plans[1].name, QStringLiteral("Llama 2 13B on 256 RTX 4090"));
        QCOMPARE(gpus.plans[1].label.addedGpus, 0);
    }

    // Issue 24: plan names, the comparison's columns and What to buy say a GPU by one short name, its
    // preset's "short_name" (planNameFor() said "B200 (HGX)" where the charts said "B200").
    void planNamesUseTheGpuPresetsShortNames()
    {
        for (const Preset &gpu : PresetCatalog::builtIn().presets(Section::Gpu)) {
            Scenario s = defaultScenario();
            gpu.applyTo(s.plan);
            QCOMPARE(planNameParts(s.plan).gpu, gpu.shortName());
            QCOMPARE(planNameFor(s.plan), QStringLiteral("Llama 2 70B on 256 ") + gpu.shortName());
        }
        Scenario s = defaultScenario();
        PresetCatalog::builtIn().find(Section::Gpu, QStringLiteral("b200"))->applyTo(s.plan);
        QCOMPARE(planNameFor(s.plan), QStringLiteral("Llama 2 70B on 256 B200"));
        // an edited copy says so
        Preset edited = *PresetCatalog::builtIn().find(Section::Gpu, QStringLiteral("b200"));
        edited.builtIn = false;
        edited.id = QStringLiteral("b200-custom");
        edited.nameTags = {PresetNameTag::Edited};
        PresetCatalog catalog = PresetCatalog::builtIn();
        catalog.add(edited);
        edited.applyTo(s.plan);
        QCOMPARE(planNameFor(s.plan, catalog), QStringLiteral("Llama 2 70B on 256 B200 (edited)"));
    }
    void createDuplicateDeleteAndRangeChecks()
    {
        PresetLibrary lib(freshPath());
        QVERIFY(lib.open(nullptr));
        QString id;
        LibraryMessage error;
        QVERIFY(lib.savePreset(myGpu(QStringLiteral("mine"), 5000), &id, &error));
        QVERIFY(lib.duplicatePreset(Section::Gpu, QStringLiteral("mine"), &id, &error));
        QCOMPARE(id, QStringLiteral("mine-copy"));
        QVERIFY(lib.duplicatePreset(Section::Cluster, QStringLiteral("dgx-a100"), &id, &error));
        QCOMPARE(id, QStringLiteral("dgx-a100-copy"));
        QVERIFY(lib.catalog().find(Section::Cluster, id));
        QVERIFY(lib.removePreset(Section::Gpu, QStringLiteral("mine-copy"), &error));
        QCOMPARE(lib.userPresets(Section::Gpu).size(), 1);
        Preset bad = myGpu(QStringLiteral("bad"), 5000);
        bad.values.insert(QStringLiteral("memory_gb"), -1);
        QVERIFY(!lib.savePreset(bad, &id, &error));
        QVERIFY2(error.startsWith(QStringLiteral("gpu.memory_gb:")), qPrintable(error));
        Preset badId = myGpu(QStringLiteral("has space"), 5000);
        QVERIFY(!lib.savePreset(badId, &id, &error));
        QCOMPARE(lib.userPresets(Section::Gpu).size(), 1);
    }
    void plansRoundTripAndExportInline()
    {
        PresetLibrary lib(freshPath());
        QVERIFY(lib.open(nullptr));
        LibraryMessage error;
        QVERIFY(lib.savePreset(myGpu(QStringLiteral("my-gpu"), 7000), nullptr, &error));
        Scenario s = defaultScenario();
        lib.catalog().find(Section::Gpu, QStringLiteral("my-gpu"))->applyTo(s.plan);
        s.gpuPreset = QStringLiteral("my-gpu");
        s.name = QStringLiteral("Plan, with \"quotes\" и юникод");
        QVERIFY2(lib.savePlan(s, &error), qPrintable(error));
        Scenario back;
        QList<LoadError> errors;
        QVERIFY(lib.loadPlan(s.name, back, errors));
        QVERIFY(back == s);
        // exported plans load without the library: the user GPU is written inline
        const QString file = m_dir.filePath(QStringLiteral("plan-export.json"));
        QVERIFY2(lib.exportPlan(s.name, file, &error), qPrintable(error));
        Scenario standalone;
        QVERIFY(loadScenarioFile(file, PresetCatalog::builtIn(), standalone, errors));
        QCOMPARE(standalone.plan.gpu.price_usd, 7000.0);
        QVERIFY(standalone.gpuPreset.isEmpty());
        QString copyName;
        QVERIFY(lib.duplicatePlan(s.name, &copyName, &error));
        QCOMPARE(lib.plans().size(), 2);
        QVERIFY(!lib.removePreset(Section::Gpu, QStringLiteral("my-gpu"), &error));
        QVERIFY(lib.removePlan(s.name, &error) && lib.removePlan(copyName, &error));
        QVERIFY(lib.removePreset(Section::Gpu, QStringLiteral("my-gpu"), &error));
        // A plan removed is gone: removing or loading it again says which plan, and changes nothing.
        QVERIFY(!lib.removePlan(s.name, &error));
        QVERIFY2(error.contains(QStringLiteral("no saved plan")) && error.contains(s.name), qPrintable(error));
        errors.clear();
        Scenario gone;
        QVERIFY(!lib.loadPlan(s.name, gone, errors));
        QVERIFY2(errors.value(0).toString().contains(QStringLiteral("no saved plan")),
                 qPrintable(errors.value(0).toString()));
        QCOMPARE(lib.plans().size(), 0);
    }

    // ---------------------------------------------------------------- saved comparisons
    void comparisonsRoundTripReplaceAndRemove()
    {
        PresetLibrary lib(freshPath());
        LibraryMessage error;
        QVERIFY2(lib.open(&error), qPrintable(error));
        QVERIFY(lib.savePreset(myGpu(QStringLiteral("my-gpu"), 7000), nullptr, &error));
        SavedComparison c;
        c.plans = defaultComparison().mid(0, 3);
        QVERIFY(c.plans.size() == 3);
        lib.catalog().find(Section::Gpu, QStringLiteral("my-gpu"))->applyTo(c.plans[2].plan);
        c.plans[2].gpuPreset = QStringLiteral("my-gpu");
        c.plans[1].name = QStringLiteral("A100 at 512");
        c.reference = 1;
        c.normalization = Normalization::EqualGpus;
        Goals g;
        g.deadlineDays = 60;
        c.goals = g;
        const QString name = QStringLiteral("Board \"Q3\" \u6bd4\u8f83");
        QVERIFY2(lib.saveComparison(name, c, &error), qPrintable(error));
        QVERIFY(!lib.saveComparison(QStringLiteral("  "), c, &error));
        SavedComparison back;
        QList<LoadError> errors;
        QVERIFY2(lib.loadComparison(name, back, errors), qPrintable(errors.value(0).toString()));
        QVERIFY(back == c);
        QCOMPARE(back.plans[2].plan.gpu.price_usd, 7000.0);

        // a second one is listed first; saving the first again replaces it and moves it up
        SavedComparison other = c;
        other.reference = 0;
        QVERIFY(lib.saveComparison(QStringLiteral("other"), other, &error));
        QCOMPARE(lib.comparisons().value(0).name, QStringLiteral("other"));
        c.plans[0].name = QStringLiteral("renamed");
        QVERIFY(lib.saveComparison(name, c, &error));
        const QList<LibraryComparison> list = lib.comparisons();
        QCOMPARE(list.size(), 2);
        QCOMPARE(list[0].name, name);
        QVERIFY(list[0].savedUtc.isValid());
        errors.clear();
        QVERIFY(lib.loadComparison(name, back, errors));
        QCOMPARE(back.plans[0].name, QStringLiteral("renamed"));

        QVERIFY2(lib.removeComparison(name, &error), qPrintable(error));
        QVERIFY(!lib.removeComparison(name, &error));
        QVERIFY2(error.contains(name), qPrintable(error));
        QCOMPARE(lib.comparisons().size(), 1);
        errors.clear();
        QVERIFY(!lib.loadComparison(name, back, errors));
        QVERIFY2(errors.value(0).toString().contains(QStringLiteral("no saved comparison")),
                 qPrintable(errors.value(0).toString()));
    }
    void oldLibraryGainsTheComparisonsTable()
    {
        const QString path = freshPath();
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("m3"));
            db.setDatabaseName(path);
            QVERIFY(db.open());
            QString error;
            QVERIFY2(migrateLibrary(db, &error, 2), qPrintable(error));
            QSqlQuery q(db);
            QVERIFY(q.exec(QStringLiteral("SELECT count(*) FROM sqlite_master WHERE name = 'comparisons'")));
            QVERIFY(q.next());
            QCOMPARE(q.value(0).toInt(), 0);
            q.finish();
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("m3"));
        PresetLibrary lib(path);
        LibraryMessage error;
        QVERIFY2(lib.open(&error), qPrintable(error));
        QCOMPARE(lib.schemaVersion(), librarySchemaVersion());
        QVERIFY(lib.comparisons(&error).isEmpty());
        QVERIFY(error.isEmpty());
        SavedComparison c;
        c.plans = defaultComparison().mid(0, 2);
        QVERIFY2(lib.saveComparison(QStringLiteral("after migration"), c, &error), qPrintable(error));
        QCOMPARE(lib.comparisons().size(), 1);
    }
    void corruptStoredComparisonIsPlaced()
    {
        const QString path = freshPath();
        PresetLibrary lib(path);
        LibraryMessage error;
        QVERIFY(lib.open(&error));
        SavedComparison c;
        c.plans = defaultComparison().mid(0, 2);
        QVERIFY(lib.saveComparison(QStringLiteral("broken"), c, &error));
        QVERIFY(lib.saveComparison(QStringLiteral("not json"), c, &error));
        // another program (or a bad disk) changed the stored text
        QSqlQuery q(lib.database());
        QByteArray bad = serializeComparisonFile(c, lib.catalog());
        const qsizetype at = bad.indexOf("\"tp\": ");
        QVERIFY(at > 0);
        bad.insert(at + 6, "\"eight\", \"x\": ");
        q.prepare(QStringLiteral("UPDATE comparisons SET body = ? WHERE name = 'broken'"));
        q.addBindValue(QString::fromUtf8(bad));
        QVERIFY(q.exec());
        QVERIFY(q.exec(QStringLiteral("UPDATE comparisons SET body = '{\"plans\": [' WHERE name = 'not json'")));
        q.finish();
        const int line = int(bad.left(at).count('\n')) + 1;
        SavedComparison back;
        QList<LoadError> errors;
        QVERIFY(!lib.loadComparison(QStringLiteral("broken"), back, errors));
        const QString first = errors.value(0).toString();
        const QString where = QStringLiteral("saved comparison \"broken\" in %1:%2:")
                                  .arg(QDir::toNativeSeparators(path))
                                  .arg(line);
        QVERIFY2(first.startsWith(where), qPrintable(first + QStringLiteral(" / ") + where));
        QVERIFY2(first.contains(QStringLiteral("plans[0].training.tp")), qPrintable(first));
        errors.clear();
        QVERIFY(!lib.loadComparison(QStringLiteral("not json"), back, errors));
        QVERIFY2(errors.value(0).toString().startsWith(QStringLiteral("saved comparison \"not json\" in ")),
                 qPrintable(errors.value(0).toString()));
        QCOMPARE(errors.value(0).line, 1);
        QCOMPARE(lib.comparisons().size(), 2); // listed still, and removable
        QVERIFY(lib.removeComparison(QStringLiteral("broken"), &error));
    }

    // ---------------------------------------------------------------- import and export
    void importBadFileImportsNothing_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("path");
        const QByteArray head = "{\n  \"format\": \"commtax-presets\",\n  \"version\": 1,\n  \"section\": \"gpu\",\n  \"presets\": [\n";
        const QByteArray good = "    {\"id\": \"good-1\", \"name\": \"Good\", \"bf16_dense_tflops\": 100, \"fp8_dense_tflops\": 0,"
                                " \"memory_gb\": 40, \"memory_bw_gbps\": 1000, \"intra_bw_gbps\": 100, \"intra_efficiency\": 0.8,"
                                " \"intra_latency_us\": 3, \"nvlink\": true, \"p2p\": true, \"nvls\": false, \"watts\": 300,"
                                " \"price_usd\": 5000, \"compute_efficiency\": 0.6}";
        auto second = [&](const QByteArray &field, const QByteArray &value) -> QByteArray {
            QByteArray g = good;
            g.replace("good-1", "good-2");
            const int at = int(g.indexOf(QByteArray("\"" + field + "\": ")));
            const int end = int(g.indexOf(',', at));
            return head + good + ",\n" + g.left(at) + "\"" + field + "\":\n      " + value + g.mid(end) + "\n  ]\n}\n";
        };
        QTest::addRow("syntax error") << (head + good + ",\n    {\"id\": }\n  ]\n}\n") << 7
                                      << QStringLiteral("presets[1].id");
        QTest::addRow("wrong type") << second("memory_gb", "\"forty\"") << 8 << QStringLiteral("presets[1].memory_gb");
        QTest::addRow("out of range") << second("intra_efficiency", "1.5") << 8
                                      << QStringLiteral("presets[1].intra_efficiency");
        QTest::addRow("negative price") << second("price_usd", "-5") << 8 << QStringLiteral("presets[1].price_usd");
        QTest::addRow("bad kind") << second("watts", "{\"value\": 300, \"kind\": \"rumour\"}") << 8
                                  << QStringLiteral("presets[1].watts.kind");
        QByteArray unknown = good;
        unknown.replace("good-1", "good-2").replace("\"watts\"", "\n      \"wats\"");
        QTest::addRow("unknown field") << (head + good + ",\n" + unknown + "\n  ]\n}\n") << 8
                                       << QStringLiteral("presets[1].wats");
        QByteArray dup = good;
        QTest::addRow("duplicate id") << (head + good + ",\n\n" + dup + "\n  ]\n}\n") << 8
                                      << QStringLiteral("presets[1].id");
        QByteArray builtin = good;
        builtin.replace("good-1", "h100-sxm");
        QTest::addRow("built-in id with other values") << (head + good + ",\n" + builtin + "\n  ]\n}\n") << 7
                                                       << QStringLiteral("presets[1].id");
        QTest::addRow("wrong format") << QByteArray("{\n  \"format\": \"something-else\",\n  \"version\": 1\n}\n") << 2
                                      << QStringLiteral("format");
        QTest::addRow("invalid plan")
            << QByteArray("{\n  \"format\": \"commtax-scenario\", \"version\": 1, \"name\": \"p\",\n"
                          "  \"model\": {\"preset\": \"llama2-7b\"}, \"gpu\": {\"preset\": \"h100-sxm\"},\n"
                          "  \"cluster\": {\"preset\": \"dgx-h100\", \"nodes\": 1},\n"
                          "  \"training\": {\"tp\": 3, \"pp\": 1, \"dp\": 1}\n}\n")
            << 5 << QStringLiteral("training.tp");
    }
    void importBadFileImportsNothing()
    {
        QFETCH(QByteArray, json);
        QFETCH(int, line);
        QFETCH(QString, path);
        PresetLibrary lib(freshPath());
        QVERIFY(lib.open(nullptr));
        const QString file = m_dir.filePath(QStringLiteral("bad-import.json"));
        writeFile(file, json);
        const ImportOutcome o = lib.importFile(file);
        QVERIFY(!o.ok);
        QVERIFY(!o.errors.isEmpty());
        const LoadError &e = o.errors.first();
        QCOMPARE(e.file, file);
        QCOMPARE(e.line, line);
        QCOMPARE(e.path, path);
        QVERIFY2(e.toString().startsWith(file + QLatin1Char(':') + QString::number(line) + QLatin1Char(':')),
                 qPrintable(e.toString()));
        // nothing at all from the file, not even its good first preset
        QCOMPARE(lib.userPresets(Section::Gpu).size(), 0);
        QCOMPARE(lib.plans().size(), 0);
        QVERIFY(o.added.isEmpty());
    }
    void importConflictsNeedConsent()
    {
        PresetLibrary lib(freshPath());
        QVERIFY(lib.open(nullptr));
        LibraryMessage error;
        QVERIFY(lib.savePreset(myGpu(QStringLiteral("mine"), 5000), nullptr, &error));
        const QString file = m_dir.filePath(QStringLiteral("conflict.json"));
        writeFile(file, writePresetFile(Section::Gpu, {myGpu(QStringLiteral("mine"), 6000), myGpu(QStringLiteral("other"), 1)}));
        ImportOutcome o = lib.importFile(file);
        QVERIFY(!o.ok);
        QCOMPARE(o.conflicts, QStringList{QStringLiteral("mine")});
        QCOMPARE(lib.userPresets(Section::Gpu).size(), 1); // "other" was not imported either
        o = lib.importFile(file, true);
        QVERIFY2(o.ok, qPrintable(o.summary()));
        QCOMPARE(o.replaced, QStringList{QStringLiteral("mine")});
        QCOMPARE(o.added, QStringList{QStringLiteral("other")});
        QCOMPARE(lib.catalog().find(Section::Gpu,
                                    QStringLiteral("mine"))
                     ->values.value(QStringLiteral("price_usd"))
                     .toDouble(),
                 6000.0);
    }
    void exportImportRoundTrip()
    {
        PresetLibrary lib(freshPath());
        QVERIFY(lib.open(nullptr));
        LibraryMessage error;
        // the built-in files themselves import as "identical to the built-ins": nothing stored
        for (const char *name : {"gpus", "clusters", "models"}) {
            const ImportOutcome o = lib.importFile(QStringLiteral(COMMTAX_SOURCE_DIR "/presets/%1.json").arg(QLatin1String(name)));
            QVERIFY2(o.ok, qPrintable(o.summary() + (o.errors.isEmpty() ? QString() : o.errors.first().toString())));
            QVERIFY(o.added.isEmpty());
            QVERIFY(!o.unchanged.isEmpty());
        }
        QVERIFY(lib.savePreset(myGpu(QStringLiteral("a"), 100), nullptr, &error));
        QVERIFY(lib.savePreset(myGpu(QStringLiteral("b"), 200), nullptr, &error));
        const QString file = m_dir.filePath(QStringLiteral("export.json"));
        QVERIFY2(lib.exportPresets(Section::Gpu, {QStringLiteral("a"), QStringLiteral("b")}, file, &error),
                 qPrintable(error));
        const QList<Preset> before = lib.userPresets(Section::Gpu);
        PresetLibrary other(freshPath());
        QVERIFY(other.open(nullptr));
        const ImportOutcome o = other.importFile(file);
        QVERIFY(o.ok);
        QCOMPARE(o.added, (QStringList{QStringLiteral("a"), QStringLiteral("b")}));
        const QList<Preset> after = other.userPresets(Section::Gpu);
        QCOMPARE(after.size(), 2);
        for (qsizetype i = 0; i < 2; ++i) {
            QCOMPARE(after[i].values, before[i].values);
            QCOMPARE(after[i].provenance, before[i].provenance);
            QCOMPARE(after[i].name, before[i].name);
        }
        QVERIFY(!lib.exportPresets(Section::Gpu, {QStringLiteral("nope")}, file, &error));
        QVERIFY(error.contains(QStringLiteral("nope")));
    }

    // ---------------------------------------------------------------- damaged files
    void garbageFileIsMovedAsideAndAFreshLibraryStarts()
    {
        const QString path = freshPath();
        const QByteArray garbage = QByteArray("this is not a database, it is a shopping list\n").repeated(200);
        writeFile(path, garbage);
        PresetLibrary lib(path);
        LibraryMessage error;
        QVERIFY2(lib.open(&error), qPrintable(error));
        QVERIFY(!lib.movedAsideTo().isEmpty());
        QVERIFY(lib.movedAsideTo().contains(QStringLiteral(".broken-")));
        QCOMPARE(readAll(lib.movedAsideTo()), garbage); // nothing lost
        QVERIFY2(lib.recoveryNotice().contains(QDir::toNativeSeparators(lib.movedAsideTo())),
                 qPrintable(lib.recoveryNotice()));
        QVERIFY(lib.savePreset(myGpu(QStringLiteral("after"), 1), nullptr, &error));
        QCOMPARE(lib.schemaVersion(), librarySchemaVersion());
    }
    void corruptPagesFailIntegrityCheck()
    {
        const QString path = freshPath();
        {
            PresetLibrary lib(path);
            QVERIFY(lib.open(nullptr));
            for (int i = 0; i < 60; ++i)
                QVERIFY(lib.savePreset(myGpu(QStringLiteral("g%1").arg(i), i), nullptr, nullptr));
        } // the last connection closes: WAL checkpointed into the file
        QVERIFY(!QFile::exists(path + QStringLiteral("-wal")));
        QByteArray bytes = readAll(path);
        QVERIFY(bytes.size() > 24 * 4096);
        QVERIFY(bytes.startsWith("SQLite format 3"));
        // Pages 2-8 are the roots of the schema's tables and indexes; page 20 holds presets.
        for (int i = 19 * 4096; i < 19 * 4096 + 1500; ++i) // scribble over a b-tree page
            bytes[i] = char(0xA5 ^ (i & 0xff));
        writeFile(path, bytes);
        {
            // the command line never moves a file aside: it reports and carries on with the built-ins
            PresetLibrary cli(path);
            LibraryMessage error;
            QVERIFY(!cli.open(&error, PresetLibrary::OpenMode::ExistingOnly));
            QVERIFY2(error.contains(QStringLiteral("integrity")) || error.contains(QStringLiteral("malformed")),
                     qPrintable(error));
            QVERIFY(QFile::exists(path));
        }
        PresetLibrary lib(path);
        LibraryMessage error;
        QVERIFY2(lib.open(&error), qPrintable(error));
        QVERIFY(!lib.movedAsideTo().isEmpty());
        QCOMPARE(readAll(lib.movedAsideTo()), bytes);
        QCOMPARE(lib.userPresets(Section::Gpu).size(), 0);
    }
    void missingFileIsNotCreatedByTheCommandLine()
    {
        const QString path = freshPath();
        PresetLibrary lib(path);
        LibraryMessage error;
        QVERIFY(!lib.open(&error, PresetLibrary::OpenMode::ExistingOnly));
        QVERIFY(!QFile::exists(path));
    }

    // Issue 22, item 8: a full disk during an import blamed "the file" being imported. The disk
    // is made full for this process by RLIMIT_FSIZE (a write past the limit fails, as on a full
    // disk; SIGXFSZ ignored): the import says the library could not be written, the imported file
    // is not at fault, and nothing already in the library is lost.
    void fullDiskDuringImportBlamesTheLibrary()
    {
        const QString path = freshPath();
        PresetLibrary lib(path);
        QVERIFY(lib.open(nullptr));
        LibraryMessage error;
        QVERIFY2(lib.savePreset(myGpu(QStringLiteral("kept"), 1), nullptr, &error), qPrintable(error));
        QList<Preset> many;
        for (int i = 0; i < 400; ++i)
            many.append(myGpu(QStringLiteral("imported-%1").arg(i), i + 1));
        const QString file = m_dir.filePath(QStringLiteral("many.json"));
        writeFile(file, writePresetFile(Section::Gpu, many));

        rlimit old{};
        QCOMPARE(getrlimit(RLIMIT_FSIZE, &old), 0);
        rlimit low = old;
        low.rlim_cur = 16 * 1024; // smaller than the 400 presets' pages (the limit is an offset)
        const auto previousHandler = std::signal(SIGXFSZ, SIG_IGN);
        QCOMPARE(setrlimit(RLIMIT_FSIZE, &low), 0);
        const ImportOutcome o = lib.importFile(file);
        QCOMPARE(setrlimit(RLIMIT_FSIZE, &old), 0);
        std::signal(SIGXFSZ, previousHandler);

        QVERIFY(!o.ok);
        QVERIFY(o.added.isEmpty());
        QVERIFY(!o.errors.isEmpty());
        const QString said = o.errors.first().toString();
        QVERIFY2(said.contains(QStringLiteral("the preset library could not be written")), qPrintable(said));
        QVERIFY2(said.contains(QStringLiteral("the imported file is not at fault")), qPrintable(said));
        QVERIFY2(!said.contains(QStringLiteral("many.json")), qPrintable(said)); // the library is named, not the file
        // nothing lost: the library reopens sound with the preset it had and none of the import
        PresetLibrary again(path);
        QVERIFY2(again.open(&error), qPrintable(error));
        QCOMPARE(again.userPresets(Section::Gpu).size(), 1);
        QCOMPARE(again.userPresets(Section::Gpu).first().id, QStringLiteral("kept"));
        QSqlQuery q(again.database());
        QVERIFY(q.exec(QStringLiteral("PRAGMA integrity_check")) && q.next());
        QCOMPARE(q.value(0).toString(), QStringLiteral("ok"));
        // and with room again, the same file imports
        QVERIFY2(again.importFile(file).ok, "the import succeeds once the disk has room");
    }

    // Issue 22, item 8: a library file that is writable in a read-only folder was reported as a
    // read-only file, and its presets could not be read at all. SQLite cannot create its journal
    // there, so nothing can be saved, but the presets are read and the reason names the folder.
    // Root ignores permissions, so as root the library is opened as the user "nobody".
    void writableFileInReadOnlyFolderIsReadAndNotSaved()
    {
        QTemporaryDir top;
        QVERIFY(top.isValid());
        using P = QFile::Permission;
        const auto readAndEnter = P::ReadOwner | P::ExeOwner | P::ReadGroup | P::ExeGroup | P::ReadOther | P::ExeOther;
        QVERIFY(QFile::setPermissions(top.path(), readAndEnter | QFile::WriteOwner));
        const QString folder = top.filePath(QStringLiteral("locked"));
        QVERIFY(QDir().mkpath(folder));
        const QString path = QDir(folder).filePath(QStringLiteral("library.sqlite"));
        {
            PresetLibrary lib(path);
            QVERIFY(lib.open(nullptr));
            QVERIFY(lib.savePreset(myGpu(QStringLiteral("kept"), 1), nullptr, nullptr));
        }
        // the last connection checkpointed the journal; the file: everyone may write it
        QVERIFY(!QFile::exists(path + QStringLiteral("-wal")));
        const auto everyone = readAndEnter | P::WriteOwner | P::WriteGroup | P::WriteOther;
        QVERIFY(QFile::setPermissions(path, everyone));
        QVERIFY(QFile::setPermissions(folder, readAndEnter));
        const bool asRoot = geteuid() == 0;
        constexpr uid_t kNobody = 65534;
        // real and effective ids both (access(), which Qt asks, checks the real one); the saved id
        // stays root so that the test can return to it
        if (asRoot)
            QCOMPARE(setresuid(kNobody, kNobody, 0), 0);
        const auto restore = qScopeGuard([&] {
            if (asRoot)
                (void)setresuid(0, 0, 0);
            QFile::setPermissions(folder, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        });
        QVERIFY(!QFileInfo(folder).isWritable());
        QVERIFY(QFileInfo(path).isWritable());

        PresetLibrary lib(path);
        LibraryMessage error;
        QVERIFY2(lib.open(&error), qPrintable(error));
        QVERIFY(lib.isReadOnly());
        const QString reason = lib.readOnlyReason();
        QVERIFY2(reason.contains(QStringLiteral("its folder")), qPrintable(reason));
        QVERIFY2(reason.contains(QDir::toNativeSeparators(folder)), qPrintable(reason));
        QCOMPARE(lib.userPresets(Section::Gpu).size(), 1); // read, as it is
        QVERIFY(!lib.savePreset(myGpu(QStringLiteral("new"), 2), nullptr, &error));
        QVERIFY2(error.contains(QStringLiteral("nothing can be saved")), qPrintable(error));
    }

    // ---------------------------------------------------------------- concurrency
    void twoProcessesWriteAtOnce()
    {
        const QString path = freshPath();
        {
            PresetLibrary lib(path);
            QVERIFY(lib.open(nullptr));
        }
        constexpr int perProcess = 60;
        QProcess a, b;
        const QString self = QCoreApplication::applicationFilePath();
        a.start(self, {QStringLiteral("--write-presets"), path, QStringLiteral("a"), QString::number(perProcess)});
        b.start(self, {QStringLiteral("--write-presets"), path, QStringLiteral("b"), QString::number(perProcess)});
        QVERIFY(a.waitForStarted() && b.waitForStarted());
        // meanwhile this process reads and writes too
        PresetLibrary reader(path);
        LibraryMessage error;
        QVERIFY2(reader.open(&error), qPrintable(error));
        for (int i = 0; i < 20; ++i) {
            QVERIFY2(reader.savePreset(myGpu(QStringLiteral("main-%1").arg(i), i), nullptr, &error), qPrintable(error));
            reader.catalog();
        }
        QVERIFY(a.waitForFinished(60000) && b.waitForFinished(60000));
        QVERIFY2(a.exitCode() == 0, a.readAllStandardError().constData());
        QVERIFY2(b.exitCode() == 0, b.readAllStandardError().constData());
        QCOMPARE(reader.userPresets(Section::Gpu).size(), 2 * perProcess + 20);
        QSqlQuery q(reader.database());
        QVERIFY(q.exec(QStringLiteral("PRAGMA integrity_check")) && q.next());
        QCOMPARE(q.value(0).toString(), QStringLiteral("ok"));
    }
    void oneNamedConnectionPerThread()
    {
        PresetLibrary lib(freshPath());
        QVERIFY(lib.open(nullptr));
        QString mainName = lib.database().connectionName(), threadName;
        int threadForeignKeys = -1, threadCount = -1;
        QThread *t = QThread::create([&] {
            QSqlQuery q(lib.database());
            threadName = lib.database().connectionName();
            if (q.exec(QStringLiteral("PRAGMA foreign_keys")) && q.next())
                threadForeignKeys = q.value(0).toInt();
            lib.savePreset(myGpu(QStringLiteral("from-thread"), 1), nullptr, nullptr);
            threadCount = int(lib.userPresets(Section::Gpu).size());
        });
        t->start();
        QVERIFY(t->wait(30000));
        delete t;
        QVERIFY(!threadName.isEmpty());
        QVERIFY(threadName != mainName);
        QVERIFY(!QSqlDatabase::contains(threadName)); // closed when its thread ended
        QCOMPARE(threadForeignKeys, 1);
        QCOMPARE(threadCount, 1);
        QCOMPARE(lib.userPresets(Section::Gpu).size(), 1);
    }
};

// The concurrency test runs this executable twice more as writers.
static int writePresets(const QString &path, const QString &prefix, int count)
{
    PresetLibrary lib(path);
    LibraryMessage error;
    if (!lib.open(&error)) {
        fprintf(stderr, "open: %s\n", qPrintable(error));
        return 1;
    }
    for (int i = 0; i < count; ++i)
        if (!lib.savePreset(myGpu(QStringLiteral("%1-%2").arg(prefix).arg(i), i), nullptr, &error)) {
            fprintf(stderr, "write %d: %s\n", i, qPrintable(error));
            return 1;
        }
    return 0;
}

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    if (argc == 5 && QByteArray(argv[1]) == "--write-presets")
        return writePresets(QString::fromLocal8Bit(argv[2]), QString::fromLocal8Bit(argv[3]),
                            QByteArray(argv[4]).toInt());
    TestLibrary t;
    return QTest::qExec(&t, argc, argv);
}

#include "test_library.moc"
