// SPDX-License-Identifier: GPL-3.0-or-later
#include "comparisonview.h"
#include "fittedcombobox.h"

#include "columneditor.h"
#include "comparisontablemodel.h"
#include "library/comparisonio.h"
#include "library/presetlibrary.h"
#include "report/reportexport.h"
#include "screenfit.h"
#include "text/modeltext.h"

#include <qcustomplot.h>

#include <QAction>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QIdentityProxyModel>
#include <QInputDialog>
#include <QKeyEvent>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>
#include <QWindow>

#include <algorithm>

namespace commtax {

namespace {
// `text` broken at spaces into lines no wider than `width` pixels. A word wider than that keeps
// its line, or with `breakWords` is broken between characters (Chinese labels have few spaces).
QString wrapWords(const QString &text, const QFontMetrics &fm, int width, bool breakWords = false)
{
    QStringList lines;
    QString line;
    for (QString word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const QString candidate = line.isEmpty() ? word : line + QLatin1Char(' ') + word;
        if (line.isEmpty() || fm.horizontalAdvance(candidate) <= width) {
            line = candidate;
        } else {
            lines << line;
            line = word;
        }
        while (breakWords && line.size() > 1 && fm.horizontalAdvance(line) > width) {
            qsizetype n = line.size() - 1;
            while (n > 1 && fm.horizontalAdvance(line.left(n)) > width)
                --n;
            lines << line.left(n);
            line = line.mid(n);
        }
    }
    if (!line.isEmpty())
        lines << line;
    return lines.join(QLatin1Char('\n'));
}

// The table's headers wrapped onto as many lines as they need: the column headers to the
// column's width (plan names of up to 60 characters are not cut), the row
// labels to `rowWidth`, so that the labels' column stays narrow and three plan columns show at
// 1280 px, four at 1600.
class WrappedHeaders : public QIdentityProxyModel
{
public:
    using QIdentityProxyModel::QIdentityProxyModel;
    int width = 150;    // of the text in a plan column, pixels
    int rowWidth = 140; // of a row label's text, pixels
    QFont font;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override
    {
        const QVariant v = QIdentityProxyModel::headerData(section, orientation, role);
        if (role != Qt::DisplayRole)
            return v;
        if (orientation == Qt::Horizontal)
            return wrapWords(v.toString(), QFontMetrics(font), width);
        return wrapWords(v.toString(), QFontMetrics(font), rowWidth, true);
    }
};

} // namespace

ComparisonView::ComparisonView(QWidget *parent)
    : QWidget(parent)
    , m_doc(new ComparisonDocument(this))
    , m_model(new ComparisonTableModel(this))
{
    createChoiceBoxes();
    QHBoxLayout *buttons = buildButtonRow();
    QHBoxLayout *choices = buildChoiceRow();
    buildTable();
    QTabWidget *charts = buildChartTabs();

    auto *split = new QSplitter(Qt::Horizontal, this);
    m_split = split;
    split->addWidget(m_table);
    split->addWidget(charts);
    // Four plans fit the table at 1600 px, more scroll.
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    split->setSizes({860, 740});

    QHBoxLayout *findingsRow = buildStatusAndFindings();

    auto *layout = new QVBoxLayout(this);
    auto *menus = new QMenuBar(this);
    menus->addMenu(buildFileMenu());
    layout->setMenuBar(menus);
    layout->addLayout(choices);
    layout->addLayout(buttons);
    setupColumnEditor(layout);
    layout->addWidget(m_status);
    layout->addWidget(split, 1);
    layout->addLayout(findingsRow);

    connectChoices();
    connectPlanButtons();
    connectDocument();
    startDefaultComparison();
}

// The normalisation, layout and plan A boxes.
void ComparisonView::createChoiceBoxes()
{
    m_normalizationBox = new QComboBox(this);
    m_normalizationBox->setObjectName(QStringLiteral("normalization"));
    for (Normalization n : {Normalization::AsGiven, Normalization::EqualGpus, Normalization::EqualBudget, Normalization::EqualTime})
        m_normalizationBox->addItem(normalizationText(n), QVariant::fromValue(int(n)));
    m_normalizationBox->setToolTip(tr("Resize every plan (keeping tp, pp and the global batch) to the reference plan's "
                                      "GPU count or capex, or to the fewest GPUs that train at least as fast as it "
                                      "(often faster: GPU counts come in whole nodes)"));
    m_layoutBox = new QComboBox(this);
    m_layoutBox->setObjectName(QStringLiteral("layouts"));
    m_layoutBox->addItem(tr("Layouts as given"), -1);
    m_layoutBox->addItem(tr("Best layout for time"), int(search::Objective::Time));
    m_layoutBox->addItem(tr("Best layout for cost"), int(search::Objective::Cost));
    m_layoutBox->addItem(tr("Best layout for TCO"), int(search::Objective::Tco));
    m_layoutBox->setToolTip(tr("Give every plan the best parallel layout for this objective on its own GPU and cluster "
                               "(the layout search); the table's notes name the layout, the runner-up and the margin"));
    m_referenceBox = new FittedComboBox(this);
    m_referenceBox->setObjectName(QStringLiteral("reference"));
    // Plan names run to 60 characters: the box shows the start, the list the whole names.
    m_referenceBox->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_referenceBox->setMinimumContentsLength(20);
}

// Add, duplicate and remove plans, export, close: the row of buttons. The buttons that change
// with the plans and the selection are members (connectPlanButtons()); the others are wired here.
QHBoxLayout *ComparisonView::buildButtonRow()
{
    auto *addFile = new QPushButton(tr("Add plan file..."), this);
    addFile->setObjectName(QStringLiteral("addFile"));
    m_addSaved = new QPushButton(tr("Add saved plan..."), this);
    m_addSaved->setObjectName(QStringLiteral("addSaved"));
    m_addSaved->setEnabled(false);
    m_addCurrent = new QPushButton(tr("Add current plan"), this);
    m_addCurrent->setObjectName(QStringLiteral("addCurrent"));
    m_addCurrent->setToolTip(tr("Add the plan open in the editor, as it is now"));
    m_addCurrent->setEnabled(false);
    m_duplicate = new QPushButton(tr("Duplicate column"), this);
    m_duplicate->setObjectName(QStringLiteral("duplicatePlan"));
    m_duplicate->setEnabled(false);
    m_remove = new QPushButton(tr("Remove plan"), this);
    m_remove->setObjectName(QStringLiteral("removePlan"));
    m_remove->setEnabled(false); // until a column is selected (updatePlanButtons())
    auto *exportButton = new QPushButton(tr("Export report..."), this);
    exportButton->setObjectName(QStringLiteral("exportReport"));
    auto *closeButton = new QPushButton(tr("Close"), this);
    closeButton->setObjectName(QStringLiteral("close"));
    closeButton->setToolTip(tr("Close this window (Esc)"));

    // The buttons on a row of their own: on one row with the choices (buildChoiceRow()) the
    // window could not be narrower than about 1,340 px, wider than a 1280x800 screen.
    auto *bar = new QHBoxLayout;
    bar->addWidget(addFile);
    bar->addWidget(m_addSaved);
    bar->addWidget(m_addCurrent);
    bar->addWidget(m_duplicate);
    bar->addWidget(m_remove);
    bar->addStretch(1);
    bar->addWidget(exportButton);
    bar->addWidget(closeButton);
    connect(addFile, &QPushButton::clicked, this, &ComparisonView::chooseAndAddFiles);
    connect(exportButton, &QPushButton::clicked, this, [this] { exportReport(); });
    connect(closeButton, &QPushButton::clicked, this, &QWidget::close);
    return bar;
}

// "Normalise: [as given] [layouts]   Plan A: [plan]"
QHBoxLayout *ComparisonView::buildChoiceRow()
{
    auto *bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Normalise:"), this));
    bar->addWidget(m_normalizationBox);
    bar->addWidget(m_layoutBox);
    bar->addSpacing(12);
    bar->addWidget(new QLabel(tr("Plan A:"), this));
    bar->addWidget(m_referenceBox);
    bar->addStretch(1);
    return bar;
}

// The comparison table: a column per plan, selected by whole columns.
void ComparisonView::buildTable()
{
    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("table"));
    auto *headers = new WrappedHeaders(this);
    headers->setSourceModel(m_model);
    headers->font = m_table->horizontalHeader()->font();
    m_headers = headers;
    m_table->setModel(headers);
    m_table->setAlternatingRowColors(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectColumns);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setDefaultSectionSize(150);
    m_table->horizontalHeader()->setDefaultAlignment(Qt::AlignCenter);
    m_table->setWordWrap(true); // long cells (GPU and cluster names, notes) wrap, never cut
    // Sideways by whole columns: the leftmost column shown always starts at the table's left edge,
    // and a click on a column partly out of view scrolls it whole into view without leaving plan A
    // (or whichever column is leftmost) half cut.
    m_table->setHorizontalScrollMode(QAbstractItemView::ScrollPerItem);
    m_table->viewport()->installEventFilter(this); // fitColumns() on every resize
}

