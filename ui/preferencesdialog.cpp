// SPDX-License-Identifier: GPL-3.0-or-later
#include "preferencesdialog.h"
#include "appsettings.h"
#include "text/translations.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace commtax {

PreferencesDialog::PreferencesDialog(AppSettings &settings, QWidget *parent)
    : QDialog(parent)
    , m_settings(settings)
{
    setObjectName(QStringLiteral("preferencesDialog"));
    setWindowTitle(tr("Preferences"));
    m_language = new QComboBox(this);
    m_language->setObjectName(QStringLiteral("languageCombo"));
    const QString system = resolveInterfaceLanguage(QString()) == QLatin1String("zh_CN") ? QStringLiteral("简体中文") : QStringLiteral("English"); // notr
    m_language->addItem(tr("System (%1)").arg(system), QStringLiteral("system"));
    // Each language by its own name, whatever the interface language.
    m_language->addItem(QStringLiteral("English"), QStringLiteral("en")); // notr
    m_language->addItem(QStringLiteral("简体中文"), QStringLiteral("zh_CN"));
    const int current = m_language->findData(settings.language());
    m_language->setCurrentIndex(current < 0 ? 0 : current);
    m_language->setAccessibleName(tr("Interface language"));

    auto *note = new QLabel(tr("The new language applies when Commtax starts again. Files (scenarios, "
                               "JSON, CSV) are the same in every language."),
                            this);
    note->setObjectName(QStringLiteral("restartNote"));
    note->setWordWrap(true);

    auto *form = new QFormLayout;
    form->addRow(tr("&Language:"), m_language);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->setObjectName(QStringLiteral("preferencesButtons"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(note);
    layout->addStretch();
    layout->addWidget(buttons);
    resize(460, sizeHint().height());
}

QString PreferencesDialog::language() const
{
    return m_language->currentData().toString();
}

void PreferencesDialog::accept()
{
    m_settings.setLanguage(language());
    m_settings.sync();
    QDialog::accept();
}

} // namespace commtax
