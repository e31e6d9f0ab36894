// SPDX-License-Identifier: GPL-3.0-or-later
#include "planeditor.h"
#include "fittedcombobox.h"
#include "handbook.h"
#include "text/modeltext.h"

#include "editor/sectionpresets.h"
#include "plandocument.h"

#include "core/uncertaintyio.h"
#include "engine/engine.h"
#include "engine/limits.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <climits>
#include <cmath>
#include <functional>

namespace commtax {

namespace {
constexpr int kSliderSteps = 1000;
const QString kErrorStyle = QStringLiteral("color: #b00020;");

// Token counts span 1e9 to 1e16: shown and typed as 2e+12, stepped by doubling.
class ScientificSpinBox : public QDoubleSpinBox
{
public:
    using QDoubleSpinBox::QDoubleSpinBox;
    QString textFromValue(double v) const override { return QLocale::c().toString(v, 'g', 6); }
    double valueFromText(const QString &text) const override { return QLocale::c().toDouble(text.trimmed()); }
    QValidator::State validate(QString &text, int &) const override
    {
        bool ok = false;
        const double v = QLocale::c().toDouble(text.trimmed(), &ok);
        if (ok)
            return v >= minimum() && v <= maximum() ? QValidator::Acceptable : QValidator::Intermediate;
        return QValidator::Intermediate;
    }
    void stepBy(int steps) override { setValue(value() * std::pow(2.0, steps)); }
};

// The value an optional field takes at the bottom of its spin box: null (the GPU's default) or "auto".
QJsonValue unsetValue(const FieldInfo &f)
{
    return f.type == FieldType::AutoDouble ? QJsonValue(QStringLiteral("auto")) : QJsonValue(QJsonValue::Null);
}

// With dp following the GPU count, the nearest node count past `plan`'s in `direction` (+1, -1)
// on which the plan is valid; 0 when none is within `span` counts (most
// counts are invalid, 33 to 63 on the default plan, so plain stepping flickered to "(stale)").
int nearestValidNodes(const Plan &plan, int direction, int span = 4096)
{
    for (long long n = plan.cluster.nodes + direction, k = 0; n >= 1 && n <= 100000 && k < span; n += direction, ++k) {
        Plan p = plan;
        p.cluster.nodes = int(n);
        if (deriveDataParallel(p) && validate(p).empty())
            return int(n);
    }
    return 0;
}

// A spin box whose arrow steps can land on chosen values (the valid node counts).
class SnappingSpinBox : public QSpinBox
{
public:
    std::function<int(int direction)> snap; // the value one step lands on, 0 for a plain step
    void stepBy(int steps) override
    {
        const int direction = steps > 0 ? 1 : -1;
        const int v = snap && steps != 0 ? snap(direction) : 0;
        if (v > 0)
            setValue(v); // one valid count per step, whatever the acceleration
        else
            QSpinBox::stepBy(steps);
    }
};

// A field whose relevance a GPU preset change flips (FP8 efficiency: A100 to H100 and back). GPU
// changes are frequent (comparing hardware is what the tool is for): showing or hiding such a row
// moved every row below it and re-laid out and repainted the whole editor (4 to 10 ms of the
// GUI thread, the slowest edits). Its row comes last in its group and keeps its room while hidden.
bool keepsRoomWhenHidden(const FieldInfo &f)
{
    return f.path() == fieldPathText(FieldId::gpu_fp8_efficiency);
}

bool hasSlider(const FieldInfo &f)
{
    return (f.type == FieldType::Double || f.type == FieldType::OptionalDouble || f.type == FieldType::AutoDouble) && f.min >= 0 && f.max <= 5;
}

int sliderPosition(const FieldInfo &f, double v)
{
    return int(std::lround((v - f.min) / (f.max - f.min) * kSliderSteps));
}

double sliderValue(const FieldInfo &f, int pos)
{
    const double scale = std::pow(10.0, f.decimals);
    const double v = f.min + (f.max - f.min) * pos / kSliderSteps;
    return std::round(v * scale) / scale;
}

QString plainValue(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Bool: return v.toBool() ? QStringLiteral("yes") : QStringLiteral("no");
    case QJsonValue::Double: return QLocale::c().toString(v.toDouble(), 'g', 8);
    case QJsonValue::String: return v.toString();
    case QJsonValue::Null: return QCoreApplication::translate("commtax::PlanEditor", "the GPU's default");
    default: return QStringLiteral("(none)");
    }
}

QString groupTitle(Section s)
{
    switch (s) {
    case Section::Training: return QCoreApplication::translate("commtax::PlanEditor", "Parallel layout");
    default: return sectionName(s);
    }
}
} // namespace

QString PlanEditor::objectNameFor(const QString &prefix, const QString &path)
{
    QString name = path;
    name.replace(QLatin1Char('.'), QLatin1Char('_'));
    return prefix + QLatin1Char('_') + name;
}

