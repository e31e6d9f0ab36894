// SPDX-License-Identifier: GPL-3.0-or-later
#include "comparisoncharts.h"

#include <QCoreApplication>

#include "charts/tornado.h"
#include "library/comparisonio.h"
#include "library/comparisonuncertainty.h"
#include "text/modeltext.h"

#include <qcustomplot.h>

#include <QHelpEvent>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <functional>

namespace commtax {

QString chartTitle(ComparisonChart chart)
{
    switch (chart) {
    case ComparisonChart::StepBreakdown: return QCoreApplication::translate("commtax::ComparisonCharts", "Step time breakdown");
    case ComparisonChart::CostPerBillionTokens: return QCoreApplication::translate("commtax::ComparisonCharts", "Cost per billion tokens");
    case ComparisonChart::DaysToTrain: return QCoreApplication::translate("commtax::ComparisonCharts", "Days to train");
    case ComparisonChart::Tco: return QCoreApplication::translate("commtax::ComparisonCharts", "TCO of the training run");
    case ComparisonChart::PriceBreakEven: return QCoreApplication::translate("commtax::ComparisonCharts", "Break-even GPU price");
    case ComparisonChart::BuyVersusRent: return QCoreApplication::translate("commtax::ComparisonCharts", "Buying against renting");
    }
    return QString();
}

QColor planColor(int index)
{
    // Tableau 10: distinct in colour and in grey when printed.
    static const QColor colors[] = {QColor(0x4E, 0x79, 0xA7), QColor(0xF2, 0x8E, 0x2B), QColor(0x59, 0xA1, 0x4F),
                                    QColor(0xE1, 0x57, 0x59), QColor(0x76, 0xB7, 0xB2), QColor(0xED, 0xC9, 0x48),
                                    QColor(0xB0, 0x7A, 0xA1), QColor(0xFF, 0x9D, 0xA7)};
    return colors[(index % 8 + 8) % 8];
}

QString wrapLabel(const QString &name, int maxLine)
{
    const QStringList words = name.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    QStringList lines;
    QString line;
    for (const QString &w : words) {
        if (!line.isEmpty() && line.size() + 1 + w.size() > maxLine) {
            lines << line;
            line.clear();
        }
        line += (line.isEmpty() ? QString() : QStringLiteral(" ")) + w;
    }
    if (!line.isEmpty())
        lines << line;
    return lines.join(QLatin1Char('\n'));
}

namespace {

double finiteOr(double v, double fallback) { return std::isfinite(v) ? v : fallback; }

QString whyNoBar(const ComparedPlan &p)
{
    if (!p.valid)
        return QCoreApplication::translate("commtax::ComparisonCharts", "invalid plan");
    return QCoreApplication::translate("commtax::ComparisonCharts", "does not fit\nin memory");
}

void setTitle(QCustomPlot *plot, const QString &title)
{
    QCPTextElement *element = nullptr;
    if (plot->plotLayout()->rowCount() > 1)
        element = qobject_cast<QCPTextElement *>(plot->plotLayout()->element(0, 0));
    if (!element) {
        plot->plotLayout()->insertRow(0);
        QFont f = plot->font();
        f.setPointSizeF(11);
        f.setBold(true);
        element = new QCPTextElement(plot, title, f);
        plot->plotLayout()->addElement(0, 0, element);
    }
    element->setText(title);
    plot->setProperty("fullTitle", title); // fitTitle() wraps or shortens it to the plot's width
}

void reset(QCustomPlot *plot, const QString &title, const QString &xLabel, const QString &yLabel)
{
    plot->clearPlottables();
    plot->clearItems();
    setTitle(plot, title);
    QFont tickFont = plot->font();
    tickFont.setPointSizeF(8);
    for (QCPAxis *axis : {plot->xAxis, plot->yAxis}) {
        axis->setTickLabelFont(tickFont);
        QFont labelFont = tickFont;
        labelFont.setPointSizeF(9);
        axis->setLabelFont(labelFont);
    }
    plot->xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    plot->yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    plot->xAxis->setLabel(xLabel);
    plot->yAxis->setLabel(yLabel);
    plot->yAxis->setProperty("fullLabel", yLabel); // fitValueAxis() wraps it to the axis's height
    plot->setProperty("valueMax", QVariant());     // valueAxisTo() sets it: room for the labels on top
    plot->xAxis->grid()->setVisible(false);
    // The legend goes in its own row under the axes, so it never hides a bar or a label.
    if (plot->legend->layout() == plot->axisRect()->insetLayout()) {
        plot->axisRect()->insetLayout()->take(plot->legend);
        plot->axisRect()->insetLayout()->simplify();
        const int row = plot->plotLayout()->rowCount();
        plot->plotLayout()->addElement(row, 0, plot->legend);
        plot->plotLayout()->setRowStretchFactor(row, 0.001);
        plot->legend->setFillOrder(QCPLegend::foColumnsFirst, false);
        plot->legend->setBorderPen(Qt::NoPen);
        plot->legend->setMargins(QMargins(4, 0, 4, 2));
        // An empty legend's size hint would cap the column's width (and squeeze the axes):
        // give it an explicit, unlimited maximum width.
        plot->legend->setMaximumSize(1 << 20, QWIDGETSIZE_MAX);
    }
    plot->legend->setWrap(2);
    plot->legend->setFillOrder(QCPLegend::foColumnsFirst, true);
    plot->legend->setVisible(true);
    plot->legend->setFont(tickFont);
    plot->legend->setRowSpacing(0);
    plot->legend->setColumnSpacing(12);
    plot->legend->setIconSize(24, 12); // rows as high as their text, so 8 plans' entries take less room
}

// x axis with one tick per plan at keys 1..n.
void planAxis(QCustomPlot *plot, const Comparison &c)
{
    auto ticker = QSharedPointer<QCPAxisTickerText>(new QCPAxisTickerText);
    QStringList names;
    for (qsizetype i = 0; i < c.plans.size(); ++i) {
        const QString reference = i == c.reference ? QStringLiteral("\n(A)") : QString();
        names << c.plans[i].name + reference;
        ticker->addTick(double(i + 1), wrapLabel(c.plans[i].name) + reference);
    }
    plot->xAxis->setTicker(ticker);
    plot->xAxis->setRange(0.4, double(c.plans.size()) + 0.6);
    // Each name wrapped to its category's width after every layout, so that neighbours never run
    // into each other at 1280 px.
    plot->setProperty("categoryLabels", names);
    if (!plot->property("categoryFit").toBool()) {
        plot->setProperty("categoryFit", true);
        QObject::connect(plot, &QCustomPlot::afterLayout, plot, [plot] {
            if (fitCategoryLabels(plot))
                plot->replot(QCustomPlot::rpQueuedReplot);
        });
    }
}

void label(QCustomPlot *plot, double key, double value, const QString &text, Qt::Alignment align, const QColor &color = Qt::black)
{
    auto *t = new QCPItemText(plot);
    t->position->setCoords(key, value);
    t->setPositionAlignment(align);
    t->setText(text);
    QFont f = plot->font();
    f.setPointSizeF(7.5);
    t->setFont(f);
    t->setColor(color);
    t->setPadding(QMargins(1, 1, 1, 2));
}

void message(QCustomPlot *plot, const QString &text)
{
    auto *t = new QCPItemText(plot);
    t->position->setType(QCPItemPosition::ptAxisRectRatio);
    t->position->setCoords(0.5, 0.5);
    t->setText(text);
    QFont f = plot->font();
    f.setPointSizeF(10);
    t->setFont(f);
    t->setColor(Qt::darkGray);
    plot->legend->setVisible(false);
}

void valueAxisTo(QCustomPlot *plot, double maxValue)
{
    const bool some = maxValue > 0 && std::isfinite(maxValue);
    plot->yAxis->setRange(0, some ? maxValue * 1.18 : 1.0);
    if (some)
        plot->setProperty("valueMax", maxValue); // fitValueAxis() keeps a label's height above it
}

// One bar per plan that runs, in the plan's colour; a label on top.
bool drawPerPlanBars(QCustomPlot *plot, const Comparison &c, double (*value)(const Result &), double scale,
                     QString (*text)(double))
{
    planAxis(plot, c);
    double maxValue = 0;
    bool any = false;
    for (qsizetype i = 0; i < c.plans.size(); ++i) {
        const ComparedPlan &p = c.plans[i];
        const double key = double(i + 1);
        if (!p.runs())
            continue;
        const double v = finiteOr(value(p.result) * scale, 0);
        auto *bars = new QCPBars(plot->xAxis, plot->yAxis);
        bars->setName(p.name);
        bars->setWidth(0.6);
        bars->setPen(QPen(planColor(int(i)).darker(130)));
        bars->setBrush(planColor(int(i)));
        bars->setData({key}, {v}, true);
        bars->removeFromLegend(); // the axis names each bar; its colour is the plan's in every chart
        maxValue = std::max(maxValue, v);
        any = true;
    }
    valueAxisTo(plot, maxValue);
    for (qsizetype i = 0; i < c.plans.size(); ++i) {
        const ComparedPlan &p = c.plans[i];
        if (p.runs())
            label(plot, double(i + 1), finiteOr(value(p.result) * scale, 0), text(value(p.result)), Qt::AlignBottom | Qt::AlignHCenter);
        else
            label(plot, double(i + 1), 0, whyNoBar(p), Qt::AlignBottom | Qt::AlignHCenter, Qt::darkRed);
    }
    plot->legend->setVisible(false);
    return any;
}

struct StackPart {
    const char *name;
    QColor color;
    double (*value)(const ComparedPlan &);
};

bool drawStacked(QCustomPlot *plot, const Comparison &c, const std::vector<StackPart> &parts, double scale,
                 QString (*total)(const ComparedPlan &), double (*totalValue)(const ComparedPlan &))
{
    planAxis(plot, c);
    QCPBars *below = nullptr;
    double maxValue = 0;
    bool any = false;
    for (const StackPart &part : parts) {
        QVector<double> keys, values;
        for (qsizetype i = 0; i < c.plans.size(); ++i)
            if (c.plans[i].runs()) {
                keys << double(i + 1);
                values << finiteOr(part.value(c.plans[i]) * scale, 0);
            }
        bool nonZero = false;
        for (double v : std::as_const(values))
            nonZero = nonZero || v > 0;
        if (!nonZero)
            continue; // a part no plan has (e.g. rent in a comparison of bought plans) stays out of the legend
        auto *bars = new QCPBars(plot->xAxis, plot->yAxis);
        bars->setName(QCoreApplication::translate("commtax::ComparisonCharts", part.name));
        bars->setWidth(0.6);
        bars->setPen(QPen(part.color.darker(140)));
        bars->setBrush(part.color);
        bars->setData(keys, values, true);
        if (below)
            bars->moveAbove(below);
        below = bars;
        any = true;
    }
    for (qsizetype i = 0; i < c.plans.size(); ++i) {
        const ComparedPlan &p = c.plans[i];
        if (p.runs()) {
            const double top = finiteOr(totalValue(p) * scale, 0);
            maxValue = std::max(maxValue, top);
            label(plot, double(i + 1), top, total(p), Qt::AlignBottom | Qt::AlignHCenter);
        } else {
            label(plot, double(i + 1), 0, whyNoBar(p), Qt::AlignBottom | Qt::AlignHCenter, Qt::darkRed);
        }
    }
    valueAxisTo(plot, maxValue);
    return any;
}

QString seconds(double v) { return formatNumber(v, v < 10 ? 2 : 1) + QStringLiteral(" s"); }
QString usd(double v) { return formatUsd(v); }
QString days(double v) { return formatNumber(v, 1) + QStringLiteral(" d"); }

bool drawPriceBreakEven(QCustomPlot *plot, const Comparison &c)
{
    const ComparedPlan &a = c.plans[c.reference];
    plot->setProperty("titlePlanName", a.name);
    reset(plot, QCoreApplication::translate("commtax::ComparisonCharts", "Break-even GPU price against %1 (A)").arg(a.name), QCoreApplication::translate("commtax::ComparisonCharts", "GPU price (% of today's price; circle: today, diamond: break-even)"),
          QCoreApplication::translate("commtax::ComparisonCharts", "Cost per billion tokens (USD)"));
    if (!a.runs()) {
        message(plot, QCoreApplication::translate("commtax::ComparisonCharts", "Plan A (%1) does not run: no price can match it").arg(a.name));
        return false;
    }
    const QList<BreakEvenRow> rows = breakEvens(c);
    double maxX = 200;
    for (qsizetype i = 0; i < rows.size(); ++i)
        if (rows[i].hasPrice && rows[i].price.reachable && rows[i].price.currentPrice > 0 && c.plans[i].runs())
            maxX = std::max(maxX, std::min(400.0, 100.0 * rows[i].price.breakEvenPrice / rows[i].price.currentPrice * 1.1));
    double maxY = a.result.cost_per_billion_tokens_usd;
    auto *refLine = plot->addGraph();
    refLine->setName(QCoreApplication::translate("commtax::ComparisonCharts", "%1 (A) today: %2").arg(a.name, formatUsd(a.result.cost_per_billion_tokens_usd)));
    refLine->setProperty("planName", a.name);
    refLine->setPen(QPen(planColor(c.reference), 2, Qt::DashLine));
    refLine->setData({0, maxX}, {a.result.cost_per_billion_tokens_usd, a.result.cost_per_billion_tokens_usd}, true);
    // A line that climbs past three times A's cost (and past every line's start) stops there,
    // with an arrow and its end's value (the RTX 4090's ran off the top of the plot).
    double cap = 3.0 * a.result.cost_per_billion_tokens_usd;
    for (qsizetype i = 0; i < c.plans.size(); ++i)
        if (i != c.reference && c.plans[i].runs() && rows[i].hasPrice && rows[i].price.currentPrice > 0) {
            const double y0 = costPerBillionTokensAtPrice(c.plans[i].plan, c.plans[i].result, 0);
            if (std::isfinite(y0))
                cap = std::max(cap, y0);
        }
    bool any = false;
    for (qsizetype i = 0; i < c.plans.size(); ++i) {
        const ComparedPlan &b = c.plans[i];
        if (i == c.reference || !b.runs() || !rows[i].hasPrice || !(rows[i].price.currentPrice > 0))
            continue;
        const PriceBreakEven &be = rows[i].price;
        auto *line = plot->addGraph();
        const double y0 = costPerBillionTokensAtPrice(b.plan, b.result, 0);
        const double y1 = costPerBillionTokensAtPrice(b.plan, b.result, be.currentPrice * maxX / 100.0);
        if (!std::isfinite(y0) || !std::isfinite(y1))
            continue;
        line->setName(be.reachable ? QCoreApplication::translate("commtax::ComparisonCharts", "%1: matches A at %2%3").arg(b.name, formatUsd(be.breakEvenPrice), be.rent ? QStringLiteral("/GPU-h") : QStringLiteral("/GPU"))
                                   : QCoreApplication::translate("commtax::ComparisonCharts", "%1: dearer even with free GPUs").arg(b.name));
        line->setProperty("planName", b.name);
        line->setPen(QPen(planColor(int(i)), 2));
        if (y1 > cap && y1 > y0) {
            const double xCut = maxX * (cap - y0) / (y1 - y0);
            line->setData({0, xCut}, {y0, cap}, true);
            line->setProperty("continuesTo", y1);
            auto *arrow = new QCPItemLine(plot);
            arrow->start->setCoords(xCut - 0.08 * xCut, y0 + 0.92 * (cap - y0));
            arrow->end->setCoords(xCut, cap);
            arrow->setPen(QPen(planColor(int(i)), 2));
            arrow->setHead(QCPLineEnding(QCPLineEnding::esSpikeArrow, 10, 12));
            label(plot, xCut, cap,
                  QCoreApplication::translate("commtax::ComparisonCharts", "continues: %1 at %2% of today's price").arg(formatUsd(y1), formatNumber(maxX, 0)),
                  Qt::AlignBottom | (xCut > maxX / 2 ? Qt::AlignRight : Qt::AlignLeft), planColor(int(i)));
        } else {
            line->setData({0, maxX}, {y0, y1}, true);
        }
        maxY = std::max(maxY, std::min(y1, cap));
        maxY = std::max(maxY, y0);
        // today's price
        auto *today = plot->addGraph();
        today->removeFromLegend();
        today->setLineStyle(QCPGraph::lsNone);
        today->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, planColor(int(i)), Qt::white, 7));
        today->setData({100}, {b.result.cost_per_billion_tokens_usd}, true);
        if (be.reachable) {
            const double x = 100.0 * be.breakEvenPrice / be.currentPrice;
            if (x <= maxX) {
                auto *cross = plot->addGraph();
                cross->removeFromLegend();
                cross->setLineStyle(QCPGraph::lsNone);
                cross->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond, planColor(int(i)), planColor(int(i)), 9));
                cross->setData({x}, {a.result.cost_per_billion_tokens_usd}, true); // the legend gives the price
            }
        }
        any = true;
    }
    plot->xAxis->setRange(0, maxX);
    plot->yAxis->setRange(0, maxY * 1.25);
    plot->xAxis->grid()->setVisible(true);
    plot->legend->setWrap(2);
    plot->legend->setFillOrder(QCPLegend::foColumnsFirst, true);
    if (!any)
        message(plot, QCoreApplication::translate("commtax::ComparisonCharts", "No other plan runs: nothing to compare with A"));
    return any;
}

