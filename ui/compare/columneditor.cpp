// SPDX-License-Identifier: GPL-3.0-or-later
#include "columneditor.h"
#include "fittedcombobox.h"

#include "library/compare.h"
#include "text/modeltext.h"

#include "engine/sweep.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QVBoxLayout>

namespace commtax {

namespace {
// The GPU as plan names say it: "RTX 4090" for "NVIDIA GeForce RTX 4090 24GB" (planNameFor()'s).
QString shortGpuName(const Plan &p) { return planNameParts(p).gpu; }

// The name of a plan moved from GPU `from` to `to`. A name the app gave follows the GPU: the
// default ("Llama 2 13B on 256 H100 SXM5"), the GPU's name, or the GPU's short name and what
// follows it ("RTX 4090", "RTX 4090 rented", as Compare hardware names its columns); a name the
// user chose is kept.
QString nameOnNewGpu(const QString &name, const Plan &from, const Plan &to)
{
    if (name.isEmpty() || name == planNameFor(from))
        return planNameFor(to);
    if (name == QString::fromStdString(from.gpu.name))
        return QString::fromStdString(to.gpu.name);
    const QString shortFrom = shortGpuName(from);
    if (!shortFrom.isEmpty() && (name == shortFrom || name.startsWith(shortFrom + QLatin1Char(' '))))
        return shortGpuName(to) + name.mid(shortFrom.size());
    return name;
}
} // namespace

ColumnEditor::ColumnEditor(QWidget *parent)
    : QWidget(parent)
{
    createPlanFields();
    createEconomicsFields();
    layOutFields();
    connectSignals();
    setPlan(-1, Scenario{}, PresetCatalog::builtIn());
}

// The selected plan's title, name, GPU and GPU count.
void ColumnEditor::createPlanFields()
{
    m_title = new QLabel(this);
    m_title->setObjectName(QStringLiteral("columnTitle"));
    m_name = new QLineEdit(this);
    m_name->setObjectName(QStringLiteral("columnName"));
    m_name->setMaxLength(kMaxPlanNameChars);
    m_name->setToolTip(tr("The name of the selected plan: its column, and the report's PDF, XLSX and CSV"));
    m_gpu = new FittedComboBox(this);
    m_gpu->setObjectName(QStringLiteral("columnGpu"));
    // GPU names are long: the box shows their start, the list the whole names.
    m_gpu->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_gpu->setMinimumContentsLength(14);
    m_gpu->setToolTip(tr("The GPU of the selected plan, on that GPU's default cluster with its own compute efficiency"));
    m_gpus = new QSpinBox(this);
    m_gpus->setObjectName(QStringLiteral("columnGpus"));
    m_gpus->setToolTip(tr("GPUs of the selected plan, in whole nodes; dp follows (tp, pp and the global batch stay)"));
    m_gpus->setRange(1, 1 << 17);
    m_gpus->setKeyboardTracking(false); // one edit per Enter or arrow step, not per digit
    m_gpus->setAccelerated(true);
}

// Buy or rent, the rent and the utilisation.
void ColumnEditor::createEconomicsFields()
{
    m_mode = new QComboBox(this);
    m_mode->setObjectName(QStringLiteral("columnEconomicsMode"));
    m_mode->addItem(tr("buy"), QStringLiteral("buy"));
    m_mode->addItem(tr("rent"), QStringLiteral("rent"));
    m_mode->setToolTip(tr("Buy the cluster (capex, energy, upkeep) or rent it per GPU-hour"));
    m_rent = new QDoubleSpinBox(this);
    m_rent->setObjectName(QStringLiteral("columnRent"));
    m_rent->setRange(0.01, 1000);
    m_rent->setDecimals(2);
    m_rent->setSuffix(tr(" USD/GPU-h"));
    m_rent->setKeyboardTracking(false);
    m_rent->setToolTip(tr("Rent per GPU-hour of the selected plan (rent mode)"));
    m_utilisation = new QDoubleSpinBox(this);
    m_utilisation->setObjectName(QStringLiteral("columnUtilisation"));
    m_utilisation->setRange(0.01, 1);
    m_utilisation->setSingleStep(0.05);
    m_utilisation->setDecimals(2);
    m_utilisation->setKeyboardTracking(false);
    m_utilisation->setToolTip(tr("Utilisation over the depreciation years (fraction, 0-1] of the selected plan (buy mode): "
                                 "idle hours still carry capital and upkeep"));
}

// Two rows: on one, the editor alone was 877 px wide, more than a 1280x800 screen at 150%.
void ColumnEditor::layOutFields()
{
    auto *rows = new QVBoxLayout(this);
    rows->setContentsMargins(0, 0, 0, 0);
    auto *row = new QHBoxLayout;
    row->addWidget(m_title);
    row->addWidget(new QLabel(tr("Name:"), this));
    row->addWidget(m_name, 1);
    row->addWidget(new QLabel(tr("GPU:"), this));
    row->addWidget(m_gpu, 1);
    rows->addLayout(row);
    row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("GPUs:"), this));
    row->addWidget(m_gpus);
    row->addWidget(new QLabel(tr("Economics:"), this));
    row->addWidget(m_mode);
    row->addWidget(m_rent);
    row->addWidget(new QLabel(tr("Utilisation:"), this));
    row->addWidget(m_utilisation);
    row->addStretch(1);
    rows->addLayout(row);
}

