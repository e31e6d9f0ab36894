// SPDX-License-Identifier: GPL-3.0-or-later
// What survives when things go wrong: a writer killed with SIGKILL in the middle of a write or an
// import, a library file the user may only read, one the user may not read at all, one another
// process holds an exclusive lock on for longer than the busy timeout, and a file export that fails.
// Nothing the user made may be lost, moved aside or half-written.
//
// Child processes are this executable run again with an argument (see main()): a writer to kill,
// a lock holder, and an opener that reports what PresetLibrary::open() made of a file.
//
// Permissions: CI runs as root, where chmod 000 or 444 stops nothing. The opener child therefore
// drops its privileges to nobody/nogroup (65534) with setgroups/setgid/setuid before it touches the
// file, when it runs as root; as an ordinary user it simply runs as that user. The files are owned
// by the test's user and their permission bits are what the test sets, so the child meets them as
// a user without rights would.
#include "charts/chartview.h"
#include "core/atomicfile.h"
#include "library/libraryfiles.h"
#include "library/libraryschema.h"
#include "library/libraryui.h"
#include "library/presetlibrary.h"

#include "planfixtures.h"
#include "testsupport.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <cerrno>

#include <fcntl.h>
#include <grp.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>

using namespace commtax;
using namespace commtax::test;

namespace {

constexpr int kImportSize = 1500; // presets per imported file: an import takes a while

QByteArray importFileFor(const QString &prefix)
{
    QList<Preset> list;
    for (int i = 0; i < kImportSize; ++i)
        list << myGpu(QStringLiteral("%1-%2").arg(prefix).arg(i), 1000 + i);
    return writePresetFile(Section::Gpu, list);
}

bool integrityOk(PresetLibrary &lib, QString *why)
{
    QSqlQuery q(lib.database());
    if (!q.exec(QStringLiteral("PRAGMA integrity_check")) || !q.next()) {
        *why = q.lastError().text();
        return false;
    }
    *why = q.value(0).toString();
    return *why == QLatin1String("ok");
}

QStringList brokenCopies(const QString &dir)
{
    return QDir(dir).entryList({QStringLiteral("*.broken-*")}, QDir::Files | QDir::Dirs | QDir::Hidden);
}

// ----------------------------------------------------------------------------- child processes

// Save presets w-0, w-1, ... one write each, until killed.
int childWriteForever(const QString &path)
{
    PresetLibrary lib(path);
    LibraryMessage error;
    if (!lib.open(&error))
        return fprintf(stderr, "open: %s\n", qPrintable(error)), 1;
    fprintf(stdout, "writing\n");
    fflush(stdout);
    for (int i = 0;; ++i)
        if (!lib.savePreset(myGpu(QStringLiteral("w-%1").arg(i), i), nullptr, &error))
            return fprintf(stderr, "write %d: %s\n", i, qPrintable(error)), 1;
}

// Import files of kImportSize presets (ids p<pid>r<round>-<i>), one after the other, until killed.
int childImportForever(const QString &path)
{
    PresetLibrary lib(path);
    LibraryMessage error;
    if (!lib.open(&error))
        return fprintf(stderr, "open: %s\n", qPrintable(error)), 1;
    fprintf(stdout, "importing\n");
    fflush(stdout);
    // Never ends on its own (a fixed number of rounds finished before the kill on a fast machine).
    for (int r = 0;; ++r) {
        // Ids unique to this child: a later child must not meet the rounds of an earlier one.
        const QString prefix = QStringLiteral("p%1r%2").arg(QCoreApplication::applicationPid()).arg(r);
        const ImportOutcome o = lib.importData(importFileFor(prefix), prefix + QStringLiteral(".json"));
        if (!o.ok)
            return fprintf(stderr, "import %d: %s\n", r, qPrintable(o.summary())), 1;
    }
}

// Hold an exclusive lock on the library (locking_mode EXCLUSIVE and a write transaction left
// open) for `seconds`, then let go (exit without committing).
int childHoldLock(const QString &path, int seconds)
{
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("locker"));
    db.setDatabaseName(path);
    if (!db.open())
        return fprintf(stderr, "open: %s\n", qPrintable(db.lastError().text())), 1;
    QSqlQuery q(db);
    for (const char *sql : {"PRAGMA locking_mode = EXCLUSIVE", "BEGIN EXCLUSIVE", "DELETE FROM presets"})
        if (!q.exec(QLatin1String(sql)))
            return fprintf(stderr, "%s: %s\n", sql, qPrintable(q.lastError().text())), 1;
    fprintf(stdout, "locked\n");
    fflush(stdout);
    QThread::sleep(seconds);
    return 0; // the transaction is never committed: the presets are all still there after
}

