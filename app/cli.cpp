// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli.h"
#include "cli_uncertainty.h"
#include "text/modeltext.h"
#include "text/translations.h"

#include "core/gpumove.h"
#include "core/presets.h"
#include "core/quote.h"
#include "core/resultio.h"
#include "core/scenario.h"
#include "core/terminaltext.h"
#include "engine/sweep.h"
#include "library/presetlibrary.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <functional>
#include <memory>
#include <optional>

#include <unistd.h>

namespace commtax {
namespace cli {

QTextStream &out()
{
    static QTextStream s(stdout);
    return s;
}

QTextStream &err()
{
    static QTextStream s(stderr);
    return s;
}

QString shown(const QString &text)
{
    // A message quotes names and keys from the user's files; a 900 KB key made a 900 KB line. A run
    // of more than kLongWord characters without a space keeps its start and end, its middle counted;
    // the words around it (what is wrong) stay whole.
    constexpr qsizetype kLongWord = 1024, kKeep = 200; // a long path stays whole
    QString out;
    qsizetype from = 0;
    for (qsizetype i = 0; i <= text.size(); ++i) {
        if (i < text.size() && !text[i].isSpace())
            continue;
        if (i - from > kLongWord) {
            out += QStringView(text).mid(from, kKeep);
            out += QCoreApplication::translate("commtax::Cli", " [... %1 characters left out ...] ")
                       .arg(i - from - 2 * kKeep);
            out += QStringView(text).mid(i - kKeep, kKeep);
        } else {
            out += QStringView(text).mid(from, i - from);
        }
        if (i < text.size())
            out += text[i];
        from = i + 1;
    }
    return terminalSafe(out);
}

int outputWritten(int code)
{
    out().flush();
    errno = 0;
    if (std::fflush(stdout) == 0 && !std::ferror(stdout) && out().status() == QTextStream::Ok)
        return code;
    // A full disk or a closed pipe behind the redirection: what was printed is not all there, and a
    // script must not take the exit status for success.
    const int e = errno;
    QString why = e != 0 ? QString::fromLocal8Bit(std::strerror(e)) : QString();
    if (why.isEmpty() && out().device())
        why = out().device()->errorString(); // the stream's own write failed before the flush
    err() << "commtax: " << QCoreApplication::translate("commtax::Cli", "cannot write to standard output: %1").arg(why)
          << Qt::endl;
    return code == kExitOk ? kExitBadInput : code;
}

int fail(int code, const QString &message)
{
    out().flush();
    err() << "commtax: " << shown(message) << Qt::endl;
    return code;
}

void warn(const QString &message)
{
    out().flush();
    err() << "commtax: " << QCoreApplication::translate("commtax::Cli", "warning: %1").arg(shown(message)) << Qt::endl;
}

const PresetCatalog &presetCatalog()
{
    static const PresetCatalog catalog = [] {
        PresetLibrary library;
        if (!QFileInfo::exists(library.fileName()))
            return PresetCatalog::builtIn();
        LibraryMessage error;
        if (!library.open(&error, PresetLibrary::OpenMode::ExistingOnly)) {
            warn(QCoreApplication::translate("commtax::Cli", "preset library not used (%1); built-in presets only").arg(libraryMessageText(error)));
            return PresetCatalog::builtIn();
        }
        return library.catalog();
    }();
    return catalog;
}

struct CommandLine::Private {
    QString command, synopsis, summary;
    QCommandLineParser parser;
    QList<QCommandLineOption> options;
    QStringList repeatable; // options that may be given more than once (values())
};

CommandLine::CommandLine(const QString &command, const QString &synopsis, const QString &summary)
    : d(std::make_unique<Private>())
{
    d->command = command;
    d->synopsis = synopsis;
    d->summary = summary;
    d->parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsCompactedShortOptions);
    d->parser.setOptionsAfterPositionalArgumentsMode(QCommandLineParser::ParseAsOptions);
    d->parser.setApplicationDescription(summary);
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")},
                                  QCoreApplication::translate("commtax::Cli", "Show this command's usage and exit."));
    d->parser.addOption(help);
    d->options << help;
}

CommandLine::~CommandLine() = default;

