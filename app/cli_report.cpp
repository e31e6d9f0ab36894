// SPDX-License-Identifier: GPL-3.0-or-later
// commtax report FILE|-... -o OUT.pdf|OUT.csv|OUT.json|OUT.xlsx|- [--format F] [--normalize as-given|gpus|budget|time[,best-layout]]
//                [--objective time|cost|tco] [--bom] [--samples N] [--seed S]
// The comparison of 2 to 8 scenario files as a PDF for procurement, its table as CSV or JSON, or
// an Excel workbook (table, inputs, cost breakdown, bill of materials, warnings).
// Runs without a display (runCli starts it offscreen). Scenario files may name the user's presets
// (presetCatalog(): the library is read when it exists, never created or repaired from here).
// The output may not be one of the inputs. The report is built as a document in model/library
// (library/reportfiles.h); the PDF renderer, which needs Qt GUI, is registered by app/main.cpp.
#include "cli.h"
#include "cli_progress.h"
#include "cli_uncertainty.h"
#include "text/modeltext.h"

#include "core/atomicfile.h"
#include "library/comparisonfile.h"
#include "library/comparisonio.h"
#include "library/comparisonuncertainty.h"
#include "library/comparisonverdict.h"
#include "library/reportfiles.h"
#include <QCoreApplication>
#include <QFile>

#include <QFileInfo>
#include <QTemporaryDir>

#include <algorithm>
#include <atomic>
#include <optional>

#include <sys/stat.h>

