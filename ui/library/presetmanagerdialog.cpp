// SPDX-License-Identifier: GPL-3.0-or-later
#include "presetmanagerdialog.h"
#include "screenfit.h"
#include "text/modeltext.h"

#include "core/resultio.h"
#include "library/presetlibrary.h"
#include "preseteditor.h"
#include "presetlistmodel.h"

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace commtax {

struct PresetManagerDialog::SectionPage {
    Section section;
    PresetListModel *model = nullptr;
    QTableView *view = nullptr;
    PresetEditor *editor = nullptr;
    QPushButton *save = nullptr;
    QPushButton *revert = nullptr;
    QPushButton *duplicate = nullptr;
    QPushButton *remove = nullptr;
    QPushButton *exportButton = nullptr;
    QString shownId;
};

namespace {
QString tabTitle(Section s)
{
    switch (s) {
    case Section::Gpu: return QCoreApplication::translate("commtax::PresetManagerDialog", "GPUs");
    case Section::Cluster: return QCoreApplication::translate("commtax::PresetManagerDialog", "Clusters");
    case Section::Model: return QCoreApplication::translate("commtax::PresetManagerDialog", "Models");
    default: return sectionName(s);
    }
}
QTableView *makeView(QWidget *parent, QAbstractItemModel *model, const QString &objectName)
{
    auto *view = new QTableView(parent);
    view->setObjectName(objectName);
    view->setModel(model);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    view->setAlternatingRowColors(true);
    view->verticalHeader()->hide();
    view->horizontalHeader()->setStretchLastSection(true);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->setWordWrap(false);
    return view;
}
} // namespace

PresetManagerDialog::PresetManagerDialog(PresetLibrary *library, QWidget *parent)
    : QDialog(parent)
    , m_library(library)
{
    setWindowTitle(tr("Preset manager - Commtax"));
    m_ask = [this](const QString &q) {
        return QMessageBox::question(this, tr("Preset manager"), q) == QMessageBox::Yes;
    };
    m_tell = [this](const QString &title, const QString &text) { QMessageBox::information(this, title, text); };
    m_input = [this](const QString &label, const QString &initial) {
        bool ok = false;
        const QString text = QInputDialog::getText(this, tr("Preset manager"), label, QLineEdit::Normal, initial, &ok);
        return ok ? text : QString();
    };

    m_banner = new QLabel(this);
    m_banner->setObjectName(QStringLiteral("banner"));
    m_banner->setWordWrap(true);
    m_banner->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_banner->setStyleSheet(tr("background: #fff4ce; border: 1px solid #e0c060; padding: 6px;"));
    QStringList banner;
    if (!m_library || !m_library->isOpen())
        banner << tr("The preset library is not available, so only the built-in presets are shown (read-only).");
    else if (m_library->isReadOnly())
        banner << tr("The preset library %1 is shown read-only: %2.").arg(m_library->fileName(), libraryMessageText(m_library->readOnlyReasonMessage()));
    if (m_library && !m_library->recoveryNotice().isEmpty())
        banner << libraryMessageText(m_library->recoveryNoticeMessage());
    m_banner->setText(banner.join(QLatin1Char('\n')));
    m_banner->setVisible(!banner.isEmpty());

    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("tabs"));
    for (Section s : {Section::Gpu, Section::Cluster, Section::Model})
        m_tabs->addTab(buildSectionPage(s), tabTitle(s));
    m_tabs->addTab(buildPlansPage(), tr("Saved plans"));

    auto *location = new QLabel(m_library ? tr("Library: %1").arg(m_library->fileName()) : QString(), this);
    location->setStyleSheet(QStringLiteral("color: #666;"));
    location->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *bottom = new QHBoxLayout;
    bottom->addWidget(location, 1);
    bottom->addWidget(buttons);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_banner);
    layout->addWidget(m_tabs, 1);
    layout->addLayout(bottom);

    reloadAll();
    fitToScreen(this, QSize(1480, 900));
}

PresetManagerDialog::~PresetManagerDialog()
{
    qDeleteAll(m_pages);
}