bool drawBuyVersusRent(QCustomPlot *plot, const Comparison &c)
{
    reset(plot, chartTitle(ComparisonChart::BuyVersusRent), QCoreApplication::translate("commtax::ComparisonCharts", "Months of use"),
          QCoreApplication::translate("commtax::ComparisonCharts", "Cumulative cost (USD millions)"));
    const QList<BreakEvenRow> rows = breakEvens(c);
    double maxMonths = 0;
    for (qsizetype i = 0; i < rows.size(); ++i) {
        const ComparedPlan &bought = rows[i].buyIsReference ? c.plans[c.reference] : c.plans[i];
        if (rows[i].buyRent.applicable)
            maxMonths = std::max({maxMonths, bought.plan.economics.years * 12.0,
                                  rows[i].buyRent.reachable ? rows[i].buyRent.months * 1.3 : 0.0});
    }
    if (maxMonths <= 0) {
        message(plot, QCoreApplication::translate("commtax::ComparisonCharts", "No bought plan against a rented one in this comparison"));
        return false;
    }
    maxMonths = std::min(maxMonths, 240.0);
    double maxY = 0;
    for (qsizetype i = 0; i < rows.size(); ++i) {
        const BuyRentBreakEven &br = rows[i].buyRent;
        if (!br.applicable)
            continue;
        const int boughtIndex = rows[i].buyIsReference ? c.reference : int(i);
        const int rentedIndex = rows[i].buyIsReference ? int(i) : c.reference;
        auto *buy = plot->addGraph();
        buy->setName(QCoreApplication::translate("commtax::ComparisonCharts", "Buy %1: %2 up front").arg(c.plans[boughtIndex].name, formatUsd(br.capex_usd)));
        buy->setProperty("planName", c.plans[boughtIndex].name);
        buy->setPen(QPen(planColor(boughtIndex), 2));
        buy->setData({0, maxMonths}, {br.cumulativeBuyUsd(0) / 1e6, br.cumulativeBuyUsd(maxMonths) / 1e6}, true);
        auto *rent = plot->addGraph();
        rent->setName(QCoreApplication::translate("commtax::ComparisonCharts", "Rent: %1, for as many tokens").arg(c.plans[rentedIndex].name));
        rent->setProperty("planName", c.plans[rentedIndex].name);
        rent->setPen(QPen(planColor(rentedIndex), 2, Qt::DashLine));
        rent->setData({0, maxMonths}, {0, br.cumulativeRentUsd(maxMonths) / 1e6}, true);
        maxY = std::max({maxY, br.cumulativeBuyUsd(maxMonths) / 1e6, br.cumulativeRentUsd(maxMonths) / 1e6});
        if (br.reachable && br.months <= maxMonths) {
            auto *mark = new QCPItemStraightLine(plot);
            mark->point1->setCoords(br.months, 0);
            mark->point2->setCoords(br.months, 1);
            mark->setPen(QPen(Qt::darkGray, 1, Qt::DotLine));
            label(plot, br.months, br.cumulativeBuyUsd(br.months) / 1e6,
                  QCoreApplication::translate("commtax::ComparisonCharts", "buying is cheaper\nafter %1 months").arg(formatNumber(br.months, 1)), Qt::AlignTop | Qt::AlignLeft);
        }
    }
    plot->xAxis->setRange(0, maxMonths);
    plot->yAxis->setRange(0, maxY * 1.1);
    plot->legend->setWrap(2);
    plot->legend->setFillOrder(QCPLegend::foColumnsFirst, true);
    plot->xAxis->grid()->setVisible(true);
    return true;
}

} // namespace