// Each field's edit becomes an edit of the plan (emitEdit()), or a failure.
void ColumnEditor::connectSignals()
{
    connect(m_name, &QLineEdit::editingFinished, this, &ColumnEditor::nameEdited);
    connect(m_gpu, &QComboBox::activated, this, [this](int i) {
        Scenario s = m_scenario;
        QString error;
        if (withGpu(s, m_gpu->itemData(i).toString(), m_catalog, &error))
            emitEdit(s, tr("GPU of %1").arg(planNameText(planNameOf(m_scenario, m_index))));
        else
            Q_EMIT failed(error);
    });
    connect(m_gpus, &QSpinBox::valueChanged, this, [this](int gpus) {
        if (m_loading) // setPlan() moving the range and value: not the user's edit, nor an error
            return;
        Scenario s = m_scenario;
        QString error;
        if (withGpuCount(s, gpus, &error))
            emitEdit(s, tr("GPU count of %1").arg(planNameText(planNameOf(m_scenario, m_index))));
        else
            Q_EMIT failed(error);
    });
    connect(m_mode, &QComboBox::activated, this, [this](int i) {
        Scenario s = m_scenario;
        parseEconomicsMode(m_mode->itemData(i).toString().toStdString(), s.plan.economics.mode);
        if (s.plan.economics.mode != EconomicsMode::Rent) // a bought plan is no longer "... rented"
            s.nameTags.removeAll(PlanNameTag::Rented);
        emitEdit(s, tr("Economics of %1").arg(planNameText(planNameOf(m_scenario, m_index))));
    });
    connect(m_rent, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        Scenario s = m_scenario;
        s.plan.economics.usd_per_gpu_hour = v;
        emitEdit(s, tr("Rent of %1").arg(planNameText(planNameOf(m_scenario, m_index))));
    });
    connect(m_utilisation, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        Scenario s = m_scenario;
        s.plan.economics.utilisation = v;
        emitEdit(s, tr("Utilisation of %1").arg(planNameText(planNameOf(m_scenario, m_index))));
    });
}

void ColumnEditor::nameEdited()
{
    const QString name = m_name->text().simplified();
    const QString shown = scenarioNameText(m_scenario, m_catalog);
    if (name.isEmpty() || name == shown) { // a plan has a name: back to the one it had
        m_name->setText(shown);
        return;
    }
    Scenario s = m_scenario;
    s.name = name;
    s.nameTags.clear(); // the name as typed: the tags were shown in it
    emitEdit(s, tr("Name of %1").arg(planNameText(planNameOf(m_scenario, m_index))));
}

