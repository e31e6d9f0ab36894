// SPDX-License-Identifier: GPL-3.0-or-later
// The main window's charts and ranges, driven as a user would: hover, export, what each chart says
// it shows, its colours, a mixture-of-experts plan, the key figures' P10-P90 ranges and the
// tornado against the model's own functions. Screenshots go to <build>/screenshots/. The editing,
// files and actions of the window: test_gui.cpp.
#include "mainwindowtestsupport.h"

#include "charts/graphs.h"
#include "charts/tornado.h"
#include "core/presets.h"

using namespace commtax;
using namespace commtax::test;

namespace {
// Counts the resize events (or moves too) of the widgets it watches.
class ResizeCounter : public QObject
{
public:
    explicit ResizeCounter(int *count, bool moves = false)
        : m_count(count)
        , m_moves(moves)
    {
    }
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Resize || (m_moves && event->type() == QEvent::Move))
            ++*m_count;
        return QObject::eventFilter(watched, event);
    }

private:
    int *m_count;
    bool m_moves;
};
// Unites the regions of the paint events its widget gets while `recording` is set.
class PaintRecorder : public QObject
{
public:
    bool recording = false;
    QRegion painted;
    int paints = 0;
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (recording && event->type() == QEvent::Paint) {
            painted += static_cast<QPaintEvent *>(event)->region();
            ++paints;
        }
        return QObject::eventFilter(watched, event);
    }
};
} // namespace