// The chart tabs: the overview of four charts, a tab for each break-even chart, the sensitivity.
QTabWidget *ComparisonView::buildChartTabs()
{
    auto *charts = new QTabWidget(this);
    charts->setObjectName(QStringLiteral("charts"));
    auto *overview = new QWidget(charts);
    auto *grid = new QGridLayout(overview);
    // The break-even charts a tab each: eight plans with long names give them a legend of eight
    // or more entries, and the axes keep most of the height.
    QList<ComparisonChartView *> breakEvens;
    int k = 0;
    for (ComparisonChart c : kAllComparisonCharts) {
        auto *plot = new ComparisonChartView(c, this);
        m_charts << plot;
        if (c == ComparisonChart::PriceBreakEven || c == ComparisonChart::BuyVersusRent) {
            // A tab each: low enough for a 1280x800 screen at 150% (the window 491 px high).
            plot->setMinimumWidth(340);
            plot->setMinimumPlotHeight(40);
            breakEvens << plot;
        } else {
            // Tall enough for four plans' wrapped names and the step-time legend to leave the
            // bars room (at 1280x800 the step-time plot was 35 px high); the four
            // scroll when the window is lower than that.
            plot->setMinimumWidth(290);
            plot->setMinimumPlotHeight(150);
            grid->addWidget(plot, k / 2, k % 2);
            ++k;
        }
    }
    auto *overviewScroll = new QScrollArea(charts);
    overviewScroll->setObjectName(QStringLiteral("chartsOverview"));
    overviewScroll->setWidgetResizable(true);
    overviewScroll->setFrameShape(QFrame::NoFrame);
    overviewScroll->setWidget(overview);
    overviewScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff); // the charts take the width given
    // One chart wide at least: the four charts go to one column when the area is narrower than
    // two (on a 1280x800 screen at 150% the table keeps room for plan A and another plan).
    m_overviewGrid = grid;
    m_overviewScroll = overviewScroll;
    overviewScroll->setMinimumWidth(m_charts.first()->minimumWidth() + grid->contentsMargins().left()
                                    + grid->contentsMargins().right()
                                    + overviewScroll->verticalScrollBar()->sizeHint().width());
    overviewScroll->viewport()->installEventFilter(this); // arrangeOverview() on every resize
    charts->addTab(overviewScroll, tr("Charts"));
    charts->addTab(breakEvens.value(0), tr("Break-even price"));
    charts->addTab(breakEvens.value(1), tr("Buy or rent"));
    m_chartTabs = charts;
    charts->addTab(makeSensitivityTab(charts), tr("Sensitivity"));
    return charts;
}