void CommandLine::flag(const QString &name, const QString &help)
{
    const QCommandLineOption o(name, help);
    d->parser.addOption(o);
    d->options << o;
}

void CommandLine::option(const QString &name, const QString &valueName, const QString &help)
{
    const QCommandLineOption o(name, help, valueName);
    d->parser.addOption(o);
    d->options << o;
}

namespace {
QString dashed(const QString &name)
{
    return (name.size() == 1 ? QStringLiteral("-") : QStringLiteral("--")) + name;
}
} // namespace

std::optional<int> CommandLine::parse(const QStringList &args)
{
    const bool ok = d->parser.parse(QStringList{QStringLiteral("commtax ") + d->command} + args);
    if (d->parser.isSet(QStringLiteral("help"))) {
        out() << helpText();
        return kExitOk;
    }
    if (!ok) {
        if (const QStringList unknown = d->parser.unknownOptionNames(); !unknown.isEmpty())
            return usageError(QCoreApplication::translate("commtax::Cli", "unknown option %1").arg(dashed(unknown.first())));
        // The other errors: an option last without its value, or "--flag=value".
        const QString last = args.isEmpty() ? QString() : args.last();
        for (const QCommandLineOption &o : std::as_const(d->options))
            if (!o.valueName().isEmpty() && o.names().contains(last.mid(last.startsWith(QLatin1String("--")) ? 2 : 1)))
                return usageError(last + QCoreApplication::translate("commtax::Cli", " needs a value"));
        return usageError(d->parser.errorText());
    }
    // Once only: the same option twice is a usage error, as "--json --json" or "--gpus 8 --gpus=16".
    const QStringList given = d->parser.optionNames();
    for (const QCommandLineOption &o : std::as_const(d->options)) {
        qsizetype n = 0;
        for (const QString &name : o.names())
            n += given.count(name);
        if (n > 1 && !d->repeatable.contains(o.names().constLast()))
            return usageError(dashed(o.names().constLast()) + QCoreApplication::translate("commtax::Cli", " given more than once"));
    }
    return std::nullopt;
}

bool CommandLine::isSet(const QString &name) const
{
    return d->parser.isSet(name);
}

bool CommandLine::value(const QString &name, QString &value) const
{
    if (!d->parser.isSet(name))
        return false;
    value = d->parser.value(name);
    return true;
}

void CommandLine::repeatableOption(const QString &name, const QString &valueName, const QString &help)
{
    option(name, valueName, help);
    d->repeatable << name;
}

QStringList CommandLine::values(const QString &name) const
{
    return d->parser.values(name);
}

QStringList CommandLine::positional() const
{
    return d->parser.positionalArguments();
}

int CommandLine::usageError(const QString &reason) const
{
    return fail(kExitUsage, d->command + QStringLiteral(": ") + reason);
}

QString CommandLine::helpText() const
{
    // QCommandLineParser's own text without its first line (which names the binary's path).
    QString options = d->parser.helpText();
    options = options.mid(options.indexOf(QLatin1Char('\n')) + 1);
    const QString usage = QCoreApplication::translate("commtax::Cli", "Usage: commtax %1 %2\n").arg(d->command, d->synopsis);
    return usage + options + QCoreApplication::translate("commtax::Cli", "\nExit status: 0 success, 1 bad input (file, plan, preset), 2 bad usage.\n");
}

QString tableLine(const QList<TextColumn> &columns, const QStringList &cells)
{
    Q_ASSERT(cells.size() == columns.size());
    QStringList padded;
    for (qsizetype i = 0; i < columns.size() && i < cells.size(); ++i) {
        const int width = columns[i].width;
        padded << padToDisplayWidth(cells[i], width); // Chinese takes two columns a character
    }
    return padded.join(QLatin1Char(' '));
}

QString tableLine(const QList<TextColumn> &columns)
{
    QStringList headings;
    for (const TextColumn &c : columns)
        headings << c.heading;
    return tableLine(columns, headings);
}