PlanEditor::PlanEditor(PlanDocument *doc, QWidget *parent)
    : QWidget(parent)
    , m_doc(doc)
{
    setObjectName(QStringLiteral("planEditor"));
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    m_scroll = new QScrollArea(this);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto *content = new QWidget;
    auto *column = new QVBoxLayout(content);
    column->setContentsMargins(6, 6, 6, 6);
    column->setSpacing(8);

    auto *nameForm = new QFormLayout;
    m_name = new QLineEdit;
    m_name->setObjectName(QStringLiteral("scenarioName"));
    m_name->setMaxLength(kMaxPlanNameChars); // as the file reader
    m_name->setPlaceholderText(tr("Name of this plan"));
    m_name->setAccessibleName(tr("Plan name"));
    m_name->setAccessibleDescription(tr("The plan's name in the window title, the comparison and the reports"));
    nameForm->addRow(tr("Plan name"), m_name);
    column->addLayout(nameForm);
    connect(m_name, &QLineEdit::editingFinished, this, [this] {
        // the name the app gave, shown in words and left as it was, stays the app's (it follows the plan)
        if (m_name->text().trimmed() != scenarioNameText(m_doc->scenario(), m_doc->catalog()).trimmed())
            m_doc->setName(m_name->text().trimmed());
    });

    m_generalErrors = new QLabel;
    m_generalErrors->setObjectName(QStringLiteral("generalErrors"));
    m_generalErrors->setStyleSheet(kErrorStyle);
    m_generalErrors->setWordWrap(true);
    m_generalErrors->hide();
    column->addWidget(m_generalErrors);

    m_rows.reserve(planFields().size());
    m_groups.reserve(std::size(kAllSections));
    for (Section s : kAllSections)
        buildGroup(s, groupTitle(s), column);
    column->addStretch(1);
    m_scroll->setWidget(content);
    outer->addWidget(m_scroll);

    connect(m_doc, &PlanDocument::scenarioChanged, this, &PlanEditor::refresh);
    connect(m_doc, &PlanDocument::dpFollowsGpusChanged, this, &PlanEditor::refresh);
    // Whom a dp complaint blames depends on whether dp follows the GPUs (blameWhatTheUserSet()).
    connect(m_doc, &PlanDocument::dpFollowsGpusChanged, this, [this] { setErrors(QList<FieldError>(m_engineErrors)); });
    connect(m_doc, &PlanDocument::catalogChanged, this, [this] {
        for (Group &g : m_groups) {
            fillPresetCombo(g);
            g.presetKey.clear(); // the tooltips name the catalog's presets
        }
        refresh();
    });
    refresh();
}

PlanEditor::~PlanEditor() = default;

QSize PlanEditor::minimumSizeHint() const
{
    const int content = m_scroll->widget() ? m_scroll->widget()->minimumSizeHint().width() : 200;
    return QSize(content + m_scroll->verticalScrollBar()->sizeHint().width() + 2 * m_scroll->frameWidth(), 120);
}

void PlanEditor::buildGroup(Section section, const QString &title, QLayout *into)
{
    auto *box = new QGroupBox(title);
    box->setObjectName(objectNameFor(QStringLiteral("group"), sectionKey(section)));
    // A grid, not a QFormLayout: Qt 6.4's form layout asks too little height of a group whose
    // word-wrapped labels and messages wrap, and then squeezes a row to nothing (the
    // tensor-parallel row vanished with micro-batch 4 and 68 nodes).
    auto *form = new QGridLayout(box);
    form->setHorizontalSpacing(8);
    form->setVerticalSpacing(4);
    form->setColumnStretch(1, 1);
    int line = 0;
    const auto addRow = [form, &line](QWidget *label, QWidget *field) {
        if (label)
            form->addWidget(label, line, 0);
        form->addWidget(field, line, 1);
        ++line;
    };

    const size_t gi = m_groups.size();
    Group g;
    g.section = section;
    g.presets = new FittedComboBox;
    g.presets->setObjectName(objectNameFor(QStringLiteral("preset"), sectionKey(section)));
    g.presets->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    g.presets->setMinimumContentsLength(12);
    g.presets->setAccessibleName(tr("%1: start from").arg(title));
    g.presets->setAccessibleDescription(tr("A preset that sets every field of this group at once; an edit afterwards makes it custom"));
    g.box = box;
    g.title = title;
    auto *startFrom = new QLabel(tr("Start from"));
    startFrom->setBuddy(g.presets);
    addRow(startFrom, g.presets);
    m_groups.push_back(g);
    fillPresetCombo(m_groups[gi]);
    connect(g.presets, &QComboBox::activated, this, [this, gi](int index) { onPresetActivated(m_groups[gi], index); });

    std::vector<const FieldInfo *> fields = fieldsOf(section);
    std::stable_partition(fields.begin(), fields.end(), [](const FieldInfo *f) { return !keepsRoomWhenHidden(*f); });
    for (const FieldInfo *f : fields) {
        m_rows.push_back(Row{});
        Row &row = m_rows.back();
        row.info = f;
        row.label = new QLabel(fieldText(f->label));
        row.label->setWordWrap(true);
        row.label->setMinimumWidth(120);
        QWidget *field = makeEditor(row);
        row.label->setBuddy(row.editor);
        row.error = new QLabel;
        row.error->setObjectName(objectNameFor(QStringLiteral("error"), f->path()));
        row.error->setStyleSheet(kErrorStyle);
        row.error->setWordWrap(true);
        row.field = field;
        if (uncertainty::findInput(f->path().toStdString()))
            addRangeActions(row);
        if (keepsRoomWhenHidden(*f))
            for (QWidget *w : {static_cast<QWidget *>(row.label), field}) {
                QSizePolicy policy = w->sizePolicy();
                policy.setRetainSizeWhenHidden(true);
                w->setSizePolicy(policy);
            }
        addRow(row.label, field);
        form->addWidget(row.error, line++, 0, 1, 2);
        row.error->hide();
        if (section == Section::Training && QLatin1String(f->key) == QLatin1String("dp")) {
            m_dpFollows = new QCheckBox(tr("dp = GPUs / (tp x cp x pp)"));
            m_dpFollows->setObjectName(QStringLiteral("dpFollowsGpus"));
            m_dpFollows->setAccessibleName(tr("dp follows the GPU count"));
            m_dpFollows->setToolTip(tr("On: every edit of nodes, GPUs per node, tp, cp or pp sets dp so that "
                                       "tp * cp * pp * dp equals the GPUs. Off: dp is yours to set."));
            m_dpFollows->setAccessibleDescription(m_dpFollows->toolTip());
            addRow(nullptr, m_dpFollows);
            connect(m_dpFollows, &QCheckBox::toggled, this, [this](bool on) { m_doc->setDpFollowsGpus(on); });
        }
    }
    into->addWidget(box);
}