namespace {
// `text` broken at spaces into lines no wider than `width` pixels; a word wider than that alone
// is broken between characters. Existing line breaks are kept.
QString wrapToWidth(const QString &text, const QFontMetrics &fm, int width)
{
    QStringList out;
    for (const QString &paragraph : text.split(QLatin1Char('\n'))) {
        QString line;
        for (QString word : paragraph.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
            const QString candidate = line.isEmpty() ? word : line + QLatin1Char(' ') + word;
            if (fm.horizontalAdvance(candidate) <= width) {
                line = candidate;
                continue;
            }
            if (!line.isEmpty())
                out << line;
            while (word.size() > 1 && fm.horizontalAdvance(word) > width) {
                qsizetype n = word.size() - 1;
                while (n > 1 && fm.horizontalAdvance(word.left(n)) > width)
                    --n;
                out << word.left(n);
                word = word.mid(n);
            }
            line = word;
        }
        out << line;
    }
    return out.join(QLatin1Char('\n'));
}

} // namespace

bool fitCategoryLabels(QCustomPlot *plot)
{
    const QStringList names = plot->property("categoryLabels").toStringList();
    auto ticker = qSharedPointerDynamicCast<QCPAxisTickerText>(plot->xAxis->ticker());
    if (names.isEmpty() || !ticker || ticker->ticks().size() != names.size())
        return false;
    const int step = int(std::abs(plot->xAxis->coordToPixel(2) - plot->xAxis->coordToPixel(1))) - 4;
    const QFontMetrics fm(plot->xAxis->tickLabelFont());
    QMap<double, QString> ticks;
    // On screen at most three lines of a name, the last cut with an ellipsis (its whole name in
    // the axis's tooltip, LegendToolTips): ten lines of a 60-character name left a 1280-px
    // window's step-time plot 35 px. Print keeps every line.
    const bool onScreen = !plot->testAttribute(Qt::WA_DontShowOnScreen);
    const int width = std::max(step, 16);
    // On screen, the words every plan's name starts with ("Llama 2 70B on") are left out: the
    // lines go to what tells the plans apart.
    QList<QStringList> words;
    for (const QString &name : names)
        words << QString(name).remove(QStringLiteral("\n(A)")).split(QLatin1Char(' '), Qt::SkipEmptyParts);
    qsizetype common = 0;
    while (onScreen && names.size() > 1) {
        bool same = true;
        for (const QStringList &w : std::as_const(words))
            same = same && w.size() > common + 1 && w[common] == words.first()[common];
        if (!same)
            break;
        ++common;
    }
    for (qsizetype i = 0; i < names.size(); ++i) {
        const QString reference = names[i].endsWith(QStringLiteral("\n(A)")) ? QStringLiteral("\n(A)") : QString();
        const QString shown = common > 0 ? QString(QChar(0x2026)) + QStringList(words[i].mid(common)).join(QLatin1Char(' ')) : names[i].chopped(reference.size());
        QStringList lines = wrapToWidth(shown, fm, width).split(QLatin1Char('\n'));
        const int keep = reference.isEmpty() ? 3 : 2;
        if (onScreen && lines.size() > keep) {
            const QString rest = QStringList(lines.mid(keep - 1)).join(QLatin1Char(' '));
            lines = lines.mid(0, keep - 1);
            lines << fm.elidedText(rest, Qt::ElideRight, width);
        }
        ticks.insert(double(i + 1), lines.join(QLatin1Char('\n')) + reference);
    }
    if (ticks == ticker->ticks())
        return false;
    ticker->setTicks(ticks);
    return true;
}