void PresetManagerDialog::setConfirmHandler(std::function<bool(const QString &)> ask) { m_ask = std::move(ask); }
void PresetManagerDialog::setMessageHandler(std::function<void(const QString &, const QString &)> tell) { m_tell = std::move(tell); }
void PresetManagerDialog::tell(const QString &title, const QString &text) const { m_tell(title, text); }
bool PresetManagerDialog::ask(const QString &question) const { return m_ask(question); }

bool PresetManagerDialog::writable() const { return m_library && m_library->isOpen() && !m_library->isReadOnly(); }

PresetManagerDialog::SectionPage *PresetManagerDialog::page(Section s) const
{
    for (SectionPage *p : m_pages)
        if (p->section == s)
            return p;
    return nullptr;
}

PresetEditor *PresetManagerDialog::editor(Section s) const { return page(s) ? page(s)->editor : nullptr; }
QTableView *PresetManagerDialog::presetView(Section s) const { return page(s) ? page(s)->view : nullptr; }

QWidget *PresetManagerDialog::buildSectionPage(Section s)
{
    auto *pg = new SectionPage;
    pg->section = s;
    m_pages << pg;
    auto *w = new QWidget(this);
    pg->model = new PresetListModel(s, this);
    pg->view = makeView(w, pg->model, sectionKey(s) + QStringLiteral("-list"));
    pg->editor = new PresetEditor(s, w);
    pg->editor->setObjectName(sectionKey(s) + QStringLiteral("-editor"));
    QHBoxLayout *listButtons = buildListButtons(pg, w);
    QHBoxLayout *editButtons = buildEditButtons(pg, w);

    auto *left = new QWidget(w);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(pg->view, 1);
    leftLayout->addLayout(listButtons);

    auto *right = new QWidget(w);
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(pg->editor, 1);
    rightLayout->addLayout(editButtons);

    auto *split = new QSplitter(Qt::Horizontal, w);
    split->addWidget(left);
    split->addWidget(right);
    // The form keeps its width; a larger window widens the table.
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 0);
    split->setSizes({620, 500});
    auto *layout = new QVBoxLayout(w);
    layout->addWidget(split);
    connectSectionPage(pg);
    return w;
}

// New, Duplicate, Delete, Import and Export under the list (all but Export only when the library
// can be written).
QHBoxLayout *PresetManagerDialog::buildListButtons(SectionPage *pg, QWidget *w)
{
    const Section s = pg->section;
    auto *newButton = new QPushButton(tr("New"), w);
    newButton->setObjectName(sectionKey(s) + QStringLiteral("-new"));
    pg->duplicate = new QPushButton(tr("Duplicate"), w);
    pg->duplicate->setObjectName(sectionKey(s) + QStringLiteral("-duplicate"));
    pg->remove = new QPushButton(tr("Delete"), w);
    pg->remove->setObjectName(sectionKey(s) + QStringLiteral("-delete"));
    auto *importButton = new QPushButton(tr("Import..."), w);
    importButton->setObjectName(sectionKey(s) + QStringLiteral("-import"));
    pg->exportButton = new QPushButton(tr("Export..."), w);
    pg->exportButton->setObjectName(sectionKey(s) + QStringLiteral("-export"));
    pg->exportButton->setToolTip(tr("Write the selected presets to a preset file (the format of presets/*.json)"));
    auto *listButtons = new QHBoxLayout;
    for (QPushButton *b : {newButton, pg->duplicate, pg->remove, importButton, pg->exportButton})
        listButtons->addWidget(b);
    listButtons->addStretch(1);
    for (QPushButton *b : {newButton, pg->duplicate, pg->remove, importButton})
        b->setEnabled(writable());
    connect(newButton, &QPushButton::clicked, this, [this, s] { newPreset(s); });
    connect(pg->duplicate, &QPushButton::clicked, this, [this, s] { duplicateSelectedPreset(s); });
    connect(pg->remove, &QPushButton::clicked, this, [this, s] { deleteSelectedPreset(s); });
    connect(importButton, &QPushButton::clicked, this, &PresetManagerDialog::chooseImport);
    connect(pg->exportButton, &QPushButton::clicked, this, [this, s] {
        const QString file = QFileDialog::getSaveFileName(this, tr("Export presets"),
                                                          sectionKey(s) + QStringLiteral("s.json"),
                                                          tr("Commtax presets (*.json)"));
        if (!file.isEmpty())
            exportSelectedPresets(s, file);
    });
    return listButtons;
}