namespace {

const char *const kUsage = QT_TRANSLATE_NOOP("commtax::Cli", "Usage: commtax [QT-OPTIONS] [FILE]      start the desktop app (opening the plan FILE)\n"
                                                             "       commtax evaluate FILE [--json]   evaluate one scenario: a table, or the JSON metrics\n"
                                                             "                     [--uncertainty [--samples N] [--seed S]]   P10/P50/P90 and the tornado\n"
                                                             "       commtax presets [--json]         list the built-in models, GPUs and clusters\n"
                                                             "       commtax sweep FILE (--gpus LIST|default | --micro-batches LIST | --hardware IDS|all)\n"
                                                             "                     [--scaling fixed-batch|fixed-micro-batches] [--json|--csv]\n"
                                                             "       commtax report FILE... -o OUT.pdf|OUT.csv|OUT.json|OUT.xlsx|- [--format pdf|csv|json|xlsx]\n"
                                                             "                     [--normalize gpus|budget|time[,best-layout]] [--objective time|cost|tco] [--bom]\n"
                                                             "       commtax calibrate LOG|- [--ranks N] [--nodes N] [--cluster ID] [--table N] [--json]\n"
                                                             "                     [--gpu ID]\n"
                                                             "       commtax calibrate --training LOG... [--gpu ID]\n"
                                                             "             [--framework NAME] [--set [N:]PATH=VALUE]\n"
                                                             "             [--save-preset ID] [--json]\n"
                                                             "       commtax search FILE [--gpus N|LIST|MIN-MAX] [--hardware IDS|all] [--objective time|cost|tco]\n"
                                                             "                     [--tokens-per-step N|MIN-MAX] [--max-gpus N] [--budget USD] [--deadline-days D]\n"
                                                             "                     [--top N] [--json|--csv] [--emit-best OUT.json]   the best parallel layouts and the Pareto front\n"
                                                             "       commtax launch FILE --for megatron|megatron-bridge|nemo|deepspeed|torchtitan [-o OUT|-]\n"
                                                             "                                 the framework's arguments or config for the scenario's layout\n"
                                                             "       commtax COMMAND --help           the usage and options of one command\n"
                                                             "       commtax --version | --help\n"
                                                             "A FILE of \"-\" reads the scenario from standard input; \"-o -\" writes to standard output.\n"
                                                             "QT-OPTIONS go to Qt when the desktop app starts: -platform NAME, -style NAME, -reverse...\n"
                                                             "Exit status: 0 success, 1 bad input (file, plan, preset), 2 bad usage.\n");

// Load a scenario and run the engine's validation; prints every problem, one per line.
bool loadScenarioOrFail(const QString &file, Scenario &s, int &code)
{
    QList<LoadError> errors;
    if (loadAndValidateScenario(file, presetCatalog(), s, errors))
        return true;
    out().flush();
    for (const LoadError &e : errors) // the engine's reasons in the interface language (model/text/modeltext.h)
        err() << "commtax: " << shown(loadErrorText(e)) << Qt::endl;
    code = kExitBadInput;
    return false;
}

bool parseIntList(const QString &text, std::vector<int> &outList, QString *error)
{
    for (const QString &part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool ok = false;
        const int v = part.trimmed().toInt(&ok);
        if (!ok || v <= 0) {
            if (error)
                *error = QCoreApplication::translate("commtax::Cli", "\"%1\" is not a positive whole number").arg(part);
            return false;
        }
        outList.push_back(v);
    }
    if (outList.empty()) {
        if (error)
            *error = QCoreApplication::translate("commtax::Cli", "the list is empty");
        return false;
    }
    return true;
}

} // namespace