QWidget *PlanEditor::makeEditor(Row &row)
{
    const FieldInfo &f = *row.info;
    const size_t ri = static_cast<size_t>(&row - m_rows.data());
    QWidget *editor = nullptr;
    switch (f.type) {
    case FieldType::Int: editor = makeIntEditor(f, ri); break;
    case FieldType::Double:
    case FieldType::OptionalDouble:
    case FieldType::AutoDouble: editor = makeDoubleEditor(f, ri); break;
    case FieldType::Bool: {
        auto *check = new QCheckBox;
        connect(check, &QCheckBox::toggled, this, [this, ri](bool on) { edit(m_rows[ri], QJsonValue(on)); });
        editor = check;
        break;
    }
    case FieldType::Choice: {
        auto *combo = new QComboBox;
        combo->addItems(f.choices);
        connect(combo, &QComboBox::activated, this, [this, ri, combo](int index) {
            edit(m_rows[ri], QJsonValue(combo->itemText(index)));
        });
        editor = combo;
        break;
    }
    }
    describeEditor(editor, f);
    row.editor = editor;
    if (!hasSlider(f))
        return editor;
    return withSlider(row, ri);
}

// A whole-number field; the node count's arrows step to the counts the plan runs on.
QSpinBox *PlanEditor::makeIntEditor(const FieldInfo &f, size_t ri)
{
    auto *spin = f.path() == fieldPathText(FieldId::cluster_nodes) ? new SnappingSpinBox : new QSpinBox;
    if (auto *snapping = dynamic_cast<SnappingSpinBox *>(spin))
        snapping->snap = [this](int direction) {
            // Only while dp follows the GPUs: with dp set by hand one node count fits it.
            return m_doc->dpFollowsGpus() ? nearestValidNodes(m_doc->scenario().plan, direction) : 0;
        };
    spin->setRange(int(f.min), int(std::min(f.max, double(INT_MAX))));
    spin->setKeyboardTracking(false);
    spin->setAccelerated(true);
    spin->installEventFilter(this); // the plan's undo keys (eventFilter())
    connect(spin, &QSpinBox::valueChanged, this, [this, ri](int v) { edit(m_rows[ri], QJsonValue(v)); });
    return spin;
}

// A number field; an optional one's "unset" sits just below its range, shown as the special text.
QDoubleSpinBox *PlanEditor::makeDoubleEditor(const FieldInfo &f, size_t ri)
{
    QDoubleSpinBox *spin = f.max >= 1e12 ? new ScientificSpinBox : new QDoubleSpinBox;
    spin->setDecimals(f.max >= 1e12 ? 0 : f.decimals);
    const bool optional = f.type == FieldType::OptionalDouble || f.type == FieldType::AutoDouble;
    // An optional value's "unset" sits just below its range, shown as the special text.
    spin->setRange(optional ? 0.0 : f.min, f.max);
    spin->setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
    spin->setKeyboardTracking(false);
    spin->setAccelerated(true);
    spin->setLocale(QLocale::c());
    spin->installEventFilter(this); // the plan's undo keys (eventFilter())
    connect(spin, &QDoubleSpinBox::valueChanged, this, [this, ri, optional](double v) {
        edit(m_rows[ri], optional && v < m_rows[ri].info->min ? unsetValue(*m_rows[ri].info) : QJsonValue(v));
    });
    return spin;
}

// The editor's object name, accessible name and description, handbook entry and What's This.
void PlanEditor::describeEditor(QWidget *editor, const FieldInfo &f)
{
    const QString path = f.path();
    editor->setObjectName(objectNameFor(QStringLiteral("field"), path));
    // Screen readers name the field by its label and describe it by its help text (with the unit).
    editor->setAccessibleName(fieldText(f.label));
    editor->setAccessibleDescription(fieldText(f.help));
    // F1 opens the handbook at the field's entry; What's This says what the field means.
    editor->setProperty("handbookEntry", HandbookDialog::fieldAnchor(path));
    editor->setWhatsThis(tr("<b>%1</b><br>%2<br><i>F1: its entry in the handbook.</i>")
                             .arg(fieldText(f.label).toHtmlEscaped(), fieldText(f.help).toHtmlEscaped()));
    editor->setMinimumWidth(70); // not the width of the largest value: the dock may be narrow
}