// Revert and Save under the editor.
QHBoxLayout *PresetManagerDialog::buildEditButtons(SectionPage *pg, QWidget *w)
{
    const Section s = pg->section;
    pg->save = new QPushButton(tr("Save"), w);
    pg->save->setObjectName(sectionKey(s) + QStringLiteral("-save"));
    pg->save->setDefault(true);
    pg->revert = new QPushButton(tr("Revert"), w);
    pg->revert->setObjectName(sectionKey(s) + QStringLiteral("-revert"));
    auto *editButtons = new QHBoxLayout;
    editButtons->addStretch(1);
    editButtons->addWidget(pg->revert);
    editButtons->addWidget(pg->save);
    for (QPushButton *b : {pg->save, pg->revert})
        b->setEnabled(writable());
    connect(pg->save, &QPushButton::clicked, this, [this, s] { saveEditedPreset(s); });
    connect(pg->revert, &QPushButton::clicked, this, [this, s] { showSelectedPreset(s); });
    return editButtons;
}

// A new current preset in the list is shown in the editor (once unsaved edits are discarded); an
// edit enables Save.
void PresetManagerDialog::connectSectionPage(SectionPage *pg)
{
    const Section s = pg->section;
    connect(pg->view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this, s](const QModelIndex &current, const QModelIndex &previous) {
                SectionPage *p = page(s);
                if (p->editor->isEnabled() && p->editor->isModified() && previous.isValid()
                    && !ask(tr("Discard your unsaved changes to \"%1\"?").arg(presetNameText(p->editor->preset())))) {
                    const QSignalBlocker block(p->view->selectionModel());
                    p->view->selectionModel()->setCurrentIndex(previous, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
                    return;
                }
                if (current.isValid())
                    showSelectedPreset(s);
            });
    connect(pg->editor, &PresetEditor::modified, this, [this, s] {
        SectionPage *p = page(s);
        p->save->setEnabled(writable() && p->editor->isModified());
    });
}

QWidget *PresetManagerDialog::buildPlansPage()
{
    auto *w = new QWidget(this);
    m_planModel = new SavedPlanListModel(this);
    m_planView = makeView(w, m_planModel, QStringLiteral("plan-list"));
    m_planView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_planDetails = new QPlainTextEdit(w);
    m_planDetails->setObjectName(QStringLiteral("plan-details"));
    m_planDetails->setReadOnly(true);
    QFont mono(tr("DejaVu Sans Mono"));
    mono.setPointSizeF(8.5);
    m_planDetails->setFont(mono);

    auto *open = new QPushButton(tr("Open in editor"), w);
    open->setObjectName(QStringLiteral("openPlan"));
    m_saveCurrentPlan = new QPushButton(tr("Save current plan..."), w);
    m_saveCurrentPlan->setObjectName(QStringLiteral("saveCurrentPlan"));
    m_saveCurrentPlan->setEnabled(false);
    auto *duplicate = new QPushButton(tr("Duplicate"), w);
    auto *remove = new QPushButton(tr("Delete"), w);
    auto *importButton = new QPushButton(tr("Import..."), w);
    auto *exportButton = new QPushButton(tr("Export..."), w);
    exportButton->setToolTip(tr("Write the plan as a scenario file; your own presets are written inline, so it "
                                "opens anywhere"));
    auto *buttons = new QHBoxLayout;
    for (QPushButton *b : {open, m_saveCurrentPlan, duplicate, remove, importButton, exportButton})
        buttons->addWidget(b);
    buttons->addStretch(1);
    for (QPushButton *b : {duplicate, remove, importButton})
        b->setEnabled(writable());

    auto *split = new QSplitter(Qt::Horizontal, w);
    split->addWidget(m_planView);
    split->addWidget(m_planDetails);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto *layout = new QVBoxLayout(w);
    layout->addWidget(split, 1);
    layout->addLayout(buttons);

    connect(m_planView->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &PresetManagerDialog::showPlanDetails);
    connect(open, &QPushButton::clicked, this, &PresetManagerDialog::openSelectedPlan);
    connect(m_saveCurrentPlan, &QPushButton::clicked, this, [this] {
        const QString name = m_input(tr("Name of the saved plan:"),
                                     m_library ? m_library->uniquePlanName(m_currentScenario.name.isEmpty() ? tr("My plan")
                                                                                                            : m_currentScenario.name)
                                               : QString());
        if (!name.trimmed().isEmpty())
            saveCurrentPlan(name.trimmed());
    });
    connect(duplicate, &QPushButton::clicked, this, &PresetManagerDialog::duplicateSelectedPlan);
    connect(remove, &QPushButton::clicked, this, &PresetManagerDialog::deleteSelectedPlan);
    connect(importButton, &QPushButton::clicked, this, &PresetManagerDialog::chooseImport);
    connect(exportButton, &QPushButton::clicked, this, [this] {
        if (selectedPlanName().isEmpty())
            return;
        const QString file = QFileDialog::getSaveFileName(this, tr("Export plan"), selectedPlanName() + QStringLiteral(".json"),
                                                          tr("Commtax scenarios (*.json)"));
        if (!file.isEmpty())
            exportSelectedPlan(file);
    });
    return w;
}