namespace commtax::cli {

namespace {

// The same file: the same canonical path (symlinks resolved), or the same inode (hard links).
bool sameFile(const QString &a, const QString &b)
{
    const QString ca = QFileInfo(a).canonicalFilePath(), cb = QFileInfo(b).canonicalFilePath();
    if (!ca.isEmpty() && ca == cb)
        return true;
    struct stat sa, sb;
    return ::stat(QFile::encodeName(a).constData(), &sa) == 0 && ::stat(QFile::encodeName(b).constData(), &sb) == 0
        && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}
} // namespace

namespace {
// --samples N (0: no sensitivity section) and --seed S, checked as `evaluate --uncertainty` checks them.
bool readSensitivityOptions(const CommandLine &cl, uncertainty::Options &options, QString *error)
{
    return readSamplesAndSeed(cl, 0, options.samples, options.seed, error);
}
} // namespace

namespace {
// Write the report of `c` to `output` (a file, or "-": standard output) in `format`.
int writeReport(const Comparison &c, ReportOptions options, const QString &output, ReportFormat format, bool hasFormat,
                bool bom, const uncertainty::Options &sensitivity);
} // namespace

namespace {
// What the command line asks, checked by readReportOptions().
struct ReportArgs {
    QStringList files;
    QString output;
    ReportFormat format = ReportFormat::Csv;
    bool hasFormat = false, bom = false;
    bool hasNormalize = false;
    Normalization normalization = Normalization::AsGiven;
    BestLayout bestLayout;
    bool hasComparison = false;
    QString comparisonFile;
    uncertainty::Options sensitivity; // 2,000 samples, seed 1
};

void declareReportOptions(CommandLine &cl)
{
    cl.option(QStringLiteral("o"), QCoreApplication::translate("commtax::Cli", "OUT"), QCoreApplication::translate("commtax::Cli", "The output file; its suffix chooses the format; \"-\" writes to standard output."));
    cl.option(QStringLiteral("output"), QCoreApplication::translate("commtax::Cli", "OUT"), QCoreApplication::translate("commtax::Cli", "The same as -o."));
    cl.option(QStringLiteral("format"), QCoreApplication::translate("commtax::Cli", "FORMAT"), QCoreApplication::translate("commtax::Cli", "pdf, csv, json or xlsx, whatever the suffix (with -o -: csv unless given)."));
    cl.option(QStringLiteral("normalize"), QCoreApplication::translate("commtax::Cli", "MODE"), QCoreApplication::translate("commtax::Cli", "as-given (the default), gpus, budget or time: what the plans are made equal in; \",best-layout\" (or best-layout alone) gives each plan the search's best layout on its own hardware first."));
    cl.option(QStringLiteral("objective"), QCoreApplication::translate("commtax::Cli", "OBJECTIVE"), QCoreApplication::translate("commtax::Cli", "time (the default), cost or tco: what best-layout optimises."));
    cl.option(QStringLiteral("comparison"), QCoreApplication::translate("commtax::Cli", "FILE"),
              QCoreApplication::translate("commtax::Cli",
                                          "A saved comparison (the Compare window's File > Save comparison) instead of "
                                          "scenario files: its plans, plan A, normalisation and layouts (--normalize "
                                          "and --objective override them)."));
    cl.flag(QStringLiteral("bom"), QCoreApplication::translate("commtax::Cli", "CSV: start with a UTF-8 byte order mark, so that Excel reads the names right."));
    cl.option(QStringLiteral("samples"), QStringLiteral("N"), QCoreApplication::translate("commtax::Cli", "Latin hypercube samples of the sensitivity section (default 2000; 0 leaves it out). The time grows with samples x plans: 1,000,000 samples of 8 plans take over a minute."));
    cl.option(QStringLiteral("seed"), QStringLiteral("S"), QCoreApplication::translate("commtax::Cli", "Random seed of the sensitivity section (default 1); the same seed gives the same numbers."));
}

// -o/--output and --format: the output and its format; the exit code on a usage error.
std::optional<int> readReportOutput(const CommandLine &cl, ReportArgs &a)
{
    QString outputLong, formatName;
    bool hasOutput = cl.value(QStringLiteral("o"), a.output);
    const bool hasOutputLong = cl.value(QStringLiteral("output"), outputLong);
    a.hasFormat = cl.value(QStringLiteral("format"), formatName);
    if (hasOutput && hasOutputLong)
        return fail(kExitUsage, QCoreApplication::translate("commtax::Cli", "report: give the output once (-o or --output, not both)"));
    if (hasOutputLong) {
        a.output = outputLong;
        hasOutput = true;
    }
    if (!hasOutput)
        return fail(kExitUsage, QCoreApplication::translate("commtax::Cli", "report: -o OUT.pdf|OUT.csv|OUT.json|OUT.xlsx is required"));
    const bool toStdout = a.output == QLatin1String("-");
    if (a.hasFormat) {
        if (!reportFormatForFile(QStringLiteral("report.") + formatName, a.format))
            return fail(kExitUsage, QCoreApplication::translate("commtax::Cli", "report: --format must be pdf, csv, json or xlsx"));
    } else if (!toStdout && !reportFormatForFile(a.output, a.format)) {
        return fail(kExitUsage,
                    QCoreApplication::translate("commtax::Cli",
                                                "report: %1: the output must end in .pdf, .csv, .json or .xlsx")
                        .arg(a.output));
    }
    if (a.bom && a.format != ReportFormat::Csv)
        return fail(kExitUsage, QCoreApplication::translate("commtax::Cli", "report: --bom applies to CSV only"));
    return std::nullopt;
}

// The parsed command line into `a`, checked; the exit code on a usage error.
std::optional<int> readReportOptions(const CommandLine &cl, ReportArgs &a)
{
    if (QString error; !readSensitivityOptions(cl, a.sensitivity, &error))
        return fail(kExitUsage, QStringLiteral("report: ") + error);
    a.bom = cl.isSet(QStringLiteral("bom"));
    QString normalize, objective;
    a.hasNormalize = cl.value(QStringLiteral("normalize"), normalize);
    const bool hasObjective = cl.value(QStringLiteral("objective"), objective);
    a.hasComparison = cl.value(QStringLiteral("comparison"), a.comparisonFile);
    a.files = cl.positional();
    if (const std::optional<int> code = readReportOutput(cl, a))
        return code;
    if (a.files.count(QStringLiteral("-")) > 1)
        return fail(kExitUsage, QCoreApplication::translate("commtax::Cli", "report: standard input (-) can be read once only"));
    if (a.hasNormalize && !parseNormalizations(normalize, a.normalization, a.bestLayout))
        return fail(kExitUsage, QCoreApplication::translate("commtax::Cli", "report: --normalize must be as-given, gpus, budget or time, best-layout, or one of the four and best-layout (gpus,best-layout)"));
    if (hasObjective && !search::parseObjective(objective.toStdString(), a.bestLayout.objective))
        return fail(kExitUsage, QCoreApplication::translate("commtax::Cli", "report: --objective must be time, cost or tco"));
    if (hasObjective && !a.bestLayout.enabled)
        return fail(kExitUsage, QCoreApplication::translate("commtax::Cli", "report: --objective chooses the best layout: it needs --normalize best-layout"));
    return std::nullopt;
}

void printLoadErrors(const QList<LoadError> &errors)
{
    out().flush();
    for (const LoadError &e : errors)
        err() << "commtax: " << shown(loadErrorText(e)) << Qt::endl;
}

// The report of a saved comparison (--comparison): its plans, plan A, normalisation and layouts.
int reportFromComparison(ReportArgs a)
{
    if (!a.files.isEmpty())
        return fail(kExitUsage, QCoreApplication::translate("commtax::Cli", "report: give a saved "
                                                                            "comparison (--comparison) or "
                                                                            "scenario files, not both"));
    if (sameFile(a.output, a.comparisonFile))
        return fail(kExitBadInput,
                    QCoreApplication::translate("commtax::Cli", "report: %1 is also an input (%2): refusing to "
                                                                "overwrite it; choose another output file")
                        .arg(a.output, a.comparisonFile));
    SavedComparison saved;
    QList<LoadError> errors;
    ReportOptions options;
    ReportOptions::Input input{a.comparisonFile, {}};
    LoadError readError;
    if (!readInputFile(a.comparisonFile, kMaxComparisonFileBytes, input.data, &readError))
        errors << readError;
    else
        parseComparisonFile(input.data, a.comparisonFile, presetCatalog(), saved, errors);
    if (!errors.isEmpty()) {
        printLoadErrors(errors);
        return kExitBadInput;
    }
    options.inputs << input;
    if (!a.hasNormalize) {
        a.normalization = saved.normalization;
        a.bestLayout = saved.bestLayout;
    }
    const Comparison c = comparePlans(saved.plans, a.normalization, a.bestLayout, saved.reference);
    if (saved.goals)
        options.verdict = comparisonVerdict(c, *saved.goals, presetCatalog());
    return writeReport(c, options, a.output, a.format, a.hasFormat, a.bom, a.sensitivity);
}

// The report comparing 2 to 8 scenario files.
int reportFromScenarios(const ReportArgs &a)
{
    if (a.files.size() < kMinComparedPlans || a.files.size() > kMaxComparedPlans)
        return fail(kExitUsage,
                    QCoreApplication::translate("commtax::Cli", "report compares %1 to %2 scenario files (got %3)")
                        .arg(kMinComparedPlans)
                        .arg(kMaxComparedPlans)
                        .arg(a.files.size()));

    // Never write over an input: the report would replace the scenario it was made from.
    for (const QString &file : a.files)
        if (sameFile(a.output, file))
            return fail(kExitBadInput,
                        QCoreApplication::translate("commtax::Cli", "report: %1 is also an input (%2): refusing to "
                                                                    "overwrite it; choose another output file")
                            .arg(a.output, file));

    const PresetCatalog &catalog = presetCatalog();

    QList<Scenario> scenarios;
    ReportOptions options;
    bool ok = true;
    for (const QString &file : a.files) {
        Scenario s;
        QList<LoadError> errors;
        ReportOptions::Input input{file, {}};
        const bool loaded = loadAndValidateScenario(file, catalog, s, errors, &input.data);
        options.inputs << input; // the audit trail: each file's name and SHA-256
        if (!loaded) {
            printLoadErrors(errors);
            ok = false;
            continue;
        }
        if (s.name.isEmpty())
            s.name = file == QLatin1String("-") ? QStringLiteral("stdin") : QFileInfo(file).completeBaseName();
        scenarios << s;
    }
    if (!ok)
        return kExitBadInput;

    return writeReport(comparePlans(scenarios, a.normalization, a.bestLayout), options, a.output, a.format,
                       a.hasFormat, a.bom, a.sensitivity);
}
} // namespace

int cmdReport(QStringList args)
{
    CommandLine cl(QStringLiteral("report"), QCoreApplication::translate("commtax::Cli", "FILE|-... -o OUT.pdf|OUT.csv|OUT.json|OUT.xlsx|- [--format pdf|csv|json|xlsx] [--normalize as-given|gpus|budget|time[,best-layout]] [--objective time|cost|tco] [--bom] [--samples N] [--seed S]"),
                   QCoreApplication::translate("commtax::Cli", "Compare 2 to 8 scenarios (\"-\": one read from standard input) as a PDF report, its table as CSV or JSON, or an Excel workbook (xlsx)."));
    declareReportOptions(cl);
    if (const std::optional<int> code = cl.parse(args))
        return *code;
    ReportArgs a;
    if (const std::optional<int> code = readReportOptions(cl, a))
        return *code;
    return a.hasComparison ? reportFromComparison(a) : reportFromScenarios(a);
}

namespace {
int writeReport(const Comparison &c, ReportOptions options, const QString &output, ReportFormat format, bool hasFormat,
                bool bom, const uncertainty::Options &sensitivity)
{
    const PresetCatalog &catalog = presetCatalog();
    const bool toStdout = output == QLatin1String("-");
    options.catalog = &catalog;
    options.csvBom = bom;
    // The sensitivity is sampled here rather than by the writer, so that a terminal shows how far
    // it got and Ctrl+C stops it (1,000,000 samples of 8 plans take over a minute): one engine
    // evaluation per sample and plan for the ranges, and as many again for the odds.
    std::optional<ComparisonSensitivity> sampled;
    if (sensitivity.samples > 0) {
        const InterruptScope ctrlC;
        std::atomic<std::int64_t> progress{0};
        uncertainty::Options sampling = sensitivity;
        sampling.threads = 0; // every core; the numbers do not depend on it
        sampling.progress = &progress;
        const auto isValid = [](const ComparedPlan &p) { return p.valid; };
        const std::int64_t plans = std::count_if(c.plans.cbegin(), c.plans.cend(), isValid);
        const std::int64_t total = 2 * std::int64_t(sampling.samples) * plans;
        const auto line = [&](double seconds) {
            const std::int64_t n = std::min(progress.load(), total);
            const QString text = QCoreApplication::translate(
                "commtax::Cli", "report: sampling %1% (%2 of %3 evaluations, %4 s; Ctrl+C stops)");
            const QString of = QString::number(total);
            return text.arg(percentDone(n, total), QString::number(n), of, QString::number(int(seconds)));
        };
        runShowingProgress([&] { sampled = comparisonSensitivity(c, catalog, sampling, &interruptFlag()); }, line);
        if (interrupted()) {
            const QString why = QCoreApplication::translate(
                "commtax::Cli", "report: interrupted while sampling (%1 of %2 evaluations); nothing was written");
            return fail(kExitInterrupted, why.arg(std::min(progress.load(), total)).arg(total));
        }
        options.sensitivity = &*sampled;
    }
    QString error;
    int pages = 0;
    // The writer chooses the format by the suffix: write under the right one, then copy where asked.
    static const char *const suffixes[] = {"pdf", "csv", "json", "xlsx"};
    const QString suffix = QLatin1String(suffixes[int(format)]);
    QTemporaryDir staging;
    const bool stage = toStdout || hasFormat;
    const QString written = stage ? staging.filePath(QStringLiteral("report.") + suffix) : output;
    if (stage && !staging.isValid())
        return fail(kExitBadInput, QStringLiteral("report: ") + staging.errorString());
    if (!writeReportFile(c, written, options, reportLanguage(), &error, &pages))
        return fail(kExitBadInput, QStringLiteral("report: ") + error);
    if (stage) {
        QFile f(written);
        if (!f.open(QIODevice::ReadOnly))
            return fail(kExitBadInput, QStringLiteral("report: ") + f.errorString());
        const QByteArray bytes = f.readAll();
        if (toStdout) {
            out().flush();
            QFile o;
            if (!o.open(stdout, QIODevice::WriteOnly) || o.write(bytes) != bytes.size() || !o.flush())
                return fail(kExitBadInput, QCoreApplication::translate("commtax::Cli", "report: cannot write to standard output"));
            return kExitOk;
        }
        if (!writeFileAtomically(output, bytes, &error))
            return fail(kExitBadInput, QStringLiteral("report: ") + error);
    }
    if (pages > 0)
        out() << QCoreApplication::translate("commtax::Cli", "Wrote %1 (%n page(s))\n", nullptr, pages).arg(shown(output));
    else
        out() << QCoreApplication::translate("commtax::Cli", "Wrote %1 (%n plan(s))\n", nullptr, int(c.plans.size())).arg(shown(output));
    return kExitOk;
}
} // namespace

} // namespace commtax::cli
