// SPDX-License-Identifier: GPL-3.0-or-later
#include "preseteditor.h"
#include "text/modeltext.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpressionValidator>
#include <QScrollArea>
#include <QSpinBox>
#include <QVBoxLayout>

#include <cmath>

namespace commtax {

PresetEditor::PresetEditor(Section section, QWidget *parent)
    : QWidget(parent)
    , m_section(section)
{
    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    addIdentityRows(form);
    for (const FieldInfo *f : fieldsOf(section))
        addFieldRow(form, *f);

    auto *inner = new QWidget(this);
    inner->setLayout(form);
    auto *scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setWidget(inner);
    scroll->setFrameShape(QFrame::NoFrame);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(scroll);
    setEnabled(false);
}

// Where the preset comes from, its id, name and description.
void PresetEditor::addIdentityRows(QFormLayout *form)
{
    m_origin = new QLabel(this);
    m_origin->setObjectName(QStringLiteral("origin"));
    m_origin->setWordWrap(true);
    m_id = new QLineEdit(this);
    m_id->setObjectName(QStringLiteral("id"));
    m_id->setValidator(new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[A-Za-z0-9][A-Za-z0-9._-]*")), m_id));
    m_id->setToolTip(tr("What scenario files use to name this preset: letters, digits, '.', '_' and '-'"));
    m_name = new QLineEdit(this);
    m_name->setObjectName(QStringLiteral("name"));
    m_description = new QLineEdit(this);
    m_description->setObjectName(QStringLiteral("description"));
    form->addRow(m_origin);
    form->addRow(QStringLiteral("Id"), m_id);
    form->addRow(tr("Name"), m_name);
    form->addRow(tr("Description"), m_description);
    for (QLineEdit *e : {m_id, m_name, m_description})
        connect(e, &QLineEdit::textEdited, this, [this] {
            if (!m_loading)
                Q_EMIT modified();
        });
}

// The editor of a field of the section; each change updates the field's provenance.
QWidget *PresetEditor::makeFieldEditor(const FieldInfo &field)
{
    const FieldInfo *f = &field;
    QWidget *editor = nullptr;
    switch (f->type) {
    case FieldType::Int: {
        auto *spin = new QSpinBox(this);
        spin->setRange(int(f->min), int(std::min(f->max, 2e9)));
        spin->setGroupSeparatorShown(false);
        connect(spin, &QSpinBox::valueChanged, this, [this, f] { updateProvenance(*f); });
        editor = spin;
        break;
    }
    case FieldType::Double:
    case FieldType::OptionalDouble:
    case FieldType::AutoDouble: {
        auto *spin = new QDoubleSpinBox(this);
        spin->setDecimals(std::max(f->decimals, 0));
        // "auto" sits just below the range, shown as the special text.
        spin->setRange(f->type == FieldType::AutoDouble ? 0.0 : f->min, f->max);
        if (f->type == FieldType::AutoDouble)
            spin->setSpecialValueText(tr("auto"));
        spin->setGroupSeparatorShown(false);
        if (QLatin1String(f->unit) == QLatin1String("USD"))
            spin->setSingleStep(100);
        connect(spin, &QDoubleSpinBox::valueChanged, this, [this, f] { updateProvenance(*f); });
        editor = spin;
        break;
    }
    case FieldType::Bool: {
        auto *box = new QCheckBox(this);
        connect(box, &QCheckBox::toggled, this, [this, f] { updateProvenance(*f); });
        editor = box;
        break;
    }
    case FieldType::Choice: {
        auto *box = new QComboBox(this);
        box->addItems(f->choices);
        connect(box, &QComboBox::currentIndexChanged, this, [this, f] { updateProvenance(*f); });
        editor = box;
        break;
    }
    }
    return editor;
}

// A field's row: its label, its editor and, beside it, where its value comes from.
void PresetEditor::addFieldRow(QFormLayout *form, const FieldInfo &f)
{
    const QString key = QLatin1String(f.key);
    QWidget *editor = makeFieldEditor(f);
    editor->setObjectName(key);
    editor->setToolTip(fieldText(f.help));
    auto *prov = new QLabel(this);
    prov->setObjectName(key + QStringLiteral("-provenance"));
    prov->setMinimumWidth(80);
    prov->setStyleSheet(QStringLiteral("color: #666;"));
    auto *row = new QHBoxLayout;
    row->addWidget(editor, 1);
    row->addWidget(prov);
    auto *label = new QLabel(fieldText(f.label), this);
    label->setToolTip(fieldText(f.help));
    form->addRow(label, row);
    m_editors[key] = editor;
    m_provenance[key] = prov;
}

QWidget *PresetEditor::fieldEditor(const QString &key) const
{
    const auto it = m_editors.find(key);
    return it == m_editors.end() ? nullptr : it->second;
}

void PresetEditor::setValue(const FieldInfo &f, const QJsonValue &v)
{
    QWidget *w = m_editors.at(QLatin1String(f.key));
    if (auto *spin = qobject_cast<QSpinBox *>(w))
        spin->setValue(v.toInt());
    else if (auto *dspin = qobject_cast<QDoubleSpinBox *>(w))
        dspin->setValue(v.isDouble() ? v.toDouble() : dspin->minimum());
    else if (auto *box = qobject_cast<QCheckBox *>(w))
        box->setChecked(v.toBool());
    else if (auto *combo = qobject_cast<QComboBox *>(w))
        combo->setCurrentIndex(std::max(0, int(combo->findText(v.toString()))));
}

QJsonValue PresetEditor::valueOf(const FieldInfo &f) const
{
    QWidget *w = m_editors.at(QLatin1String(f.key));
    if (auto *spin = qobject_cast<QSpinBox *>(w))
        return spin->value();
    if (auto *dspin = qobject_cast<QDoubleSpinBox *>(w)) {
        // Keep the preset's own value when the box only rounded it for display. A value half-way
        // between two shown steps (0.545 at 2 decimals) rounds by half a step, give or take its
        // binary representation: the bound allows for that.
        const QJsonValue original = m_original.values.value(QLatin1String(f.key));
        const double shown = dspin->value();
        if (f.type == FieldType::AutoDouble && shown < f.min)
            return QStringLiteral("auto");
        const double halfStep = 0.5 * std::pow(10.0, -dspin->decimals());
        if (original.isDouble() && std::abs(original.toDouble() - shown) <= halfStep * (1 + 1e-9))
            return original;
        return shown;
    }
    if (auto *box = qobject_cast<QCheckBox *>(w))
        return box->isChecked();
    if (auto *combo = qobject_cast<QComboBox *>(w))
        return combo->currentText();
    return QJsonValue();
}

void PresetEditor::updateProvenance(const FieldInfo &f)
{
    const QString key = QLatin1String(f.key);
    QLabel *label = m_provenance.at(key);
    const bool changed = !m_isNew && valueOf(f) != m_original.values.value(key);
    if (changed) {
        label->setText(tr("user (edited)"));
        label->setToolTip(tr("Was %1 (%2)")
                              .arg(m_original.values.value(key).toVariant().toString(),
                                   sourceKindName(m_original.provenance.value(key).kind)));
    } else if (m_original.provenance.contains(key)) {
        const Provenance p = m_original.provenance.value(key);
        label->setText(sourceKindName(p.kind));
        label->setToolTip(provenanceSourceText(p.source));
    } else {
        label->setText(sourceKindName(SourceKind::User));
        label->setToolTip(QString());
    }
    if (!m_loading)
        Q_EMIT modified();
}

void PresetEditor::setPreset(const Preset &p, bool isNew)
{
    m_loading = true;
    m_original = p;
    m_isNew = isNew;
    m_id->setText(p.id);
    // A saved preset's id is fixed (plans name it): shown as text, not as a field that takes the
    // focus, selects its text and then ignores typing.
    m_id->setReadOnly(!isNew);
    m_id->setFocusPolicy(isNew ? Qt::StrongFocus : Qt::NoFocus);
    m_id->setFrame(isNew);
    QPalette idPalette = palette();
    if (!isNew)
        idPalette.setColor(QPalette::Base, idPalette.color(QPalette::Window));
    m_id->setPalette(idPalette);
    m_id->setToolTip(isNew ? tr("What scenario files use to name this preset: letters, digits, '.', '_' and '-'")
                           : tr("Plans name this preset by its id, so it cannot be changed: Duplicate makes a copy "
                                "with an id of its own"));
    m_name->setText(presetNameText(p)); // the tags in words; preset() keeps them while the text is unchanged
    m_description->setText(p.description);
    for (const FieldInfo *f : fieldsOf(m_section)) {
        setValue(*f, p.values.value(QLatin1String(f->key)));
        updateProvenance(*f);
    }
    if (isNew)
        m_origin->setText(tr("<b>New %1 preset</b>: choose an id and a name, then Save.").arg(sectionName(m_section)));
    else if (p.builtIn)
        m_origin->setText(tr("<b>Built-in preset</b> (read-only): saving your edits stores a copy in your library."));
    else
        m_origin->setText(tr("<b>Your preset</b>, stored in your library."));
    setEnabled(true);
    m_loading = false;
}

Preset PresetEditor::preset() const
{
    Preset p = m_original;
    p.id = m_id->text().trimmed();
    // A name the user typed is theirs, as typed: the library's tags go with the words that showed them.
    if (const QString typed = m_name->text().trimmed(); typed != presetNameText(m_original).trimmed())
        p.rename(typed);
    p.description = m_description->text().trimmed();
    for (const FieldInfo *f : fieldsOf(m_section)) {
        const QString key = QLatin1String(f->key);
        const QJsonValue v = valueOf(*f);
        if (v != m_original.values.value(key)) // stored in English: provenanceSourceText() shows it
            p.provenance.insert(key, Provenance{SourceKind::User, QString::fromUtf8(kEditedByUser)});
        p.values.insert(key, v);
    }
    return p;
}

bool PresetEditor::isModified() const
{
    if (m_isNew)
        return true;
    const Preset now = preset();
    return now.values != m_original.values || now.name != m_original.name || now.nameTags != m_original.nameTags
        || now.description != m_original.description;
}

} // namespace commtax
