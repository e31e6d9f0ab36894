// SPDX-License-Identifier: GPL-3.0-or-later
// The bad-input corpus (tests/bad-input): every file is one class of bad input (syntax, types,
// ranges at both ends, overflow, duplicates, size, special files) with the exit code and the message
// pattern in the folder's EXPECTED.tsv. Each is run through the real `commtax` binary, as a user
// would, and must fail cleanly: that exit code, that message (FILE:LINE:COLUMN: json.path: ... where
// the problem has a place), in under a second and under 100 MB, with nothing on standard output.
#include "testsupport.h"

#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <chrono>
#include <csignal>

#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

using namespace commtax::test;

namespace {

// The limits hold for the build users run. Under AddressSanitizer (the sanitizer phase of CI) the
// shadow memory alone is about 100 MB and every run is slower, so there only the exit codes and
// messages are checked; the normal build of the same suite checks time and memory.
constexpr bool kCheckLimits = !kUnderAsan;
constexpr double kMaxSeconds = 1.0;
constexpr long kMaxRssKb = 100 * 1024;

// One run of commtax with its own peak memory (wait4 gives it per child, unlike RUSAGE_CHILDREN).
struct MeasuredRun {
    int code = -1; // -1: killed or crashed
    QByteArray out, err;
    double seconds = 0;
    long maxRssKb = 0;
};

MeasuredRun runMeasured(const QStringList &args, const QTemporaryDir &dir, const QString &workingDir = QString())
{
    MeasuredRun r;
    const QByteArray outPath = QFile::encodeName(dir.filePath(QStringLiteral("stdout")));
    const QByteArray errPath = QFile::encodeName(dir.filePath(QStringLiteral("stderr")));
    QList<QByteArray> argv8{QByteArray(COMMTAX_BINARY)};
    for (const QString &a : args)
        argv8 << QFile::encodeName(a);
    std::vector<char *> argv;
    for (QByteArray &a : argv8)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, outPath.constData(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_addopen(&actions, 2, errPath.constData(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    const QByteArray cwd = QFile::encodeName(workingDir);
    if (!workingDir.isEmpty())
        posix_spawn_file_actions_addchdir_np(&actions, cwd.constData());
    const auto start = std::chrono::steady_clock::now();
    pid_t pid = 0;
    const int spawned = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (spawned != 0)
        return r;
    // A hang must fail the test, not the run: kill after 20 times the allowed time.
    int status = 0;
    struct rusage usage { };
    while (true) {
        const pid_t done = wait4(pid, &status, WNOHANG, &usage);
        if (done == pid)
            break;
        if (std::chrono::steady_clock::now() - start > std::chrono::seconds(20)) {
            kill(pid, SIGKILL);
            wait4(pid, &status, 0, &usage);
            break;
        }
        usleep(2000);
    }
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    r.maxRssKb = usage.ru_maxrss;
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    QFile o(QString::fromLocal8Bit(outPath)), e(QString::fromLocal8Bit(errPath));
    if (o.open(QIODevice::ReadOnly))
        r.out = o.readAll();
    if (e.open(QIODevice::ReadOnly))
        r.err = e.readAll();
    return r;
}

} // namespace

class TestBadInput : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;

    // The rows of one folder's EXPECTED.tsv (file, exit code, regex), run in that folder so that
    // messages name the file as the user typed it. Every file of the folder has its row and every
    // row its file.
    static void addManifest(const QString &folder, const QStringList &command)
    {
        const QDir dir(QStringLiteral(COMMTAX_SOURCE_DIR "/tests/bad-input/") + folder);
        QFile manifest(dir.filePath(QStringLiteral("EXPECTED.tsv")));
        if (!manifest.open(QIODevice::ReadOnly | QIODevice::Text))
            QFAIL(qPrintable(manifest.fileName() + QStringLiteral(": cannot open")));
        QStringList listed;
        int lineNo = 0;
        while (!manifest.atEnd()) {
            const QString line = QString::fromUtf8(manifest.readLine()).chopped(1);
            ++lineNo;
            if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
                continue;
            const QStringList cols = line.split(QLatin1Char('\t'));
            if (cols.size() != 3 || !QRegularExpression(cols[2]).isValid())
                QFAIL(qPrintable(QStringLiteral("%1:%2: expected file, exit code, regex").arg(manifest.fileName()).arg(lineNo)));
            listed << cols[0];
            QTest::addRow("%s/%s", qPrintable(folder), qPrintable(cols[0]))
                << (command + QStringList{cols[0]}) << dir.path() << cols[1].toInt() << cols[2];
        }
        QStringList files = dir.entryList(QDir::Files);
        files.removeAll(QStringLiteral("EXPECTED.tsv"));
        files.sort();
        listed.sort();
        QCOMPARE(listed, files);
    }

    static void check(const MeasuredRun &r, int code, const QString &pattern)
    {
        const QString err = QString::fromUtf8(r.err);
        QVERIFY2(r.code == code, qPrintable(QStringLiteral("exit %1, expected %2; stderr: %3").arg(r.code).arg(code).arg(err)));
        const QRegularExpression re(pattern);
        QVERIFY2(re.isValid(), qPrintable(re.errorString()));
        QVERIFY2(re.match(err).hasMatch(), qPrintable(QStringLiteral("stderr does not match %1:\n%2").arg(pattern, err)));
        if (code != 0) // a log that still calibrates (with a warning) prints its result
            QVERIFY2(r.out.isEmpty(), r.out.constData());
        if (kCheckLimits) {
            QVERIFY2(r.seconds < kMaxSeconds, qPrintable(QStringLiteral("took %1 s").arg(r.seconds)));
            QVERIFY2(r.maxRssKb < kMaxRssKb, qPrintable(QStringLiteral("peak memory %1 MB").arg(r.maxRssKb / 1024.0)));
        }
        // Control characters from the input never reach the terminal raw.
        for (const QChar c : err)
            QVERIFY2(c == QLatin1Char('\n') || c.unicode() >= 0x20, qPrintable(QStringLiteral("raw control character in: ") + err));
    }

private Q_SLOTS:
    void corpusIsLargeEnough()
    {
        int scenarios = 0, logs = 0;
        for (const QString &f : QDir(QStringLiteral(COMMTAX_SOURCE_DIR "/tests/bad-input/scenarios")).entryList(QDir::Files))
            scenarios += f.endsWith(QLatin1String(".json"));
        for (const QString &f : QDir(QStringLiteral(COMMTAX_SOURCE_DIR "/tests/bad-input/logs")).entryList(QDir::Files))
            logs += f.endsWith(QLatin1String(".log"));
        QVERIFY2(scenarios >= 60, qPrintable(QString::number(scenarios)));
        QVERIFY2(logs >= 20, qPrintable(QString::number(logs)));
    }

    void corpus_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("folder");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("pattern");
        addManifest(QStringLiteral("scenarios"), {QStringLiteral("evaluate")});
        addManifest(QStringLiteral("logs"), {QStringLiteral("calibrate")});
        addManifest(QStringLiteral("training-logs"), {QStringLiteral("calibrate"), QStringLiteral("--training")});
        // saved comparisons (the Compare window's files), read as `report --comparison` reads them
        const QStringList readComparison{QStringLiteral("report"), QStringLiteral("-o"), QStringLiteral("-"),
                                         QStringLiteral("--comparison")};
        addManifest(QStringLiteral("comparisons"), readComparison);
    }
    void corpus()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, folder);
        QFETCH(int, code);
        QFETCH(QString, pattern);
        check(runMeasured(args, m_dir, folder), code, pattern);
    }

    // Special files are made here, not committed: a folder, a device that never ends, a pipe with
    // no writer (opening it would block), and files over the 1 MiB limit.
    void specialFiles_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("pattern");
        QTest::addRow("folder") << "folder"
                                << "folder: cannot open: it is a folder, not a file";
        QTest::addRow("/dev/zero") << "zero"
                                   << "/dev/zero: cannot open: not a regular file";
        QTest::addRow("fifo") << "fifo"
                              << "fifo: cannot open: not a regular file";
        QTest::addRow("missing") << "missing"
                                 << "missing.json: cannot open: no such file";
        QTest::addRow("50 MB") << "huge"
                               << "huge.json:1:1: the file is 50.0 MiB; Commtax reads at most 1.0 MiB here";
        QTest::addRow("1 MiB + 1 byte") << "limit"
                                        << "limit.json:1:1: the file is 1.0 MiB; Commtax reads at most 1.0 MiB here";
        // An 11.7 MB nccl-tests log took 6.5 s and 439 MB; logs are capped like JSON.
        QTest::addRow("12 MiB log") << "hugelog"
                                    << "hugelog.log:1:1: the file is 12.0 MiB; Commtax reads at most 4 MiB of nccl-tests log";
    }
    void specialFiles()
    {
        QFETCH(QString, kind);
        QFETCH(QString, pattern);
        QString path;
        if (kind == QLatin1String("folder")) {
            path = m_dir.filePath(QStringLiteral("folder"));
            QVERIFY(QDir().mkpath(path));
        } else if (kind == QLatin1String("zero")) {
            path = QStringLiteral("/dev/zero");
        } else if (kind == QLatin1String("fifo")) {
            path = m_dir.filePath(QStringLiteral("fifo"));
            QVERIFY(mkfifo(QFile::encodeName(path).constData(), 0600) == 0);
        } else if (kind == QLatin1String("missing")) {
            path = m_dir.filePath(QStringLiteral("missing.json"));
        } else {
            const qint64 size = kind == QLatin1String("huge") ? 50ll << 20 : kind == QLatin1String("hugelog") ? 12ll << 20
                                                                                                              : (1 << 20) + 1;
            path = m_dir.filePath(kind + (kind == QLatin1String("hugelog") ? QStringLiteral(".log") : QStringLiteral(".json")));
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            QVERIFY(f.resize(size)); // sparse: no 50 MB written to the disk
        }
        const QString command = kind == QLatin1String("hugelog") ? QStringLiteral("calibrate") : QStringLiteral("evaluate");
        check(runMeasured({command, path}, m_dir), 1, QRegularExpression::escape(pattern));
    }
};

QTEST_GUILESS_MAIN(TestBadInput)
#include "test_bad_input.moc"