// The status line above the table, and the findings under it with their "Details" button.
QHBoxLayout *ComparisonView::buildStatusAndFindings()
{
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("status"));
    m_status->setStyleSheet(QStringLiteral("color: #a33;"));
    m_status->setWordWrap(true);
    m_findings = new QLabel(this);
    m_findings->setObjectName(QStringLiteral("findings"));
    m_findings->setWordWrap(true);
    m_findings->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Compact under the table: the decision (the headline) in one paragraph; the other
    // findings (why, the break-evens, what does not run) behind "Details", all of them in the
    // label's tooltip.
    m_findingsMore = new QToolButton(this);
    m_findingsMore->setObjectName(QStringLiteral("findingsMore"));
    m_findingsMore->setCheckable(true);
    m_findingsMore->setToolButtonStyle(Qt::ToolButtonTextOnly);
    connect(m_findingsMore, &QToolButton::toggled, this, &ComparisonView::showFindings);
    auto *findingsRow = new QHBoxLayout;
    findingsRow->addWidget(m_findings, 1);
    findingsRow->addWidget(m_findingsMore, 0, Qt::AlignTop);
    return findingsRow;
}

// The normalisation, layout and plan A boxes change the document.
void ComparisonView::connectChoices()
{
    connect(m_normalizationBox, &QComboBox::currentIndexChanged, this,
            [this](int) { setNormalization(Normalization(m_normalizationBox->currentData().toInt())); });
    connect(m_layoutBox, &QComboBox::currentIndexChanged, this, [this](int) {
        const int o = m_layoutBox->currentData().toInt();
        BestLayout best;
        best.enabled = o >= 0;
        if (best.enabled)
            best.objective = search::Objective(o);
        setBestLayout(best);
    });
    connect(m_referenceBox, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (i >= 0)
            setReference(i);
    });
}

// Add saved, add current, duplicate, remove, and the selection that enables them.
void ComparisonView::connectPlanButtons()
{
    connect(m_addSaved, &QPushButton::clicked, this, &ComparisonView::chooseAndAddSavedPlan);
    connect(m_remove, &QPushButton::clicked, this, &ComparisonView::removeSelectedPlan);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, &ComparisonView::updatePlanButtons);
    connect(m_addCurrent, &QPushButton::clicked, this, [this] {
        QString error;
        if (m_currentPlan && !addScenario(m_currentPlan(), &error))
            QMessageBox::warning(this, tr("Cannot add the plan"), error);
    });
    connect(m_duplicate, &QPushButton::clicked, this, [this] {
        QString error;
        if (!duplicateScenario(selectedPlan(), &error))
            QMessageBox::warning(this, tr("Cannot duplicate the plan"), error);
    });
}

// The document's changes shown in the view.
void ComparisonView::connectDocument()
{
    connect(m_doc, &ComparisonDocument::plansChanged, this, &ComparisonView::refreshReferenceChoices);
    connect(m_doc, &ComparisonDocument::comparisonChanged, this, &ComparisonView::showComparison);
    connect(m_doc, &ComparisonDocument::sensitivityChanged, this, &ComparisonView::showSensitivity);
    connect(m_doc, &ComparisonDocument::sensitivityReady, this, &ComparisonView::sensitivityReady);
    connect(m_doc, &ComparisonDocument::goalsChanged, this, [this] {
        showGoals(m_doc->goals());
        setWindowModified(isModified());
    });
    connect(m_doc, &ComparisonDocument::aboutToReplaceScenario, this,
            [this] { m_scrolledBeforeReplace = m_table->horizontalScrollBar()->value(); });
    connect(m_doc, &ComparisonDocument::scenarioReplaced, this, [this](int index) {
        m_table->selectColumn(index); // keep editing the same plan, where it was
        m_table->horizontalScrollBar()->setValue(m_scrolledBeforeReplace);
        refreshColumnEditor();
    });
}

