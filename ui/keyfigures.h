// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The strip of key figures above the charts: step time, comm tax (exposed and raw), bubble, MFU,
// memory per GPU against capacity, tokens per day, days to train, TCO and cost per billion
// tokens. One painted widget rather than 27 labels: it changes on every edit, and labels would
// each be measured, laid out and painted again.

#include "core/analysis.h"
#include "engine/result.h"

#include <QHash>
#include <QStaticText>
#include <QString>
#include <QVector>
#include <QWidget>

#include <limits>

namespace commtax {

class KeyFigures : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KeyFigures)
public:
    explicit KeyFigures(QWidget *parent = nullptr);
    ~KeyFigures() override;

    void showResult(const Result &r);
    // The P10-P90 range under the value of step time, days to train, TCO and USD per billion
    // tokens (invalid figures: no range). Each is also the "text" property of a child object
    // named "keyRange_<metric>", for tests and tools.
    void showRanges(const UncertaintyFigures &u);
    // No ranges until showRanges(): those shown belong to an older plan. Pending: the tiles say
    // they are being computed; not: they stay empty (no sampling).
    void setRangesPending(bool pending);
    // The tile of a metric, in widget coordinates (one row, or as many as its texts need).
    QRect tileRectOf(const QString &metric) const
    {
        for (int i = 0; i < int(m_tiles.size()); ++i)
            if (m_tiles[i].metric == metric)
                return tileRect(i);
        return {};
    }
    // The part of a tile its texts are drawn in: a text wider than this is elided.
    QRect textRectOf(const QString &metric) const;
    // The fonts of the title, range and detail lines, and of the value.
    QFont titleFont() const;
    QFont valueFont() const;
    int columns() const { return m_columns; }
    // Grey the figures: they belong to the last valid plan, not the current one.
    void setStale(bool stale);
    bool isStale() const { return m_stale; }

    // What a tile shows, by JSON metric name ("step_time_s", "comm_tax_exposed", ...).
    QString titleText(const QString &metric) const;
    QString valueText(const QString &metric) const;
    QString detailText(const QString &metric) const;
    QString rangeText(const QString &metric) const; // "P10-P90: 15.6-17.2 s"; empty: none
    // The range as painted: without "P10-P90: " when the tile is too narrow for it (the tooltip
    // still says it).
    QString shownRangeText(const QString &metric) const;
    bool isAlarm(const QString &metric) const;
    QStringList metricsShown() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;
    bool event(QEvent *event) override;

private:
    struct Tile {
        MetricId id = MetricId::StepTime;
        // Its JSON key, which names the tile for the tests and accessibility.
        QString metric;
        // The value, for the scale of its range.
        double headline = std::numeric_limits<double>::quiet_NaN();
        QString title;
        QString tooltip;
        QString value = QStringLiteral("-");
        QString detail;
        QString range;                  // P10-P90, under the value
        QString rangeNumbers;           // the same without "P10-P90: "
        QString lastRange;              // the last range shown: its room is kept while the next is computed
        QString rangeShown;             // what fits the tile
        QObject *rangeObject = nullptr; // named keyRange_<metric>, "text" = range
        bool alarm = false;
        // laid out for the current width and fonts; each redone when its text changes, all when
        // the width or the fonts do (laidOutWidth -1)
        QStaticText shownTitle, shownValue, shownRange, shownDetail;
        int laidOutWidth = -1;
    };
    enum class TextFont { Title,
                          Value };
    // A text's width in the title (range, detail) or value font, each text measured once.
    int advance(TextFont which, const QString &text) const;
    struct TextWidths {
        QFont font;
        QHash<QString, int> widths;
    };
    mutable TextWidths m_widths[2];
    static QString pendingRangeText(); // "P10-P90: ...", while the ranges are computed
    void setTile(MetricId id, const QString &value, const QString &detail, bool alarm);
    QRect tileRect(int index) const;
    int rowHeight() const;
    int tileAt(const QPoint &pos) const;
    // The narrowest tile text width in which no text is elided.
    int widestText() const;
    // As many columns as the width holds without eliding a text (9, 5, 3, 2 or 1); when that
    // changes the number of rows, the layout is told (the height follows). At one width the
    // tiles keep the room of the widest text seen, so that an edit with a longer figure (a new GPU:
    // "NO FIT in 24.0 GB") does not add a row of tiles, resize every chart below and lay the
    // window out again, and the next one take it away.
    void fitColumns();
    int m_neededSeen = 0; // the widest tile needed at m_neededWidth
    int m_neededWidth = -1;

    QVector<Tile> m_tiles;
    bool m_stale = false;
    QString m_accuracy;           // the engine's error on published runs like the plan (the ranges hold it)
    bool m_accuracyWarns = false; // the plan is outside what was validated
    bool m_rangesPending = false;
    int m_columns = 9;
};

} // namespace commtax