namespace {
// The legend's entries as drawn from their whole texts (kept in the plottable's "fullName"
// property; "planName" names the plan inside it). Plan names of up to 60 characters and 8 plans:
// the legend may take what leaves the axes 55% of the plot's height. Whole texts
// wrapped to the plot's width (two columns when they fit on one line each) while they fit in that;
// else, on screen, one line per entry, the plan's name shortened at its end, in as many columns as
// it takes (up to four), and the whole text in the entry's tooltip (LegendToolTips). True when an
// entry changed.
bool fitLegend(QCustomPlot *plot)
{
    QCPLegend *legend = plot->legend;
    const int width = plot->width() - 16;
    if (!legend->visible() || legend->itemCount() == 0 || width < 100)
        return false;
    QList<QCPAbstractPlottable *> entries;
    for (int i = 0; i < legend->itemCount(); ++i)
        if (auto *item = qobject_cast<QCPPlottableLegendItem *>(legend->item(i))) {
            QCPAbstractPlottable *p = item->plottable();
            if (!p->property("fullName").isValid())
                p->setProperty("fullName", p->name());
            entries << p;
        }
    if (entries.isEmpty())
        return false;
    const QFontMetrics fm(legend->font());
    const int marker = legend->iconSize().width() + legend->iconTextPadding() + 12;
    QStringList before;
    for (QCPAbstractPlottable *p : entries)
        before << p->name();
    const int wrapBefore = legend->wrap();
    const auto apply = [&](int columns, const std::function<QString(const QString &full, const QString &name, int textWidth)> &text) {
        const int textWidth = (width - (columns - 1) * legend->columnSpacing()) / columns - marker;
        for (QCPAbstractPlottable *p : entries)
            p->setName(text(p->property("fullName").toString(), p->property("planName").toString(), textWidth));
        legend->setWrap(columns);
        legend->setFillOrder(QCPLegend::foColumnsFirst, true);
        return static_cast<QCPLayoutElement *>(legend)->minimumOuterSizeHint().height();
    };
    // What the legend may take: 45% of the plot's height less the title and the axes' margins.
    int title = 0;
    if (plot->plotLayout()->rowCount() > 0)
        if (auto *element = qobject_cast<QCPTextElement *>(plot->plotLayout()->element(0, 0)))
            title = static_cast<QCPLayoutElement *>(element)->minimumOuterSizeHint().height();
    const QMargins margins = plot->axisRect()->margins();
    const int axes = std::max(margins.top() + margins.bottom(), 2 * QFontMetrics(plot->xAxis->labelFont()).lineSpacing() + 16);
    const int room = int(0.45 * plot->height()) - title - axes;
    // whole texts: two columns when each fits on one line, else one column, wrapped
    int widest = 0;
    for (QCPAbstractPlottable *p : entries)
        for (const QString &line : p->property("fullName").toString().split(QLatin1Char('\n')))
            widest = std::max(widest, fm.horizontalAdvance(line) + marker);
    const int wholeColumns = 2 * widest + legend->columnSpacing() <= width ? 2 : 1;
    const auto whole = [&](const QString &full, const QString &, int textWidth) { return wrapToWidth(full, fm, textWidth); };
    // A plot drawn for print (the PDF report's are never shown on screen) has no tooltips: whole texts.
    const bool onScreen = !plot->testAttribute(Qt::WA_DontShowOnScreen);
    if (apply(wholeColumns, whole) > room && onScreen) {
        // one line each: the plan's name shortened, the rest (the price, "up front") kept
        const auto shortened = [&](const QString &full, const QString &name, int textWidth) {
            if (fm.horizontalAdvance(full) <= textWidth)
                return full;
            if (!name.isEmpty() && full.contains(name)) {
                const int rest = fm.horizontalAdvance(full) - fm.horizontalAdvance(name);
                const QString shortName = fm.elidedText(name, Qt::ElideRight, std::max(textWidth - rest, fm.horizontalAdvance(QStringLiteral("MMMMMM"))));
                const QString text = QString(full).replace(name, shortName);
                if (fm.horizontalAdvance(text) <= textWidth)
                    return text;
            }
            return fm.elidedText(full, Qt::ElideRight, textWidth);
        };
        // from as many columns as the whole texts took (fewer only makes the legend taller: the
        // step-time legend fell to one column of seven rows at 1280 px)
        int columns = wholeColumns;
        while (apply(columns, shortened) > room && columns < 4 && (width - columns * legend->columnSpacing()) / (columns + 1) - marker >= 150)
            ++columns;
    }
    QStringList after;
    for (QCPAbstractPlottable *p : entries)
        after << p->name();
    return after != before || legend->wrap() != wrapBefore;
}

// The whole text of a shortened legend entry, or of a shortened title, in a tooltip over it.
class LegendToolTips : public QObject
{
public:
    using QObject::QObject;
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        auto *plot = qobject_cast<QCustomPlot *>(watched);
        if (!plot || event->type() != QEvent::ToolTip)
            return QObject::eventFilter(watched, event);
        const auto *help = static_cast<QHelpEvent *>(event);
        if (plot->legend->visible())
            for (int i = 0; i < plot->legend->itemCount(); ++i)
                if (auto *item = qobject_cast<QCPPlottableLegendItem *>(plot->legend->item(i)))
                    if (item->outerRect().contains(help->pos()) && item->plottable()->property("fullName").isValid()) {
                        QToolTip::showText(help->globalPos(), item->plottable()->property("fullName").toString(), plot, item->outerRect());
                        return true;
                    }
        const QStringList categories = plot->property("categoryLabels").toStringList();
        const QRect axes = plot->axisRect()->rect();
        if (!categories.isEmpty() && help->pos().y() > axes.bottom() && help->pos().x() >= axes.left() && help->pos().x() <= axes.right()) {
            const int i = int(std::lround(plot->xAxis->pixelToCoord(help->pos().x()))) - 1;
            if (i >= 0 && i < categories.size()) { // a plan's whole name under its bar
                QToolTip::showText(help->globalPos(), QString(categories[i]).replace(QLatin1Char('\n'), QLatin1Char(' ')), plot);
                return true;
            }
        }
        if (plot->plotLayout()->rowCount() > 0 && plot->property("fullTitle").isValid())
            if (auto *title = qobject_cast<QCPTextElement *>(plot->plotLayout()->element(0, 0))) {
                const QString full = plot->property("fullTitle").toString();
                if (title->outerRect().contains(help->pos()) && QString(title->text()).replace(QLatin1Char('\n'), QLatin1Char(' ')) != full) {
                    QToolTip::showText(help->globalPos(), full, plot, title->outerRect());
                    return true;
                }
            }
        return QObject::eventFilter(watched, event);
    }
};