int cmdEvaluate(QStringList args)
{
    CommandLine cl(QStringLiteral("evaluate"), QCoreApplication::translate("commtax::Cli", "FILE|- [--json] [--uncertainty [--samples N] [--seed S]]"),
                   QCoreApplication::translate("commtax::Cli", "Evaluate one scenario (\"-\": read it from standard input): a table of its figures, or the JSON metrics."));
    cl.flag(QStringLiteral("json"), QCoreApplication::translate("commtax::Cli", "Print every metric as JSON (locale-independent)."));
    declareUncertaintyOptions(cl); // --uncertainty [--samples N] [--seed S] (app/cli_uncertainty.cpp)
    if (const std::optional<int> code = cl.parse(args))
        return *code;
    const bool json = cl.isSet(QStringLiteral("json"));
    UncertaintyRequest uncertainty;
    if (QString why; !readUncertaintyOptions(cl, uncertainty, &why))
        return fail(kExitUsage, QStringLiteral("evaluate: ") + why);
    args = cl.positional();
    if (args.size() != 1)
        return fail(kExitUsage, QCoreApplication::translate("commtax::Cli", "evaluate takes one scenario file"));
    Scenario s;
    int code = 0;
    if (!loadScenarioOrFail(args.first(), s, code))
        return code;
    const Result r = evaluateValid(s.plan);
    // The quote's warnings (expired, a price the plan does not use) before the engine's.
    const std::vector<EngineText> quoteProblems = quoteWarnings(s, quoteToday());
    if (json) {
        QJsonObject o = resultToJson(r, s.plan, s.name);
        QJsonArray warnings;
        for (const EngineText &w : quoteProblems)
            warnings.append(QString::fromStdString(toString(w)));
        const QJsonArray engineWarnings = o.value(QStringLiteral("warnings")).toArray();
        for (qsizetype i = 0; i < engineWarnings.size(); ++i)
            warnings.append(engineWarnings.at(i));
        o.insert(QStringLiteral("warnings"), warnings);
        if (const int failed = uncertainty.on ? runUncertainty(args.first(), s, uncertainty, &o, nullptr) : kExitOk)
            return failed;
        out() << QJsonDocument(o).toJson(QJsonDocument::Indented);
    } else {
        QString extra;
        if (const int failed = uncertainty.on ? runUncertainty(args.first(), s, uncertainty, nullptr, &extra) : kExitOk)
            return failed;
        QStringList warnings; // for people: in the interface language
        for (const EngineText &w : quoteProblems)
            warnings << engineText(kQuoteTextContext, w);
        warnings << warningTexts(r, s.plan);
        out() << resultTable(
            r, s.plan, s.name, [](const char *context, const char *source) { return QCoreApplication::translate(context, source); }, &warnings)
              << extra;
    }
    return kExitOk;
}

int cmdPresets(QStringList args)
{
    CommandLine cl(QStringLiteral("presets"), QCoreApplication::translate("commtax::Cli", "[--json]"),
                   QCoreApplication::translate("commtax::Cli", "List the built-in models, GPUs and clusters."));
    cl.flag(QStringLiteral("json"), QCoreApplication::translate("commtax::Cli", "Print the presets as JSON, with every value's kind and source."));
    if (const std::optional<int> code = cl.parse(args))
        return *code;
    const bool json = cl.isSet(QStringLiteral("json"));
    args = cl.positional();
    if (!args.isEmpty())
        return fail(kExitUsage, QCoreApplication::translate("commtax::Cli", "presets takes no arguments"));
    const PresetCatalog &cat = PresetCatalog::builtIn();
    if (json) {
        QJsonObject root;
        for (Section s : kPresetSections) {
            QJsonArray list;
            for (const Preset &p : cat.presets(s))
                list.append(p.toJson());
            root.insert(sectionKey(s) + QLatin1Char('s'), list);
        }
        out() << QJsonDocument(root).toJson(QJsonDocument::Indented);
        return kExitOk;
    }
    auto num = [](const Preset &p, const char *key) { return p.values.value(QLatin1String(key)).toVariant().toString(); };
    out() << QCoreApplication::translate("commtax::Cli", "Models (parameters derived from the architecture):\n");
    for (const Preset &p : cat.presets(Section::Model)) {
        Plan plan;
        p.applyTo(plan);
        out() << QCoreApplication::translate("commtax::Cli", "  %1 %2 %3 params, l=%4 h=%5 a=%6 kv=%7 ffn=%8 vocab=%9\n")
                     .arg(p.id, -15)
                     .arg(padToDisplayWidth(presetNameText(p), -18))
                     .arg(formatNumber(parameterCount(plan.model) / 1e9, 2) + QStringLiteral("B"), 8)
                     .arg(num(p, "layers"), num(p, "hidden"), num(p, "heads"), num(p, "kv_heads"), num(p, "ffn"), num(p, "vocab"));
    }
    out() << QCoreApplication::translate("commtax::Cli", "GPUs (dense tensor peaks):\n");
    for (const Preset &p : cat.presets(Section::Gpu))
        out() << QCoreApplication::translate("commtax::Cli", "  %1 %2 BF16 %3 TFLOPS dense, FP8 %4 TFLOPS dense, %5 GB, %6 GB/s per direction in node, %7 W, $%8\n")
                     .arg(p.id, -15)
                     .arg(padToDisplayWidth(presetNameText(p), -30))
                     .arg(num(p, "bf16_dense_tflops"), num(p, "fp8_dense_tflops"), num(p, "memory_gb"),
                          num(p, "intra_bw_gbps"), num(p, "watts"), num(p, "price_usd"));
    out() << QCoreApplication::translate("commtax::Cli", "Clusters:\n");
    for (const Preset &p : cat.presets(Section::Cluster))
        out() << QCoreApplication::translate("commtax::Cli", "  %1 %2 %3 GPUs/node, %4 Gb/s NIC per GPU, default %5 nodes, default GPU %6\n")
                     .arg(p.id, -15)
                     .arg(padToDisplayWidth(presetNameText(p), -40))
                     .arg(num(p, "gpus_per_node"), num(p, "nic_gbit_per_gpu"), num(p, "nodes"), p.defaultGpu());
    return kExitOk;
}