// Another writer (a second window, the command line): a write transaction held open for
// `seconds` in the normal locking mode, as a long save on a slow machine holds it; then let go
// (exit without committing).
int childHoldWrite(const QString &path, int seconds)
{
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("writer"));
    db.setDatabaseName(path);
    db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=10000"));
    if (!db.open())
        return fprintf(stderr, "open: %s\n", qPrintable(db.lastError().text())), 1;
    QSqlQuery q(db);
    for (const char *sql : {"BEGIN IMMEDIATE", "DELETE FROM presets"})
        if (!q.exec(QLatin1String(sql)))
            return fprintf(stderr, "%s: %s\n", sql, qPrintable(q.lastError().text())), 1;
    fprintf(stdout, "locked\n");
    fflush(stdout);
    QThread::sleep(seconds);
    return 0;
}

// Open the library as the app does and print what happened as one JSON object; with --as-nobody
// (and running as root) first become nobody.
int childOpen(const QString &path, bool asNobody)
{
    if (asNobody && geteuid() == 0) {
        if (setgroups(0, nullptr) != 0 || setgid(65534) != 0 || setuid(65534) != 0)
            return fprintf(stderr, "cannot become nobody\n"), 1;
    }
    QJsonObject o;
    o.insert(QStringLiteral("uid"), int(geteuid()));
    PresetLibrary lib(path);
    LibraryMessage error;
    const bool opened = lib.open(&error);
    o.insert(QStringLiteral("open"), opened);
    o.insert(QStringLiteral("error"), error);
    o.insert(QStringLiteral("readOnly"), lib.isReadOnly());
    o.insert(QStringLiteral("readOnlyReason"), lib.readOnlyReason());
    o.insert(QStringLiteral("movedAsideTo"), lib.movedAsideTo());
    o.insert(QStringLiteral("userGpus"), int(lib.userPresets(Section::Gpu).size()));
    o.insert(QStringLiteral("catalogHasMine"), lib.catalog().find(Section::Gpu, QStringLiteral("mine")).has_value());
    LibraryMessage writeError;
    o.insert(QStringLiteral("wrote"), lib.savePreset(myGpu(QStringLiteral("another"), 1), nullptr, &writeError));
    o.insert(QStringLiteral("writeError"), writeError);
    fprintf(stdout, "%s\n", QJsonDocument(o).toJson(QJsonDocument::Compact).constData());
    return 0;
}

// Start a child and wait for the line it prints once it is under way.
// writeFileAtomically() with the process's file size limit at `limit` bytes and SIGXFSZ ignored:
// write(2) past it fails with EFBIG, as one onto a full disk fails with ENOSPC.
bool writeUnderFileSizeLimit(rlim_t limit, const QString &file, const QByteArray &data, QString *error)
{
    rlimit saved{};
    if (getrlimit(RLIMIT_FSIZE, &saved) != 0)
        qFatal("getrlimit failed");
    rlimit small = saved;
    small.rlim_cur = limit;
    const auto oldHandler = ::signal(SIGXFSZ, SIG_IGN);
    if (setrlimit(RLIMIT_FSIZE, &small) != 0)
        qFatal("setrlimit failed");
    const bool written = writeFileAtomically(file, data, error);
    if (setrlimit(RLIMIT_FSIZE, &saved) != 0)
        qFatal("setrlimit failed");
    ::signal(SIGXFSZ, oldHandler);
    return written;
}

bool startChild(QProcess &p, const QStringList &args, const QByteArray &ready)
{
    p.start(QCoreApplication::applicationFilePath(), args);
    if (!p.waitForStarted(10000))
        return false;
    QElapsedTimer t;
    t.start();
    QByteArray seen;
    while (t.elapsed() < 20000) {
        p.waitForReadyRead(200);
        seen += p.readAllStandardOutput();
        if (seen.contains(ready))
            return true;
        if (p.state() == QProcess::NotRunning)
            return false;
    }
    return false;
}