// The title from its whole text (the "fullTitle" property): on screen a plan's name in it
// ("titlePlanName") shortened to keep it on one line (the legend and the Plan A box give it
// whole); other titles, and every title in print, wrap. True when it changed.
bool fitTitle(QCustomPlot *plot, int width)
{
    if (plot->plotLayout()->rowCount() == 0)
        return false;
    auto *title = qobject_cast<QCPTextElement *>(plot->plotLayout()->element(0, 0));
    if (!title)
        return false;
    const QFontMetrics fm(title->font());
    const QString name = plot->property("titlePlanName").toString();
    QString text = plot->property("fullTitle").isValid() ? plot->property("fullTitle").toString() : title->text();
    const bool onScreen = !plot->testAttribute(Qt::WA_DontShowOnScreen); // print keeps the whole name
    if (onScreen && !name.isEmpty() && text.contains(name) && fm.horizontalAdvance(text) > width) {
        const int rest = fm.horizontalAdvance(text) - fm.horizontalAdvance(name);
        text.replace(name, fm.elidedText(name, Qt::ElideRight, std::max(width - rest, fm.horizontalAdvance(QStringLiteral("MMMMMM")))));
    }
    text = wrapToWidth(text, fm, width);
    if (text == title->text())
        return false;
    title->setText(text);
    return true;
}