// The comparison the window opens with, marked as saved.
void ComparisonView::startDefaultComparison()
{
    // The default comparison puts every GPU on its best layout for time (a fair comparison).
    SavedComparison start;
    start.plans = defaultComparison();
    start.bestLayout.enabled = true;
    start.bestLayout.objective = search::Objective::Time;
    m_doc->setSavedComparison(start);
    // The title's "*" says whether the comparison differs from what was opened or saved.
    connect(this, &ComparisonView::comparisonChanged, this, [this] { setWindowModified(isModified()); });
    markSaved();
}

ComparisonView::~ComparisonView() = default;

ComparisonView *ComparisonView::openWindow(QWidget *parent, PresetLibrary *library, const QList<Scenario> &plans)
{
    auto *view = new ComparisonView(parent);
    view->setWindowFlag(Qt::Window);
    view->setAttribute(Qt::WA_DeleteOnClose);
    view->setLibrary(library);
    if (!plans.isEmpty())
        view->setScenarios(plans);
    view->markSaved(); // what it opens with is the app's, not the user's yet
    view->show();
    // Sized once shown: before, its minimum is the width of the charts in two columns (877 px
    // on a 1280x800 screen at 150%, wider than its 853).
    fitToScreen(view, QSize(1600, 1000));
    view->splitTableAndCharts();
    return view;
}

void ComparisonView::setLibrary(PresetLibrary *library)
{
    m_library = library;
    m_doc->setLibrary(library);
    m_addSaved->setEnabled(library && library->isOpen());
    rebuildLibraryMenu();
}

void ComparisonView::setCurrentPlanSource(std::function<Scenario()> source)
{
    m_currentPlan = std::move(source);
    m_addCurrent->setEnabled(m_currentPlan && m_doc->scenarios().size() < kMaxComparedPlans);
}

ComparisonChartView *ComparisonView::chart(ComparisonChart chart) const
{
    for (qsizetype i = 0; i < qsizetype(std::size(kAllComparisonCharts)); ++i)
        if (kAllComparisonCharts[i] == chart)
            return m_charts.value(i);
    return nullptr;
}

QString ComparisonView::findingsText() const
{
    return libraryTexts(comparisonFindingTexts(shownComparison(comparison()))).join(QLatin1Char('\n'));
}

// The row of in-place edits under the buttons, and the undo stack they record on.
void ComparisonView::setupColumnEditor(QVBoxLayout *layout)
{
    QAction *undo = undoStack()->createUndoAction(this, tr("Undo"));
    undo->setShortcuts(QKeySequence::Undo);
    QAction *redo = undoStack()->createRedoAction(this, tr("Redo"));
    // Ctrl+Shift+Z and Ctrl+Y wherever the platform binds only one of them (as the editor does)
    QList<QKeySequence> redoKeys = QKeySequence::keyBindings(QKeySequence::Redo);
    for (const QKeySequence &k : {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)})
        if (!redoKeys.contains(k))
            redoKeys << k;
    redo->setShortcuts(redoKeys);
    for (QAction *a : {undo, redo}) {
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        addAction(a);
    }
    m_columnEditor = new ColumnEditor(this);
    m_columnEditor->setObjectName(QStringLiteral("columnEditor"));
    layout->addWidget(m_columnEditor);
    connect(m_columnEditor, &ColumnEditor::edited, m_doc, &ComparisonDocument::editScenario);
    connect(m_columnEditor, &ColumnEditor::failed, this, [this](const QString &error) {
        m_status->setText(error);
        m_status->setVisible(true);
        refreshColumnEditor(); // back to the plan's values
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, &ComparisonView::refreshColumnEditor);
}

void ComparisonView::refreshColumnEditor()
{
    const int plan = selectedPlan();
    m_columnEditor->setPlan(plan, plan >= 0 ? m_doc->scenarios()[plan] : Scenario{}, catalog());
}

void ComparisonView::refreshReferenceChoices()
{
    const QSignalBlocker block(m_referenceBox);
    m_referenceBox->clear();
    const QList<Scenario> &plans = m_doc->scenarios();
    for (qsizetype i = 0; i < plans.size(); ++i)
        m_referenceBox->addItem(planNameText(planNameOf(plans[i], int(i))));
    m_referenceBox->setCurrentIndex(m_doc->reference());
    updatePlanButtons();
    m_addCurrent->setEnabled(m_currentPlan && plans.size() < kMaxComparedPlans);
}

