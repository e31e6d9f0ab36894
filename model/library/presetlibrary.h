// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The user's preset library: one SQLite file (through Qt SQL) holding the user's own GPUs,
// clusters and models and their saved plans, beside the read-only built-in presets.
//
// - The file lives in QStandardPaths::AppDataLocation (COMMTAX_LIBRARY overrides the path) and is
//   created on first open. The schema version is PRAGMA user_version (libraryschema.h).
// - Every connection runs with foreign keys on, WAL journaling and a busy timeout, so two app
//   instances (or the app and the command line) can use the file at once; every write is one
//   BEGIN IMMEDIATE transaction.
// - One named connection per thread, opened in that thread on first use.
// - Only a file that opens and fails PRAGMA integrity_check (or that SQLite calls not a database,
//   or corrupt) is moved aside, with a timestamp (never deleted), and a fresh library starts;
//   recoveryNotice() words it for the user. A file that is locked by another program for longer
//   than the busy timeout, that the user may not read, or that is a folder is left exactly as it
//   is: open() fails with the file and the cause, and the caller carries on with the built-ins.
// - A file the user may read but not write opens read-only: the presets are there, every write
//   is refused with readOnlyReason().
// - Built-in presets are never written: saving one stores a copy with a new id.

#include "core/presets.h"
#include "core/scenario.h"

#include <QDateTime>
#include <QList>
#include <QSqlDatabase>
#include <QSqlError>
#include <QString>
#include <QStringList>

namespace commtax {

class SqlWriteTransaction;

struct SavedPlan {
    QString name;
    QByteArray body; // the scenario file text
    QDateTime modifiedUtc;
    QStringList userPresets; // "gpu:my-gpu", the user presets it refers to
};

struct ImportOutcome {
    bool ok = false;
    QList<LoadError> errors; // file, line, column and JSON path of each problem; nothing imported
    QStringList conflicts;   // ids (or plan names) that exist already; nothing imported
    bool isPlan = false;     // the file was a scenario (saved as a plan), else presets
    Section section = Section::Gpu;
    QStringList added; // ids or plan names
    QStringList replaced;
    QStringList unchanged;   // identical to a built-in preset: nothing to store
    QString summary() const; // one sentence for the user
};

class PresetLibrary
{
public:
    // $COMMTAX_LIBRARY if set, else <AppDataLocation>/library.sqlite.
    static QString defaultFileName();

    explicit PresetLibrary(QString fileName = defaultFileName());
    ~PresetLibrary();
    PresetLibrary(const PresetLibrary &) = delete;
    PresetLibrary &operator=(const PresetLibrary &) = delete;

    enum class OpenMode {
        CreateOrRecover, // the app: create the file, migrate, move a broken file aside
        ExistingOnly,    // the command line: use the file if it is there and sound, never create or move it
    };
    // Open (and create, migrate or recover) the library. False with a reason when it cannot be
    // used at all; the caller then carries on with the built-in presets.
    bool open(QString *error, OpenMode mode = OpenMode::CreateOrRecover);
    bool isOpen() const { return m_open; }
    QString fileName() const { return m_fileName; }
    int schemaVersion() const { return m_schemaVersion; }
    // Readable, never written: the file was written by a newer Commtax (a schema this build does
    // not know), or the user has no permission to write it. readOnlyReason() says which, in words
    // ("you have no permission to write it").
    bool isReadOnly() const { return m_readOnly; }
    QString readOnlyReason() const { return m_readOnlyReason; }
    // Set when open() moved a broken file aside: what happened and where the old file is now.
    QString recoveryNotice() const { return m_recoveryNotice; }
    QString movedAsideTo() const { return m_movedAsideTo; }

    // --- presets
    QList<Preset> userPresets(Section s, QString *error = nullptr) const;
    // The built-in presets plus the user's, for the editor's combo boxes and for loading scenarios.
    PresetCatalog catalog() const;
    static bool isBuiltIn(Section s, const QString &id);
    // An id used by neither a built-in nor a user preset: `base`, else base-2, base-3...
    QString uniqueId(Section s, const QString &base) const;
    // Insert or update a user preset by id. A built-in id is never overwritten: the preset is
    // stored as a copy with a fresh id and " (edited)" in its name. Fields whose value differs
    // from the preset it replaces, with the provenance unchanged, get provenance "user" (a new
    // provenance, such as a calibration's "measured", is kept). `savedAs` receives the id stored.
    bool savePreset(const Preset &p, QString *savedAs, QString *error);
    bool duplicatePreset(Section s, const QString &id, QString *newId, QString *error);
    // Refuses built-ins and presets that a saved plan uses (naming the plans).
    bool removePreset(Section s, const QString &id, QString *error);

    // --- saved plans (scenarios)
    QList<SavedPlan> plans(QString *error = nullptr) const;
    // Insert or replace by the scenario's name (which must not be empty).
    bool savePlan(const Scenario &s, QString *error);
    bool loadPlan(const QString &name, Scenario &out, QList<LoadError> &errors) const;
    bool removePlan(const QString &name, QString *error);
    bool duplicatePlan(const QString &name, QString *newName, QString *error);
    QString uniquePlanName(const QString &base) const;

    // --- files
    // A preset file (presets/*.json format) or a scenario file. All or nothing, in one transaction.
    ImportOutcome importFile(const QString &fileName, bool replaceExisting = false);
    ImportOutcome importData(const QByteArray &json, const QString &fileName, bool replaceExisting = false);
    // Built-in or user presets of one section, as a preset file (atomic write).
    bool exportPresets(Section s, const QStringList &ids, const QString &fileName, QString *error) const;
    // A saved plan as a scenario file; sections from user presets are written inline, so the
    // file loads on a machine without this library.
    bool exportPlan(const QString &name, const QString &fileName, QString *error) const;

    // This thread's connection (opened on first use in the thread). For tests and tools.
    QSqlDatabase database() const;
    QString connectionName() const;

private:
    bool openConnection(QSqlDatabase &db, QString *error, QSqlError *sqlError = nullptr) const;
    void closeConnection();
    bool checkSound(QString *error, bool *broken, int *code);
    QString describeFailure(int sqliteCode, const QString &driverText) const;
    bool moveAside(const QString &why, QString *error);
    bool writable(QString *error) const;
    // writable(), then the write lock: every write starts here.
    bool beginWrite(SqlWriteTransaction &tx, QString *error) const;
    bool storePreset(QSqlDatabase &db, const Preset &p, const QString &basedOn, QString *error) const;
    bool storePlan(QSqlDatabase &db, const QString &name, const QByteArray &body, const Scenario &s, QString *error) const;

    QString m_fileName;
    QString m_connectionPrefix;
    bool m_open = false;
    bool m_readOnly = false;
    bool m_openReadOnly = false; // the connection is opened read-only (no write permission)
    bool m_immutable = false;    // ... and as immutable (no -shm file could be made)
    QString m_readOnlyReason;
    int m_schemaVersion = 0;
    QString m_recoveryNotice;
    QString m_movedAsideTo;
};

} // namespace commtax
