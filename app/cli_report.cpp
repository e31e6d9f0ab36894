// SPDX-License-Identifier: GPL-3.0-or-later
// commtax report FILE... -o OUT.pdf|OUT.csv|OUT.json [--normalize as-given|gpus|budget|time[,best-layout]]
//                [--objective time|cost|tco]
// The comparison of 2 to 8 scenario files as a PDF for procurement, or its table as CSV or JSON.
// Runs without a display (runCli starts it offscreen). Scenario files may name the user's presets
// (presetCatalog(): the library is read when it exists, never created or repaired from here).
// The output may not be one of the inputs.
#include "cli.h"

#include "library/comparisonio.h"
#include "report/reportwriter.h"
#include <QCoreApplication>
#include <QFile>

#include <QFileInfo>

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

int cmdReport(QStringList args)
{
    QString output, normalize, objective, why;
    bool hasOutput = false, hasOutputLong = false, hasNormalize = false, hasObjective = false;
    QString outputLong;
    if (!takeOption(args, QStringLiteral("-o"), output, &hasOutput, &why)
        || !takeOption(args, QStringLiteral("--output"), outputLong, &hasOutputLong, &why)
        || !takeOption(args, QStringLiteral("--normalize"), normalize, &hasNormalize, &why)
        || !takeOption(args, QStringLiteral("--objective"), objective, &hasObjective, &why))
        return fail(kExitUsage, QStringLiteral("report: ") + why);
    if (hasOutput && hasOutputLong)
        return fail(kExitUsage, QCoreApplication::translate("commtax::Cli", "report: give the output once (-o or --output, not both)"));
    if (hasOutputLong) {
        output = outputLong;
        hasOutput = true;
    }
    if (const QString bad = unknownOption(args); !bad.isEmpty())
        return fail(kExitUsage, QCoreApplication::translate("commtax::Cli", "report: unknown option %1").arg(bad));
    if (!hasOutput)
        return fail(kExitUsage, QCoreApplication::translate("commtax::Cli", "report: -o OUT.pdf|OUT.csv|OUT.json is required"));
    ReportFormat format;
    if (!reportFormatForFile(output, format))
        return fail(kExitUsage, QCoreApplication::translate("commtax::Cli", "report: %1: the output must end in .pdf, .csv or .json").arg(output));
    Normalization normalization = Normalization::AsGiven;
    BestLayout bestLayout;
    if (hasNormalize && !parseNormalizations(normalize, normalization, bestLayout))
        return fail(kExitUsage, QCoreApplication::translate("commtax::Cli", "report: --normalize must be as-given, gpus, budget or time, best-layout, or one of the four and best-layout (gpus,best-layout)"));
    if (hasObjective && !search::parseObjective(objective.toStdString(), bestLayout.objective))
        return fail(kExitUsage, QCoreApplication::translate("commtax::Cli", "report: --objective must be time, cost or tco"));
    if (hasObjective && !bestLayout.enabled)
        return fail(kExitUsage, QCoreApplication::translate("commtax::Cli", "report: --objective chooses the best layout: it needs --normalize best-layout"));
    if (args.size() < kMinComparedPlans || args.size() > kMaxComparedPlans)
        return fail(kExitUsage, QCoreApplication::translate("commtax::Cli", "report compares %1 to %2 scenario files (got %3)").arg(kMinComparedPlans).arg(kMaxComparedPlans).arg(args.size()));

    // Never write over an input: the report would replace the scenario it was made from.
    for (const QString &file : std::as_const(args))
        if (sameFile(output, file))
            return fail(kExitBadInput, QCoreApplication::translate("commtax::Cli", "report: %1 is also an input (%2): refusing to overwrite it; choose another output file").arg(output, file));

    const PresetCatalog &catalog = presetCatalog();

    QList<Scenario> scenarios;
    bool ok = true;
    for (const QString &file : std::as_const(args)) {
        Scenario s;
        QList<LoadError> errors;
        if (!loadAndValidateScenario(file, catalog, s, errors)) {
            out().flush();
            for (const LoadError &e : errors)
                err() << "commtax: " << shown(e.toString()) << Qt::endl;
            ok = false;
            continue;
        }
        if (s.name.isEmpty())
            s.name = QFileInfo(file).completeBaseName();
        scenarios << s;
    }
    if (!ok)
        return kExitBadInput;

    const Comparison c = comparePlans(scenarios, normalization, bestLayout);
    ReportOptions options;
    options.catalog = &catalog;
    QString error;
    int pages = 0;
    if (!writeComparisonReport(c, output, options, &error, &pages))
        return fail(kExitBadInput, QStringLiteral("report: ") + error);
    if (pages > 0)
        out() << QCoreApplication::translate("commtax::Cli", "Wrote %1 (%n page(s))\n", nullptr, pages).arg(shown(output));
    else
        out() << QCoreApplication::translate("commtax::Cli", "Wrote %1 (%n plan(s))\n", nullptr, int(c.plans.size())).arg(shown(output));
    return kExitOk;
}

} // namespace commtax::cli