void ComparisonView::updatePlanButtons()
{
    // Remove and Duplicate act on the selected column (a click on its header or any of its cells
    // selects it whole); their tooltips name that plan, so what they act on is never a guess.
    const int plan = selectedPlan();
    m_remove->setEnabled(plan >= 0);
    m_duplicate->setEnabled(plan >= 0 && m_doc->scenarios().size() < kMaxComparedPlans);
    if (plan < 0) {
        m_remove->setToolTip(tr("Remove the plan whose column is selected in the table (click its header or a cell)"));
        m_duplicate->setToolTip(tr("Add a copy of the plan whose column is selected, next to it"));
        return;
    }
    const QString name = planNameText(planNameOf(m_doc->scenarios()[plan], plan));
    m_remove->setToolTip(tr("Remove \"%1\" (column %2) from the comparison").arg(name).arg(plan + 1));
    m_duplicate->setToolTip(tr("Add a copy of \"%1\" (column %2) next to it").arg(name).arg(plan + 1));
}

void ComparisonView::syncChoices()
{
    const QSignalBlocker blockNormalization(m_normalizationBox), blockLayout(m_layoutBox);
    const QSignalBlocker blockReference(m_referenceBox);
    m_normalizationBox->setCurrentIndex(m_normalizationBox->findData(int(m_doc->normalization())));
    const BestLayout best = m_doc->bestLayout();
    m_layoutBox->setCurrentIndex(m_layoutBox->findData(best.enabled ? int(best.objective) : -1));
    m_referenceBox->setCurrentIndex(m_doc->reference());
}

void ComparisonView::showComparison()
{
    syncChoices();
    const Comparison &comparison = m_doc->comparison();
    // Shown with the names' tags in the interface language; exports take the comparison as it is.
    const Comparison shown = shownComparison(comparison);
    // The box shows the start of a long name: the tooltip has it whole.
    m_referenceBox->setToolTip(tr("Plan A: %1\nThe reference of the normalisation and of the break-even figures").arg(m_referenceBox->currentText()));
    m_model->setComparison(shown);
    QStringList status;
    if (m_doc->scenarios().size() < kMinComparedPlans)
        status << tr("Add at least %1 plans to compare.").arg(kMinComparedPlans);
    if (!comparison.note.isEmpty())
        status << tr("Not normalised: ") + libraryText(comparison.noteText) + QLatin1Char('.');
    m_status->setText(status.join(QLatin1Char(' ')));
    m_status->setVisible(!status.isEmpty());
    for (qsizetype i = 0; i < m_charts.size(); ++i)
        m_charts[i]->showComparison(shown);
    showFindings();
    fitColumns();
    // The sensitivity of this comparison comes after, from the document's worker.
    showSensitivity();
    Q_EMIT comparisonChanged();
}

void ComparisonView::showFindings()
{
    const QStringList findings = libraryTexts(comparisonFindingTexts(shownComparison(comparison())));
    const qsizetype lead = std::min<qsizetype>(findings.size(), 1); // the decision
    QString html = QStringLiteral("<b>%1</b> ").arg(tr("Recommendation:").toHtmlEscaped());
    for (qsizetype i = 0; i < lead; ++i)
        html += findings[i].toHtmlEscaped() + QLatin1Char(' ');
    const qsizetype more = findings.size() - lead;
    if (more > 0 && m_findingsMore->isChecked()) {
        html += QStringLiteral("<ul style=\"margin-top:2px; margin-bottom:0px\">");
        for (qsizetype i = lead; i < findings.size(); ++i)
            html += QStringLiteral("<li>") + findings[i].toHtmlEscaped() + QStringLiteral("</li>");
        html += QStringLiteral("</ul>");
    }
    m_findings->setText(html);
    m_findings->setToolTip(findings.join(QLatin1Char('\n')));
    m_findingsMore->setVisible(more > 0);
    m_findingsMore->setText(m_findingsMore->isChecked() ? tr("Fewer details") : tr("Details (%1 more)").arg(more));
    m_findingsMore->setToolTip(m_findingsMore->isChecked() ? tr("Show only the recommendation")
                                                           : tr("Show the other findings of the comparison"));
}

bool ComparisonView::addPlanFile(const QString &fileName, QString *error)
{
    const PresetCatalog catalog = this->catalog();
    Scenario s;
    QList<LoadError> errors;
    if (!loadAndValidateScenario(fileName, catalog, s, errors)) {
        if (error) {
            QStringList lines;
            for (const LoadError &e : errors)
                lines << e.toString();
            *error = lines.join(QLatin1Char('\n'));
        }
        return false;
    }
    if (s.name.isEmpty())
        s.name = QFileInfo(fileName).completeBaseName();
    return addScenario(s, error);
}

void ComparisonView::chooseAndAddFiles()
{
    const QStringList files = QFileDialog::getOpenFileNames(this, tr("Add plan files"), QString(),
                                                            tr("Commtax scenarios (*.json)"));
    for (const QString &f : files) {
        QString error;
        if (!addPlanFile(f, &error)) {
            QMessageBox::warning(this, tr("Cannot add the plan"), error);
            return;
        }
    }
}