// The value axis once the axes are laid out: its title wrapped to the axis's height
// ("Days to train (wall clock, with goodput)" ran out of a 1280-px window's chart), and room above
// the highest bar for its label (the "37.7 s" on top of a step-time bar was cut by the title). True
// when it changed.
bool fitValueAxis(QCustomPlot *plot)
{
    bool changed = false;
    const int height = plot->axisRect()->height();
    // On screen only: a plot drawn for print (the PDF's, tall enough) is laid out once, and a
    // title wrapped after that would run out of the page's margin.
    if (height < 40 || plot->testAttribute(Qt::WA_DontShowOnScreen))
        return false;
    const QString full = plot->yAxis->property("fullLabel").toString();
    if (!full.isEmpty()) {
        const QString shown = wrapToWidth(full, QFontMetrics(plot->yAxis->labelFont()), std::max(height, 60));
        if (shown != plot->yAxis->label()) {
            plot->yAxis->setLabel(shown);
            changed = true;
        }
    }
    const QVariant top = plot->property("valueMax");
    if (top.isValid() && plot->yAxis->range().lower == 0) {
        QFont f = plot->font();
        f.setPointSizeF(7.5); // label()'s
        const double room = QFontMetrics(f).height() + 6;
        const double vmax = top.toDouble();
        const double upper = height > 2 * room ? std::max(vmax * 1.18, vmax * height / (height - room)) : 2 * vmax;
        if (std::abs(upper - plot->yAxis->range().upper) > 1e-9 * upper) {
            plot->yAxis->setRangeUpper(upper);
            changed = true;
        }
    }
    return changed;
}

// Titles and legends fit the plot's width (on screen or in the PDF, which draws at the plot's
// size), again after every layout (a resize, a tab shown for the first time).
void fitTextsToWidth(QCustomPlot *plot)
{
    const int width = plot->width() - 16;
    if (width < 100)
        return;
    fitTitle(plot, width);
    fitLegend(plot);
    fitValueAxis(plot);
    if (!plot->property("legendFit").toBool()) {
        plot->setProperty("legendFit", true);
        plot->installEventFilter(new LegendToolTips(plot));
        QObject::connect(plot, &QCustomPlot::afterLayout, plot, [plot] {
            const int w = plot->width() - 16;
            if (w < 100)
                return;
            const bool title = fitTitle(plot, w);
            const bool axis = fitValueAxis(plot);
            if (fitLegend(plot) || title || axis)
                plot->replot(QCustomPlot::rpQueuedReplot);
        });
    }
}
} // namespace