void PresetManagerDialog::setCurrentScenario(const Scenario &s)
{
    m_currentScenario = s;
    m_hasCurrentScenario = true;
    m_saveCurrentPlan->setEnabled(writable());
}

void PresetManagerDialog::reload(Section s, const QString &select, bool keepEdits)
{
    SectionPage *p = page(s);
    const PresetCatalog catalog = m_library && m_library->isOpen() ? m_library->catalog() : PresetCatalog::builtIn();
    const QString keep = select.isEmpty() ? p->shownId : select;
    p->model->setPresets(catalog.presets(s));
    p->view->resizeColumnsToContents();
    p->view->setColumnWidth(PresetListModel::Name, std::min(p->view->columnWidth(PresetListModel::Name), 200));
    const int row = std::max(0, p->model->rowOf(keep));
    if (p->model->rowCount() > 0) {
        const QSignalBlocker block(p->view->selectionModel());
        p->view->selectionModel()->setCurrentIndex(p->model->index(row, 0),
                                                   QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    }
    if (keepEdits && p->editor->isEnabled() && p->editor->isModified())
        return;
    showSelectedPreset(s);
}

void PresetManagerDialog::showSelectedPreset(Section s)
{
    SectionPage *p = page(s);
    const std::optional<Preset> preset = p->model->presetAt(p->view->selectionModel()->currentIndex().row());
    if (!preset) {
        p->editor->setEnabled(false);
        return;
    }
    p->shownId = preset->id;
    p->editor->setPreset(*preset);
    p->save->setText(preset->builtIn ? tr("Save as copy") : tr("Save"));
    p->save->setEnabled(false);
    p->remove->setEnabled(writable() && !preset->builtIn);
    p->duplicate->setEnabled(writable());
}

QString PresetManagerDialog::selectedPresetId(Section s) const
{
    const SectionPage *p = page(s);
    const std::optional<Preset> preset = p->model->presetAt(p->view->selectionModel()->currentIndex().row());
    return preset ? preset->id : QString();
}

bool PresetManagerDialog::selectPreset(Section s, const QString &id)
{
    SectionPage *p = page(s);
    const int row = p->model->rowOf(id);
    if (row < 0)
        return false;
    p->view->selectionModel()->setCurrentIndex(p->model->index(row, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    return selectedPresetId(s) == id;
}

bool PresetManagerDialog::newPreset(Section s)
{
    if (!writable())
        return false;
    SectionPage *p = page(s);
    const std::optional<Preset> selected = p->model->presetAt(p->view->selectionModel()->currentIndex().row());
    Preset fresh = selected ? *selected : PresetCatalog::builtIn().presets(s).first();
    fresh.builtIn = false;
    fresh.id = m_library->uniqueId(s, QStringLiteral("my-") + sectionKey(s));
    fresh.name = tr("My %1").arg(sectionName(s));
    fresh.nameTags.clear();
    fresh.description = tr("Started from %1").arg(selected ? presetNameText(*selected) : fresh.name);
    // The copied values are the original's figures, not a datasheet (or measurement) of the new
    // preset: until the user edits them they are an assumption that names where they came from
    //.
    const QString from = selected ? presetNameText(*selected) : PresetCatalog::builtIn().presets(s).first().name;
    for (auto it = fresh.provenance.begin(); it != fresh.provenance.end(); ++it)
        *it = Provenance{SourceKind::Assumption,
                         tr("copied from %1 (%2: %3)").arg(from, toString(it->kind), it->source)};
    p->editor->setPreset(fresh, true);
    p->save->setText(tr("Save"));
    p->save->setEnabled(true);
    m_tabs->setCurrentIndex(int(m_pages.indexOf(p)));
    p->editor->idEdit()->setFocus();
    return true;
}

bool PresetManagerDialog::saveEditedPreset(Section s)
{
    SectionPage *p = page(s);
    if (!writable() || !p->editor->isEnabled())
        return false;
    const Preset edited = p->editor->preset();
    if (p->editor->isNew() && m_library->catalog().find(s, edited.id)) {
        tell(tr("Cannot save"), tr("The id \"%1\" is taken; choose another.").arg(edited.id));
        return false;
    }
    QString savedAs;
    LibraryMessage error;
    if (!m_library->savePreset(edited, &savedAs, &error)) {
        tell(tr("Cannot save"), libraryMessageText(error));
        return false;
    }
    p->shownId = savedAs;
    reload(s, savedAs);
    Q_EMIT catalogChanged(m_library->catalog());
    if (savedAs != edited.id)
        tell(tr("Saved as a copy"),
             tr("\"%1\" is a built-in preset and stays as it is. Your version was saved as \"%2\" (%3).")
                 .arg(edited.id, savedAs, presetNameText(page(s)->editor->preset())));
    return true;
}

bool PresetManagerDialog::duplicateSelectedPreset(Section s)
{
    const QString id = selectedPresetId(s);
    if (!writable() || id.isEmpty())
        return false;
    QString newId;
    LibraryMessage error;
    if (!m_library->duplicatePreset(s, id, &newId, &error)) {
        tell(tr("Cannot duplicate"), libraryMessageText(error));
        return false;
    }
    reload(s, newId);
    Q_EMIT catalogChanged(m_library->catalog());
    return true;
}

bool PresetManagerDialog::deleteSelectedPreset(Section s)
{
    const QString id = selectedPresetId(s);
    if (!writable() || id.isEmpty())
        return false;
    if (!ask(tr("Delete the %1 preset \"%2\" from your library?").arg(sectionKey(s), id)))
        return false;
    LibraryMessage error;
    if (!m_library->removePreset(s, id, &error)) {
        tell(tr("Cannot delete"), libraryMessageText(error));
        return false;
    }
    page(s)->shownId.clear();
    reload(s);
    Q_EMIT catalogChanged(m_library->catalog());
    return true;
}

bool PresetManagerDialog::exportSelectedPresets(Section s, const QString &fileName)
{
    SectionPage *p = page(s);
    QStringList ids;
    for (const QModelIndex &idx : p->view->selectionModel()->selectedRows())
        if (const std::optional<Preset> preset = p->model->presetAt(idx.row()))
            ids << preset->id;
    if (ids.isEmpty() && !selectedPresetId(s).isEmpty())
        ids << selectedPresetId(s);
    LibraryMessage error;
    const bool ok = m_library && m_library->isOpen() ? m_library->exportPresets(s, ids, fileName, &error) : false;
    if (!ok)
        tell(tr("Cannot export"), error.isEmpty() ? tr("The preset library is not available.") : libraryMessageText(error));
    return ok;
}

void PresetManagerDialog::chooseImport()
{
    const QString file = QFileDialog::getOpenFileName(this, tr("Import presets or a plan"), QString(),
                                                      tr("Commtax presets or scenarios (*.json)"));
    if (!file.isEmpty())
        importFile(file);
}

bool PresetManagerDialog::importFile(const QString &fileName)
{
    if (!writable())
        return false;
    ImportOutcome o = m_library->importFile(fileName, false);
    if (!o.ok && o.errors.isEmpty() && !o.conflicts.isEmpty()) {
        if (!ask(tr("%1 already in your library: %2.\nReplace %3?")
                     .arg(o.conflicts.size() == 1 ? tr("This is") : tr("These are"),
                          o.conflicts.join(QStringLiteral(", ")), o.conflicts.size() == 1 ? QStringLiteral("it") : QStringLiteral("them"))))
            return false;
        o = m_library->importFile(fileName, true);
    }
    if (!o.ok) {
        QStringList lines;
        for (const LoadError &e : std::as_const(o.errors).mid(0, 12))
            lines << loadErrorText(e);
        if (o.errors.size() > 12)
            lines << tr("... and %1 more").arg(o.errors.size() - 12);
        tell(tr("Nothing imported"), libraryText(o.summaryText()) + QStringLiteral("\n\n") + lines.join(QLatin1Char('\n')));
        return false;
    }
    for (Section s : {Section::Gpu, Section::Cluster, Section::Model})
        reload(s, !o.isPlan && s == o.section && !o.added.isEmpty() ? o.added.first() : QString());
    reloadPlans(o.isPlan && !o.added.isEmpty() ? o.added.first() : QString());
    m_tabs->setCurrentIndex(o.isPlan ? 3 : int(m_pages.indexOf(page(o.section))));
    Q_EMIT catalogChanged(m_library->catalog());
    tell(tr("Imported"), libraryText(o.summaryText()));
    return true;
}

void PresetManagerDialog::reloadAll()
{
    for (Section s : {Section::Gpu, Section::Cluster, Section::Model})
        reload(s, QString(), true);
    reloadPlans();
}

// ---------------------------------------------------------------------------------------------
// saved plans

void PresetManagerDialog::reloadPlans(const QString &select)
{
    const QString keep = select.isEmpty() ? selectedPlanName() : select;
    if (!m_library || !m_library->isOpen()) {
        m_planModel->setPlans({}, PresetCatalog::builtIn());
        return;
    }
    m_planModel->setPlans(m_library->plans(), m_library->catalog());
    m_planView->resizeColumnsToContents();
    const int row = m_planModel->rowOf(keep);
    if (m_planModel->rowCount() > 0)
        m_planView->selectionModel()->setCurrentIndex(m_planModel->index(std::max(0, row), 0),
                                                      QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    showPlanDetails();
}

QString PresetManagerDialog::selectedPlanName() const
{
    if (!m_planView)
        return QString();
    const SavedPlan *p = m_planModel->planAt(m_planView->selectionModel()->currentIndex().row());
    return p ? p->name : QString();
}

bool PresetManagerDialog::selectPlan(const QString &name)
{
    const int row = m_planModel->rowOf(name);
    if (row < 0)
        return false;
    m_planView->selectionModel()->setCurrentIndex(m_planModel->index(row, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    return true;
}

void PresetManagerDialog::showPlanDetails()
{
    const QString name = selectedPlanName();
    if (name.isEmpty() || !m_library) {
        m_planDetails->setPlainText(tr("No saved plans yet. \"Save current plan...\" stores the plan open in the "
                                       "editor; \"Import...\" reads a scenario file."));
        return;
    }
    Scenario s;
    QList<LoadError> errors;
    if (!m_library->loadPlan(name, s, errors)) {
        QStringList lines;
        for (const LoadError &e : errors)
            lines << loadErrorText(e);
        m_planDetails->setPlainText(tr("This plan cannot be read:\n") + lines.join(QLatin1Char('\n')));
        return;
    }
    const Evaluation e = evaluate(s.plan);
    QString text = tr("%1\n\nModel    %2%3\nGPU      %4%5\nCluster  %6%7\n")
                       .arg(scenarioNameText(s, m_library->catalog()), QString::fromStdString(s.plan.model.name),
                            s.modelPreset.isEmpty() ? QStringLiteral(" (inline)") : QStringLiteral(" [%1]").arg(s.modelPreset),
                            QString::fromStdString(s.plan.gpu.name),
                            s.gpuPreset.isEmpty() ? QStringLiteral(" (inline)") : QStringLiteral(" [%1]").arg(s.gpuPreset),
                            QString::fromStdString(s.plan.cluster.name),
                            s.clusterPreset.isEmpty() ? QStringLiteral(" (inline)") : QStringLiteral(" [%1]").arg(s.clusterPreset));
    text += tr("Layout   %1 GPUs, tp=%2 pp=%3 dp=%4, ZeRO-%5\n\n")
                .arg(s.plan.cluster.nodes * s.plan.cluster.gpus_per_node)
                .arg(s.plan.training.tp)
                .arg(s.plan.training.pp)
                .arg(s.plan.training.dp)
                .arg(s.plan.training.zero);
    if (!e.ok()) {
        text += tr("Invalid: %1: %2\n").arg(QString::fromStdString(e.errors.front().field), engineText("commtax::Errors", e.errors.front().text));
    } else {
        for (const MetricId id : {MetricId::StepTime, MetricId::CommTaxExposed, MetricId::Mfu, MetricId::MemoryTotal,
                                  MetricId::DaysToTrain, MetricId::Capex, MetricId::CostPerBillionTokens})
            text += QStringLiteral("%1 %2\n").arg(metricLabel(metricInfo(id)), -32).arg(metricText(id, e.result));
        if (!e.result.fits_in_memory)
            text += tr("\nDoes not fit in memory.\n");
    }
    m_planDetails->setPlainText(text);
}

bool PresetManagerDialog::saveCurrentPlan(const QString &name)
{
    if (!writable() || !m_hasCurrentScenario)
        return false;
    Scenario s = m_currentScenario;
    s.name = name;
    s.nameTags.clear(); // the name as typed
    bool exists = false;
    for (const SavedPlan &p : m_library->plans())
        exists = exists || p.name == name;
    if (exists && !ask(tr("A saved plan \"%1\" exists. Replace it?").arg(name)))
        return false;
    LibraryMessage error;
    if (!m_library->savePlan(s, &error)) {
        tell(tr("Cannot save the plan"), libraryMessageText(error));
        return false;
    }
    reloadPlans(name);
    return true;
}

bool PresetManagerDialog::duplicateSelectedPlan()
{
    const QString name = selectedPlanName();
    if (!writable() || name.isEmpty())
        return false;
    QString newName;
    LibraryMessage error;
    if (!m_library->duplicatePlan(name, &newName, &error)) {
        tell(tr("Cannot duplicate"), libraryMessageText(error));
        return false;
    }
    reloadPlans(newName);
    return true;
}

bool PresetManagerDialog::deleteSelectedPlan()
{
    const QString name = selectedPlanName();
    if (!writable() || name.isEmpty() || !ask(tr("Delete the saved plan \"%1\"?").arg(name)))
        return false;
    LibraryMessage error;
    if (!m_library->removePlan(name, &error)) {
        tell(tr("Cannot delete"), libraryMessageText(error));
        return false;
    }
    reloadPlans();
    return true;
}

bool PresetManagerDialog::openSelectedPlan()
{
    const QString name = selectedPlanName();
    if (name.isEmpty() || !m_library)
        return false;
    Scenario s;
    QList<LoadError> errors;
    if (!m_library->loadPlan(name, s, errors)) {
        tell(tr("Cannot open"), errors.isEmpty() ? name : loadErrorText(errors.first()));
        return false;
    }
    Q_EMIT planOpenRequested(s);
    return true;
}

bool PresetManagerDialog::exportSelectedPlan(const QString &fileName)
{
    const QString name = selectedPlanName();
    if (name.isEmpty() || !m_library)
        return false;
    LibraryMessage error;
    if (!m_library->exportPlan(name, fileName, &error)) {
        tell(tr("Cannot export"), libraryMessageText(error));
        return false;
    }
    return true;
}

} // namespace commtax
