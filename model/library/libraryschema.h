// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The preset library's schema, one migration per version. The version lives in
// PRAGMA user_version; migration N takes a database from version N-1 to N inside the caller's
// transaction. A released migration never changes: a new schema is a new migration.

#include <QSqlDatabase>
#include <QSqlError>
#include <QString>

#include <functional>
#include <vector>

namespace commtax {

struct LibraryMigration {
    int version;             // the user_version after it ran
    const char *description; // for the log and the tests
    std::function<bool(QSqlDatabase &db, QString *error)> apply;
};

const std::vector<LibraryMigration> &libraryMigrations();
inline int librarySchemaVersion() { return static_cast<int>(libraryMigrations().size()); }

// PRAGMA user_version of an open database; -1 with a reason when it cannot be read.
int readUserVersion(QSqlDatabase &db, QString *error);

// Run the migrations from the database's version up to `target` (default: the newest), each in
// its own BEGIN IMMEDIATE transaction that also re-reads the version, so two instances starting
// at once migrate once. False with a reason; the database stays at the last completed version.
bool migrateLibrary(QSqlDatabase &db, QString *error, int target = librarySchemaVersion());

// Run one SQL statement; false with "what: driver text" on failure.
// SQLite's own words for an error ("file is not a database"); the Qt driver's "Unable to execute
// statement" adds nothing a user can act on.
QString sqlText(const QSqlError &e);
bool execSql(QSqlDatabase &db, const QString &sql, QString *error);

// SQLite's busy timeout on every connection: how long opening or reading the library waits for
// another process's lock before it says so (the app starts with the built-ins instead).
inline constexpr int kBusyTimeoutMs = 5000;
// How long a save waits for another process's write (two windows, or the command line beside the
// GUI) before it reports the library locked. Sized for a slow machine, not a fast one (the
// busy timeout alone ran out under AddressSanitizer on a 2-core machine at load 9): a save never
// fails because another one is under way.
inline constexpr int kWriteWaitMs = 60000;

// A write transaction: BEGIN IMMEDIATE takes the write lock up front, so a second instance waits
// on the busy timeout instead of failing half-way when a read lock cannot be upgraded. SQLite
// returns "database is locked" without calling its busy handler in a few cases (a WAL being
// recovered or checkpointed by another process, a snapshot gone stale): begin() and commit() then
// try again, with short sleeps, until kWriteWaitMs has passed. Rolls back unless commit()
// succeeded.
class SqlWriteTransaction
{
public:
    explicit SqlWriteTransaction(QSqlDatabase db);
    ~SqlWriteTransaction();
    SqlWriteTransaction(const SqlWriteTransaction &) = delete;
    SqlWriteTransaction &operator=(const SqlWriteTransaction &) = delete;

    bool begin(QString *error);
    bool commit(QString *error);
    QSqlDatabase &database() { return m_db; }

private:
    QSqlDatabase m_db;
    bool m_open = false;
};

} // namespace commtax
