// SPDX-License-Identifier: GPL-3.0-or-later
#include "presetlistmodel.h"
#include "text/modeltext.h"

#include "core/resultio.h"
#include "engine/engine.h"

#include <QColor>
#include <QFont>

namespace commtax {

namespace {
QStringList figureKeys(Section s)
{
    switch (s) {
    case Section::Gpu: return {QStringLiteral("bf16_dense_tflops"), QStringLiteral("memory_gb"), QStringLiteral("price_usd")};
    case Section::Cluster: return {QStringLiteral("gpus_per_node"), QStringLiteral("nic_gbit_per_gpu"), QStringLiteral("node_price_usd")};
    case Section::Model: return {QStringLiteral("layers"), QStringLiteral("hidden"), QStringLiteral("heads")};
    default: return {};
    }
}
} // namespace

PresetListModel::PresetListModel(Section section, QObject *parent)
    : QAbstractTableModel(parent)
    , m_section(section)
{
    for (const QString &key : figureKeys(section))
        m_figures.push_back(findField(section, key));
}

void PresetListModel::setPresets(const QList<Preset> &presets)
{
    beginResetModel();
    m_presets.clear();
    for (const Preset &p : presets)
        if (p.builtIn)
            m_presets << p;
    QList<Preset> user;
    for (const Preset &p : presets)
        if (!p.builtIn)
            user << p;
    std::sort(user.begin(), user.end(), [](const Preset &a, const Preset &b) {
        return QString::compare(presetNameText(a), presetNameText(b), Qt::CaseInsensitive) < 0;
    });
    m_presets << user;
    endResetModel();
}

std::optional<Preset> PresetListModel::presetAt(int row) const
{
    if (row >= 0 && row < m_presets.size())
        return m_presets[row];
    return std::nullopt;
}

int PresetListModel::rowOf(const QString &id) const
{
    for (qsizetype i = 0; i < m_presets.size(); ++i)
        if (m_presets[i].id == id)
            return int(i);
    return -1;
}

int PresetListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_presets.size());
}

int PresetListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(FirstFigure + m_figures.size());
}

QVariant PresetListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return QVariant();
    const Preset &p = m_presets[index.row()];
    const int col = index.column();
    if (role == Qt::DisplayRole) {
        switch (col) {
        case Name: return presetNameText(p);
        case Id: return p.id;
        case Origin: return p.builtIn ? tr("built-in") : tr("user");
        default: {
            const FieldInfo *f = m_figures[size_t(col - FirstFigure)];
            const double v = p.values.value(QLatin1String(f->key)).toDouble();
            return f->type == FieldType::Int ? QString::number(qint64(v)) : formatNumber(v, f->decimals);
        }
        }
    }
    if (role == Qt::ToolTipRole) {
        if (p.builtIn)
            return tr("Built-in preset: read-only. Saving an edit stores a copy in your library.");
        return p.description.isEmpty() ? tr("Your preset") : p.description;
    }
    if (role == Qt::ForegroundRole && p.builtIn)
        return QColor(0x55, 0x55, 0x55);
    if (role == Qt::FontRole && !p.builtIn && col == Name) {
        QFont f;
        f.setBold(true);
        return f;
    }
    if (role == Qt::TextAlignmentRole && col >= FirstFigure)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::UserRole)
        return p.id;
    return QVariant();
}

QVariant PresetListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QVariant();
    switch (section) {
    case Name: return tr("Name");
    case Id: return QStringLiteral("Id");
    case Origin: return tr("Origin");
    default:
        if (section >= FirstFigure && size_t(section - FirstFigure) < m_figures.size()) {
            // The unit on a line of its own ("BF16 dense peak" over "(TFLOPS)"): a column as wide as
            // the label on one line pushed the figures past the table's edge, where a right-aligned
            // 989.0 showed as "9".
            QString label = fieldText(m_figures[size_t(section - FirstFigure)]->label);
            const qsizetype unit = label.lastIndexOf(QLatin1String(" ("));
            if (unit > 0)
                label[unit] = QLatin1Char('\n');
            return label;
        }
        return QVariant();
    }
}

// ---------------------------------------------------------------------------------------------

SavedPlanListModel::SavedPlanListModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void SavedPlanListModel::setPlans(const QList<SavedPlan> &plans, const PresetCatalog &catalog)
{
    beginResetModel();
    m_entries.clear();
    for (const SavedPlan &p : plans) {
        Entry e;
        e.plan = p;
        QList<LoadError> errors;
        e.readable = parseScenario(p.body, p.name, catalog, e.scenario, errors);
        if (!e.readable && !errors.isEmpty())
            e.error = loadErrorText(errors.first());
        // the name the library stores it under is the plan's in English (Scenario::fullName())
        e.shownName = e.readable && e.scenario.fullName() == p.name ? scenarioNameText(e.scenario, catalog) : p.name;
        m_entries << e;
    }
    endResetModel();
}

const SavedPlan *SavedPlanListModel::planAt(int row) const
{
    return row >= 0 && row < m_entries.size() ? &m_entries[row].plan : nullptr;
}

int SavedPlanListModel::rowOf(const QString &name) const
{
    for (qsizetype i = 0; i < m_entries.size(); ++i)
        if (m_entries[i].plan.name == name)
            return int(i);
    return -1;
}

int SavedPlanListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_entries.size());
}

int SavedPlanListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(ColumnCount);
}

QVariant SavedPlanListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return QVariant();
    const Entry &e = m_entries[index.row()];
    const Plan &plan = e.scenario.plan;
    if (role == Qt::DisplayRole) {
        if (!e.readable && index.column() != Name)
            return index.column() == Model ? QStringLiteral("(unreadable)") : QString();
        switch (index.column()) {
        case Name: return e.shownName;
        case Model: return QString::fromStdString(plan.model.name);
        case Gpu: return QString::fromStdString(plan.gpu.name);
        case Cluster: return QString::fromStdString(plan.cluster.name);
        case Gpus: return plan.cluster.nodes * plan.cluster.gpus_per_node;
        case Modified: return e.plan.modifiedUtc.toLocalTime().toString(tr("yyyy-MM-dd HH:mm"));
        default: return QVariant();
        }
    }
    if (role == Qt::ToolTipRole && !e.readable)
        return e.error;
    if (role == Qt::ForegroundRole && !e.readable)
        return QColor(0xA0, 0x30, 0x30);
    if (role == Qt::UserRole)
        return e.plan.name;
    return QVariant();
}

QVariant SavedPlanListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QVariant();
    switch (section) {
    case Name: return tr("Plan");
    case Model: return tr("Model");
    case Gpu: return QStringLiteral("GPU");
    case Cluster: return tr("Cluster");
    case Gpus: return tr("GPUs");
    case Modified: return tr("Modified");
    default: return QVariant();
    }
}

} // namespace commtax
