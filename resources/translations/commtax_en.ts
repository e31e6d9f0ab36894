<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>commtax::CalibrationDialog</name>
    <message numerus="yes">
        <source>%n line(s)</source>
        <translation>
            <numerusform>%n line</numerusform>
            <numerusform>%n lines</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n result table(s)</source>
        <translation>
            <numerusform>%n result table</numerusform>
            <numerusform>%n result tables</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n rank(s)</source>
        <translation>
            <numerusform>%n rank</numerusform>
            <numerusform>%n ranks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n node</numerusform>
            <numerusform>%n nodes</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>commtax::Cli</name>
    <message numerus="yes">
        <source>%n ranks</source>
        <translation>
            <numerusform>%n rank</numerusform>
            <numerusform>%n ranks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Wrote %1 (%n page(s))
</source>
        <translation>
            <numerusform>Wrote %1 (%n page)
</numerusform>
            <numerusform>Wrote %1 (%n pages)
</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Wrote %1 (%n plan(s))
</source>
        <translation>
            <numerusform>Wrote %1 (%n plan)
</numerusform>
            <numerusform>Wrote %1 (%n plans)
</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n node(s)</source>
        <translation>
            <numerusform>, %n node</numerusform>
            <numerusform>, %n nodes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>fit on %n log(s)</source>
        <translation>
            <numerusform>fit on %n log</numerusform>
            <numerusform>fit on %n logs</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>commtax::KeyFigures</name>
    <message numerus="yes">
        <source>%n micro-batches</source>
        <translation>
            <numerusform>%n micro-batch</numerusform>
            <numerusform>%n micro-batches</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>commtax::MainWindow</name>
    <message numerus="yes">
        <source>Valid plan: %1 GPUs, fits in memory (%2 of %3 GB usable per GPU); %n warning(s).</source>
        <translation>
            <numerusform>Valid plan: %1 GPUs, fits in memory (%2 of %3 GB usable per GPU); %n warning.</numerusform>
            <numerusform>Valid plan: %1 GPUs, fits in memory (%2 of %3 GB usable per GPU); %n warnings.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The plan is invalid (%n problem(s), marked in the editor). Figures and charts show the last valid plan and are stale.</source>
        <translation>
            <numerusform>The plan is invalid (%n problem, marked in the editor). Figures and charts show the last valid plan and are stale.</numerusform>
            <numerusform>The plan is invalid (%n problems, marked in the editor). Figures and charts show the last valid plan and are stale.</numerusform>
        </translation>
    </message>
</context>
</TS>