void ComparisonView::chooseAndAddSavedPlan()
{
    if (!m_library)
        return;
    QStringList names;
    for (const SavedPlan &p : m_library->plans())
        names << p.name;
    if (names.isEmpty()) {
        QMessageBox::information(this, tr("No saved plans"),
                                 tr("The preset library holds no saved plans yet (Tools > Preset manager)."));
        return;
    }
    bool ok = false;
    const QString name = QInputDialog::getItem(this, tr("Add saved plan"), tr("Plan:"), names, 0, false, &ok);
    if (!ok)
        return;
    Scenario s;
    QList<LoadError> errors;
    QString error;
    if (!m_library->loadPlan(name, s, errors))
        error = errors.isEmpty() ? tr("cannot read the plan") : loadErrorText(errors.first());
    else if (!addScenario(s, &error))
        ; // error set
    else
        return;
    QMessageBox::warning(this, tr("Cannot add the plan"), error);
}

int ComparisonView::selectedPlan() const
{
    // The selected column (a header click or a cell selects the whole column), not the column
    // of whichever cell is current: with nothing selected there is nothing to remove.
    const QModelIndexList columns = m_table->selectionModel() ? m_table->selectionModel()->selectedColumns() : QModelIndexList{};
    if (columns.size() != 1 || columns.first().column() >= m_doc->scenarios().size())
        return -1;
    return columns.first().column();
}

void ComparisonView::removeSelectedPlan()
{
    const int plan = selectedPlan();
    if (plan < 0)
        return;
    removeScenario(plan);
    m_table->clearSelection();
    m_remove->setEnabled(false);
    // The model's reset dropped the selection without a signal: the editor showed the removed
    // column ("Column 3: NVIDIA L40S 48GB") until another was selected.
    refreshColumnEditor();
}

void ComparisonView::fitColumns()
{
    // Up to four plans share the table's width (each 110 to 260 px); more scroll sideways. Names
    // and cells wrap at that width, and rows grow to show them whole.
    const int plans = m_model->columnCount();
    if (plans == 0)
        return;
    const int available = m_table->viewport()->width();
    // never narrower than the widest word of a cell ("recompute=none" in a note), which the
    // delegate would cut with "..."
    const QFontMetrics fm(m_table->font());
    int widestWord = 0;
    for (int r = 0; r < m_model->rowCount(); ++r)
        for (int c = 0; c < plans; ++c)
            for (const QString &word : m_model->index(r, c).data().toString().split(QLatin1Char(' '), Qt::SkipEmptyParts))
                widestWord = std::max(widestWord, fm.horizontalAdvance(word) + 10);
    const int width = std::clamp(std::max(available / std::min(plans, 4), widestWord), 110, 260);
    auto *headers = static_cast<WrappedHeaders *>(m_headers);
    const bool changed = headers->width != width - 12;
    headers->width = width - 12;
    for (int c = 0; c < plans; ++c)
        m_table->setColumnWidth(c, width);
    if (changed)
        Q_EMIT headers->headerDataChanged(Qt::Horizontal, 0, plans - 1);
    m_table->resizeRowsToContents();
}

bool ComparisonView::eventFilter(QObject *watched, QEvent *event)
{
    if (m_overviewScroll && watched == m_overviewScroll->viewport() && event->type() == QEvent::Resize)
        arrangeOverview();
    if (watched == m_table->viewport() && event->type() == QEvent::Resize && !m_fitting) {
        m_fitting = true; // the columns' widths may show or hide a scroll bar: once per resize
        fitColumns();
        m_fitting = false;
    }
    return QWidget::eventFilter(watched, event);
}

// The tab widget's frame and pane margins around the Charts tab's scroll area, with slack.
constexpr int kChartTabFrame = 16;

int ComparisonView::twoChartColumnsWidth() const
{
    const QMargins m = m_overviewGrid->contentsMargins();
    return 2 * m_charts.first()->minimumWidth() + m_overviewGrid->horizontalSpacing() + m.left() + m.right()
        + m_overviewScroll->verticalScrollBar()->sizeHint().width() + kChartTabFrame;
}

void ComparisonView::splitTableAndCharts()
{
    // The charts in two columns when the table keeps 45% of the width beside them (1280 px and
    // up), at least 46% (four plans at 1600 px); else 40% for the charts in one column (a
    // 1280x800 screen at 150%: the table keeps plan A and another plan).
    // From the window's width: on the first show the splitter has not been laid out yet.
    const QMargins margins = layout()->contentsMargins();
    const int w = contentsRect().width() - margins.left() - margins.right() - m_split->handleWidth();
    int charts = std::max(twoChartColumnsWidth(), w * 46 / 100);
    if (w - charts < w * 45 / 100)
        charts = w * 40 / 100;
    m_split->setSizes({w - charts, charts});
}

void ComparisonView::arrangeOverview()
{
    QList<QWidget *> plots; // the overview's charts, in kAllComparisonCharts order
    for (ComparisonChartView *plot : std::as_const(m_charts))
        if (m_overviewGrid->indexOf(plot) >= 0)
            plots << plot;
    if (plots.isEmpty())
        return;
    const QMargins m = m_overviewGrid->contentsMargins();
    const int two = 2 * plots.first()->minimumWidth() + m_overviewGrid->horizontalSpacing() + m.left() + m.right();
    const int columns = m_overviewScroll->viewport()->width() >= two ? 2 : 1;
    if (columns == m_overviewColumns)
        return;
    m_overviewColumns = columns;
    for (QWidget *plot : std::as_const(plots))
        m_overviewGrid->removeWidget(plot);
    for (int k = 0; k < int(plots.size()); ++k)
        m_overviewGrid->addWidget(plots[k], k / columns, k % columns);
}

