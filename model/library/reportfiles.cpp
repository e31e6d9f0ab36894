// SPDX-License-Identifier: GPL-3.0-or-later
#include "reportfiles.h"

#include "comparisonio.h"
#include "core/atomicfile.h"
#include "reportxlsx.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

#include <atomic>

namespace commtax {

namespace {

std::atomic<ReportPdfWriter> g_pdfWriter{nullptr};

QString say(const ReportLanguage &language, const char *source)
{
    return language.translate ? language.translate("commtax::Report", source) : QString::fromUtf8(source);
}

} // namespace

bool reportFormatForFile(const QString &fileName, ReportFormat &out)
{
    const QString suffix = QFileInfo(fileName).suffix().toLower();
    if (suffix == QLatin1String("pdf"))
        out = ReportFormat::Pdf;
    else if (suffix == QLatin1String("csv"))
        out = ReportFormat::Csv;
    else if (suffix == QLatin1String("json"))
        out = ReportFormat::Json;
    else if (suffix == QLatin1String("xlsx"))
        out = ReportFormat::Xlsx;
    else
        return false;
    return true;
}

void setReportPdfWriter(ReportPdfWriter writer) { g_pdfWriter.store(writer); }

bool writeReportFile(const Comparison &c, const QString &fileName, const ReportOptions &options,
                     const ReportLanguage &language, QString *error, int *pages)
{
    if (pages)
        *pages = 0;
    QString why;
    ReportFormat format;
    if (!reportFormatForFile(fileName, format))
        why = fileName
            + say(language,
                  QT_TRANSLATE_NOOP("commtax::Report", ": the report's name must end in .pdf, .csv, .json or .xlsx"));
    else if (c.plans.isEmpty())
        why = say(language, QT_TRANSLATE_NOOP("commtax::Report", "no plans to report on"));
    else if (format == ReportFormat::Pdf && !g_pdfWriter.load())
        why = fileName + say(language, QT_TRANSLATE_NOOP("commtax::Report", ": this build cannot write PDF reports"));
    if (!why.isEmpty()) {
        if (error)
            *error = why;
        return false;
    }
    if (format == ReportFormat::Pdf) // read, not parsed: the names as the language shows them
        return g_pdfWriter.load()(buildReportDocument(c, options, language), fileName, error, pages);
    // Files keep the names in English (ComparedPlan::name: the tags comparePlans() adds in English).
    ReportLanguage storedNames = language;
    storedNames.planName = nullptr;
    const ReportDocument document = buildReportDocument(c, options, storedNames);
    const PresetCatalog &catalog = options.catalog ? *options.catalog : PresetCatalog::builtIn();
    switch (format) {
    case ReportFormat::Csv: {
        const QByteArray bom = options.csvBom ? QByteArrayLiteral("\xEF\xBB\xBF") : QByteArray();
        return writeFileAtomically(
            fileName, bom + comparisonToCsv(document.comparison, document.sensitivity, catalog).toUtf8(), error);
    }
    case ReportFormat::Json: {
        QJsonObject root = comparisonToJson(document.comparison, catalog);
        if (document.sensitivity)
            root.insert(QStringLiteral("uncertainty"),
                        comparisonSensitivityToJson(document.comparison, *document.sensitivity));
        return writeFileAtomically(fileName, QJsonDocument(root).toJson(QJsonDocument::Indented), error);
    }
    case ReportFormat::Xlsx: return writeReportXlsx(document, fileName, options, language, error);
    case ReportFormat::Pdf: break;
    }
    return false;
}

} // namespace commtax
