// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Edit > Preferences: the interface language (System, English, 简体中文), kept by
// AppSettings::language() and applied when Commtax starts again.
#include <QDialog>

class QComboBox;

namespace commtax {

class AppSettings;

class PreferencesDialog : public QDialog
{
    Q_OBJECT
public:
    explicit PreferencesDialog(AppSettings &settings, QWidget *parent = nullptr);
    // The language chosen: "system", "en" or "zh_CN".
    QString language() const;

public Q_SLOTS:
    void accept() override; // saves the choice

private:
    AppSettings &m_settings;
    QComboBox *m_language = nullptr;
};

} // namespace commtax