// The row's editor beside a slider that moves it, in a widget of their own.
QWidget *PlanEditor::withSlider(Row &row, size_t ri)
{
    const FieldInfo &f = *row.info;
    const QString path = f.path();
    QWidget *editor = row.editor;
    auto *slider = new QSlider(Qt::Horizontal);
    slider->setObjectName(objectNameFor(QStringLiteral("slider"), path));
    // named as the field it moves: a screen reader tells the two apart by their role
    slider->setAccessibleName(fieldText(f.label));
    slider->setAccessibleDescription(fieldText(f.help));
    slider->setRange(0, kSliderSteps);
    slider->setPageStep(kSliderSteps / 20);
    row.slider = slider;
    // One drag, one undo step: every value of a drag carries the same merge session.
    connect(slider, &QSlider::sliderPressed, this, [this] { m_dragSession = m_nextSession++; });
    connect(slider, &QSlider::sliderReleased, this, [this] { m_dragSession = 0; });
    connect(slider, &QSlider::valueChanged, this, [this, ri, slider](int pos) {
        const FieldInfo &info = *m_rows[ri].info;
        const bool unset = (info.type == FieldType::OptionalDouble || info.type == FieldType::AutoDouble) && pos == 0;
        const QJsonValue v = unset ? unsetValue(info) : QJsonValue(sliderValue(info, pos));
        m_doc->setField(info, v, slider->isSliderDown() ? m_dragSession : 0);
    });
    auto *box = new QWidget;
    auto *h = new QHBoxLayout(box);
    h->setContentsMargins(0, 0, 0, 0);
    h->setSpacing(6);
    editor->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    editor->setMaximumWidth(80);
    h->addWidget(slider, 1);
    h->addWidget(editor);
    return box;
}

