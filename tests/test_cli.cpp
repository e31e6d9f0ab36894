// SPDX-License-Identifier: GPL-3.0-or-later
// The command line, run as users run it: exit codes, stderr reasons, JSON and CSV output.
#include "core/resultio.h"
#include "core/scenario.h"
#include "core/terminaltext.h"
#include "library/presetlibrary.h"

#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <QElapsedTimer>
#include <QProcess>

#include <cerrno>
#include <cmath>
#include <csignal>
#include <tuple>

#include <unistd.h>

using namespace commtax;
using namespace commtax::test;

namespace {
QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}
// `commtax ARGS` stopped with Ctrl+C once it has taken SIGINT over (its handler shows in
// /proc/PID/status), rather than after a fixed wait that a fast machine could outrun.
struct Interrupted {
    bool caught = false;  // it had a SIGINT handler while it ran
    bool stopped = false; // it ended within 30 s of the signal, normally
    int code = -1;
    QByteArray err;
};
bool catchesInterrupt(qint64 pid)
{
    QFile status(QStringLiteral("/proc/%1/status").arg(pid));
    if (!status.open(QIODevice::ReadOnly))
        return false;
    for (const QByteArray &line : status.readAll().split('\n'))
        if (line.startsWith("SigCgt:"))
            return ((line.mid(7).trimmed().toULongLong(nullptr, 16) >> (SIGINT - 1)) & 1) != 0;
    return false;
}
Interrupted interruptOnceCaught(const QStringList &args)
{
    Interrupted r;
    QProcess p;
    p.start(QStringLiteral(COMMTAX_BINARY), args);
    if (!p.waitForStarted())
        return r;
    QElapsedTimer clock;
    clock.start();
    while (p.state() == QProcess::Running && !catchesInterrupt(p.processId()) && clock.elapsed() < 60000)
        QTest::qWait(10);
    r.caught = p.state() == QProcess::Running && catchesInterrupt(p.processId());
    if (r.caught)
        ::kill(pid_t(p.processId()), SIGINT);
    r.stopped = p.waitForFinished(30000) && p.exitStatus() == QProcess::NormalExit;
    if (!r.stopped)
        p.kill();
    r.code = p.exitCode();
    r.err = p.readAllStandardError();
    return r;
}

// A scenario on 8 GPUs of one node, naming these presets.
QByteArray scenarioWith(const QByteArray &gpu, const QByteArray &cluster, const QByteArray &name = "plan")
{
    return "{\"format\": \"commtax-scenario\", \"version\": 1, \"name\": \"" + name
        + "\",\n\"model\": {\"preset\": \"llama2-7b\"},\n\"gpu\": {\"preset\": \"" + gpu
        + "\"},\n\"cluster\": {\"preset\": \"" + cluster + "\", \"nodes\": 1},\n\"training\": {\"tp\": 8, \"pp\": 1, \"dp\": 1}}\n";
}
} // namespace

class TestCli : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;

    // `commtax <args>` with COMMTAX_LIBRARY pointing at `library`.
    static Run runWithLibrary(const QString &library, const QStringList &args)
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("COMMTAX_LIBRARY"), library);
        return run(QStringLiteral(COMMTAX_BINARY), args, env, QByteArray(), 60000);
    }

