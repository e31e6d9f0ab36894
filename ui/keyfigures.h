#pragma once
// The strip of key figures above the charts: step time, comm tax (exposed and raw), bubble, MFU,
// memory per GPU against capacity, tokens per day, days to train, TCO and cost per billion
// tokens. Each tile's value label is named "keyFigure_<metric>" (the JSON metric name).

#include "analysis.h"

#include <QFrame>
#include <QMap>

class QLabel;

namespace commtax {

class KeyFigures : public QFrame
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KeyFigures)
public:
    explicit KeyFigures(QWidget *parent = nullptr);
    ~KeyFigures() override;

    void showResult(const Result &r);
    // Grey the figures: they belong to the last valid plan, not the current one.
    void setStale(bool stale);
    bool isStale() const { return m_stale; }
    QString valueText(const QString &metric) const;

private:
    struct Tile {
        QLabel *title;
        QLabel *value;
        QLabel *detail;
    };
    Tile addTile(const QString &key, const QString &title, const QString &tooltip);
    void setTile(const QString &key, const QString &value, const QString &detail, bool alarm);

    QMap<QString, Tile> m_tiles;
    QMap<QString, bool> m_alarm;
    bool m_stale = false;
};

} // namespace commtax
