// SPDX-License-Identifier: GPL-3.0-or-later
#include "appsettings.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

namespace commtax {

namespace {
// The table of keys. A key's default lives here and only here.
struct Key {
    const char *name;
    QVariant (*defaultValue)();
};
const Key kGeometry{"window/geometry", [] { return QVariant(QByteArray()); }};
const Key kState{"window/state", [] { return QVariant(QByteArray()); }};
const Key kRecent{"files/recent", [] { return QVariant(QStringList()); }};
const Key kRecentComparisons{"files/recentComparisons", [] { return QVariant(QStringList()); }};
const Key kLastFile{"files/last", [] { return QVariant(QString()); }};
const Key kReopen{"files/reopenLast", [] { return QVariant(true); }};
const Key kLanguage{"ui/language", [] { return QVariant(QStringLiteral("system")); }};
const Key kLastDir{"files/lastDirectory", [] { return QVariant(QDir::homePath()); }};

QVariant read(const QSettings &s, const Key &k) { return s.value(QLatin1String(k.name), k.defaultValue()); }
void write(QSettings &s, const Key &k, const QVariant &v) { s.setValue(QLatin1String(k.name), v); }
} // namespace

AppSettings::AppSettings()
    : m_settings(std::make_unique<QSettings>(QStringLiteral("Commtax"), QStringLiteral("Commtax")))
{
}

AppSettings::AppSettings(const QString &iniFile)
    : m_settings(std::make_unique<QSettings>(iniFile, QSettings::IniFormat))
{
}

AppSettings::~AppSettings() = default;

QString AppSettings::fileName() const { return m_settings->fileName(); }

QByteArray AppSettings::windowGeometry() const { return read(*m_settings, kGeometry).toByteArray(); }
void AppSettings::setWindowGeometry(const QByteArray &geometry) { write(*m_settings, kGeometry, geometry); }
QByteArray AppSettings::windowState() const { return read(*m_settings, kState).toByteArray(); }
void AppSettings::setWindowState(const QByteArray &state) { write(*m_settings, kState, state); }

namespace {
void addRecent(QSettings &s, const Key &key, const QString &fileName)
{
    const QString path = QFileInfo(fileName).absoluteFilePath();
    QStringList list = read(s, key).toStringList();
    list.removeAll(path);
    list.prepend(path);
    while (list.size() > AppSettings::kMaxRecentFiles)
        list.removeLast();
    write(s, key, list);
}
void removeRecent(QSettings &s, const Key &key, const QString &fileName)
{
    QStringList list = read(s, key).toStringList();
    list.removeAll(QFileInfo(fileName).absoluteFilePath());
    write(s, key, list);
}
} // namespace

QStringList AppSettings::recentFiles() const { return read(*m_settings, kRecent).toStringList(); }
void AppSettings::addRecentFile(const QString &fileName) { addRecent(*m_settings, kRecent, fileName); }
void AppSettings::removeRecentFile(const QString &fileName) { removeRecent(*m_settings, kRecent, fileName); }

QStringList AppSettings::recentComparisons() const { return read(*m_settings, kRecentComparisons).toStringList(); }
void AppSettings::addRecentComparison(const QString &fileName) { addRecent(*m_settings, kRecentComparisons, fileName); }
void AppSettings::removeRecentComparison(const QString &fileName)
{
    removeRecent(*m_settings, kRecentComparisons, fileName);
}

QString AppSettings::lastFile() const { return read(*m_settings, kLastFile).toString(); }
void AppSettings::setLastFile(const QString &fileName)
{
    write(*m_settings, kLastFile, fileName.isEmpty() ? QString() : QFileInfo(fileName).absoluteFilePath());
}
bool AppSettings::reopenLastFile() const { return read(*m_settings, kReopen).toBool(); }
void AppSettings::setReopenLastFile(bool on) { write(*m_settings, kReopen, on); }

QString AppSettings::lastDirectory() const { return read(*m_settings, kLastDir).toString(); }
void AppSettings::setLastDirectory(const QString &dir) { write(*m_settings, kLastDir, dir); }

QString AppSettings::language() const { return read(*m_settings, kLanguage).toString(); }
void AppSettings::setLanguage(const QString &language) { write(*m_settings, kLanguage, language); }

void AppSettings::sync() { m_settings->sync(); }

} // namespace commtax
