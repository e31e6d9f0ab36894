// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The one place the desktop app reads and writes its settings. Every key, its type and its
// default are listed in appsettings.cpp; widgets never touch QSettings themselves.
//
// Where settings live: QSettings' native format for organisation "Commtax", application
// "Commtax" (on Linux ~/.config/Commtax/Commtax.conf). Tests pass an INI file of their own.

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <memory>

class QSettings;

namespace commtax {

class AppSettings
{
public:
    static constexpr int kMaxRecentFiles = 8;

    AppSettings();                                // the user's settings
    explicit AppSettings(const QString &iniFile); // a settings file of its own (tests, benchmarks)
    ~AppSettings();
    AppSettings(const AppSettings &) = delete;
    AppSettings &operator=(const AppSettings &) = delete;

    QString fileName() const; // where the settings are stored

    QByteArray windowGeometry() const;
    void setWindowGeometry(const QByteArray &geometry);
    QByteArray windowState() const; // docks and toolbars
    void setWindowState(const QByteArray &state);

    // Most recent first, without duplicates, at most kMaxRecentFiles.
    QStringList recentFiles() const;
    void addRecentFile(const QString &fileName);
    void removeRecentFile(const QString &fileName);
    // The same for saved comparisons (the Compare window's File > Open Recent).
    QStringList recentComparisons() const;
    void addRecentComparison(const QString &fileName);
    void removeRecentComparison(const QString &fileName);

    // The scenario file open when the app last closed; empty for an unsaved plan.
    QString lastFile() const;
    void setLastFile(const QString &fileName);
    bool reopenLastFile() const; // default true
    void setReopenLastFile(bool on);

    // Where the Open and Save dialogs start.
    QString lastDirectory() const;
    void setLastDirectory(const QString &dir);

    // Interface language (Edit > Preferences): "system" (default), "en" or "zh_CN"; applied at start.
    QString language() const;
    void setLanguage(const QString &language);

    void sync();

private:
    std::unique_ptr<QSettings> m_settings;
};

} // namespace commtax