void ComparisonView::keyPressEvent(QKeyEvent *event)
{
    // A window of its own: Escape closes it, as it does a dialog.
    if (isWindow() && event->key() == Qt::Key_Escape && event->modifiers() == Qt::NoModifier) {
        close();
        return;
    }
    QWidget::keyPressEvent(event);
}

QString ComparisonView::exportReport(const QString &fileName)
{
    const PresetCatalog catalog = this->catalog();
    // The sensitivity shown, when sampled for this comparison; else the export samples it. With
    // goals, the report opens with What to buy's verdict on them (a search over the columns' GPUs
    // and counts: a second or so). Both off the GUI thread, after the file dialog.
    const ComparisonSensitivity *sensitivity = m_doc->sensitivity().valid ? &m_doc->sensitivity() : nullptr;
    return fileName.isEmpty() ? exportReportInteractively(this, comparison(), catalog, sensitivity, goals())
                              : exportReportToFile(this, comparison(), catalog, fileName, sensitivity, goals());
}

void ComparisonView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (!m_splitDone) { // once, at the size it opens at, when it is laid out
        m_splitDone = true;
        QTimer::singleShot(0, this, &ComparisonView::splitTableAndCharts);
    }
    // QCustomPlot does not notice a move to a screen with another pixel ratio.
    if (!m_screenHooked && windowHandle()) {
        m_screenHooked = true;
        connect(windowHandle(), &QWindow::screenChanged, this, [this](QScreen *screen) {
            QList<QCustomPlot *> plots(m_charts.cbegin(), m_charts.cend());
            plots << m_rangesChart << m_tornadoChart;
            for (QCustomPlot *plot : std::as_const(plots)) {
                plot->setBufferDevicePixelRatio(screen ? screen->devicePixelRatio() : 1.0);
                plot->replot(QCustomPlot::rpQueuedReplot);
            }
        });
    }
}

// ---------------------------------------------------------------------------------------------
// Sensitivity

// The deadline and budget the columns are judged against: each column's P(meets deadline) and
// P(within budget) in the table under it. 0 is "none"; a change samples again.
QWidget *ComparisonView::makeGoalsBox(QWidget *parent)
{
    auto *box = new QGroupBox(tr("Goals"), parent);
    box->setObjectName(QStringLiteral("goalsBox"));
    // One field a row: the Sensitivity tab is half the window wide (at 1280x800 and 150%, 420 px).
    auto *form = new QFormLayout(box);
    const auto spin = [&](const char *name, const QString &label, const QString &suffix, double max,
                          const QString &tip) {
        auto *s = new QDoubleSpinBox(box);
        s->setObjectName(QLatin1String(name));
        s->setRange(0, max);
        s->setDecimals(suffix == tr(" days") ? 0 : 2);
        s->setSuffix(suffix);
        s->setSpecialValueText(tr("none"));
        s->setToolTip(tip);
        s->setKeyboardTracking(false); // one sampling per value, not per key
        form->addRow(label, s);
        connect(s, &QDoubleSpinBox::valueChanged, this, [this] { goalsEdited(); });
        return s;
    };
    m_goalDeadline = spin("goalDeadline", tr("Deadline:"), tr(" days"), kMaxGoalDays,
                          tr("Days to train at most (none: no deadline)"));
    m_goalCapex = spin("goalCapex", tr("Capital:"), tr(" M USD"), kMaxGoalUsd / 1e6,
                       tr("Capital at most, in millions of USD, for a bought plan (none: no limit)"));
    m_goalTco = spin("goalTco", tr("Cost of the run:"), tr(" M USD"), kMaxGoalUsd / 1e6,
                     tr("The run's TCO at most, in millions of USD, bought or rented (none: no limit)"));
    return box;
}

void ComparisonView::goalsEdited()
{
    Goals g = goals().value_or(Goals{});
    g.deadlineDays = m_goalDeadline->value();
    g.capexUsd = m_goalCapex->value() * 1e6;
    g.tcoUsd = m_goalTco->value() * 1e6;
    setGoals(goals() || g != Goals{} ? std::optional<Goals>(g) : std::nullopt);
}

