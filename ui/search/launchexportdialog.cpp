// SPDX-License-Identifier: GPL-3.0-or-later
#include "launchexportdialog.h"

#include "screenfit.h"
#include "text/modeltext.h"

#include "core/atomicfile.h"
#include "engine/engine.h"
#include "plandocument.h"
#include "search/launchprovenance.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QVBoxLayout>

namespace commtax {

LaunchExportDialog::LaunchExportDialog(PlanDocument *doc, QWidget *parent)
    : QDialog(parent)
    , m_doc(doc)
{
    setObjectName(QStringLiteral("launchExportDialog"));
    setWindowTitle(tr("Export launch config"));
    auto *layout = new QVBoxLayout(this);
    auto *form = new QFormLayout;
    m_framework = new QComboBox(this);
    m_framework->setObjectName(QStringLiteral("launchFramework"));
    // In the order of launch::kFrameworks; the item data is the CLI's --for value.
    m_framework->addItem(tr("Megatron-LM: torchrun command line (.sh)"), QStringLiteral("megatron"));
    m_framework->addItem(tr("Megatron-Bridge: Python recipe script (.py)"), QStringLiteral("megatron-bridge"));
    m_framework->addItem(tr("NeMo 2: NeMo-Run Python recipe (.py)"), QStringLiteral("nemo"));
    m_framework->addItem(tr("DeepSpeed: JSON config (.json)"), QStringLiteral("deepspeed"));
    m_framework->addItem(tr("torchtitan: Python config function (.py)"), QStringLiteral("torchtitan"));
    m_framework->setAccessibleName(tr("Framework"));
    form->addRow(tr("&Framework:"), m_framework);
    layout->addLayout(form);

    m_preview = new QPlainTextEdit(this);
    m_preview->setObjectName(QStringLiteral("launchPreview"));
    m_preview->setReadOnly(true);
    m_preview->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_preview->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_preview->setAccessibleName(tr("Launch config as it will be written"));
    layout->addWidget(m_preview, 1);

    m_notes = new QLabel(this);
    m_notes->setObjectName(QStringLiteral("launchNotes"));
    m_notes->setWordWrap(true);
    m_notes->setTextFormat(Qt::PlainText);
    m_notes->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_notes);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_saveButton = buttons->addButton(tr("&Save..."), QDialogButtonBox::AcceptRole);
    m_saveButton->setObjectName(QStringLiteral("launchSave"));
    m_copyButton = buttons->addButton(tr("&Copy"), QDialogButtonBox::ActionRole);
    m_copyButton->setObjectName(QStringLiteral("launchCopy"));
    // Save is an action here, not "accept": the dialog stays open for another framework.
    disconnect(buttons, &QDialogButtonBox::accepted, this, nullptr);
    connect(m_saveButton, &QPushButton::clicked, this, [this] { save(); });
    connect(m_copyButton, &QPushButton::clicked, this, [this] { QApplication::clipboard()->setText(m_text); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);

    connect(m_framework, &QComboBox::currentIndexChanged, this, &LaunchExportDialog::refresh);
    connect(m_doc, &PlanDocument::scenarioChanged, this, &LaunchExportDialog::refresh);
    refresh();
    fitToScreen(this, QSize(760, 560));
}

LaunchExportDialog::~LaunchExportDialog() = default;

launch::Framework LaunchExportDialog::framework() const
{
    launch::Framework f = launch::Framework::Megatron;
    launch::parseFramework(m_framework->currentData().toString().toStdString(), f);
    return f;
}

void LaunchExportDialog::refresh()
{
    const Scenario &s = m_doc->scenario();
    const std::vector<PlanError> errors = validate(s.plan);
    if (!errors.empty()) {
        m_text.clear();
        m_preview->setPlainText(QString());
        m_notes->setText(tr("The plan is invalid, so it has no launch config: %1")
                             .arg(planErrorText(errors.front())));
    } else {
        // The same call as `commtax launch`, with the same name, so the text is the same.
        const launch::Export e = launch::exportLaunch(s.plan, s.name.toStdString(), framework(), launchProvenance(s, m_doc->catalog()));
        m_text = QString::fromStdString(e.text);
        m_preview->setPlainText(m_text);
        QStringList lines;
        for (const EngineText &n : e.noteTexts) // in the interface language; the text keeps them in English
            lines << QStringLiteral("- ") + engineText("commtax::Launch", n);
        m_notes->setText(lines.isEmpty() ? tr("The framework runs this layout as planned.")
                                         : tr("What the framework cannot express exactly (also in the text as comments where the format allows):")
                                 + QLatin1Char('\n') + lines.join(QLatin1Char('\n')));
    }
    m_saveButton->setEnabled(!m_text.isEmpty());
    m_copyButton->setEnabled(!m_text.isEmpty());
}

bool LaunchExportDialog::save()
{
    if (m_text.isEmpty())
        return false;
    QString base = m_doc->scenario().name.toLower();
    base.replace(QRegularExpression(QStringLiteral("[^a-z0-9]+")), QStringLiteral("-"));
    base = base.isEmpty() ? QStringLiteral("plan") : base;
    const launch::Framework f = framework();
    const QString dir = m_doc->fileName().isEmpty() ? QDir::homePath() : QFileInfo(m_doc->fileName()).absolutePath();
    const QString suggestion = dir + QLatin1Char('/') + base + QLatin1Char('-') + QLatin1String(launch::toString(f))
        + QLatin1String(launch::fileSuffix(f));
    const QString file = m_fileDialog ? m_fileDialog(suggestion)
                                      : QFileDialog::getSaveFileName(this, tr("Export launch config"), suggestion);
    if (file.isEmpty())
        return false;
    QString error;
    if (!writeFileAtomically(file, m_text.toUtf8(), &error)) {
        auto *box = new QMessageBox(QMessageBox::Warning, tr("Could not export"), error, QMessageBox::Ok, this);
        box->setObjectName(QStringLiteral("launchExportError"));
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
        return false;
    }
    Q_EMIT saved(file);
    return true;
}

} // namespace commtax