bool drawComparisonChart(QCustomPlot *plot, ComparisonChart chart, const Comparison &c)
{
    if (c.plans.isEmpty()) {
        reset(plot, chartTitle(chart), QString(), QString());
        message(plot, QCoreApplication::translate("commtax::ComparisonCharts", "No plans to compare"));
        plot->replot(QCustomPlot::rpQueuedReplot);
        return false;
    }
    bool drawn = false;
    switch (chart) {
    case ComparisonChart::StepBreakdown: {
        reset(plot, chartTitle(chart), QString(), QCoreApplication::translate("commtax::ComparisonCharts", "Step time (s)"));
        static const std::vector<StackPart> parts = {
            {QT_TRANSLATE_NOOP("commtax::ComparisonCharts", "Compute"), QColor(0x4E, 0x79, 0xA7), [](const ComparedPlan &p) { return p.result.compute_time_s; }},
            {QT_TRANSLATE_NOOP("commtax::ComparisonCharts", "Pipeline bubble"), QColor(0xBA, 0xB0, 0xAC), [](const ComparedPlan &p) { return p.result.bubble_time_s; }},
            {QT_TRANSLATE_NOOP("commtax::ComparisonCharts", "TP comm (exposed)"), QColor(0xF2, 0x8E, 0x2B), [](const ComparedPlan &p) { return p.result.tp_comm_exposed_s; }},
            {QT_TRANSLATE_NOOP("commtax::ComparisonCharts", "PP comm"), QColor(0xB0, 0x7A, 0xA1), [](const ComparedPlan &p) { return p.result.pp_comm_exposed_s; }},
            {QT_TRANSLATE_NOOP("commtax::ComparisonCharts", "DP comm (exposed)"), QColor(0xE1, 0x57, 0x59), [](const ComparedPlan &p) { return p.result.dp_comm_exposed_s; }},
            {QT_TRANSLATE_NOOP("commtax::ComparisonCharts", "CP ring (exposed)"), QColor(0x59, 0xA1, 0x4F), [](const ComparedPlan &p) { return p.result.cp_comm_exposed_s; }},
            {QT_TRANSLATE_NOOP("commtax::ComparisonCharts", "Expert all-to-all (exposed)"), QColor(0xED, 0xC9, 0x48), [](const ComparedPlan &p) { return p.result.ep_comm_exposed_s; }},
            {QT_TRANSLATE_NOOP("commtax::ComparisonCharts", "Overlap slowdown"), QColor(0x9C, 0x75, 0x5F), [](const ComparedPlan &p) { return p.result.overlap_slowdown_s; }},
            {QT_TRANSLATE_NOOP("commtax::ComparisonCharts", "Optimizer step"), QColor(0x76, 0xB7, 0xB2), [](const ComparedPlan &p) { return p.result.optimizer_time_s; }},
        };
        drawn = drawStacked(
            plot, c, parts, 1.0, [](const ComparedPlan &p) { return seconds(p.result.step_time_s); },
            [](const ComparedPlan &p) { return p.result.step_time_s; });
        break;
    }
    case ComparisonChart::CostPerBillionTokens:
        reset(plot, chartTitle(chart), QString(), QCoreApplication::translate("commtax::ComparisonCharts", "USD per billion tokens"));
        drawn = drawPerPlanBars(
            plot, c, [](const Result &r) { return r.cost_per_billion_tokens_usd; }, 1.0, usd);
        break;
    case ComparisonChart::DaysToTrain:
        reset(plot, chartTitle(chart), QString(), QCoreApplication::translate("commtax::ComparisonCharts", "Days to train (wall clock, with goodput)"));
        drawn = drawPerPlanBars(
            plot, c, [](const Result &r) { return r.days_to_train; }, 1.0, days);
        break;
    case ComparisonChart::Tco: {
        reset(plot, chartTitle(chart), QString(), QCoreApplication::translate("commtax::ComparisonCharts", "USD millions"));
        static const std::vector<StackPart> parts = {
            {QT_TRANSLATE_NOOP("commtax::ComparisonCharts", "Depreciation"), QColor(0x4E, 0x79, 0xA7),
             [](const ComparedPlan &p) { const CostBreakdown b = costBreakdown(p.plan, p.result); return b.depreciation_usd_per_hour * b.run_hours; }},
            {QT_TRANSLATE_NOOP("commtax::ComparisonCharts", "Energy"), QColor(0xED, 0xC9, 0x48),
             [](const ComparedPlan &p) { const CostBreakdown b = costBreakdown(p.plan, p.result); return b.energy_usd_per_hour * b.run_hours; }},
            {QT_TRANSLATE_NOOP("commtax::ComparisonCharts", "Upkeep"), QColor(0x76, 0xB7, 0xB2),
             [](const ComparedPlan &p) { const CostBreakdown b = costBreakdown(p.plan, p.result); return b.upkeep_usd_per_hour * b.run_hours; }},
            {QT_TRANSLATE_NOOP("commtax::ComparisonCharts", "Rent"), QColor(0xFF, 0x9D, 0xA7),
             [](const ComparedPlan &p) { const CostBreakdown b = costBreakdown(p.plan, p.result); return b.rent_usd_per_hour * b.run_hours; }},
        };
        drawn = drawStacked(
            plot, c, parts, 1e-6, [](const ComparedPlan &p) { return formatUsd(p.result.tco_usd); },
            [](const ComparedPlan &p) { return p.result.tco_usd; });
        break;
    }
    case ComparisonChart::PriceBreakEven:
        drawn = drawPriceBreakEven(plot, c);
        break;
    case ComparisonChart::BuyVersusRent:
        drawn = drawBuyVersusRent(plot, c);
        break;
    }
    if (!drawn && chart != ComparisonChart::PriceBreakEven && chart != ComparisonChart::BuyVersusRent)
        message(plot, QCoreApplication::translate("commtax::ComparisonCharts", "None of the plans can run"));
    fitTextsToWidth(plot);
    plot->replot(QCustomPlot::rpQueuedReplot);
    return drawn;
}