void ColumnEditor::setPlan(int index, const Scenario &s, const PresetCatalog &catalog)
{
    m_loading = true;
    m_index = index;
    m_scenario = s;
    m_catalog = catalog;
    const bool on = index >= 0;
    for (QWidget *w : std::initializer_list<QWidget *>{m_name, m_gpu, m_gpus, m_mode, m_rent, m_utilisation})
        w->setEnabled(on);
    m_name->setText(on ? scenarioNameText(s, catalog) : QString());
    m_title->setText(on ? tr("Column %1:").arg(index + 1) : tr("Select a column to edit its plan."));
    m_gpu->clear();
    if (on) {
        for (const Preset &p : catalog.presets(Section::Gpu))
            m_gpu->addItem(presetNameText(p), p.id);
        int at = m_gpu->findData(s.gpuPreset);
        if (at < 0) { // a custom GPU: shown, not offered again
            m_gpu->addItem(QString::fromStdString(s.plan.gpu.name), QString());
            at = m_gpu->count() - 1;
        }
        m_gpu->setCurrentIndex(at);
        const int perNode = std::max(1, s.plan.cluster.gpus_per_node);
        m_gpus->setSingleStep(perNode);
        m_gpus->setMinimum(perNode);
        m_gpus->setValue(s.plan.cluster.nodes * perNode);
        m_mode->setCurrentIndex(s.plan.economics.mode == EconomicsMode::Rent ? 1 : 0);
        m_rent->setValue(rentUsdPerGpuHour(s.plan));
        m_utilisation->setValue(s.plan.economics.utilisation);
        const bool rent = s.plan.economics.mode == EconomicsMode::Rent;
        m_rent->setEnabled(rent);
        m_utilisation->setEnabled(!rent);
    } else { // no plan: empty fields, not the fields' minimums as if they were a plan's
        m_gpus->clear();
        m_rent->clear();
        m_utilisation->clear();
        m_mode->setCurrentIndex(-1);
    }
    m_loading = false;
}

void ColumnEditor::emitEdit(Scenario after, const QString &what)
{
    if (m_loading || m_index < 0 || after == m_scenario)
        return;
    Q_EMIT edited(m_index, after, what);
}

bool ColumnEditor::withGpu(Scenario &s, const QString &gpuId, const PresetCatalog &catalog, QString *error)
{
    if (gpuId.isEmpty() || gpuId == s.gpuPreset)
        return true;
    const QList<Scenario> variants = hardwareVariants(s, {gpuId}, catalog);
    if (variants.isEmpty()) {
        if (error)
            *error = tr("unknown GPU preset \"%1\"").arg(gpuId);
        return false;
    }
    const Scenario before = s;
    s = variants.first();
    s.name = nameOnNewGpu(before.name, before.plan, s.plan);
    s.nameTags = before.nameTags; // the name follows the GPU, its tags stay
    return true;
}

bool ColumnEditor::withGpuCount(Scenario &s, int gpus, QString *error)
{
    const int before = s.plan.cluster.nodes * s.plan.cluster.gpus_per_node;
    if (gpus == before)
        return true;
    const bool autoName = !s.name.isEmpty() && s.name == planNameFor(s.plan);
    PlanError why;
    if (!resizePlan(s.plan, gpus, GpuScaling::FixedGlobalBatch, &why)) {
        if (error)
            *error = tr("%1 GPUs: %2").arg(gpus).arg(planErrorText(why));
        return false;
    }
    const int after = s.plan.cluster.nodes * s.plan.cluster.gpus_per_node;
    s.name = autoName ? planNameFor(s.plan) : resizedPlanName(s.name, before, after, translateModelText);
    return true;
}

} // namespace commtax