namespace {
// What `sweep` is asked: the file, what to sweep over and how to print it.
struct SweepArgs {
    QString file;
    bool json = false, csv = false;
    bool hasGpus = false, hasMbs = false, hasHw = false;
    GpuScaling mode = GpuScaling::FixedGlobalBatch;
    std::vector<int> list; // --gpus or --micro-batches
    QString hardware;
};

void declareSweepOptions(CommandLine &cl)
{
    cl.option(QStringLiteral("gpus"), QCoreApplication::translate("commtax::Cli", "LIST|default"), QCoreApplication::translate("commtax::Cli", "GPU counts, comma-separated, or \"default\" (8 to 16384)."));
    cl.option(QStringLiteral("micro-batches"), QCoreApplication::translate("commtax::Cli", "LIST"), QCoreApplication::translate("commtax::Cli", "Micro-batch counts per pipeline, comma-separated."));
    cl.option(QStringLiteral("hardware"), QCoreApplication::translate("commtax::Cli", "IDS|all"), QCoreApplication::translate("commtax::Cli", "GPU preset ids, comma-separated, or \"all\"; each on its default cluster."));
    cl.option(QStringLiteral("scaling"), QCoreApplication::translate("commtax::Cli", "MODE"), QCoreApplication::translate("commtax::Cli", "With --gpus: fixed-batch (the default) or fixed-micro-batches."));
    cl.flag(QStringLiteral("json"), QCoreApplication::translate("commtax::Cli", "Print JSON."));
    cl.flag(QStringLiteral("csv"), QCoreApplication::translate("commtax::Cli", "Print CSV."));
}

// The parsed command line into `a`, checked; the exit code on a usage error.
std::optional<int> readSweepOptions(const CommandLine &cl, SweepArgs &a)
{
    QString gpus, mbs, scaling, why;
    a.json = cl.isSet(QStringLiteral("json"));
    a.csv = cl.isSet(QStringLiteral("csv"));
    a.hasGpus = cl.value(QStringLiteral("gpus"), gpus);
    a.hasMbs = cl.value(QStringLiteral("micro-batches"), mbs);
    a.hasHw = cl.value(QStringLiteral("hardware"), a.hardware);
    const bool hasScaling = cl.value(QStringLiteral("scaling"), scaling);
    const QStringList args = cl.positional();
    if (args.size() != 1)
        return fail(kExitUsage, QCoreApplication::translate("commtax::Cli", "sweep takes one scenario file"));
    a.file = args.first();
    if (int(a.hasGpus) + int(a.hasMbs) + int(a.hasHw) != 1)
        return fail(kExitUsage, QCoreApplication::translate("commtax::Cli", "sweep needs exactly one of --gpus, --micro-batches, --hardware"));
    if (a.json && a.csv)
        return fail(kExitUsage, QCoreApplication::translate("commtax::Cli", "sweep: choose --json or --csv, not both"));
    if (hasScaling && !a.hasGpus)
        return fail(kExitUsage, QCoreApplication::translate("commtax::Cli", "sweep: --scaling goes with --gpus only"));
    if (hasScaling) {
        if (scaling == QLatin1String("fixed-micro-batches"))
            a.mode = GpuScaling::FixedMicroBatches;
        else if (scaling != QLatin1String("fixed-batch"))
            return fail(kExitUsage, QCoreApplication::translate("commtax::Cli", "sweep: --scaling must be fixed-batch or fixed-micro-batches"));
    }
    if (a.hasGpus && gpus == QLatin1String("default"))
        a.list = defaultGpuCounts();
    else if (a.hasGpus && !parseIntList(gpus, a.list, &why))
        return fail(kExitUsage, QCoreApplication::translate("commtax::Cli", "sweep: --gpus: ") + why);
    if (a.hasMbs && !parseIntList(mbs, a.list, &why))
        return fail(kExitUsage, QCoreApplication::translate("commtax::Cli", "sweep: --micro-batches: ") + why);
    return std::nullopt;
}

// --hardware: the plan on each GPU (on its default cluster), with the GPUs' ids as `labels`.
std::optional<int> sweepOverHardware(const QString &hardware, const Plan &plan, std::vector<SweepPoint> &points,
                                     QStringList &labels)
{
    const PresetCatalog &cat = presetCatalog(); // the user's GPUs too
    QStringList ids;
    if (hardware == QLatin1String("all"))
        for (const Preset &p : cat.presets(Section::Gpu))
            ids << p.id;
    else
        ids = hardware.split(QLatin1Char(','), Qt::SkipEmptyParts);
    std::vector<Hardware> hw;
    for (const QString &id : ids) {
        // the rest of moveToGpu()'s rule (core/gpumove.h) is sweepHardware()'s
        const std::optional<Hardware> h = hardwareFor(cat, id.trimmed(), plan.cluster);
        if (!h)
            return fail(kExitBadInput, QCoreApplication::translate("commtax::Cli", "sweep: --hardware: unknown GPU preset \"%1\"").arg(id));
        hw.push_back(*h);
        labels << id.trimmed();
    }
    points = sweepHardware(plan, hw);
    return std::nullopt;
}

void printSweepJson(const std::vector<SweepPoint> &points, const QString &xName, const QStringList &labels)
{
    QJsonArray arr = sweepToJson(points, xName);
    for (qsizetype i = 0; i < labels.size() && i < arr.size(); ++i) {
        QJsonObject o = arr[i].toObject();
        o.insert(QStringLiteral("gpu"), labels[i]);
        arr[i] = o;
    }
    out() << QJsonDocument(arr).toJson(QJsonDocument::Indented);
}

// The metrics of the text table, each with its short header and width; ratios as percent.
struct SweepColumn {
    MetricId id;
    const char *header;
    int width;
};
constexpr SweepColumn kSweepColumns[] = {{MetricId::StepTime, "step_time_s", 12},
                                         {MetricId::CommTaxExposed, "comm_tax_exp", 12},
                                         {MetricId::CommTaxRaw, "comm_tax_raw", 12},
                                         {MetricId::BubbleShare, "bubble_share", 12},
                                         {MetricId::Mfu, "mfu", 8},
                                         {MetricId::DaysToTrain, "days", 10},
                                         {MetricId::CostPerBillionTokens, "usd_per_Btok", 12}};

QString sweepCell(const Result &r, MetricId id)
{
    const MetricInfo &m = metricInfo(id);
    const double v = m.get(r);
    return m.isRatio() ? formatNumber(v * 100, m.decimals) + QLatin1Char('%') : formatNumber(v, m.decimals);
}

// The sweep as a text table, one line per point; `labels` (--hardware) name the points.
void printSweepTable(const std::vector<SweepPoint> &points, const QString &xName, const QStringList &labels, bool hasHw)
{
    QList<TextColumn> columns = {{hasHw ? QStringLiteral("gpu") : xName, -16}};
    for (const SweepColumn &c : kSweepColumns)
        columns.append({QLatin1String(c.header), c.width});
    out() << tableLine(columns) << '\n';
    for (size_t i = 0; i < points.size(); ++i) {
        const SweepPoint &p = points[i];
        const QString x = hasHw ? labels[qsizetype(i)] : formatNumber(p.x, 0);
        if (!p.valid) {
            out() << padToDisplayWidth(shown(x), -16) << QLatin1Char(' ')
                  << QCoreApplication::translate("commtax::Cli", "invalid: %1").arg(shown(p.problem.text.pattern[0] ? planErrorText(p.problem) : QString::fromStdString(p.error)))
                  << '\n';
            continue;
        }
        const Result &r = p.result;
        QStringList cells{shown(x)};
        for (const SweepColumn &c : kSweepColumns)
            cells << sweepCell(r, c.id);
        out() << tableLine(columns, cells)
              << (r.fits_in_memory ? QString() : QCoreApplication::translate("commtax::Cli", "  (does not fit in memory)")) << '\n';
    }
}
} // namespace