private Q_SLOTS:
    // The layer rule of docs/development.md: the command line reaches the model through model/
    // headers only (its messages in the system's language come from model/text), and the GUI's
    // start-up, main.cpp, whatever it needs (it registers the PDF report writer and the font).
    // commtax_cli is also built without ui/'s include folder.
    void commandLineIncludesNothingOfTheUi()
    {
        const QDir app(QStringLiteral(COMMTAX_SOURCE_DIR "/app"));
        const QDir model(QStringLiteral(COMMTAX_SOURCE_DIR "/model"));
        const QRegularExpression include(QStringLiteral("^#include \"([^\"]+)\""), QRegularExpression::MultilineOption);
        int checked = 0;
        for (const QString &name : app.entryList({QStringLiteral("*.cpp"), QStringLiteral("*.h")}, QDir::Files)) {
            if (name == QLatin1String("main.cpp"))
                continue;
            QFile f(app.filePath(name));
            QVERIFY(f.open(QIODevice::ReadOnly));
            auto it = include.globalMatch(QString::fromUtf8(f.readAll()));
            while (it.hasNext()) {
                const QString header = it.next().captured(1);
                const bool ok = app.exists(header) || model.exists(header);
                QVERIFY2(ok, qPrintable(name + QStringLiteral(" includes ") + header));
                ++checked;
            }
        }
        QVERIFY(checked > 20);
    }

    void evaluateJsonHasEveryNamedOutput()
    {
        const QString file = writeFile(m_dir, QStringLiteral("default.json"), serializeScenario(defaultScenario()));
        const Run r = runCommtax({QStringLiteral("evaluate"), file, QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        // Every metric of the registry (resultio.cpp), with the engine's own value.
        const Result direct = evaluateValid(defaultScenario().plan);
        for (const MetricInfo &m : metrics()) {
            QVERIFY2(o.contains(QLatin1String(m.key)), m.key);
            QCOMPARE(o.value(QLatin1String(m.key)).toDouble(), m.get(direct));
        }
        QVERIFY(o.value(QStringLiteral("warnings")).isArray());
        QVERIFY(o.value(QStringLiteral("fits_in_memory")).isBool());
        for (auto it = o.constBegin(); it != o.constEnd(); ++it)
            QVERIFY2(!it.value().isNull(), qPrintable(it.key())); // no NaN/inf became null
    }
    void evaluateTable()
    {
        const QString file = writeFile(m_dir, QStringLiteral("t.json"), serializeScenario(defaultScenario()));
        const Run r = runCommtax({QStringLiteral("evaluate"), file});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("Step time (s)"));
        QVERIFY(r.out.contains("Comm tax, exposed"));
    }
    // An expired quote warns in evaluate, in the table and in the JSON; today is COMMTAX_TODAY.
    void evaluateWarnsOfAnExpiredQuote()
    {
        Scenario s = defaultScenario();
        s.quote.vendor = QStringLiteral("Acme Systems");
        s.quote.id = QStringLiteral("Q-2026-17");
        s.quote.validUntil = QStringLiteral("2026-02-28");
        const QString file = writeFile(m_dir, QStringLiteral("quoted.json"), serializeScenario(s));
        const QByteArray warning = "Quote Q-2026-17 from Acme Systems expired on 2026-02-28";
        for (const char *today : {"2026-02-28", "2026-03-01"}) {
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(QStringLiteral("COMMTAX_TODAY"), QLatin1String(today));
            const Run table = run(QStringLiteral(COMMTAX_BINARY), {QStringLiteral("evaluate"), file}, env);
            QCOMPARE(table.code, 0);
            const bool expired = qstrcmp(today, "2026-03-01") == 0;
            QVERIFY2(table.out.contains(warning) == expired, table.out.constData());
            const QStringList args{QStringLiteral("evaluate"), file, QStringLiteral("--json")};
            const Run json = run(QStringLiteral(COMMTAX_BINARY), args, env);
            QCOMPARE(json.code, 0);
            const QJsonObject o = QJsonDocument::fromJson(json.out).object();
            const QJsonArray warnings = o.value(QStringLiteral("warnings")).toArray();
            QCOMPARE(!warnings.isEmpty() && warnings.first().toString().startsWith(QLatin1String(warning)), expired);
        }
    }
    void presets()
    {
        Run r = runCommtax({QStringLiteral("presets")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("h100-sxm"));
        QVERIFY(r.out.contains("BF16 989 TFLOPS dense"));
        r = runCommtax({QStringLiteral("presets"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o.value(QStringLiteral("gpus")).toArray().size(), qsizetype(PresetCatalog::builtIn().presets(Section::Gpu).size()));
        const QJsonObject h100 = o.value(QStringLiteral("gpus")).toArray().first().toObject();
        QCOMPARE(h100.value(QStringLiteral("bf16_dense_tflops")).toObject().value(QStringLiteral("kind")).toString(),
                 QStringLiteral("datasheet"));
    }
    void sweepGpus()
    {
        const QString file = writeFile(m_dir, QStringLiteral("s.json"), serializeScenario(defaultScenario()));
        Run r = runCommtax({QStringLiteral("sweep"), file, QStringLiteral("--gpus"), QStringLiteral("8,32,256,1024"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const QJsonArray a = QJsonDocument::fromJson(r.out).array();
        QCOMPARE(a.size(), 4);
        QCOMPARE(a[0].toObject().value(QStringLiteral("valid")).toBool(), false); // 8 < tp*pp = 32
        QVERIFY(a[0].toObject().value(QStringLiteral("error")).toString().contains(QLatin1String("tp*cp*pp")));
        QCOMPARE(a[2].toObject().value(QStringLiteral("step_time_s")).toDouble(), evaluateValid(defaultScenario().plan).step_time_s);
        r = runCommtax({QStringLiteral("sweep"), file, QStringLiteral("--micro-batches"), QStringLiteral("1,2,4,8"), QStringLiteral("--csv")});
        QCOMPARE(r.code, 0);
        const QList<QByteArray> lines = r.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 5);
        QVERIFY(lines[0].startsWith("micro_batches,valid,step_time_s"));
        r = runCommtax({QStringLiteral("sweep"), file, QStringLiteral("--hardware"), QStringLiteral("h100-sxm,a100-sxm-80gb,rtx-4090")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("rtx-4090"));
    }
    void badInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("fragment");
        const QString dir = m_dir.path();
        QTest::addRow("missing file") << QStringList{QStringLiteral("evaluate"), dir + QStringLiteral("/nope.json")} << 1 << "cannot open";
        QTest::addRow("unknown command") << QStringList{QStringLiteral("frobnicate")} << 2 << "unknown command";
        QTest::addRow("unknown option") << QStringList{QStringLiteral("presets"), QStringLiteral("--xml")} << 2 << "unknown option --xml";
        QTest::addRow("sweep without axis") << QStringList{QStringLiteral("sweep"), QStringLiteral("x.json")} << 2 << "exactly one of";
        QTest::addRow("bad gpu list") << QStringList{QStringLiteral("sweep"), QStringLiteral("x.json"), QStringLiteral("--gpus"), QStringLiteral("8,abc")} << 2 << "not a positive whole number";
    }
    void badInput()
    {
        QFETCH(QStringList, args);
        QFETCH(int, code);
        QFETCH(QString, fragment);
        const Run r = runCommtax(args);
        QCOMPARE(r.code, code);
        QVERIFY2(QString::fromUtf8(r.err).contains(fragment), r.err.constData());
        QVERIFY(r.err.startsWith("commtax: "));
    }
    void invalidPlansExitOneWithFileLineField_data()
    {
        QTest::addColumn<QByteArray>("training");
        QTest::addColumn<QString>("expect");
        QTest::addRow("tp not dividing heads") << QByteArray("\"tp\": 3, \"pp\": 1, \"dp\": 1") << "training.tp: tp=3 does not divide heads=32";
        QTest::addRow("layers vs pp*vpp") << QByteArray("\"tp\": 1, \"pp\": 8, \"dp\": 1, \"vpp\": 8") << "training.pp: layers=32 cannot fill pp*vpp=8*8=64";
        QTest::addRow("batch") << QByteArray("\"tp\": 8, \"pp\": 1, \"dp\": 1, \"global_batch\": 7, \"micro_batch\": 2") << "training.global_batch: global_batch=7 is not divisible";
        QTest::addRow("gpus") << QByteArray("\"tp\": 2, \"pp\": 1, \"dp\": 1") << "training.dp: tp*cp*pp*dp=2*1*1*1=2 does not equal";
        QTest::addRow("negative") << QByteArray("\"tp\": 8, \"pp\": 1, \"dp\": 1, \"seq_len\": -5") << "training.seq_len: expected a whole number from 1 to 10000000 tokens (got -5)";
        QTest::addRow("efficiency") << QByteArray("\"tp\": 8, \"pp\": 1, \"dp\": 1, \"goodput\": 1.5") << "training.goodput: expected a number from 0.01 to 1 (got 1.5)";
    }
    void invalidPlansExitOneWithFileLineField()
    {
        QFETCH(QByteArray, training);
        QFETCH(QString, expect);
        const QByteArray json = "{\"format\": \"commtax-scenario\", \"version\": 1,\n"
                                "\"model\": {\"preset\": \"llama2-7b\"},\n\"gpu\": {\"preset\": \"h100-sxm\"},\n"
                                "\"cluster\": {\"preset\": \"dgx-h100\", \"nodes\": 1},\n\"training\": {"
            + training + "}}";
        const QString file = writeFile(m_dir, QStringLiteral("bad.json"), json);
        const Run r = runCommtax({QStringLiteral("evaluate"), file});
        QCOMPARE(r.code, 1);
        const QString err = QString::fromUtf8(r.err);
        QVERIFY2(err.contains(expect), qPrintable(err));
        QVERIFY2(err.contains(file + QStringLiteral(":5:")), qPrintable(err)); // file and line of "training"
        QVERIFY(r.out.isEmpty());
    }
    void unknownPresetExitsOne()
    {
        const QString file = writeFile(m_dir, QStringLiteral("p.json"), "{\"format\": \"commtax-scenario\", \"version\": 1,\n"
                                                                        "\"model\": {\"preset\": \"gpt5\"},\n\"gpu\": {\"preset\": \"h100-sxm\"},\n"
                                                                        "\"cluster\": {\"preset\": \"dgx-h100\"}}");
        const Run r = runCommtax({QStringLiteral("evaluate"), file, QStringLiteral("--json")});
        QCOMPARE(r.code, 1);
        QVERIFY(r.err.contains(":2:"));
        QVERIFY(r.err.contains("model.preset: unknown model preset \"gpt5\""));
    }

    // Every subcommand resolves the user's presets from the library, as `report` did alone before.
    void everyCommandResolvesUserPresets()
    {
        const QString library = m_dir.filePath(QStringLiteral("user-library.sqlite"));
        {
            PresetLibrary lib(library);
            LibraryMessage error;
            QVERIFY2(lib.open(&error), qPrintable(error));
            Preset gpu = *PresetCatalog::builtIn().find(Section::Gpu, QStringLiteral("h100-sxm"));
            gpu.builtIn = false;
            gpu.id = QStringLiteral("my-h100");
            gpu.name = QStringLiteral("My H100");
            gpu.values.insert(QStringLiteral("price_usd"), 12345);
            QVERIFY2(lib.savePreset(gpu, nullptr, &error), qPrintable(error));
            Preset cluster = *PresetCatalog::builtIn().find(Section::Cluster, QStringLiteral("dgx-h100"));
            cluster.builtIn = false;
            cluster.id = QStringLiteral("my-pod");
            cluster.name = QStringLiteral("My pod");
            QVERIFY2(lib.savePreset(cluster, nullptr, &error), qPrintable(error));
        }
        const QByteArray before = readAll(library);
        const QString mine = writeFile(m_dir, QStringLiteral("mine.json"), scenarioWith("my-h100", "my-pod"));
        const QString builtin = writeFile(m_dir, QStringLiteral("builtin.json"), scenarioWith("h100-sxm", "dgx-h100"));

        Run r = runWithLibrary(library, {QStringLiteral("evaluate"), mine, QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(QJsonDocument::fromJson(r.out).object().value(QStringLiteral("gpu")).toString(), QStringLiteral("my-h100"));
        r = runWithLibrary(library, {QStringLiteral("sweep"), mine, QStringLiteral("--gpus"), QStringLiteral("8,16"), QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.constData());
        r = runWithLibrary(library, {QStringLiteral("sweep"), builtin, QStringLiteral("--hardware"), QStringLiteral("my-h100,a100-sxm-80gb")});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(r.out.contains("my-h100"));
        r = runWithLibrary(library, {QStringLiteral("report"), mine, builtin, QStringLiteral("-o"), m_dir.filePath(QStringLiteral("r.csv"))});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(r.err.isEmpty());
        QCOMPARE(readAll(library), before); // read, never written

        // without the library the same names are unknown (exit 1, file and field named), and a
        // missing library is not created
        const QString missing = m_dir.filePath(QStringLiteral("no-library.sqlite"));
        r = runWithLibrary(missing, {QStringLiteral("evaluate"), mine});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("gpu.preset: unknown gpu preset \"my-h100\""), r.err.constData());
        r = runWithLibrary(missing, {QStringLiteral("sweep"), builtin, QStringLiteral("--hardware"), QStringLiteral("my-h100")});
        QCOMPARE(r.code, 1);
        QVERIFY(!QFileInfo::exists(missing));
    }

    void reportRefusesToOverwriteAnInput()
    {
        const QByteArray text = scenarioWith("h100-sxm", "dgx-h100");
        const QString a = writeFile(m_dir, QStringLiteral("in-a.json"), text);
        const QString b = writeFile(m_dir, QStringLiteral("in-b.json"), text);
        const QString viaSymlink = m_dir.filePath(QStringLiteral("link-to-a.json"));
        const QString viaHardLink = m_dir.filePath(QStringLiteral("hard-a.json"));
        QVERIFY(QFile::link(a, viaSymlink));
        QVERIFY(::link(QFile::encodeName(a).constData(), QFile::encodeName(viaHardLink).constData()) == 0);
        const QString relative = QStringLiteral("%1/./../%2/in-a.json").arg(m_dir.path(), QFileInfo(m_dir.path()).fileName());
        for (const QString &output : {a, viaSymlink, viaHardLink, relative}) {
            const Run r = runCommtax({QStringLiteral("report"), a, b, QStringLiteral("-o"), output});
            QVERIFY2(r.code == 1, qPrintable(output));
            QVERIFY2(r.err.contains("is also an input") && r.err.contains(output.toUtf8()), r.err.constData());
            QCOMPARE(readAll(a), text);
        }
        // through the other spelling of the option, too
        const Run r = runCommtax({QStringLiteral("report"), a, b, QStringLiteral("--output"), b});
        QCOMPARE(r.code, 1);
        QCOMPARE(readAll(b), text);
    }

    void repeatedOrConflictingOptionsAreUsageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("fragment");
        const QString f = QStringLiteral(COMMTAX_SOURCE_DIR "/presets/scenarios/llama2-70b-h100.json");
        const QString g = QStringLiteral(COMMTAX_SOURCE_DIR "/presets/scenarios/compare-1-h100.json");
        const QString log = QStringLiteral(COMMTAX_FIXTURES_DIR "/nccl/oci_oke_a100sxm40_2node_16gpu_rdma.txt");
        const QString o1 = m_dir.filePath(QStringLiteral("o1.csv")), o2 = m_dir.filePath(QStringLiteral("o2.csv"));
        QTest::addRow("report -o twice") << QStringList{QStringLiteral("report"), f, g, QStringLiteral("-o"), o1, QStringLiteral("-o"), o2} << "-o given more than once";
        QTest::addRow("report -o and --output") << QStringList{QStringLiteral("report"), f, g, QStringLiteral("-o"), o1, QStringLiteral("--output"), o2} << "not both";
        QTest::addRow("report --normalize twice") << QStringList{QStringLiteral("report"), f, g, QStringLiteral("-o"), o1, QStringLiteral("--normalize=gpus"), QStringLiteral("--normalize"), QStringLiteral("time")} << "--normalize given more than once";
        QTest::addRow("evaluate --json twice") << QStringList{QStringLiteral("evaluate"), f, QStringLiteral("--json"), QStringLiteral("--json")} << "--json given more than once";
        QTest::addRow("presets --json twice") << QStringList{QStringLiteral("presets"), QStringLiteral("--json"), QStringLiteral("--json")} << "--json given more than once";
        QTest::addRow("sweep --gpus twice") << QStringList{QStringLiteral("sweep"), f, QStringLiteral("--gpus"), QStringLiteral("8"), QStringLiteral("--gpus=16")} << "--gpus given more than once";
        QTest::addRow("sweep --csv twice") << QStringList{QStringLiteral("sweep"), f, QStringLiteral("--gpus"), QStringLiteral("8"), QStringLiteral("--csv"), QStringLiteral("--csv")} << "--csv given more than once";
        QTest::addRow("sweep --json and --csv") << QStringList{QStringLiteral("sweep"), f, QStringLiteral("--gpus"), QStringLiteral("8"), QStringLiteral("--json"), QStringLiteral("--csv")} << "not both";
        QTest::addRow("sweep --scaling without --gpus") << QStringList{QStringLiteral("sweep"), f, QStringLiteral("--hardware"), QStringLiteral("all"), QStringLiteral("--scaling"), QStringLiteral("fixed-batch")} << "--scaling goes with --gpus";
        QTest::addRow("calibrate --ranks twice") << QStringList{QStringLiteral("calibrate"), log, QStringLiteral("--ranks"), QStringLiteral("8"), QStringLiteral("--ranks"), QStringLiteral("16")} << "--ranks given more than once";
        QTest::addRow("calibrate --json twice") << QStringList{QStringLiteral("calibrate"), log, QStringLiteral("--json"), QStringLiteral("--json")} << "--json given more than once";
        QTest::addRow("unknown short option") << QStringList{QStringLiteral("evaluate"), f, QStringLiteral("-x")} << "unknown option -x";
    }
    void repeatedOrConflictingOptionsAreUsageErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, fragment);
        const Run r = runCommtax(args);
        QCOMPARE(r.code, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(fragment), r.err.constData());
        QVERIFY(r.out.isEmpty());
        QVERIFY(!QFileInfo::exists(m_dir.filePath(QStringLiteral("o1.csv"))) && !QFileInfo::exists(m_dir.filePath(QStringLiteral("o2.csv"))));
    }

    // Every command knows -h and --help: its own usage and options on stdout, exit 0, even beside
    // other arguments; the top-level usage names them and Qt's options.
    void helpPerCommand_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QString>("option");
        QTest::addRow("evaluate") << QStringLiteral("evaluate") << QStringLiteral("--json");
        QTest::addRow("presets") << QStringLiteral("presets") << QStringLiteral("--json");
        QTest::addRow("sweep") << QStringLiteral("sweep") << QStringLiteral("--micro-batches");
        QTest::addRow("report") << QStringLiteral("report") << QStringLiteral("--normalize");
        QTest::addRow("calibrate") << QStringLiteral("calibrate") << QStringLiteral("--ranks");
        QTest::addRow("search") << QStringLiteral("search") << QStringLiteral("--objective");
        QTest::addRow("launch") << QStringLiteral("launch") << QStringLiteral("--for");
    }
    void helpPerCommand()
    {
        QFETCH(QString, command);
        QFETCH(QString, option);
        for (const QStringList &args : {QStringList{command, QStringLiteral("--help")}, QStringList{command, QStringLiteral("-h")},
                                        QStringList{command, QStringLiteral("x.json"), QStringLiteral("--help")}}) {
            const Run r = runCommtax(args);
            QCOMPARE(r.code, 0);
            QVERIFY2(r.err.isEmpty(), r.err.constData());
            const QString text = QString::fromUtf8(r.out);
            QVERIFY2(text.startsWith(QStringLiteral("Usage: commtax ") + command + QLatin1Char(' ')), qPrintable(text));
            QVERIFY2(text.contains(option) && text.contains(QStringLiteral("--help")), qPrintable(text));
            QVERIFY2(text.contains(QStringLiteral("Exit status")), qPrintable(text));
        }
    }
    void topLevelHelpNamesCommandHelpAndQtOptions()
    {
        const Run r = runCommtax({QStringLiteral("--help")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.startsWith("Usage: commtax"));
        QVERIFY(r.out.contains("COMMAND --help"));
        QVERIFY(r.out.contains("-platform"));
        QVERIFY(r.out.contains("Exit status"));
    }
    void moreRepeatedOptions_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("fragment");
        const QString f = QStringLiteral(COMMTAX_SOURCE_DIR "/presets/scenarios/llama2-70b-h100.json");
        const QString g = QStringLiteral(COMMTAX_SOURCE_DIR "/presets/scenarios/compare-1-h100.json");
        QTest::addRow("search --top twice") << QStringList{QStringLiteral("search"), f, QStringLiteral("--top"), QStringLiteral("3"), QStringLiteral("--top=4")} << "--top given more than once";
        QTest::addRow("search --json and --csv") << QStringList{QStringLiteral("search"), f, QStringLiteral("--json"), QStringLiteral("--csv")} << "not both";
        QTest::addRow("launch --for twice") << QStringList{QStringLiteral("launch"), f, QStringLiteral("--for"), QStringLiteral("nemo"), QStringLiteral("--for"), QStringLiteral("megatron")} << "--for given more than once";
        QTest::addRow("launch -o twice") << QStringList{QStringLiteral("launch"), f, QStringLiteral("--for"), QStringLiteral("nemo"), QStringLiteral("-o"), QStringLiteral("-"), QStringLiteral("-o-")} << "-o given more than once";
        QTest::addRow("report --format twice") << QStringList{QStringLiteral("report"), f, g, QStringLiteral("-o"), QStringLiteral("-"), QStringLiteral("--format"), QStringLiteral("csv"), QStringLiteral("--format=json")} << "--format given more than once";
        QTest::addRow("report bad --format") << QStringList{QStringLiteral("report"), f, g, QStringLiteral("-o"), QStringLiteral("-"), QStringLiteral("--format"), QStringLiteral("xls")} << "--format must be";
        QTest::addRow("report stdin twice") << QStringList{QStringLiteral("report"), QStringLiteral("-"), QStringLiteral("-"), QStringLiteral("-o"), QStringLiteral("-")} << "once only";
        QTest::addRow("value given to a flag") << QStringList{QStringLiteral("evaluate"), f, QStringLiteral("--json=yes")} << "--json";
        QTest::addRow("option without value") << QStringList{QStringLiteral("sweep"), f, QStringLiteral("--gpus")} << "--gpus needs a value";
    }
    void moreRepeatedOptions()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, fragment);
        const Run r = runCommtax(args);
        QCOMPARE(r.code, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(fragment), r.err.constData());
        QVERIFY2(r.out.isEmpty(), r.out.constData());
    }

    // "-" reads the scenario from standard input; "-o -" writes to standard output.
    void standardInputAndOutput()
    {
        const QByteArray scenario = serializeScenario(defaultScenario());
        const QString file = writeFile(m_dir, QStringLiteral("stdin-default.json"), scenario);
        const Run fromFile = runCommtax({QStringLiteral("evaluate"), file, QStringLiteral("--json")});
        QCOMPARE(fromFile.code, 0);
        Run r = runCommtax({QStringLiteral("evaluate"), QStringLiteral("-"), QStringLiteral("--json")}, scenario);
        QCOMPARE(r.code, 0);
        QCOMPARE(r.out, fromFile.out);
        r = runCommtax({QStringLiteral("sweep"), QStringLiteral("-"), QStringLiteral("--gpus"), QStringLiteral("256,512"), QStringLiteral("--csv")}, scenario);
        QCOMPARE(r.code, 0);
        QCOMPARE(r.out.trimmed().split('\n').size(), 3);
        // a bad scenario on stdin is named <stdin>
        r = runCommtax({QStringLiteral("evaluate"), QStringLiteral("-")}, QByteArray("{\"format\": \"commtax-scenario\", \"version\": 1, \"training\": {\"tp\": 0}}"));
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("<stdin>:"), r.err.constData());
        r = runCommtax({QStringLiteral("evaluate"), QStringLiteral("-")}, QByteArray(""));
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("<stdin>"), r.err.constData());

        // report: one plan from stdin, the table to stdout (CSV by default, JSON with --format)
        const QString g = QStringLiteral(COMMTAX_SOURCE_DIR "/presets/scenarios/compare-1-h100.json");
        r = runCommtax({QStringLiteral("report"), QStringLiteral("-"), g, QStringLiteral("-o"), QStringLiteral("-")}, scenario);
        QCOMPARE(r.code, 0);
        const QString csvFile = m_dir.filePath(QStringLiteral("stdio.csv"));
        const Run toFile = runCommtax({QStringLiteral("report"), file, g, QStringLiteral("-o"), csvFile});
        QCOMPARE(toFile.code, 0);
        QVERIFY2(!r.out.contains("Wrote"), r.out.constData());
        const QList<QByteArray> lines = r.out.split('\n'), fileLines = readAll(csvFile).split('\n');
        QCOMPARE(lines.size(), fileLines.size());
        QCOMPARE(lines.first(), fileLines.first()); // the same columns
        r = runCommtax({QStringLiteral("report"), file, g, QStringLiteral("-o"), QStringLiteral("-"), QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(r.code, 0);
        QJsonParseError error;
        QJsonDocument::fromJson(r.out, &error);
        QCOMPARE(error.error, QJsonParseError::NoError);
        r = runCommtax({QStringLiteral("report"), file, g, QStringLiteral("-o"), QStringLiteral("-"), QStringLiteral("--format"), QStringLiteral("pdf")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.startsWith("%PDF-"));
        // --format wins over the suffix
        const QString odd = m_dir.filePath(QStringLiteral("table.txt"));
        r = runCommtax({QStringLiteral("report"), file, g, QStringLiteral("-o"), odd, QStringLiteral("--format"), QStringLiteral("csv")});
        QCOMPARE(r.code, 0);
        QCOMPARE(readAll(odd).split('\n').first(), fileLines.first());

        // launch: -o - is standard output, as without -o
        const Run plain = runCommtax({QStringLiteral("launch"), file, QStringLiteral("--for"), QStringLiteral("megatron")});
        QCOMPARE(plain.code, 0);
        r = runCommtax({QStringLiteral("launch"), QStringLiteral("-"), QStringLiteral("--for"), QStringLiteral("megatron"), QStringLiteral("-o"), QStringLiteral("-")}, scenario);
        QCOMPARE(r.code, 0);
        QCOMPARE(r.out, plain.out);
    }

    // Qt's options reach Qt when the desktop app starts: without a display, "-platform offscreen"
    // is what lets it start at all. Anything else that looks like an option is a usage error.
    void qtOptionsReachTheDesktopApp()
    {
        QTemporaryDir home;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const char *v : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
            env.remove(QLatin1String(v));
        env.insert(QStringLiteral("HOME"), home.path());
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.filePath(QStringLiteral("config")));
        env.insert(QStringLiteral("XDG_DATA_HOME"), home.filePath(QStringLiteral("data")));
        env.insert(QStringLiteral("COMMTAX_LIBRARY"), home.filePath(QStringLiteral("library.sqlite")));
        Run r = run(QStringLiteral(COMMTAX_BINARY), {QStringLiteral("-platform"), QStringLiteral("offscreen"), QStringLiteral("--bogus")}, env);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("unknown option --bogus"), r.err.constData());
        r = run(QStringLiteral(COMMTAX_BINARY), {QStringLiteral("-style"), QStringLiteral("fusion"), QStringLiteral("a.json"), QStringLiteral("b.json")}, env);
        QCOMPARE(r.code, 2);
        QProcess app;
        app.setProcessEnvironment(env);
        app.start(QStringLiteral(COMMTAX_BINARY), {QStringLiteral("-platform"), QStringLiteral("offscreen"), QStringLiteral("-style"), QStringLiteral("fusion"), QStringLiteral("--reverse")});
        QVERIFY(app.waitForStarted());
        QVERIFY2(!app.waitForFinished(4000), app.readAllStandardError().constData()); // the window is up
        app.kill();
        app.waitForFinished();
    }

    // A standard output that cannot be written (a full disk, /dev/full) is a failure the script
    // sees: exit status 1 and the reason on stderr, where every command exited 0.
    void unwritableOutputFails()
    {
        if (!QFileInfo(QStringLiteral("/dev/full")).exists() || QFileInfo(QStringLiteral("/dev/full")).isFile())
            QSKIP("no /dev/full device here");
        const QString scenario = QStringLiteral(COMMTAX_SOURCE_DIR "/presets/scenarios/llama2-70b-h100.json");
        const QList<QStringList> commands = {{QStringLiteral("evaluate"), scenario},
                                             {QStringLiteral("evaluate"), scenario, QStringLiteral("--json")},
                                             {QStringLiteral("presets")},
                                             {QStringLiteral("--version")}};
        for (const QStringList &args : commands) {
            QProcess p;
            p.setStandardOutputFile(QStringLiteral("/dev/full"));
            p.start(QStringLiteral(COMMTAX_BINARY), args);
            QVERIFY(p.waitForFinished(60000));
            const QByteArray err = p.readAllStandardError();
            QVERIFY2(p.exitCode() == 1 && err.contains("cannot write to standard output"),
                     qPrintable(args.join(QLatin1Char(' ')) + QStringLiteral(": ") + QString::fromLocal8Bit(err)));
        }
    }

    // A report the file system cuts short (here the file size limit, EFBIG; a full disk is ENOSPC)
    // says why: the CSV read "Unknown error" (write(2) took part of it, which Qt does not count as an
    // error) and the xlsx named only libxlsxwriter's error class.
    void reportCutShortSaysWhy()
    {
        const QString a = QStringLiteral(COMMTAX_SOURCE_DIR "/presets/scenarios/compare-1-h100.json");
        const QString b = QStringLiteral(COMMTAX_SOURCE_DIR "/presets/scenarios/compare-2-a100.json");
        for (const QString &ext : {QStringLiteral("csv"), QStringLiteral("xlsx")}) {
            const QString out = m_dir.filePath(QStringLiteral("cut-short.") + ext);
            QProcess p;
            // the limit in 1 KiB blocks; SIGXFSZ ignored, so that the write fails with EFBIG
            const QString script = QStringLiteral("trap '' XFSZ; ulimit -f 2; exec \"$0\" report \"$1\" \"$2\" "
                                                  "-o \"$3\"");
            const QString binary = QStringLiteral(COMMTAX_BINARY);
            p.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), script, binary, a, b, out});
            QVERIFY(p.waitForFinished(60000));
            const QString err = QString::fromLocal8Bit(p.readAllStandardError());
            // Commtax's own line (libxlsxwriter prints lines of its own before it)
            const QString own = err.mid(err.lastIndexOf(QLatin1String("commtax: ")));
            const bool says = own.contains(qt_error_string(EFBIG)) && !own.contains(QLatin1String("Unknown error"));
            QVERIFY2(p.exitCode() == 1 && says, qPrintable(ext + QStringLiteral(": ") + err));
            QVERIFY(!QFileInfo::exists(out));
        }
    }

    // A message quoting a huge key from the file keeps its start (position, path) and its end (what
    // is wrong) and counts the middle: a 900 KB key made a 900 KB line on stderr.
    void longQuotedTextIsCut()
    {
        const QString file = m_dir.filePath(QStringLiteral("long-key.json"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"format\": \"commtax-scenario\", \"version\": 1,\n \"model\": {\"preset\": \"llama2-7b\", \""
                + QByteArray(100000, 'k') + "\": 4}}\n");
        f.close();
        const Run r = run(QStringLiteral(COMMTAX_BINARY), {QStringLiteral("evaluate"), file});
        QCOMPARE(r.code, 1);
        const QString err = QString::fromUtf8(r.err).trimmed();
        const bool cut = err.contains(QStringLiteral("characters left out"));
        QVERIFY2(err.size() < 2000 && cut && err.contains(QStringLiteral(":2:"))
                     && err.contains(QStringLiteral("unknown field; model fields are: layers")),
                 qPrintable(err.left(2500)));
    }

    // Files are locale-independent: under a Chinese or German system locale (Qt's
    // QLocale::system() and the C library's, which QCoreApplication installs), CSV and JSON come out
    // byte for byte as under the C locale: '.' decimals, no group separators. The people's text
    // does follow the locale (the usage in Chinese under zh_CN).
    void filesAreLocaleIndependent()
    {
        const QString a = QStringLiteral(COMMTAX_SOURCE_DIR "/presets/scenarios/compare-1-h100.json");
        const QString b = QStringLiteral(COMMTAX_SOURCE_DIR "/presets/scenarios/llama2-70b-h100.json");
        const auto outputs = [&](const QString &locale) {
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.remove(QStringLiteral("LANGUAGE"));
            env.insert(QStringLiteral("LANG"), locale);
            env.insert(QStringLiteral("LC_ALL"), locale);
            env.insert(QStringLiteral("COMMTAX_LIBRARY"), m_dir.filePath(QStringLiteral("no-library.sqlite")));
            QList<QByteArray> files;
            const QString tag = QString(locale).replace(QLatin1Char('.'), QLatin1Char('-'));
            for (const QString &suffix : {QStringLiteral("csv"), QStringLiteral("json")}) {
                const QString out = m_dir.filePath(QStringLiteral("locale-%1.%2").arg(tag, suffix));
                const Run r = run(QStringLiteral(COMMTAX_BINARY), {QStringLiteral("report"), a, b, QStringLiteral("-o"), out}, env, QByteArray(), 60000);
                if (r.code != 0)
                    qWarning("%s", r.err.constData());
                files << readAll(out);
            }
            for (const QStringList &args : {QStringList{QStringLiteral("evaluate"), b, QStringLiteral("--json")},
                                            QStringList{QStringLiteral("sweep"), b, QStringLiteral("--gpus"), QStringLiteral("256,1024,4096"), QStringLiteral("--csv")},
                                            QStringList{QStringLiteral("sweep"), b, QStringLiteral("--hardware"), QStringLiteral("all"), QStringLiteral("--json")},
                                            QStringList{QStringLiteral("presets"), QStringLiteral("--json")}})
                files << run(QStringLiteral(COMMTAX_BINARY), args, env, QByteArray(), 60000).out;
            files << run(QStringLiteral(COMMTAX_BINARY), {QStringLiteral("evaluate"), QStringLiteral("--help")}, env, QByteArray(), 60000).out; // for people
            return files;
        };
        const QList<QByteArray> c = outputs(QStringLiteral("C"));
        for (const QByteArray &f : c.mid(0, c.size() - 1))
            QVERIFY(f.size() > 100);
        // the figures in C: '.' decimals and no group separators in a number
        static const QRegularExpression grouped(QStringLiteral("\\d[,\\x{a0}\\x{202f}']\\d{3}\\b"));
        QVERIFY(!QString::fromUtf8(c[0]).contains(QRegularExpression(QStringLiteral("\"\\d+,\\d+\""))));
        QVERIFY(!QString::fromUtf8(c[2]).contains(grouped));
        QVERIFY(c[2].contains("."));
        for (const QString &locale : {QStringLiteral("zh_CN.UTF-8"), QStringLiteral("de_DE.UTF-8")}) {
            const QList<QByteArray> l = outputs(locale);
            QCOMPARE(l.size(), c.size());
            for (qsizetype i = 0; i + 1 < l.size(); ++i) // report CSV, JSON, evaluate --json, sweeps, presets
                QVERIFY2(l[i] == c[i], qPrintable(QStringLiteral("%1: output %2 differs from the C locale's").arg(locale).arg(i)));
            if (locale.startsWith(QLatin1String("zh")))
                QVERIFY2(QString::fromUtf8(l.last()).contains(QStringLiteral("用法")), l.last().constData());
        }
    }

    // Messages for people follow the system's messages language (LANGUAGE, LC_ALL, LC_MESSAGES,
    // LANG): under zh_CN the evaluate table, the engine's validation errors, a sweep's
    // invalid points and usage errors are Chinese, with the field paths, file positions and the
    // figures as in English; under C, and with LC_MESSAGES=C, they stay English. --json and --csv
    // are the same bytes in every locale (filesAreLocaleIndependent).
    void messagesFollowTheLocale()
    {
        static const QRegularExpression cjk(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
        const auto env = [&](const QString &lang, const QString &messages) {
            QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
            e.remove(QStringLiteral("LANGUAGE"));
            e.remove(QStringLiteral("LC_ALL"));
            e.insert(QStringLiteral("LANG"), lang);
            e.insert(QStringLiteral("LC_MESSAGES"), messages);
            e.insert(QStringLiteral("COMMTAX_LIBRARY"), m_dir.filePath(QStringLiteral("no-library.sqlite")));
            return e;
        };
        const QString plan = QStringLiteral(COMMTAX_SOURCE_DIR "/presets/scenarios/llama2-70b-h100.json");
        const QString bad = writeFile(m_dir, QStringLiteral("tp3.json"),
                                      "{\"format\": \"commtax-scenario\", \"version\": 1, \"name\": \"p\",\n"
                                      "\"model\": {\"preset\": \"llama2-7b\"}, \"gpu\": {\"preset\": \"h100-sxm\"},\n"
                                      "\"cluster\": {\"preset\": \"dgx-h100\", \"nodes\": 4},\n"
                                      "\"training\": {\"tp\": 3, \"dp\": 1}}\n");
        const QStringList evaluate = {QStringLiteral("evaluate"), plan};
        const QStringList invalid = {QStringLiteral("evaluate"), bad};
        const QStringList sweep = {QStringLiteral("sweep"), plan, QStringLiteral("--gpus"), QStringLiteral("100,256")};
        const QStringList usage = {QStringLiteral("evaluate"), plan, plan};
        for (const auto &[lang, messages, chinese] :
             {std::tuple{QStringLiteral("zh_CN.UTF-8"), QStringLiteral("zh_CN.UTF-8"), true},
              std::tuple{QStringLiteral("C.UTF-8"), QStringLiteral("zh_CN.UTF-8"), true}, // LC_MESSAGES decides
              std::tuple{QStringLiteral("C"), QStringLiteral("C"), false}}) {
            const QString tag = lang + QLatin1Char('/') + messages;
            const QProcessEnvironment e = env(lang, messages);
            Run r = run(QStringLiteral(COMMTAX_BINARY), evaluate, e, QByteArray(), 60000);
            QCOMPARE(r.code, 0);
            const QString table = QString::fromUtf8(r.out);
            QVERIFY2(table.contains(QStringLiteral("Llama 2 70B on 256 H100 SXM5")), qPrintable(table)); // the name as in the file
            QVERIFY2(table.contains(QStringLiteral("tp=8 pp=4 dp=8")), qPrintable(table));
            QVERIFY2(table.contains(cjk) == chinese, qPrintable(tag + QLatin1Char('\n') + table));
            QVERIFY2(table.contains(QStringLiteral("Scenario: ")) != chinese && table.contains(QStringLiteral("Step time")) != chinese
                         && (table.contains(QStringLiteral("WARNING: ")) || table.contains(QStringLiteral("No warnings."))) != chinese,
                     qPrintable(tag + QLatin1Char('\n') + table));
            r = run(QStringLiteral(COMMTAX_BINARY), invalid, e, QByteArray(), 60000);
            QCOMPARE(r.code, 1);
            const QString error = QString::fromUtf8(r.err);
            QVERIFY2(error.contains(QStringLiteral("tp3.json:4:20: training.tp: ")), qPrintable(error));
            QVERIFY2(error.contains(cjk) == chinese && error.contains(QStringLiteral("does not divide")) != chinese, qPrintable(tag + QLatin1Char('\n') + error));
            r = run(QStringLiteral(COMMTAX_BINARY), sweep, e, QByteArray(), 60000);
            QCOMPARE(r.code, 0);
            const QString lines = QString::fromUtf8(r.out);
            const QString line = lines.split(QLatin1Char('\n')).filter(QStringLiteral("training.dp: ")).value(0);
            QVERIFY2(line.startsWith(QStringLiteral("100 ")) && line.contains(QStringLiteral("32")), qPrintable(lines));
            QVERIFY2(line.contains(cjk) == chinese && line.contains(QStringLiteral("do not divide")) != chinese, qPrintable(tag + QLatin1Char('\n') + lines));
            // calibrate's first line: the collective and the scope in the language ("inter-node" was English)
            r = run(QStringLiteral(COMMTAX_BINARY), {QStringLiteral("calibrate"), QStringLiteral(COMMTAX_FIXTURES_DIR "/nccl/oci_oke_a100sxm40_2node_16gpu_rdma.txt")}, e, QByteArray(), 60000);
            QCOMPARE(r.code, 0);
            const QString heading = QString::fromUtf8(r.out).section(QLatin1Char('\n'), 0, 0);
            QVERIFY2(heading.contains(QStringLiteral("all_reduce")) && heading.contains(cjk) == chinese, qPrintable(tag + QLatin1Char('\n') + QString::fromUtf8(r.out)));
            QVERIFY2(heading.contains(QRegularExpression(QStringLiteral("\\b(on|inter-node|intra-node)\\b"))) != chinese, qPrintable(tag + QLatin1Char('\n') + heading));
            // calibrate --training: the notes on the plan and what the fit pins in the language, and
            // each field's value at the same terminal column (a Chinese label takes two a character).
            r = run(QStringLiteral(COMMTAX_BINARY),
                    {QStringLiteral("calibrate"), QStringLiteral("--training"),
                     QStringLiteral(COMMTAX_FIXTURES_DIR "/training-logs/torchtitan_llama3-8b_fsdp8_h100-96gb.log"),
                     QStringLiteral(COMMTAX_FIXTURES_DIR "/training-logs/torchtitan_llama3-8b_fsdp128_h100-96gb.log")},
                    e, QByteArray(), 60000);
            QCOMPARE(r.code, 0);
            const QStringList report = QString::fromUtf8(r.out).split(QLatin1Char('\n'));
            const QString note = report.filter(QStringLiteral("recompute = ops")).value(0);
            QVERIFY2(!note.isEmpty() && note.contains(cjk) == chinese, qPrintable(tag + QLatin1Char('\n') + note));
            const QString notPinned = report.filter(QStringLiteral("FP8")).value(0);
            QVERIFY2(!notPinned.isEmpty() && notPinned.contains(cjk) == chinese,
                     qPrintable(tag + QLatin1Char('\n') + notPinned));
            int fields = 0;
            for (const QString &l : report) {
                if (!l.startsWith(QStringLiteral("  ")) || l.startsWith(QStringLiteral("   ")))
                    continue; // not a field: a heading, a note, a blank line
                int at = 0;
                while (at < l.size() && displayWidth(l.left(at)) < 19)
                    ++at;
                const bool valueAt19 = at < l.size() && displayWidth(l.left(at)) == 19
                    && l.at(at - 1) == QLatin1Char(' ') && l.at(at) != QLatin1Char(' ');
                QVERIFY2(valueAt19, qPrintable(tag + QLatin1Char('\n') + l));
                ++fields;
            }
            QVERIFY2(fields >= 15, qPrintable(report.join(QLatin1Char('\n'))));
            // A --set value of the wrong type: the words the reason quotes ("a string") translated too.
            r = run(QStringLiteral(COMMTAX_BINARY),
                    {QStringLiteral("calibrate"), QStringLiteral("--training"),
                     QStringLiteral(COMMTAX_FIXTURES_DIR "/training-logs/torchtitan_llama3-8b_fsdp8_h100-96gb.log"),
                     QStringLiteral("--set"), QStringLiteral("training.tp=abc")},
                    e, QByteArray(), 60000);
            const QString refused = QString::fromUtf8(r.err);
            QVERIFY2(r.code != 0 && refused.contains(QStringLiteral("--set training.tp")), qPrintable(refused));
            QVERIFY2(refused.contains(cjk) == chinese && refused.contains(QStringLiteral("a string")) != chinese,
                     qPrintable(tag + QLatin1Char('\n') + refused));
            r = run(QStringLiteral(COMMTAX_BINARY), usage, e, QByteArray(), 60000);
            QCOMPARE(r.code, 2);
            QVERIFY2(QString::fromUtf8(r.err).contains(cjk) == chinese, qPrintable(tag + QLatin1Char('\n') + QString::fromUtf8(r.err)));
        }
    }

    // The scenario reader's own messages (unknown field, out of range, "expected a
    // string", duplicate key, unknown preset) and the search's summary follow the messages
    // language too; the position and path before the message stay as they are, and the words
    // interpolated into a Chinese sentence are Chinese ("time 最优" was not).
    void fileMessagesAndSummariesFollowTheLocale()
    {
        static const QRegularExpression cjk(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
        const auto env = [&](const QString &lang) {
            QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
            for (const char *v : {"LANGUAGE", "LC_ALL", "LC_MESSAGES"})
                e.remove(QLatin1String(v));
            e.insert(QStringLiteral("LANG"), lang);
            e.insert(QStringLiteral("COMMTAX_LIBRARY"), m_dir.filePath(QStringLiteral("no-library.sqlite")));
            return e;
        };
        struct Case {
            QByteArray text;
            QString where;   // file:line:column: path:
            QString english; // the English message's words
        };
        const QByteArray head = "{\"format\": \"commtax-scenario\", \"version\": 1,\n\"gpu\": {\"preset\": \"h100-sxm\"}, \"cluster\": {\"preset\": \"dgx-h100\"},\n";
        const QList<Case> cases = {
            {head + "\"model\": {\"preset\": \"llama2-7b\", \"layerz\": 4}}\n", QStringLiteral(":3:44: model.layerz: "), QStringLiteral("unknown field; model fields are: ")},
            {head + "\"model\": {\"preset\": \"llama2-7b\"}, \"training\": {\"tp\": 100000}}\n", QStringLiteral(":3:54: training.tp: "), QStringLiteral("expected a whole number from 1 to")},
            {head + "\"name\": 5, \"model\": {\"preset\": \"llama2-7b\"}}\n", QStringLiteral(":3:9: name: "), QStringLiteral("expected a string, not a number")},
            {head + "\"model\": {\"preset\": \"llama2-7b\"},\n\"model\": {\"preset\": \"llama2-7b\"}}\n", QStringLiteral(":4:1: model: "), QStringLiteral("duplicate key: given already at line 3")},
            {head + "\"model\": {\"preset\": \"nope\"}}\n", QStringLiteral(":3:21: model.preset: "), QStringLiteral("unknown model preset \"nope\"; known: ")},
            // uncertainty::checkRangeText(): a given range that does not hold the value
            {"{\"format\": \"commtax-scenario\", \"version\": 1,\n\"gpu\": {\"preset\": \"h100-sxm\", \"watts\": {\"value\": 700, \"range\": [800, 900]}},\n"
             "\"cluster\": {\"preset\": \"dgx-h100\"}, \"model\": {\"preset\": \"llama2-7b\"}}\n",
             QStringLiteral(":2:64: gpu.watts.range: "), QStringLiteral("the range [800, 900] must contain the value 700")},
        };
        for (qsizetype i = 0; i < cases.size(); ++i) {
            const QString file = writeFile(m_dir, QStringLiteral("bad%1.json").arg(i), cases[i].text);
            for (const bool chinese : {false, true}) {
                const Run r = run(QStringLiteral(COMMTAX_BINARY), {QStringLiteral("evaluate"), file}, env(chinese ? QStringLiteral("zh_CN.UTF-8") : QStringLiteral("C")), QByteArray(), 60000);
                QCOMPARE(r.code, 1);
                const QString error = QString::fromUtf8(r.err);
                const QString line = error.split(QLatin1Char('\n')).filter(QFileInfo(file).fileName()).value(0);
                QVERIFY2(line.contains(QFileInfo(file).fileName() + cases[i].where), qPrintable(error));
                const QString message = line.mid(line.indexOf(cases[i].where) + cases[i].where.size());
                QVERIFY2(message.contains(cjk) == chinese && message.contains(cases[i].english) != chinese, qPrintable(error));
                // no English word of the message left between the Chinese (names, numbers and keys may stay)
                if (chinese)
                    QVERIFY2(!message.contains(QRegularExpression(QStringLiteral("\\b(expected|unknown|given|already|not a|fields are|known|range|must|contain)\\b"))), qPrintable(error));
            }
        }
        // the search's summary: the objective in words of the language
        const QString plan = QStringLiteral(COMMTAX_SOURCE_DIR "/presets/scenarios/llama2-13b-a100.json");
        for (const QString &objective : {QStringLiteral("time"), QStringLiteral("cost"), QStringLiteral("tco")}) {
            const QStringList args = {QStringLiteral("search"), plan, QStringLiteral("--objective"), objective, QStringLiteral("--top"), QStringLiteral("3")};
            Run r = run(QStringLiteral(COMMTAX_BINARY), args, env(QStringLiteral("C")), QByteArray(), 120000);
            QCOMPARE(r.code, 0);
            QVERIFY2(QString::fromUtf8(r.out).contains(QStringLiteral("Best for %1 (objective: ").arg(objective)), qPrintable(QString::fromUtf8(r.out)));
            r = run(QStringLiteral(COMMTAX_BINARY), args, env(QStringLiteral("zh_CN.UTF-8")), QByteArray(), 120000);
            QCOMPARE(r.code, 0);
            const QString out = QString::fromUtf8(r.out);
            const QString best = out.split(QLatin1Char('\n')).filter(QStringLiteral("最优")).value(0);
            QVERIFY2(best.contains(cjk) && !best.contains(QRegularExpression(QStringLiteral("\\b(time|cost|tco)\\b"))), qPrintable(out));
        }
        // a GPU count the search skips says why in the language too ("cluster.nodes: " stays)
        const QStringList skipping = {QStringLiteral("search"), plan, QStringLiteral("--gpus"), QStringLiteral("100,64"), QStringLiteral("--top"), QStringLiteral("2")};
        Run r = run(QStringLiteral(COMMTAX_BINARY), skipping, env(QStringLiteral("C")), QByteArray(), 120000);
        QCOMPARE(r.code, 0);
        QVERIFY2(QString::fromUtf8(r.out).contains(QStringLiteral("cluster.nodes: 100 GPUs do not fill nodes of 8")), qPrintable(QString::fromUtf8(r.out)));
        r = run(QStringLiteral(COMMTAX_BINARY), skipping, env(QStringLiteral("zh_CN.UTF-8")), QByteArray(), 120000);
        QCOMPARE(r.code, 0);
        const QString skipped = QString::fromUtf8(r.out).split(QLatin1Char('\n')).filter(QStringLiteral("cluster.nodes: ")).value(0);
        QVERIFY2(skipped.contains(cjk) && !skipped.contains(QStringLiteral("do not fill")), qPrintable(QString::fromUtf8(r.out)));
        // the preset library's own reasons (model/library: LibraryMessage): a COMMTAX_LIBRARY that is
        // a folder is not used, and the warning says why in the language, naming the path
        const QString folder = m_dir.filePath(QStringLiteral("library-folder.sqlite"));
        QVERIFY(QDir().mkpath(folder));
        for (const bool chinese : {false, true}) {
            QProcessEnvironment e = env(chinese ? QStringLiteral("zh_CN.UTF-8") : QStringLiteral("C"));
            e.insert(QStringLiteral("COMMTAX_LIBRARY"), folder);
            r = run(QStringLiteral(COMMTAX_BINARY), {QStringLiteral("evaluate"), plan}, e, QByteArray(), 60000);
            QCOMPARE(r.code, 0); // with the built-in presets
            const QString warning = QString::fromUtf8(r.err).split(QLatin1Char('\n')).filter(QDir::toNativeSeparators(folder)).value(0);
            QVERIFY2(!warning.isEmpty(), r.err.constData());
            const QString reason = warning.mid(warning.indexOf(QDir::toNativeSeparators(folder)) + QDir::toNativeSeparators(folder).size());
            QVERIFY2(reason.contains(cjk) == chinese && reason.contains(QStringLiteral("is a folder, not a preset library")) != chinese, qPrintable(warning));
            if (chinese)
                QVERIFY2(!reason.contains(QRegularExpression(QStringLiteral("\\b(folder|preset|library|left)\\b"))), qPrintable(warning));
        }
    }

    // Names from files reach the terminal with their control characters escaped (an ESC could
    // recolour or clear the screen, a newline could forge an output line); JSON is unchanged.
    void controlCharactersInNamesAreEscaped()
    {
        const QByteArray evilName = "evil\\u001b[2Jname\\nWARNING: forged";
        const QString file = writeFile(m_dir, QStringLiteral("evil.json"), scenarioWith("h100-sxm", "dgx-h100", evilName));
        Run r = runCommtax({QStringLiteral("evaluate"), file});
        QCOMPARE(r.code, 0);
        QVERIFY2(!r.out.contains('\x1b'), r.out.constData());
        QVERIFY2(r.out.contains("Scenario: evil\\x1B[2Jname\\x0AWARNING: forged\n"), r.out.constData());
        QVERIFY(!r.out.contains("\nWARNING: forged"));
        r = runCommtax({QStringLiteral("evaluate"), file, QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        QCOMPARE(QJsonDocument::fromJson(r.out).object().value(QStringLiteral("scenario")).toString(),
                 QStringLiteral("evil\x1b[2Jname\nWARNING: forged"));
        // in error messages: an unknown preset id, and an option value
        const QString badId = writeFile(m_dir, QStringLiteral("evil-id.json"), scenarioWith("h100\\u001b]0;pwned\\u0007", "dgx-h100"));
        r = runCommtax({QStringLiteral("evaluate"), badId});
        QCOMPARE(r.code, 1);
        QVERIFY2(!r.err.contains('\x1b') && !r.err.contains('\x07'), r.err.constData());
        QVERIFY2(r.err.contains("h100\\x1B]0;pwned\\x07"), r.err.constData());
        r = runCommtax({QStringLiteral("sweep"), file, QStringLiteral("--hardware"), QStringLiteral("x\x1b[31my")});
        QCOMPARE(r.code, 1);
        QVERIFY2(!r.err.contains('\x1b') && r.err.contains("x\\x1B[31my"), r.err.constData());
    }

    // ---------------------------------------------------------------- bounded everywhere
    // --top 100000000 reserved that many results per thread and aborted with bad_alloc.
    void searchTopIsBounded()
    {
        const QString file = writeFile(m_dir, QStringLiteral("top.json"), scenarioWith("h100-sxm", "dgx-h100"));
        const Run r = runCommtax({QStringLiteral("search"), file, QStringLiteral("--top"), QStringLiteral("100000000")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("--top lists at most 10000 plans (got 100000000)"), r.err.constData());
        QVERIFY(r.out.isEmpty());
        QCOMPARE(runCommtax({QStringLiteral("search"), file, QStringLiteral("--top"), QStringLiteral("10000")}).code, 0);
    }

    // A space that cannot finish (1e12 tokens per step: 244 million global batches, 579 MB and
    // growing before) is refused at once with its size.
    void searchRefusesASpaceThatCannotFinish()
    {
        const QString file = writeFile(m_dir, QStringLiteral("space.json"), scenarioWith("h100-sxm", "dgx-h100"));
        QElapsedTimer t;
        t.start();
        const Run r = runCommtax({QStringLiteral("search"), file, QStringLiteral("--tokens-per-step"), QStringLiteral("1-1000000000000")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("the space has 100000000 contexts") && r.err.contains("narrow --gpus, --hardware or --tokens-per-step"), r.err.constData());
        QVERIFY2(t.elapsed() < 10000, qPrintable(QString::number(t.elapsed())));
    }

    // Ctrl+C stops a long search: exit 130 and how far it got, not a kill from the outside.
    void searchStopsOnInterrupt()
    {
        const QString file = writeFile(m_dir, QStringLiteral("long.json"), scenarioWith("h100-sxm", "dgx-h100"));
        const QStringList args{QStringLiteral("search"), file, QStringLiteral("--gpus"), QStringLiteral("8-65536"),
                               QStringLiteral("--hardware"), QStringLiteral("all")};
        const Interrupted r = interruptOnceCaught(args);
        QVERIFY2(r.caught, "the search ended before it caught SIGINT");
        QVERIFY2(r.stopped, "the search went on after Ctrl+C");
        QCOMPARE(r.code, 130);
        const QByteArray &err = r.err;
        QVERIFY2(err.contains("search: interrupted after"), err.constData());
    }

    // Issue 22, item 7: --samples 1000000 on a report ran over a minute that nothing could stop
    // but a kill. Ctrl+C now stops the sampling of `report` and `evaluate --uncertainty`: exit 130,
    // how far it got, and no report file (nothing half-written).
    void samplingStopsOnInterrupt_data()
    {
        QTest::addColumn<QString>("command");
        QTest::newRow("report") << QStringLiteral("report");
        QTest::newRow("evaluate") << QStringLiteral("evaluate");
    }
    void samplingStopsOnInterrupt()
    {
        QFETCH(QString, command);
        const QString a = writeFile(m_dir, QStringLiteral("sample-a.json"), scenarioWith("h100-sxm", "dgx-h100"));
        const QString b = writeFile(m_dir, QStringLiteral("sample-b.json"), scenarioWith("a100-sxm-80gb", "dgx-a100"));
        const QString pdf = m_dir.filePath(QStringLiteral("interrupted.pdf"));
        QFile::remove(pdf);
        const QString million = QStringLiteral("1000000");
        QStringList args{command, a};
        if (command == QLatin1String("report"))
            args << b << a << b << QStringLiteral("-o") << pdf << QStringLiteral("--samples") << million;
        else
            args << QStringLiteral("--uncertainty") << QStringLiteral("--samples") << million;
        const Interrupted r = interruptOnceCaught(args);
        QVERIFY2(r.caught, "the command ended before it caught SIGINT");
        QVERIFY2(r.stopped, "the sampling went on after Ctrl+C");
        QCOMPARE(r.code, 130);
        const QByteArray &err = r.err;
        QVERIFY2(err.contains(QByteArray(command.toLatin1() + ": interrupted while sampling")), err.constData());
        QVERIFY(!QFile::exists(pdf));
    }

    // "0 means none" fields that divide when set: fp8_efficiency 5e-324 printed 15 null figures
    // (now a positioned error), cost_of_capital 1e-17 made every cost null (the annuity divided
    // 0 by the rate; now it is computed stably and tends to the years).
    void tinyValuesOfNoneFieldsGiveFiguresOrAnError()
    {
        QByteArray text = scenarioWith("h100-sxm", "dgx-h100");
        const QString fp8 = writeFile(m_dir, QStringLiteral("fp8eff.json"), QByteArray(text).replace("\"preset\": \"h100-sxm\"", "\"preset\": \"h100-sxm\", \"fp8_efficiency\": 5e-324"));
        Run r = runCommtax({QStringLiteral("evaluate"), fp8, QStringLiteral("--json")});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("fp8eff.json:3:") && r.err.contains("gpu.fp8_efficiency: must be 0 (use compute_efficiency) or at least 0.01"), r.err.constData());
        const QString rate = writeFile(m_dir, QStringLiteral("rate.json"), QByteArray(text).replace("\"training\"", "\"economics\": {\"mode\": \"buy\", \"cost_of_capital\": 1e-17},\n\"training\""));
        r = runCommtax({QStringLiteral("evaluate"), rate, QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        QVERIFY2(!r.out.contains("null"), r.out.constData());
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        for (const char *key : {"capex_usd", "cost_per_hour_usd", "tco_usd", "cost_per_billion_tokens_usd"}) {
            const double v = o.value(QLatin1String(key)).toDouble(-1);
            QVERIFY2(std::isfinite(v) && v > 0, key);
        }
        QVERIFY_NEAR(annuityFactor(1e-17, 4), 4.0, 1e-12);
        QVERIFY_NEAR(annuityFactor(1e-300, 7), 7.0, 1e-12);
        QVERIFY_NEAR(annuityFactor(0.08, 4), 3.3121268400, 1e-10);
    }

    // The documentation's examples are what the program prints today: every `$ build/bin/commtax ...`
    // line in a code block of README.md or docs/cli.md is run (paths relative to the source tree),
    // and the lines below it are found in its output in that order, trailing spaces aside; a "..."
    // line stands for lines left out of the documentation.
    void readmeExamplesMatchTheProgram()
    {
        QStringList lines, where; // each line of the documents, and its "file:line"
        for (const char *doc : {"README.md", "docs/cli.md"}) {
            QFile file(QStringLiteral(COMMTAX_SOURCE_DIR "/") + QLatin1String(doc));
            QVERIFY(file.open(QIODevice::ReadOnly | QIODevice::Text));
            const QStringList docLines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'));
            for (int i = 0; i < docLines.size(); ++i)
                where << QStringLiteral("%1:%2").arg(QLatin1String(doc)).arg(i + 1);
            lines << docLines;
        }
        const QString prompt = QStringLiteral("$ build/bin/commtax ");
        int examples = 0;
        for (int i = 0; i < lines.size(); ++i) {
            if (!lines[i].startsWith(prompt))
                continue;
            QStringList args = lines[i].mid(prompt.size()).split(QLatin1Char(' '), Qt::SkipEmptyParts);
            for (QString &a : args)
                if (QFileInfo::exists(QStringLiteral(COMMTAX_SOURCE_DIR "/") + a))
                    a = QStringLiteral(COMMTAX_SOURCE_DIR "/") + a;
            QStringList expected;
            for (int j = i + 1; j < lines.size() && !lines[j].startsWith(QStringLiteral("```")) && !lines[j].startsWith(QStringLiteral("$ ")); ++j)
                expected << lines[j];
            const Run r = runCommtax(args);
            QCOMPARE(r.code, 0);
            const QStringList got = QString::fromUtf8(r.out).split(QLatin1Char('\n'));
            int at = 0;
            bool skipping = false;
            for (const QString &e : expected) {
                if (e.trimmed() == QStringLiteral("...")) {
                    skipping = true;
                    continue;
                }
                while (skipping && at < got.size() && got[at].trimmed() != e.trimmed())
                    ++at;
                QVERIFY2(at < got.size() && got[at].trimmed() == e.trimmed(),
                         qPrintable(QStringLiteral("%1: `%2` does not print\n%3\n(it prints \"%4\" there)")
                                        .arg(where[i])
                                        .arg(lines[i].mid(2), e, at < got.size() ? got[at] : QStringLiteral("<end>"))));
                ++at;
                skipping = false;
            }
            ++examples;
        }
        QVERIFY2(examples >= 2, "the CLI examples of docs/cli.md were not found");
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"