QWidget *ComparisonView::makeSensitivityTab(QWidget *parent)
{
    auto *scroll = new QScrollArea(parent);
    scroll->setObjectName(QStringLiteral("sensitivityTab"));
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto *page = new QWidget(scroll);
    auto *layout = new QVBoxLayout(page);
    layout->addWidget(makeGoalsBox(page));
    m_sensitivityTable = new QLabel(page);
    m_sensitivityTable->setObjectName(QStringLiteral("sensitivityTable"));
    m_sensitivityTable->setWordWrap(true);
    m_sensitivityTable->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // The tab scrolls rather than squeeze a chart below its title, axes and bars: on a short
    // window the next chart's title was drawn over the ranges' lower half.
    m_rangesChart = new ComparisonChartView(ComparisonChart::CostRanges, page);
    m_rangesChart->setMinimumSize(340, 260);
    m_tornadoChart = new RecommendedTornadoChart(page);
    m_tornadoChart->setMinimumSize(340, 260);
    m_breakEvens = new QLabel(page);
    m_breakEvens->setObjectName(QStringLiteral("breakEvens"));
    m_breakEvens->setWordWrap(true);
    m_breakEvens->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_sensitivityTable);
    layout->addWidget(m_rangesChart, 1);
    layout->addWidget(m_tornadoChart, 1);
    layout->addWidget(m_breakEvens);
    scroll->setWidget(page);
    return scroll;
}

void ComparisonView::showSensitivity()
{
    const ComparisonSensitivity &s = m_doc->sensitivity();
    const Comparison &comparison = m_doc->comparison();
    const std::optional<Goals> &goals = m_doc->goals();
    const Comparison shown = shownComparison(comparison);
    m_rangesChart->showComparison(shown, s);
    m_tornadoChart->showSensitivity(shown, s);
    if (!s.valid) {
        m_sensitivityTable->setText(m_doc->sensitivityOptions().samples > 0 ? tr("Sampling the input ranges...")
                                                                            : tr("Sensitivity is off."));
        m_breakEvens->clear();
        return;
    }
    using uncertainty::Metric;
    const int n = int(comparison.plans.size());
    QString html = QStringLiteral("<table cellspacing=\"0\" cellpadding=\"3\" style=\"border-collapse: collapse\"><tr><th></th>");
    for (int i = 0; i < n; ++i)
        html += QStringLiteral("<th>%1</th>").arg(planNameText(comparison.plans[i].label).toHtmlEscaped());
    html += QStringLiteral("</tr>");
    auto row = [&](const QString &label, auto cell) {
        html += QStringLiteral("<tr><td><b>%1</b></td>").arg(label.toHtmlEscaped());
        for (int i = 0; i < n; ++i) {
            const PlanSensitivity &p = s.plans[std::size_t(i)];
            html += QStringLiteral("<td align=\"center\">%1</td>").arg(p.valid ? QString(cell(p)).toHtmlEscaped() : QStringLiteral("-"));
        }
        html += QStringLiteral("</tr>");
    };
    auto range = [](const uncertainty::Percentiles &q, QString (*text)(double)) { return QString(text(q.p10) + QStringLiteral(" - ") + text(q.p90)); };
    auto days = [](double v) { return formatNumber(v, 1); };
    auto money = [](double v) { return formatUsd(v); };
    auto percent = [](double v) { return QString(formatNumber(100.0 * v, 0) + QLatin1Char('%')); };
    row(tr("Days to train, P10 - P90"), [&](const PlanSensitivity &p) { return range(p.of(Metric::DaysToTrain), days); });
    row(tr("USD per billion tokens, P10 - P90"), [&](const PlanSensitivity &p) { return range(p.of(Metric::CostPerBillionTokens), money); });
    row(tr("TCO of the run, P10 - P90"), [&](const PlanSensitivity &p) { return range(p.of(Metric::Tco), money); });
    row(tr("Probability of being the cheapest"), [&](const PlanSensitivity &p) { return percent(p.probabilityCheapest); });
    row(tr("Probability of being the fastest"), [&](const PlanSensitivity &p) { return percent(p.probabilityFastest); });
    // The goals' odds (the Goals box above): as What to buy judges its options.
    const auto odds = [&](double v) { return v < 0 ? QString(QStringLiteral("-")) : percent(v); };
    if (goals && goals->deadlineDays > 0)
        row(tr("P(meets deadline: %1 days)").arg(formatNumber(goals->deadlineDays, 0)),
            [&](const PlanSensitivity &p) { return odds(p.pMeetsDeadline); });
    if (goals && (goals->capexUsd > 0 || goals->tcoUsd > 0))
        row(tr("P(within budget)"), [&](const PlanSensitivity &p) { return odds(p.pWithinBudget); });
    html += QStringLiteral("</table><p style=\"color:#555\">")
        + tr("%1 Latin hypercube samples, seed %2; inputs the plans share are drawn together.").arg(s.samples).arg(s.seed).toHtmlEscaped()
        + QStringLiteral("</p>");
    m_sensitivityTable->setText(html);
    QString be = QStringLiteral("<b>%1</b><ul style=\"margin-top:2px\">").arg(tr("Input break-evens").toHtmlEscaped());
    const std::vector<uncertainty::BreakEven> key = keyBreakEvens(s, 2);
    for (const uncertainty::BreakEven &b : key)
        be += QStringLiteral("<li>") + libraryText(breakEvenText(shown, b)).toHtmlEscaped() + QStringLiteral("</li>");
    if (key.empty())
        be += QStringLiteral("<li>") + tr("No single input within its field's limits makes another plan as cheap as the cheapest.").toHtmlEscaped() + QStringLiteral("</li>");
    m_breakEvens->setText(be + QStringLiteral("</ul>"));
}

} // namespace commtax