bool PlanEditor::eventFilter(QObject *watched, QEvent *event)
{
    // Defect found in review: a spin box hands Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y to its line edit,
    // whose own text undo is empty the moment users want the plan's (nodes 40, Tab, Ctrl+Z). In
    // a number field they are the plan's undo and redo: the override is left unaccepted, so the
    // window's Undo and Redo actions take the key. Undo first commits what was typed, so that
    // it is the step undone (the typing discarded), not the edit before it.
    if (event->type() == QEvent::ShortcutOverride) {
        auto *spin = qobject_cast<QAbstractSpinBox *>(watched);
        const auto *key = static_cast<QKeyEvent *>(event);
        const QKeySequence pressed(key->keyCombination());
        const bool undo = key->matches(QKeySequence::Undo);
        const bool redo = key->matches(QKeySequence::Redo) || pressed == QKeySequence(QStringLiteral("Ctrl+Shift+Z"))
            || pressed == QKeySequence(QStringLiteral("Ctrl+Y"));
        if (spin && (undo || redo)) {
            if (undo)
                spin->interpretText();
            event->ignore();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void PlanEditor::edit(const Row &row, const QJsonValue &value)
{
    m_doc->setField(*row.info, value);
}

void PlanEditor::fillPresetCombo(Group &g)
{
    const QSignalBlocker block(g.presets);
    g.presets->clear();
    if (g.section == Section::Training || g.section == Section::Economics) {
        for (const Preset &p : g.section == Section::Training ? trainingPresets() : economicsPresets()) {
            g.presets->addItem(p.name, p.id);
            g.presets->setItemData(g.presets->count() - 1, p.description, Qt::ToolTipRole);
        }
        g.presets->addItem(tr("Custom"), QString());
        return;
    }
    for (const Preset &p : m_doc->catalog().presets(g.section)) {
        // a user preset is marked as one: "NVIDIA H100 SXM5 80GB (edited) (user)"
        const QString name = presetNameText(p);
        g.presets->addItem(p.builtIn ? name : tr("%1 (user)").arg(name), p.id);
        g.presets->setItemData(g.presets->count() - 1, p.description.isEmpty() ? name : p.description,
                               Qt::ToolTipRole);
    }
    g.presets->addItem(tr("Custom (inline in the file)"), QString());
}

void PlanEditor::onPresetActivated(Group &g, int index)
{
    const QString id = g.presets->itemData(index).toString();
    if (id.isEmpty()) {
        refresh(); // "Custom" is where edits lead, not something to apply
        return;
    }
    if (g.section == Section::Training || g.section == Section::Economics) {
        for (const Preset &p : g.section == Section::Training ? trainingPresets() : economicsPresets())
            if (p.id == id)
                m_doc->applyPartialPreset(p);
    } else {
        m_doc->applyPreset(g.section, id);
    }
    refresh(); // a preset that changes nothing still puts the combo back where the plan is
}

void PlanEditor::showValue(Row &row, const QJsonValue &value)
{
    if (row.shown == value && !row.shown.isUndefined())
        return;
    row.shown = value;
    const FieldInfo &f = *row.info;
    const QSignalBlocker blockEditor(row.editor);
    switch (f.type) {
    case FieldType::Int: static_cast<QSpinBox *>(row.editor)->setValue(value.toInt()); break;
    case FieldType::Double: static_cast<QDoubleSpinBox *>(row.editor)->setValue(value.toDouble()); break;
    case FieldType::OptionalDouble:
    case FieldType::AutoDouble:
        static_cast<QDoubleSpinBox *>(row.editor)->setValue(value.isDouble() ? value.toDouble() : 0.0);
        break;
    case FieldType::Bool: static_cast<QCheckBox *>(row.editor)->setChecked(value.toBool()); break;
    case FieldType::Choice: {
        auto *combo = static_cast<QComboBox *>(row.editor);
        combo->setCurrentIndex(combo->findText(value.toString()));
        break;
    }
    }
    if (row.slider && !row.slider->isSliderDown()) {
        const QSignalBlocker blockSlider(row.slider);
        row.slider->setValue(!value.isDouble() ? 0 : sliderPosition(f, value.toDouble()));
    }
}

void PlanEditor::refresh()
{
    const Scenario &s = m_doc->scenario();
    const Plan &plan = s.plan;
    for (Row &row : m_rows)
        showValue(row, row.info->get(plan));
    showName(s);
    {
        const QSignalBlocker block(m_dpFollows);
        m_dpFollows->setChecked(m_doc->dpFollowsGpus());
    }
    for (Row &row : m_rows)
        showRange(row);
    for (Row &row : m_rows)
        showRowState(row, plan);
    for (Group &g : m_groups)
        refreshGroup(g, s);
}

// A name the app gave in the interface language ("Llama 2 70B on 256 H100 SXM5"), the user's as typed.
void PlanEditor::showName(const Scenario &s)
{
    const QString shown = scenarioNameText(s, m_doc->catalog());
    if (!m_name->hasFocus() && m_name->text() != shown) {
        const QSignalBlocker block(m_name);
        m_name->setText(shown);
        m_name->setCursorPosition(0); // a long name shows its start, not its last characters
    }
    m_name->setToolTip(shown);
}

// Whether the row shows, whether its editor is enabled, and an optional field's special text.
void PlanEditor::showRowState(Row &row, const Plan &plan)
{
    // A field that means nothing for this plan (core/fields.h: Relevance) is hidden, unless an
    // engine error names it.
    const bool show = row.bad || fieldRelevant(*row.info, plan);
    if (row.label->isHidden() == show) {
        row.label->setVisible(show);
        row.field->setVisible(show);
    }
    const QString key = QLatin1String(row.info->key);
    if (row.info->section == Section::Training && key == QLatin1String("dp"))
        row.editor->setEnabled(!m_doc->dpFollowsGpus());
    if (row.info->type == FieldType::OptionalDouble || row.info->type == FieldType::AutoDouble) {
        // Only when it changes: a new special text re-lays out the whole editor.
        auto *spin = static_cast<QDoubleSpinBox *>(row.editor);
        const QString special = row.info->type == FieldType::AutoDouble
            ? tr("auto (from failures)")
            : tr("GPU default (%1)").arg(plan.gpu.compute_efficiency, 0, 'f', 2);
        if (spin->specialValueText() != special) {
            spin->setSpecialValueText(special);
            // Beside a slider the box is capped at 80 px; "GPU default (0.76)" showed as
            // "lt (0.76)": as wide as its text needs.
            if (row.slider)
                spin->setMaximumWidth(std::max(80, spin->sizeHint().width()));
        }
    }
}

// The group's preset box, its edited fields marked and its tooltips, as the scenario has them.
void PlanEditor::refreshGroup(Group &g, const Scenario &s)
{
    const Plan &plan = s.plan;
    QString presetId;
    std::optional<Preset> preset;
    if (g.section == Section::Training || g.section == Section::Economics) {
        preset = matchingPartialPreset(g.section, plan);
    } else {
        presetId = s.presetOf(g.section);
        if (!presetId.isEmpty())
            preset = m_doc->catalog().find(g.section, presetId);
    }
    if (preset)
        presetId = preset->id;
    {
        const QSignalBlocker block(g.presets);
        const int index = g.presets->findData(presetId);
        g.presets->setCurrentIndex(index >= 0 ? index : g.presets->count() - 1);
    }
    markEditedFields(g, preset, plan);
    // The tooltips say where the default comes from and, while a field keeps a value the file
    // or a quote stated, that value's source: rewritten when either changes.
    QString tipKey = presetId.isNull() ? QStringLiteral("") : presetId;
    const QString section = sectionKey(g.section) + QLatin1Char('.');
    for (auto it = s.stated.constBegin(); it != s.stated.constEnd(); ++it) {
        const QString key = it.key().startsWith(section) ? it.key().mid(section.size()) : QString();
        const FieldInfo *f = key.isEmpty() ? nullptr : findField(g.section, key);
        if (f && f->get(plan) == it->value)
            tipKey += QLatin1Char('\n') + it.key() + QLatin1Char('=') + it->provenance.source;
    }
    if (g.presetKey != tipKey || g.presetKey.isNull()) {
        g.presetKey = tipKey;
        refreshTooltips(g);
    }
}

// Which fields differ from the preset the section started from: coloured, not bold, so that
// marking one never re-lays out the editor; the group's title counts them.
void PlanEditor::markEditedFields(Group &g, const std::optional<Preset> &preset, const Plan &plan)
{
    int edited = 0;
    for (Row &row : m_rows) {
        if (row.info->section != g.section)
            continue;
        bool differs = false;
        if (preset && (g.section == Section::Model || g.section == Section::Gpu || g.section == Section::Cluster)) {
            const QJsonValue presetValue = preset->values.value(QLatin1String(row.info->key));
            differs = !presetValue.isUndefined() && presetValue != row.info->get(plan);
        }
        edited += differs ? 1 : 0;
        if (row.edited != differs) {
            row.edited = differs;
            colourLabel(row);
        }
    }
    if (g.edited != edited) {
        g.edited = edited;
        g.box->setTitle(edited == 0 ? g.title
                                    : tr("%1 (%2 edited from the preset, in blue)").arg(g.title).arg(edited));
    }
}

QString PlanEditor::defaultNote(const Group &g, const FieldInfo &f) const
{
    const QString key = QLatin1String(f.key);
    const Scenario &s = m_doc->scenario();
    if (g.section == Section::Model || g.section == Section::Gpu || g.section == Section::Cluster) {
        const QString id = s.presetOf(g.section);
        const std::optional<Preset> p = id.isEmpty() ? std::nullopt : m_doc->catalog().find(g.section, id);
        if (!p)
            return tr("No preset: this section is custom, written inline in the scenario file.");
        const auto prov = p->provenance.constFind(key);
        QString note = tr("Preset %1: %2").arg(p->name.toHtmlEscaped(), plainValue(p->values.value(key)));
        if (prov != p->provenance.constEnd())
            note += QStringLiteral(" (<i>%1</i>: %2)").arg(sourceKindName(prov->kind), provenanceSourceText(prov->source).toHtmlEscaped());
        return note;
    }
    const Plan defaults;
    QString note = tr("Commtax default: %1 (an editable assumption; README, Scenario files)")
                       .arg(plainValue(f.get(defaults)));
    if (const std::optional<Preset> p = matchingPartialPreset(g.section, s.plan)) {
        const auto prov = p->provenance.constFind(key);
        if (prov != p->provenance.constEnd())
            note += QStringLiteral("<br>") + tr("Preset %1: %2").arg(p->name.toHtmlEscaped(), plainValue(p->values.value(key)))
                + QStringLiteral(" (<i>%1</i>: %2)").arg(sourceKindName(prov->kind), provenanceSourceText(prov->source).toHtmlEscaped());
    }
    return note;
}

void PlanEditor::refreshTooltips(Group &g)
{
    for (Row &row : m_rows) {
        if (row.info->section != g.section)
            continue;
        const FieldInfo &f = *row.info;
        QString range;
        if (f.numeric())
            range = tr("<br>Editor range %1 to %2%3")
                        .arg(QLocale::c().toString(f.min, 'g', 6), QLocale::c().toString(f.max, 'g', 6),
                             QLatin1String(f.unit).isEmpty() ? QString() : QStringLiteral(" ") + QLatin1String(f.unit));
        else if (f.type == FieldType::Choice)
            range = tr("<br>One of: ") + f.choices.join(QStringLiteral(", "));
        QString tip = tr("<p><b>%1</b> <code>%2</code></p><p>%3%4</p><p><b>Where the default comes "
                         "from.</b> %5</p>")
                          .arg(fieldText(f.label).toHtmlEscaped(), f.path(),
                               fieldText(f.help).toHtmlEscaped(), range, defaultNote(g, f));
        const Scenario &s = m_doc->scenario();
        if (const std::optional<Provenance> stated = s.statedProvenance(f.path(), f.get(s.plan)))
            tip += tr("<p><b>This value:</b> %1 (<i>%2</i>)</p>")
                       .arg(provenanceSourceText(stated->source).toHtmlEscaped(), sourceKindName(stated->kind));
        row.label->setToolTip(tip);
        row.editor->setToolTip(tip);
        if (row.slider)
            row.slider->setToolTip(tip);
    }
}

// With "dp = GPUs / (tp x cp x pp)" on, dp is not the user's: when tp*cp*pp does not divide the GPU
// count, the engine's complaint about dp goes to the factor that does not divide it (tp=3 on 256
// GPUs), or to the nodes when each divides but their product does not, with the values that would.
QList<FieldError> PlanEditor::blameWhatTheUserSet(QList<FieldError> errors) const
{
    if (!m_doc->dpFollowsGpus())
        return errors;
    const Plan &plan = m_doc->scenario().plan;
    blameNodesForBatch(errors, plan);
    const long long gpus = static_cast<long long>(plan.cluster.nodes) * plan.cluster.gpus_per_node;
    const long long tp = plan.training.tp, cp = plan.training.cp, pp = plan.training.pp;
    if (gpus <= 0 || tp <= 0 || cp <= 0 || pp <= 0 || gpus % (tp * cp * pp) == 0)
        return errors;
    for (FieldError &e : errors)
        if (e.path == fieldPathText(FieldId::training_dp) && e.message.startsWith(QLatin1String("tp*cp*pp*dp=")))
            blameFactorsForDp(e, plan);
    return errors;
}

// A dp that follows the nodes but does not split the global batch: the nodes are the user's,
// say which counts would run.
void PlanEditor::blameNodesForBatch(QList<FieldError> &errors, const Plan &plan)
{
    for (const FieldError &e : std::as_const(errors))
        if (e.path == fieldPathText(FieldId::training_global_batch)
            && e.message.contains(QLatin1String("micro_batch*dp="))) {
            QStringList fits;
            for (int direction : {-1, 1})
                if (const int n = nearestValidNodes(plan, direction))
                    fits << QString::number(n);
            if (!fits.isEmpty())
                errors << FieldError{fieldPathText(FieldId::cluster_nodes),
                                     tr("%1 nodes make dp=%2, which does not split the global batch of %3 into micro-batches of %4; %5 nodes would run (the arrows step to them)")
                                         .arg(plan.cluster.nodes)
                                         .arg(plan.training.dp)
                                         .arg(plan.training.global_batch)
                                         .arg(plan.training.micro_batch)
                                         .arg(fits.join(tr(" or "))),
                                     EngineText{}};
            break;
        }
}

// The nearest values below and above `value` (up to `limit`) for which keep(v) holds: "3 or 5".
QString PlanEditor::nearestWhere(long long value, long long limit, const std::function<bool(long long)> &keep)
{
    QStringList out;
    for (long long v = value - 1; v >= 1; --v)
        if (keep(v)) {
            out << QString::number(v);
            break;
        }
    for (long long v = value + 1; v <= limit; ++v)
        if (keep(v)) {
            out << QString::number(v);
            break;
        }
    return out.join(tr(" or "));
}

// The engine's "tp*cp*pp*dp=..." complaint moved to the factor that does not divide the GPUs, or
// to the nodes when each divides but their product does not.
void PlanEditor::blameFactorsForDp(FieldError &e, const Plan &plan)
{
    const long long perNode = plan.cluster.gpus_per_node;
    const long long gpus = static_cast<long long>(plan.cluster.nodes) * perNode;
    const long long tp = plan.training.tp, cp = plan.training.cp, pp = plan.training.pp;
    const struct {
        FieldId field;
        const char *key;
        long long value, others;
    } factors[] = {{FieldId::training_tp, "tp", tp, cp * pp},
                   {FieldId::training_cp, "cp", cp, tp * pp},
                   {FieldId::training_pp, "pp", pp, tp * cp}};
    for (const auto &f : factors) {
        if (gpus % f.value == 0)
            continue;
        const QString fits = nearestWhere(f.value, gpus, [&](long long v) { return gpus % (v * f.others) == 0; });
        e.path = fieldPathText(f.field);
        e.text = EngineText{}; // worded here, in the interface language
        e.message = tr("%1=%2 does not divide the %3 GPUs (%4 nodes x %5), and dp follows the GPU count (dp = GPUs / (tp x cp x pp)); %1=%6 would")
                        .arg(QLatin1String(f.key))
                        .arg(f.value)
                        .arg(gpus)
                        .arg(plan.cluster.nodes)
                        .arg(perNode)
                        .arg(fits);
        return;
    }
    const long long replica = tp * cp * pp;
    const QString fits
        = nearestWhere(plan.cluster.nodes, 1 << 20, [&](long long n) { return (n * perNode) % replica == 0; });
    e.path = fieldPathText(FieldId::cluster_nodes);
    e.text = EngineText{};
    e.message = tr("%1 nodes x %2 GPUs = %3 do not divide by tp x cp x pp = %4, and dp follows the GPU count (dp = GPUs / (tp x cp x pp)); %5 nodes would")
                    .arg(plan.cluster.nodes)
                    .arg(perNode)
                    .arg(gpus)
                    .arg(replica)
                    .arg(fits);
}

void PlanEditor::setErrors(const QList<FieldError> &engineErrors)
{
    m_engineErrors = engineErrors;
    const QList<FieldError> errors = blameWhatTheUserSet(engineErrors);
    QStringList paths;
    QMap<QString, QStringList> byPath;
    for (const FieldError &e : errors) {
        paths << e.path;
        byPath[e.path] << errorText(e);
    }
    QStringList general;
    for (auto it = byPath.constBegin(); it != byPath.constEnd(); ++it) {
        const bool known = std::any_of(m_rows.begin(), m_rows.end(), [&](const Row &r) { return r.info->path() == it.key(); });
        if (!known)
            general << it.key() + QStringLiteral(": ") + it.value().join(QStringLiteral("; "));
    }
    QWidget *first = nullptr;
    for (Row &row : m_rows) {
        const auto it = byPath.constFind(row.info->path());
        const bool bad = it != byPath.constEnd();
        const QString text = bad ? it->join(QLatin1Char('\n')) : QString();
        if (bad && !first)
            first = row.editor;
        if (text == row.error->text())
            continue; // this runs after every evaluation: touch only what changed
        row.error->setText(text);
        row.error->setVisible(bad);
        row.bad = bad;
        colourLabel(row);
    }
    m_generalErrors->setText(general.join(QLatin1Char('\n')));
    m_generalErrors->setVisible(!general.isEmpty());
    const bool changed = paths != m_errorPaths;
    m_errorPaths = paths;
    if (changed && first) {
        // After the layout has made room for the message, so that the message shows too.
        QTimer::singleShot(0, this, [this, first] {
            m_scroll->ensureWidgetVisible(first, 20, 60);
        });
    }
}

void PlanEditor::colourLabel(Row &row)
{
    QPalette p = row.label->palette();
    p.setColor(QPalette::WindowText, row.bad ? QColor(0xb0, 0x00, 0x20) : row.edited ? QColor(0x00, 0x5a, 0xb4)
                                                                                     : palette().color(QPalette::WindowText));
    row.label->setPalette(p);
}

QStringList PlanEditor::errorPaths() const { return m_errorPaths; }

QWidget *PlanEditor::fieldEditor(const QString &path) const
{
    for (const Row &row : m_rows)
        if (row.info->path() == path)
            return row.editor;
    return nullptr;
}

// ---------------------------------------------------------------------------------------------
// Uncertainty ranges: right-click a field's label.

void PlanEditor::addRangeActions(Row &row)
{
    const size_t ri = static_cast<size_t>(&row - m_rows.data());
    auto *set = new QAction(tr("Set uncertainty range..."), row.label);
    set->setObjectName(objectNameFor(QStringLiteral("setRange"), row.info->path()));
    auto *reset = new QAction(tr("Default uncertainty range"), row.label);
    reset->setObjectName(objectNameFor(QStringLiteral("defaultRange"), row.info->path()));
    row.label->addAction(set);
    row.label->addAction(reset);
    row.label->setContextMenuPolicy(Qt::ActionsContextMenu);
    connect(set, &QAction::triggered, this, [this, ri] { askRange(m_rows[ri]); });
    connect(reset, &QAction::triggered, this, [this, ri] { m_doc->setRange(*m_rows[ri].info, std::nullopt); });
}

void PlanEditor::showRange(Row &row)
{
    if (row.label->actions().isEmpty())
        return;
    const QJsonValue v = row.info->get(m_doc->scenario().plan);
    const std::optional<Scenario::ValueRange> r = m_doc->scenario().rangeFor(row.info->path(), v);
    const QString text = fieldText(row.info->label)
        + (r ? QStringLiteral(" [%1 - %2]").arg(QString::number(r->low, 'g', 6), QString::number(r->high, 'g', 6)) : QString());
    if (row.label->text() != text)
        row.label->setText(text);
    for (QAction *a : row.label->actions())
        if (a->objectName().startsWith(QLatin1String("defaultRange")))
            a->setEnabled(r.has_value());
}

void PlanEditor::askRange(Row &row)
{
    const FieldInfo &f = *row.info;
    const QJsonValue v = f.get(m_doc->scenario().plan);
    if (!v.isDouble())
        return; // "GPU default", "auto": the value is not this field's own
    // Start from the range in use: the given one, else the default of the field's kind.
    const uncertainty::PlanInputs in = uncertainty::planInputs(m_doc->scenario().plan, scenarioNotes(m_doc->scenario(), m_doc->catalog()));
    double low = v.toDouble(), high = v.toDouble();
    for (const uncertainty::InputRange &r : in.inputs)
        if (QLatin1String(r.info->path) == f.path()) {
            low = r.low;
            high = r.high;
        }
    QDialog dialog(this);
    dialog.setObjectName(QStringLiteral("rangeDialog"));
    dialog.setWindowTitle(tr("Uncertainty range"));
    auto *layout = new QFormLayout(&dialog);
    auto *intro = new QLabel(tr("%1 is %2. The sensitivity draws it between these ends (half the samples below the value, "
                                "half above) instead of the default range of its kind.")
                                 .arg(fieldText(f.label), QString::number(v.toDouble(), 'g', 6)),
                             &dialog);
    intro->setWordWrap(true);
    layout->addRow(intro);
    const FieldLimit *lim = findFieldLimit(f.path().toStdString());
    auto spin = [&](const char *name, double x) {
        auto *s = new QDoubleSpinBox(&dialog);
        s->setObjectName(QLatin1String(name));
        s->setDecimals(std::max(f.decimals + 2, 4));
        s->setRange(lim ? lim->min : 0, lim ? lim->max : 1e15);
        s->setValue(x);
        return s;
    };
    QDoubleSpinBox *lowBox = spin("rangeLow", low);
    QDoubleSpinBox *highBox = spin("rangeHigh", high);
    layout->addRow(tr("Low end:"), lowBox);
    layout->addRow(tr("High end:"), highBox);
    auto *error = new QLabel(&dialog);
    error->setObjectName(QStringLiteral("rangeError"));
    error->setStyleSheet(QStringLiteral("color: #b00020;"));
    error->setWordWrap(true);
    error->hide();
    layout->addRow(error);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    layout->addRow(buttons);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, [&] {
        QString why;
        const Scenario::ValueRange r{lowBox->value(), highBox->value()};
        if (m_doc->setRange(f, r, &why) || why.isEmpty()) { // set, or already so
            dialog.accept();
            return;
        }
        error->setText(why);
        error->show();
    });
    dialog.exec();
}

} // namespace commtax