class TestGuiCharts : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    static QString legendOf(ChartView *c)
    {
        QStringList names;
        for (int i = 0; i < c->legend->itemCount(); ++i)
            if (auto *item = qobject_cast<QCPPlottableLegendItem *>(c->legend->item(i)))
                names << item->plottable()->name();
        return names.join(QLatin1Char('|'));
    }
    std::unique_ptr<Fixture> make() { return makeFixture(m_dir); }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void hoverShowsValues()
    {
        auto f = make();
        QTRY_VERIFY(f->settled());
        QTRY_VERIFY(f->redrawn == f->last.requestId);
        auto *chart = f->find<ChartView>(QStringLiteral("chart_comm_tax"));
        auto *marker = f->find<QCPGraph>(QStringLiteral("commtax_marker"));
        const Result &r = f->last.result;
        const QPointF at = ChartView::pixelOf(marker, r.gpus, r.comm_tax_exposed * 100);
        const QString text = chart->hoverTextAt(at + QPointF(2, 1));
        QVERIFY2(text.startsWith(QStringLiteral("This plan: 256 GPUs")), qPrintable(text));
        QVERIFY(text.contains(QString::number(r.comm_tax_exposed * 100, 'f', 1) + QLatin1Char('%')));
        QVERIFY(chart->hoverTextAt(QPointF(1, 1)).isEmpty()); // the corner holds no data

        auto *memory = f->find<ChartView>(QStringLiteral("chart_memory"));
        auto *optimizer = f->find<QCPBars>(QStringLiteral("memory_optimizer"));
        const double mid = r.memory_weights_gb + r.memory_gradients_gb + r.memory_optimizer_gb / 2;
        const QString bar = memory->hoverTextAt(ChartView::pixelOf(optimizer, 2, mid));
        QVERIFY2(bar.startsWith(QStringLiteral("ZeRO-1: optimizer states")), qPrintable(bar));
    }

    void chartsExportPngAndPdf()
    {
        auto f = make();
        QTRY_VERIFY(f->settled());
        for (ChartView *c : f->window.charts()) {
            // into the build tree, to be looked at (pdftoppm -png -r 60 turns the PDFs into pictures)
            const QString png = screenshotDir() + QStringLiteral("/export-") + c->objectName() + QStringLiteral(".png");
            const QString pdf = screenshotDir() + QStringLiteral("/export-") + c->objectName() + QStringLiteral(".pdf");
            QVERIFY(c->exportPng(png));
            QVERIFY(c->exportPdf(pdf));
            const QImage image(png);
            QCOMPARE(image.size(), c->size() * 2); // scale 2 for print
            QFile pdfFile(pdf);
            QVERIFY(pdfFile.open(QIODevice::ReadOnly));
            QVERIFY(pdfFile.read(5) == "%PDF-");
        }
    }

    // Accessibility: each chart's accessible name and description say what it shows,
    // from the same figures as the engine's, and follow each redraw.
    void chartsSayWhatTheyShow()
    {
        auto f = make();
        QTRY_VERIFY(f->settled());
        for (int round = 0; round < 2; ++round) {
            if (round == 1) {
                typeInto(f->find<QSpinBox>(QStringLiteral("field_cluster_nodes")), QStringLiteral("64"));
                QTRY_VERIFY(f->settled());
                QCOMPARE(f->last.result.gpus, 512);
            }
            const Result &r = f->last.result;
            for (ChartView *c : f->window.charts()) {
                QAccessibleInterface *a = QAccessible::queryAccessibleInterface(c);
                QVERIFY(a);
                QVERIFY2(a->text(QAccessible::Name).startsWith(c->title() + QStringLiteral(": ")), qPrintable(a->text(QAccessible::Name)));
                QVERIFY2(a->text(QAccessible::Name).size() > c->title().size() + 4, qPrintable(c->objectName()));
                QVERIFY2(!a->text(QAccessible::Description).isEmpty() || c->objectName() == QLatin1String("chart_sensitivity"), qPrintable(c->objectName()));
                QVERIFY(c->focusPolicy() & Qt::TabFocus); // Tab reaches it, so a screen reader reads it
            }
            const auto text = [&f](const char *chart, QAccessible::Text t) {
                return QAccessible::queryAccessibleInterface(f->find<ChartView>(QLatin1String(chart)))->text(t);
            };
            const QString step = QString::number(r.step_time_s, 'f', r.step_time_s >= 100 ? 0 : r.step_time_s >= 10 ? 1
                                                                                                                    : 2)
                + QStringLiteral(" s");
            QCOMPARE(text("chart_step_time", QAccessible::Name), QStringLiteral("Step time breakdown: %1 per step").arg(step));
            QVERIFY2(text("chart_step_time", QAccessible::Description).startsWith(QStringLiteral("Step time %1: Compute ").arg(step)),
                     qPrintable(text("chart_step_time", QAccessible::Description)));
            const QString tax = QString::number(r.comm_tax_exposed * 100, 'f', 1) + QLatin1Char('%');
            QVERIFY2(text("chart_comm_tax", QAccessible::Name).endsWith(QStringLiteral("this plan %1 at %2 GPUs").arg(tax).arg(r.gpus)),
                     qPrintable(text("chart_comm_tax", QAccessible::Name)));
            const QString bubble = QString::number(r.bubble_share * 100, 'f', 1) + QLatin1Char('%');
            QVERIFY(text("chart_bubble", QAccessible::Name).endsWith(QStringLiteral("this plan %1 of the pipeline at m = %2").arg(bubble).arg(r.micro_batches)));
            // every GPU of the cost chart is named in its description
            for (const HardwareBar &b : f->last.hardware)
                QVERIFY2(text("chart_cost", QAccessible::Description).contains(b.label), qPrintable(b.label));
            QVERIFY(text("chart_memory", QAccessible::Description).contains(QStringLiteral("ZeRO-3")));
            QVERIFY(text("chart_sensitivity", QAccessible::Name).contains(SensitivityChart::inputName(f->ranges.costTornado.value(0).input)));
        }
        // an invalid plan: the charts say they are stale
        typeInto(f->find<QSpinBox>(QStringLiteral("field_training_tp")), QStringLiteral("3"));
        QTRY_VERIFY(f->applied > 0 && !f->last.valid);
        QVERIFY(QAccessible::queryAccessibleInterface(f->find<ChartView>(QStringLiteral("chart_step_time")))->text(QAccessible::Name).startsWith(QStringLiteral("Step time breakdown (stale): ")));
    }

    // Accessibility: every series colour of every chart stands out from the plot's
    // background by at least 3:1 (WCAG 2.1, 1.4.11 non-text contrast): a line by its pen (or its
    // markers), a bar by its fill or its outline.
    void chartPaletteHasContrast()
    {
        QCOMPARE(qRound(ChartView::contrastRatio(Qt::black, Qt::white) * 10), 210); // the formula itself
        QCOMPARE(ChartView::contrastRatio(QColor(0x76, 0x76, 0x76), Qt::white) >= 4.5, true);
        QVERIFY(ChartView::contrastRatio(QColor(0x77, 0x77, 0x77), Qt::white) < 4.5);
        auto f = make();
        QTRY_VERIFY(f->settled());
        int series = 0;
        for (ChartView *c : f->window.charts()) {
            const QColor background = c->backgroundColor();
            QCOMPARE(background, ChartView::plotBackground());
            for (int i = 0; i < c->plottableCount(); ++i) {
                QCPAbstractPlottable *p = c->plottable(i);
                if (!c->legend->hasItemWithPlottable(p))
                    continue;
                double ratio = 0;
                if (auto *g = qobject_cast<QCPGraph *>(p)) {
                    if (g->pen().style() != Qt::NoPen && g->lineStyle() != QCPGraph::lsNone)
                        ratio = ChartView::contrastRatio(g->pen().color(), background);
                    if (!g->scatterStyle().isNone())
                        ratio = std::max(ratio, ChartView::contrastRatio(g->scatterStyle().pen().color(), background));
                } else {
                    ratio = std::max(ChartView::contrastRatio(p->brush().color(), background),
                                     ChartView::contrastRatio(p->pen().color(), background));
                }
                QVERIFY2(ratio >= 3.0, qPrintable(QStringLiteral("%1: %2 has %3:1").arg(c->objectName(), p->name()).arg(ratio, 0, 'f', 2)));
                ++series;
            }
        }
        QVERIFY(series >= 30);
        // every GPU's colour, the presets' (their "color", darkened where it is light) and others'
        QStringList ids = {QStringLiteral("my-own-gpu"), QStringLiteral("another")};
        for (const Preset &g : PresetCatalog::builtIn().presets(Section::Gpu)) {
            QVERIFY2(QColor(g.color()).isValid(), qPrintable(g.id));
            QCOMPARE(ChartView::colorForGpu(g.id), ChartView::withContrast(QColor(g.color()), Qt::white));
            ids << g.id;
        }
        QCOMPARE(ChartView::colorForGpu(QStringLiteral("h100-sxm")), QColor(0x00, 0x72, 0xb2));
        for (const QString &id : ids)
            QVERIFY2(ChartView::contrastRatio(ChartView::colorForGpu(id), Qt::white) >= 3.0, qPrintable(id));
    }

    // No two GPUs look alike: three presets share H800's colour, two A100 40GB's and two the RTX
    // 3090's, and the comm tax chart drew them all as the same circles. Every built-in GPU has its
    // own colour and marker, and so does each line of that chart.
    void gpusHaveTheirOwnColourAndMarker()
    {
        QHash<QString, QString> seen;
        for (const Preset &g : PresetCatalog::builtIn().presets(Section::Gpu)) {
            const QString look = ChartView::colorForGpu(g.id).name() + QLatin1Char('/')
                + QString::number(int(ChartView::shapeForGpu(g.id)));
            QVERIFY2(!seen.contains(look), qPrintable(g.id + QStringLiteral(" looks like ") + seen.value(look)));
            seen.insert(look, g.id);
        }
        QVERIFY(seen.size() >= 16);
        auto f = make();
        QTRY_VERIFY(f->settled());
        ChartView *chart = f->find<ChartView>(QStringLiteral("chart_comm_tax"));
        QVERIFY(chart);
        QSet<QString> lines;
        int named = 0;
        for (int i = 0; i < chart->graphCount(); ++i) {
            const QCPGraph *g = chart->graph(i);
            if (!g->name().isEmpty() && g->lineStyle() != QCPGraph::lsNone && !g->scatterStyle().isNone()
                && chart->legend->hasItemWithPlottable(g)) {
                ++named;
                const int shape = int(g->scatterStyle().shape());
                lines.insert(g->pen().color().name() + QLatin1Char('/') + QString::number(shape));
            }
        }
        QVERIFY2(named >= 10, qPrintable(QString::number(named)));
        QCOMPARE(lines.size(), named);
    }

    // A preset MoE plan with context parallelism draws every chart, with the expert all-to-all, the
    // CP ring and the optimizer step in the step-time bars; screenshots at both sizes.
    void moePlanDrawsEveryChart()
    {
        auto f = make();
        QTRY_VERIFY(f->settled());
        QVERIFY(f->window.openFile(QStringLiteral(COMMTAX_SOURCE_DIR "/presets/scenarios/mixtral-8x22b-moe-h100.json")));
        QTRY_VERIFY(f->settled());
        const Result &r = f->last.result;
        QVERIFY(r.fits_in_memory);
        QVERIFY(r.ep_comm_time_s > 0 && r.cp_comm_time_s > 0);
        QVERIFY(close(barValue(f->find<QCPBars>(QStringLiteral("step_ep")), 2), r.ep_comm_exposed_s));
        QVERIFY(close(barValue(f->find<QCPBars>(QStringLiteral("step_ep")), 1), r.ep_comm_time_s));
        QVERIFY(close(barValue(f->find<QCPBars>(QStringLiteral("step_cp")), 1), r.cp_comm_time_s));
        QVERIFY(close(barValue(f->find<QCPBars>(QStringLiteral("step_optimizer")), 2), r.optimizer_time_s));
        QVERIFY(f->find<QCPBars>(QStringLiteral("step_ep"))->parentPlot()->legend->hasItemWithPlottable(f->find<QCPBars>(QStringLiteral("step_ep"))));
        for (ChartView *c : f->window.charts()) {
            bool hasData = false;
            for (int i = 0; i < c->plottableCount(); ++i)
                hasData = hasData || c->plottable(i)->interface1D()->dataCount() > 0;
            QVERIFY2(hasData, qPrintable(c->objectName()));
        }
        for (const QSize size : {QSize(1280, 800), QSize(1600, 1000)}) {
            f->window.resize(size);
            QTRY_VERIFY(f->settled());
            QVERIFY(f->window.grab().toImage().save(screenshotDir() + QStringLiteral("/mainwindow-moe-%1x%2.png").arg(size.width()).arg(size.height())));
        }
        // The editor shows the expert fields of an MoE model and hides MLA's widths (attention mha).
        QVERIFY(!f->find<QWidget>(QStringLiteral("field_model_expert_ffn"))->isHidden());
        QVERIFY(!f->find<QWidget>(QStringLiteral("field_training_ep"))->isHidden());
        QVERIFY(f->find<QWidget>(QStringLiteral("field_model_kv_lora_rank"))->isHidden());
        QVERIFY(!f->find<QWidget>(QStringLiteral("field_training_restart_s"))->isHidden()); // goodput "auto"
        // The dense default plan keeps the CP and expert parts out of the legend, and its editor
        // hides the expert fields.
        auto g = make();
        QTRY_VERIFY(g->settled());
        QVERIFY(g->find<QWidget>(QStringLiteral("field_model_expert_ffn"))->isHidden());
        QVERIFY(g->find<QWidget>(QStringLiteral("field_training_restart_s"))->isHidden());
        QVERIFY(!g->find<QCPBars>(QStringLiteral("step_ep"))->parentPlot()->legend->hasItemWithPlottable(g->find<QCPBars>(QStringLiteral("step_ep"))));
    }

    // Key figures show P10-P90 of the model's Monte Carlo (same samples and seed), before and
    // after an edit made by typing into the editor.
    void keyFigureRangesAreTheModelsPercentiles()
    {
        auto f = make();
        QTRY_VERIFY(f->settled());
        for (int round = 0; round < 2; ++round) {
            if (round == 1) {
                typeInto(f->find<QSpinBox>(QStringLiteral("field_cluster_nodes")), QStringLiteral("64"));
                QTRY_VERIFY(f->settled());
                QCOMPARE(f->window.scenario().plan.cluster.nodes, 64);
            }
            const uncertainty::Summary s = uncertainty::monteCarlo(inputsOf(f->window), uncertainty::Options());
            const UncertaintyFigures &u = f->ranges;
            QVERIFY(u.valid);
            QCOMPARE(u.samples, 2000);
            QCOMPARE(u.seed, quint64(1));
            for (const RangeTile &t : kRangeTiles) {
                const uncertainty::Percentiles &p = s.of(t.model);
                QCOMPARE(u.of(t.model).p10, p.p10);
                QCOMPARE(u.of(t.model).p50, p.p50);
                QCOMPARE(u.of(t.model).p90, p.p90);
                QVERIFY2(p.p10 < p.p90, t.metric);
                QCOMPARE(rangeShown(*f, t.metric), expectedRange(t.metric, p.p10, p.p90, f->find<KeyFigures>(QStringLiteral("keyFigures"))->valueText(QLatin1String(t.metric))));
                QCOMPARE(f->find<KeyFigures>(QStringLiteral("keyFigures"))->rangeText(QLatin1String(t.metric)),
                         rangeShown(*f, t.metric));
            }
        }
    }

    // The ranges repaint the four tiles that show one, not the whole strip of key figures, and
    // those tiles show the new ranges.
    void theRangesRepaintOnlyTheirTiles()
    {
        auto f = make();
        QTRY_VERIFY(f->settled());
        auto *figures = f->find<KeyFigures>(QStringLiteral("keyFigures"));
        auto *slider = f->find<QSlider>(QStringLiteral("slider_training_dp_overlap"));
        QVERIFY(figures && slider);
        PaintRecorder recorder;
        figures->installEventFilter(&recorder);
        const auto record = [&recorder] { recorder.recording = true; };
        QObject::connect(&f->window, &MainWindow::uncertaintyApplied, figures, record);
        const quint64 before = f->last.requestId;
        slider->setFocus();
        QTest::keyClick(slider, Qt::Key_PageDown);
        QTRY_VERIFY(f->last.requestId > before && f->settled());
        QTRY_VERIFY(recorder.paints > 0);
        int withRange = 0;
        for (const QString &metric : figures->metricsShown()) {
            const bool hasRange = !figures->rangeText(metric).isEmpty();
            withRange += hasRange ? 1 : 0;
            QVERIFY2(recorder.painted.intersects(figures->tileRectOf(metric)) == hasRange, qPrintable(metric));
            if (hasRange)
                QCOMPARE(figures->shownRangeText(metric), figures->rangeText(metric));
        }
        QCOMPARE(withRange, 4);
    }

    // A plan whose every uncertain input has the range [value, value] (given in its file): the
    // tiles' ranges are the engine's own error alone, the only input that moves the cost.
    void collapsedRangesShowTheValue()
    {
        auto f = make();
        QTRY_VERIFY(f->settled());
        const QString file = m_dir.filePath(QStringLiteral("collapsed.json"));
        QString error;
        QVERIFY2(saveScenarioFile(file, f->window.scenario(), PresetCatalog::builtIn(), &error), qPrintable(error));
        QFile in(file);
        QVERIFY(in.open(QIODevice::ReadOnly));
        QJsonObject root = QJsonDocument::fromJson(in.readAll()).object();
        in.close();
        const uncertainty::PlanInputs inputs = inputsOf(f->window);
        QVERIFY(inputs.inputs.size() > 10);
        for (const uncertainty::InputRange &r : inputs.inputs) {
            const QString path = QLatin1String(r.info->path);
            if (path == QLatin1String("engine.step_time_error"))
                continue; // not a field of the file: the engine's own error stays (below)
            const QString section = path.section(QLatin1Char('.'), 0, 0), key = path.section(QLatin1Char('.'), 1);
            QJsonObject o = root.value(section).toObject();
            o.insert(key, QJsonObject{{QStringLiteral("value"), r.value}, {QStringLiteral("kind"), QStringLiteral("measured")}, {QStringLiteral("range"), QJsonArray{r.value, r.value}}});
            root.insert(section, o);
        }
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
        out.write(QJsonDocument(root).toJson());
        out.close();
        const int before = f->applied; // the same plan: only its ranges change
        QVERIFY(f->window.openFile(file));
        QTRY_VERIFY(f->applied > before && f->settled());
        const Result &r = f->last.result;
        const UncertaintyFigures &u = f->ranges;
        QVERIFY(u.valid);
        // What is left is the engine's own error on runs like the plan, which no file can take away:
        // the step time's P10 and P90 are the point times the regime's P10 and P90 of the factor.
        const EngineRegime regime = engineRegime(f->window.scenario().plan, engineAccuracyData());
        const uncertainty::Percentiles &st = u.of(uncertainty::Metric::StepTime);
        QVERIFY2(std::abs(st.p10 / (r.step_time_s * regime.quantiles[0]) - 1) < 0.01, qPrintable(QString::number(st.p10)));
        QVERIFY2(std::abs(st.p90 / (r.step_time_s * regime.quantiles[4]) - 1) < 0.01, qPrintable(QString::number(st.p90)));
        for (const RangeTile &t : kRangeTiles) {
            const uncertainty::Percentiles &p = u.of(t.model);
            QCOMPARE(rangeShown(*f, t.metric), expectedRange(t.metric, p.p10, p.p90, f->find<KeyFigures>(QStringLiteral("keyFigures"))->valueText(QLatin1String(t.metric))));
        }
        QCOMPARE(u.costTornado.size(), 1);
        QCOMPARE(u.costTornado.front().input, QStringLiteral("engine.step_time_error"));
        QCOMPARE(f->find<QCPBars>(QStringLiteral("sensitivity_low"))->dataCount(), 1);
    }

    // The sensitivity chart draws the model's tornado of USD per billion tokens: largest swing on
    // top, each bar from the plan's value to the cost at that end of the input's range.
    void sensitivityChartIsTheModelsTornado()
    {
        auto f = make();
        QTRY_VERIFY(f->settled());
        for (int round = 0; round < 2; ++round) {
            if (round == 1) { // an edit through the GPU preset combo box
                QVERIFY(chooseWithKeyboard(f->find<QComboBox>(QStringLiteral("preset_gpu")), QStringLiteral("a100-sxm-80gb")));
                QTRY_VERIFY(f->settled());
            }
            const std::vector<uncertainty::TornadoBar> model = uncertainty::tornado(inputsOf(f->window), uncertainty::Metric::CostPerBillionTokens);
            QVERIFY(model.size() >= 3);
            const auto *chart = f->find<SensitivityChart>(QStringLiteral("chart_sensitivity"));
            QVERIFY(chart);
            QVERIFY(f->window.charts().contains(const_cast<SensitivityChart *>(chart)));
            const auto *low = f->find<QCPBars>(QStringLiteral("sensitivity_low"));
            const auto *high = f->find<QCPBars>(QStringLiteral("sensitivity_high"));
            const int n = std::min(int(model.size()), SensitivityChart::kMaxBars);
            QCOMPARE(low->dataCount(), n);
            QCOMPARE(high->dataCount(), n);
            QCOMPARE(low->baseValue(), f->last.result.cost_per_billion_tokens_usd);
            QCOMPARE(high->baseValue(), f->last.result.cost_per_billion_tokens_usd);
            auto *ticker = dynamic_cast<QCPAxisTickerText *>(chart->yAxis->ticker().data());
            QVERIFY(ticker);
            for (int i = 0; i < n; ++i) {
                const double key = double(n - i);
                // bars hold the change from their base value, the plan's cost
                QVERIFY(close(low->baseValue() + barValue(low, key), model[std::size_t(i)].low));
                QVERIFY(close(high->baseValue() + barValue(high, key), model[std::size_t(i)].high));
                QCOMPARE(ticker->ticks().value(key), SensitivityChart::inputName(QString::fromStdString(model[std::size_t(i)].input)));
                if (i > 0)
                    QVERIFY(model[std::size_t(i)].swing <= model[std::size_t(i - 1)].swing);
            }
            QVERIFY(chart->xAxis->label().contains(QStringLiteral("USD per billion tokens")));
        }
        QCOMPARE(SensitivityChart::inputName(QStringLiteral("gpu.price_usd")), QStringLiteral("GPU price"));
    }

    // The one tornado renderer (charts/tornado.h) the plan's chart, the comparison's Sensitivity tab
    // and the PDF report draw with: the largest swing on top, both bars from the value, the axes
    // around the bars with room to spare.
    void tornadoRendererLaysOutTheRows()
    {
        QCustomPlot plot;
        auto *low = new QCPBars(plot.yAxis, plot.xAxis);
        auto *high = new QCPBars(plot.yAxis, plot.xAxis);
        styleTornadoBars(low, high);
        QCOMPARE(low->brush().color(), tornado::lowColor());
        QCOMPARE(high->brush().color(), tornado::highColor());
        QCOMPARE(low->width(), tornado::kBarWidth);
        const QList<TornadoRow> rows{{QStringLiteral("GPU price"), 80, 130}, {QStringLiteral("Power"), 95, 104}};
        drawTornado(low, high, rows, 100);
        QCOMPARE(low->dataCount(), 2);
        QCOMPARE(low->baseValue(), 100.0);
        QCOMPARE(high->baseValue(), 100.0);
        auto *ticker = dynamic_cast<QCPAxisTickerText *>(plot.yAxis->ticker().data());
        QVERIFY(ticker);
        QCOMPARE(ticker->ticks().value(2.0), QStringLiteral("GPU price")); // the largest swing on top
        QCOMPARE(ticker->ticks().value(1.0), QStringLiteral("Power"));
        QCOMPARE(tornado::keyOf(0, 2), 2.0);
        QVERIFY(close(low->baseValue() + barValue(low, 2), 80));
        QVERIFY(close(high->baseValue() + barValue(high, 2), 130));
        QVERIFY(close(low->baseValue() + barValue(low, 1), 95));
        QCOMPARE(plot.yAxis->range().lower, 0.4);
        QCOMPARE(plot.yAxis->range().upper, 2.6);
        QVERIFY(close(plot.xAxis->range().lower, 80 - 50 * 0.08) && close(plot.xAxis->range().upper, 130 + 50 * 0.08));
        drawTornado(low, high, {}, 100); // nothing moves the figure: one empty row around the value
        QCOMPARE(low->dataCount(), 0);
        QCOMPARE(plot.yAxis->range().upper, 1.6);
        QVERIFY(plot.xAxis->range().contains(100));
    }

    // One paint per result, and only what changed: a DP-overlap edit (made with the keyboard on
    // its slider) redraws the comm-tax chart once, the step-time and cost charts once for the
    // figures and once for their ranges, and the tornado once for the ranges (washed out without
    // a redraw while they come); the bubble and memory charts, which it does not move, not at all,
    // and they still show the new plan's data.
    void anEditRedrawsOnlyTheChartsItChanges()
    {
        auto f = make();
        QTRY_VERIFY(f->settled());
        auto *slider = f->find<QSlider>(QStringLiteral("slider_training_dp_overlap"));
        QVERIFY(slider);
        QHash<QString, int> replots;
        for (ChartView *c : f->window.charts())
            QObject::connect(c, &QCustomPlot::afterReplot, c, [&replots, c] { ++replots[c->objectName()]; });
        const double overlapBefore = f->window.scenario().plan.training.dp_overlap;
        const quint64 before = f->last.requestId;
        slider->setFocus();
        QTest::keyClick(slider, Qt::Key_PageDown);
        QVERIFY(f->window.scenario().plan.training.dp_overlap != overlapBefore);
        QTRY_VERIFY(f->last.requestId > before && f->settled());
        QTest::qWait(50); // anything queued behind the last result
        QCOMPARE(replots.value(QStringLiteral("chart_comm_tax")), 1);
        QCOMPARE(replots.value(QStringLiteral("chart_step_time")), 2);
        QCOMPARE(replots.value(QStringLiteral("chart_cost")), 2);
        QCOMPARE(replots.value(QStringLiteral("chart_sensitivity")), 1);
        QCOMPARE(replots.value(QStringLiteral("chart_bubble")), 0);
        QCOMPARE(replots.value(QStringLiteral("chart_memory")), 0);
        QVERIFY(!f->find<ChartView>(QStringLiteral("chart_sensitivity"))->isPending());
        // the charts not redrawn hold the new plan's data all the same
        const auto *plan = f->find<QCPGraph>(QStringLiteral("bubble_plan"));
        QCOMPARE(plan->data()->size(), f->last.bubbleCurve.x.size());
        for (qsizetype i = 0; i < f->last.bubbleCurve.x.size(); ++i)
            QCOMPARE((plan->data()->constBegin() + i)->value, f->last.bubbleCurve.y[i]);
        const auto *weights = f->find<QCPBars>(QStringLiteral("memory_weights"));
        QCOMPARE(barValue(weights, 1), f->last.memory.first().weightsGb);
    }

    // A new GPU changes the legends (the optimizer, CP and expert parts, the plan's line) and the
    // key figures' texts, but not the charts' sizes: the window is not laid out again and no chart
    // redrawn at a new size. (Once every GPU has been shown: the tiles keep the room of the
    // longest figure seen.)
    void aGpuPresetEditResizesNoChart()
    {
        for (const QSize size : {QSize(1280, 800), QSize(1600, 1000)}) {
            auto f = make();
            f->window.resize(size);
            QTRY_VERIFY(f->settled());
            auto *gpu = f->find<QComboBox>(QStringLiteral("preset_gpu"));
            QVERIFY(gpu && gpu->count() > 3);
            gpu->setFocus();
            for (int i = 0; i + 1 < gpu->count(); ++i) { // every GPU once
                QTest::keyClick(gpu, i == 0 ? Qt::Key_Home : Qt::Key_Down);
                QTRY_VERIFY(f->settled());
            }
            QTest::keyClick(gpu, Qt::Key_Home);
            QTRY_VERIFY(f->settled());
            QTest::qWait(50); // the relayout of the last edit
            QHash<QString, QRect> geometry;
            QHash<QString, QSet<QString>> legends; // each chart's legends seen, as text
            int resizes = 0;
            ResizeCounter counter(&resizes);
            for (ChartView *c : f->window.charts()) {
                geometry.insert(c->objectName(), c->geometry());
                legends[c->objectName()].insert(legendOf(c));
                c->installEventFilter(&counter);
            }
            for (int i = 0; i + 2 < gpu->count(); ++i) { // every GPU but "Custom"
                const QString before = f->window.scenario().gpuPreset;
                QTest::keyClick(gpu, Qt::Key_Down);
                QVERIFY(f->window.scenario().gpuPreset != before);
                QTRY_VERIFY(f->settled());
                QTest::qWait(20); // a relayout queued behind the result
                for (ChartView *c : f->window.charts()) {
                    legends[c->objectName()].insert(legendOf(c));
                    QCOMPARE(c->geometry(), geometry.value(c->objectName()));
                }
            }
            QCOMPARE(resizes, 0);
            // the edits did change what the legends hold
            QVERIFY(legends.value(QStringLiteral("chart_bubble")).size() > 1);
            QVERIFY(legends.value(QStringLiteral("chart_comm_tax")).size() > 1);
        }
    }

    // Nor does it move a row of the editor: the FP8 GEMM efficiency, shown only for a GPU with
    // FP8, keeps its room at the end of the GPU group while hidden. (Showing or hiding it moved
    // every row below it: the editor was laid out and painted again on 6 of 14 GPU changes, the
    // slowest edits.)
    void aGpuPresetEditMovesNoEditorRow()
    {
        auto f = make();
        f->window.resize(1280, 800);
        QTRY_VERIFY(f->settled());
        auto *gpu = f->find<QComboBox>(QStringLiteral("preset_gpu"));
        auto *fp8 = f->find<QWidget>(QStringLiteral("field_gpu_fp8_efficiency"));
        auto *editor = f->find<QWidget>(QStringLiteral("planEditor"));
        QVERIFY(gpu && fp8 && editor && gpu->count() > 3);
        QTest::qWait(50); // the first layout
        int moves = 0;
        ResizeCounter counter(&moves, true);
        for (QWidget *w : editor->findChildren<QWidget *>())
            w->installEventFilter(&counter);
        gpu->setFocus();
        QTest::keyClick(gpu, Qt::Key_Home);
        QTRY_VERIFY(f->settled());
        int withFp8 = 0, without = 0;
        for (int i = 0; i + 2 < gpu->count(); ++i) { // every GPU but "Custom"
            QTest::keyClick(gpu, Qt::Key_Down);
            QTRY_VERIFY(f->settled());
            QTest::qWait(20); // a relayout queued behind the edit
            const bool hasFp8 = f->window.scenario().plan.gpu.fp8_dense_tflops > 0;
            QCOMPARE(fp8->isVisibleTo(editor), hasFp8); // still shown only where it means something
            ++(hasFp8 ? withFp8 : without);
        }
        QVERIFY(withFp8 > 0 && without > 0);
        QCOMPARE(moves, 0);
        // The GPU group both ways, to be looked at (a grab sends hidden widgets' pending moves:
        // after the count).
        for (const QString &name : {QStringLiteral("A100"), QStringLiteral("H100")}) {
            QTest::keyClick(gpu, Qt::Key_Home);
            while (!gpu->currentText().contains(name) && gpu->currentIndex() + 1 < gpu->count())
                QTest::keyClick(gpu, Qt::Key_Down);
            QTRY_VERIFY(f->settled());
            const QString file = screenshotDir() + QStringLiteral("/editor-gpu-") + name + QStringLiteral(".png");
            f->find<QWidget>(QStringLiteral("group_gpu"))->grab().save(file);
        }
    }

    // On screen a graph stamps its markers from a pixmap; an export draws them as paths. Both
    // put the plan's line's markers where its points are, in its colour.
    void markersOnScreenAreWhereTheExportDrawsThem()
    {
        auto f = make();
        QTRY_VERIFY(f->settled());
        auto *chart = f->find<ChartView>(QStringLiteral("chart_comm_tax"));
        qsizetype plan = -1;
        for (qsizetype i = 0; i < f->last.commTaxCurves.size(); ++i)
            if (f->last.commTaxCurves[i].isPlan)
                plan = i;
        QVERIFY(plan >= 0);
        auto *curve = f->find<QCPGraph>(QStringLiteral("commtax_curve_%1").arg(plan));
        QVERIFY(curve && curve->data()->size() >= 3);
        curve->setLineStyle(QCPGraph::lsNone); // the markers alone: the line runs through them
        chart->replot();
        const QImage screen = chart->grab().toImage();
        const QImage exported = chart->toPixmap(chart->width(), chart->height(), 1.0).toImage();
        QCOMPARE(screen.size(), exported.size());
        const QColor color = curve->scatterStyle().brush().color();
        const auto near = [&color](QRgb rgb) {
            const QColor c(rgb);
            const int distance = std::abs(c.red() - color.red()) + std::abs(c.green() - color.green())
                + std::abs(c.blue() - color.blue());
            return distance < 60;
        };
        int points = 0, onScreen = 0, inExport = 0;
        for (auto it = curve->data()->constBegin(); it != curve->data()->constEnd(); ++it) {
            if (it->key == f->last.result.gpus)
                continue; // under the plan's star
            const QPoint p = ChartView::pixelOf(curve, it->key, it->value).toPoint();
            if (!screen.rect().contains(p))
                continue;
            ++points;
            onScreen += near(screen.pixel(p)) ? 1 : 0;
            inExport += near(exported.pixel(p)) ? 1 : 0;
        }
        QVERIFY(points >= 3);
        QCOMPARE(inExport, points);
        QCOMPARE(onScreen, points);
    }

    // Two quick edits: the second comes the moment the first plan's figures arrive, while its
    // ranges are being computed. Those are cancelled (or dropped); the key figures and the
    // tornado show the second plan's ranges, never the first's, and the point figures of each
    // plan come before its ranges.
    void twoQuickEditsShowTheNewestRanges()
    {
        auto f = make();
        QTRY_VERIFY(f->settled());
        auto *runner = f->window.findChild<EngineRunner *>();
        QVERIFY(runner);
        const int droppedBefore = runner->droppedUncertaintyCount();
        auto *nodes = f->find<QSpinBox>(QStringLiteral("field_cluster_nodes"));
        QList<quint64> rangeIds;
        QObject::connect(&f->window, &MainWindow::uncertaintyApplied, &f->window,
                         [&](const UncertaintyFigures &u) { rangeIds << u.requestId; });
        quint64 firstId = 0;
        QString rangeWhileComputing = QStringLiteral("(not seen)");
        bool pendingLook = false;
        QObject::connect(&f->window, &MainWindow::analysisApplied, &f->window, [&](const Analysis &a) {
            if (firstId != 0 || a.scenario.plan.cluster.nodes != 16)
                return;
            firstId = a.requestId;
            rangeWhileComputing = rangeShown(*f, "tco_usd"); // the old plan's range is gone
            pendingLook = f->find<ChartView>(QStringLiteral("chart_sensitivity"))->isPending();
            nodes->setValue(64); // while the first plan's ranges are on their way
        });
        nodes->setValue(16);
        QTRY_VERIFY(firstId != 0 && f->settled());
        QCOMPARE(rangeWhileComputing, QString());
        QVERIFY(pendingLook);
        QCOMPARE(f->window.scenario().plan.cluster.nodes, 64);
        QVERIFY(f->last.requestId > firstId);
        QVERIFY2(!rangeIds.contains(firstId), "the first plan's ranges were shown");
        QCOMPARE(rangeIds, QList<quint64>{f->last.requestId});
        QCOMPARE(f->rangesOfAnotherPlan, 0);
        QVERIFY(runner->droppedUncertaintyCount() > droppedBefore);
        QVERIFY(!f->find<ChartView>(QStringLiteral("chart_sensitivity"))->isPending());
        // and they are the 64-node plan's
        const uncertainty::Summary s = uncertainty::monteCarlo(inputsOf(f->window), uncertainty::Options());
        for (const RangeTile &t : kRangeTiles) {
            const QString shown = f->find<KeyFigures>(QStringLiteral("keyFigures"))->valueText(QLatin1String(t.metric));
            QCOMPARE(rangeShown(*f, t.metric), expectedRange(t.metric, s.of(t.model).p10, s.of(t.model).p90, shown));
        }
        const std::vector<uncertainty::TornadoBar> model = uncertainty::tornado(inputsOf(f->window), uncertainty::Metric::CostPerBillionTokens);
        QCOMPARE(f->find<QCPBars>(QStringLiteral("sensitivity_low"))->baseValue(), f->last.result.cost_per_billion_tokens_usd);
        QVERIFY(close(f->find<QCPBars>(QStringLiteral("sensitivity_low"))->baseValue() + barValue(f->find<QCPBars>(QStringLiteral("sensitivity_low")), double(std::min(int(model.size()), SensitivityChart::kMaxBars))), model[0].low));
    }

    // Charts that plot the plan's figures draw its P10-P90: a whisker over the plan's
    // step-time bar and over its cost and days bars, with the same figures as the sampling, and
    // none before the ranges come or for a plan whose ranges are still on their way.
    void chartsDrawThePlansRangesAsWhiskers()
    {
        auto f = make();
        QTRY_VERIFY(f->settled());
        auto *step = f->find<ChartView>(QStringLiteral("chart_step_time"));
        auto *cost = f->find<ChartView>(QStringLiteral("chart_cost"));
        QCOMPARE(step->whiskerCount(), 1);
        QCOMPARE(cost->whiskerCount(), 2);
        const uncertainty::Summary s = uncertainty::monteCarlo(inputsOf(f->window), uncertainty::Options());
        // The charts' number formats (plancharts.cpp), written out here.
        const auto seconds = [](double v) -> QString { return QString::number(v, 'f', v >= 100 ? 0 : v >= 10 ? 1
                                                                                  : v >= 1                   ? 2
                                                                                                             : 3)
                                                           + QStringLiteral(" s"); };
        const auto usd = [](double v) -> QString { return v >= 1e4 ? QStringLiteral("$%1k").arg(v / 1e3, 0, 'f', 1) : QStringLiteral("$%1").arg(v, 0, 'f', v >= 100 ? 0 : 2); };
        const uncertainty::Percentiles st = s.of(uncertainty::Metric::StepTime);
        // The engine's own error can move the P50 off the point estimate (docs/accuracy.md): the
        // range need not hold the point, only be a range.
        QVERIFY(st.p10 < st.p90);
        QVERIFY2(step->summaryDetails().contains(seconds(st.p10)) && step->summaryDetails().contains(seconds(st.p90)), qPrintable(step->summaryDetails()));
        const uncertainty::Percentiles c = s.of(uncertainty::Metric::CostPerBillionTokens);
        QVERIFY2(cost->summaryDetails().contains(usd(c.p10)) && cost->summaryDetails().contains(usd(c.p90)), qPrintable(cost->summaryDetails()));
        // The axis makes room for the whisker's far end.
        QVERIFY(step->xAxis->range().upper >= st.p90);
        QVERIFY(cost->xAxis->range().upper >= c.p90);
        QVERIFY(f->window.grab().toImage().save(screenshotDir() + QStringLiteral("/mainwindow-whiskers.png")));
        // An edit: the new plan's charts come first, without the old plan's whiskers.
        int whiskersAtRedraw = -1;
        QObject::connect(&f->window, &MainWindow::chartsRedrawn, &f->window, [&](quint64) {
            if (whiskersAtRedraw < 0)
                whiskersAtRedraw = step->whiskerCount() + cost->whiskerCount();
        });
        f->find<QSpinBox>(QStringLiteral("field_cluster_nodes"))->setValue(16);
        QTRY_VERIFY(f->settled());
        QCOMPARE(whiskersAtRedraw, 0);
        QCOMPARE(step->whiskerCount(), 1);
        QCOMPARE(cost->whiskerCount(), 2);
    }

    // A legend beside a short plot wraps into columns instead of running off its bottom (the
    // layout search's Pareto plot on a laptop at 150%), and goes back to one column when there is room.
    void sideLegendWrapsOnAShortPlot()
    {
        QCustomPlot plot;
        plot.axisRect()->insetLayout()->take(plot.legend);
        plot.plotLayout()->addElement(0, 1, plot.legend);
        plot.plotLayout()->setColumnStretchFactor(1, 0.001);
        plot.legend->setVisible(true);
        fitSideLegendToHeight(&plot);
        for (const char *name : {"Pareto front", "under 5 GB free", "5-20 GB free", "over 20 GB free", "current plan"})
            addNamedGraph(&plot, QLatin1String(name), QLatin1String(name), QPen(Qt::black),
                          QCPScatterStyle(QCPScatterStyle::ssDisc, 6), QCPGraph::lsNone)
                ->addData(1, 1);
        const auto entriesInside = [&plot] {
            for (int i = 0; i < plot.legend->itemCount(); ++i) // a null item: an empty cell of the grid
                if (plot.legend->item(i)
                    && !QRectF(plot.rect()).adjusted(-0.5, -0.5, 0.5, 0.5).contains(plot.legend->item(i)->outerRect()))
                    return false;
            return true;
        };
        const auto columns = [&plot] { return plot.legend->columnCount(); };
        plot.resize(600, 70);
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        plot.replot();
        QCoreApplication::processEvents(); // the queued replot after the legend wrapped
        plot.replot();
        QVERIFY2(columns() >= 2 && entriesInside(), qPrintable(QString::number(columns())));
        plot.resize(600, 400);
        plot.replot();
        QCoreApplication::processEvents();
        plot.replot();
        QCOMPARE(columns(), 1);
        QVERIFY(entriesInside());
    }

    // The comparison's categories: what every name starts with is left out, and what every name
    // ends with when a name would be cut without it; the whole name stays the tooltip.
    void categoryNamesKeepWhatTellsThemApart()
    {
        struct CategoryChart : ChartView {
            using ChartView::ChartView;
            using ChartView::setCategoryNames;
        } chart(QStringLiteral("Cost per billion tokens"));
        const QStringList names = {QStringLiteral("Llama 2 70B on 256 H100 SXM5 (best layout)\n(A)"),
                                   QStringLiteral("Llama 2 70B on 256 A100 SXM4 (best layout)"),
                                   QStringLiteral("Llama 2 70B on 256 RTX 4090 (best layout)")};
        const auto ticks = [&chart] {
            chart.replot();
            const auto ticker = qSharedPointerDynamicCast<QCPAxisTickerText>(chart.xAxis->ticker());
            QStringList out;
            for (const QString &t : ticker->ticks())
                out << QString(t).replace(QLatin1Char('\n'), QLatin1Char('|'));
            return out;
        };
        chart.resize(200, 300); // about 50 px a category: "H100 SXM5 (best layout)" takes three lines
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.setCategoryNames(chart.xAxis, names);
        QStringList shown = ticks();
        QCOMPARE(shown.size(), 3);
        QVERIFY2(shown[0].startsWith(QLatin1String("H100")) && shown[0].endsWith(QLatin1String("|(A)")),
                 qPrintable(shown.join(QLatin1String(" / "))));
        QVERIFY2(!shown.join(QLatin1Char(' ')).contains(QLatin1String("layout"))
                     && !shown.join(QLatin1Char(' ')).contains(QChar(0x2026)),
                 qPrintable(shown.join(QLatin1String(" / "))));
        // With room, the shared end stays: it is cut only to make room.
        chart.resize(1500, 300);
        chart.setCategoryNames(chart.xAxis, names);
        shown = ticks();
        QCOMPARE(shown.size(), 3);
        QVERIFY2(shown[1] == QLatin1String("A100 SXM4 (best layout)"), qPrintable(shown.join(QLatin1String(" / "))));
        // The whole name under the bar.
        const QPointF under(chart.xAxis->coordToPixel(2), chart.axisRect()->rect().bottom() + 8);
        QCOMPARE(chart.hoverTextAt(under), QStringLiteral("Llama 2 70B on 256 A100 SXM4 (best layout)"));
        // A Chinese name's full-width bracket follows its word without a space: it starts a word too.
        const QString best = QStringLiteral("\uFF08\u6700\u4F73\u5E03\u5C40\uFF09"); // "(best layout)"
        const QString on256 = QStringLiteral("Llama 2 70B\uFF0C256 \u5F20 ");        // "Llama 2 70B, 256 of"
        chart.resize(200, 300);
        QStringList zh;
        zh << on256 + QStringLiteral("H100 SXM5") + best + QStringLiteral("\n(A)");
        zh << on256 + QStringLiteral("A100 SXM4") + best;
        zh << on256 + QStringLiteral("L40S") + best;
        chart.setCategoryNames(chart.xAxis, zh);
        shown = ticks();
        QCOMPARE(shown.size(), 3);
        QVERIFY2(shown[0] == QLatin1String("H100|SXM5|(A)") || shown[0] == QLatin1String("H100 SXM5|(A)"),
                 qPrintable(shown.join(QLatin1String(" / "))));
        QCOMPARE(shown[2], QStringLiteral("L40S"));
    }

    // Six charts and the key figures with their ranges at both window sizes: nothing clipped,
    // the window not forced wider.
    void screenshotsWithSensitivity()
    {
        auto f = make();
        QTRY_VERIFY(f->settled());
        for (const QSize size : {QSize(1280, 800), QSize(1600, 1000)}) {
            f->window.resize(size);
            QTest::qWait(50);
            QVERIFY(f->window.grab().toImage().save(screenshotDir() + QStringLiteral("/mainwindow-sensitivity-%1x%2.png").arg(size.width()).arg(size.height())));
            QCOMPARE(f->window.size(), size); // nothing forces the window wider
            auto *chart = f->find<ChartView>(QStringLiteral("chart_sensitivity"));
            QVERIFY(chart->isVisible());
            QVERIFY2(chart->width() >= chart->minimumWidth() && chart->height() >= 200,
                     qPrintable(QStringLiteral("%1x%2").arg(chart->width()).arg(chart->height())));
            QVERIFY(chart->grab().toImage().save(screenshotDir() + QStringLiteral("/chart_sensitivity-%1x%2.png").arg(size.width()).arg(size.height())));
            // every range fits its tile whole (the painted text is elided otherwise): "P10-P90: a-b";
            // a tile too narrow for it takes another row of tiles
            const auto *k = f->find<KeyFigures>(QStringLiteral("keyFigures"));
            QFont tf = k->font();
            tf.setPointSizeF(tf.pointSizeF() - 1);
            for (const RangeTile &t : kRangeTiles) {
                const int tileWidth = k->tileRectOf(QLatin1String(t.metric)).width() - 12;
                const QString shown = k->shownRangeText(QLatin1String(t.metric));
                QCOMPARE(shown, k->rangeText(QLatin1String(t.metric))); // with its "P10-P90: " label
                QVERIFY2(QFontMetrics(tf).horizontalAdvance(shown) <= tileWidth,
                         qPrintable(QStringLiteral("%1 at %2: %3 in %4 px").arg(QLatin1String(t.metric)).arg(size.width()).arg(shown).arg(tileWidth)));
            }
        }
    }
};

QTEST_MAIN(TestGuiCharts)
#include "test_gui_charts.moc"