int cmdSweep(QStringList args)
{
    CommandLine cl(QStringLiteral("sweep"), QCoreApplication::translate("commtax::Cli", "FILE|- (--gpus LIST|default | --micro-batches LIST | --hardware IDS|all) [options]"),
                   QCoreApplication::translate("commtax::Cli", "Evaluate the scenario over GPU counts, micro-batch counts or GPU presets."));
    declareSweepOptions(cl);
    if (const std::optional<int> code = cl.parse(args))
        return *code;
    SweepArgs a;
    if (const std::optional<int> code = readSweepOptions(cl, a))
        return *code;
    Scenario s;
    int code = 0;
    if (!loadScenarioOrFail(a.file, s, code))
        return code;

    std::vector<SweepPoint> points;
    QString xName;
    QStringList labels; // for --hardware
    if (a.hasGpus) {
        points = sweepGpuCount(s.plan, a.list, a.mode);
        xName = QStringLiteral("gpus");
    } else if (a.hasMbs) {
        points = sweepMicroBatches(s.plan, a.list);
        xName = QStringLiteral("micro_batches");
    } else {
        if (const std::optional<int> failed = sweepOverHardware(a.hardware, s.plan, points, labels))
            return *failed;
        xName = QStringLiteral("hardware_index");
    }

    if (a.json)
        printSweepJson(points, xName, labels);
    else if (a.csv)
        out() << sweepToCsv(points, xName);
    else
        printSweepTable(points, xName, labels, a.hasHw);
    return kExitOk;
}

} // namespace cli

