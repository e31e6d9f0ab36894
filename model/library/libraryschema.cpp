// SPDX-License-Identifier: GPL-3.0-or-later
#include "libraryschema.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlError>
#include <QSqlQuery>
#include <QThread>
#include <QVariant>

#include <algorithm>

namespace commtax {

QString sqlText(const QSqlError &e)
{
    return e.databaseText().isEmpty() ? e.text() : e.databaseText();
}

bool execSql(QSqlDatabase &db, const QString &sql, QString *error)
{
    QSqlQuery q(db);
    if (q.exec(sql))
        return true;
    if (error) {
        *error = sqlText(q.lastError()) + QStringLiteral(" (SQLite, running \"")
            + sql.simplified().left(60) + QStringLiteral("\")");
    }
    return false;
}

SqlWriteTransaction::SqlWriteTransaction(QSqlDatabase db)
    : m_db(std::move(db))
{
}

SqlWriteTransaction::~SqlWriteTransaction()
{
    if (m_open)
        execSql(m_db, QStringLiteral("ROLLBACK"), nullptr);
}

namespace {
// Runs `sql`, again while SQLite says busy or locked (its primary codes 5 and 6), for up to
// kWriteWaitMs in all (each attempt also waits on the connection's busy timeout).
bool execWaiting(QSqlDatabase &db, const QString &sql, QString *error)
{
    QElapsedTimer clock;
    clock.start();
    for (int attempt = 0;; ++attempt) {
        QSqlQuery q(db);
        if (q.exec(sql))
            return true;
        bool ok = false;
        const int code = q.lastError().nativeErrorCode().toInt(&ok) & 0xff;
        const bool busy = ok && (code == 5 || code == 6);
        if (!busy || clock.elapsed() >= kWriteWaitMs) {
            if (error)
                *error = sqlText(q.lastError()) + QStringLiteral(" (SQLite, running \"") + sql + QStringLiteral("\")");
            return false;
        }
        q = QSqlQuery();
        QThread::msleep(std::min(5 + 5 * attempt, 100));
    }
}
} // namespace

bool SqlWriteTransaction::begin(QString *error)
{
    m_open = execWaiting(m_db, QStringLiteral("BEGIN IMMEDIATE"), error);
    return m_open;
}

bool SqlWriteTransaction::commit(QString *error)
{
    if (!m_open)
        return false;
    if (!execWaiting(m_db, QStringLiteral("COMMIT"), error))
        return false; // the destructor rolls back
    m_open = false;
    return true;
}

int readUserVersion(QSqlDatabase &db, QString *error)
{
    QSqlQuery q(db);
    if (!q.exec(QStringLiteral("PRAGMA user_version")) || !q.next()) {
        if (error)
            *error = QStringLiteral("cannot read the schema version: ") + sqlText(q.lastError());
        return -1;
    }
    return q.value(0).toInt();
}

namespace {

bool execAll(QSqlDatabase &db, const QStringList &statements, QString *error)
{
    for (const QString &sql : statements)
        if (!execSql(db, sql, error))
            return false;
    return true;
}

// Version 1: user presets (one row per section and id, the preset JSON as written by
// Preset::toJson) and saved plans (the scenario file text).
bool migrateTo1(QSqlDatabase &db, QString *error)
{
    return execAll(db,
                   {QStringLiteral("CREATE TABLE presets ("
                                   " id INTEGER PRIMARY KEY,"
                                   " section TEXT NOT NULL CHECK (section IN ('model', 'gpu', 'cluster')),"
                                   " preset_id TEXT NOT NULL CHECK (length(preset_id) > 0),"
                                   " name TEXT NOT NULL,"
                                   " body TEXT NOT NULL,"
                                   " created_utc TEXT NOT NULL,"
                                   " modified_utc TEXT NOT NULL,"
                                   " UNIQUE (section, preset_id))"),
                    QStringLiteral("CREATE TABLE plans ("
                                   " id INTEGER PRIMARY KEY,"
                                   " name TEXT NOT NULL UNIQUE CHECK (length(name) > 0),"
                                   " body TEXT NOT NULL,"
                                   " created_utc TEXT NOT NULL,"
                                   " modified_utc TEXT NOT NULL)")},
                   error);
}

// Version 2: which user presets each saved plan uses, so that deleting a preset a plan needs is
// refused by a foreign key instead of leaving a plan that no longer loads; and the built-in a
// user preset was copied from. Existing plans get their links from their scenario text.
bool migrateTo2(QSqlDatabase &db, QString *error)
{
    if (!execAll(db,
                 {QStringLiteral("ALTER TABLE presets ADD COLUMN based_on TEXT"),
                  QStringLiteral("CREATE TABLE plan_presets ("
                                 " plan INTEGER NOT NULL REFERENCES plans(id) ON DELETE CASCADE,"
                                 " preset INTEGER NOT NULL REFERENCES presets(id) ON DELETE RESTRICT,"
                                 " PRIMARY KEY (plan, preset))"),
                  QStringLiteral("CREATE INDEX plan_presets_by_preset ON plan_presets(preset)")},
                 error))
        return false;
    QSqlQuery plans(db);
    if (!plans.exec(QStringLiteral("SELECT id, body FROM plans"))) {
        if (error)
            *error = QStringLiteral("reading saved plans: ") + sqlText(plans.lastError());
        return false;
    }
    QSqlQuery link(db);
    link.prepare(QStringLiteral("INSERT OR IGNORE INTO plan_presets (plan, preset)"
                                " SELECT ?, id FROM presets WHERE section = ? AND preset_id = ?"));
    while (plans.next()) {
        const qint64 planId = plans.value(0).toLongLong();
        const QJsonObject root = QJsonDocument::fromJson(plans.value(1).toString().toUtf8()).object();
        for (const char *section : {"model", "gpu", "cluster"}) {
            const QString presetId = root.value(QLatin1String(section)).toObject().value(QStringLiteral("preset")).toString();
            if (presetId.isEmpty())
                continue;
            link.addBindValue(planId);
            link.addBindValue(QLatin1String(section));
            link.addBindValue(presetId);
            if (!link.exec()) {
                if (error)
                    *error = QStringLiteral("linking saved plans to presets: ") + sqlText(link.lastError());
                return false;
            }
        }
    }
    return true;
}

// Version 3: saved comparisons (the Compare window's File > Save to library), each the text of a
// comparison file (library/comparisonfile.h) under a unique name.
bool migrateTo3(QSqlDatabase &db, QString *error)
{
    return execSql(db,
                   QStringLiteral("CREATE TABLE comparisons ("
                                  " id INTEGER PRIMARY KEY,"
                                  " name TEXT NOT NULL UNIQUE CHECK (length(name) > 0),"
                                  " body TEXT NOT NULL,"
                                  " saved_utc TEXT NOT NULL)"),
                   error);
}

// Version 4: the words the library adds to a user preset's name (core/presets.h PresetNameTag:
// "edited", "copy", separated by spaces; NULL: none), kept apart from the name in the preset's
// body, which stays the name as given. Names stored before keep their words as the user's.
bool migrateTo4(QSqlDatabase &db, QString *error)
{
    return execSql(db, QStringLiteral("ALTER TABLE presets ADD COLUMN name_tags TEXT"), error);
}

} // namespace

const std::vector<LibraryMigration> &libraryMigrations()
{
    static const std::vector<LibraryMigration> list = {
        {1, "user presets and saved plans", migrateTo1},
        {2, "links from saved plans to the user presets they use; based_on", migrateTo2},
        {3, "saved comparisons", migrateTo3},
        {4, "the tags of user preset names", migrateTo4},
    };
    return list;
}

bool migrateLibrary(QSqlDatabase &db, QString *error, int target)
{
    for (const LibraryMigration &m : libraryMigrations()) {
        if (m.version > target)
            break;
        SqlWriteTransaction tx(db);
        if (!tx.begin(error))
            return false;
        // Read inside the write lock: another instance may have migrated meanwhile.
        const int current = readUserVersion(db, error);
        if (current < 0)
            return false;
        if (current >= m.version)
            continue;
        if (current != m.version - 1) {
            if (error)
                *error = QStringLiteral("schema version %1 cannot be migrated by step %2").arg(current).arg(m.version);
            return false;
        }
        QString why;
        if (!m.apply(db, &why)) {
            if (error)
                *error = QStringLiteral("migration to schema version %1 (%2) failed: %3")
                             .arg(m.version)
                             .arg(QLatin1String(m.description), why);
            return false;
        }
        if (!execSql(db, QStringLiteral("PRAGMA user_version = %1").arg(m.version), error) || !tx.commit(error))
            return false;
    }
    return true;
}

} // namespace commtax
