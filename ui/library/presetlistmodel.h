// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Item models of the preset manager: the presets of one section (built-in first, then the
// user's) with three key figures, and the saved plans with what they hold.

#include "core/presets.h"
#include "library/presetlibrary.h"

#include <QAbstractTableModel>

#include <vector>

namespace commtax {

class PresetListModel : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PresetListModel)
public:
    enum Column { Name,
                  Id,
                  Origin,
                  FirstFigure,
                  ColumnCount = FirstFigure + 3 };

    explicit PresetListModel(Section section, QObject *parent = nullptr);

    Section section() const { return m_section; }
    // Built-in presets first (in the catalog's order), then the user's (by name).
    void setPresets(const QList<Preset> &presets);
    std::optional<Preset> presetAt(int row) const; // a copy: reload() replaces the rows
    int rowOf(const QString &id) const;

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    Section m_section;
    QList<Preset> m_presets;
    std::vector<const FieldInfo *> m_figures; // the key figures shown, from the field table
};

class SavedPlanListModel : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SavedPlanListModel)
public:
    enum Column { Name,
                  Model,
                  Gpu,
                  Cluster,
                  Gpus,
                  Modified,
                  ColumnCount };

    explicit SavedPlanListModel(QObject *parent = nullptr);

    // Each plan is parsed with `catalog` (built-in + user presets) to show what it holds.
    void setPlans(const QList<SavedPlan> &plans, const PresetCatalog &catalog);
    const SavedPlan *planAt(int row) const;
    int rowOf(const QString &name) const;

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Entry {
        SavedPlan plan;
        bool readable = false;
        Scenario scenario;
        QString shownName; // the plan's name in the interface language (its tags in words)
        QString error;
    };
    QList<Entry> m_entries;
};

} // namespace commtax