namespace {
struct Command {
    const char *name;
    std::function<int(QStringList)> run;
    bool needsGui; // needs a QGuiApplication (PDF rendering); runs offscreen without a display
};

const QList<Command> &commands()
{
    static const QList<Command> list = {
        {"evaluate", cli::cmdEvaluate, false},
        {"presets", cli::cmdPresets, false},
        {"sweep", cli::cmdSweep, false},
        {"report", cli::cmdReport, true},
        {"calibrate", cli::cmdCalibrate, false},
        {"search", cli::cmdSearch, false},
        {"launch", cli::cmdLaunch, false},
    };
    return list;
}
} // namespace

bool isCommandLine(int argc, char **argv)
{
    if (argc < 2)
        return false;
    const QString first = QString::fromLocal8Bit(argv[1]);
    for (const Command &c : commands())
        if (first == QLatin1String(c.name))
            return true;
    if (first == QLatin1String("--help") || first == QLatin1String("-h") || first == QLatin1String("help") || first == QLatin1String("--version"))
        return true;
    // The desktop app: Qt's options, or a plan file (it has a '/' or a '.'; no command has either).
    if (first.startsWith(QLatin1Char('-')) || first.contains(QLatin1Char('/')) || first.contains(QLatin1Char('.')))
        return false;
    return true; // an unknown command, which runCli reports
}

