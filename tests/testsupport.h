// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Helpers the test executables share: tolerance checks, running a program to the end, writing a
// file for a test, and the comparison scenarios shipped with the app. Header-only, because every
// test is an executable of its own. Uses COMMTAX_BINARY and COMMTAX_SOURCE_DIR, which
// commtax_add_test (tests/CMakeLists.txt) defines for every test.

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStringList>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define COMMTAX_UNDER_ASAN 1
#endif
#endif

namespace commtax::test {

// Built with AddressSanitizer (the sanitizer phase of CI): every run is several times slower and
// carries about 100 MB of shadow memory, so tests that bound time or memory, or search large
// spaces, do less there (the normal build of the same suite does it all).
#if defined(__SANITIZE_ADDRESS__) || defined(COMMTAX_UNDER_ASAN)
inline constexpr bool kUnderAsan = true;
#else
inline constexpr bool kUnderAsan = false;
#endif

// Within relTol of the expected value, relative to the expected value: the hand calculation or the
// published figure sets the scale, not the number under test.
inline bool near(double actual, double expected, double relTol)
{
    return std::abs(actual - expected) <= relTol * std::abs(expected);
}

// Within relTol relative to the larger of the two: for two figures neither of which is the
// reference (a chart's bar against the engine's result, a fit against its own model).
inline bool nearSymmetric(double a, double b, double relTol)
{
    return std::abs(a - b) <= relTol * std::max(std::abs(a), std::abs(b));
}

// QVERIFY of near() that says both values and the tolerance when it fails.
#define QVERIFY_NEAR(actual, expected, tol)                               \
    QVERIFY2(::commtax::test::near((actual), (expected), (tol)),          \
             qPrintable(QStringLiteral("%1 = %2, expected %3 within %4%") \
                            .arg(QStringLiteral(#actual))                 \
                            .arg((actual), 0, 'g', 10)                    \
                            .arg((expected), 0, 'g', 10)                  \
                            .arg((tol)*100)))

// What a program run to the end left behind. code is -1 when it crashed or did not finish in time.
struct Run {
    int code = -1;
    QByteArray out;
    QByteArray err;
};

// Run program with args and wait for it (at most timeoutMs). stdinData, unless null, is written to
// its standard input, which is then closed.
inline Run run(const QString &program, const QStringList &args,
               const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment(),
               const QByteArray &stdinData = QByteArray(), int timeoutMs = 120000)
{
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(program, args);
    if (!stdinData.isNull()) {
        p.write(stdinData);
        p.closeWriteChannel();
    }
    if (!p.waitForFinished(timeoutMs))
        return Run{};
    return Run{p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
               p.readAllStandardError()};
}

// `commtax <args>`, run as users run it.
inline Run runCommtax(const QStringList &args, const QByteArray &stdinData = QByteArray())
{
    return run(QStringLiteral(COMMTAX_BINARY), args, QProcessEnvironment::systemEnvironment(), stdinData, 60000);
}

// Write data to path and return path. A file that cannot be written stops the run: every check
// after it would be about a file that is not there.
inline QString writeFile(const QString &path, const QByteArray &data)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(data) != data.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

inline QString writeFile(const QTemporaryDir &dir, const QString &name, const QByteArray &data)
{
    return writeFile(dir.filePath(name), data);
}

// The comparison scenarios shipped with the app (presets/scenarios/compare-*.json), by name.
inline QStringList compareScenarioFiles()
{
    const QDir dir(QStringLiteral(COMMTAX_SOURCE_DIR "/presets/scenarios"));
    QStringList out;
    for (const QString &f : dir.entryList({QStringLiteral("compare-*.json")}, QDir::Files, QDir::Name))
        out << dir.filePath(f);
    return out;
}

} // namespace commtax::test