// ---------------------------------------------------------------------------------------------
// Sensitivity: the P10-P90 of each plan's cost, and the recommended plan's tornado.

bool drawCostRanges(QCustomPlot *plot, const Comparison &c, const ComparisonSensitivity &s)
{
    reset(plot, QCoreApplication::translate("commtax::ComparisonCharts", "Cost per billion tokens: P10 to P90 (dot: P50)"), QString(),
          QCoreApplication::translate("commtax::ComparisonCharts", "USD per billion tokens"));
    planAxis(plot, c);
    plot->legend->setVisible(false);
    if (!s.valid) {
        message(plot, QCoreApplication::translate("commtax::ComparisonCharts", "Sampling the ranges..."));
        plot->replot(QCustomPlot::rpQueuedReplot);
        return false;
    }
    double top = 0;
    bool any = false;
    for (qsizetype i = 0; i < c.plans.size() && std::size_t(i) < s.plans.size(); ++i) {
        const PlanSensitivity &p = s.plans[std::size_t(i)];
        const double key = double(i + 1);
        if (!p.valid || !c.plans[i].runs()) {
            label(plot, key, 0, whyNoBar(c.plans[i]), Qt::AlignBottom | Qt::AlignHCenter, Qt::darkRed);
            continue;
        }
        const uncertainty::Percentiles q = p.of(uncertainty::Metric::CostPerBillionTokens);
        if (!std::isfinite(q.p10) || !std::isfinite(q.p90))
            continue;
        auto *bar = new QCPBars(plot->xAxis, plot->yAxis);
        bar->setName(c.plans[i].name);
        bar->setWidth(0.35);
        bar->setPen(QPen(planColor(int(i)).darker(130)));
        bar->setBrush(planColor(int(i)).lighter(125));
        bar->setBaseValue(q.p10);
        bar->setData({key}, {q.p90 - q.p10}, true);
        auto *median = new QCPGraph(plot->xAxis, plot->yAxis);
        median->setLineStyle(QCPGraph::lsNone);
        median->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, Qt::black, Qt::black, 6));
        median->setData({key}, {q.p50}, true);
        // The axis names each plan: no legend entries (a hidden legend's entries still take room).
        bar->removeFromLegend();
        median->removeFromLegend();
        label(plot, key, q.p90, QStringLiteral("%1 - %2").arg(formatUsd(q.p10), formatUsd(q.p90)), Qt::AlignBottom | Qt::AlignHCenter);
        top = std::max(top, q.p90);
        any = true;
    }
    valueAxisTo(plot, top);
    if (!any)
        message(plot, QCoreApplication::translate("commtax::ComparisonCharts", "None of the plans can run"));
    fitTextsToWidth(plot); // 60-character plan names wrap, as in the other charts
    plot->replot(QCustomPlot::rpQueuedReplot);
    return any;
}

bool drawRecommendedTornado(QCustomPlot *plot, const Comparison &c, const ComparisonSensitivity &s, int maxBars)
{
    const int r = s.recommended;
    const QString name = r >= 0 && r < c.plans.size() ? c.plans[r].name : QString();
    // On screen a long name is shortened to keep the title on one line, its whole text in the
    // title's tooltip (fitTitle(), LegendToolTips); print wraps it whole.
    plot->setProperty("titlePlanName", name);
    reset(plot, QCoreApplication::translate("commtax::ComparisonCharts", "Sensitivity of the recommended plan (%1)").arg(name),
          QCoreApplication::translate("commtax::ComparisonCharts", "USD per billion tokens"), QString());
    plot->xAxis->grid()->setVisible(true);
    plot->yAxis->grid()->setVisible(false);
    if (!s.valid || r < 0 || std::size_t(r) >= s.plans.size() || !s.plans[std::size_t(r)].valid) {
        plot->yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTickerText));
        message(plot, !s.valid ? QCoreApplication::translate("commtax::ComparisonCharts", "Sampling the ranges...") : QCoreApplication::translate("commtax::ComparisonCharts", "No plan can run: nothing is recommended"));
        plot->replot(QCustomPlot::rpQueuedReplot);
        return false;
    }
    const std::vector<uncertainty::TornadoBar> &bars = s.plans[std::size_t(r)].costTornado;
    const double value = c.plans[r].result.cost_per_billion_tokens_usd;
    const int n = std::min(int(bars.size()), maxBars);
    QList<TornadoRow> rows;
    for (int i = 0; i < n; ++i) {
        const uncertainty::TornadoBar &b = bars[std::size_t(i)];
        // One line per bar: "GPU price ($18.8k-$31.3k)", in the report's number convention with the unit.
        const QString input = QString::fromStdString(b.input);
        const double scale = std::max(std::fabs(b.input_low), std::fabs(b.input_high));
        const auto number = [&](double v) { return inputValueText(input, v, scale); };
        const QString what = libraryText(inputLabelText(input));
        const QString label = QStringLiteral("%1 (%2-%3)").arg(what, number(b.input_low), number(b.input_high));
        rows << TornadoRow{label, b.low, b.high};
    }
    auto *low = new QCPBars(plot->yAxis, plot->xAxis);
    low->setName(QCoreApplication::translate("commtax::ComparisonCharts", "Input at its low end"));
    auto *high = new QCPBars(plot->yAxis, plot->xAxis);
    high->setName(QCoreApplication::translate("commtax::ComparisonCharts", "Input at its high end"));
    styleTornadoBars(low, high);
    drawTornado(low, high, rows, value);
    auto *line = new QCPItemStraightLine(plot);
    line->point1->setCoords(value, 0);
    line->point2->setCoords(value, 1);
    line->setPen(QPen(Qt::black, 1.2));
    if (n == 0)
        message(plot, QCoreApplication::translate("commtax::ComparisonCharts", "No uncertain input moves the cost"));
    fitTextsToWidth(plot); // 60-character plan names wrap, as in the other charts
    plot->replot(QCustomPlot::rpQueuedReplot);
    return n > 0;
}

} // namespace commtax
