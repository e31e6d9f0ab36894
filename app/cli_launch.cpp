// SPDX-License-Identifier: GPL-3.0-or-later
// commtax launch FILE|- --for megatron|megatron-bridge|nemo|deepspeed|torchtitan [-o OUT|-]: the arguments or config
// file that framework needs to run the scenario's layout (model/search/launch.h).
#include "cli.h"
#include "core/atomicfile.h"
#include "core/scenario.h"
#include "search/launch.h"
#include "search/launchprovenance.h"
#include "text/modeltext.h"

#include <QCoreApplication>
#include <QFileInfo>

namespace commtax::cli {

namespace {
// The messages' translation context. Declared on a class: lupdate files LaunchText::tr() under
// "commtax::cli::launch", a free tr() helper only under "commtax::cli".
struct LaunchText {
    Q_DECLARE_TR_FUNCTIONS(commtax::cli::launch)
};
} // namespace

int cmdLaunch(QStringList args)
{
    const QString cmd = QStringLiteral("launch: ");
    QString framework, output;
    CommandLine cl(QStringLiteral("launch"), LaunchText::tr("FILE|- --for megatron|megatron-bridge|nemo|deepspeed|torchtitan [-o OUT|-]"),
                   LaunchText::tr("The framework's arguments or config file for the scenario's parallel layout."));
    cl.option(QStringLiteral("for"), LaunchText::tr("FRAMEWORK"), LaunchText::tr("megatron, megatron-bridge, nemo, deepspeed or torchtitan."));
    cl.option(QStringLiteral("o"), LaunchText::tr("OUT"), LaunchText::tr("Write to this file instead of standard output (\"-\": standard output)."));
    if (const std::optional<int> code = cl.parse(args))
        return *code;
    const bool hasFramework = cl.value(QStringLiteral("for"), framework);
    bool hasOutput = cl.value(QStringLiteral("o"), output);
    if (hasOutput && output == QLatin1String("-"))
        hasOutput = false;
    args = cl.positional();
    if (args.size() != 1)
        return fail(kExitUsage, LaunchText::tr("launch takes one scenario file"));
    launch::Framework f = launch::Framework::Megatron;
    if (!hasFramework || !launch::parseFramework(framework.toStdString(), f))
        return fail(kExitUsage, cmd + LaunchText::tr("--for must be megatron, megatron-bridge, nemo, deepspeed or torchtitan"));
    if (hasOutput && output.isEmpty())
        return fail(kExitUsage, cmd + LaunchText::tr("-o needs a file name"));
    if (hasOutput && QFileInfo(output).absoluteFilePath() == QFileInfo(args.first()).absoluteFilePath())
        return fail(kExitBadInput, cmd + LaunchText::tr("-o would overwrite the scenario it reads"));
    Scenario s;
    QList<LoadError> errors;
    if (!loadAndValidateScenario(args.first(), presetCatalog(), s, errors)) {
        out().flush();
        for (const LoadError &e : errors)
            err() << "commtax: " << shown(loadErrorText(e)) << Qt::endl;
        return kExitBadInput;
    }
    const launch::Export e = launch::exportLaunch(s.plan, s.name.toStdString(), f, launchProvenance(s, presetCatalog()));
    // The notes in the interface language (the file itself keeps them in English: it is for the framework).
    for (const EngineText &n : e.noteTexts)
        warn(QLatin1String(launch::toString(f)) + QStringLiteral(": ") + engineText("commtax::Launch", n));
    const QByteArray text = QByteArray::fromStdString(e.text);
    if (hasOutput) {
        QString error;
        if (!writeFileAtomically(output, text, &error))
            return fail(kExitBadInput, cmd + error);
        return kExitOk;
    }
    out() << QString::fromUtf8(text);
    return kExitOk;
}

} // namespace commtax::cli