bool desktopArguments(int argc, char **argv, QString &plan, int &exitCode)
{
    // Qt's own options (QGuiApplication, QApplication; "-opt", "--opt" or "-opt=value"): QApplication
    // takes them out of argv. Those with a value:
    static const QStringList withValue = {
        QStringLiteral("platform"), QStringLiteral("platformpluginpath"), QStringLiteral("platformtheme"), QStringLiteral("plugin"),
        QStringLiteral("qwindowgeometry"), QStringLiteral("qwindowicon"), QStringLiteral("qwindowtitle"), QStringLiteral("session"),
        QStringLiteral("style"), QStringLiteral("stylesheet"), QStringLiteral("display"), QStringLiteral("geometry"),
        QStringLiteral("title"), QStringLiteral("name"), QStringLiteral("qmljsdebugger")};
    static const QStringList flags = {QStringLiteral("reverse"), QStringLiteral("widgetcount"), QStringLiteral("nograb"),
                                      QStringLiteral("dograb"), QStringLiteral("testability"), QStringLiteral("visual"),
                                      QStringLiteral("sync")};
    QStringList files;
    for (int i = 1; i < argc; ++i) {
        const QString a = QString::fromLocal8Bit(argv[i]);
        if (a.size() > 1 && a.startsWith(QLatin1Char('-'))) {
            QString name = a.mid(a.startsWith(QLatin1String("--")) ? 2 : 1);
            const bool assigned = name.contains(QLatin1Char('='));
            name = name.section(QLatin1Char('='), 0, 0);
            if (withValue.contains(name)) {
                if (!assigned && ++i >= argc) {
                    exitCode = cli::fail(cli::kExitUsage, a + QCoreApplication::translate("commtax::Cli", " needs a value"));
                    return false;
                }
                continue;
            }
            if (flags.contains(name) && !assigned)
                continue;
            exitCode = cli::fail(cli::kExitUsage, QCoreApplication::translate("commtax::Cli", "unknown option %1 (see commtax --help)").arg(a));
            return false;
        }
        files << QFile::decodeName(argv[i]);
    }
    if (files.size() > 1) {
        exitCode = cli::fail(cli::kExitUsage, QCoreApplication::translate("commtax::Cli", "the desktop app opens one plan file, not %1").arg(files.size()));
        return false;
    }
    plan = files.value(0);
    return true;
}

int runCli(int argc, char **argv)
{
    const QString first = QString::fromLocal8Bit(argv[1]);
    bool needsGui = false;
    for (const Command &c : commands())
        if (first == QLatin1String(c.name))
            needsGui = c.needsGui;
    // Reports draw charts with widgets; without a display they render offscreen.
    if (needsGui && qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")
        && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    // Qt wants a private runtime directory for a GUI application; containers often have none.
    if (needsGui && qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR")) {
        const QString dir = QDir::tempPath() + QStringLiteral("/runtime-") + QString::number(getuid());
        if (QDir().mkpath(dir)
            && QFile::setPermissions(dir, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner))
            qputenv("XDG_RUNTIME_DIR", QFile::encodeName(dir));
    }
    std::unique_ptr<QCoreApplication> app;
    if (needsGui)
        app = std::make_unique<QApplication>(argc, argv);
    else
        app = std::make_unique<QCoreApplication>(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("Commtax"));
    QCoreApplication::setOrganizationName(QStringLiteral("Commtax"));
    QCoreApplication::setApplicationVersion(QStringLiteral(COMMTAX_VERSION));
    // Messages for people in the system's language; --json and --csv output is never translated.
    installInterfaceLanguage(QString());
    QStringList args = QCoreApplication::arguments().mid(1);
    const QString cmd = args.takeFirst();
    if (cmd == QLatin1String("--help") || cmd == QLatin1String("-h") || cmd == QLatin1String("help")) {
        cli::out() << QCoreApplication::translate("commtax::Cli", cli::kUsage);
        return cli::outputWritten(cli::kExitOk);
    }
    if (cmd == QLatin1String("--version")) {
        cli::out() << "commtax " << COMMTAX_VERSION << " (Qt " << qVersion() << ")\n";
        return cli::outputWritten(cli::kExitOk);
    }
    for (const Command &c : commands())
        if (cmd == QLatin1String(c.name))
            return cli::outputWritten(c.run(args));
    return cli::fail(cli::kExitUsage, QCoreApplication::translate("commtax::Cli", "unknown command \"%1\" (see commtax --help)").arg(cmd));
}

} // namespace commtax