void killNow(QProcess &p)
{
    // processId() is 0 once the child has ended, and kill(0, ...) would signal this whole process
    // group (ctest, the CI script): only ever signal a real child.
    const qint64 pid = p.processId();
    if (pid > 0)
        ::kill(pid_t(pid), SIGKILL);
    p.waitForFinished(10000);
}

} // namespace

class TestDurability : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;
    int m_n = 0;
    // A folder of its own per test, open to everyone (the opener may run as nobody and must be
    // able to rename in it: a test of "never moved aside" means nothing where renaming is refused).
    QString freshFolder()
    {
        const QString d = m_dir.filePath(QStringLiteral("d%1").arg(++m_n));
        QDir().mkpath(d);
        ::chmod(QFile::encodeName(m_dir.path()).constData(), 0755);
        ::chmod(QFile::encodeName(d).constData(), 0777);
        return d;
    }
    // A sound library with one user GPU preset "mine"; its last connection closed.
    QString libraryWithMyPreset(const QString &folder)
    {
        const QString path = folder + QStringLiteral("/library.sqlite");
        PresetLibrary lib(path);
        LibraryMessage error;
        if (!lib.open(&error) || !lib.savePreset(myGpu(QStringLiteral("mine"), 12345), nullptr, &error))
            qFatal("setting up %s: %s", qPrintable(path), qPrintable(error));
        return path;
    }
    QJsonObject openInChild(const QString &path)
    {
        const Run r = run(QCoreApplication::applicationFilePath(), {QStringLiteral("--open-library"), path, QStringLiteral("--as-nobody")},
                          QProcessEnvironment::systemEnvironment(), QByteArray(), 30000);
        if (r.code != 0)
            qWarning("opener: %s", r.err.constData());
        return QJsonDocument::fromJson(r.out).object();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
    }

    // ---------------------------------------------------------------- kill -9
    void killedDuringWritesLeavesEveryWholeWriteAndNothingElse()
    {
        const QString folder = freshFolder();
        const QString path = libraryWithMyPreset(folder);
        for (int attempt = 0; attempt < 3; ++attempt) {
            QProcess child;
            QVERIFY(startChild(child, {QStringLiteral("--write-forever"), path}, "writing"));
            QTest::qWait(100 + QRandomGenerator::global()->bounded(300));
            killNow(child);
            QCOMPARE(child.exitStatus(), QProcess::CrashExit);
        }
        PresetLibrary lib(path);
        LibraryMessage error;
        QVERIFY2(lib.open(&error), qPrintable(error));
        QVERIFY(lib.movedAsideTo().isEmpty());
        QVERIFY(brokenCopies(folder).isEmpty());
        QVERIFY2(integrityOk(lib, &error), qPrintable(error));
        error.clear();
        // Each write is whole or absent: the ids present are w-0..w-(k-1) with no gap (writes
        // are sequential and the later runs overwrite the earlier ones' ids), each with its price.
        const QList<Preset> gpus = lib.userPresets(Section::Gpu, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        int written = 0;
        while (lib.catalog().find(Section::Gpu, QStringLiteral("w-%1").arg(written)))
            ++written;
        QVERIFY2(written > 0, "the writer was killed before its first write: nothing was tested");
        QCOMPARE(gpus.size(), written + 1); // + "mine"
        for (const Preset &p : gpus)
            if (p.id.startsWith(QLatin1String("w-")))
                QCOMPARE(p.values.value(QStringLiteral("price_usd")).toDouble(), p.id.mid(2).toDouble());
    }

    void killedDuringAnImportLeavesAllOrNoneOfIt()
    {
        const QString folder = freshFolder();
        const QString path = libraryWithMyPreset(folder);
        int killedMidImport = 0;
        for (int attempt = 0; attempt < 3; ++attempt) {
            QProcess child;
            QVERIFY(startChild(child, {QStringLiteral("--import-forever"), path}, "importing"));
            QTest::qWait(150 + QRandomGenerator::global()->bounded(400));
            // An import in progress shows as a write-ahead log that is growing.
            const qint64 walBefore = QFileInfo(path + QStringLiteral("-wal")).size();
            QTest::qWait(20);
            killedMidImport += QFileInfo(path + QStringLiteral("-wal")).size() != walBefore;
            killNow(child);
            QCOMPARE(child.exitStatus(), QProcess::CrashExit);

            PresetLibrary lib(path);
            LibraryMessage error;
            QVERIFY2(lib.open(&error), qPrintable(error));
            QVERIFY(brokenCopies(folder).isEmpty());
            QVERIFY2(integrityOk(lib, &error), qPrintable(error));
            QMap<QString, int> perRound;
            for (const Preset &p : lib.userPresets(Section::Gpu))
                if (p.id != QLatin1String("mine"))
                    ++perRound[p.id.section(QLatin1Char('-'), 0, 0)];
            for (auto it = perRound.cbegin(); it != perRound.cend(); ++it)
                QVERIFY2(it.value() == kImportSize,
                         qPrintable(QStringLiteral("import %1 is partial: %2 of %3 presets").arg(it.key()).arg(it.value()).arg(kImportSize)));
            QVERIFY(lib.catalog().find(Section::Gpu, QStringLiteral("mine")));
        }
        if (killedMidImport == 0)
            qWarning("no kill landed while the log was growing; all-or-none was still checked after each kill");
    }

    // ---------------------------------------------------------------- permissions
    void readOnlyFileOpensReadOnlyWithThePresets_data()
    {
        QTest::addColumn<bool>("folderWritable");
        QTest::addRow("writable folder") << true;
        QTest::addRow("read-only folder (no -shm file can be made)") << false;
    }
    void readOnlyFileOpensReadOnlyWithThePresets()
    {
        QFETCH(bool, folderWritable);
        const QString folder = freshFolder();
        const QString path = libraryWithMyPreset(folder);
        const QByteArray before = readAll(path);
        QVERIFY(::chmod(QFile::encodeName(path).constData(), 0444) == 0);
        if (!folderWritable)
            QVERIFY(::chmod(QFile::encodeName(folder).constData(), 0755) == 0);
        const QJsonObject o = openInChild(path);
        QVERIFY2(!o.isEmpty(), "the opener printed nothing");
        if (o.value(QStringLiteral("uid")).toInt() == 0)
            QSKIP("running as root and could not drop privileges");
        QVERIFY2(o.value(QStringLiteral("open")).toBool(), qPrintable(o.value(QStringLiteral("error")).toString()));
        QVERIFY(o.value(QStringLiteral("readOnly")).toBool());
        QVERIFY(o.value(QStringLiteral("catalogHasMine")).toBool()); // the user's presets are there
        QCOMPARE(o.value(QStringLiteral("userGpus")).toInt(), 1);
        QVERIFY(!o.value(QStringLiteral("wrote")).toBool());
        const QString writeError = o.value(QStringLiteral("writeError")).toString();
        QVERIFY2(writeError.contains(path) && writeError.contains(QStringLiteral("read-only"))
                     && writeError.contains(QStringLiteral("permission to write")),
                 qPrintable(writeError));
        QVERIFY(o.value(QStringLiteral("movedAsideTo")).toString().isEmpty());
        QVERIFY(brokenCopies(folder).isEmpty());
        QCOMPARE(readAll(path), before);
    }

    void unreadableFileIsReportedAndLeftAlone_data()
    {
        QTest::addColumn<bool>("directory");
        QTest::addRow("file without read permission") << false;
        QTest::addRow("a folder where the file should be") << true;
    }
    void unreadableFileIsReportedAndLeftAlone()
    {
        QFETCH(bool, directory);
        const QString folder = freshFolder();
        QString path;
        QByteArray before;
        if (directory) {
            // a folder in place of the file: no permission trick needed, unreadable for root too
            path = folder + QStringLiteral("/library.sqlite");
            QVERIFY(QDir().mkpath(path));
            writeFile(path + QStringLiteral("/keep.txt"), "mine");
        } else {
            path = libraryWithMyPreset(folder);
            before = readAll(path);
            QVERIFY(::chmod(QFile::encodeName(path).constData(), 0000) == 0);
        }
        const QJsonObject o = openInChild(path);
        QVERIFY2(!o.isEmpty(), "the opener printed nothing");
        if (!directory && o.value(QStringLiteral("uid")).toInt() == 0)
            QSKIP("running as root and could not drop privileges");
        QVERIFY(!o.value(QStringLiteral("open")).toBool());
        const QString error = o.value(QStringLiteral("error")).toString();
        QVERIFY2(error.contains(path), qPrintable(error));
        QVERIFY2(error.contains(directory ? QStringLiteral("is a folder") : QStringLiteral("no permission to read")), qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("left as it is")), qPrintable(error));
        QVERIFY(o.value(QStringLiteral("movedAsideTo")).toString().isEmpty());
        QVERIFY(!o.value(QStringLiteral("wrote")).toBool());
        QVERIFY(brokenCopies(folder).isEmpty());
        if (directory) {
            QCOMPARE(readAll(path + QStringLiteral("/keep.txt")), QByteArray("mine"));
        } else {
            QVERIFY(::chmod(QFile::encodeName(path).constData(), 0644) == 0);
            QCOMPARE(readAll(path), before);
        }
    }

    // ---------------------------------------------------------------- locks
    void fileLockedLongerThanTheBusyTimeoutIsReportedAndLeftAlone()
    {
        const QString folder = freshFolder();
        const QString path = libraryWithMyPreset(folder);
        QProcess holder;
        QVERIFY(startChild(holder, {QStringLiteral("--hold-lock"), path, QStringLiteral("9")}, "locked"));
        QElapsedTimer t;
        t.start();
        {
            PresetLibrary lib(path);
            LibraryMessage error;
            QVERIFY(!lib.open(&error));
            QVERIFY2(t.elapsed() >= 4500, "gave up before the busy timeout"); // it waited for the lock first
            QVERIFY2(error.contains(path) && error.contains(QStringLiteral("locked by another program")), qPrintable(error));
            QVERIFY2(error.contains(QStringLiteral("left as it is")), qPrintable(error));
            QVERIFY(lib.movedAsideTo().isEmpty());
            QVERIFY(lib.recoveryNotice().isEmpty());
        }
        QVERIFY(brokenCopies(folder).isEmpty());
        QVERIFY(QFileInfo::exists(path));
        holder.waitForFinished(20000);
        PresetLibrary lib(path);
        LibraryMessage error;
        QVERIFY2(lib.open(&error), qPrintable(error));
        QVERIFY(lib.catalog().find(Section::Gpu, QStringLiteral("mine"))); // nothing lost
    }

    // Two processes saving at once got "database is locked" when the other's write
    // outlasted the 5 s busy timeout on a loaded machine. A save waits (kWriteWaitMs) and succeeds.
    void saveWaitsOutAnotherWriterLongerThanTheBusyTimeout()
    {
        const QString folder = freshFolder();
        const QString path = libraryWithMyPreset(folder);
        PresetLibrary lib(path);
        LibraryMessage error;
        QVERIFY2(lib.open(&error), qPrintable(error));
        QProcess holder;
        const int holdSeconds = kBusyTimeoutMs / 1000 + 2;
        QVERIFY(startChild(holder, {QStringLiteral("--hold-write"), path, QString::number(holdSeconds)}, "locked"));
        QElapsedTimer t;
        t.start();
        QVERIFY2(lib.savePreset(myGpu(QStringLiteral("while-locked"), 1), nullptr, &error), qPrintable(error));
        QVERIFY2(t.elapsed() >= kBusyTimeoutMs - 500, "the lock was not held: the test proves nothing");
        holder.waitForFinished(20000);
        QVERIFY(lib.catalog().find(Section::Gpu, QStringLiteral("while-locked")));
        QVERIFY(lib.catalog().find(Section::Gpu, QStringLiteral("mine"))); // the holder's delete rolled back
    }

    // What the app's start-up message box says (ui/library/libraryui.cpp).
    void startupNoticeSaysWhatHappened()
    {
        const QString folder = freshFolder();
        // unavailable: built-ins only, and the file is not touched
        const QString dirPath = folder + QStringLiteral("/folder.sqlite");
        QVERIFY(QDir().mkpath(dirPath));
        PresetLibrary unavailable(dirPath);
        LibraryMessage error;
        QVERIFY(!unavailable.open(&error));
        QString notice = presetLibraryStartupNotice(unavailable, error);
        QVERIFY2(notice.contains(QStringLiteral("only the built-in presets")) && notice.contains(QStringLiteral("not changed or moved"))
                     && notice.contains(dirPath),
                 qPrintable(notice));
        // read-only: the presets are there, changes are not saved, and why
        const QString path = libraryWithMyPreset(folder);
        {
            PresetLibrary lib(path);
            QVERIFY(lib.open(nullptr));
            QSqlDatabase db = lib.database();
            QVERIFY(execSql(db, QStringLiteral("PRAGMA user_version = 99"), nullptr));
        }
        PresetLibrary newer(path);
        QVERIFY(newer.open(&error));
        notice = presetLibraryStartupNotice(newer, LibraryMessage());
        QVERIFY2(notice.contains(QStringLiteral("read-only")) && notice.contains(QStringLiteral("newer Commtax"))
                     && notice.contains(QStringLiteral("cannot be saved")),
                 qPrintable(notice));
        // a sound library: nothing to say
        PresetLibrary fine(libraryWithMyPreset(freshFolder()));
        QVERIFY(fine.open(nullptr));
        QVERIFY(presetLibraryStartupNotice(fine, LibraryMessage()).isEmpty());
    }

    // ---------------------------------------------------------------- atomic writes
    void failedWriteLeavesTheOldFileUntouched()
    {
        const QString folder = freshFolder();
        const QString file = writeFile(folder + QStringLiteral("/plan.json"), "the user's file");
        QString error;
        // a writer that gives up half-way, after writing part of its data
        QVERIFY(!writeFileAtomically(
            file,
            [](QIODevice &d, QString *why) {
                d.write("half of the new ");
                *why = QStringLiteral("disk full (simulated)");
                return false;
            },
            &error));
        QVERIFY2(error.contains(file) && error.contains(QStringLiteral("disk full")), qPrintable(error));
        QCOMPARE(readAll(file), QByteArray("the user's file"));
        QCOMPARE(QDir(folder).entryList(QDir::Files | QDir::Hidden), QStringList{QStringLiteral("plan.json")}); // no temporary left
        // a target that is a folder
        QVERIFY(QDir().mkpath(folder + QStringLiteral("/sub")));
        QVERIFY(!writeFileAtomically(folder + QStringLiteral("/sub"), QByteArray("x"), &error));
        QVERIFY2(error.contains(QStringLiteral("folder")), qPrintable(error));
        // a write the file system refuses when the buffer is flushed (a full disk; here the file
        // size limit, which fails the same write(2) with EFBIG): a small write stays in QSaveFile's
        // buffer until commit, which renamed an empty file over the user's (Qt 6.4)
        {
            QVERIFY(!writeUnderFileSizeLimit(4, file, QByteArray("more than four bytes"), &error));
            QVERIFY2(error.contains(file), qPrintable(error));
            QCOMPARE(readAll(file), QByteArray("the user's file"));
            QCOMPARE(QDir(folder).entryList(QDir::Files | QDir::Hidden), QStringList{QStringLiteral("plan.json")});
        }
        // a write larger than QSaveFile's buffer that the file system cuts short: write(2) took part
        // of it, which Qt does not count as an error, and the reason read "Unknown error"
        {
            QVERIFY(!writeUnderFileSizeLimit(4096, file, QByteArray(100000, 'x'), &error));
            QVERIFY2(error.contains(qt_error_string(EFBIG)) && !error.contains(QLatin1String("Unknown error")),
                     qPrintable(error));
            QCOMPARE(readAll(file), QByteArray("the user's file"));
        }
        // and a write that works replaces the file whole
        QVERIFY2(writeFileAtomically(file, QByteArray("new"), &error), qPrintable(error));
        QCOMPARE(readAll(file), QByteArray("new"));
    }

    // A pipe or a device, or a link to one, is written into: QSaveFile followed the link and renamed
    // a regular file over its target (as root, `report -o out.csv` with out.csv -> /dev/full
    // replaced the device with the report). A FIFO here stands in for the device.
    void aPipeIsWrittenIntoNotReplaced()
    {
        const QString folder = freshFolder();
        const QString fifo = folder + QStringLiteral("/pipe.csv");
        const QString link = folder + QStringLiteral("/link.csv");
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        QCOMPARE(::symlink(QFile::encodeName(fifo).constData(), QFile::encodeName(link).constData()), 0);
        const int reader = ::open(QFile::encodeName(fifo).constData(), O_RDONLY | O_NONBLOCK);
        QVERIFY(reader >= 0);
        for (const QString &target : {fifo, link}) {
            QString error;
            QVERIFY2(writeFileAtomically(target, QByteArray("through the pipe"), &error), qPrintable(error));
            struct stat st { };
            QCOMPARE(::stat(QFile::encodeName(fifo).constData(), &st), 0);
            QVERIFY(S_ISFIFO(st.st_mode));
            QVERIFY(QFileInfo(link).isSymLink());
            char buffer[64] = {};
            QCOMPARE(::read(reader, buffer, sizeof buffer), qint64(16));
            QCOMPARE(QByteArray(buffer, 16), QByteArray("through the pipe"));
        }
        ::close(reader);
        QCOMPARE(QDir(folder).entryList(QDir::Files | QDir::System | QDir::Hidden).size(), 2); // no temporary left
    }

    // The charts' PNG and PDF exports replace a file by renaming a complete new one over it: a
    // hard link to the old file keeps the old bytes (QCustomPlot's own savePng/savePdf truncate
    // and rewrite the file in place, which would change them), and a failed export changes nothing.
    void chartExportsAreAtomic()
    {
        class TestChart : public ChartView
        {
        public:
            TestChart()
                : ChartView(QStringLiteral("Test chart"))
            {
                addGraph()->setData({1, 2, 3}, {1, 4, 9});
                rescaleAxes();
            }
            void draw(const Analysis &) override { }
        };
        TestChart chart;
        chart.resize(400, 300);
        chart.replot();
        const QString folder = freshFolder();
        for (const QString &suffix : {QStringLiteral("png"), QStringLiteral("pdf")}) {
            const QString file = writeFile(folder + QStringLiteral("/chart.") + suffix, "old export");
            const QString link = folder + QStringLiteral("/old-chart.") + suffix;
            QVERIFY(::link(QFile::encodeName(file).constData(), QFile::encodeName(link).constData()) == 0);
            QString error;
            QVERIFY2(suffix == QLatin1String("png") ? chart.exportPng(file, 1.0, &error) : chart.exportPdf(file, &error), qPrintable(error));
            QCOMPARE(readAll(link), QByteArray("old export"));
            const QByteArray written = readAll(file);
            QVERIFY(written.startsWith(suffix == QLatin1String("png") ? QByteArray("\x89PNG") : QByteArray("%PDF-")));
            if (suffix == QLatin1String("png"))
                QCOMPARE(QImage(file).size(), QSize(400, 300));
            // a failed export (into a folder that is not there) reports the file and writes nothing
            const QString nowhere = folder + QStringLiteral("/missing/chart.") + suffix;
            QVERIFY(!(suffix == QLatin1String("png") ? chart.exportPng(nowhere, 1.0, &error) : chart.exportPdf(nowhere, &error)));
            QVERIFY2(error.contains(nowhere), qPrintable(error));
            QCOMPARE(readAll(file), written);
        }
    }
};

int main(int argc, char **argv)
{
    const QByteArray mode = argc > 1 ? QByteArray(argv[1]) : QByteArray();
    if (mode == "--write-forever" || mode == "--import-forever" || mode == "--hold-lock" || mode == "--hold-write" || mode == "--open-library") {
        QCoreApplication app(argc, argv);
        const QString path = QString::fromLocal8Bit(argv[2]);
        if (mode == "--write-forever")
            return childWriteForever(path);
        if (mode == "--import-forever")
            return childImportForever(path);
        if (mode == "--hold-lock")
            return childHoldLock(path, argc > 3 ? atoi(argv[3]) : 9);
        if (mode == "--hold-write")
            return childHoldWrite(path, argc > 3 ? atoi(argv[3]) : 9);
        return childOpen(path, argc > 3 && QByteArray(argv[3]) == "--as-nobody");
    }
    QApplication app(argc, argv);
    TestDurability t;
    return QTest::qExec(&t, argc, argv);
}

#include "test_durability.moc"
