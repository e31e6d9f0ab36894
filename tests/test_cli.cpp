// The command line, run as users run it: exit codes, stderr reasons, JSON and CSV output.
#include "core/resultio.h"
#include "core/scenario.h"

#include "testsupport.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace commtax;
using namespace commtax::test;

class TestCli : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;

private Q_SLOTS:
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
    void presets()
    {
        Run r = runCommtax({QStringLiteral("presets")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("h100-sxm"));
        QVERIFY(r.out.contains("BF16 989 TFLOPS dense"));
        r = runCommtax({QStringLiteral("presets"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o.value(QStringLiteral("gpus")).toArray().size(), 7);
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
        QVERIFY(a[0].toObject().value(QStringLiteral("error")).toString().contains(QLatin1String("tp*pp")));
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
        QTest::addRow("layers vs pp*vpp") << QByteArray("\"tp\": 1, \"pp\": 3, \"dp\": 1") << "training.pp: layers=32 do not divide by pp*vpp";
        QTest::addRow("batch") << QByteArray("\"tp\": 8, \"pp\": 1, \"dp\": 1, \"global_batch\": 7, \"micro_batch\": 2") << "training.global_batch: global_batch=7 is not divisible";
        QTest::addRow("gpus") << QByteArray("\"tp\": 2, \"pp\": 1, \"dp\": 1") << "training.dp: tp*pp*dp=2*1*1=2 does not equal";
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

    // The README's examples are what the program prints today: every `$ build/bin/commtax ...`
    // line in a code block is run (paths relative to the source tree), and the lines below it are
    // found in its output in that order, trailing spaces aside; a "..." line stands for lines left
    // out of the README.
    void readmeExamplesMatchTheProgram()
    {
        QFile readme(QStringLiteral(COMMTAX_SOURCE_DIR "/README.md"));
        QVERIFY(readme.open(QIODevice::ReadOnly | QIODevice::Text));
        const QStringList lines = QString::fromUtf8(readme.readAll()).split(QLatin1Char('\n'));
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
                         qPrintable(QStringLiteral("README.md:%1: `%2` does not print\n%3\n(it prints \"%4\" there)")
                                        .arg(i + 1)
                                        .arg(lines[i].mid(2), e, at < got.size() ? got[at] : QStringLiteral("<end>"))));
                ++at;
                skipping = false;
            }
            ++examples;
        }
        QVERIFY2(examples >= 2, "the README's CLI examples were not found");
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"
