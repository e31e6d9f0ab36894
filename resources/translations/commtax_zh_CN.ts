<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>PresetLibrary</name>
    <message>
        <source>Preset library</source>
        <translation>预设库</translation>
    </message>
</context>
<context>
    <name>commtax::Accuracy</name>
    <message>
        <source>The range holds the engine&apos;s error on your own %1 training logs (the GPU preset was calibrated from them; each log left out of the fit in turn): it missed them by %2% (median); P10-P90 of the step time %3 to %4 times its own.</source>
        <translation>该范围包含引擎在您自己的 %1 个训练日志上的误差（GPU 预设由这些日志校准，每次留出一个日志不参与拟合）：偏差中位数为 %2%；单步时间的 P10-P90 为引擎估算的 %3 至 %4 倍。</translation>
    </message>
    <message>
        <source>The range holds the engine&apos;s own error on %1 published runs from %2 sources like this plan (%3, %4 to %5 GPUs): it missed them by %6% (median); their step times were %7 to %8 times its own (P10-P90, each source counted once).</source>
        <translation>该范围包含引擎在 %2 个来源、%1 个与本方案相似的公开训练（%3，%4 至 %5 个 GPU）上的自身误差：引擎对它们的偏差中位数为 %6%；这些训练的实际单步时间是引擎估算的 %7 至 %8 倍（P10-P90，每个来源只计一次）。</translation>
    </message>
    <message>
        <source>The range holds the engine&apos;s own error on %1 published runs from %2 sources of this kind (%3) at any scale; only %4 lie within 4x of its GPU count. It missed them by %5% (median); their step times were %6 to %7 times its own (P10-P90, each source counted once).</source>
        <translation>该范围包含引擎在 %2 个来源、%1 个同类（%3，任意规模）公开训练上的自身误差；其中只有 %4 个的 GPU 数在本方案的 4 倍以内。引擎对它们的偏差中位数为 %5%；这些训练的实际单步时间是引擎估算的 %6 至 %7 倍（P10-P90，每个来源只计一次）。</translation>
    </message>
    <message>
        <source>Few published runs resemble this plan (%1). The range holds the engine&apos;s own error on %2 runs from %3 sources of its kind on any GPU: it missed them by %4% (median); their step times were %5 to %6 times its own (P10-P90, each source counted once).</source>
        <translation>与本方案相似的公开训练很少（%1）。该范围包含引擎在 %3 个来源、%2 个同类（任意 GPU）训练上的自身误差：偏差中位数为 %4%；这些训练的实际单步时间是引擎估算的 %5 至 %6 倍（P10-P90，每个来源只计一次）。</translation>
    </message>
    <message>
        <source>This plan is outside what was validated: no published runs resemble it closely (%1). The range holds the engine&apos;s own error on every published run (%2 from %3 sources): it missed them by %4% (median); their step times were %5 to %6 times its own (P10-P90, each source counted once).</source>
        <translation>本方案超出了已验证的范围：没有与之相近的公开训练（%1）。该范围包含引擎在全部公开训练（%3 个来源的 %2 个）上的自身误差：偏差中位数为 %4%；这些训练的实际单步时间是引擎估算的 %5 至 %6 倍（P10-P90，每个来源只计一次）。</translation>
    </message>
</context>
<context>
    <name>commtax::AccuracyDialog</name>
    <message>
        <source>Model accuracy</source>
        <translation>模型精度</translation>
    </message>
    <message>
        <source>On %1 published runs from %2 sources, each predicted with the engine fitted without its source. This plan (%3 GPUs):</source>
        <translation>基于 %2 个来源的 %1 个公开训练，每个训练都用未拟合其来源的引擎预测。本方案（%3 个 GPU）：</translation>
    </message>
    <message>
        <source>Other published runs</source>
        <translation>其他公开训练</translation>
    </message>
    <message>
        <source>Runs like this plan</source>
        <translation>与本方案相似的训练</translation>
    </message>
    <message>
        <source>Engine exact</source>
        <translation>引擎完全准确</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Runs of</source>
        <translation>训练类别</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>训练数</translation>
    </message>
    <message>
        <source>Median error</source>
        <translation>误差中位数</translation>
    </message>
    <message>
        <source>P10</source>
        <translation>P10</translation>
    </message>
    <message>
        <source>P90</source>
        <translation>P90</translation>
    </message>
    <message>
        <source>Published /
engine step time</source>
        <translation>公开 / 引擎单步时间</translation>
    </message>
</context>
<context>
    <name>commtax::AppFeatures</name>
    <message>
        <source>Fit the network model to a measured nccl-tests or rccl-tests log</source>
        <translation>用实测的 nccl-tests 或 rccl-tests 日志拟合网络模型</translation>
    </message>
    <message>
        <source>Search every parallel layout of the plan for the fastest or cheapest that fits</source>
        <translation>在方案的所有并行布局中搜索能放下的最快或最便宜的布局</translation>
    </message>
    <message>
        <source>Ca&amp;librate from nccl-tests log...</source>
        <translation>从 nccl-tests 日志校准(&amp;L)...</translation>
    </message>
    <message>
        <source>Find &amp;best layout...</source>
        <translation>寻找最佳布局(&amp;B)...</translation>
    </message>
    <message>
        <source>Calibrate from &amp;training logs...</source>
        <translation>根据训练日志校准(&amp;T)...</translation>
    </message>
    <message>
        <source>Fit the GPU&apos;s compute efficiency to the step times of your own training runs</source>
        <translation>用您自己训练运行的步时拟合 GPU 的计算效率</translation>
    </message>
    <message>
        <source>What to b&amp;uy...</source>
        <translation>买什么(&amp;U)...</translation>
    </message>
    <message>
        <source>State the deadline, budget and power, and get the GPUs, counts and modes that meet them, with the odds</source>
        <translation>填写工期、预算和功率，得到满足它们的 GPU、数量和方式及其概率</translation>
    </message>
</context>
<context>
    <name>commtax::BubbleChart</name>
    <message>
        <source>Pipeline bubble vs micro-batches</source>
        <translation>流水线气泡与微批次数</translation>
    </message>
    <message>
        <source>Micro-batches per pipeline per step, m (log scale)</source>
        <translation>每条流水线每步的微批次数 m（对数刻度）</translation>
    </message>
    <message>
        <source>Bubble (p-1)/(v*m+p-1), % of pipeline time</source>
        <translation>气泡 (p-1)/(v*m+p-1)，占流水线时间的 %</translation>
    </message>
    <message>
        <source>This plan</source>
        <translation>本方案</translation>
    </message>
    <message>
        <source>does not fit (dotted)</source>
        <translation>显存放不下（虚线）</translation>
    </message>
    <message>
        <source>without interleaving</source>
        <translation>不交错</translation>
    </message>
    <message>
        <source>This plan&apos;s m</source>
        <translation>本方案的 m</translation>
    </message>
    <message>
        <source>%1: m = %2, bubble %3 of the pipeline</source>
        <translation>%1：m = %2，气泡占流水线 %3</translation>
    </message>
    <message>
        <source>%1: m = %2 does not fit in memory (bubble would be %3)</source>
        <translation>%1：m = %2 时显存放不下（气泡将为 %3）</translation>
    </message>
    <message>
        <source>This plan: m=%1, %2</source>
        <translation>本方案：m=%1，%2</translation>
    </message>
    <message>
        <source>This plan: m = %1 micro-batches, pp = %2, vpp = %3: bubble %4 of the pipeline, %5 overhead on compute</source>
        <translation>本方案：m = %1 个微批次，pp = %2，vpp = %3：气泡占流水线 %4，计算开销增加 %5</translation>
    </message>
    <message>
        <source>pp=%1, interleaved vpp=%2</source>
        <translation>pp=%1，交错 vpp=%2</translation>
    </message>
    <message>
        <source>pp=%1 (1F1B)</source>
        <translation>pp=%1（1F1B）</translation>
    </message>
    <message>
        <source>pp=%1 without interleaving</source>
        <translation>pp=%1，不交错</translation>
    </message>
    <message>
        <source>this plan %1 of the pipeline at m = %2</source>
        <translation>本方案 m = %2 时气泡占流水线 %1</translation>
    </message>
    <message>
        <source>Bubble %1 of the pipeline time with pp = %2, vpp = %3 and m = %4 micro-batches: %5 overhead on compute.</source>
        <translation>pp = %2、vpp = %3、m = %4 个微批次时，气泡占流水线时间的 %1，计算开销增加 %5。</translation>
    </message>
</context>
<context>
    <name>commtax::BuyDialog</name>
    <message>
        <source>What to buy</source>
        <translation>买什么</translation>
    </message>
    <message>
        <source>State the goals and press Search.</source>
        <translation>填写目标后按“搜索”。</translation>
    </message>
    <message>
        <source>&amp;Search</source>
        <translation>搜索(&amp;S)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Com&amp;pare these</source>
        <translation>比较这些(&amp;P)</translation>
    </message>
    <message>
        <source>Open the chosen options side by side in the Compare window (the selected rows, or the first three)</source>
        <translation>在比较窗口中并排打开所选选项（选中的行，或前三行）</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source> days</source>
        <translation> 天</translation>
    </message>
    <message>
        <source>Days to train at most (0: no deadline)</source>
        <translation>最多训练天数（0：无工期）</translation>
    </message>
    <message>
        <source>Deadline:</source>
        <translation>工期：</translation>
    </message>
    <message>
        <source> M USD</source>
        <translation> 百万美元</translation>
    </message>
    <message>
        <source>Capital at most, in millions of USD, when buying (0: no limit)</source>
        <translation>购买时的资本上限，单位百万美元（0：不限）</translation>
    </message>
    <message>
        <source>Capital budget:</source>
        <translation>资本预算：</translation>
    </message>
    <message>
        <source>Total cost of the run at most, in millions of USD, bought or rented (0: no limit)</source>
        <translation>训练总成本上限，单位百万美元，购买或租用（0：不限）</translation>
    </message>
    <message>
        <source>Cost of the run:</source>
        <translation>训练成本：</translation>
    </message>
    <message>
        <source> MW</source>
        <translation> 兆瓦</translation>
    </message>
    <message>
        <source>Power at the wall at most, cooling included by the PUE (0: no limit)</source>
        <translation>总功率上限（按 PUE 计入冷却，0：不限）</translation>
    </message>
    <message>
        <source>Power:</source>
        <translation>功率：</translation>
    </message>
    <message>
        <source>plan&apos;s</source>
        <translation>方案的</translation>
    </message>
    <message>
        <source>Power usage effectiveness of the data centre (0: the plan&apos;s)</source>
        <translation>数据中心的电能利用效率（0：用方案的）</translation>
    </message>
    <message>
        <source>PUE:</source>
        <translation>PUE：</translation>
    </message>
    <message>
        <source>The GPUs the search may choose, your own presets included</source>
        <translation>搜索可选的 GPU，包括你自己的预设</translation>
    </message>
    <message>
        <source>GPUs allowed:</source>
        <translation>允许的 GPU：</translation>
    </message>
    <message>
        <source>Buy</source>
        <translation>购买</translation>
    </message>
    <message>
        <source>Rent</source>
        <translation>租用</translation>
    </message>
    <message>
        <source>Mode:</source>
        <translation>方式：</translation>
    </message>
    <message>
        <source>GPU&apos;s own</source>
        <translation>GPU 自带价格</translation>
    </message>
    <message>
        <source> USD/GPU-h</source>
        <translation> 美元/GPU·时</translation>
    </message>
    <message>
        <source>The price of renting a GPU for an hour (0: each GPU preset&apos;s own, or the plan&apos;s quote for its GPU)</source>
        <translation>每 GPU 每小时的租用价格（0：各 GPU 预设自带的价格，或方案对其 GPU 的报价）</translation>
    </message>
    <message>
        <source>Rent price:</source>
        <translation>租用价格：</translation>
    </message>
    <message>
        <source>FP8 only on GPUs with FP8 tensor cores</source>
        <translation>FP8 仅用于具有 FP8 张量核心的 GPU</translation>
    </message>
    <message>
        <source>Precision:</source>
        <translation>精度：</translation>
    </message>
    <message>
        <source>256, 512, 1024 or 64-2048</source>
        <translation>256, 512, 1024 或 64-2048</translation>
    </message>
    <message>
        <source>GPU counts to try: a list, or a range searched in whole nodes</source>
        <translation>要尝试的 GPU 数量：列表，或按整节点搜索的范围</translation>
    </message>
    <message>
        <source>GPU counts:</source>
        <translation>GPU 数量：</translation>
    </message>
    <message>
        <source>USD per billion tokens</source>
        <translation>每十亿词元美元</translation>
    </message>
    <message>
        <source>Cost of the run</source>
        <translation>训练成本</translation>
    </message>
    <message>
        <source>Days to train</source>
        <translation>训练天数</translation>
    </message>
    <message>
        <source>Capital</source>
        <translation>资本</translation>
    </message>
    <message>
        <source>Best by:</source>
        <translation>最优依据：</translation>
    </message>
    <message>
        <source>Options that meet every limit, best first:</source>
        <translation>满足全部限制的选项，最优在前：</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>方式</translation>
    </message>
    <message>
        <source>Layout</source>
        <translation>布局</translation>
    </message>
    <message>
        <source>Closest misses, and what would meet the limits:</source>
        <translation>最接近的未达标选项，以及怎样才能满足限制：</translation>
    </message>
    <message>
        <source>Misses</source>
        <translation>未满足</translation>
    </message>
    <message>
        <source>What meets it</source>
        <translation>怎样满足</translation>
    </message>
    <message>
        <source>The plan lists %1 options of its own; the answer says whether each meets the limits.</source>
        <translation>方案列出了自己的 %1 个选项；答案会说明每个是否满足限制。</translation>
    </message>
    <message>
        <source>Rent quote for %1: USD %2 per GPU-hour.</source>
        <translation>%1 的租用报价：每 GPU 每小时 %2 美元。</translation>
    </message>
    <message>
        <source>Check at least one GPU.</source>
        <translation>请至少勾选一种 GPU。</translation>
    </message>
    <message>
        <source>Check Buy, Rent or both.</source>
        <translation>请勾选购买、租用或两者。</translation>
    </message>
    <message>
        <source>Check BF16, FP8 or both.</source>
        <translation>请勾选 BF16、FP8 或两者。</translation>
    </message>
    <message>
        <source>PUE: 1 or more (0: the plan&apos;s).</source>
        <translation>PUE：须为 1 或以上（0：用方案的）。</translation>
    </message>
    <message>
        <source>GPU counts: give counts such as &quot;256, 512, 1024&quot; or a range such as &quot;64-2048&quot;.</source>
        <translation>GPU 数量：请填写如“256, 512, 1024”的数量或如“64-2048”的范围。</translation>
    </message>
    <message>
        <source>Unknown GPU preset &quot;%1&quot;.</source>
        <translation>未知的 GPU 预设“%1”。</translation>
    </message>
    <message>
        <source>Unknown framework &quot;%1&quot;.</source>
        <translation>未知的框架“%1”。</translation>
    </message>
    <message>
        <source>These goals make %1 searches (GPU, GPU count and precision), more than the %2 a search can finish in reasonable time: uncheck GPUs or give fewer counts.</source>
        <translation>这些目标需要 %1 次搜索（GPU、GPU 数量与精度），超过可在合理时间内完成的 %2 次：请取消勾选一些 GPU 或减少数量。</translation>
    </message>
    <message>
        <source>Nothing to search: no GPU count holds whole nodes of the GPUs checked.</source>
        <translation>无可搜索：没有哪个 GPU 数量是所选 GPU 的整节点数。</translation>
    </message>
    <message>
        <source>Searching %1 GPU, count and precision combinations...</source>
        <translation>正在搜索 %1 种 GPU、数量与精度组合...</translation>
    </message>
    <message>
        <source>Cancelling...</source>
        <translation>正在取消...</translation>
    </message>
    <message>
        <source>Cancelled; the answer shown is the previous one.</source>
        <translation>已取消；显示的是上一次的答案。</translation>
    </message>
    <message>
        <source>%1 %2 in %3, %4</source>
        <translation>%1 块 %2，%3，%4</translation>
    </message>
    <message>
        <source>rented</source>
        <translation>租用</translation>
    </message>
    <message>
        <source>bought</source>
        <translation>购买</translation>
    </message>
    <message>
        <source>rent</source>
        <translation>租用</translation>
    </message>
    <message>
        <source>buy</source>
        <translation>购买</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>无限制</translation>
    </message>
    <message>
        <source>deadline</source>
        <translation>工期</translation>
    </message>
    <message>
        <source>capital</source>
        <translation>资本</translation>
    </message>
    <message>
        <source>cost of the run</source>
        <translation>训练成本</translation>
    </message>
    <message>
        <source>power</source>
        <translation>功率</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>budget</source>
        <translation>预算</translation>
    </message>
    <message>
        <source>nothing found</source>
        <translation>未找到</translation>
    </message>
    <message>
        <source>FP8: %1 days</source>
        <translation>FP8：%1 天</translation>
    </message>
    <message>
        <source>+%1% GPUs (%2): %3 days</source>
        <translation>GPU 增加 %1%（%2 块）：%3 天</translation>
    </message>
    <message>
        <source>No closest misses: every option meets the limits.</source>
        <translation>没有未达标选项：每个选项都满足限制。</translation>
    </message>
    <message>
        <source>Searched %1 layouts over %2 GPU, count and precision combinations in %3 s; %4 of %5 options meet every limit.</source>
        <translation>用 %3 秒在 %2 种 GPU、数量与精度组合上搜索了 %1 个布局；%5 个选项中有 %4 个满足全部限制。</translation>
    </message>
    <message>
        <source>The GPU</source>
        <translation>GPU 型号</translation>
    </message>
    <message>
        <source>How many GPUs</source>
        <translation>GPU 数量</translation>
    </message>
    <message>
        <source>Bought or rented, and the precision</source>
        <translation>购买或租用，以及精度</translation>
    </message>
    <message>
        <source>Days</source>
        <translation>天数</translation>
    </message>
    <message>
        <source>Days to train: P10 - P50 - P90 over the input ranges, the engine&apos;s error included</source>
        <translation>训练天数：输入范围上的 P10 - P50 - P90，已计入引擎误差</translation>
    </message>
    <message>
        <source>P(deadline)</source>
        <translation>P(按期)</translation>
    </message>
    <message>
        <source>The probability of finishing within the deadline</source>
        <translation>在工期内完成的概率</translation>
    </message>
    <message>
        <source>P(budget)</source>
        <translation>P(预算内)</translation>
    </message>
    <message>
        <source>The probability of staying within the budget</source>
        <translation>不超出预算的概率</translation>
    </message>
    <message>
        <source>USD/B tok.</source>
        <translation>美元/十亿词元</translation>
    </message>
    <message>
        <source>USD per billion tokens (the engine&apos;s estimate)</source>
        <translation>每十亿词元美元（引擎估计值）</translation>
    </message>
    <message>
        <source>The fastest layout on these GPUs, and whether it is conventional: the shape the framework&apos;s published recipe uses for a model of this size (&quot;+28%&quot;: this much faster than the fastest conventional layout)</source>
        <translation>这些 GPU 上最快的布局，以及它是否常规：框架公开的配方对这一规模的模型所用的形状（“+28%”：比最快的常规布局快这么多）</translation>
    </message>
    <message>
        <source>The limits it misses</source>
        <translation>未满足的限制</translation>
    </message>
    <message>
        <source>A change that meets every limit: FP8 on the same GPUs, or the fewest more GPUs</source>
        <translation>满足全部限制的改动：同样的 GPU 改用 FP8，或增加最少的 GPU</translation>
    </message>
    <message>
        <source>Days to train: P10 - P50 - P90</source>
        <translation>训练天数：P10 - P50 - P90</translation>
    </message>
    <message>
        <source>Select an option to see its whole layout and what leaving convention buys.</source>
        <translation>选择一个选项，查看其完整布局以及偏离常规带来的收益。</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <source>%1: %2; %3.</source>
        <translation>%1：%2；%3。</translation>
    </message>
    <message>
        <source>Misses: %1; what meets it: %2.</source>
        <translation>未满足：%1；怎样满足：%2。</translation>
    </message>
    <message>
        <source>Breakdown</source>
        <translation>分解</translation>
    </message>
    <message>
        <source>One training step of one pipeline rank: forward and backward per micro-batch, the communication hidden under compute (thin, hatched) and the communication on the critical path. The mouse wheel zooms the time axis; drag to move along it.</source>
        <translation>一条流水线上一个 rank 的一个训练步：每个微批次的前向与反向、隐藏在计算之下的通信（细条、斜线）以及位于关键路径上的通信。鼠标滚轮缩放时间轴；拖动可沿时间轴移动。</translation>
    </message>
    <message>
        <source>Step timeline</source>
        <translation>单步时间线</translation>
    </message>
</context>
<context>
    <name>commtax::Calibration</name>
    <message>
        <source>all_reduce</source>
        <translation>全归约（all_reduce）</translation>
    </message>
    <message>
        <source>reduce_scatter</source>
        <translation>归约散射（reduce_scatter）</translation>
    </message>
    <message>
        <source>all_gather</source>
        <translation>全收集（all_gather）</translation>
    </message>
    <message>
        <source>alltoall</source>
        <translation>全交换（alltoall）</translation>
    </message>
    <message>
        <source>broadcast</source>
        <translation>广播（broadcast）</translation>
    </message>
    <message>
        <source>reduce</source>
        <translation>归约（reduce）</translation>
    </message>
    <message>
        <source>sendrecv</source>
        <translation>点对点收发（sendrecv）</translation>
    </message>
    <message>
        <source>intra-node</source>
        <translation>节点内</translation>
    </message>
    <message>
        <source>inter-node</source>
        <translation>跨节点</translation>
    </message>
    <message>
        <source>unknown scope</source>
        <translation>范围未知</translation>
    </message>
    <message>
        <source>%1 on %2, %3</source>
        <extracomment>the collective, where it ran (&quot;16 ranks, 2 node(s)&quot;), the scope (&quot;inter-node&quot;)</extracomment>
        <translation>%1，%2，%3</translation>
    </message>
    <message>
        <source>%1: %2 at line %3</source>
        <translation>%1：%2，第 %3 行</translation>
    </message>
    <message>
        <source>unnamed</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <source>the log holds %1 result tables (%2); table %3 calibrated, choose with --table</source>
        <translation>日志含 %1 个结果表（%2）；已校准第 %3 个，可用 --table 选择</translation>
    </message>
    <message>
        <source>no cluster preset to compare with: the log names no known GPU; give --cluster ID</source>
        <translation>没有可对比的集群预设：日志未提及已知的 GPU；请给出 --cluster ID</translation>
    </message>
    <message>
        <source>the fitted latency (%1 us) is below the model&apos;s fixed part (%2 us): step latency set to 0</source>
        <translation>拟合的延迟（%1 us）低于模型的固定部分（%2 us）：每步延迟设为 0</translation>
    </message>
    <message>
        <source>the fitted latency (%1 us) needs a step latency above %2 us</source>
        <translation>拟合的延迟（%1 us）需要高于 %2 us 的每步延迟</translation>
    </message>
    <message>
        <source>1 row skipped, at line %1, column %2: %3</source>
        <translation>跳过 1 行，在第 %1 行第 %2 列：%3</translation>
    </message>
    <message>
        <source>1 row skipped, at line %1: %2</source>
        <translation>跳过 1 行，在第 %1 行：%2</translation>
    </message>
    <message>
        <source>%1 rows skipped, the first at line %2, column %3: %4</source>
        <translation>跳过 %1 行，第一处在第 %2 行第 %3 列：%4</translation>
    </message>
    <message>
        <source>%1 rows skipped, the first at line %2: %3</source>
        <translation>跳过 %1 行，第一处在第 %2 行：%3</translation>
    </message>
    <message>
        <source>the table has no row with a positive size and time</source>
        <translation>该表没有大小和时间均为正的行</translation>
    </message>
    <message>
        <source>the table has no row with a positive size and time (%1)</source>
        <translation>该表没有大小和时间均为正的行（%1）</translation>
    </message>
    <message>
        <source>only %1 of %2 rows can be used (%3): too few to calibrate</source>
        <translation>%2 行中只有 %1 行可用（%3）：太少，无法校准</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>line %1 has redop %2 and root %3</source>
        <translation>第 %1 行的 redop 为 %2，root 为 %3</translation>
    </message>
    <message>
        <source>line %1 has redop %2</source>
        <translation>第 %1 行的 redop 为 %2</translation>
    </message>
    <message>
        <source>rows of two different collectives in one table (%1, %2): two runs pasted under one header?</source>
        <translation>一个表中有两种不同集合通信的行（%1，%2）：是否把两次运行粘贴在同一表头下？</translation>
    </message>
    <message>
        <source>a reduction with a root</source>
        <translation>有归约且有 root</translation>
    </message>
    <message>
        <source>busbw = algbw and no in-place check, as sendrecv_perf prints</source>
        <translation>busbw = algbw 且无 in-place 校验，与 sendrecv_perf 的输出一致</translation>
    </message>
    <message>
        <source>a reduction without a root, busbw/algbw = %1</source>
        <translation>有归约但无 root，busbw/algbw = %1</translation>
    </message>
    <message>
        <source>a reduction without a root, busbw/algbw unknown</source>
        <translation>有归约但无 root，busbw/algbw 未知</translation>
    </message>
    <message>
        <source>no reduction, a root</source>
        <translation>无归约，有 root</translation>
    </message>
    <message>
        <source>no reduction, no root, busbw/algbw = %1 (alltoall has the same factor)</source>
        <translation>无归约，无 root，busbw/algbw = %1（alltoall 的系数相同）</translation>
    </message>
    <message>
        <source>no reduction, no root, busbw = algbw</source>
        <translation>无归约，无 root，busbw = algbw</translation>
    </message>
    <message>
        <source>nothing to tell it by; all_reduce assumed</source>
        <translation>无从判断；假定为 all_reduce</translation>
    </message>
    <message>
        <source>%1 results cannot be calibrated: the engine models all_reduce, all_gather, reduce_scatter, alltoall, broadcast, reduce and sendrecv</source>
        <translation>%1 的结果无法校准：引擎只建模 all_reduce、all_gather、reduce_scatter、alltoall、broadcast、reduce 和 sendrecv</translation>
    </message>
    <message>
        <source>given</source>
        <translation>用户给定</translation>
    </message>
    <message>
        <source>the log names %1 but %2 was given: using %2</source>
        <translation>日志写明是 %1，但给定的是 %2：使用 %2</translation>
    </message>
    <message>
        <source>named by the log (line %1)</source>
        <translation>日志中写明（第 %1 行）</translation>
    </message>
    <message>
        <source>inferred from the columns (%1)</source>
        <translation>由列推断（%1）</translation>
    </message>
    <message>
        <source>the log does not name the test: %1 inferred from the columns (%2)</source>
        <translation>日志未写明测试名：由列推断为 %1（%2）</translation>
    </message>
    <message>
        <source>ranks taken from the highest rank number; GPUs per node assumed even</source>
        <translation>rank 数取自最大的 rank 编号；假定每节点 GPU 数相同</translation>
    </message>
    <message>
        <source>ranks taken from the highest rank number, GPUs per node from each host&apos;s rank range</source>
        <translation>rank 数取自最大的 rank 编号，每节点 GPU 数取自各主机的 rank 范围</translation>
    </message>
    <message>
        <source>the device list shows %1 of %2 ranks (trimmed?): %3</source>
        <translation>设备列表只列出 %2 个 rank 中的 %1 个（被截断？）：%3</translation>
    </message>
    <message>
        <source>uneven device list: %1 to %2 GPUs per node</source>
        <translation>设备列表不均匀：每节点 %1 到 %2 个 GPU</translation>
    </message>
    <message>
        <source>--ranks %1 differs from the device list (%2 ranks): using %1</source>
        <translation>--ranks %1 与设备列表（%2 个 rank）不符：使用 %1</translation>
    </message>
    <message>
        <source>inferred from busbw/algbw = %1</source>
        <translation>由 busbw/algbw = %1 推断</translation>
    </message>
    <message>
        <source>inferred from size / count</source>
        <translation>由 size / count 推断</translation>
    </message>
    <message>
        <source>no device list and nothing else tells the number of ranks: give it to compare with the model</source>
        <translation>没有设备列表，也没有其他信息给出 rank 数：请给出 rank 数以便与模型对比</translation>
    </message>
    <message>
        <source>no device list: %1 ranks %2</source>
        <translation>没有设备列表：%1 个 rank，%2</translation>
    </message>
    <message>
        <source>no device list: %1 ranks %2; nodes unknown (give them)</source>
        <translation>没有设备列表：%1 个 rank，%2；节点数未知（请给出）</translation>
    </message>
    <message>
        <source>busbw/algbw = %1 does not match %2 on %3 ranks (%4): it means %5 ranks</source>
        <translation>busbw/algbw = %1 与 %3 个 rank 上的 %2 不符（%4）：它对应 %5 个 rank</translation>
    </message>
    <message>
        <source>busbw/algbw = %1 does not match %2 on %3 ranks (%4)</source>
        <translation>busbw/algbw = %1 与 %3 个 rank 上的 %2 不符（%4）</translation>
    </message>
    <message>
        <source>--nodes %1 differs from the device list (%2 hosts): using %1</source>
        <translation>--nodes %1 与设备列表（%2 台主机）不符：使用 %1</translation>
    </message>
    <message>
        <source>%1 ranks do not divide evenly over %2 nodes</source>
        <translation>%1 个 rank 不能平均分到 %2 个节点</translation>
    </message>
    <message>
        <source>a single rank moves nothing between GPUs: busbw is 0 by definition</source>
        <translation>单个 rank 不在 GPU 之间传输数据：按定义 busbw 为 0</translation>
    </message>
    <message>
        <source>busbw still rises at the largest size (+%1% over the size before): the plateau may be higher</source>
        <translation>在最大的数据量处 busbw 仍在上升（比前一档高 %1%）：平台值可能更高</translation>
    </message>
    <message>
        <source>the largest size is %1: busbw reaches its plateau only at 256 MiB-1 GiB, so no plateau is reported and the peak understates the link</source>
        <translation>最大的数据量为 %1：busbw 要到 256 MiB-1 GiB 才达到平台值，因此不报告平台值，峰值会低估链路</translation>
    </message>
    <message>
        <source>busbw falls from %1 at %2 to %3 at %4 (-%5%)</source>
        <translation>busbw 从 %2 时的 %1 降到 %4 时的 %3（-%5%）</translation>
    </message>
    <message>
        <source>no &quot;# Avg bus bandwidth&quot; footer (the log was cut or trimmed)</source>
        <translation>没有 &quot;# Avg bus bandwidth&quot; 表尾（日志被截断或删减）</translation>
    </message>
    <message>
        <source>the footer&apos;s average busbw (%1) differs from the mean of the rows (%2): rows are missing from the table</source>
        <translation>表尾的平均 busbw（%1）与各行的平均值（%2）不符：表中缺了若干行</translation>
    </message>
    <message>
        <source>no in-place columns: out-of-place only</source>
        <translation>没有 in-place 列：只有 out-of-place</translation>
    </message>
    <message>
        <source>in-place and out-of-place busbw differ by %1% at %2 (line %3): a noisy measurement; out-of-place is used</source>
        <translation>in-place 与 out-of-place 的 busbw 在 %2 处相差 %1%（第 %3 行）：测量有噪声；使用 out-of-place</translation>
    </message>
    <message>
        <source>%1 measurements failed nccl-tests&apos; data check (#wrong &gt; 0 or an error marked &apos;*&apos;): their timings may be meaningless</source>
        <translation>%1 个测量未通过 nccl-tests 的数据校验（#wrong &gt; 0 或误差标有 “*”）：其计时可能没有意义</translation>
    </message>
    <message>
        <source>nccl-tests reports %1 out-of-bounds values</source>
        <translation>nccl-tests 报告 %1 个越界值</translation>
    </message>
    <message>
        <source>algbw differs from size/time on %1 rows (first at line %2): columns misaligned?</source>
        <translation>有 %1 行的 algbw 与 size/time 不符（第一处在第 %2 行）：列是否错位？</translation>
    </message>
    <message>
        <source>time does not grow with size: no bandwidth to fit</source>
        <translation>时间不随数据量增长：无法拟合带宽</translation>
    </message>
    <message>
        <source>the smallest size (%1) is too large to show the latency: bandwidth fitted alone</source>
        <translation>最小的数据量（%1）太大，看不出延迟：只拟合带宽</translation>
    </message>
    <message>
        <source>the alpha-beta fit misses the measured times by %1% (rms): NCCL changes protocol and algorithm with size, which one latency and one bandwidth cannot follow</source>
        <translation>alpha-beta 拟合与实测时间相差 %1%（均方根）：NCCL 随数据量切换协议和算法，单一延迟和带宽无法跟上</translation>
    </message>
    <message>
        <source>measured busbw is more than 20% below the model (%1, %2) at %3 of %4 sizes (%5): check the topology, the NICs and NCCL&apos;s settings</source>
        <translation>在 %4 个数据量中的 %3 个（%5）上，实测 busbw 比模型（%1，%2）低 20% 以上：请检查拓扑、网卡和 NCCL 的设置</translation>
    </message>
    <message>
        <source>all-reduce busbw %1 exceeds the line rate of the %2 NIC(s) per node in the preset (%3): in-network or tree reduction (SHARP, NCCL&apos;s tree over few nodes) or faster NICs than the preset&apos;s; not taken as NIC bandwidth</source>
        <translation>all-reduce busbw %1 超过预设中每节点 %2 块网卡的线速（%3）：网内或树形归约（SHARP、NCCL 在少量节点上的 tree），或网卡比预设的快；不作为网卡带宽采用</translation>
    </message>
    <message>
        <source>all-reduce busbw %1 exceeds the %2 link&apos;s line rate (%3): NVLS (NVLink SHARP) reduces inside the switch; not taken as link bandwidth</source>
        <translation>all-reduce busbw %1 超过 %2 链路的线速（%3）：NVLS（NVLink SHARP）在交换机内归约；不作为链路带宽采用</translation>
    </message>
    <message>
        <source>%1 busbw %2 exceeds the preset&apos;s line rate (%3): the preset is not this hardware, or the ranks and nodes are wrong</source>
        <translation>%1 busbw %2 超过预设的线速（%3）：预设与此硬件不符，或 rank 数和节点数有误</translation>
    </message>
    <message>
        <source>measured busbw (%1) is more than 20% above the model&apos;s (%2): the preset underrates this link</source>
        <translation>实测 busbw（%1）比模型的（%2）高 20% 以上：预设低估了这条链路</translation>
    </message>
    <message>
        <source>in the preset the intra-node link (%1) is narrower than the NICs (%2), so this measurement does not tell the network efficiency</source>
        <translation>预设中节点内链路（%1）比网卡（%2）窄，因此这次测量无法给出网络效率</translation>
    </message>
    <message>
        <source>the fitted busbw (%1) exceeds the line rate of the NICs (%2): network efficiency left as it is</source>
        <translation>拟合的 busbw（%1）超过网卡的线速（%2）：网络效率保持不变</translation>
    </message>
    <message>
        <source>the fitted busbw (%1) exceeds the line rate of the link (%2): intra-node efficiency left as it is</source>
        <translation>拟合的 busbw（%1）超过链路的线速（%2）：节点内效率保持不变</translation>
    </message>
    <message>
        <source>no latency: the log&apos;s sizes cannot show it</source>
        <translation>没有延迟：日志中的数据量无法体现延迟</translation>
    </message>
    <message>
        <source>no comparison with the model: the number of ranks is unknown or 1</source>
        <translation>未与模型对比：rank 数未知或为 1</translation>
    </message>
    <message>
        <source>nodes unknown (no device list): %1 assumed from the preset&apos;s %2 GPUs per node; give them</source>
        <translation>节点数未知（没有设备列表）：按预设每节点 %2 个 GPU 假定为 %1；请给出</translation>
    </message>
    <message>
        <source>line %1: %2</source>
        <translation>第 %1 行：%2</translation>
    </message>
    <message>
        <source>&lt;stdin&gt;: cannot read standard input</source>
        <translation>&lt;stdin&gt;：无法读取标准输入</translation>
    </message>
    <message>
        <source>%1: is a directory, not a log</source>
        <translation>%1：是目录，不是日志</translation>
    </message>
    <message>
        <source>the file is %1 MiB; Commtax reads at most %2 MiB of nccl-tests log</source>
        <translation>文件大小为 %1 MiB；Commtax 最多读取 %2 MiB 的 nccl-tests 日志</translation>
    </message>
    <message>
        <source>%1: cannot open: %2</source>
        <translation>%1：无法打开：%2</translation>
    </message>
    <message>
        <source>more than %1 MiB: too large for an nccl-tests log</source>
        <translation>超过 %1 MiB：作为 nccl-tests 日志太大</translation>
    </message>
    <message>
        <source>unknown GPU preset &quot;%1&quot; (commtax presets lists them)</source>
        <translation>未知的 GPU 预设 &quot;%1&quot;（commtax presets 会列出全部预设）</translation>
    </message>
    <message>
        <source>unknown cluster preset &quot;%1&quot; (commtax presets lists them)</source>
        <translation>未知的集群预设 &quot;%1&quot;（commtax presets 会列出全部预设）</translation>
    </message>
    <message>
        <source>cluster preset &quot;%1&quot; names no GPU preset</source>
        <translation>集群预设 &quot;%1&quot; 未指定 GPU 预设</translation>
    </message>
    <message>
        <source>the log names no GPU</source>
        <translation>日志未提及 GPU</translation>
    </message>
    <message>
        <source>the log&apos;s &quot;%1&quot; matches no preset</source>
        <translation>日志中的 &quot;%1&quot; 不匹配任何预设</translation>
    </message>
    <message>
        <source>the log&apos;s &quot;%1&quot; matches %2</source>
        <translation>日志中的 &quot;%1&quot; 匹配 %2</translation>
    </message>
    <message>
        <source>GPU %1 as chosen (%2)</source>
        <translation>所选的 GPU %1（%2）</translation>
    </message>
    <message>
        <source>GPU %1 (the log&apos;s &quot;%2&quot;)</source>
        <translation>GPU %1（日志中的 &quot;%2&quot;）</translation>
    </message>
    <message>
        <source>GPU %1 (the cluster&apos;s default; %2)</source>
        <translation>GPU %1（集群的默认 GPU；%2）</translation>
    </message>
    <message>
        <source>%1, its default cluster %2</source>
        <translation>%1，及其默认集群 %2</translation>
    </message>
    <message>
        <source>cluster %1 as chosen, %2</source>
        <translation>所选的集群 %1，%2</translation>
    </message>
    <message>
        <source>nothing to calibrate: no comparison with a preset</source>
        <translation>没有可校准的内容：未与预设对比</translation>
    </message>
    <message>
        <source>%1 %2 is negative</source>
        <translation>%1 %2 为负数</translation>
    </message>
    <message>
        <source>%1 %2 is zero: no collective takes no time</source>
        <translation>%1 %2 为零：集合通信不可能不花时间</translation>
    </message>
    <message>
        <source>%1 %2 us is more than an hour for one collective</source>
        <translation>%1 %2 us：一次集合通信超过一小时</translation>
    </message>
    <message>
        <source>%1 %2 GB/s is above 100 TB/s, more than any link carries</source>
        <translation>%1 %2 GB/s 超过 100 TB/s，任何链路都达不到</translation>
    </message>
    <message>
        <source>%1 %2 is not a number</source>
        <translation>%1 %2 不是数字</translation>
    </message>
    <message>
        <source>%1 %2 is not a number or N/A</source>
        <translation>%1 %2 既不是数字也不是 N/A</translation>
    </message>
    <message>
        <source>the layout has no time, algbw or busbw column</source>
        <translation>该格式没有 time、algbw 或 busbw 列</translation>
    </message>
    <message>
        <source>truncated row: %1 of %2 columns</source>
        <translation>行被截断：只有 %2 列中的 %1 列</translation>
    </message>
    <message>
        <source>size %1 is negative: a size is a whole number of bytes</source>
        <translation>size %1 为负数：数据量是整数个字节</translation>
    </message>
    <message>
        <source>size %1 is not a whole number of bytes</source>
        <translation>size %1 不是整数个字节</translation>
    </message>
    <message>
        <source>size %1 is more than 1 PiB, more than any GPU holds</source>
        <translation>size %1 超过 1 PiB，任何 GPU 都放不下</translation>
    </message>
    <message>
        <source>count %1 is not a whole number of elements</source>
        <translation>count %1 不是整数个元素</translation>
    </message>
    <message>
        <source>type %1 is not a data type name</source>
        <translation>type %1 不是数据类型名</translation>
    </message>
    <message>
        <source>redop %1 is not a reduction name</source>
        <translation>redop %1 不是归约操作名</translation>
    </message>
    <message>
        <source>root %1 is not a rank number</source>
        <translation>root %1 不是 rank 编号</translation>
    </message>
    <message>
        <source>text after the last column ignored</source>
        <translation>已忽略最后一列之后的文字</translation>
    </message>
    <message>
        <source>in-place columns missing (row cut short?)</source>
        <translation>缺少 in-place 列（行被截短？）</translation>
    </message>
    <message>
        <source>no column header: assumed size, count, type, [redop], [root], then time, algbw, busbw, #wrong out-of-place and in-place</source>
        <translation>没有列标题：假定为 size、count、type、[redop]、[root]，然后是 out-of-place 和 in-place 的 time、algbw、busbw、#wrong</translation>
    </message>
    <message>
        <source>%1: row skipped</source>
        <translation>%1：已跳过该行</translation>
    </message>
    <message>
        <source>empty input: no nccl-tests output to read</source>
        <translation>输入为空：没有可读的 nccl-tests 输出</translation>
    </message>
    <message>
        <source>the input holds only white space</source>
        <translation>输入只有空白字符</translation>
    </message>
    <message>
        <source>binary data, not a text log (NUL byte at offset %1)</source>
        <translation>是二进制数据，不是文本日志（偏移 %1 处有 NUL 字节）</translation>
    </message>
    <message>
        <source>binary data, not a text log (%1 control characters)</source>
        <translation>是二进制数据，不是文本日志（%1 个控制字符）</translation>
    </message>
    <message>
        <source>%1; no valid result row</source>
        <translation>%1；没有有效的结果行</translation>
    </message>
    <message>
        <source>%1 (and 1 more bad row); no valid result row</source>
        <translation>%1（另有 1 个坏行）；没有有效的结果行</translation>
    </message>
    <message>
        <source>%1 (and %2 more bad rows); no valid result row</source>
        <translation>%1（另有 %2 个坏行）；没有有效的结果行</translation>
    </message>
    <message>
        <source>the result table header has no data rows (did the run stop before the first size?)</source>
        <translation>结果表头下没有数据行（运行是否在第一个数据量之前就停止了？）</translation>
    </message>
    <message>
        <source>this is a perftest (ib_write_bw / ib_read_bw) log, not nccl-tests output</source>
        <translation>这是 perftest（ib_write_bw / ib_read_bw）日志，不是 nccl-tests 的输出</translation>
    </message>
    <message>
        <source>this is an OSU micro-benchmarks log, not nccl-tests output</source>
        <translation>这是 OSU micro-benchmarks 日志，不是 nccl-tests 的输出</translation>
    </message>
    <message>
        <source>this is an iperf log, not nccl-tests output</source>
        <translation>这是 iperf 日志，不是 nccl-tests 的输出</translation>
    </message>
    <message>
        <source>this is a CUDA samples bandwidth test, not nccl-tests output</source>
        <translation>这是 CUDA samples 的带宽测试，不是 nccl-tests 的输出</translation>
    </message>
    <message>
        <source>this is JSON, not the text that nccl-tests prints (its -J file is not read here; use its standard output)</source>
        <translation>这是 JSON，不是 nccl-tests 打印的文本（这里不读取它的 -J 文件；请使用它的标准输出）</translation>
    </message>
    <message>
        <source>NCCL debug lines (NCCL INFO) but no nccl-tests result table: was the test&apos;s standard output captured?</source>
        <translation>有 NCCL 调试行（NCCL INFO），但没有 nccl-tests 结果表：是否捕获了测试的标准输出？</translation>
    </message>
    <message>
        <source>no nccl-tests result table found: expected a header line such as &quot;#  size  count  type  redop  root  time  algbw  busbw  #wrong ...&quot; followed by rows of numbers</source>
        <translation>未找到 nccl-tests 结果表：应有形如 &quot;#  size  count  type  redop  root  time  algbw  busbw  #wrong ...&quot; 的表头行，后接若干行数字</translation>
    </message>
    <message>
        <source>UTF-16 text converted</source>
        <translation>已转换 UTF-16 文本</translation>
    </message>
    <message>
        <source>launcher prefixes (rank labels, host names, timestamps) removed from 1 line</source>
        <translation>已从 1 行中去掉启动器前缀（rank 标签、主机名、时间戳）</translation>
    </message>
    <message>
        <source>launcher prefixes (rank labels, host names, timestamps) removed from %1 lines</source>
        <translation>已从 %1 行中去掉启动器前缀（rank 标签、主机名、时间戳）</translation>
    </message>
    <message>
        <source>the measured busbw (%1) exceeds the line rate (%2): efficiency left as it is</source>
        <translation>实测 busbw（%1）超过线速（%2）：效率保持不变</translation>
    </message>
    <message>
        <source>%1 %2 us is below the 0.01 us nccl-tests prints</source>
        <translation>%1 %2 us 低于 nccl-tests 打印的最小值 0.01 us</translation>
    </message>
    <message>
        <source>a Rank line that does not read as rank, Pid, host and device: not counted among the ranks</source>
        <translation>一行 Rank 无法读作 rank、Pid、主机和设备：不计入 rank</translation>
    </message>
    <message>
        <source>rank %1 listed again (first at line %2): counted once</source>
        <translation>rank %1 重复列出（首次在第 %2 行）：只计一次</translation>
    </message>
</context>
<context>
    <name>commtax::CalibrationDialog</name>
    <message>
        <source>Calibrate the network from an nccl-tests log</source>
        <translation>根据 nccl-tests 日志校准网络</translation>
    </message>
    <message>
        <source>Open log...</source>
        <translation>打开日志...</translation>
    </message>
    <message>
        <source>Open the output of all_reduce_perf (or another nccl-tests / rccl-tests binary), or paste it below.</source>
        <translation>打开 all_reduce_perf（或其他 nccl-tests / rccl-tests 程序）的输出，或粘贴到下方。</translation>
    </message>
    <message>
        <source>Paste nccl-tests output here: the &quot;# size count type ...&quot; header and its rows, with the device list if you have it.</source>
        <translation>在此粘贴 nccl-tests 输出：&quot;# size count type ...&quot; 表头及其各行，如有设备列表请一并粘贴。</translation>
    </message>
    <message>
        <source>Result table:</source>
        <translation>结果表：</translation>
    </message>
    <message>
        <source>The cluster preset the measurement is compared with and calibrates</source>
        <translation>与测量结果比较并被校准的集群预设</translation>
    </message>
    <message>
        <source>from the log</source>
        <translation>取自日志</translation>
    </message>
    <message>
        <source>GPUs (ranks) the test ran on; &quot;from the log&quot; uses the device list or busbw/algbw</source>
        <translation>测试所用的 GPU（rank）数；“取自日志”使用设备列表或 busbw/algbw</translation>
    </message>
    <message>
        <source>Servers the ranks were spread over; &quot;from the log&quot; counts the device list&apos;s hosts</source>
        <translation>rank 分布的服务器数；“取自日志”统计设备列表中的主机</translation>
    </message>
    <message>
        <source>Cluster preset:</source>
        <translation>集群预设：</translation>
    </message>
    <message>
        <source>Ranks:</source>
        <translation>Rank 数：</translation>
    </message>
    <message>
        <source>Nodes:</source>
        <translation>节点数：</translation>
    </message>
    <message>
        <source>QLabel { background: #fff4cc; padding: 4px; }</source>
        <translation>QLabel { background: #fff4cc; padding: 4px; }</translation>
    </message>
    <message>
        <source>Bus bandwidth against message size</source>
        <translation>总线带宽与消息大小</translation>
    </message>
    <message>
        <source>Message size (bytes, log scale)</source>
        <translation>消息大小（字节，对数刻度）</translation>
    </message>
    <message>
        <source>Bus bandwidth, busbw (GB/s)</source>
        <translation>总线带宽 busbw (GB/s)</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Apply to cluster preset</source>
        <translation>应用到集群预设</translation>
    </message>
    <message>
        <source>pasted text</source>
        <translation>粘贴的文本</translation>
    </message>
    <message>
        <source>Open an nccl-tests log</source>
        <translation>打开 nccl-tests 日志</translation>
    </message>
    <message>
        <source>Logs (*.txt *.log *.out);;All files (*)</source>
        <translation>日志 (*.txt *.log *.out);;所有文件 (*)</translation>
    </message>
    <message>
        <source>%1: %2, %3</source>
        <translation>%1：%2，%3</translation>
    </message>
    <message numerus="yes">
        <source>%n line(s)</source>
        <translation>
            <numerusform>%n 行</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n result table(s)</source>
        <translation>
            <numerusform>%n 个结果表</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2, line %3, %4 rows</source>
        <translation>%1：%2，第 %3 行，%4 行数据</translation>
    </message>
    <message>
        <source>unnamed</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>This log has no device list: using the %1 and %2 you entered.</source>
        <translation>此日志没有设备列表：使用您输入的 %1 和 %2。</translation>
    </message>
    <message numerus="yes">
        <source>%n rank(s)</source>
        <translation>
            <numerusform>%n 个 rank</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n 个节点</numerusform>
        </translation>
    </message>
    <message>
        <source>This log has no device list. Enter the ranks and nodes it ran on (now: %1; %2).</source>
        <translation>此日志没有设备列表。请输入其运行的 rank 数和节点数（当前：%1；%2）。</translation>
    </message>
    <message>
        <source> as entered</source>
        <translation>（手动输入）</translation>
    </message>
    <message>
        <source> inferred from busbw/algbw</source>
        <translation>（由 busbw/algbw 推断）</translation>
    </message>
    <message>
        <source>ranks unknown</source>
        <translation>rank 数未知</translation>
    </message>
    <message>
        <source>nodes unknown, %1 assumed for the comparison</source>
        <translation>节点数未知，比较时假定为 %1</translation>
    </message>
    <message>
        <source>nodes unknown</source>
        <translation>节点数未知</translation>
    </message>
    <message>
        <source>Warnings (%1)</source>
        <translation>警告 (%1)</translation>
    </message>
    <message>
        <source>Apply to GPU preset (intra-node link)</source>
        <translation>应用到 GPU 预设（节点内链路）</translation>
    </message>
    <message>
        <source>Send %1 with the measured %2 to the preset library</source>
        <translation>将带有实测 %2 的 %1 发送到预设库</translation>
    </message>
    <message>
        <source>network figures</source>
        <translation>网络参数</translation>
    </message>
    <message>
        <source>intra-node figures</source>
        <translation>节点内参数</translation>
    </message>
    <message>
        <source>Compared with %1.</source>
        <translation>与 %1 比较。</translation>
    </message>
    <message>
        <source>Choose a cluster preset to compare with.</source>
        <translation>请选择一个用于比较的集群预设。</translation>
    </message>
    <message>
        <source>Preset &quot;%1&quot; sent: %2</source>
        <translation>已发送预设“%1”：%2</translation>
    </message>
    <message>
        <source>Model: %1 with %2</source>
        <translation>模型：%1，%2</translation>
    </message>
    <message>
        <source>Alpha-beta fit: %1, %2</source>
        <translation>Alpha-beta 拟合：%1，%2</translation>
    </message>
    <message>
        <source>alpha %1 us</source>
        <translation>alpha %1 us</translation>
    </message>
    <message>
        <source>no latency</source>
        <translation>无延迟</translation>
    </message>
    <message>
        <source>Measured, in place</source>
        <translation>实测（原地）</translation>
    </message>
    <message>
        <source>Measured busbw (out of place)</source>
        <translation>实测 busbw（非原地）</translation>
    </message>
    <message>
        <source>More than 20% below the model</source>
        <translation>比模型低 20% 以上</translation>
    </message>
    <message>
        <source>unknown ranks</source>
        <translation>rank 数未知</translation>
    </message>
    <message>
        <source> on </source>
        <translation>，位于 </translation>
    </message>
    <message>
        <source>%1 busbw against message size, %2</source>
        <translation>%1 busbw 与消息大小，%2</translation>
    </message>
    <message>
        <source>No log yet.</source>
        <translation>尚无日志。</translation>
    </message>
    <message>
        <source>Nothing to show: %1</source>
        <translation>无可显示内容：%1</translation>
    </message>
    <message>
        <source>&lt;table cellspacing=&quot;3&quot;&gt;</source>
        <translation>&lt;table cellspacing=&quot;3&quot;&gt;</translation>
    </message>
    <message>
        <source> (%1 per node)</source>
        <translation>（每节点 %1）</translation>
    </message>
    <message>
        <source>Collective</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <source>Known from</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Peak busbw</source>
        <translation>峰值 busbw</translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <translation>%2 时 %1</translation>
    </message>
    <message>
        <source>Plateau busbw</source>
        <translation>平台 busbw</translation>
    </message>
    <message>
        <source>%1 (sizes of 256 MiB and more)</source>
        <translation>%1（256 MiB 及以上的大小）</translation>
    </message>
    <message>
        <source>not reached: no size of 256 MiB or more</source>
        <translation>未达到：没有 256 MiB 及以上的大小</translation>
    </message>
    <message>
        <source>Alpha-beta fit</source>
        <translation>Alpha-beta 拟合</translation>
    </message>
    <message>
        <source>latency %1, bandwidth %2 (busbw); rms residual %3%</source>
        <translation>延迟 %1，带宽 %2 (busbw)；均方根残差 %3%</translation>
    </message>
    <message>
        <source>not measurable</source>
        <translation>无法测量</translation>
    </message>
    <message>
        <source>none: time does not grow with size</source>
        <translation>无：时间不随大小增长</translation>
    </message>
    <message>
        <source>Footer average</source>
        <translation>末尾平均值</translation>
    </message>
    <message>
        <source>%1, a mean over every size, not a peak</source>
        <translation>%1，所有大小的平均值，而非峰值</translation>
    </message>
    <message>
        <source>absent</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>%1 with %2: busbw %3, line rate %4, latency %5 us</source>
        <translation>%1 搭配 %2：busbw %3，线速 %4，延迟 %5 us</translation>
    </message>
    <message>
        <source>Below the model</source>
        <translation>低于模型</translation>
    </message>
    <message>
        <source>%1 of %2 sizes more than 20% below</source>
        <translation>%2 个大小中有 %1 个比模型低 20% 以上</translation>
    </message>
    <message>
        <source>Calibrated</source>
        <translation>已校准</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>无</translation>
    </message>
    <message>
        <source>no comparison (choose a cluster preset; the ranks must be known)</source>
        <translation>无比较（请选择集群预设；rank 数必须已知）</translation>
    </message>
    <message>
        <source>&lt;p style=&quot;color:#b05000&quot;&gt;&lt;b&gt;Busbw above the link&apos;s line rate&lt;/b&gt;: NVLS, SHARP or NCCL&apos;s tree at work, not a link bandwidth.&lt;/p&gt;</source>
        <translation>&lt;p style=&quot;color:#b05000&quot;&gt;&lt;b&gt;Busbw 高于链路线速&lt;/b&gt;：这是 NVLS、SHARP 或 NCCL 树算法的效果，而非链路带宽。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Chart</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>busbw (GB/s)</source>
        <translation>busbw (GB/s)</translation>
    </message>
</context>
<context>
    <name>commtax::CalibrationRowsModel</name>
    <message>
        <source>Measured busbw is %1% of the model&apos;s: more than 20% below it</source>
        <translation>实测 busbw 为模型的 %1%：低于模型 20% 以上</translation>
    </message>
    <message>
        <source>(measured - fitted) / measured time</source>
        <translation>（实测 - 拟合）/ 实测时间</translation>
    </message>
    <message>
        <source>Measured busbw over the model&apos;s busbw for the same collective, size and ranks</source>
        <translation>相同集合通信、大小和 rank 数下，实测 busbw 与模型 busbw 之比</translation>
    </message>
    <message>
        <source>Line of the log</source>
        <translation>日志中的行</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Time (us)</source>
        <translation>时间 (us)</translation>
    </message>
    <message>
        <source>algbw (GB/s)</source>
        <translation>algbw (GB/s)</translation>
    </message>
    <message>
        <source>busbw (GB/s)</source>
        <translation>busbw (GB/s)</translation>
    </message>
    <message>
        <source>In-place busbw (GB/s)</source>
        <translation>原地 busbw (GB/s)</translation>
    </message>
    <message>
        <source>Fit busbw (GB/s)</source>
        <translation>拟合 busbw (GB/s)</translation>
    </message>
    <message>
        <source>Fit residual (%)</source>
        <translation>拟合残差 (%)</translation>
    </message>
    <message>
        <source>Model busbw (GB/s)</source>
        <translation>模型 busbw (GB/s)</translation>
    </message>
    <message>
        <source>Measured / model (%)</source>
        <translation>实测 / 模型 (%)</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>行号</translation>
    </message>
</context>
<context>
    <name>commtax::ChartView</name>
    <message>
        <source>: cannot write: the chart could not be drawn</source>
        <translation>：无法写入：图表无法绘制</translation>
    </message>
    <message>
        <source>the PNG encoder failed</source>
        <translation>PNG 编码失败</translation>
    </message>
    <message>
        <source>Commtax</source>
        <translation>Commtax</translation>
    </message>
    <message>
        <source>the PDF could not be drawn</source>
        <translation>PDF 无法绘制</translation>
    </message>
    <message>
        <source>Export chart as PNG</source>
        <translation>将图表导出为 PNG</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <source>Export chart as PDF</source>
        <translation>将图表导出为 PDF</translation>
    </message>
    <message>
        <source>PDF document (*.pdf)</source>
        <translation>PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source> (stale)</source>
        <translation>（已过时）</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Export as &amp;PNG...</source>
        <translation>导出为 PNG(&amp;P)...</translation>
    </message>
    <message>
        <source>Export as P&amp;DF...</source>
        <translation>导出为 PDF(&amp;D)...</translation>
    </message>
</context>
<context>
    <name>commtax::Cli</name>
    <message>
        <source>warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <source>preset library not used (%1); built-in presets only</source>
        <translation>未使用预设库（%1）；仅使用内置预设</translation>
    </message>
    <message>
        <source> given more than once</source>
        <translation> 给出了多次</translation>
    </message>
    <message>
        <source> needs a value</source>
        <translation> 需要一个值</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a positive whole number</source>
        <translation>“%1”不是正整数</translation>
    </message>
    <message>
        <source>the list is empty</source>
        <translation>列表为空</translation>
    </message>
    <message>
        <source>evaluate takes one scenario file</source>
        <translation>evaluate 只接受一个场景文件</translation>
    </message>
    <message>
        <source>presets takes no arguments</source>
        <translation>presets 不接受参数</translation>
    </message>
    <message>
        <source>Models (parameters derived from the architecture):
</source>
        <translation>模型（参数量由架构推导）：
</translation>
    </message>
    <message>
        <source>  %1 %2 %3 params, l=%4 h=%5 a=%6 kv=%7 ffn=%8 vocab=%9
</source>
        <translation>  %1 %2 %3 参数，l=%4 h=%5 a=%6 kv=%7 ffn=%8 vocab=%9
</translation>
    </message>
    <message>
        <source>GPUs (dense tensor peaks):
</source>
        <translation>GPU（稠密张量峰值）：
</translation>
    </message>
    <message>
        <source>  %1 %2 BF16 %3 TFLOPS dense, FP8 %4 TFLOPS dense, %5 GB, %6 GB/s per direction in node, %7 W, $%8
</source>
        <translation>  %1 %2 BF16 %3 TFLOPS 稠密，FP8 %4 TFLOPS 稠密，%5 GB，节点内单向 %6 GB/s，%7 W，$%8
</translation>
    </message>
    <message>
        <source>Clusters:
</source>
        <translation>集群：
</translation>
    </message>
    <message>
        <source>  %1 %2 %3 GPUs/node, %4 Gb/s NIC per GPU, default %5 nodes, default GPU %6
</source>
        <translation>  %1 %2 %3 GPU/节点，每 GPU 网卡 %4 Gb/s，默认 %5 节点，默认 GPU %6
</translation>
    </message>
    <message>
        <source>sweep takes one scenario file</source>
        <translation>sweep 只接受一个场景文件</translation>
    </message>
    <message>
        <source>sweep needs exactly one of --gpus, --micro-batches, --hardware</source>
        <translation>sweep 需要 --gpus、--micro-batches、--hardware 中的恰好一个</translation>
    </message>
    <message>
        <source>sweep: choose --json or --csv, not both</source>
        <translation>sweep：请选择 --json 或 --csv，不能同时使用</translation>
    </message>
    <message>
        <source>sweep: --scaling goes with --gpus only</source>
        <translation>sweep：--scaling 只能与 --gpus 一起使用</translation>
    </message>
    <message>
        <source>sweep: --scaling must be fixed-batch or fixed-micro-batches</source>
        <translation>sweep：--scaling 必须是 fixed-batch 或 fixed-micro-batches</translation>
    </message>
    <message>
        <source>sweep: --gpus: </source>
        <translation>sweep：--gpus：</translation>
    </message>
    <message>
        <source>sweep: --micro-batches: </source>
        <translation>sweep：--micro-batches：</translation>
    </message>
    <message>
        <source>sweep: --hardware: unknown GPU preset &quot;%1&quot;</source>
        <translation>sweep：--hardware：未知的 GPU 预设“%1”</translation>
    </message>
    <message>
        <source>  (does not fit in memory)</source>
        <translation>  （显存放不下）</translation>
    </message>
    <message>
        <source>unknown command &quot;%1&quot; (see commtax --help)</source>
        <translation>未知命令“%1”（参见 commtax --help）</translation>
    </message>
    <message>
        <source>%1 needs a whole number from 1 to 1000000, not &quot;%2&quot;</source>
        <translation>%1 需要 1 到 1000000 之间的整数，而不是“%2”</translation>
    </message>
    <message numerus="yes">
        <source>%n ranks</source>
        <translation>
            <numerusform>%n 个 rank</numerusform>
        </translation>
    </message>
    <message>
        <source>unknown ranks</source>
        <translation>rank 数未知</translation>
    </message>
    <message>
        <source> (%1 per node)</source>
        <translation>（每节点 %1）</translation>
    </message>
    <message>
        <source>peak busbw</source>
        <translation>峰值 busbw</translation>
    </message>
    <message>
        <source> at </source>
        <translation> 位于 </translation>
    </message>
    <message>
        <source>plateau busbw</source>
        <translation>平台 busbw</translation>
    </message>
    <message>
        <source> (sizes &gt;= 256 MiB)</source>
        <translation>（大小 &gt;= 256 MiB）</translation>
    </message>
    <message>
        <source>not reached (no size &gt;= 256 MiB)</source>
        <translation>未达到（没有 &gt;= 256 MiB 的大小）</translation>
    </message>
    <message>
        <source>alpha-beta fit</source>
        <translation>alpha-beta 拟合</translation>
    </message>
    <message>
        <source>alpha %1, bandwidth %2 (busbw), rms residual %3%</source>
        <translation>alpha %1，带宽 %2 (busbw)，均方根残差 %3%</translation>
    </message>
    <message>
        <source>not measurable</source>
        <translation>无法测量</translation>
    </message>
    <message>
        <source>footer average</source>
        <translation>末尾平均值</translation>
    </message>
    <message>
        <source> (a mean over every size, not a peak)</source>
        <translation>（所有大小的平均值，而非峰值）</translation>
    </message>
    <message>
        <source>absent</source>
        <translation>无</translation>
    </message>
    <message>
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>%1 / %2: busbw %3, line rate %4, latency %5 us; %6 of %7 sizes &gt;20% below</source>
        <translation>%1 / %2：busbw %3，线速 %4，延迟 %5 us；%7 个大小中有 %6 个低于模型 20% 以上</translation>
    </message>
    <message>
        <source>no comparison</source>
        <translation>无比较</translation>
    </message>
    <message>
        <source>vs model</source>
        <translation>与模型比</translation>
    </message>
    <message>
        <source>
warnings:
</source>
        <translation>
警告：
</translation>
    </message>
    <message>
        <source>calibrate: --cluster needs a preset id</source>
        <translation>calibrate：--cluster 需要一个预设 id</translation>
    </message>
    <message>
        <source>calibrate takes one log file (or - for standard input)</source>
        <translation>calibrate 只接受一个日志文件（或用 - 表示标准输入）</translation>
    </message>
    <message>
        <source>calibrate: --nodes %1 is more than --ranks %2</source>
        <translation>calibrate：--nodes %1 大于 --ranks %2</translation>
    </message>
    <message>
        <source>%1: --table %2, but the log holds %3 result table(s)</source>
        <translation>%1：--table %2，但日志只有 %3 个结果表</translation>
    </message>
    <message>
        <source>report: give the output once (-o or --output, not both)</source>
        <translation>report：输出只能给一次（-o 或 --output，不能同时使用）</translation>
    </message>
    <message>
        <source>report compares %1 to %2 scenario files (got %3)</source>
        <translation>report 比较 %1 到 %2 个场景文件（实际 %3 个）</translation>
    </message>
    <message>
        <source>report: %1 is also an input (%2): refusing to overwrite it; choose another output file</source>
        <translation>report：%1 也是输入文件（%2）：拒绝覆盖；请选择其他输出文件</translation>
    </message>
    <message numerus="yes">
        <source>Wrote %1 (%n page(s))
</source>
        <translation>
            <numerusform>已写入 %1（%n 页）
</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Wrote %1 (%n plan(s))
</source>
        <translation>
            <numerusform>已写入 %1（%n 个方案）
</numerusform>
        </translation>
    </message>
    <message>
        <source>Show this command&apos;s usage and exit.</source>
        <translation>显示此命令的用法并退出。</translation>
    </message>
    <message>
        <source>unknown option %1</source>
        <translation>未知选项 %1</translation>
    </message>
    <message>
        <source>Usage: commtax %1 %2
</source>
        <translation>用法：commtax %1 %2
</translation>
    </message>
    <message>
        <source>
Exit status: 0 success, 1 bad input (file, plan, preset), 2 bad usage.
</source>
        <translation>
退出状态：0 成功，1 输入错误（文件、方案、预设），2 用法错误。
</translation>
    </message>
    <message>
        <source>Evaluate one scenario (&quot;-&quot;: read it from standard input): a table of its figures, or the JSON metrics.</source>
        <translation>评估一个场景（&quot;-&quot;：从标准输入读取）：输出指标表格或 JSON 指标。</translation>
    </message>
    <message>
        <source>Print every metric as JSON (locale-independent).</source>
        <translation>以 JSON 输出全部指标（与区域设置无关）。</translation>
    </message>
    <message>
        <source>[--json]</source>
        <translation>[--json]</translation>
    </message>
    <message>
        <source>List the built-in models, GPUs and clusters.</source>
        <translation>列出内置的模型、GPU 和集群。</translation>
    </message>
    <message>
        <source>Print the presets as JSON, with every value&apos;s kind and source.</source>
        <translation>以 JSON 输出预设，并附每个值的类型和来源。</translation>
    </message>
    <message>
        <source>FILE|- (--gpus LIST|default | --micro-batches LIST | --hardware IDS|all) [options]</source>
        <translation>FILE|- (--gpus LIST|default | --micro-batches LIST | --hardware IDS|all) [选项]</translation>
    </message>
    <message>
        <source>Evaluate the scenario over GPU counts, micro-batch counts or GPU presets.</source>
        <translation>在一系列 GPU 数量、微批次数或 GPU 预设上评估场景。</translation>
    </message>
    <message>
        <source>LIST|default</source>
        <translation>LIST|default</translation>
    </message>
    <message>
        <source>GPU counts, comma-separated, or &quot;default&quot; (8 to 16384).</source>
        <translation>GPU 数量，以逗号分隔，或 &quot;default&quot;（8 到 16384）。</translation>
    </message>
    <message>
        <source>LIST</source>
        <translation>LIST</translation>
    </message>
    <message>
        <source>Micro-batch counts per pipeline, comma-separated.</source>
        <translation>每条流水线的微批次数，以逗号分隔。</translation>
    </message>
    <message>
        <source>IDS|all</source>
        <translation>IDS|all</translation>
    </message>
    <message>
        <source>GPU preset ids, comma-separated, or &quot;all&quot;; each on its default cluster.</source>
        <translation>GPU 预设 ID，以逗号分隔，或 &quot;all&quot;；每种 GPU 使用其默认集群。</translation>
    </message>
    <message>
        <source>MODE</source>
        <translation>MODE</translation>
    </message>
    <message>
        <source>With --gpus: fixed-batch (the default) or fixed-micro-batches.</source>
        <translation>与 --gpus 一起使用：fixed-batch（默认）或 fixed-micro-batches。</translation>
    </message>
    <message>
        <source>Print JSON.</source>
        <translation>输出 JSON。</translation>
    </message>
    <message>
        <source>Print CSV.</source>
        <translation>输出 CSV。</translation>
    </message>
    <message>
        <source>unknown option %1 (see commtax --help)</source>
        <translation>未知选项 %1（参见 commtax --help）</translation>
    </message>
    <message>
        <source>the desktop app opens one plan file, not %1</source>
        <translation>桌面应用只能打开一个方案文件，而不是 %1 个</translation>
    </message>
    <message>
        <source>Read an nccl-tests or rccl-tests log (&quot;-&quot;: standard input), fit it and compare it with the model on a cluster preset.</source>
        <translation>读取 nccl-tests 或 rccl-tests 日志（&quot;-&quot;：标准输入），进行拟合，并与集群预设上的模型比较。</translation>
    </message>
    <message>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <source>The number of ranks, when the log does not say.</source>
        <translation>rank 数（日志未给出时）。</translation>
    </message>
    <message>
        <source>The number of nodes, when the log does not say.</source>
        <translation>节点数（日志未给出时）。</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>The cluster preset to compare with (default: the one of the log&apos;s GPU).</source>
        <translation>用于比较的集群预设（默认：日志中 GPU 所属的集群）。</translation>
    </message>
    <message>
        <source>Which result table of the log to calibrate (default 1).</source>
        <translation>校准日志中的第几个结果表（默认 1）。</translation>
    </message>
    <message>
        <source>OUT</source>
        <translation>OUT</translation>
    </message>
    <message>
        <source>The output file; its suffix chooses the format; &quot;-&quot; writes to standard output.</source>
        <translation>输出文件，其后缀决定格式；&quot;-&quot; 写到标准输出。</translation>
    </message>
    <message>
        <source>The same as -o.</source>
        <translation>与 -o 相同。</translation>
    </message>
    <message>
        <source>FORMAT</source>
        <translation>FORMAT</translation>
    </message>
    <message>
        <source>report: standard input (-) can be read once only</source>
        <translation>report：标准输入（-）只能读取一次</translation>
    </message>
    <message>
        <source>report: cannot write to standard output</source>
        <translation>report：无法写入标准输出</translation>
    </message>
    <message>
        <source>FILE|- [--json] [--uncertainty [--samples N] [--seed S]]</source>
        <translation>FILE|- [--json] [--uncertainty [--samples N] [--seed S]]</translation>
    </message>
    <message>
        <source>as-given (the default), gpus, budget or time: what the plans are made equal in; &quot;,best-layout&quot; (or best-layout alone) gives each plan the search&apos;s best layout on its own hardware first.</source>
        <translation>as-given（默认）、gpus、budget 或 time：各方案按哪一项对齐；加上 &quot;,best-layout&quot;（或单独使用 best-layout）时，先为每个方案在其自身硬件上采用布局搜索得到的最佳并行布局。</translation>
    </message>
    <message>
        <source>OBJECTIVE</source>
        <translation>OBJECTIVE</translation>
    </message>
    <message>
        <source>time (the default), cost or tco: what best-layout optimises.</source>
        <translation>time（默认）、cost 或 tco：best-layout 优化的目标。</translation>
    </message>
    <message>
        <source>report: --normalize must be as-given, gpus, budget or time, best-layout, or one of the four and best-layout (gpus,best-layout)</source>
        <translation>report：--normalize 必须是 as-given、gpus、budget、time、best-layout，或前四者之一加 best-layout（如 gpus,best-layout）</translation>
    </message>
    <message>
        <source>report: --objective must be time, cost or tco</source>
        <translation>report：--objective 必须是 time、cost 或 tco</translation>
    </message>
    <message>
        <source>report: --objective chooses the best layout: it needs --normalize best-layout</source>
        <translation>report：--objective 用于选择最佳布局：需要同时指定 --normalize best-layout</translation>
    </message>
    <message>
        <source>Add P10/P50/P90 of the key figures and the one-at-a-time tornado.</source>
        <translation>增加关键指标的 P10/P50/P90 以及单因素龙卷风图。</translation>
    </message>
    <message>
        <source>Latin hypercube samples (with --uncertainty).</source>
        <translation>拉丁超立方抽样的样本数（与 --uncertainty 一起使用）。</translation>
    </message>
    <message>
        <source>Random seed (with --uncertainty); the same seed gives the same numbers.</source>
        <translation>随机种子（与 --uncertainty 一起使用）；相同的种子给出相同的数值。</translation>
    </message>
    <message>
        <source>--samples and --seed go with --uncertainty</source>
        <translation>--samples 和 --seed 需与 --uncertainty 一起使用</translation>
    </message>
    <message>
        <source>--seed must be a whole number from 0 to %1 (got &quot;%2&quot;)</source>
        <translation>--seed 必须是 0 到 %1 之间的整数（实际为 &quot;%2&quot;）</translation>
    </message>
    <message>
        <source>Uncertainty: %1 samples (Latin hypercube, seed %2) over %3 uncertain inputs</source>
        <translation>不确定性：%1 个样本（拉丁超立方抽样，种子 %2），覆盖 %3 个不确定输入</translation>
    </message>
    <message>
        <source>  %1 samples were refused by the engine and left out</source>
        <translation>  有 %1 个样本被引擎拒绝，已剔除</translation>
    </message>
    <message>
        <source>metric</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>point</source>
        <translation>点估计</translation>
    </message>
    <message>
        <source>input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>input range</source>
        <translation>输入范围</translation>
    </message>
    <message>
        <source>at low</source>
        <translation>取低值时</translation>
    </message>
    <message>
        <source>at high</source>
        <translation>取高值时</translation>
    </message>
    <message>
        <source>swing</source>
        <translation>摆幅</translation>
    </message>
    <message>
        <source>Sensitivity of %1 (one input at a time from its low to its high end, largest swing first):</source>
        <translation>%1 的敏感性（每次只让一个输入从低端变到高端，按摆幅从大到小排列）：</translation>
    </message>
    <message>
        <source>(no uncertain input moves it)</source>
        <translation>（没有不确定输入会影响它）</translation>
    </message>
    <message>
        <source>CSV: start with a UTF-8 byte order mark, so that Excel reads the names right.</source>
        <translation>CSV：以 UTF-8 字节顺序标记（BOM）开头，使 Excel 正确读取名称。</translation>
    </message>
    <message>
        <source>report: --bom applies to CSV only</source>
        <translation>report：--bom 仅适用于 CSV</translation>
    </message>
    <message>
        <source>Random seed of the sensitivity section (default 1); the same seed gives the same numbers.</source>
        <translation>敏感性部分的随机种子（默认 1）；相同的种子给出相同的数值。</translation>
    </message>
    <message>
        <source>FILE|-... -o OUT.pdf|OUT.csv|OUT.json|OUT.xlsx|- [--format pdf|csv|json|xlsx] [--normalize as-given|gpus|budget|time[,best-layout]] [--objective time|cost|tco] [--bom] [--samples N] [--seed S]</source>
        <translation>FILE|-... -o OUT.pdf|OUT.csv|OUT.json|OUT.xlsx|- [--format pdf|csv|json|xlsx] [--normalize as-given|gpus|budget|time[,best-layout]] [--objective time|cost|tco] [--bom] [--samples N] [--seed S]</translation>
    </message>
    <message>
        <source>pdf, csv, json or xlsx, whatever the suffix (with -o -: csv unless given).</source>
        <translation>pdf、csv、json 或 xlsx，不论后缀（使用 -o - 时，未指定则为 csv）。</translation>
    </message>
    <message>
        <source>report: -o OUT.pdf|OUT.csv|OUT.json|OUT.xlsx is required</source>
        <translation>report：必须给出 -o OUT.pdf|OUT.csv|OUT.json|OUT.xlsx</translation>
    </message>
    <message>
        <source>report: --format must be pdf, csv, json or xlsx</source>
        <translation>report：--format 必须是 pdf、csv、json 或 xlsx</translation>
    </message>
    <message>
        <source>report: %1: the output must end in .pdf, .csv, .json or .xlsx</source>
        <translation>report：%1：输出文件必须以 .pdf、.csv、.json 或 .xlsx 结尾</translation>
    </message>
    <message>
        <source>Compare 2 to 8 scenarios (&quot;-&quot;: one read from standard input) as a PDF report, its table as CSV or JSON, or an Excel workbook (xlsx).</source>
        <translation>比较 2 到 8 个场景（&quot;-&quot;：其中一个从标准输入读取），生成 PDF 报告，以 CSV、JSON 输出其表格，或生成 Excel 工作簿（xlsx）。</translation>
    </message>
    <message>
        <source>--samples must be a whole number from %1 to %2 (got &quot;%3&quot;)</source>
        <translation>--samples 必须是 %1 到 %2 之间的整数（实际为 &quot;%3&quot;）</translation>
    </message>
    <message>
        <source>invalid: %1</source>
        <translation>无效：%1</translation>
    </message>
    <message>
        <source>Scenario: %1</source>
        <translation>场景：%1</translation>
    </message>
    <message>
        <source>(unnamed)</source>
        <translation>（未命名）</translation>
    </message>
    <message>
        <source>Model %1 (%2 parameters) on %3 x %4 (%5 nodes x %6), tp=%7 pp=%8 dp=%9</source>
        <translation>模型 %1（%2 参数），%3 张 %4（%5 节点 × 每节点 %6 张），tp=%7 pp=%8 dp=%9</translation>
    </message>
    <message>
        <source> ep=%1 etp=%2 (%3 active parameters)</source>
        <translation> ep=%1 etp=%2（激活参数 %3）</translation>
    </message>
    <message>
        <source>Fits in memory</source>
        <translation>显存放得下</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>No warnings.</source>
        <translation>无警告。</translation>
    </message>
    <message>
        <source>WARNING: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message numerus="yes">
        <source>, %n node(s)</source>
        <translation>
            <numerusform>，%n 个节点</numerusform>
        </translation>
    </message>
    <message>
        <source>calibrated</source>
        <translation>已校准</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>无</translation>
    </message>
    <message>
        <source> (cluster preset %1)</source>
        <translation>（集群预设 %1）</translation>
    </message>
    <message>
        <source> (GPU preset %1)</source>
        <translation>（GPU 预设 %1）</translation>
    </message>
    <message>
        <source>presets</source>
        <translation>预设</translation>
    </message>
    <message>
        <source>Latin hypercube samples of the sensitivity section (default 2000; 0 leaves it out). The time grows with samples x plans: 1,000,000 samples of 8 plans take over a minute.</source>
        <translation>敏感性部分的拉丁超立方采样数（默认 2000；0 表示省略该部分）。耗时随采样数 × 方案数增长：8 个方案、1,000,000 个采样需要一分多钟。</translation>
    </message>
    <message>
        <source>%1 layers x %2, %3 heads (%4 kv), ffn %5, vocab %6%7; seq %8, micro %9, global %10; tp %11, pp %12, cp %13, dp %14 on %15 GPUs; %16, recompute %17</source>
        <translation>%1 层 x %2，%3 个注意力头（%4 个 kv），ffn %5，词表 %6%7；序列 %8，微批 %9，全局批 %10；tp %11，pp %12，cp %13，dp %14，共 %15 个 GPU；%16，重计算 %17</translation>
    </message>
    <message>
        <source>, %1 experts top-%2</source>
        <translation>，%1 个专家，top-%2</translation>
    </message>
    <message>
        <source>--training LOG... [--gpu ID] [--framework NAME] [--set [N:]PATH=VALUE]... [--save-preset ID] [--json]</source>
        <translation>--training LOG... [--gpu ID] [--framework NAME] [--set [N:]PATH=VALUE]... [--save-preset ID] [--json]</translation>
    </message>
    <message>
        <source>Read training logs (Megatron-LM, torchtitan, NeMo 2 / Megatron-Bridge, HF Trainer, DeepSpeed), compare each with the model and fit the cluster&apos;s compute efficiency across them.</source>
        <translation>读取训练日志（Megatron-LM、torchtitan、NeMo 2 / Megatron-Bridge、HF Trainer、DeepSpeed），将每份日志与模型比较，并用全部日志拟合集群的计算效率。</translation>
    </message>
    <message>
        <source>The files are training logs.</source>
        <translation>这些文件是训练日志。</translation>
    </message>
    <message>
        <source>The GPU preset the logs ran on (default: the one whose names the logs&apos; device lines match).</source>
        <translation>日志运行所用的 GPU 预设（默认：名称与日志设备行匹配的预设）。</translation>
    </message>
    <message>
        <source>NAME</source>
        <translation>NAME</translation>
    </message>
    <message>
        <source>megatron, torchtitan, nemo, megatron-bridge, hf-trainer or deepspeed (default: recognised from each log).</source>
        <translation>megatron、torchtitan、nemo、megatron-bridge、hf-trainer 或 deepspeed（默认：从每份日志识别）。</translation>
    </message>
    <message>
        <source>[N:]PATH=VALUE</source>
        <translation>[N:]PATH=VALUE</translation>
    </message>
    <message>
        <source>A value the log does not print (model.vocab=50304, training.tp=2, gpus=8); N: only for the Nth log. Repeatable.</source>
        <translation>日志未打印的值（model.vocab=50304、training.tp=2、gpus=8）；N: 仅用于第 N 份日志。可重复。</translation>
    </message>
    <message>
        <source>Save the fitted GPU preset under this id in the preset library.</source>
        <translation>以此 id 将拟合得到的 GPU 预设保存到预设库。</translation>
    </message>
    <message>
        <source>calibrate --training takes one or more log files</source>
        <translation>calibrate --training 需要一个或多个日志文件</translation>
    </message>
    <message>
        <source>calibrate: --framework must be megatron, torchtitan, nemo, megatron-bridge, hf-trainer, deepspeed or auto, not &quot;%1&quot;</source>
        <translation>calibrate: --framework 必须是 megatron、torchtitan、nemo、megatron-bridge、hf-trainer、deepspeed 或 auto，而不是 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>calibrate: --save-preset needs an id of 1 to 200 characters</source>
        <translation>calibrate: --save-preset 需要 1 到 200 个字符的 id</translation>
    </message>
    <message>
        <source>calibrate: --save-preset %1 is a built-in preset; choose another id</source>
        <translation>calibrate: --save-preset %1 是内置预设；请换一个 id</translation>
    </message>
    <message>
        <source>calibrate: --set %1: N must be a log&apos;s number, 1 to %2</source>
        <translation>calibrate: --set %1：N 必须是日志的序号，1 到 %2</translation>
    </message>
    <message>
        <source>calibrate: --set needs PATH=VALUE, not &quot;%1&quot;</source>
        <translation>calibrate: --set 需要 PATH=VALUE，而不是 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>calibrate: unknown GPU preset &quot;%1&quot; (commtax presets lists them)</source>
        <translation>calibrate: 未知的 GPU 预设 &quot;%1&quot;（commtax presets 会列出全部预设）</translation>
    </message>
    <message>
        <source>the log names no GPU</source>
        <translation>日志未指明 GPU</translation>
    </message>
    <message>
        <source>no GPU preset matches &quot;%1&quot;%2</source>
        <translation>没有 GPU 预设匹配 &quot;%1&quot;%2</translation>
    </message>
    <message>
        <source> (several do: %1)</source>
        <translation>（有多个匹配：%1）</translation>
    </message>
    <message>
        <source>; choose the GPU preset with --gpu ID</source>
        <translation>；请用 --gpu ID 选择 GPU 预设</translation>
    </message>
    <message>
        <source>the logs name different GPUs (%1): calibrate one cluster at a time, or choose with --gpu ID</source>
        <translation>这些日志指明了不同的 GPU（%1）：请一次校准一个集群，或用 --gpu ID 选择</translation>
    </message>
    <message>
        <source>the model refuses a plan read from the logs; nothing to fit</source>
        <translation>模型拒绝了从日志读取的方案；没有可拟合的内容</translation>
    </message>
    <message>
        <source>calibrate: the preset was not saved: %1</source>
        <translation>calibrate: 预设未保存：%1</translation>
    </message>
    <message>
        <source>plan</source>
        <translation>方案</translation>
    </message>
    <message>
        <source>&quot;%1&quot; matches no preset</source>
        <translation>&quot;%1&quot; 没有匹配的预设</translation>
    </message>
    <message>
        <source>&quot;%1&quot; matches %2</source>
        <translation>&quot;%1&quot; 匹配 %2</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>%1 on %2 (%3; %4)</source>
        <translation>%1，集群 %2（%3；%4）</translation>
    </message>
    <message>
        <source>chosen with --gpu</source>
        <translation>由 --gpu 选择</translation>
    </message>
    <message>
        <source>matched</source>
        <translation>按名称匹配</translation>
    </message>
    <message>
        <source>steps</source>
        <translation>步</translation>
    </message>
    <message>
        <source>%1 read in %2 run(s); median of %3 after %4 warm-up, %5 after events, %6 spikes; spread %7%</source>
        <translation>读取 %1 步，共 %2 次运行；去掉 %4 步预热、%5 步事件后步和 %6 个尖峰后取 %3 步的中位数；离散度 %7%</translation>
    </message>
    <message>
        <source>measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <source>predicted</source>
        <translation>预测</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>left out</source>
        <translation>留一验证</translation>
    </message>
    <message>
        <source>%1 (%2), factor %3 fitted on the other logs</source>
        <translation>%1（%2），因子 %3 由其他日志拟合</translation>
    </message>
    <message>
        <source>peak memory</source>
        <translation>峰值显存</translation>
    </message>
    <message>
        <source>given</source>
        <translation>手动给出</translation>
    </message>
    <message>
        <source>line %1: </source>
        <translation>第 %1 行：</translation>
    </message>
    <message numerus="yes">
        <source>fit on %n log(s)</source>
        <translation>
            <numerusform>基于 %n 份日志的拟合</numerusform>
        </translation>
    </message>
    <message>
        <source>factor</source>
        <translation>因子</translation>
    </message>
    <message>
        <source>%1 on the compute efficiency of %2 (%3 -&gt; %4), bounds %5-%6%7</source>
        <translation>%1，作用于 %2 的计算效率（%3 -&gt; %4），范围 %5-%6%7</translation>
    </message>
    <message>
        <source> (at its bound)</source>
        <translation>（已到边界）</translation>
    </message>
    <message>
        <source>comm factor</source>
        <translation>通信因子</translation>
    </message>
    <message>
        <source>%1 on the achievable NVLink and network bandwidth, bounds %2-%3%4</source>
        <translation>%1，作用于 NVLink 与网络的可达带宽，范围 %2-%3%4</translation>
    </message>
    <message>
        <source>mean |error|</source>
        <translation>平均 |误差|</translation>
    </message>
    <message>
        <source>before %1%, after %2%, left out %3</source>
        <translation>拟合前 %1%，拟合后 %2%，留一验证 %3</translation>
    </message>
    <message>
        <source>- (one log)</source>
        <translation>-（仅一份日志）</translation>
    </message>
    <message>
        <source>pinned</source>
        <translation>已确定</translation>
    </message>
    <message>
        <source>not pinned</source>
        <translation>未确定</translation>
    </message>
    <message>
        <source>saved</source>
        <translation>已保存</translation>
    </message>
    <message>
        <source>GPU preset %1 in the preset library</source>
        <translation>预设库中的 GPU 预设 %1</translation>
    </message>
    <message>
        <source>%1 GiB; the model&apos;s %2 GB (GiB) per GPU</source>
        <translation>%1 GiB；模型估计每个 GPU %2 GB（GiB）</translation>
    </message>
    <message>
        <source>%1:%2:1: no step time left after warm-up (the log gives samples per second but not train_batch_size, and no time stamps)</source>
        <translation>%1:%2:1：去掉预热后没有剩余的步时（日志给出了每秒样本数，但没有 train_batch_size，也没有时间戳）</translation>
    </message>
    <message>
        <source>%1:%2:1: no step time left after warm-up (the log gives tokens per second but not the batch, the sequence length or the mesh, and no time stamps)</source>
        <translation>%1:%2:1：去掉预热后没有剩余的步时（日志给出了每秒 token 数，但没有批大小、序列长度或设备网格，也没有时间戳）</translation>
    </message>
    <message>
        <source>Usage: commtax [QT-OPTIONS] [FILE]      start the desktop app (opening the plan FILE)
       commtax evaluate FILE [--json]   evaluate one scenario: a table, or the JSON metrics
                     [--uncertainty [--samples N] [--seed S]]   P10/P50/P90 and the tornado
       commtax presets [--json]         list the built-in models, GPUs and clusters
       commtax sweep FILE (--gpus LIST|default | --micro-batches LIST | --hardware IDS|all)
                     [--scaling fixed-batch|fixed-micro-batches] [--json|--csv]
       commtax report FILE... -o OUT.pdf|OUT.csv|OUT.json|OUT.xlsx|- [--format pdf|csv|json|xlsx]
                     [--normalize gpus|budget|time[,best-layout]] [--objective time|cost|tco] [--bom]
       commtax calibrate LOG|- [--ranks N] [--nodes N] [--cluster ID] [--table N] [--json]
                     [--gpu ID]
       commtax calibrate --training LOG... [--gpu ID]
             [--framework NAME] [--set [N:]PATH=VALUE]
             [--save-preset ID] [--json]
       commtax search FILE [--gpus N|LIST|MIN-MAX] [--hardware IDS|all] [--objective time|cost|tco]
                     [--tokens-per-step N|MIN-MAX] [--max-gpus N] [--budget USD] [--deadline-days D]
                     [--top N] [--json|--csv] [--emit-best OUT.json]   the best parallel layouts and the Pareto front
       commtax launch FILE --for megatron|megatron-bridge|nemo|deepspeed|torchtitan [-o OUT|-]
                                 the framework&apos;s arguments or config for the scenario&apos;s layout
       commtax COMMAND --help           the usage and options of one command
       commtax --version | --help
A FILE of &quot;-&quot; reads the scenario from standard input; &quot;-o -&quot; writes to standard output.
QT-OPTIONS go to Qt when the desktop app starts: -platform NAME, -style NAME, -reverse...
Exit status: 0 success, 1 bad input (file, plan, preset), 2 bad usage.
</source>
        <translation>用法：commtax [QT-OPTIONS] [FILE]      启动桌面应用（打开方案文件 FILE）
       commtax evaluate FILE [--json]   评估一个场景：输出表格或 JSON 指标
                     [--uncertainty [--samples N] [--seed S]]   P10/P50/P90 与龙卷风图
       commtax presets [--json]         列出内置的模型、GPU 和集群
       commtax sweep FILE (--gpus LIST|default | --micro-batches LIST | --hardware IDS|all)
                     [--scaling fixed-batch|fixed-micro-batches] [--json|--csv]
       commtax report FILE... -o OUT.pdf|OUT.csv|OUT.json|OUT.xlsx|- [--format pdf|csv|json|xlsx]
                     [--normalize gpus|budget|time[,best-layout]] [--objective time|cost|tco] [--bom]
       commtax calibrate LOG|- [--ranks N] [--nodes N] [--cluster ID] [--table N] [--json]
                     [--gpu ID]
       commtax calibrate --training LOG... [--gpu ID]
             [--framework NAME] [--set [N:]PATH=VALUE]
             [--save-preset ID] [--json]
       commtax search FILE [--gpus N|LIST|MIN-MAX] [--hardware IDS|all] [--objective time|cost|tco]
                     [--tokens-per-step N|MIN-MAX] [--max-gpus N] [--budget USD] [--deadline-days D]
                     [--top N] [--json|--csv] [--emit-best OUT.json]   最佳并行布局与帕累托前沿
       commtax launch FILE --for megatron|megatron-bridge|nemo|deepspeed|torchtitan [-o OUT|-]
                                 该框架运行场景布局所需的参数或配置
       commtax COMMAND --help           某个命令的用法与选项
       commtax --version | --help
FILE 为 &quot;-&quot; 时从标准输入读取场景；&quot;-o -&quot; 写到标准输出。
QT-OPTIONS 在桌面应用启动时交给 Qt：-platform NAME、-style NAME、-reverse……
退出状态：0 成功，1 输入错误（文件、方案、预设），2 用法错误。
</translation>
    </message>
    <message>
        <source>  Warning: </source>
        <translation>  警告：</translation>
    </message>
    <message>
        <source>LOG|- [--ranks N] [--nodes N] [--cluster ID] [--gpu ID] [--table N] [--json]</source>
        <translation>LOG|- [--ranks N] [--nodes N] [--cluster ID] [--gpu ID] [--table N] [--json]</translation>
    </message>
    <message>
        <source>The GPU preset (default: the one whose names the log&apos;s device list matches, else the cluster&apos;s).</source>
        <translation>GPU 预设（默认：名称与日志设备列表匹配的预设，否则用集群的默认 GPU）。</translation>
    </message>
    <message>
        <source>report: sampling %1% (%2 of %3 evaluations, %4 s; Ctrl+C stops)</source>
        <translation>report：正在抽样 %1%（%3 次计算中的 %2 次，%4 秒；按 Ctrl+C 停止）</translation>
    </message>
    <message>
        <source>report: interrupted while sampling (%1 of %2 evaluations); nothing was written</source>
        <translation>report：抽样时被中断（%2 次计算中已完成 %1 次）；未写入任何文件</translation>
    </message>
    <message>
        <source>evaluate: sampling %1% (%2 of %3 samples, %4 s; Ctrl+C stops)</source>
        <translation>evaluate：正在抽样 %1%（%3 个样本中的 %2 个，%4 秒；按 Ctrl+C 停止）</translation>
    </message>
    <message>
        <source>evaluate: interrupted while sampling (%1 of %2 samples)</source>
        <translation>evaluate：抽样时被中断（%2 个样本中已完成 %1 个）</translation>
    </message>
    <message>
        <source>FILE</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>A saved comparison (the Compare window&apos;s File &gt; Save comparison) instead of scenario files: its plans, plan A, normalisation and layouts (--normalize and --objective override them).</source>
        <translation>已保存的比较（比较窗口的“文件 &gt; 保存比较”），代替场景文件：使用其中的方案、方案 A、归一化方式和布局（--normalize 和 --objective 可覆盖它们）。</translation>
    </message>
    <message>
        <source>report: give a saved comparison (--comparison) or scenario files, not both</source>
        <translation>report：请给出已保存的比较（--comparison）或场景文件，不能同时给出</translation>
    </message>
    <message>
        <source>cannot write to standard output: %1</source>
        <translation>无法写入标准输出：%1</translation>
    </message>
    <message>
        <source>calibrate --training: standard input (-) is one log</source>
        <translation>calibrate --training：标准输入（-）只能是一个日志</translation>
    </message>
    <message>
        <source> [... %1 characters left out ...] </source>
        <translation> [……省略 %1 个字符……] </translation>
    </message>
</context>
<context>
    <name>commtax::ColumnEditor</name>
    <message>
        <source>The GPU of the selected plan, on that GPU&apos;s default cluster with its own compute efficiency</source>
        <translation>所选方案的 GPU，使用该 GPU 的默认集群及其自身的计算效率</translation>
    </message>
    <message>
        <source>GPUs of the selected plan, in whole nodes; dp follows (tp, pp and the global batch stay)</source>
        <translation>所选方案的 GPU 数量，按整节点计；dp 随之变化（tp、pp 和全局批大小不变）</translation>
    </message>
    <message>
        <source>buy</source>
        <translation>购买</translation>
    </message>
    <message>
        <source>rent</source>
        <translation>租用</translation>
    </message>
    <message>
        <source>Buy the cluster (capex, energy, upkeep) or rent it per GPU-hour</source>
        <translation>购买集群（资本支出、能耗、维护）或按 GPU 小时租用</translation>
    </message>
    <message>
        <source> USD/GPU-h</source>
        <translation> USD/GPU 小时</translation>
    </message>
    <message>
        <source>Rent per GPU-hour of the selected plan (rent mode)</source>
        <translation>所选方案每 GPU 小时的租金（租用模式）</translation>
    </message>
    <message>
        <source>Utilisation over the depreciation years (fraction, 0-1] of the selected plan (buy mode): idle hours still carry capital and upkeep</source>
        <translation>所选方案在折旧年限内的利用率（比例，0-1]，购买模式）：空闲时段仍承担资本成本和维护费</translation>
    </message>
    <message>
        <source>GPU:</source>
        <translation>GPU：</translation>
    </message>
    <message>
        <source>GPUs:</source>
        <translation>GPU 数量：</translation>
    </message>
    <message>
        <source>Economics:</source>
        <translation>经济性：</translation>
    </message>
    <message>
        <source>Utilisation:</source>
        <translation>利用率：</translation>
    </message>
    <message>
        <source>GPU of %1</source>
        <translation>%1 的 GPU</translation>
    </message>
    <message>
        <source>GPU count of %1</source>
        <translation>%1 的 GPU 数量</translation>
    </message>
    <message>
        <source>Economics of %1</source>
        <translation>%1 的经济性</translation>
    </message>
    <message>
        <source>Rent of %1</source>
        <translation>%1 的租金</translation>
    </message>
    <message>
        <source>Utilisation of %1</source>
        <translation>%1 的利用率</translation>
    </message>
    <message>
        <source>Column %1:</source>
        <translation>第 %1 列：</translation>
    </message>
    <message>
        <source>Select a column to edit its plan.</source>
        <translation>选择一列以编辑其方案。</translation>
    </message>
    <message>
        <source>unknown GPU preset &quot;%1&quot;</source>
        <translation>未知的 GPU 预设“%1”</translation>
    </message>
    <message>
        <source>%1 GPUs: %2</source>
        <translation>%1 个 GPU：%2</translation>
    </message>
    <message>
        <source>The name of the selected plan: its column, and the report&apos;s PDF, XLSX and CSV</source>
        <translation>所选方案的名称：用于其列以及报告的 PDF、XLSX 和 CSV</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <source>Name of %1</source>
        <translation>%1 的名称</translation>
    </message>
</context>
<context>
    <name>commtax::CommTaxChart</name>
    <message>
        <source>Comm tax vs GPU count</source>
        <translation>通信税与 GPU 数</translation>
    </message>
    <message>
        <source>GPUs (log scale; tp and pp kept, global batch fixed)</source>
        <translation>GPU 数（对数刻度；tp 和 pp 不变，全局批大小固定）</translation>
    </message>
    <message>
        <source>Exposed comm tax (% of step)</source>
        <translation>暴露的通信税（占步时 %）</translation>
    </message>
    <message>
        <source>30% rule of thumb</source>
        <translation>30% 经验阈值</translation>
    </message>
    <message>
        <source>does not fit in memory</source>
        <translation>显存放不下</translation>
    </message>
    <message>
        <source>This plan</source>
        <translation>本方案</translation>
    </message>
    <message>
        <source> (does not fit)</source>
        <translation>（显存放不下）</translation>
    </message>
    <message>
        <source>%1: %2 GPUs, comm tax %3 of the step (exposed)</source>
        <translation>%1：%2 个 GPU，通信税占步时 %3（暴露）</translation>
    </message>
    <message>
        <source>%1: %2 GPUs, does not fit in memory (comm tax would be %3)</source>
        <translation>%1：%2 个 GPU，显存放不下（通信税将为 %3）</translation>
    </message>
    <message>
        <source>This plan: %1 GPUs, %2</source>
        <translation>本方案：%1 个 GPU，%2</translation>
    </message>
    <message>
        <source>This plan: %1 GPUs, comm tax %2 exposed, %3 raw%4</source>
        <translation>本方案：%1 个 GPU，通信税暴露 %2，原始 %3%4</translation>
    </message>
    <message>
        <source>; does not fit in memory</source>
        <translation>；显存放不下</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>This plan (%1)</source>
        <translation>本方案（%1）</translation>
    </message>
    <message>
        <source>%1 from %2 at %3 GPUs to %4 at %5 GPUs</source>
        <translation>%1：%3 个 GPU 时 %2，%5 个 GPU 时 %4</translation>
    </message>
    <message>
        <source>this plan %1 at %2 GPUs</source>
        <translation>本方案 %2 个 GPU 时为 %1</translation>
    </message>
    <message>
        <source>no point for this plan</source>
        <translation>本方案无数据点</translation>
    </message>
    <message>
        <source>Exposed comm tax, %1 of the step (raw %2)%3. %4.</source>
        <translation>暴露的通信税占步时 %1（原始 %2）%3。%4。</translation>
    </message>
    <message>
        <source>, does not fit in memory</source>
        <translation>，显存放不下</translation>
    </message>
    <message>
        <source>; </source>
        <translation>；</translation>
    </message>
</context>
<context>
    <name>commtax::ComparisonCharts</name>
    <message>
        <source>Step time breakdown</source>
        <translation>单步时间分解</translation>
    </message>
    <message>
        <source>Cost per billion tokens</source>
        <translation>每十亿 token 成本</translation>
    </message>
    <message>
        <source>Days to train</source>
        <translation>训练天数</translation>
    </message>
    <message>
        <source>TCO of the training run</source>
        <translation>训练任务的总拥有成本 (TCO)</translation>
    </message>
    <message>
        <source>Break-even GPU price</source>
        <translation>盈亏平衡 GPU 价格</translation>
    </message>
    <message>
        <source>Buying against renting</source>
        <translation>购买与租用</translation>
    </message>
    <message>
        <source>invalid plan</source>
        <translation>无效方案</translation>
    </message>
    <message>
        <source>does not fit
in memory</source>
        <translation>显存
放不下</translation>
    </message>
    <message>
        <source>Break-even GPU price against %1 (A)</source>
        <translation>相对 %1 (A) 的盈亏平衡 GPU 价格</translation>
    </message>
    <message>
        <source>GPU price (% of today&apos;s price; circle: today, diamond: break-even)</source>
        <translation>GPU 价格（占当前价格的 %；圆点：当前，菱形：盈亏平衡）</translation>
    </message>
    <message>
        <source>Cost per billion tokens (USD)</source>
        <translation>每十亿 token 成本 (USD)</translation>
    </message>
    <message>
        <source>Plan A (%1) does not run: no price can match it</source>
        <translation>方案 A（%1）无法运行：没有价格能与之持平</translation>
    </message>
    <message>
        <source>%1 (A) today: %2</source>
        <translation>%1 (A) 当前：%2</translation>
    </message>
    <message>
        <source>%1: matches A at %2%3</source>
        <translation>%1：在 %2%3 时与 A 持平</translation>
    </message>
    <message>
        <source>%1: dearer even with free GPUs</source>
        <translation>%1：即使 GPU 免费也更贵</translation>
    </message>
    <message>
        <source>No other plan runs: nothing to compare with A</source>
        <translation>没有其他可运行的方案：无法与 A 比较</translation>
    </message>
    <message>
        <source>Months of use</source>
        <translation>使用月数</translation>
    </message>
    <message>
        <source>Cumulative cost (USD millions)</source>
        <translation>累计成本（百万 USD）</translation>
    </message>
    <message>
        <source>No bought plan against a rented one in this comparison</source>
        <translation>此比较中没有购买方案与租用方案的对比</translation>
    </message>
    <message>
        <source>Buy %1: %2 up front</source>
        <translation>购买 %1：前期投入 %2</translation>
    </message>
    <message>
        <source>Rent: %1, for as many tokens</source>
        <translation>租用：%1，训练相同 token 数</translation>
    </message>
    <message>
        <source>buying is cheaper
after %1 months</source>
        <translation>%1 个月后
购买更划算</translation>
    </message>
    <message>
        <source>No plans to compare</source>
        <translation>没有可比较的方案</translation>
    </message>
    <message>
        <source>Step time (s)</source>
        <translation>单步时间 (s)</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Pipeline bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <source>TP comm (exposed)</source>
        <translation>TP 通信（暴露）</translation>
    </message>
    <message>
        <source>PP comm</source>
        <translation>PP 通信</translation>
    </message>
    <message>
        <source>DP comm (exposed)</source>
        <translation>DP 通信（暴露）</translation>
    </message>
    <message>
        <source>Overlap slowdown</source>
        <translation>重叠减速</translation>
    </message>
    <message>
        <source>Optimizer step</source>
        <translation>优化器步</translation>
    </message>
    <message>
        <source>USD per billion tokens</source>
        <translation>每十亿 token 的 USD</translation>
    </message>
    <message>
        <source>Days to train (wall clock, with goodput)</source>
        <translation>训练天数（墙钟时间，含有效训练率）</translation>
    </message>
    <message>
        <source>USD millions</source>
        <translation>百万 USD</translation>
    </message>
    <message>
        <source>Depreciation</source>
        <translation>折旧</translation>
    </message>
    <message>
        <source>Energy</source>
        <translation>能耗</translation>
    </message>
    <message>
        <source>Upkeep</source>
        <translation>维护</translation>
    </message>
    <message>
        <source>Rent</source>
        <translation>租金</translation>
    </message>
    <message>
        <source>None of the plans can run</source>
        <translation>没有方案可以运行</translation>
    </message>
    <message>
        <source>CP ring (exposed)</source>
        <translation>CP 环（暴露）</translation>
    </message>
    <message>
        <source>Expert all-to-all (exposed)</source>
        <translation>专家 all-to-all（暴露）</translation>
    </message>
    <message>
        <source>Sampling the ranges...</source>
        <translation>正在对取值范围抽样...</translation>
    </message>
    <message>
        <source>Sensitivity of the recommended plan (%1)</source>
        <translation>推荐方案的敏感性（%1）</translation>
    </message>
    <message>
        <source>No plan can run: nothing is recommended</source>
        <translation>没有可运行的方案：无推荐</translation>
    </message>
    <message>
        <source>Input at its low end</source>
        <translation>输入取低端</translation>
    </message>
    <message>
        <source>Input at its high end</source>
        <translation>输入取高端</translation>
    </message>
    <message>
        <source>No uncertain input moves the cost</source>
        <translation>没有不确定输入会影响成本</translation>
    </message>
    <message>
        <source>Cost per billion tokens: P10 to P90 (dot: P50)</source>
        <translation>每十亿 token 成本：P10 至 P90（圆点：P50）</translation>
    </message>
    <message>
        <source>continues: %1 at %2% of today&apos;s price</source>
        <translation>继续上升：在今日价格的 %2% 时为 %1</translation>
    </message>
</context>
<context>
    <name>commtax::ComparisonDocument</name>
    <message>
        <source>a comparison holds at most %1 plans; remove one first</source>
        <translation>一次比较最多 %1 个方案；请先移除一个</translation>
    </message>
    <message>
        <source>select the column of the plan to duplicate</source>
        <translation>请选中要复制的方案所在的列</translation>
    </message>
</context>
<context>
    <name>commtax::ComparisonTableModel</name>
    <message>
        <source>rent at %1 per GPU-hour</source>
        <translation>租用，每 GPU 小时 %1</translation>
    </message>
    <message>
        <source>buy, %1 years</source>
        <translation>购买，%1 年</translation>
    </message>
    <message>
        <source>does not fit in memory</source>
        <translation>显存放不下</translation>
    </message>
    <message>
        <source>as given</source>
        <translation>按原样</translation>
    </message>
    <message>
        <source>none (dearer even if free)</source>
        <translation>无（即使免费也更贵）</translation>
    </message>
    <message>
        <source>never (rent is cheaper)</source>
        <translation>从不（租用更便宜）</translation>
    </message>
    <message>
        <source>
Best of the plans that run</source>
        <translation>
可运行方案中的最佳</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>Layout</source>
        <translation>并行布局</translation>
    </message>
    <message>
        <source>Economics</source>
        <translation>经济性</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Normalisation</source>
        <translation>归一化</translation>
    </message>
    <message>
        <source>Break-even GPU price vs A</source>
        <translation>相对 A 的盈亏平衡 GPU 价格</translation>
    </message>
    <message>
        <source>Buying beats renting after</source>
        <translation>购买在此之后优于租用</translation>
    </message>
    <message>
        <source>invalid: %1</source>
        <translation>无效：%1</translation>
    </message>
    <message>
        <source>runs</source>
        <translation>可运行</translation>
    </message>
    <message>
        <source>reference (A)</source>
        <translation>参照（A）</translation>
    </message>
    <message>
        <source>reference (A); %1</source>
        <translation>参照（A）；%1</translation>
    </message>
    <message>
        <source>%1 months</source>
        <translation>%1 个月</translation>
    </message>
    <message>
        <source>%1 (%2); better: %3</source>
        <translation>%1（%2）；更优：%3</translation>
    </message>
    <message>
        <source>lower</source>
        <translation>越低越好</translation>
    </message>
    <message>
        <source>higher</source>
        <translation>越高越好</translation>
    </message>
    <message>
        <source>neither</source>
        <translation>无优劣</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>不适用</translation>
    </message>
    <message>
        <source>%1: not applicable (the plan does not train in FP8)</source>
        <translation>%1：不适用（该方案不以 FP8 训练）</translation>
    </message>
    <message>
        <source>a lower share of the GPU&apos;s usable memory</source>
        <translation>占 GPU 可用显存的比例更低</translation>
    </message>
    <message>
        <source>%1 (given in the plan)</source>
        <translation>%1（方案中给定）</translation>
    </message>
</context>
<context>
    <name>commtax::ComparisonView</name>
    <message>
        <source>Add plan file...</source>
        <translation>添加方案文件...</translation>
    </message>
    <message>
        <source>Add saved plan...</source>
        <translation>添加已保存的方案...</translation>
    </message>
    <message>
        <source>Remove plan</source>
        <translation>移除方案</translation>
    </message>
    <message>
        <source>Export report...</source>
        <translation>导出报告...</translation>
    </message>
    <message>
        <source>Normalise:</source>
        <translation>归一化：</translation>
    </message>
    <message>
        <source>Plan A:</source>
        <translation>方案 A：</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>Add at least %1 plans to compare.</source>
        <translation>请至少添加 %1 个方案进行比较。</translation>
    </message>
    <message>
        <source>Not normalised: </source>
        <translation>未归一化：</translation>
    </message>
    <message>
        <source>Add plan files</source>
        <translation>添加方案文件</translation>
    </message>
    <message>
        <source>Commtax scenarios (*.json)</source>
        <translation>Commtax 场景 (*.json)</translation>
    </message>
    <message>
        <source>Cannot add the plan</source>
        <translation>无法添加方案</translation>
    </message>
    <message>
        <source>No saved plans</source>
        <translation>没有已保存的方案</translation>
    </message>
    <message>
        <source>The preset library holds no saved plans yet (Tools &gt; Preset manager).</source>
        <translation>预设库中还没有已保存的方案（工具 &gt; 预设管理器）。</translation>
    </message>
    <message>
        <source>Add saved plan</source>
        <translation>添加已保存的方案</translation>
    </message>
    <message>
        <source>Plan:</source>
        <translation>方案：</translation>
    </message>
    <message>
        <source>cannot read the plan</source>
        <translation>无法读取方案</translation>
    </message>
    <message>
        <source>Layouts as given</source>
        <translation>按原样的并行布局</translation>
    </message>
    <message>
        <source>Best layout for time</source>
        <translation>时间最优的布局</translation>
    </message>
    <message>
        <source>Best layout for cost</source>
        <translation>成本最优的布局</translation>
    </message>
    <message>
        <source>Best layout for TCO</source>
        <translation>TCO 最优的布局</translation>
    </message>
    <message>
        <source>Give every plan the best parallel layout for this objective on its own GPU and cluster (the layout search); the table&apos;s notes name the layout, the runner-up and the margin</source>
        <translation>为每个方案在其自身的 GPU 和集群上采用该目标下的最佳并行布局（布局搜索）；表格的备注会列出所用布局、次优布局及两者差距</translation>
    </message>
    <message>
        <source>Add current plan</source>
        <translation>添加当前方案</translation>
    </message>
    <message>
        <source>Add the plan open in the editor, as it is now</source>
        <translation>按当前状态添加编辑器中打开的方案</translation>
    </message>
    <message>
        <source>Duplicate column</source>
        <translation>复制列</translation>
    </message>
    <message>
        <source>Add a copy of the plan whose column is selected, next to it</source>
        <translation>在选中列的旁边添加该列方案的副本</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Close this window (Esc)</source>
        <translation>关闭此窗口 (Esc)</translation>
    </message>
    <message>
        <source>Cannot duplicate the plan</source>
        <translation>无法复制方案</translation>
    </message>
    <message>
        <source>Sensitivity</source>
        <translation>敏感性</translation>
    </message>
    <message>
        <source>Sampling the input ranges...</source>
        <translation>正在对输入范围抽样...</translation>
    </message>
    <message>
        <source>Sensitivity is off.</source>
        <translation>敏感性分析已关闭。</translation>
    </message>
    <message>
        <source>Days to train, P10 - P90</source>
        <translation>训练天数，P10 - P90</translation>
    </message>
    <message>
        <source>USD per billion tokens, P10 - P90</source>
        <translation>每十亿 token 的 USD，P10 - P90</translation>
    </message>
    <message>
        <source>TCO of the run, P10 - P90</source>
        <translation>本次训练的 TCO，P10 - P90</translation>
    </message>
    <message>
        <source>Probability of being the cheapest</source>
        <translation>成本最低的概率</translation>
    </message>
    <message>
        <source>Probability of being the fastest</source>
        <translation>速度最快的概率</translation>
    </message>
    <message>
        <source>%1 Latin hypercube samples, seed %2; inputs the plans share are drawn together.</source>
        <translation>%1 个拉丁超立方样本，种子 %2；各方案共有的输入一起抽样。</translation>
    </message>
    <message>
        <source>Input break-evens</source>
        <translation>输入的盈亏平衡点</translation>
    </message>
    <message>
        <source>No single input within its field&apos;s limits makes another plan as cheap as the cheapest.</source>
        <translation>在字段取值范围内，没有任何单个输入能让其他方案与最便宜的方案一样便宜。</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <source>Break-even price</source>
        <translation>盈亏平衡价格</translation>
    </message>
    <message>
        <source>Buy or rent</source>
        <translation>购买或租用</translation>
    </message>
    <message>
        <source>Remove the plan whose column is selected in the table (click its header or a cell)</source>
        <translation>移除表格中选中列对应的方案（点击列标题或其中任一单元格选中）</translation>
    </message>
    <message>
        <source>Remove &quot;%1&quot; (column %2) from the comparison</source>
        <translation>从对比中移除“%1”（第 %2 列）</translation>
    </message>
    <message>
        <source>Add a copy of &quot;%1&quot; (column %2) next to it</source>
        <translation>在“%1”（第 %2 列）旁添加它的副本</translation>
    </message>
    <message>
        <source>Recommendation:</source>
        <translation>建议：</translation>
    </message>
    <message>
        <source>Fewer details</source>
        <translation>收起详情</translation>
    </message>
    <message>
        <source>Details (%1 more)</source>
        <translation>详情（另有 %1 条）</translation>
    </message>
    <message>
        <source>Show only the recommendation</source>
        <translation>只显示建议</translation>
    </message>
    <message>
        <source>Show the other findings of the comparison</source>
        <translation>显示比较的其他结论</translation>
    </message>
    <message>
        <source>Plan A: %1
The reference of the normalisation and of the break-even figures</source>
        <translation>方案 A：%1
归一化和盈亏平衡数据的参考</translation>
    </message>
    <message>
        <source>Resize every plan (keeping tp, pp and the global batch) to the reference plan&apos;s GPU count or capex, or to the fewest GPUs that train at least as fast as it (often faster: GPU counts come in whole nodes)</source>
        <translation>将每个方案（保持 tp、pp 和全局批大小）调整到参照方案的 GPU 数或资本支出，或调整到训练速度至少与之一样快的最少 GPU 数（往往更快：GPU 数以整节点为单位）</translation>
    </message>
    <message>
        <source>untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>%1[*] - Compare hardware - Commtax</source>
        <translation>%1[*] - 硬件对比 - Commtax</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open comparison...</source>
        <translation>打开比较(&amp;O)...</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Save comparison</source>
        <translation>保存比较(&amp;S)</translation>
    </message>
    <message>
        <source>Save comparison &amp;as...</source>
        <translation>比较另存为(&amp;A)...</translation>
    </message>
    <message>
        <source>&amp;Export report...</source>
        <translation>导出报告(&amp;E)...</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>关闭(&amp;C)</translation>
    </message>
    <message>
        <source>Cannot open the comparison</source>
        <translation>无法打开比较</translation>
    </message>
    <message>
        <source>(none yet)</source>
        <translation>（暂无）</translation>
    </message>
    <message>
        <source>Open comparison</source>
        <translation>打开比较</translation>
    </message>
    <message>
        <source>Commtax comparisons (*.json)</source>
        <translation>Commtax 比较 (*.json)</translation>
    </message>
    <message>
        <source>Cannot save the comparison</source>
        <translation>无法保存比较</translation>
    </message>
    <message>
        <source>Save comparison</source>
        <translation>保存比较</translation>
    </message>
    <message>
        <source>comparison.json</source>
        <translation>comparison.json</translation>
    </message>
    <message>
        <source>Save the comparison?</source>
        <translation>保存比较？</translation>
    </message>
    <message>
        <source>The comparison has changes that are not saved. Save them?</source>
        <translation>比较有尚未保存的更改。是否保存？</translation>
    </message>
    <message>
        <source>The comparison has changes that are not saved. Save them before closing?</source>
        <translation>比较有尚未保存的更改。关闭前是否保存？</translation>
    </message>
    <message>
        <source>Goals</source>
        <translation>目标</translation>
    </message>
    <message>
        <source> days</source>
        <translation> 天</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Deadline:</source>
        <translation>工期：</translation>
    </message>
    <message>
        <source>Days to train at most (none: no deadline)</source>
        <translation>最多训练天数（无：不设工期）</translation>
    </message>
    <message>
        <source>Capital:</source>
        <translation>资本：</translation>
    </message>
    <message>
        <source> M USD</source>
        <translation> 百万美元</translation>
    </message>
    <message>
        <source>Capital at most, in millions of USD, for a bought plan (none: no limit)</source>
        <translation>购买方案的资本上限，单位百万美元（无：不限）</translation>
    </message>
    <message>
        <source>Cost of the run:</source>
        <translation>训练成本：</translation>
    </message>
    <message>
        <source>The run&apos;s TCO at most, in millions of USD, bought or rented (none: no limit)</source>
        <translation>训练 TCO 上限，单位百万美元，购买或租用（无：不限）</translation>
    </message>
    <message>
        <source>P(meets deadline: %1 days)</source>
        <translation>P(按期完成：%1 天)</translation>
    </message>
    <message>
        <source>P(within budget)</source>
        <translation>P(不超预算)</translation>
    </message>
    <message>
        <source>%1 (library)</source>
        <translation>%1（库）</translation>
    </message>
    <message>
        <source>Save to &amp;library...</source>
        <translation>保存到库(&amp;L)...</translation>
    </message>
    <message>
        <source>Open from li&amp;brary</source>
        <translation>从库中打开(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Remove from library</source>
        <translation>从库中移除(&amp;R)</translation>
    </message>
    <message>
        <source>%1 (saved %2)</source>
        <translation>%1（保存于 %2）</translation>
    </message>
    <message>
        <source>Comparison</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>Save comparison to library</source>
        <translation>将对比保存到库</translation>
    </message>
    <message>
        <source>Name in the library:</source>
        <translation>库中的名称：</translation>
    </message>
    <message>
        <source>Replace the saved comparison?</source>
        <translation>替换已保存的对比？</translation>
    </message>
    <message>
        <source>The library already holds a comparison named &quot;%1&quot;. Replace it?</source>
        <translation>库中已有名为“%1”的对比。要替换它吗？</translation>
    </message>
    <message>
        <source>Remove the saved comparison?</source>
        <translation>移除已保存的对比？</translation>
    </message>
    <message>
        <source>Remove &quot;%1&quot; from the library? This cannot be undone.</source>
        <translation>从库中移除“%1”？此操作无法撤销。</translation>
    </message>
    <message>
        <source>Cannot remove the comparison</source>
        <translation>无法移除对比</translation>
    </message>
</context>
<context>
    <name>commtax::CostChart</name>
    <message>
        <source>Cost and time to train, per GPU</source>
        <translation>每种 GPU 的成本与训练时长</translation>
    </message>
    <message>
        <source>USD per billion tokens (blue)</source>
        <translation>每十亿 token 的 USD（蓝色）</translation>
    </message>
    <message>
        <source>Days to train (orange)</source>
        <translation>训练天数（橙色）</translation>
    </message>
    <message>
        <source>USD per billion tokens</source>
        <translation>每十亿 token 的 USD</translation>
    </message>
    <message>
        <source>hatched: does not fit in memory</source>
        <translation>斜线填充：显存放不下</translation>
    </message>
    <message>
        <source>Days to train</source>
        <translation>训练天数</translation>
    </message>
    <message>
        <source>%1: cannot run this layout (%2)</source>
        <translation>%1：无法运行此布局（%2）</translation>
    </message>
    <message>
        <source> n/a: cannot hold the layout</source>
        <translation> 不适用：无法容纳此布局</translation>
    </message>
    <message>
        <source>%1: %2 per billion tokens, %3 days to train</source>
        <translation>%1：每十亿 token %2，训练 %3 天</translation>
    </message>
    <message>
        <source>; does not fit in memory (%1 needed, %2 usable)</source>
        <translation>；显存放不下（需要 %1，可用 %2）</translation>
    </message>
    <message>
        <source> no fit</source>
        <translation> 放不下</translation>
    </message>
    <message>
        <source>This plan</source>
        <translation>本方案</translation>
    </message>
    <message>
        <source>%1 per billion tokens, %2 days for this plan</source>
        <translation>本方案每十亿 token %1，训练 %2 天</translation>
    </message>
    <message>
        <source>this plan cannot run</source>
        <translation>本方案无法运行</translation>
    </message>
    <message>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <source> This plan P10-P90: %1 to %2 per billion tokens, %3 to %4 days.</source>
        <translation> 本方案 P10-P90：每十亿 token %1 至 %2，%3 至 %4 天。</translation>
    </message>
</context>
<context>
    <name>commtax::Errors</name>
    <message>
        <source>tp=%1 does not divide heads=%2</source>
        <translation>tp=%1 不能整除 heads=%2</translation>
    </message>
    <message>
        <source>tp=%1 and kv_heads=%2: one must divide the other</source>
        <translation>tp=%1 与 kv_heads=%2：二者之一必须整除另一个</translation>
    </message>
    <message>
        <source>tp=%1 does not divide ffn=%2</source>
        <translation>tp=%1 不能整除 ffn=%2</translation>
    </message>
    <message>
        <source>first_stage_layers and last_stage_layers need pipeline parallelism (pp&gt;1); 0 is automatic</source>
        <translation>first_stage_layers 和 last_stage_layers 需要流水线并行（pp&gt;1）；0 表示自动</translation>
    </message>
    <message>
        <source>interleaving (vpp=%1) needs pipeline parallelism (pp&gt;1)</source>
        <translation>交错调度（vpp=%1）需要流水线并行（pp&gt;1）</translation>
    </message>
    <message>
        <source>tp*cp*pp*dp=%1*%2*%3*%4=%5 does not equal the cluster&apos;s %6 nodes x %7 GPUs=%8</source>
        <translation>tp*cp*pp*dp=%1*%2*%3*%4=%5，与集群的 %6 节点 x %7 GPU=%8 不相等</translation>
    </message>
    <message>
        <source>cp=%1 needs seq_len=%2 to divide by 2*cp=%3</source>
        <translation>cp=%1 要求 seq_len=%2 能被 2*cp=%3 整除</translation>
    </message>
    <message>
        <source>ep=%1 needs a mixture-of-experts model (experts &gt; 1)</source>
        <translation>ep=%1 需要混合专家（MoE）模型（experts &gt; 1）</translation>
    </message>
    <message>
        <source>ep=%1 does not divide experts=%2</source>
        <translation>ep=%1 不能整除 experts=%2</translation>
    </message>
    <message>
        <source>etp*ep=%1*%2 must divide tp*cp*dp=%3*%4*%5: the expert layers use the same GPUs as attention</source>
        <translation>etp*ep=%1*%2 必须整除 tp*cp*dp=%3*%4*%5：专家层与注意力层使用同一批 GPU</translation>
    </message>
    <message>
        <source>etp=%1 does not divide expert_ffn=%2</source>
        <translation>etp=%1 不能整除 expert_ffn=%2</translation>
    </message>
    <message>
        <source>etp=%1 does not divide expert_ffn=%2 (etp 0 follows tp)</source>
        <translation>etp=%1 不能整除 expert_ffn=%2（etp 为 0 时跟随 tp）</translation>
    </message>
    <message>
        <source>tp=%1 spans nodes, so it must be a multiple of gpus_per_node=%2</source>
        <translation>tp=%1 跨越节点，因此必须是 gpus_per_node=%2 的倍数</translation>
    </message>
    <message>
        <source>global_batch=%1 is not divisible by micro_batch*dp=%2*%3=%4</source>
        <translation>global_batch=%1 不能被 micro_batch*dp=%2*%3=%4 整除</translation>
    </message>
    <message>
        <source>interleaving needs the micro-batch count m=%1 to be a multiple of pp=%2</source>
        <translation>交错调度要求微批次数 m=%1 是 pp=%2 的倍数</translation>
    </message>
    <message>
        <source>must be a whole number from %1 to %2 (got %3)</source>
        <translation>必须是 %1 到 %2 之间的整数（当前为 %3）</translation>
    </message>
    <message>
        <source>must be from %1 to %2 (got %3)</source>
        <translation>必须在 %1 到 %2 之间（当前为 %3）</translation>
    </message>
    <message>
        <source>kv_heads=%1 must divide heads=%2</source>
        <translation>kv_heads=%1 必须整除 heads=%2</translation>
    </message>
    <message>
        <source>heads=%1 must divide hidden=%2 (or set head_dim)</source>
        <translation>heads=%1 必须整除 hidden=%2（或设置 head_dim）</translation>
    </message>
    <message>
        <source>mla needs kv_lora_rank of at least 1 (DeepSeek-V3: 512)</source>
        <translation>mla 要求 kv_lora_rank 至少为 1（DeepSeek-V3：512）</translation>
    </message>
    <message>
        <source>mla needs query/key heads: qk_nope_head_dim + qk_rope_head_dim of at least 1</source>
        <translation>mla 需要查询/键头：qk_nope_head_dim + qk_rope_head_dim 至少为 1</translation>
    </message>
    <message>
        <source>mla needs v_head_dim of at least 1 (DeepSeek-V3: 128)</source>
        <translation>mla 要求 v_head_dim 至少为 1（DeepSeek-V3：128）</translation>
    </message>
    <message>
        <source>experts_per_token=%1 must be from 1 to experts=%2</source>
        <translation>experts_per_token=%1 必须在 1 到 experts=%2 之间</translation>
    </message>
    <message>
        <source>a mixture-of-experts model needs expert_ffn of at least 1</source>
        <translation>混合专家（MoE）模型要求 expert_ffn 至少为 1</translation>
    </message>
    <message>
        <source>dense_layers=%1 is more than layers=%2</source>
        <translation>dense_layers=%1 超过了 layers=%2</translation>
    </message>
    <message>
        <source>must be greater than 0 when the cluster has more than one node (at least 1 Gb/s; got %1)</source>
        <translation>集群多于一个节点时必须大于 0（至少 1 Gb/s；当前为 %1）</translation>
    </message>
    <message>
        <source>fp8 needs a GPU with FP8 tensor cores; %1 has fp8_dense_tflops=0</source>
        <translation>fp8 需要带 FP8 张量核心的 GPU；%1 的 fp8_dense_tflops=0</translation>
    </message>
    <message>
        <source>must be 0 (no FP8) or at least 1 TFLOPS (got %1)</source>
        <translation>必须为 0（无 FP8）或至少 1 TFLOPS（当前为 %1）</translation>
    </message>
    <message>
        <source>must be 0 (unknown) or at least 1 GB/s (got %1)</source>
        <translation>必须为 0（未知）或至少 1 GB/s（当前为 %1）</translation>
    </message>
    <message>
        <source>must be greater than 0 in rent mode (got %1, and the GPU has no rent price of its own: gpu.rent_usd_per_hour=%2)</source>
        <translation>租用模式下必须大于 0（当前为 %1，且该 GPU 没有自带租金：gpu.rent_usd_per_hour=%2）</translation>
    </message>
    <message>
        <source>recompute_mla_up_proj needs multi-head latent attention (attention: mla)</source>
        <translation>recompute_mla_up_proj 需要多头潜在注意力（attention: mla）</translation>
    </message>
    <message>
        <source>recompute_mla_up_proj is a module of selective recompute: set recompute to selective</source>
        <translation>recompute_mla_up_proj 是选择性重计算的一个模块：请把 recompute 设为 selective</translation>
    </message>
    <message>
        <source>tp, cp and pp must be positive and small enough to multiply</source>
        <translation>tp、cp 和 pp 必须为正数，且乘积不能溢出</translation>
    </message>
    <message>
        <source>%1 GPUs do not divide into tp*cp*pp=%2</source>
        <translation>%1 张 GPU 不能被 tp*cp*pp=%2 整除</translation>
    </message>
    <message>
        <source>must be positive</source>
        <translation>必须为正数</translation>
    </message>
    <message>
        <source>%1 GPUs do not fill nodes of %2</source>
        <translation>%1 张 GPU 凑不成整数个每节点 %2 张 GPU 的节点</translation>
    </message>
    <message>
        <source>%1 micro-batches of %2 on dp=%3 do not fit a whole number of sequences per step</source>
        <translation>%1 个微批次 × 每微批次 %2 条序列 × dp=%3：每步序列数超出范围</translation>
    </message>
    <message>
        <source>%1 micro-batches do not fit a whole number of sequences per step</source>
        <translation>%1 个微批次：每步序列数超出范围</translation>
    </message>
    <message>
        <source>%1 GPUs is not a GPU count</source>
        <translation>%1 个 GPU 不是有效的 GPU 数</translation>
    </message>
    <message>
        <source>out of range</source>
        <translation>超出范围</translation>
    </message>
    <message>
        <source>must be 0 (use compute_efficiency) or at least 0.01 (got %1)</source>
        <translation>必须为 0（使用 compute_efficiency）或至少 0.01（当前为 %1）</translation>
    </message>
    <message>
        <source>%1 is a module of selective recompute: set recompute to selective</source>
        <translation>%1 是选择性重计算的模块：请把 recompute 设为 selective</translation>
    </message>
    <message>
        <source>offload_layers=%1 must be fewer than the fewest layers of a pipeline stage (%2): the last layer of each stage stays on the GPU</source>
        <translation>offload_layers=%1 必须少于流水线各阶段中最少的层数（%2）：每个阶段的最后一层留在 GPU 上</translation>
    </message>
    <message>
        <source>first_stage_layers=%1 with vpp=%2: the stage runs vpp chunks of at least one layer each but the one holding the embedding, so it needs at least vpp-1=%3 layers</source>
        <translation>first_stage_layers=%1，vpp=%2：该阶段运行 vpp 个块，除放嵌入层的那个块外每块至少一层，所以至少需要 vpp-1=%3 层</translation>
    </message>
    <message>
        <source>last_stage_layers=%1 with vpp=%2: the stage runs vpp chunks of at least one layer each but the one holding the loss, so it needs at least vpp-1=%3 layers</source>
        <translation>last_stage_layers=%1，vpp=%2：该阶段运行 vpp 个块，除放损失的那个块外每块至少一层，所以至少需要 vpp-1=%3 层</translation>
    </message>
    <message>
        <source>layers=%1 cannot fill pp*vpp=%2*%3=%4 pipeline chunks: every stage needs at least vpp layers</source>
        <translation>layers=%1 填不满 pp*vpp=%2*%3=%4 个流水线块：每个阶段至少需要 vpp 层</translation>
    </message>
    <message>
        <source>layers=%1 cannot fill pp*vpp=%2*%3=%4 pipeline chunks: they take at least pp*vpp-2=%5 layers, vpp on every middle stage and vpp-1 on the first and the last (a chunk for the embedding or the loss alone)</source>
        <translation>layers=%1 填不满 pp*vpp=%2*%3=%4 个流水线块：至少需要 pp*vpp-2=%5 层，每个中间阶段 vpp 层，第一个和最后一个阶段 vpp-1 层（嵌入层或损失单独占一个块）</translation>
    </message>
    <message>
        <source>first_stage_layers=%1 and last_stage_layers=%2 (0 = automatic) leave %3 of the %4 layers for the other %5 stages: with pp=2 the two must add up to the layers</source>
        <translation>first_stage_layers=%1 和 last_stage_layers=%2（0 = 自动）只给其余 %5 个阶段留下 %4 层中的 %3 层：pp=2 时二者之和必须等于总层数</translation>
    </message>
    <message>
        <source>first_stage_layers=%1 and last_stage_layers=%2 (0 = automatic) leave %3 of the %4 layers for the other %5 stages: a middle stage needs at least vpp=%6 layers, a first or last stage left automatic %7</source>
        <translation>first_stage_layers=%1 和 last_stage_layers=%2（0 = 自动）只给其余 %5 个阶段留下 %4 层中的 %3 层：中间阶段至少需要 vpp=%6 层，自动分配的第一个或最后一个阶段至少需要 %7 层</translation>
    </message>
    <message>
        <source>dp_shard=%1 does not divide dp=%2: a shard group holds dp_shard of the data-parallel ranks, and dp / dp_shard groups hold copies</source>
        <translation>dp_shard=%1 不能整除 dp=%2：一个分片组包含 dp_shard 个数据并行 rank，dp / dp_shard 个组各持一份副本</translation>
    </message>
    <message>
        <source>dp/dp_shard=%1 copies do not divide the experts&apos; data-parallel group tp*cp*dp/(etp*ep)=%2</source>
        <translation>dp/dp_shard=%1 份副本不能整除专家的数据并行组 tp*cp*dp/(etp*ep)=%2</translation>
    </message>
</context>
<context>
    <name>commtax::Fields</name>
    <message>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>Transformer layers (l)</source>
        <translation>Transformer 层数 (l)</translation>
    </message>
    <message>
        <source>Hidden size</source>
        <translation>隐藏层大小</translation>
    </message>
    <message>
        <source>Model width h</source>
        <translation>模型宽度 h</translation>
    </message>
    <message>
        <source>Attention heads</source>
        <translation>注意力头数</translation>
    </message>
    <message>
        <source>Query heads a; tp must divide it</source>
        <translation>查询头数 a；tp 必须整除它</translation>
    </message>
    <message>
        <source>KV heads (GQA)</source>
        <translation>KV 头数 (GQA)</translation>
    </message>
    <message>
        <source>Key/value heads g; equal to heads without grouped-query attention</source>
        <translation>键/值头数 g；不使用分组查询注意力时等于注意力头数</translation>
    </message>
    <message>
        <source>FFN size</source>
        <translation>FFN 大小</translation>
    </message>
    <message>
        <source>MLP inner size f</source>
        <translation>MLP 内部大小 f</translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation>词表</translation>
    </message>
    <message>
        <source>Vocabulary size V</source>
        <translation>词表大小 V</translation>
    </message>
    <message>
        <source>MLP</source>
        <translation>MLP</translation>
    </message>
    <message>
        <source>swiglu (Llama: 3*h*f parameters) or gelu (GPT: 2*h*f)</source>
        <translation>swiglu（Llama：3*h*f 个参数）或 gelu（GPT：2*h*f）</translation>
    </message>
    <message>
        <source>Tied embeddings</source>
        <translation>共享嵌入</translation>
    </message>
    <message>
        <source>Input and output embeddings share one V*h matrix</source>
        <translation>输入和输出嵌入共享一个 V*h 矩阵</translation>
    </message>
    <message>
        <source>BF16 dense peak (TFLOPS)</source>
        <translation>BF16 稠密峰值 (TFLOPS)</translation>
    </message>
    <message>
        <source>Dense BF16 tensor-core peak with FP32 accumulate (not the 2:4-sparse figure)</source>
        <translation>FP32 累加的 BF16 张量核心稠密峰值（不是 2:4 稀疏数字）</translation>
    </message>
    <message>
        <source>FP8 dense peak (TFLOPS)</source>
        <translation>FP8 稠密峰值 (TFLOPS)</translation>
    </message>
    <message>
        <source>Dense FP8 tensor-core peak; 0 when the GPU has no FP8</source>
        <translation>FP8 张量核心稠密峰值；GPU 不支持 FP8 时为 0</translation>
    </message>
    <message>
        <source>Memory (GB)</source>
        <translation>显存 (GB)</translation>
    </message>
    <message>
        <source>Device memory, 1 GB = 1e9 bytes</source>
        <translation>设备显存，1 GB = 1e9 字节</translation>
    </message>
    <message>
        <source>Memory bandwidth (GB/s)</source>
        <translation>显存带宽 (GB/s)</translation>
    </message>
    <message>
        <source>HBM/GDDR bandwidth; paces the optimizer step (0 leaves it out)</source>
        <translation>HBM/GDDR 带宽；决定优化器步的速度（0 表示不计入）</translation>
    </message>
    <message>
        <source>GPU-GPU in node (GB/s per direction)</source>
        <translation>节点内 GPU-GPU（单向 GB/s）</translation>
    </message>
    <message>
        <source>NVLink (or PCIe) bandwidth per GPU per direction, line rate</source>
        <translation>每 GPU 单向 NVLink（或 PCIe）带宽，线速</translation>
    </message>
    <message>
        <source>Intra-node efficiency</source>
        <translation>节点内效率</translation>
    </message>
    <message>
        <source>Achievable ring busbw over line rate (0-1]</source>
        <translation>可达到的 ring busbw 与线速之比 (0-1]</translation>
    </message>
    <message>
        <source>Intra-node step latency (us)</source>
        <translation>节点内单步延迟 (us)</translation>
    </message>
    <message>
        <source>Latency of one collective step inside a node (NCCL tuner: NVLink 3.4, PCIe 5.7)</source>
        <translation>节点内一次集合通信步骤的延迟（NCCL tuner：NVLink 3.4，PCIe 5.7）</translation>
    </message>
    <message>
        <source>NVLink (GPU fabric)</source>
        <translation>NVLink（GPU 互联）</translation>
    </message>
    <message>
        <source>The node has a GPU fabric (NVLink/NVSwitch, Infinity Fabric); false means PCIe only</source>
        <translation>节点具有 GPU 互联（NVLink/NVSwitch、Infinity Fabric）；false 表示仅 PCIe</translation>
    </message>
    <message>
        <source>P2P works</source>
        <translation>P2P 可用</translation>
    </message>
    <message>
        <source>Peer-to-peer copies work; false stages every transfer through host memory (half the bandwidth)</source>
        <translation>点对点拷贝可用；false 表示每次传输都经主机内存中转（带宽减半）</translation>
    </message>
    <message>
        <source>NVLS capable</source>
        <translation>支持 NVLS</translation>
    </message>
    <message>
        <source>NVLink SHARP (NVSwitch multicast): all-reduce busbw can exceed the link rate</source>
        <translation>NVLink SHARP（NVSwitch 多播）：all-reduce 的 busbw 可超过链路速率</translation>
    </message>
    <message>
        <source>Board power (W)</source>
        <translation>板卡功耗 (W)</translation>
    </message>
    <message>
        <source>Thermal design power per GPU</source>
        <translation>每 GPU 的热设计功耗</translation>
    </message>
    <message>
        <source>GPU price (USD)</source>
        <translation>GPU 价格 (USD)</translation>
    </message>
    <message>
        <source>Price per GPU (an editable default)</source>
        <translation>每 GPU 价格（可编辑的默认值）</translation>
    </message>
    <message>
        <source>Default compute efficiency</source>
        <translation>默认计算效率</translation>
    </message>
    <message>
        <source>Fraction of dense peak large GEMMs reach inside a training step</source>
        <translation>训练步中大型 GEMM 达到的稠密峰值比例</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点数</translation>
    </message>
    <message>
        <source>Servers in the cluster</source>
        <translation>集群中的服务器数</translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation>每节点 GPU 数</translation>
    </message>
    <message>
        <source>NIC per GPU (Gb/s)</source>
        <translation>每 GPU 网卡 (Gb/s)</translation>
    </message>
    <message>
        <source>Network line rate per GPU (rail-optimised); 400 Gb/s moves 50 GB/s</source>
        <translation>每 GPU 的网络线速（轨道优化）；400 Gb/s 即 50 GB/s</translation>
    </message>
    <message>
        <source>Network efficiency</source>
        <translation>网络效率</translation>
    </message>
    <message>
        <source>Achievable busbw over line rate (0-1]</source>
        <translation>可达到的 busbw 与线速之比 (0-1]</translation>
    </message>
    <message>
        <source>Network step latency (us)</source>
        <translation>网络单步延迟 (us)</translation>
    </message>
    <message>
        <source>Latency of one collective step across nodes (NCCL tuner: about 14 us)</source>
        <translation>跨节点一次集合通信步骤的延迟（NCCL tuner：约 14 us）</translation>
    </message>
    <message>
        <source>Spine oversubscription</source>
        <translation>脊层超售比</translation>
    </message>
    <message>
        <source>Leaf-to-spine oversubscription (1 = non-blocking); traffic of groups spanning nodes gets NIC bandwidth / this when the cluster has more nodes than one leaf serves (32)</source>
        <translation>叶-脊超售比（1 = 无阻塞）；当集群节点数超过一个叶交换机所服务的节点数 (32) 时，跨节点通信组获得的网卡带宽为原带宽 / 此值</translation>
    </message>
    <message>
        <source>Node price without GPUs (USD)</source>
        <translation>节点价格（不含 GPU，USD）</translation>
    </message>
    <message>
        <source>Server, CPUs, memory, NICs, without the GPUs</source>
        <translation>服务器、CPU、内存、网卡，不含 GPU</translation>
    </message>
    <message>
        <source>Network cost per GPU (USD)</source>
        <translation>每 GPU 网络成本 (USD)</translation>
    </message>
    <message>
        <source>Switches, optics and cables per GPU</source>
        <translation>每 GPU 分摊的交换机、光模块和线缆</translation>
    </message>
    <message>
        <source>Sequence length (tokens)</source>
        <translation>序列长度 (token)</translation>
    </message>
    <message>
        <source>Tokens per sequence s</source>
        <translation>每条序列的 token 数 s</translation>
    </message>
    <message>
        <source>Global batch (sequences)</source>
        <translation>全局批大小（序列）</translation>
    </message>
    <message>
        <source>Sequences per optimizer step B</source>
        <translation>每个优化器步的序列数 B</translation>
    </message>
    <message>
        <source>Micro-batch (sequences)</source>
        <translation>微批次（序列）</translation>
    </message>
    <message>
        <source>Sequences per micro-batch b</source>
        <translation>每个微批次的序列数 b</translation>
    </message>
    <message>
        <source>Tensor parallel (tp)</source>
        <translation>张量并行 (tp)</translation>
    </message>
    <message>
        <source>Tensor-parallel degree t; must divide heads</source>
        <translation>张量并行度 t；必须整除注意力头数</translation>
    </message>
    <message>
        <source>Pipeline parallel (pp)</source>
        <translation>流水线并行 (pp)</translation>
    </message>
    <message>
        <source>Pipeline stages p</source>
        <translation>流水线阶段数 p</translation>
    </message>
    <message>
        <source>Data parallel (dp)</source>
        <translation>数据并行 (dp)</translation>
    </message>
    <message>
        <source>Data-parallel degree d; tp*pp*dp = GPUs</source>
        <translation>数据并行度 d；tp*pp*dp = GPU 数</translation>
    </message>
    <message>
        <source>Interleaving (vpp)</source>
        <translation>交错 (vpp)</translation>
    </message>
    <message>
        <source>Virtual pipeline stages per GPU (1 = plain 1F1B)</source>
        <translation>每 GPU 的虚拟流水线阶段数（1 = 普通 1F1B）</translation>
    </message>
    <message>
        <source>First stage layers</source>
        <translation>首阶段层数</translation>
    </message>
    <message>
        <source>Last stage layers</source>
        <translation>末阶段层数</translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translation>ZeRO 阶段</translation>
    </message>
    <message>
        <source>0: DDP, 1: shard optimizer, 2: + gradients, 3: + weights</source>
        <translation>0：DDP，1：切分优化器状态，2：+ 梯度，3：+ 权重</translation>
    </message>
    <message>
        <source>Activation recompute</source>
        <translation>激活重计算</translation>
    </message>
    <message>
        <source>Sequence parallel</source>
        <translation>序列并行</translation>
    </message>
    <message>
        <source>Megatron sequence parallelism (shards norms and dropout over tp)</source>
        <translation>Megatron 序列并行（在 tp 上切分归一化和 dropout）</translation>
    </message>
    <message>
        <source>FlashAttention</source>
        <translation>FlashAttention</translation>
    </message>
    <message>
        <source>Fused attention: no s*s activations kept</source>
        <translation>融合注意力：不保存 s*s 激活</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>bf16 or fp8 matmuls (FP8 uses the FP8 dense peak)</source>
        <translation>bf16 或 fp8 矩阵乘（FP8 使用 FP8 稠密峰值）</translation>
    </message>
    <message>
        <source>Gradient bytes on the wire</source>
        <translation>梯度通信字节数</translation>
    </message>
    <message>
        <source>4 fp32 (default: Megatron-LM reduces bf16 gradients in fp32 unless --grad-reduce-in-bf16), 2 bf16, 1 fp8/int8 compression</source>
        <translation>4 fp32（默认：除非使用 --grad-reduce-in-bf16，Megatron-LM 以 fp32 归约 bf16 梯度），2 bf16，1 fp8/int8 压缩</translation>
    </message>
    <message>
        <source>DP overlap (0-1)</source>
        <translation>DP 重叠 (0-1)</translation>
    </message>
    <message>
        <source>Share of the last backward pass the gradient sync can hide under</source>
        <translation>梯度同步可隐藏于最后一次反向传播之下的比例</translation>
    </message>
    <message>
        <source>TP overlap (0-1)</source>
        <translation>TP 重叠 (0-1)</translation>
    </message>
    <message>
        <source>Tokens to train</source>
        <translation>训练 token 数</translation>
    </message>
    <message>
        <source>Training tokens of the whole run</source>
        <translation>整个训练任务的 token 数</translation>
    </message>
    <message>
        <source>Buy or rent</source>
        <translation>购买或租用</translation>
    </message>
    <message>
        <source>buy: capex + power + upkeep; rent: USD per GPU-hour</source>
        <translation>buy：资本支出 + 电力 + 维护；rent：每 GPU 小时的 USD</translation>
    </message>
    <message>
        <source>Depreciation (years)</source>
        <translation>折旧（年）</translation>
    </message>
    <message>
        <source>Straight-line depreciation, also the horizon of lifetime TCO</source>
        <translation>直线折旧，也是生命周期 TCO 的时间范围</translation>
    </message>
    <message>
        <source>PUE</source>
        <translation>PUE</translation>
    </message>
    <message>
        <source>Power usage effectiveness of the data centre (&gt;= 1)</source>
        <translation>数据中心的电能使用效率 (&gt;= 1)</translation>
    </message>
    <message>
        <source>Electricity (USD/kWh)</source>
        <translation>电价 (USD/kWh)</translation>
    </message>
    <message>
        <source>Price of energy</source>
        <translation>能源价格</translation>
    </message>
    <message>
        <source>Node power overhead</source>
        <translation>节点功耗开销</translation>
    </message>
    <message>
        <source>CPU, NICs, fans... as a fraction of GPU power</source>
        <translation>CPU、网卡、风扇……占 GPU 功耗的比例</translation>
    </message>
    <message>
        <source>Upkeep (% of capex per year)</source>
        <translation>维护（每年占资本支出的 %）</translation>
    </message>
    <message>
        <source>Support, spares and staff</source>
        <translation>技术支持、备件和人员</translation>
    </message>
    <message>
        <source>Rent (USD per GPU-hour)</source>
        <translation>租金（每 GPU 小时 USD）</translation>
    </message>
    <message>
        <source>Compute efficiency (blank = GPU default)</source>
        <translation>计算效率（留空 = GPU 默认值）</translation>
    </message>
    <message>
        <source>Fraction of dense peak large GEMMs reach; empty uses the GPU&apos;s default</source>
        <translation>大型 GEMM 达到的稠密峰值比例；留空则使用 GPU 的默认值</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>Parallel layout and training</source>
        <translation>并行布局与训练</translation>
    </message>
    <message>
        <source>Economics</source>
        <translation>经济性</translation>
    </message>
    <message>
        <source>Head width</source>
        <translation>注意力头宽度</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>注意力类型</translation>
    </message>
    <message>
        <source>MLA query rank</source>
        <translation>MLA 查询秩</translation>
    </message>
    <message>
        <source>MLA key/value rank</source>
        <translation>MLA 键/值秩</translation>
    </message>
    <message>
        <source>MLA RoPE head width</source>
        <translation>MLA RoPE 头宽度</translation>
    </message>
    <message>
        <source>MLA no-RoPE head width</source>
        <translation>MLA 非 RoPE 头宽度</translation>
    </message>
    <message>
        <source>MLA value head width</source>
        <translation>MLA 值头宽度</translation>
    </message>
    <message>
        <source>Routed experts</source>
        <translation>路由专家数</translation>
    </message>
    <message>
        <source>Experts per token (top-k)</source>
        <translation>每 token 专家数 (top-k)</translation>
    </message>
    <message>
        <source>Expert FFN size</source>
        <translation>专家 FFN 大小</translation>
    </message>
    <message>
        <source>Shared experts</source>
        <translation>共享专家数</translation>
    </message>
    <message>
        <source>Leading dense layers</source>
        <translation>前置稠密层数</translation>
    </message>
    <message>
        <source>GEMM fixed cost (us)</source>
        <translation>GEMM 固定开销 (us)</translation>
    </message>
    <message>
        <source>FP8 GEMM efficiency</source>
        <translation>FP8 GEMM 效率</translation>
    </message>
    <message>
        <source>Attention kernel efficiency</source>
        <translation>注意力内核效率</translation>
    </message>
    <message>
        <source>Interruptions per GPU-day</source>
        <translation>每 GPU 每天中断次数</translation>
    </message>
    <message>
        <source>Context parallel (cp)</source>
        <translation>上下文并行 (cp)</translation>
    </message>
    <message>
        <source>Expert parallel (ep)</source>
        <translation>专家并行 (ep)</translation>
    </message>
    <message>
        <source>Expert tensor parallel (etp)</source>
        <translation>专家张量并行 (etp)</translation>
    </message>
    <message>
        <source>MoE load imbalance (max/mean)</source>
        <translation>MoE 负载不均衡 (最大/平均)</translation>
    </message>
    <message>
        <source>EP overlap (0-1)</source>
        <translation>EP 重叠 (0-1)</translation>
    </message>
    <message>
        <source>Checkpoint write (s)</source>
        <translation>检查点写入 (s)</translation>
    </message>
    <message>
        <source>Restart after a failure (s)</source>
        <translation>故障后重启 (s)</translation>
    </message>
    <message>
        <source>Goodput (0-1, or auto)</source>
        <translation>有效训练率 (0-1，或 auto)</translation>
    </message>
    <message>
        <source>Width of one attention head; 0 = hidden/heads (Qwen3 uses 128 at every width)</source>
        <translation>单个注意力头的宽度；0 = hidden/heads（Qwen3 在各种宽度下都用 128）</translation>
    </message>
    <message>
        <source>mha (multi-head, grouped-query through kv_heads) or mla (DeepSeek-V2/V3 multi-head latent attention)</source>
        <translation>mha（多头注意力，通过 kv_heads 实现分组查询）或 mla（DeepSeek-V2/V3 的多头潜在注意力）</translation>
    </message>
    <message>
        <source>MLA: rank of the query latent (DeepSeek-V3: 1536); 0 = queries projected from h directly</source>
        <translation>MLA：查询潜在向量的秩（DeepSeek-V3：1536）；0 = 直接由 h 投影得到查询</translation>
    </message>
    <message>
        <source>MLA: rank of the compressed key/value latent d_c (DeepSeek-V3: 512)</source>
        <translation>MLA：压缩后键/值潜在向量的秩 d_c（DeepSeek-V3：512）</translation>
    </message>
    <message>
        <source>MLA: decoupled RoPE part of each query/key head (DeepSeek-V3: 64)</source>
        <translation>MLA：每个查询/键头中解耦的 RoPE 部分（DeepSeek-V3：64）</translation>
    </message>
    <message>
        <source>MLA: the rest of each query/key head (DeepSeek-V3: 128)</source>
        <translation>MLA：每个查询/键头中的其余部分（DeepSeek-V3：128）</translation>
    </message>
    <message>
        <source>MLA: width of each value head (DeepSeek-V3: 128)</source>
        <translation>MLA：每个值头的宽度（DeepSeek-V3：128）</translation>
    </message>
    <message>
        <source>Mixture of experts: routed experts per MoE layer; 0 or 1 = dense</source>
        <translation>混合专家 (MoE)：每个 MoE 层的路由专家数；0 或 1 = 稠密模型</translation>
    </message>
    <message>
        <source>Routed experts each token goes to (Mixtral 2, DeepSeek-V3 8)</source>
        <translation>每个 token 路由到的专家数（Mixtral 为 2，DeepSeek-V3 为 8）</translation>
    </message>
    <message>
        <source>FFN width of one expert (Mixtral 8x7B: 14336, DeepSeek-V3: 2048)</source>
        <translation>单个专家的 FFN 宽度（Mixtral 8x7B：14336，DeepSeek-V3：2048）</translation>
    </message>
    <message>
        <source>Experts every token passes through, each of width expert_ffn (DeepSeek-V3: 1)</source>
        <translation>每个 token 都要经过的专家数，每个宽度为 expert_ffn（DeepSeek-V3：1）</translation>
    </message>
    <message>
        <source>First layers with a dense FFN of width ffn instead of experts (DeepSeek-V3: 3)</source>
        <translation>前若干层使用宽度为 ffn 的稠密 FFN 而非专家（DeepSeek-V3：3）</translation>
    </message>
    <message>
        <source>Fixed cost of one matrix multiply (launch, prologue/epilogue, last wave): why small GEMMs (small h/tp, many small experts) reach less of the peak</source>
        <translation>一次矩阵乘的固定开销（kernel 启动、prologue/epilogue、最后一波）：这就是小 GEMM（h/tp 较小、大量小专家）达不到峰值的原因</translation>
    </message>
    <message>
        <source>Fraction of the dense FP8 peak large FP8 GEMMs reach in training; 0 = the BF16 compute efficiency</source>
        <translation>训练中大型 FP8 GEMM 能达到的稠密 FP8 峰值比例；0 = 沿用 BF16 计算效率</translation>
    </message>
    <message>
        <source>Unexpected job interruptions per GPU per day, all causes; Llama 3: 419 in 54 days on 16,384 GPUs = 0.000474. Used by goodput &quot;auto&quot;</source>
        <translation>每 GPU 每天意外中断作业的次数（所有原因）；Llama 3：16,384 个 GPU 上 54 天 419 次 = 0.000474。用于有效训练率 &quot;auto&quot;</translation>
    </message>
    <message>
        <source>Context-parallel degree: the sequence split over cp GPUs, K/V passed around a ring; tp*cp*pp*dp = GPUs. Megatron-LM --context-parallel-size</source>
        <translation>上下文并行度：序列切分到 cp 个 GPU 上，K/V 沿环传递；tp*cp*pp*dp = GPU 数。对应 Megatron-LM --context-parallel-size</translation>
    </message>
    <message>
        <source>Expert-parallel degree: the routed experts split over ep GPUs; must divide experts. Megatron-LM --expert-model-parallel-size</source>
        <translation>专家并行度：路由专家切分到 ep 个 GPU 上；必须整除专家数。对应 Megatron-LM --expert-model-parallel-size</translation>
    </message>
    <message>
        <source>Tensor-parallel degree inside each expert; 0 = tp (Megatron-Core&apos;s default for --expert-tensor-parallel-size)</source>
        <translation>每个专家内部的张量并行度；0 = tp（Megatron-Core 中 --expert-tensor-parallel-size 的默认值）</translation>
    </message>
    <message>
        <source>Tokens of the busiest expert GPU over the mean; 1 = balanced. Default 1.25: Qwen3-235B on H100, 295 TFLOPS force-balanced vs 237 dropless (Megatron-MoE-ModelZoo)</source>
        <translation>最忙专家 GPU 的 token 数与平均值之比；1 = 均衡。默认 1.25：Qwen3-235B 在 H100 上，强制均衡 295 TFLOPS，dropless 为 237（Megatron-MoE-ModelZoo）</translation>
    </message>
    <message>
        <source>Training paused per checkpoint (the blocking part of a save); goodput &quot;auto&quot;</source>
        <translation>每次检查点暂停训练的时间（保存中阻塞的部分）；用于有效训练率 &quot;auto&quot;</translation>
    </message>
    <message>
        <source>From an interruption to training again: detect, reschedule, reload the checkpoint; goodput &quot;auto&quot;</source>
        <translation>从中断到恢复训练的时间：检测、重新调度、重新加载检查点；用于有效训练率 &quot;auto&quot;</translation>
    </message>
    <message>
        <source>Share of wall-clock time spent training; &quot;auto&quot; computes it from the interruption rate, the checkpoint write and restart times and the Young/Daly checkpoint interval</source>
        <translation>墙钟时间中用于训练的比例；&quot;auto&quot; 根据中断率、检查点写入与重启时间以及 Young/Daly 检查点间隔计算</translation>
    </message>
    <message>
        <source>GPU rent (USD per GPU-hour)</source>
        <translation>GPU 租金（每 GPU 小时 USD）</translation>
    </message>
    <message>
        <source>This GPU&apos;s cloud price per GPU-hour, used in rent mode unless the economics set their own (an editable default)</source>
        <translation>此 GPU 每 GPU 小时的云价格，在租用模式下使用，除非经济性设置中另有指定（可编辑的默认值）</translation>
    </message>
    <message>
        <source>Cloud price per GPU-hour (rent mode); 0 takes the GPU&apos;s own rent price</source>
        <translation>每 GPU 小时的云价格（租用模式）；0 表示采用该 GPU 自身的租用价格</translation>
    </message>
    <message>
        <source>Max nodes per token</source>
        <translation>每 token 最多节点数</translation>
    </message>
    <message>
        <source>Node-limited routing: a token&apos;s experts sit on at most this many nodes (DeepSeek-V3: 4, its n_group 8 / topk_group 4); 0 = no limit. Saves network traffic only with DeepEP dispatch</source>
        <translation>节点受限路由：一个 token 的专家最多分布在这么多节点上（DeepSeek-V3：4，即 n_group 8 / topk_group 4）；0 表示不限。仅在使用 DeepEP 分发时减少网络流量</translation>
    </message>
    <message>
        <source>DeepEP dispatch</source>
        <translation>DeepEP 分发</translation>
    </message>
    <message>
        <source>Expert dispatch with DeepEP (Megatron-Core --moe-token-dispatcher-type flex --moe-enable-deepep): a token crosses the network once per node it goes to, then NVLink; off: the all-to-all dispatcher sends one copy per expert</source>
        <translation>用 DeepEP 进行专家分发（Megatron-Core --moe-token-dispatcher-type flex --moe-enable-deepep）：token 对每个目标节点只跨网络发送一次，再经 NVLink 转发；关闭时 all-to-all 分发器为每个专家各发送一份</translation>
    </message>
    <message>
        <source>Utilisation over the horizon (fraction)</source>
        <translation>整个周期内的利用率（比例）</translation>
    </message>
    <message>
        <source>Share of the depreciation years the bought cluster does useful work (0-1]; capital and upkeep of idle hours fall on the hours of use</source>
        <translation>购置的集群在折旧年限内做有效工作的时间占比 (0-1]；空闲时段的资本成本和维护费分摊到使用时段</translation>
    </message>
    <message>
        <source>Residual value (fraction of capex)</source>
        <translation>残值（占资本支出的比例）</translation>
    </message>
    <message>
        <source>What the hardware is worth at the end of the depreciation years, as a fraction of capex (0-1)</source>
        <translation>折旧年限结束时硬件的剩余价值，以占资本支出的比例表示 (0-1)</translation>
    </message>
    <message>
        <source>Cost of capital (per year, fraction)</source>
        <translation>资本成本（每年，比例）</translation>
    </message>
    <message>
        <source>Annual discount rate of the money tied up in the cluster (0.08 = 8%); gives the net present cost</source>
        <translation>占用在集群上的资金的年折现率（0.08 = 8%）；用于计算净现值成本</translation>
    </message>
    <message>
        <source>Recompute MLA up-projections</source>
        <translation>重计算 MLA 上投影</translation>
    </message>
    <message>
        <source>With selective recompute and multi-head latent attention: keep the latents, not Q, K and V, and run the up-projections again in the backward (Megatron-Core --recompute-modules mla_up_proj; NVIDIA&apos;s DeepSeek-V3 H100 recipe sets it)</source>
        <translation>在选择性重计算和多头潜在注意力下：只保存潜在向量而不保存 Q、K、V，反向时重新执行上投影（Megatron-Core --recompute-modules mla_up_proj；NVIDIA 的 DeepSeek-V3 H100 配方启用了它）</translation>
    </message>
    <message>
        <source>Fused cross-entropy</source>
        <translation>融合交叉熵</translation>
    </message>
    <message>
        <source>The loss as one kernel over the BF16 logits (Megatron-LM --cross-entropy-loss-fusion; on in NeMo 2 and Megatron-Bridge). Off: Megatron-LM&apos;s default, the logits cast to fp32 and passed over six times, about 52 bytes per logit against 12, and the fp32 copy kept</source>
        <translation>损失在 BF16 logits 上以单个内核计算（Megatron-LM --cross-entropy-loss-fusion；NeMo 2 和 Megatron-Bridge 默认开启）。关闭：Megatron-LM 的默认设置，logits 转为 fp32 并被遍历六次，每个 logit 约 52 字节（融合时约 12 字节），且保留 fp32 副本</translation>
    </message>
    <message>
        <source>ZeRO-3 gather bucket (parameters)</source>
        <translation>ZeRO-3 收集桶（参数个数）</translation>
    </message>
    <message>
        <source>ZeRO-3: parameters per all-gather, each paying the ring&apos;s latency over the data-parallel group. 0: one per layer (PyTorch FSDP, Megatron-FSDP); DeepSpeed&apos;s stage3_prefetch_bucket_size is 5e7 by default</source>
        <translation>ZeRO-3：每次 all-gather 收集的参数个数，每次都要付出环在整个数据并行组上的延迟。0：每层一次（PyTorch FSDP、Megatron-FSDP）；DeepSpeed 的 stage3_prefetch_bucket_size 默认为 5e7</translation>
    </message>
    <message>
        <source>EP all-to-all under another micro-batch</source>
        <translation>EP all-to-all 与另一微批次重叠</translation>
    </message>
    <message>
        <source>Each MoE layer&apos;s token dispatch and combine run under another micro-batch&apos;s compute of the same layer (Megatron-LM --overlap-moe-expert-parallel-comm, DeepSeek&apos;s DualPipe); what outlasts that compute stays exposed</source>
        <translation>每个 MoE 层的 token 分发与合并在另一微批次对同一层的计算期间进行（Megatron-LM --overlap-moe-expert-parallel-comm、DeepSeek 的 DualPipe）；超出该计算时长的部分仍然暴露</translation>
    </message>
    <message>
        <source>Further share of the exposed expert all-to-all hidden under compute</source>
        <translation>暴露的专家 all-to-all 中再被计算隐藏的比例</translation>
    </message>
    <message>
        <source>TP backward beside the GEMMs</source>
        <translation>TP 反向通信与 GEMM 重叠</translation>
    </message>
    <message>
        <source>The backward&apos;s tensor-parallel re-gather and reduce-scatter run under the data- and weight-gradient GEMMs, as Megatron-LM and Transformer Engine do. Off: PyTorch DTensor (torchtitan without async TP), Megatron-LM before 2022</source>
        <translation>反向传播中张量并行的再次 all-gather 与 reduce-scatter 在数据梯度和权重梯度 GEMM 期间进行，与 Megatron-LM 和 Transformer Engine 的做法相同。关闭：PyTorch DTensor（未开启异步 TP 的 torchtitan）、2022 年以前的 Megatron-LM</translation>
    </message>
    <message>
        <source>TP communication pipelined</source>
        <translation>TP 通信流水化</translation>
    </message>
    <message>
        <source>Every tensor-parallel all-gather and reduce-scatter split into chunks under its GEMM (Megatron-LM --tp-comm-overlap, torchtitan async TP); needs sequence parallelism. The first chunk and what outlasts the GEMM stay exposed</source>
        <translation>每个张量并行 all-gather 与 reduce-scatter 分块并与其 GEMM 流水重叠（Megatron-LM --tp-comm-overlap、torchtitan 异步 TP）；需要序列并行。第一块以及超出 GEMM 时长的部分仍然暴露</translation>
    </message>
    <message>
        <source>Further share of the exposed TP communication hidden under compute</source>
        <translation>暴露的 TP 通信中再被计算隐藏的比例</translation>
    </message>
    <message>
        <source>Recompute the layer norms</source>
        <translation>重计算层归一化</translation>
    </message>
    <message>
        <source>With selective recompute: drop both norms&apos; outputs and compute them again in the backward (Megatron-Core --recompute-modules layernorm)</source>
        <translation>选择性重计算时：丢弃两个归一化层的输出，在反向时重新计算（Megatron-Core --recompute-modules layernorm）</translation>
    </message>
    <message>
        <source>Recompute the experts&apos; activation</source>
        <translation>重计算专家的激活函数</translation>
    </message>
    <message>
        <source>With selective recompute: drop the experts&apos; activation-function output and compute it again (Megatron-Core --recompute-modules moe_act)</source>
        <translation>选择性重计算时：丢弃专家激活函数的输出并重新计算（Megatron-Core --recompute-modules moe_act）</translation>
    </message>
    <message>
        <source>Recompute the dense MLP</source>
        <translation>重计算稠密 MLP</translation>
    </message>
    <message>
        <source>With selective recompute: keep only a dense MLP&apos;s input and run its forward again in the backward (Megatron-Core --recompute-modules mlp)</source>
        <translation>选择性重计算时：只保留稠密 MLP 的输入，在反向时再运行一次其前向（Megatron-Core --recompute-modules mlp）</translation>
    </message>
    <message>
        <source>Recompute the MoE layer</source>
        <translation>重计算 MoE 层</translation>
    </message>
    <message>
        <source>With selective recompute: keep only an MoE layer&apos;s input and run its forward again in the backward, the token dispatch and combine included (Megatron-Core --recompute-modules moe)</source>
        <translation>选择性重计算时：只保留 MoE 层的输入，在反向时再运行一次其前向，包括 token 的分发和合并（Megatron-Core --recompute-modules moe）</translation>
    </message>
    <message>
        <source>Optimizer state (bytes per parameter)</source>
        <translation>优化器状态（每参数字节数）</translation>
    </message>
    <message>
        <source>The optimizer&apos;s state per parameter, master weights included: 12 mixed-precision Adam (fp32 master, momentum, variance), 8 with BF16 moments (Megatron-Core --use-precision-aware-optimizer; DeepSeek-V3), 6 8-bit Adam</source>
        <translation>每个参数的优化器状态，含主权重：混合精度 Adam 为 12（fp32 主权重、一阶矩、二阶矩），BF16 矩为 8（Megatron-Core --use-precision-aware-optimizer；DeepSeek-V3），8 位 Adam 为 6</translation>
    </message>
    <message>
        <source>Host link per GPU (GB/s)</source>
        <translation>每 GPU 主机链路（GB/s）</translation>
    </message>
    <message>
        <source>GPU to host memory, each way, per GPU while every GPU of the node copies: PCIe Gen4 x16 about 13-25, Gen5 about 27-50, Grace&apos;s NVLink-C2C about 225 (GB200). Activation offload uses it</source>
        <translation>节点内所有 GPU 同时拷贝时，每个 GPU 到主机内存的单向带宽：PCIe Gen4 x16 约 13-25，Gen5 约 27-50，Grace 的 NVLink-C2C 约 225（GB200）。激活卸载使用此值</translation>
    </message>
    <message>
        <source>Host memory per node (GB)</source>
        <translation>每节点主机内存（GB）</translation>
    </message>
    <message>
        <source>The CPU memory of one node; offloaded activations must fit in its share per GPU</source>
        <translation>一个节点的 CPU 内存；卸载的激活必须放得进每个 GPU 分到的份额</translation>
    </message>
    <message>
        <source>Layers offloaded to host memory</source>
        <translation>卸载到主机内存的层数</translation>
    </message>
    <message>
        <source>Layers per pipeline stage whose activations wait in host memory between forward and backward (Megatron-Core --cpu-offloading-num-layers): GPU memory for time on the host link</source>
        <translation>每个流水线阶段中，激活在前向与反向之间存放于主机内存的层数（Megatron-Core --cpu-offloading-num-layers）：用主机链路上的时间换 GPU 内存</translation>
    </message>
    <message>
        <source>FlashAttention-2 speed ratio</source>
        <translation>FlashAttention-2 速度比</translation>
    </message>
    <message>
        <source>Attention kernel</source>
        <translation>注意力内核</translation>
    </message>
    <message>
        <source>Dropout</source>
        <translation>Dropout 概率</translation>
    </message>
    <message>
        <source>Dropout probability after attention and the FFN; 0 = none, as Llama, Mixtral, Qwen3 and DeepSeek-V3 train. Dropout keeps a mask of each layer&apos;s two outputs (2*h bytes per token). Megatron-LM&apos;s default is 0.1</source>
        <translation>注意力与 FFN 之后的 dropout 概率；0 = 不使用（Llama、Mixtral、Qwen3 和 DeepSeek-V3 的训练方式）。使用 dropout 时，每层为其两个输出各保存一个掩码（每个 token 2*h 字节）。Megatron-LM 的默认值为 0.1</translation>
    </message>
    <message>
        <source>Unfused loss</source>
        <translation>非融合损失</translation>
    </message>
    <message>
        <source>Whose loss runs when it is not fused: megatron (Megatron-LM&apos;s, the fp32 copy kept: 6 bytes per logit), pytorch (PyTorch&apos;s eager F.cross_entropy on fp32 logits, as torchtitan runs it without compile: 12 bytes per logit as the backward starts) or compiled (the same under torch.compile, as torchtitan with compile on since 2025-04: 4 bytes, one pass over the logits)</source>
        <translation>损失未融合时由谁计算：megatron（Megatron-LM 的实现，保留 fp32 副本：每个 logit 6 字节）、pytorch（PyTorch 以 eager 模式对 fp32 logits 调用 F.cross_entropy，即 torchtitan 未开启编译时的做法：反向开始时每个 logit 12 字节）或 compiled（同一计算经 torch.compile 编译，即 torchtitan 自 2025-04 起开启编译时的做法：4 字节，遍历 logits 一次）</translation>
    </message>
    <message>
        <source>Optimizer kernel</source>
        <translation>优化器内核</translation>
    </message>
    <message>
        <source>How the optimizer&apos;s update runs: fused (one kernel: Megatron-Core, NeMo, DeepSpeed, torch.optim.AdamW(fused=True)) or foreach (PyTorch&apos;s default AdamW, as the Hugging Face Trainer&apos;s adamw_torch and torchtitan before 2025-02 run it: one pass over the state per operation, 40 bytes per BF16 parameter against 14)</source>
        <translation>优化器更新的运行方式：fused（一个融合内核：Megatron-Core、NeMo、DeepSpeed、torch.optim.AdamW(fused=True)）或 foreach（PyTorch 默认的 AdamW，即 Hugging Face Trainer 的 adamw_torch 以及 2025-02 之前的 torchtitan：每个运算遍历一次状态，每个 BF16 参数 40 字节，融合内核为 14 字节）</translation>
    </message>
    <message>
        <source>Layers of the first pipeline stage (which also holds the embedding); 0 = automatic: spread as evenly as possible, the extra layers on the middle stages. With interleaving at least vpp-1: one chunk may hold the embedding alone. Megatron-LM --decoder-first-pipeline-num-layers</source>
        <translation>第一个流水线阶段的层数（该阶段还包含嵌入层）；0 = 自动：尽量均匀分配，多出的层放在中间阶段。交错时至少 vpp-1 层：一个块可以只放嵌入层。Megatron-LM --decoder-first-pipeline-num-layers</translation>
    </message>
    <message>
        <source>Layers of the last pipeline stage (which also holds the LM head and its loss); 0 = automatic. With interleaving at least vpp-1: one chunk may hold the loss alone. Megatron-LM --decoder-last-pipeline-num-layers</source>
        <translation>最后一个流水线阶段的层数（该阶段还包含 LM head 及其损失）；0 = 自动。交错时至少 vpp-1 层：一个块可以只放损失。Megatron-LM --decoder-last-pipeline-num-layers</translation>
    </message>
    <message>
        <source>FP8 weights cast once a step</source>
        <translation>FP8 权重每步只转换一次</translation>
    </message>
    <message>
        <source>The weights&apos; FP8 copies are made in the first micro-batch and kept for the step&apos;s others, as Megatron-Core, NeMo and Megatron-Bridge do. Off: cast again in every micro-batch (torchtitan and OLMo-core&apos;s torchao Float8, Composer&apos;s Transformer Engine layers)</source>
        <translation>权重的 FP8 副本在第一个微批次中生成，并在该步的其余微批次中复用，Megatron-Core、NeMo 和 Megatron-Bridge 即如此。关闭：每个微批次都重新转换（torchtitan 和 OLMo-core 的 torchao Float8，Composer 的 Transformer Engine 层）</translation>
    </message>
    <message>
        <source>Layers recomputed per chunk</source>
        <translation>每个分块重算的层数</translation>
    </message>
    <message>
        <source>With full recompute: of each pipeline stage&apos;s model chunk, the first this many layers keep only their input and run their forward again; the others keep every activation and run nothing again (Megatron-LM --recompute-method block --recompute-num-layers). 0 = every layer</source>
        <translation>完全重算时：每个流水线阶段的模型分块中，前这么多层只保留输入并在反向时重跑前向；其余层保留全部激活、不做重算（Megatron-LM --recompute-method block --recompute-num-layers）。0 = 所有层</translation>
    </message>
    <message>
        <source>Offload the experts&apos; FC1 input</source>
        <translation>卸载专家 FC1 的输入</translation>
    </message>
    <message>
        <source>In each MoE layer, copy the experts&apos; first GEMM input (the dispatched tokens) to host memory after the forward and back before the backward (Megatron-Core --fine-grained-activation-offloading --offload-modules expert_fc1): GPU memory for time on the host link</source>
        <translation>在每个 MoE 层中，前向之后把专家第一个 GEMM 的输入（分发后的 token）复制到主机内存，反向之前再复制回来（Megatron-Core --fine-grained-activation-offloading --offload-modules expert_fc1）：用主机链路上的时间换 GPU 内存</translation>
    </message>
    <message>
        <source>Offload the experts&apos; activation input</source>
        <translation>卸载专家激活函数的输入</translation>
    </message>
    <message>
        <source>In each MoE layer, copy the input of the experts&apos; activation function (FC1&apos;s output) to host memory after the forward and back before the backward (Megatron-Core --offload-modules moe_act); it combines with recomputing the activation&apos;s output</source>
        <translation>在每个 MoE 层中，前向之后把专家激活函数的输入（FC1 的输出）复制到主机内存，反向之前再复制回来（Megatron-Core --offload-modules moe_act）；可与重计算激活函数的输出同时使用</translation>
    </message>
    <message>
        <source>GPUs in one server, or in one NVLink domain of a rack-scale system</source>
        <translation>一台服务器中的 GPU 数，或机架级系统中一个 NVLink 域的 GPU 数</translation>
    </message>
    <message>
        <source>GPUs per host</source>
        <translation>每台主机的 GPU 数</translation>
    </message>
    <message>
        <source>GPUs one host runs (one torchrun) when a node spans hosts: 4 on a GB200 or GB300 NVL72 tray; 0 = GPUs per node. Only the launch configs use it</source>
        <translation>节点跨越多台主机时，一台主机（一个 torchrun）运行的 GPU 数：GB200 或 GB300 NVL72 计算托盘为 4；0 = 每节点 GPU 数。只有启动配置使用它</translation>
    </message>
    <message>
        <source>Fraction of the dense BF16 peak FlashAttention reaches, forward and backward on a causal mask, at head width 128 (narrower heads reach less); fitted per GPU on published runs (long-context runs pin it)</source>
        <translation>FlashAttention 在因果掩码下、头宽 128 时前向与反向合计达到的稠密 BF16 峰值比例（头宽更窄时更低）；按 GPU 在已发表的训练记录上拟合（长上下文记录确定它）</translation>
    </message>
    <message>
        <source>Expert biases</source>
        <translation>专家偏置</translation>
    </message>
    <message>
        <source>Biases in the experts&apos; linear layers (GPT-OSS). Megatron-Core adds the second layer&apos;s per expert in a Python loop: about 28 bytes per token and expert per unit of hidden size</source>
        <translation>专家线性层中的偏置（GPT-OSS）。Megatron-Core 在 Python 循环中逐个专家加上第二层的偏置：每个 token 与专家的组合、每单位隐藏维度约 28 字节</translation>
    </message>
    <message>
        <source>Activation clamp</source>
        <translation>激活截断</translation>
    </message>
    <message>
        <source>Clamp of the gated activation&apos;s inputs (GPT-OSS: 7); 0 = none. Megatron-Core runs it as separate kernels before its fused activation: about 46 bytes per token and expert per unit of FFN width</source>
        <translation>门控激活输入的截断值（GPT-OSS：7）；0 = 无。Megatron-Core 在其融合激活之前以单独的内核执行截断：每个 token 与专家的组合、每单位 FFN 宽度约 46 字节</translation>
    </message>
    <message>
        <source>Fused rotary embedding</source>
        <translation>融合旋转位置编码</translation>
    </message>
    <message>
        <source>The rotary embedding as one kernel on Q and K (Megatron-LM&apos;s default; --no-rope-fusion turns it off). Off: PyTorch&apos;s separate ops, 22 more passes over Q and K, as Megatron-Core runs YaRN models such as GPT-OSS</source>
        <translation>在 Q 和 K 上以单个内核执行旋转位置编码（Megatron-LM 的默认；--no-rope-fusion 将其关闭）。关闭时：PyTorch 的分离算子，对 Q 和 K 多出 22 次读写，Megatron-Core 对 GPT-OSS 等 YaRN 模型即如此运行</translation>
    </message>
    <message>
        <source>TE op fuser</source>
        <translation>TE 算子融合器</translation>
    </message>
    <message>
        <source>The MLP through Transformer Engine&apos;s op fuser (Megatron-Core use_transformer_engine_op_fuser; Megatron-Bridge&apos;s MXFP8 GPT-OSS recipes from 26.06): the activation&apos;s clamp and the experts&apos; biases run inside the fused ops, at no cost apart</source>
        <translation>MLP 经由 Transformer Engine 的算子融合器运行（Megatron-Core use_transformer_engine_op_fuser；Megatron-Bridge 自 26.06 起的 MXFP8 GPT-OSS 配方）：激活的截断和专家偏置在融合算子内执行，不另计开销</translation>
    </message>
    <message>
        <source>FlashAttention-2&apos;s speed as a share of the attention kernel efficiency (cuDNN&apos;s fused attention) on this GPU: 0.52 on H100, 1 where it is as fast</source>
        <translation>此 GPU 上 FlashAttention-2 的速度占注意力内核效率（cuDNN 融合注意力）的比例：H100 上为 0.52，两者一样快时为 1</translation>
    </message>
    <message>
        <source>cudnn (Transformer Engine&apos;s fused attention: Megatron-LM, NeMo, Megatron-Bridge), cudnn_2024 (the same as 2024&apos;s releases had it, 0.82 of today&apos;s long-sequence speed on Hopper and Blackwell) or flash2 (FlashAttention-2: flash-attn, PyTorch SDPA, torchtitan and other PyTorch-native trainers)</source>
        <translation>cudnn（Transformer Engine 的融合注意力：Megatron-LM、NeMo、Megatron-Bridge）、cudnn_2024（同一内核的 2024 年版本，在 Hopper 和 Blackwell 上为当前长序列速度的 0.82）或 flash2（FlashAttention-2：flash-attn、PyTorch SDPA、torchtitan 及其他 PyTorch 原生训练框架）</translation>
    </message>
    <message>
        <source>none; selective (Megatron: the attention core again, nothing with FlashAttention); full (every layer&apos;s forward again); ops (PyTorch per-op checkpointing, torchtitan&apos;s selective AC: every second matmul and the element-wise work again); dots (JAX, MaxText&apos;s minimal_flash: every matmul&apos;s and attention&apos;s output kept, the element-wise work again)</source>
        <translation>none；selective（Megatron：注意力核心重算，使用 FlashAttention 时不重算）；full（每层前向重算一遍）；ops（PyTorch 逐算子检查点，即 torchtitan 的 selective AC：每隔一个矩阵乘及逐元素运算重算）；dots（JAX，MaxText 的 minimal_flash：保留每个矩阵乘和注意力的输出，逐元素运算重算）</translation>
    </message>
    <message>
        <source>Shard group (data-parallel ranks)</source>
        <translation>分片组（数据并行 rank 数）</translation>
    </message>
    <message>
        <source>Hybrid sharding (HSDP): ZeRO shards over this many data-parallel ranks (times cp) and keeps dp/dp_shard copies, whose gradients are all-reduced shard by shard. 0: one shard group over all of dp. torchtitan data_parallel_shard_degree, Megatron-Core --num-distributed-optimizer-instances dp/dp_shard, DeepSpeed mics_shard_size</source>
        <translation>混合分片（HSDP）：ZeRO 在这么多个数据并行 rank（再乘以 cp）上分片，并保留 dp/dp_shard 份副本，各副本的梯度按分片做 all-reduce。0：整个 dp 为一个分片组。对应 torchtitan data_parallel_shard_degree、Megatron-Core --num-distributed-optimizer-instances dp/dp_shard、DeepSpeed mics_shard_size</translation>
    </message>
</context>
<context>
    <name>commtax::Files</name>
    <message>
        <source>expected a whole number from %1 to %2%3 (got %4)</source>
        <translation>应为 %1 到 %2%3 之间的整数（实际为 %4）</translation>
    </message>
    <message>
        <source>expected a number from %1 to %2%3 (got %4)</source>
        <translation>应为 %1 到 %2%3 之间的数（实际为 %4）</translation>
    </message>
    <message>
        <source>expected a whole number, not %1</source>
        <translation>应为整数，而不是%1</translation>
    </message>
    <message>
        <source>expected a whole number (got %1)</source>
        <translation>应为整数（实际为 %1）</translation>
    </message>
    <message>
        <source>expected a number, not %1</source>
        <translation>应为数字，而不是%1</translation>
    </message>
    <message>
        <source>expected a number or null, not %1</source>
        <translation>应为数字或 null，而不是%1</translation>
    </message>
    <message>
        <source>expected a number or &quot;auto&quot;, not %1</source>
        <translation>应为数字或 &quot;auto&quot;，而不是%1</translation>
    </message>
    <message>
        <source>expected true or false, not %1</source>
        <translation>应为 true 或 false，而不是%1</translation>
    </message>
    <message>
        <source>expected one of %1</source>
        <translation>应为以下之一：%1</translation>
    </message>
    <message>
        <source>null</source>
        <translation>null</translation>
    </message>
    <message>
        <source>true/false</source>
        <translation>布尔值（true/false）</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>数字</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>字符串</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>数组</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>空</translation>
    </message>
    <message>
        <source>cannot open: no such file</source>
        <translation>无法打开：文件不存在</translation>
    </message>
    <message>
        <source>cannot open: it is a folder, not a file</source>
        <translation>无法打开：这是文件夹，不是文件</translation>
    </message>
    <message>
        <source>cannot open: not a regular file (a device, pipe or socket)</source>
        <translation>无法打开：不是普通文件（设备、管道或套接字）</translation>
    </message>
    <message>
        <source>the file is %1; Commtax reads at most %2 here</source>
        <translation>文件大小为 %1；Commtax 在此最多读取 %2</translation>
    </message>
    <message>
        <source>cannot open: %1</source>
        <translation>无法打开：%1</translation>
    </message>
    <message>
        <source>the file is larger than %1, the most Commtax reads here</source>
        <translation>文件大于 %1，即 Commtax 在此最多读取的大小</translation>
    </message>
    <message>
        <source>cannot read: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <source>the text is %1; Commtax reads at most %2 of JSON</source>
        <translation>文本大小为 %1；Commtax 最多读取 %2 的 JSON</translation>
    </message>
    <message>
        <source>invalid JSON: %1</source>
        <translation>无效的 JSON：%1</translation>
    </message>
    <message>
        <source>duplicate key: given already at line %1, column %2 (a key may appear once)</source>
        <translation>重复的键：已在第 %1 行第 %2 列给出（每个键只能出现一次）</translation>
    </message>
    <message>
        <source>missing: a %1 file starts with &quot;format&quot;: &quot;%1&quot;</source>
        <translation>缺失：%1 文件以 &quot;format&quot;: &quot;%1&quot; 开头</translation>
    </message>
    <message>
        <source>expected &quot;%1&quot;</source>
        <translation>应为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>missing: this build reads version %1</source>
        <translation>缺失：此版本读取第 %1 版</translation>
    </message>
    <message>
        <source>expected the number %1, not %2</source>
        <translation>应为数字 %1，而不是%2</translation>
    </message>
    <message>
        <source>unsupported version %1; this build reads version %2</source>
        <translation>不支持的版本 %1；此版本读取第 %2 版</translation>
    </message>
    <message>
        <source>%1 more problems not listed; is this a Commtax scenario?</source>
        <translation>另有 %1 个问题未列出；这是 Commtax 场景文件吗？</translation>
    </message>
    <message>
        <source>expected a string, not %1</source>
        <translation>应为字符串，而不是%1</translation>
    </message>
    <message>
        <source>unknown field; %1 fields are: %2</source>
        <translation>未知字段；%1 的字段有：%2</translation>
    </message>
    <message>
        <source>a value object needs &quot;value&quot;</source>
        <translation>值对象需要 &quot;value&quot;</translation>
    </message>
    <message>
        <source>missing section &quot;%1&quot;</source>
        <translation>缺少部分 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>expected an object: {&quot;preset&quot;: &quot;id&quot;} or the fields, not %1</source>
        <translation>应为对象：{&quot;preset&quot;: &quot;id&quot;} 或各字段，而不是%1</translation>
    </message>
    <message>
        <source>expected a preset id (a string), not %1</source>
        <translation>应为预设 id（字符串），而不是%1</translation>
    </message>
    <message>
        <source>unknown %1 preset &quot;%2&quot;; known: %3</source>
        <translation>未知的 %1 预设 &quot;%2&quot;；已有：%3</translation>
    </message>
    <message>
        <source>inline %1 lacks &quot;%2&quot; (give every field, or start from {&quot;preset&quot;: &quot;id&quot;})</source>
        <translation>内联的 %1 缺少 &quot;%2&quot;（请给出每个字段，或从 {&quot;preset&quot;: &quot;id&quot;} 开始）</translation>
    </message>
    <message>
        <source>expected an object {&quot;vendor&quot;, &quot;id&quot;, &quot;date&quot;, &quot;valid_until&quot;}, not %1</source>
        <translation>应为对象 {&quot;vendor&quot;, &quot;id&quot;, &quot;date&quot;, &quot;valid_until&quot;}，而不是%1</translation>
    </message>
    <message>
        <source>a quote needs a non-empty &quot;%1&quot;</source>
        <translation>报价需要非空的 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>expected a date as YYYY-MM-DD (got &quot;%1&quot;)</source>
        <translation>应为 YYYY-MM-DD 格式的日期（实际为 &quot;%1&quot;）</translation>
    </message>
    <message>
        <source>%1 is before the quote&apos;s date %2</source>
        <translation>%1 早于报价日期 %2</translation>
    </message>
    <message>
        <source>dp is not given and %1 nodes x %2 GPUs do not divide by tp*cp*pp=%3*%4*%5</source>
        <translation>未给出 dp，且 %1 个节点 x %2 个 GPU 不能被 tp*cp*pp=%3*%4*%5 整除</translation>
    </message>
    <message>
        <source>expected a JSON object, not %1</source>
        <translation>应为 JSON 对象，而不是%1</translation>
    </message>
    <message>
        <source>a value</source>
        <translation>单个值</translation>
    </message>
    <message>
        <source>expected an object, not %1</source>
        <translation>应为对象，而不是%1</translation>
    </message>
    <message>
        <source>the scenario is %1 KiB; Commtax reads at most %2 KiB</source>
        <translation>场景文件大小为 %1 KiB；Commtax 最多读取 %2 KiB</translation>
    </message>
    <message>
        <source>cannot read standard input</source>
        <translation>无法读取标准输入</translation>
    </message>
    <message>
        <source>standard input holds more than a scenario file may</source>
        <translation>标准输入的内容超过了场景文件的上限</translation>
    </message>
    <message>
        <source>expected datasheet, measured, assumption, derived or user</source>
        <translation>应为 datasheet、measured、assumption、derived 或 user</translation>
    </message>
    <message>
        <source>expected [low, high], two numbers, not an array of %1 values</source>
        <translation>应为 [low, high] 两个数，而不是含 %1 个值的数组</translation>
    </message>
    <message>
        <source>expected [low, high], two numbers, not %1</source>
        <translation>应为 [low, high] 两个数，而不是%1</translation>
    </message>
    <message>
        <source>a range needs a number as the value (&quot;auto&quot; takes no range)</source>
        <translation>范围需要以数字作为值（&quot;auto&quot; 不能带范围）</translation>
    </message>
    <message>
        <source>takes no range: only continuous physical and economic inputs are uncertain (whole numbers, peaks, sizes and design choices are not)</source>
        <translation>不能带范围：只有连续的物理和经济输入才有不确定性（整数、峰值、规模和设计选择没有）</translation>
    </message>
    <message>
        <source>the range must be two finite numbers [low, high]</source>
        <translation>范围必须是两个有限数字 [下限, 上限]</translation>
    </message>
    <message>
        <source>the range&apos;s low end %1 is above its high end %2</source>
        <translation>范围的下限 %1 高于其上限 %2</translation>
    </message>
    <message>
        <source>the range [%1, %2] must contain the value %3</source>
        <translation>范围 [%1, %2] 必须包含取值 %3</translation>
    </message>
    <message>
        <source>the range must lie within the field&apos;s limits, %1 to %2</source>
        <translation>范围必须在该字段的限值 %1 到 %2 之内</translation>
    </message>
    <message>
        <source>the range must stay at or above %1: 0 has its own meaning for this field</source>
        <translation>范围不得低于 %1：0 对该字段有特殊含义</translation>
    </message>
    <message>
        <source>0 has its own meaning for this field, so a value of 0 takes no range but [0, 0]</source>
        <translation>0 对该字段有特殊含义，因此取值 0 只能带范围 [0, 0]</translation>
    </message>
    <message>
        <source>expected a non-empty string id</source>
        <translation>应为非空字符串 id</translation>
    </message>
    <message>
        <source>unknown %1 field</source>
        <translation>未知的%1字段</translation>
    </message>
    <message>
        <source>%1 preset &quot;%2&quot; lacks field &quot;%3&quot;</source>
        <translation>%1 预设“%2”缺少字段“%3”</translation>
    </message>
    <message>
        <source>expected a JSON object</source>
        <translation>应为 JSON 对象</translation>
    </message>
    <message>
        <source>expected &quot;model&quot;, &quot;gpu&quot; or &quot;cluster&quot;</source>
        <translation>应为 &quot;model&quot;、&quot;gpu&quot; 或 &quot;cluster&quot;</translation>
    </message>
    <message>
        <source>expected an array of presets</source>
        <translation>应为预设数组</translation>
    </message>
    <message>
        <source>expected a preset object</source>
        <translation>应为预设对象</translation>
    </message>
    <message>
        <source>Nothing imported: one entry exists already (%1).</source>
        <translation>未导入任何内容：已有 1 个同名条目（%1）。</translation>
    </message>
    <message>
        <source>Nothing imported: %1 entries exist already (%2).</source>
        <translation>未导入任何内容：已有 %1 个同名条目（%2）。</translation>
    </message>
    <message>
        <source>Nothing imported: %1 problem(s) in the file.</source>
        <translation>未导入任何内容：文件中有 %1 个问题。</translation>
    </message>
    <message>
        <source>plan(s)</source>
        <translation>个方案</translation>
    </message>
    <message>
        <source>model preset(s)</source>
        <translation>个模型预设</translation>
    </message>
    <message>
        <source>cluster preset(s)</source>
        <translation>个集群预设</translation>
    </message>
    <message>
        <source>GPU preset(s)</source>
        <translation>个 GPU 预设</translation>
    </message>
    <message>
        <source>Added %1 %2: %3</source>
        <translation>已添加 %1 %2：%3</translation>
    </message>
    <message>
        <source>; added %1 %2: %3</source>
        <translation>；已添加 %1 %2：%3</translation>
    </message>
    <message>
        <source>Replaced %1: %2</source>
        <translation>已替换 %1 个：%2</translation>
    </message>
    <message>
        <source>; replaced %1: %2</source>
        <translation>；已替换 %1 个：%2</translation>
    </message>
    <message>
        <source>Skipped %1 identical to the built-in presets: %2</source>
        <translation>已跳过 %1 个与内置预设相同的条目：%2</translation>
    </message>
    <message>
        <source>; skipped %1 identical to the built-in presets: %2</source>
        <translation>；已跳过 %1 个与内置预设相同的条目：%2</translation>
    </message>
    <message>
        <source>.</source>
        <translation>。</translation>
    </message>
    <message>
        <source>the Qt SQLite driver (QSQLITE) is not installed (Debian: libqt6sql6-sqlite)</source>
        <translation>未安装 Qt SQLite 驱动（QSQLITE）（Debian：libqt6sql6-sqlite）</translation>
    </message>
    <message>
        <source>cannot open it: %1</source>
        <translation>无法打开：%1</translation>
    </message>
    <message>
        <source>%1 (SQLite, running &quot;%2&quot;)</source>
        <translation>%1（SQLite，执行“%2”时）</translation>
    </message>
    <message>
        <source>integrity check failed: %1</source>
        <translation>完整性检查失败：%1</translation>
    </message>
    <message>
        <source>cannot read it: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <source>cannot switch to WAL journaling: %1</source>
        <translation>无法切换到 WAL 日志模式：%1</translation>
    </message>
    <message>
        <source>it is locked by another program (another Commtax, or a tool holding it open) for longer than %1 seconds</source>
        <translation>它被其他程序（另一个 Commtax，或打开它的工具）锁定超过 %1 秒</translation>
    </message>
    <message>
        <source>you have no permission to read it</source>
        <translation>你没有读取它的权限</translation>
    </message>
    <message>
        <source>it is read-only and SQLite cannot read it without writing beside it</source>
        <translation>它是只读的，而 SQLite 读取它时需要在旁边写文件</translation>
    </message>
    <message>
        <source>it cannot be opened</source>
        <translation>无法打开它</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1 is damaged (%2) and could not be moved aside</source>
        <translation>%1 已损坏（%2），且无法移到一旁</translation>
    </message>
    <message>
        <source>%1: %2; the file was left as it is</source>
        <translation>%1：%2；文件保持原样，未做改动</translation>
    </message>
    <message>
        <source>%1: no preset library there</source>
        <translation>%1：此处没有预设库</translation>
    </message>
    <message>
        <source>%1: cannot create the folder</source>
        <translation>%1：无法创建该文件夹</translation>
    </message>
    <message>
        <source>%1: is a folder, not a preset library; it was left as it is</source>
        <translation>%1：这是一个文件夹，而不是预设库；未做改动</translation>
    </message>
    <message>
        <source>you have no permission to write it</source>
        <translation>你没有写入它的权限</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>it was written by a newer Commtax (schema %1; this build knows %2)</source>
        <translation>它由更新版本的 Commtax 写入（数据库结构版本 %1；本版本只支持到 %2）</translation>
    </message>
    <message>
        <source>its schema %1 needs upgrading to %2, but %3</source>
        <translation>其数据库结构版本 %1 需要升级到 %2，但%3</translation>
    </message>
    <message>
        <source>the preset library is not open</source>
        <translation>预设库未打开</translation>
    </message>
    <message>
        <source>%1 is read-only here (%2): nothing can be saved in it</source>
        <translation>%1 在此为只读（%2）：无法保存任何内容</translation>
    </message>
    <message>
        <source>reading user presets: %1</source>
        <translation>读取用户预设时出错：%1</translation>
    </message>
    <message>
        <source>user preset %1: %2</source>
        <translation>用户预设 %1：%2</translation>
    </message>
    <message>
        <source>saving %1 preset &quot;%2&quot;: %3</source>
        <translation>保存 %1 预设“%2”时出错：%3</translation>
    </message>
    <message>
        <source>only model, GPU and cluster presets can be saved</source>
        <translation>只能保存模型、GPU 和集群预设</translation>
    </message>
    <message>
        <source>id &quot;%1&quot;: use letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos;, starting with a letter or digit</source>
        <translation>id“%1”：只能使用字母、数字、&apos;.&apos;、&apos;_&apos; 和 &apos;-&apos;，且以字母或数字开头</translation>
    </message>
    <message>
        <source>%1.%2: %3</source>
        <translation>%1.%2: %3</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <source>no %1 preset &quot;%2&quot;</source>
        <translation>没有 %1 预设“%2”</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is a built-in preset: it cannot be deleted</source>
        <translation>“%1”是内置预设：不能删除</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is used by the saved plan(s) %2: delete or change them first</source>
        <translation>“%1”被已保存的方案 %2 使用：请先删除或修改这些方案</translation>
    </message>
    <message>
        <source>deleting &quot;%1&quot;: %2</source>
        <translation>删除“%1”时出错：%2</translation>
    </message>
    <message>
        <source>no user %1 preset &quot;%2&quot;</source>
        <translation>没有用户 %1 预设“%2”</translation>
    </message>
    <message>
        <source>reading saved plans: %1</source>
        <translation>读取已保存的方案时出错：%1</translation>
    </message>
    <message>
        <source>saving plan &quot;%1&quot;: %2</source>
        <translation>保存方案“%1”时出错：%2</translation>
    </message>
    <message>
        <source>plan &quot;%1&quot; uses the %2 preset &quot;%3&quot;, which is not in the library</source>
        <translation>方案“%1”使用的 %2 预设“%3”不在预设库中</translation>
    </message>
    <message>
        <source>a saved plan needs a name</source>
        <translation>保存的方案需要一个名称</translation>
    </message>
    <message>
        <source>no saved plan &quot;%1&quot;</source>
        <translation>没有已保存的方案“%1”</translation>
    </message>
    <message>
        <source>cannot read &quot;%1&quot;</source>
        <translation>无法读取“%1”</translation>
    </message>
    <message>
        <source>expected &quot;commtax-presets&quot; (presets) or &quot;commtax-scenario&quot; (a plan)</source>
        <translation>应为 &quot;commtax-presets&quot;（预设）或 &quot;commtax-scenario&quot;（方案）</translation>
    </message>
    <message>
        <source>use letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos; in ids</source>
        <translation>id 中只能使用字母、数字、&apos;.&apos;、&apos;_&apos; 和 &apos;-&apos;</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is a built-in preset with other values; give your version its own id (for example &quot;%2&quot;)</source>
        <translation>“%1”是内置预设，但取值不同；请为你的版本另起一个 id（例如“%2”）</translation>
    </message>
    <message>
        <source>choose at least one preset to export</source>
        <translation>请至少选择一个要导出的预设</translation>
    </message>
    <message>
        <source>%1%2 is outside %3 to %4%2 (%5)</source>
        <translation>%1%2 超出 %3 到 %4%2 的范围（%5）</translation>
    </message>
    <message>
        <source>expected &quot;commtax-presets&quot; (a preset file)</source>
        <translation>应为 &quot;commtax-presets&quot;（预设文件）</translation>
    </message>
    <message>
        <source>unsupported version; this build reads version 1</source>
        <translation>不支持的版本；本版本只能读取版本 1</translation>
    </message>
    <message>
        <source>unknown member; a preset file has format, version, section and presets</source>
        <translation>未知成员；预设文件只包含 format、version、section 和 presets</translation>
    </message>
    <message>
        <source>the file holds no presets</source>
        <translation>文件中没有预设</translation>
    </message>
    <message>
        <source>id &quot;%1&quot; appears twice in this file</source>
        <translation>id“%1”在此文件中出现了两次</translation>
    </message>
    <message>
        <source>saved plan &quot;%1&quot;</source>
        <translation>已保存的方案“%1”</translation>
    </message>
    <message>
        <source>at most %1 characters (got %2)</source>
        <translation>最多 %1 个字符（当前为 %2）</translation>
    </message>
    <message>
        <source>its folder %1 is read-only, and SQLite writes its journal beside the file</source>
        <translation>其所在文件夹 %1 为只读，而 SQLite 需要在文件旁写入日志</translation>
    </message>
    <message>
        <source>nothing was imported: the preset library could not be written (%1); the imported file is not at fault</source>
        <translation>未导入任何内容：无法写入预设库（%1）；所导入的文件没有问题</translation>
    </message>
    <message>
        <source>expected a list of at most 64 device names</source>
        <translation>应为至多 64 个设备名称的列表</translation>
    </message>
    <message>
        <source>expected a device name of 1 to 200 characters</source>
        <translation>应为 1 到 200 个字符的设备名称</translation>
    </message>
    <message>
        <source>expected a colour as &quot;#rrggbb&quot;</source>
        <translation>应为 &quot;#rrggbb&quot; 形式的颜色</translation>
    </message>
    <message>
        <source>expected {&quot;step_time_factors&quot;: [2 to 1000 numbers], &quot;source&quot;: &quot;...&quot;}</source>
        <translation>应为 {&quot;step_time_factors&quot;: [2 到 1000 个数字], &quot;source&quot;: &quot;...&quot;}</translation>
    </message>
    <message>
        <source>expected a number from 0.05 to 20</source>
        <translation>应为 0.05 到 20 之间的数字</translation>
    </message>
    <message>
        <source>unknown section; known: name, model, gpu, cluster, training, economics, goals</source>
        <translation>未知部分；已知部分：name、model、gpu、cluster、training、economics、goals</translation>
    </message>
    <message>
        <source>expected a list of 1 to %1 entries, not %2</source>
        <translation>应为含 1 到 %1 项的列表，而不是 %2</translation>
    </message>
    <message>
        <source>listed twice</source>
        <translation>重复列出</translation>
    </message>
    <message>
        <source>a budget needs capex_usd, tco_usd or both</source>
        <translation>预算需要 capex_usd、tco_usd 或两者</translation>
    </message>
    <message>
        <source>an option needs &quot;%1&quot;</source>
        <translation>选项需要“%1”</translation>
    </message>
    <message>
        <source>%1 is below nodes_min %2</source>
        <translation>%1 小于 nodes_min %2</translation>
    </message>
    <message>
        <source>expected one of as-given, gpus, budget, time</source>
        <translation>应为 as-given、gpus、budget、time 之一</translation>
    </message>
    <message>
        <source>expected time, cost, tco or null</source>
        <translation>应为 time、cost、tco 或 null</translation>
    </message>
    <message>
        <source>expected a list of %1 to %2 scenarios</source>
        <translation>应为包含 %1 到 %2 个场景的列表</translation>
    </message>
    <message>
        <source>expected the index of a plan, 0 to %1</source>
        <translation>应为方案的序号，0 到 %1</translation>
    </message>
    <message>
        <source>the comparison is %1 KiB; Commtax reads at most %2 KiB</source>
        <translation>该比较文件为 %1 KiB；Commtax 最多读取 %2 KiB</translation>
    </message>
    <message>
        <source>unknown key; known: normalization, best_layout, plan_a, goals, plans</source>
        <translation>未知的键；已知的键：normalization、best_layout、plan_a、goals、plans</translation>
    </message>
    <message>
        <source>unknown field; a quote has vendor, id, date, valid_until, items</source>
        <translation>未知字段；报价包含 vendor、id、date、valid_until、items</translation>
    </message>
    <message>
        <source>expected an object of prices (%1), not %2</source>
        <translation>应为价格对象（%1），而不是 %2</translation>
    </message>
    <message>
        <source>unknown item; a quote&apos;s items are: %1</source>
        <translation>未知条目；报价的条目有：%1</translation>
    </message>
    <message>
        <source>reading saved comparisons: %1</source>
        <translation>读取已保存的对比时出错：%1</translation>
    </message>
    <message>
        <source>a saved comparison needs a name</source>
        <translation>保存的对比需要一个名称</translation>
    </message>
    <message>
        <source>saving comparison &quot;%1&quot;: %2</source>
        <translation>保存对比“%1”时出错：%2</translation>
    </message>
    <message>
        <source>no saved comparison &quot;%1&quot;</source>
        <translation>没有已保存的对比“%1”</translation>
    </message>
    <message>
        <source>saved comparison &quot;%1&quot; in %2</source>
        <translation>%2 中已保存的对比“%1”</translation>
    </message>
    <message>
        <source>The preset library %1 could not be used (%2). It was moved to %3 and a new, empty library was started; your built-in presets are unaffected.</source>
        <translation>无法使用预设库 %1（%2）。它已被移到 %3，并新建了一个空的预设库；内置预设不受影响。</translation>
    </message>
    <message>
        <source>expected a short name of 1 to 200 characters</source>
        <translation>应为 1 到 200 个字符的简称</translation>
    </message>
    <message>
        <source>expected a list of at most 8 name tags</source>
        <translation>应为最多 8 个名称标签的列表</translation>
    </message>
    <message>
        <source>invalid JSON: the text holds no value (it is empty)</source>
        <translation>无效的 JSON：文本中没有任何值（它是空的）</translation>
    </message>
    <message>
        <source>invalid JSON: the text ends inside the object opened at line %1, column %2</source>
        <translation>无效的 JSON：文本在第 %1 行第 %2 列开始的对象内部就结束了</translation>
    </message>
    <message>
        <source>invalid JSON: the text ends inside the array opened at line %1, column %2</source>
        <translation>无效的 JSON：文本在第 %1 行第 %2 列开始的数组内部就结束了</translation>
    </message>
    <message>
        <source>invalid JSON: objects and arrays are nested more than %1 deep</source>
        <translation>无效的 JSON：对象和数组的嵌套超过 %1 层</translation>
    </message>
    <message>
        <source>invalid JSON: \u takes four hexadecimal digits (got %1)</source>
        <translation>无效的 JSON：\u 后须跟四位十六进制数字（实际为 %1）</translation>
    </message>
    <message>
        <source>invalid JSON: %1 is not an escape JSON knows; a backslash is written \\ (the escapes are \&quot; \\ \/ \b \f \n \r \t and \u followed by four hexadecimal digits)</source>
        <translation>无效的 JSON：%1 不是 JSON 认识的转义；反斜杠应写作 \\（转义有 \&quot; \\ \/ \b \f \n \r \t，以及 \u 加四位十六进制数字）</translation>
    </message>
    <message>
        <source>invalid JSON: a control character (U+%1) inside a string must be written as an escape, such as \n, \t or \u%1</source>
        <translation>无效的 JSON：字符串中的控制字符（U+%1）必须写成转义，例如 \n、\t 或 \u%1</translation>
    </message>
    <message>
        <source>invalid JSON: the byte 0x%1 here is not UTF-8; save the file as UTF-8</source>
        <translation>无效的 JSON：此处的字节 0x%1 不是 UTF-8；请将文件保存为 UTF-8</translation>
    </message>
    <message>
        <source>invalid JSON: the string that starts here is not closed with a double quote</source>
        <translation>无效的 JSON：从此处开始的字符串没有用双引号结束</translation>
    </message>
    <message>
        <source>invalid JSON: a minus sign must be followed by a digit (got %1)</source>
        <translation>无效的 JSON：负号后必须跟数字（实际为 %1）</translation>
    </message>
    <message>
        <source>invalid JSON: %1 is hexadecimal, which JSON does not read; write the number in decimal</source>
        <translation>无效的 JSON：%1 是十六进制，JSON 不支持；请用十进制书写该数字</translation>
    </message>
    <message>
        <source>invalid JSON: a number may not start with 0 unless it is 0 or 0.something (got %1)</source>
        <translation>无效的 JSON：数字不能以 0 开头，除非它是 0 或 0.xxx（实际为 %1）</translation>
    </message>
    <message>
        <source>invalid JSON: a decimal point must be followed by a digit (got %1)</source>
        <translation>无效的 JSON：小数点后必须跟数字（实际为 %1）</translation>
    </message>
    <message>
        <source>invalid JSON: an exponent must have digits (got %1)</source>
        <translation>无效的 JSON：指数必须有数字（实际为 %1）</translation>
    </message>
    <message>
        <source>invalid JSON: %1 is not a number</source>
        <translation>无效的 JSON：%1 不是数字</translation>
    </message>
    <message>
        <source>invalid JSON: %1 is larger than any number Commtax can hold (about 1.8e308)</source>
        <translation>无效的 JSON：%1 超出 Commtax 能表示的最大数（约 1.8e308）</translation>
    </message>
    <message>
        <source>invalid JSON: %1 is not a JSON value; a value is a number, a string in double quotes, true, false, null, an object or an array</source>
        <translation>无效的 JSON：%1 不是 JSON 值；值可以是数字、双引号中的字符串、true、false、null、对象或数组</translation>
    </message>
    <message>
        <source>invalid JSON: a string is written in double quotes, not single (got %1)</source>
        <translation>无效的 JSON：字符串须用双引号，而不是单引号（实际为 %1）</translation>
    </message>
    <message>
        <source>invalid JSON: JSON has no comments</source>
        <translation>无效的 JSON：JSON 不支持注释</translation>
    </message>
    <message>
        <source>invalid JSON: a number starts with a digit or a minus sign (got %1)</source>
        <translation>无效的 JSON：数字须以数字或负号开头（实际为 %1）</translation>
    </message>
    <message>
        <source>invalid JSON: the key has no value after its colon</source>
        <translation>无效的 JSON：该键的冒号后没有值</translation>
    </message>
    <message>
        <source>invalid JSON: a comma must be followed by another value (JSON has no trailing comma)</source>
        <translation>无效的 JSON：逗号后必须还有一个值（JSON 不允许末尾逗号）</translation>
    </message>
    <message>
        <source>invalid JSON: expected a value (got %1)</source>
        <translation>无效的 JSON：此处应为一个值（实际为 %1）</translation>
    </message>
    <message>
        <source>invalid JSON: text after the end of the value (got %1)</source>
        <translation>无效的 JSON：值结束后还有文本（实际为 %1）</translation>
    </message>
    <message>
        <source>invalid JSON: the text starts with %1; a JSON file holds an object in braces { }</source>
        <translation>无效的 JSON：文本以 %1 开头；JSON 文件应包含一个花括号 { } 中的对象</translation>
    </message>
    <message>
        <source>invalid JSON: a comma must be followed by another key (JSON has no trailing comma)</source>
        <translation>无效的 JSON：逗号后必须还有一个键（JSON 不允许末尾逗号）</translation>
    </message>
    <message>
        <source>invalid JSON: a key is written as a string in double quotes (got %1)</source>
        <translation>无效的 JSON：键须写成双引号中的字符串（实际为 %1）</translation>
    </message>
    <message>
        <source>invalid JSON: expected a colon after the key (got %1)</source>
        <translation>无效的 JSON：键后应为冒号（实际为 %1）</translation>
    </message>
    <message>
        <source>invalid JSON: expected a comma or the } that closes the object opened at line %1, column %2 (got %3)</source>
        <translation>无效的 JSON：此处应为逗号，或结束第 %1 行第 %2 列开始的对象的 }（实际为 %3）</translation>
    </message>
    <message>
        <source>invalid JSON: expected a comma or the ] that closes the array opened at line %1, column %2 (got %3)</source>
        <translation>无效的 JSON：此处应为逗号，或结束第 %1 行第 %2 列开始的数组的 ]（实际为 %3）</translation>
    </message>
    <message>
        <source>invalid JSON: the string that starts here runs past the end of its line: close it with a double quote, or write a line break inside it as \n</source>
        <translation>无效的 JSON：从此处开始的字符串越过了行尾：请用双引号结束它，或将其中的换行写作 \n</translation>
    </message>
    <message>
        <source>invalid JSON: %1 is closer to 0 than any number Commtax can hold (about 4.9e-324); write 0</source>
        <translation>无效的 JSON：%1 比 Commtax 能表示的最小正数（约 4.9e-324）更接近 0；请写 0</translation>
    </message>
</context>
<context>
    <name>commtax::HandbookDialog</name>
    <message>
        <source>Commtax Handbook</source>
        <translation>Commtax 手册</translation>
    </message>
    <message>
        <source>Plan fields</source>
        <translation>方案字段</translation>
    </message>
    <message>
        <source>Every field of the plan editor, with its unit, what it means and its key in scenario files. F1 on a field opens its entry here.</source>
        <translation>方案编辑器中的每个字段，包括单位、含义以及在场景文件中的键名。在字段上按 F1 即可打开此处对应的条目。</translation>
    </message>
</context>
<context>
    <name>commtax::KeyFigures</name>
    <message>
        <source>Step time</source>
        <translation>单步时间</translation>
    </message>
    <message>
        <source>Wall-clock time of one optimizer step: compute, bubble and exposed communication</source>
        <translation>一个优化器步的墙钟时间：计算、气泡和暴露的通信</translation>
    </message>
    <message>
        <source>Comm tax</source>
        <translation>通信税</translation>
    </message>
    <message>
        <source>Communication not hidden under compute, as a share of the step: T_comm_exposed / T_step. Raw: T_comm / (T_comm + T_comp), as if nothing overlapped (the seed articles&apos; definition)</source>
        <translation>未被计算隐藏的通信占单步时间的比例：T_comm_exposed / T_step。原始：T_comm / (T_comm + T_comp)，即完全不重叠时（原始文章的定义）</translation>
    </message>
    <message>
        <source>Pipeline bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <source>Share of the pipeline&apos;s time idle: (p-1)/(v*m+p-1). Overhead on compute: (p-1)/(v*m)</source>
        <translation>流水线空闲时间的比例：(p-1)/(v*m+p-1)。相对计算的开销：(p-1)/(v*m)</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>Model FLOPs per step / (step time x GPUs x dense peak of the chosen precision)</source>
        <translation>每步模型 FLOPs / (单步时间 x GPU 数 x 所选精度的稠密峰值)</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>每 GPU 显存</translation>
    </message>
    <message>
        <source>First pipeline stage: weights, gradients, optimizer states and activations, against the usable memory (capacity less a 10% allocator reserve)</source>
        <translation>第一个流水线阶段：权重、梯度、优化器状态和激活，与可用显存比较（容量减去 10% 分配器预留）</translation>
    </message>
    <message>
        <source>Tokens per day</source>
        <translation>每天 token 数</translation>
    </message>
    <message>
        <source>Global batch x sequence length / step time x 86400 s</source>
        <translation>全局批大小 x 序列长度 / 单步时间 x 86400 s</translation>
    </message>
    <message>
        <source>Days to train</source>
        <translation>训练天数</translation>
    </message>
    <message>
        <source>Tokens to train / (tokens per second x goodput), in days</source>
        <translation>训练 token 数 / (每秒 token 数 x 有效训练率)，以天计</translation>
    </message>
    <message>
        <source>TCO of the run</source>
        <translation>训练任务 TCO</translation>
    </message>
    <message>
        <source>Cost per hour (depreciation, energy, upkeep; or rent) x wall-clock hours</source>
        <translation>每小时成本（折旧、能耗、维护；或租金）x 墙钟小时数</translation>
    </message>
    <message>
        <source>USD per 1B tokens</source>
        <translation>每十亿 token 的 USD</translation>
    </message>
    <message>
        <source>Cost per hour / (billions of tokens trained per hour, after goodput)</source>
        <translation>每小时成本 / (每小时训练的十亿 token 数，已计有效训练率)</translation>
    </message>
    <message numerus="yes">
        <source>%n micro-batches</source>
        <translation>
            <numerusform>%n 个微批次</numerusform>
        </translation>
    </message>
    <message>
        <source>exposed, raw %1</source>
        <translation>暴露，原始 %1</translation>
    </message>
    <message>
        <source>+%1 on compute</source>
        <translation>计算开销 +%1</translation>
    </message>
    <message>
        <source>of %1 GB usable</source>
        <translation>可用 %1 GB</translation>
    </message>
    <message>
        <source>NO FIT in %1 GB</source>
        <translation>%1 GB 放不下</translation>
    </message>
    <message>
        <source>on %1 GPUs</source>
        <translation>%1 个 GPU</translation>
    </message>
    <message>
        <source>%1 per hour</source>
        <translation>每小时 %1</translation>
    </message>
    <message>
        <source>per 1e9 tokens</source>
        <translation>每 1e9 token</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;Stale: the last valid plan&apos;s figure.&lt;/i&gt;</source>
        <translation>&lt;br&gt;&lt;i&gt;已过时：上一个有效方案的数值。&lt;/i&gt;</translation>
    </message>
    <message>
        <source>P10-P90: %1</source>
        <translation>P10-P90：%1</translation>
    </message>
    <message>
        <source> (uncertainty of the inputs and of the engine)</source>
        <translation>（输入和引擎的不确定性）</translation>
    </message>
</context>
<context>
    <name>commtax::Launch</name>
    <message>
        <source>tp_overlap needs sequence parallelism and tp &gt; 1 in Megatron-LM (--tp-comm-overlap): left out</source>
        <translation>在 Megatron-LM 中 tp_overlap 需要序列并行且 tp &gt; 1（--tp-comm-overlap）：已省略</translation>
    </message>
    <message>
        <source>Megatron-FSDP (ZeRO-%1) with pipeline parallelism: check that your Megatron-LM version supports the combination</source>
        <translation>Megatron-FSDP（ZeRO-%1）与流水线并行同用：请确认你的 Megatron-LM 版本支持这种组合</translation>
    </message>
    <message>
        <source>ZeRO-2 is Megatron-FSDP&apos;s optim_grads strategy (parameters kept whole, gradients and optimizer states sharded)</source>
        <translation>ZeRO-2 对应 Megatron-FSDP 的 optim_grads 策略（参数保持完整，梯度和优化器状态分片）</translation>
    </message>
    <message>
        <source>tp_overlap: add MegatronCommOverlapCallback(tp_comm_overlap=True) to recipe.trainer.callbacks (see the recipe&apos;s pretrain_performance_optimizations)</source>
        <translation>tp_overlap：把 MegatronCommOverlapCallback(tp_comm_overlap=True) 加入 recipe.trainer.callbacks（参见 recipe 的 pretrain_performance_optimizations）</translation>
    </message>
    <message>
        <source>pipeline parallelism: build the model as a deepspeed.pipe.PipelineModule with num_stages=%1 (the pipeline section&apos;s stages says the same)</source>
        <translation>流水线并行：把模型构建为 num_stages=%1 的 deepspeed.pipe.PipelineModule（pipeline 部分的 stages 与此一致）</translation>
    </message>
    <message>
        <source>vpp=%1: DeepSpeed&apos;s pipeline engine has no interleaved schedule; it runs vpp=1</source>
        <translation>vpp=%1：DeepSpeed 的流水线引擎没有交错调度，会按 vpp=1 运行</translation>
    </message>
    <message>
        <source>Megatron-style sequence parallelism has no DeepSpeed config key (DeepSpeed&apos;s sequence parallelism is Ulysses, which splits attention heads)</source>
        <translation>Megatron 式序列并行在 DeepSpeed 配置中没有对应的键（DeepSpeed 的序列并行是 Ulysses，按注意力头切分）</translation>
    </message>
    <message>
        <source>selective recompute is chosen in the model code, not in the DeepSpeed config</source>
        <translation>选择性重计算在模型代码中设置，而不是在 DeepSpeed 配置中</translation>
    </message>
    <message>
        <source>FP8: DeepSpeed&apos;s config has no FP8 training switch; use Transformer Engine in the model</source>
        <translation>FP8：DeepSpeed 配置中没有 FP8 训练开关；请在模型中使用 Transformer Engine</translation>
    </message>
    <message>
        <source>uneven pipeline stages: give PipelineModule a partition_method that matches them</source>
        <translation>流水线阶段不均：为 PipelineModule 指定与之匹配的 partition_method</translation>
    </message>
    <message>
        <source>experts: build the MoE layers as deepspeed.moe.layer.MoE(num_experts=%1, ep_size=%2, k=%3) (deepspeed/moe/layer.py); DeepSpeed splits no expert over tensor-parallel ranks (etp=%4)</source>
        <translation>专家：把 MoE 层构建为 deepspeed.moe.layer.MoE(num_experts=%1, ep_size=%2, k=%3)（deepspeed/moe/layer.py）；DeepSpeed 不会把专家切分到张量并行的各 rank 上（etp=%4）</translation>
    </message>
    <message>
        <source>experts: build the MoE layers as deepspeed.moe.layer.MoE(num_experts=%1, ep_size=%2, k=%3) (deepspeed/moe/layer.py)</source>
        <translation>专家：把 MoE 层构建为 deepspeed.moe.layer.MoE(num_experts=%1, ep_size=%2, k=%3)（deepspeed/moe/layer.py）</translation>
    </message>
    <message>
        <source>ZeRO-%1: torchtitan shards with FSDP2; reshard_after_forward=never keeps the parameters after the forward (ZeRO-2-like), the nearest it has</source>
        <translation>ZeRO-%1：torchtitan 用 FSDP2 分片；reshard_after_forward=never 在前向之后保留参数（类似 ZeRO-2），这是它最接近的选项</translation>
    </message>
    <message>
        <source>FP8: start from a float8 config of the registry (e.g. llama3_debugmodel_float8 shows the converter)</source>
        <translation>FP8：从注册表中的 float8 配置开始（例如 llama3_debugmodel_float8 展示了转换器的用法）</translation>
    </message>
    <message>
        <source>etp=%1: torchtitan has no expert tensor parallelism (each expert whole on its rank, etp 1)</source>
        <translation>etp=%1：torchtitan 没有专家张量并行（每个专家完整地放在一个 rank 上，即 etp 1）</translation>
    </message>
    <message>
        <source>ep=%1 must divide data_parallel_shard_degree * cp * tp in torchtitan: shard the data-parallel ranks (ZeRO 1-3) or lower ep</source>
        <translation>在 torchtitan 中 ep=%1 必须整除 data_parallel_shard_degree * cp * tp：对数据并行 rank 分片（ZeRO 1-3）或减小 ep</translation>
    </message>
    <message>
        <source>biases left out: Megatron-LM allows biases in MoE layers only with etp=1 (etp=%1)</source>
        <translation>已省略偏置：Megatron-LM 只在 etp=1 时允许 MoE 层带偏置（etp=%1）</translation>
    </message>
    <message>
        <source>the scenario does not give the model&apos;s rotary base: %1 written, change --rotary-base to your model&apos;s rope_theta</source>
        <translation>场景未给出模型的旋转位置编码基数：已写入 %1，请把 --rotary-base 改为模型的 rope_theta</translation>
    </message>
    <message>
        <source>DeepSpeed counts %1 data-parallel ranks (the ranks of a pipeline stage): train_batch_size %2 is the plan&apos;s %3 sequences per step times %4, the ranks of a tensor- or context-parallel group reading the same samples</source>
        <translation>DeepSpeed 计入 %1 个数据并行 rank（一个流水线阶段的全部 rank）：train_batch_size %2 是计划每步 %3 条序列乘以 %4，同一张量并行或上下文并行组的 rank 读取相同的样本</translation>
    </message>
    <message>
        <source>DeepSpeed counts %1 data-parallel ranks (every rank): train_batch_size %2 is the plan&apos;s %3 sequences per step times %4, the ranks of a tensor- or context-parallel group reading the same samples</source>
        <translation>DeepSpeed 计入 %1 个数据并行 rank（全部 rank）：train_batch_size %2 是计划每步 %3 条序列乘以 %4，同一张量并行或上下文并行组的 rank 读取相同的样本</translation>
    </message>
    <message>
        <source>ZeRO-%1 with pp=%2: DeepSpeed&apos;s pipeline engine refuses ZeRO-2 and ZeRO-3, so stage 1 is written (gradients and parameters kept whole on each GPU: more memory than planned)</source>
        <translation>ZeRO-%1 且 pp=%2：DeepSpeed 的流水线引擎拒绝 ZeRO-2 和 ZeRO-3，因此写入 stage 1（梯度和参数在每个 GPU 上完整保存：内存多于计划）</translation>
    </message>
    <message>
        <source>ZeRO-%1 with pp=%2: DeepSpeed&apos;s pipeline engine refuses ZeRO-2 and ZeRO-3, so stage 1 is written (gradients kept whole on each GPU: more memory than planned)</source>
        <translation>ZeRO-%1 且 pp=%2：DeepSpeed 的流水线引擎拒绝 ZeRO-2 和 ZeRO-3，因此写入 stage 1（梯度在每个 GPU 上完整保存：内存多于计划）</translation>
    </message>
    <message>
        <source>cp=%1: DeepSpeed has no ring context parallelism in its config (its sequence parallelism is Ulysses, in the model code)</source>
        <translation>cp=%1：DeepSpeed 的配置中没有环形上下文并行（它的序列并行是 Ulysses，在模型代码中实现）</translation>
    </message>
    <message>
        <source>experts under ZeRO-3: DeepSpeed refuses deepspeed.moe.layer.MoE there; use AutoEP (expert_parallel.autoep_size=%1, deepspeed/module_inject/auto_ep_config.py), which under ZeRO-3 takes no tensor parallelism (tp=%2)</source>
        <translation>ZeRO-3 下的专家：DeepSpeed 在此拒绝 deepspeed.moe.layer.MoE；请使用 AutoEP（expert_parallel.autoep_size=%1，deepspeed/module_inject/auto_ep_config.py），它在 ZeRO-3 下不支持张量并行（tp=%2）</translation>
    </message>
    <message>
        <source>torchtitan has no model of its own for %2: the nearest, %1 (flavour %3), is a different model; give the config a model_spec for %2</source>
        <translation>torchtitan 没有 %2 自己的模型：最接近的 %1（规格 %3）是另一个模型；请为配置提供 %2 的 model_spec</translation>
    </message>
    <message>
        <source>per-op checkpointing (recompute ops) is PyTorch&apos;s and torchtitan&apos;s: the nearest here is selective recompute, written (more memory and less recompute than planned)</source>
        <translation>逐算子检查点（recompute ops）是 PyTorch 和 torchtitan 的做法：这里最接近的是 selective 重算，已按此写出（显存比规划的多，重算比规划的少）</translation>
    </message>
    <message>
        <source>torchtitan&apos;s selective checkpointing is per-op (recompute ops: every second matmul runs again), not Megatron&apos;s attention-core recompute: expect more recompute and less memory than planned</source>
        <translation>torchtitan 的 selective 检查点是逐算子的（recompute ops：每隔一个矩阵乘重算），不是 Megatron 的注意力核心重算：重算会比规划的多，显存比规划的少</translation>
    </message>
    <message>
        <source>recompute modules beyond the attention core (layernorm, mlp, moe, moe_act) are Megatron-Core&apos;s: not written (less recompute and more memory than planned)</source>
        <translation>注意力核心以外的重计算模块（layernorm、mlp、moe、moe_act）是 Megatron-Core 的功能：未写出（重计算比规划的少，显存比规划的多）</translation>
    </message>
    <message>
        <source>optimizer_bytes=%1: the config keeps the framework&apos;s Adam with fp32 states (12 bytes per parameter)</source>
        <translation>optimizer_bytes=%1：配置保留框架的 fp32 状态 Adam（每参数 12 字节）</translation>
    </message>
    <message>
        <source>recompute dots (every matmul&apos;s output kept, as JAX and MaxText&apos;s minimal_flash do) has no torchtitan setting: its per-op SelectiveAC is written (every second matmul again: less memory and more recompute than planned)</source>
        <translation>recompute dots（保留每个矩阵乘的输出，如 JAX 和 MaxText 的 minimal_flash）在 torchtitan 中没有对应设置：已写出其逐算子 SelectiveAC（每隔一个矩阵乘重算：显存比规划的少，重算比规划的多）</translation>
    </message>
    <message>
        <source>recompute dots (every matmul&apos;s output kept, as JAX and MaxText&apos;s minimal_flash do) has no setting here: the nearest, selective recompute, is written (more memory and less recompute than planned)</source>
        <translation>recompute dots（保留每个矩阵乘的输出，如 JAX 和 MaxText 的 minimal_flash）在这里没有对应设置：已写出最接近的 selective 重算（显存比规划的多，重算比规划的少）</translation>
    </message>
    <message>
        <source>offload_layers=%1: activation offload to host memory is Megatron-Core&apos;s: not written (more GPU memory than planned)</source>
        <translation>offload_layers=%1：激活卸载到主机内存是 Megatron-Core 的功能：未写入（GPU 内存比计划的多）</translation>
    </message>
    <message>
        <source>offload_layers=%1: Megatron-Core offloads activations only with pp=1 and without activation recompute: not written (more GPU memory than planned)</source>
        <translation>offload_layers=%1：Megatron-Core 仅在 pp=1 且不做激活重算时卸载激活：未写入（GPU 内存比计划的多）</translation>
    </message>
    <message>
        <source>attention_kernel=flash2: not written: Transformer Engine picks cuDNN&apos;s fused attention on this GPU (faster attention than planned)</source>
        <translation>attention_kernel=flash2：未写入：Transformer Engine 在此 GPU 上选用 cuDNN 融合注意力（注意力比计划更快）</translation>
    </message>
    <message>
        <source>dropout %1: torchtitan&apos;s models have no dropout; the run keeps no masks</source>
        <translation>dropout %1：torchtitan 的模型没有 dropout，运行时不保存掩码</translation>
    </message>
    <message>
        <source>unfused_loss=%1: not written: Megatron-Core&apos;s unfused loss is its own vocab-parallel cross-entropy, 6 bytes per logit (less memory than planned)</source>
        <translation>unfused_loss=%1：未写入：Megatron-Core 的非融合损失是其自身的词表并行交叉熵，每个 logit 6 字节（显存少于计划）</translation>
    </message>
    <message>
        <source>fused_cross_entropy: torchtitan has no fused loss: PyTorch&apos;s F.cross_entropy runs, 12 bytes per logit (more memory and time than planned)</source>
        <translation>fused_cross_entropy：torchtitan 没有融合损失：运行的是 PyTorch 的 F.cross_entropy，每个 logit 12 字节（显存与时间多于计划）</translation>
    </message>
    <message>
        <source>unfused_loss=megatron: torchtitan&apos;s loss is PyTorch&apos;s F.cross_entropy on fp32 logits, 12 bytes per logit (more memory than planned)</source>
        <translation>unfused_loss=megatron：torchtitan 的损失是 PyTorch 在 fp32 logits 上的 F.cross_entropy，每个 logit 12 字节（显存多于计划）</translation>
    </message>
    <message>
        <source>optimizer_kernel=foreach: not written: this framework steps a fused Adam (less time than planned)</source>
        <translation>optimizer_kernel=foreach：未写入：该框架使用融合 Adam 更新（比计划用时少）</translation>
    </message>
    <message>
        <source>optimizer_kernel=foreach: the config names no optimizer: the training script&apos;s runs (torch.optim.AdamW without fused=True, as planned)</source>
        <translation>optimizer_kernel=foreach：配置未指定优化器：由训练脚本的优化器运行（torch.optim.AdamW 不设 fused=True，与计划一致）</translation>
    </message>
    <message>
        <source>optimizer_kernel=fused: the config names no optimizer: the training script&apos;s runs (a fused one as planned, such as DeepSpeed&apos;s FusedAdam or torch.optim.AdamW(fused=True); PyTorch&apos;s default AdamW takes longer)</source>
        <translation>optimizer_kernel=fused：配置未指定优化器：由训练脚本的优化器运行（按计划应为融合实现，例如 DeepSpeed 的 FusedAdam 或 torch.optim.AdamW(fused=True)；PyTorch 默认的 AdamW 用时更长）</translation>
    </message>
    <message>
        <source>fp8_weight_cache off: not written: Megatron-LM has no flag for disable_parameter_transpose_cache and casts the FP8 weights once a step (less time than planned)</source>
        <translation>fp8_weight_cache 关闭：未写入：Megatron-LM 没有 disable_parameter_transpose_cache 的命令行参数，它每步只转换一次 FP8 权重（比计划用时少）</translation>
    </message>
    <message>
        <source>fp8_weight_cache: torchtitan&apos;s Float8 linears (torchao) cast the weights in every micro-batch, not once a step (more time than planned)</source>
        <translation>fp8_weight_cache：torchtitan 的 Float8 线性层（torchao）在每个微批次都转换权重，而非每步一次（比计划用时多）</translation>
    </message>
    <message>
        <source>recompute_num_layers=%1: full recompute of some layers only is Megatron-Core&apos;s (--recompute-method block): every layer is written (more recompute and less memory than planned)</source>
        <translation>recompute_num_layers=%1：只对部分层做完全重算是 Megatron-Core 的功能（--recompute-method block）：已写出对所有层重算（重算比计划的多，显存比计划的少）</translation>
    </message>
    <message>
        <source>offload_expert_fc1, offload_moe_act: fine-grained activation offload is Megatron-Core&apos;s: not written (more GPU memory than planned)</source>
        <translation>offload_expert_fc1、offload_moe_act：细粒度激活卸载是 Megatron-Core 的功能：未写入（GPU 内存比计划的多）</translation>
    </message>
    <message>
        <source>offload_expert_fc1, offload_moe_act: Megatron-Core refuses fine-grained activation offload beside offload_layers: not written (more GPU memory than planned)</source>
        <translation>offload_expert_fc1、offload_moe_act：Megatron-Core 不允许细粒度激活卸载与 offload_layers 同时使用：未写入（GPU 内存比计划的多）</translation>
    </message>
    <message>
        <source>offload_expert_fc1, offload_moe_act: fine-grained activation offload came with Megatron-Core 0.16 (2026-01), after NeMo 2.6: not written (more GPU memory than planned)</source>
        <translation>offload_expert_fc1、offload_moe_act：细粒度激活卸载随 Megatron-Core 0.16（2026-01）推出，晚于 NeMo 2.6：未写入（GPU 内存比计划的多）</translation>
    </message>
    <message>
        <source>a node&apos;s %1 GPUs do not fill hosts of %2 (cluster.gpus_per_host): written as one host of %1; set the launcher&apos;s processes per host by hand</source>
        <translation>一个节点的 %1 块 GPU 填不满每台 %2 块的主机（cluster.gpus_per_host）：按一台 %1 块 GPU 的主机写出；请手动设置启动器每台主机的进程数</translation>
    </message>
    <message>
        <source>glu_clamp: Megatron-LM has no command-line flag for the activation&apos;s clamp (TransformerConfig.activation_func_clamp_value): not written</source>
        <translation>glu_clamp：Megatron-LM 没有激活截断的命令行参数（TransformerConfig.activation_func_clamp_value）：未写入</translation>
    </message>
    <message>
        <source>attention_kernel=%1: this framework runs FlashAttention-2 (PyTorch&apos;s scaled_dot_product_attention), %2 of cuDNN&apos;s speed on this GPU (slower attention than planned)</source>
        <translation>attention_kernel=%1：此框架运行 FlashAttention-2（PyTorch 的 scaled_dot_product_attention），在此 GPU 上为 cuDNN 速度的 %2（注意力比计划更慢）</translation>
    </message>
    <message>
        <source>attention_kernel=cudnn_2024: not written: a container of today runs today&apos;s cuDNN (faster attention than planned)</source>
        <translation>attention_kernel=cudnn_2024：未写入：当前的容器运行当前版本的 cuDNN（注意力比计划更快）</translation>
    </message>
    <message>
        <source>selective recompute with FlashAttention runs nothing again, as planned: the fused kernel keeps no score matrix, and Megatron-Core&apos;s core_attn module would run its forward again in the backward to save only its softmax statistics. No recompute setting is written</source>
        <translation>使用 FlashAttention 的 selective 重计算不重算任何内容，与规划一致：融合内核不保存分数矩阵，而 Megatron-Core 的 core_attn 模块会在反向中再次运行其前向，只为节省其 softmax 统计量。因此不写出任何重计算设置</translation>
    </message>
    <message>
        <source>dp_shard=%1: DeepSpeed&apos;s hybrid sharding (MiCS) is ZeRO-3&apos;s only, so stage %2 shards over all %3 data-parallel ranks: less memory and other traffic than planned</source>
        <translation>dp_shard=%1：DeepSpeed 的混合分片（MiCS）仅用于 ZeRO-3，因此 stage %2 在全部 %3 个数据并行 rank 上分片：显存比规划的少，通信与规划的不同</translation>
    </message>
    <message>
        <source>dp_shard=%1: written as MiCS (mics_shard_size, every rank of a shard group: dp_shard x tp x cp); build the model under deepspeed.zero.MiCS_Init instead of deepspeed.zero.Init</source>
        <translation>dp_shard=%1：以 MiCS 写入（mics_shard_size 为一个分片组的全部 rank：dp_shard x tp x cp）；请在 deepspeed.zero.MiCS_Init 而不是 deepspeed.zero.Init 下构建模型</translation>
    </message>
</context>
<context>
    <name>commtax::LaunchExportDialog</name>
    <message>
        <source>Export launch config</source>
        <translation>导出启动配置</translation>
    </message>
    <message>
        <source>Megatron-LM: torchrun command line (.sh)</source>
        <translation>Megatron-LM：torchrun 命令行（.sh）</translation>
    </message>
    <message>
        <source>NeMo 2: NeMo-Run Python recipe (.py)</source>
        <translation>NeMo 2：NeMo-Run Python recipe（.py）</translation>
    </message>
    <message>
        <source>DeepSpeed: JSON config (.json)</source>
        <translation>DeepSpeed：JSON 配置文件（.json）</translation>
    </message>
    <message>
        <source>torchtitan: Python config function (.py)</source>
        <translation>torchtitan：Python 配置函数（.py）</translation>
    </message>
    <message>
        <source>Framework</source>
        <translation>训练框架</translation>
    </message>
    <message>
        <source>&amp;Framework:</source>
        <translation>训练框架(&amp;F)：</translation>
    </message>
    <message>
        <source>Launch config as it will be written</source>
        <translation>将要写出的启动配置</translation>
    </message>
    <message>
        <source>&amp;Save...</source>
        <translation>保存(&amp;S)...</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <source>The plan is invalid, so it has no launch config: %1</source>
        <translation>方案无效，无法生成启动配置：%1</translation>
    </message>
    <message>
        <source>The framework runs this layout as planned.</source>
        <translation>该框架可以按方案原样运行此并行布局。</translation>
    </message>
    <message>
        <source>What the framework cannot express exactly (also in the text as comments where the format allows):</source>
        <translation>该框架无法精确表达的部分（格式允许时也以注释形式写在配置中）：</translation>
    </message>
    <message>
        <source>Could not export</source>
        <translation>无法导出</translation>
    </message>
    <message>
        <source>Megatron-Bridge: Python recipe script (.py)</source>
        <translation>Megatron-Bridge：Python 配方脚本（.py）</translation>
    </message>
</context>
<context>
    <name>commtax::Library</name>
    <message>
        <source>As given</source>
        <translation>按原样</translation>
    </message>
    <message>
        <source>Equal GPU count</source>
        <translation>相同 GPU 数量</translation>
    </message>
    <message>
        <source>Equal budget (capex)</source>
        <translation>相同预算（资本支出）</translation>
    </message>
    <message>
        <source>%1 would match it at a GPU price of %2 per GPU-hour (today %3 per GPU-hour): a price to negotiate towards.</source>
        <translation>当 GPU 价格降到每 GPU 小时 %2（目前为每 GPU 小时 %3）时，%1 的成本将与之持平：这是议价的目标价。</translation>
    </message>
    <message>
        <source>%1 would match it at a GPU price of %2 per GPU (today %3 per GPU): a price to negotiate towards.</source>
        <translation>当 GPU 价格降到每块 GPU %2（目前为每块 GPU %3）时，%1 的成本将与之持平：这是议价的目标价。</translation>
    </message>
    <message>
        <source>%1 matches %2 on cost if %3 exceeds %4 (now %5; inside its range).</source>
        <translation>若%3超过 %4，%1 的成本与 %2 持平（当前为 %5，在其取值范围内）。</translation>
    </message>
    <message>
        <source>%1 matches %2 on cost if %3 exceeds %4 (now %5; outside its range).</source>
        <translation>若%3超过 %4，%1 的成本与 %2 持平（当前为 %5，超出其取值范围）。</translation>
    </message>
    <message>
        <source>%1 matches %2 on cost if %3 falls below %4 (now %5; inside its range).</source>
        <translation>若%3低于 %4，%1 的成本与 %2 持平（当前为 %5，在其取值范围内）。</translation>
    </message>
    <message>
        <source>%1 matches %2 on cost if %3 falls below %4 (now %5; outside its range).</source>
        <translation>若%3低于 %4，%1 的成本与 %2 持平（当前为 %5，超出其取值范围）。</translation>
    </message>
    <message>
        <source>its model</source>
        <translation>各自的模型</translation>
    </message>
    <message>
        <source>%1 trillion tokens</source>
        <translation>%1T token</translation>
    </message>
    <message>
        <source>%1 billion tokens</source>
        <translation>%1B token</translation>
    </message>
    <message>
        <source>each as specified</source>
        <translation>按各方案的原始设定</translation>
    </message>
    <message>
        <source>at an equal GPU count (%1 GPUs)</source>
        <translation>在相同 GPU 数量（%1 块 GPU）下</translation>
    </message>
    <message>
        <source>at an equal capital budget (%1)</source>
        <translation>在相同资本预算（%1）下</translation>
    </message>
    <message>
        <source>, each on its best layout for time</source>
        <translation>，且各自采用时间最优的并行布局</translation>
    </message>
    <message>
        <source>, each on its best layout for cost</source>
        <translation>，且各自采用成本最优的并行布局</translation>
    </message>
    <message>
        <source>, each on its best layout for tco</source>
        <translation>，且各自采用 TCO 最优的并行布局</translation>
    </message>
    <message>
        <source>Which of these %1 plans trains %2 on %3 at the lowest cost per billion tokens, compared %4?</source>
        <translation>%4，这 %1 个方案中哪一个用 %3 训练 %2 时每十亿 token 的成本最低？</translation>
    </message>
    <message>
        <source>Recommended: %1, rented: no cash up front; this run costs %2 in rent (%3 GPUs at %4 per GPU-hour for %5 days), and nothing is owed once it ends.</source>
        <translation>推荐：%1（租用）：无需前期现金投入；本次训练的租金为 %2（%3 块 GPU，每 GPU 小时 %4，共 %5 天），训练结束后不再产生任何费用。</translation>
    </message>
    <message>
        <source>Recommended: %1, bought: %2 cash up front (%3 GPUs with servers and network); this run costs %4 (TCO of the run: its %5 days&apos; share of %6 years of depreciation, plus energy and upkeep), which assumes the cluster is kept busy for all of its %6 years (%7 utilisation: idle months cost the same)</source>
        <translation>推荐：%1（购买）：前期现金投入 %2（%3 块 GPU，含服务器和网络）；本次训练成本为 %4（本次训练的 TCO：其 %5 天在 %6 年折旧中所占的份额，加上电费和运维费用），前提是集群在全部 %6 年内一直保持繁忙（利用率 %7：闲置的月份成本照旧）</translation>
    </message>
    <message>
        <source>Recommended: %1, bought: %2 cash up front (%3 GPUs with servers and network); this run costs %4 (TCO of the run: its %5 days&apos; share of %6 years of depreciation, plus energy and upkeep), which assumes the cluster is kept busy for %7 of its %6 years (%7 utilisation: idle months cost the same)</source>
        <translation>推荐：%1（购买）：前期现金投入 %2（%3 块 GPU，含服务器和网络）；本次训练成本为 %4（本次训练的 TCO：其 %5 天在 %6 年折旧中所占的份额，加上电费和运维费用），前提是集群在 %6 年中有 %7 的时间保持繁忙（利用率 %7：闲置的月份成本照旧）</translation>
    </message>
    <message>
        <source>; no rented plan is compared, so buying is not weighed against renting (add one with economics mode &quot;rent&quot;).</source>
        <translation>；比较中没有租用方案，因此未权衡购买与租用（可添加一个经济模式为 &quot;rent&quot; 的方案）。</translation>
    </message>
    <message>
        <source>; renting (%1) stays cheaper than buying at any use: its rent is below the bought cluster&apos;s own energy and upkeep.</source>
        <translation>；无论使用多久，租用（%1）都比购买便宜：其租金低于所购集群自身的电费和运维费用。</translation>
    </message>
    <message>
        <source>; buying beats renting (%1) only after %2 months of use</source>
        <translation>；使用 %2 个月后，购买才比租用（%1）更划算</translation>
    </message>
    <message>
        <source>; buying beats renting (%1) only after %2 months at %3 utilisation</source>
        <translation>；在 %3 利用率下使用 %2 个月后，购买才比租用（%1）更划算</translation>
    </message>
    <message>
        <source> (over its life, buying is cheaper above %1 utilisation)</source>
        <translation>（在整个使用寿命内，利用率高于 %1 时购买更便宜）</translation>
    </message>
    <message>
        <source> (over its life, renting is cheaper even at 100% utilisation)</source>
        <translation>（在整个使用寿命内，即使利用率为 100%，租用也更便宜）</translation>
    </message>
    <message>
        <source>, beyond its %1-year life: renting is cheaper</source>
        <translation>，超出了其 %1 年的使用寿命：租用更便宜</translation>
    </message>
    <message>
        <source>, and this run takes %1 months: buying pays only if the cluster keeps working after it</source>
        <translation>，而本次训练只需 %1 个月：只有集群在训练结束后继续投入使用，购买才划算</translation>
    </message>
    <message>
        <source>.</source>
        <translation>。</translation>
    </message>
    <message>
        <source>None of the plans can run as specified (each is invalid or does not fit in memory): change the layout before buying.</source>
        <translation>没有任何方案能按设定运行（每个方案要么无效，要么显存放不下）：购买前请先调整并行布局。</translation>
    </message>
    <message>
        <source>It has the lowest cost per billion tokens of the plans that run (%1; next is %2 at %3, %4 more) and trains in %5 days.</source>
        <translation>在可运行的方案中，它每十亿 token 的成本最低（%1；其次是 %2，为 %3，高出 %4），训练需 %5 天。</translation>
    </message>
    <message>
        <source>It has the lowest cost per billion tokens of the plans that run (%1) and trains in %2 days.</source>
        <translation>在可运行的方案中，它每十亿 token 的成本最低（%1），训练需 %2 天。</translation>
    </message>
    <message>
        <source>%1 trains fastest, in %2 days (%3 days sooner), at %4 per billion tokens (%5 more).</source>
        <translation>%1 训练最快，需 %2 天（提前 %3 天），每十亿 token 的成本为 %4（高出 %5）。</translation>
    </message>
    <message>
        <source>%1 cannot match it even with free GPUs: its servers, network, power and time cost more.</source>
        <translation>即使 GPU 免费，%1 的成本也无法与之持平：其服务器、网络、电力和时间成本更高。</translation>
    </message>
    <message>
        <source>%1 is not a valid plan: %2.</source>
        <translation>%1 不是有效的方案：%2。</translation>
    </message>
    <message>
        <source>%1 does not fit in memory with this layout (%2 GB per GPU needed, %3 GB usable), so it cannot run as planned; it needs more tensor or pipeline parallelism, ZeRO or recompute.</source>
        <translation>%1 在此并行布局下显存放不下（每块 GPU 需要 %2 GB，可用 %3 GB），因此无法按计划运行；需要更高的张量并行或流水线并行度、ZeRO 或重计算。</translation>
    </message>
    <message>
        <source>On %1, communication takes %2 of every step: its interconnect is the bottleneck.</source>
        <translation>在 %1 上，通信占每一步时间的 %2：其互连是瓶颈。</translation>
    </message>
    <message>
        <source>Renting (%1) stays cheaper than buying (%2): the rent is below the bought cluster&apos;s own energy and upkeep.</source>
        <translation>租用（%1）始终比购买（%2）便宜：租金低于所购集群自身的电费和运维费用。</translation>
    </message>
    <message>
        <source>Buying (%1) costs less than renting (%2) after %3 months of use, within its %4-year life.</source>
        <translation>使用 %3 个月后，购买（%1）比租用（%2）更便宜，仍在其 %4 年使用寿命之内。</translation>
    </message>
    <message>
        <source>Buying (%1) costs less than renting (%2) after %3 months of use, beyond its %4-year life: over the hardware&apos;s life renting is cheaper.</source>
        <translation>使用 %3 个月后，购买（%1）才比租用（%2）更便宜，这已超出其 %4 年的使用寿命：在硬件的整个寿命内租用更便宜。</translation>
    </message>
    <message>
        <source>the %1 both share</source>
        <translation>两者共用的%1</translation>
    </message>
    <message>
        <source>its %1</source>
        <translation>其%1</translation>
    </message>
    <message>
        <source>the %1 of %2</source>
        <translation>%2 的%1</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1；%2</translation>
    </message>
    <message>
        <source>no layout on %1 GPUs fits in memory: layout as given</source>
        <translation>%1 个 GPU 上没有能放进显存的布局：保持原布局</translation>
    </message>
    <message>
        <source>best layout for time on %1 GPUs: %2</source>
        <translation>在 %1 个 GPU 上按时间的最佳布局：%2</translation>
    </message>
    <message>
        <source>best layout for cost on %1 GPUs: %2</source>
        <translation>在 %1 个 GPU 上按成本的最佳布局：%2</translation>
    </message>
    <message>
        <source>best layout for tco on %1 GPUs: %2</source>
        <translation>在 %1 个 GPU 上按 TCO 的最佳布局：%2</translation>
    </message>
    <message>
        <source>the runner-up (%1) is %2% worse</source>
        <translation>次优布局（%1）差 %2%</translation>
    </message>
    <message>
        <source>resized from %1 to %2 GPUs (%3 nodes, dp=%4)</source>
        <translation>已从 %1 个 GPU 调整为 %2 个（%3 个节点，dp=%4）</translation>
    </message>
    <message>
        <source>no other GPU count keeps tp=%1, pp=%2 and the global batch; left as given</source>
        <translation>没有其他 GPU 数量能保持 tp=%1、pp=%2 和全局批大小不变；保持原样</translation>
    </message>
    <message>
        <source>no layout with exactly %1 GPUs (tp*pp*dp in whole nodes, dp dividing the batch): nearest %2</source>
        <translation>没有恰好 %1 个 GPU 的布局（tp*pp*dp 需为整数个节点，dp 需整除批大小）：最接近的是 %2</translation>
    </message>
    <message>
        <source>rented: no capex to match; left as given</source>
        <translation>租用：无资本支出可对齐；保持原样</translation>
    </message>
    <message>
        <source>capex %1 of the %2 budget</source>
        <translation>资本支出 %1，预算 %2</translation>
    </message>
    <message>
        <source>even the smallest layout (%1 GPUs, %2) exceeds the %3 budget</source>
        <translation>即使最小的布局（%1 个 GPU，%2）也超出了 %3 的预算</translation>
    </message>
    <message>
        <source>no GPU count trains as fast as A&apos;s %1 days: the fastest, %2 GPUs, takes %3 days (+%4%)</source>
        <translation>没有哪个 GPU 数量能达到 A 的 %1 天：最快的是 %2 个 GPU，需要 %3 天（+%4%）</translation>
    </message>
    <message>
        <source>the reference plan &quot;%1&quot; is invalid, so nothing was normalised</source>
        <translation>参照方案“%1”无效，因此没有做任何对齐</translation>
    </message>
    <message>
        <source>the reference plan &quot;%1&quot; is rented (no capex): equal budget needs a bought reference, so nothing was normalised</source>
        <translation>参照方案“%1”为租用（没有资本支出）：等预算对齐需要一个购买的参照方案，因此没有做任何对齐</translation>
    </message>
    <message>
        <source>%1 (%2 GPUs)</source>
        <translation>%1（%2 块 GPU）</translation>
    </message>
    <message>
        <source> (best layout)</source>
        <translation>（最佳布局）</translation>
    </message>
    <message>
        <source> (copy)</source>
        <translation>（副本）</translation>
    </message>
    <message>
        <source>Plan %1</source>
        <translation>方案 %1</translation>
    </message>
    <message>
        <source>engine accuracy (published runs like the plan)</source>
        <translation>引擎精度（与方案相似的公开训练）</translation>
    </message>
    <message>
        <source>At least as fast as A</source>
        <translation>至少与 A 一样快</translation>
    </message>
    <message>
        <source>each on the fewest GPUs that train at least as fast as A (%1 days)</source>
        <translation>各自使用训练速度至少与 A 一样快的最少 GPU 数（%1 天）</translation>
    </message>
    <message>
        <source>%1 GPUs: %2 nodes x %3; tp=%4 pp=%5 dp=%6</source>
        <translation>%1 个 GPU：%2 节点 x %3；tp=%4 pp=%5 dp=%6</translation>
    </message>
    <message>
        <source> (edited)</source>
        <translation>（已修改）</translation>
    </message>
    <message>
        <source> (measured %1)</source>
        <translation>（%1 实测）</translation>
    </message>
    <message>
        <source> rented</source>
        <translation>（租用）</translation>
    </message>
</context>
<context>
    <name>commtax::LibraryFeatures</name>
    <message>
        <source>Your GPUs, clusters, models and saved plans</source>
        <translation>您的 GPU、集群、模型和已保存的方案</translation>
    </message>
    <message>
        <source>This plan on H100, A100, L40S and RTX 4090 clusters side by side</source>
        <translation>本方案在 H100、A100、L40S 和 RTX 4090 集群上的并排对比</translation>
    </message>
    <message>
        <source>A PDF for procurement, or the comparison table as CSV or JSON</source>
        <translation>用于采购的 PDF，或 CSV / JSON 格式的比较表</translation>
    </message>
    <message>
        <source>Cannot save the preset</source>
        <translation>无法保存预设</translation>
    </message>
    <message>
        <source>The preset library is not available.</source>
        <translation>预设库不可用。</translation>
    </message>
    <message>
        <source>Preset saved</source>
        <translation>预设已保存</translation>
    </message>
    <message>
        <source>Saved in your preset library as &quot;%1&quot;%2.</source>
        <translation>已保存到您的预设库，名为“%1”%2。</translation>
    </message>
    <message>
        <source> (a copy: &quot;%1&quot; is built in)</source>
        <translation>（副本：“%1”为内置预设）</translation>
    </message>
    <message>
        <source>&amp;Preset manager...</source>
        <translation>预设管理器(&amp;P)...</translation>
    </message>
    <message>
        <source>&amp;Compare hardware...</source>
        <translation>硬件对比(&amp;C)...</translation>
    </message>
    <message>
        <source>&amp;Export report...</source>
        <translation>导出报告(&amp;E)...</translation>
    </message>
    <message>
        <source>Open co&amp;mparison...</source>
        <translation>打开比较(&amp;M)...</translation>
    </message>
    <message>
        <source>A saved comparison in a Compare hardware window</source>
        <translation>在“硬件对比”窗口中打开已保存的比较</translation>
    </message>
    <message>
        <source>Open comparison</source>
        <translation>打开比较</translation>
    </message>
    <message>
        <source>Commtax comparisons (*.json)</source>
        <translation>Commtax 比较 (*.json)</translation>
    </message>
    <message>
        <source>Recent compar&amp;isons</source>
        <translation>最近的比较(&amp;I)</translation>
    </message>
    <message>
        <source>(none yet)</source>
        <translation>（暂无）</translation>
    </message>
    <message>
        <source>Cannot open the comparison</source>
        <translation>无法打开比较</translation>
    </message>
</context>
<context>
    <name>commtax::LibraryUi</name>
    <message>
        <source>Your preset library could not be opened, so only the built-in presets are available this time. The file was not changed or moved: once the cause below is gone, your presets come back at the next start.

%1</source>
        <translation>无法打开您的预设库，因此本次只能使用内置预设。文件未被修改或移动：排除以下原因后，下次启动时您的预设会恢复。

%1</translation>
    </message>
    <message>
        <source>Your preset library %1 is open read-only (%2): your presets are available, but changes to them cannot be saved.</source>
        <translation>您的预设库 %1 以只读方式打开（%2）：可以使用您的预设，但无法保存对它们的修改。</translation>
    </message>
    <message>
        <source>Preset library unavailable: built-in presets only this time</source>
        <translation>预设库不可用：本次仅使用内置预设</translation>
    </message>
    <message>
        <source>Preset library was damaged: set aside, a new one started</source>
        <translation>预设库已损坏：已移到一旁，并新建了一个</translation>
    </message>
    <message>
        <source>Preset library is read-only: changes to presets cannot be saved</source>
        <translation>预设库为只读：无法保存对预设的修改</translation>
    </message>
</context>
<context>
    <name>commtax::MainWindow</name>
    <message>
        <source>Plan</source>
        <translation>方案</translation>
    </message>
    <message>
        <source>Warnings and the plan at a glance</source>
        <translation>警告与方案概览</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Layout</source>
        <translation>并行布局</translation>
    </message>
    <message>
        <source>Bus bandwidth</source>
        <translation>总线带宽</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Money</source>
        <translation>费用</translation>
    </message>
    <message>
        <source>&amp;New</source>
        <translation>新建(&amp;N)</translation>
    </message>
    <message>
        <source>Start again from the default plan</source>
        <translation>从默认方案重新开始</translation>
    </message>
    <message>
        <source>&amp;Open...</source>
        <translation>打开(&amp;O)...</translation>
    </message>
    <message>
        <source>Open scenario</source>
        <translation>打开场景</translation>
    </message>
    <message>
        <source>Commtax scenarios (*.json);;All files (*)</source>
        <translation>Commtax 场景 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save &amp;As...</source>
        <translation>另存为(&amp;A)...</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;About Commtax</source>
        <translation>关于 Commtax(&amp;A)</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Plan editor</source>
        <translation>方案编辑器(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>工具(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 &amp;Qt</translation>
    </message>
    <message>
        <source>New plan from the defaults</source>
        <translation>已从默认值新建方案</translation>
    </message>
    <message>
        <source>Opened</source>
        <translation>已打开</translation>
    </message>
    <message>
        <source>Save scenario</source>
        <translation>保存场景</translation>
    </message>
    <message>
        <source>Commtax scenarios (*.json)</source>
        <translation>Commtax 场景 (*.json)</translation>
    </message>
    <message>
        <source>Could not save</source>
        <translation>无法保存</translation>
    </message>
    <message>
        <source>Saved</source>
        <translation>已保存</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存的修改</translation>
    </message>
    <message>
        <source>&quot;%1&quot; has changes that are not saved. Save them first?</source>
        <translation>“%1”有未保存的修改。要先保存吗？</translation>
    </message>
    <message>
        <source>This plan</source>
        <translation>本方案</translation>
    </message>
    <message>
        <source>Could not open the scenario</source>
        <translation>无法打开场景</translation>
    </message>
    <message>
        <source>%1 was not opened; the current plan is unchanged.</source>
        <translation>未打开 %1；当前方案保持不变。</translation>
    </message>
    <message>
        <source>(none yet)</source>
        <translation>（暂无）</translation>
    </message>
    <message>
        <source>[*] - Commtax</source>
        <translation>[*] - Commtax</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Commtax %1&lt;/h3&gt;&lt;p&gt;Communication tax, pipeline bubble, memory and cost of training transformers on GPU clusters.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Versions&lt;/b&gt;: Commtax %1; Qt %2 (built with %3); QCustomPlot %4.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Data sources&lt;/b&gt;&lt;/p&gt;&lt;ul&gt;&lt;li&gt;GPU peaks (dense, per data type), memory and power: NVIDIA and AMD datasheets as tabulated in stas00/ml-engineering and glennklockwood.com.&lt;/li&gt;&lt;li&gt;Link efficiencies: nccl-tests bus bandwidth measurements; collective latencies: NCCL&apos;s tuner (src/graph/tuning.cc).&lt;/li&gt;&lt;li&gt;FLOPs and activation memory: Narayanan et al. 2021, Korthikanti et al. 2022; optimizer memory: Rajbhandari et al. 2020 (ZeRO).&lt;/li&gt;&lt;li&gt;Overlap cost: Calculon; goodput: Llama 3 and MegaScale reports.&lt;/li&gt;&lt;li&gt;Prices and economics: editable assumptions, marked as such in each field&apos;s tooltip.&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;Settings: %5&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Commtax %1&lt;/h3&gt;&lt;p&gt;在 GPU 集群上训练 Transformer 的通信税、流水线气泡、显存与成本。&lt;/p&gt;&lt;p&gt;&lt;b&gt;版本&lt;/b&gt;：Commtax %1；Qt %2（构建于 %3）；QCustomPlot %4。&lt;/p&gt;&lt;p&gt;&lt;b&gt;数据来源&lt;/b&gt;&lt;/p&gt;&lt;ul&gt;&lt;li&gt;GPU 峰值（稠密，按数据类型）、显存和功耗：NVIDIA 和 AMD 数据手册，整理自 stas00/ml-engineering 和 glennklockwood.com。&lt;/li&gt;&lt;li&gt;链路效率：nccl-tests 总线带宽实测；集合通信延迟：NCCL 的 tuner (src/graph/tuning.cc)。&lt;/li&gt;&lt;li&gt;FLOPs 与激活显存：Narayanan et al. 2021，Korthikanti et al. 2022；优化器显存：Rajbhandari et al. 2020 (ZeRO)。&lt;/li&gt;&lt;li&gt;重叠代价：Calculon；有效训练率：Llama 3 和 MegaScale 报告。&lt;/li&gt;&lt;li&gt;价格与经济性：可编辑的假设，在每个字段的提示中均有标注。&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;设置：%5&lt;/p&gt;</translation>
    </message>
    <message>
        <source>About Commtax</source>
        <translation>关于 Commtax</translation>
    </message>
    <message numerus="yes">
        <source>Valid plan: %1 GPUs, fits in memory (%2 of %3 GB usable per GPU); %n warning(s).</source>
        <translation>
            <numerusform>有效方案：%1 个 GPU，显存放得下（每 GPU 用 %2 GB，可用 %3 GB）；%n 条警告。</numerusform>
        </translation>
    </message>
    <message>
        <source>This plan does not fit in GPU memory (%1 GB needed per GPU, %2 GB usable): times and costs below are what it would take if it did.</source>
        <translation>此方案的显存放不下（每 GPU 需要 %1 GB，可用 %2 GB）：以下时间和成本是假设能放下时的数值。</translation>
    </message>
    <message numerus="yes">
        <source>The plan is invalid (%n problem(s), marked in the editor). Figures and charts show the last valid plan and are stale.</source>
        <translation>
            <numerusform>方案无效（%n 个问题，已在编辑器中标出）。数值和图表显示的是上一个有效方案，已过时。</numerusform>
        </translation>
    </message>
    <message>
        <source>Engine: %1 ms for the plan and every sweep</source>
        <translation>引擎：方案及所有扫描用时 %1 ms</translation>
    </message>
    <message>
        <source>(last valid plan) </source>
        <translation>（上一个有效方案）</translation>
    </message>
    <message>
        <source>No warnings: comm tax, memory, layout and efficiency are within the rules of thumb.</source>
        <translation>无警告：通信税、显存、布局和效率均在经验范围内。</translation>
    </message>
    <message>
        <source>%1, %2 parameters</source>
        <translation>%1，%2 参数</translation>
    </message>
    <message>
        <source>%1 = %2 nodes x %3 %4</source>
        <translation>%1 = %2 节点 x %3 %4</translation>
    </message>
    <message>
        <source>%1 of dense peak, %2 TFLOPS/GPU</source>
        <translation>稠密峰值的 %1，%2 TFLOPS/GPU</translation>
    </message>
    <message>
        <source>capex %1, %2/hour, %3</source>
        <translation>资本支出 %1，每小时 %2，%3</translation>
    </message>
    <message>
        <source>Pre&amp;ferences...</source>
        <translation>首选项(&amp;F)...</translation>
    </message>
    <message>
        <source>Commtax &amp;Handbook</source>
        <translation>Commtax 手册(&amp;H)</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Licence&lt;/b&gt;: Commtax is free software: you can redistribute it and/or modify it under the terms of the GNU General Public License as published by the Free Software Foundation, either version 3 of the License, or (at your option) any later version (GPL-3.0-or-later). It comes with ABSOLUTELY NO WARRANTY. See &lt;a href=&quot;https://www.gnu.org/licenses/gpl-3.0.html&quot;&gt;gnu.org/licenses/gpl-3.0&lt;/a&gt;; on Debian, /usr/share/common-licenses/GPL-3 and /usr/share/doc/commtax/copyright.&lt;/p&gt;&lt;p&gt;QCustomPlot is licensed under the GPL-3.0; Qt under the LGPL-3.0.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;许可证&lt;/b&gt;：Commtax 是自由软件：你可以按照自由软件基金会发布的 GNU 通用公共许可证第 3 版或（由你选择）任何更新版本（GPL-3.0-or-later）的条款再发布和/或修改它。本软件不提供任何担保。参见 &lt;a href=&quot;https://www.gnu.org/licenses/gpl-3.0.html&quot;&gt;gnu.org/licenses/gpl-3.0&lt;/a&gt;；在 Debian 上参见 /usr/share/common-licenses/GPL-3 与 /usr/share/doc/commtax/copyright。&lt;/p&gt;&lt;p&gt;QCustomPlot 以 GPL-3.0 授权；Qt 以 LGPL-3.0 授权。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Goodput</source>
        <translation>有效训练率</translation>
    </message>
    <message>
        <source>%1, %2 parameters, %3 active per token</source>
        <translation>%1，%2 参数，每 token 激活 %3</translation>
    </message>
    <message>
        <source>, cp %1</source>
        <translation>, cp %1</translation>
    </message>
    <message>
        <source>, ep %1, etp %2</source>
        <translation>, ep %1, etp %2</translation>
    </message>
    <message>
        <source>, CP %1</source>
        <translation>, CP %1</translation>
    </message>
    <message>
        <source>, EP %1</source>
        <translation>, EP %1</translation>
    </message>
    <message>
        <source>%1 auto: checkpoints %2, lost work %3, restarts %4; checkpoint every %5</source>
        <translation>%1（auto）：检查点 %2，丢失的工作 %3，重启 %4；每 %5 保存一次检查点</translation>
    </message>
    <message>
        <source>Sensitivity</source>
        <translation>敏感性</translation>
    </message>
    <message>
        <source>Warnings (%1)</source>
        <translation>警告 (%1)</translation>
    </message>
    <message>
        <source>%1. Press F1 for its entry in the handbook.</source>
        <translation>%1。按 F1 打开手册中对应的条目。</translation>
    </message>
    <message>
        <source>&amp;What&apos;s This?</source>
        <translation>这是什么(&amp;W)？</translation>
    </message>
    <message>
        <source>&amp;Clear list</source>
        <translation>清除列表(&amp;C)</translation>
    </message>
    <message>
        <source>Export &amp;launch config...</source>
        <translation>导出启动配置(&amp;L)...</translation>
    </message>
    <message>
        <source>Write the Megatron-LM, NeMo, DeepSpeed or torchtitan settings that run this plan&apos;s layout</source>
        <translation>写出按此方案并行布局运行所需的 Megatron-LM、NeMo、DeepSpeed 或 torchtitan 配置</translation>
    </message>
    <message>
        <source>&amp;Quote...</source>
        <translation>报价(&amp;Q)...</translation>
    </message>
    <message>
        <source>The vendor&apos;s quote this plan&apos;s prices come from</source>
        <translation>本方案价格所依据的供应商报价</translation>
    </message>
    <message>
        <source>&amp;Model Accuracy...</source>
        <translation>模型精度(&amp;M)...</translation>
    </message>
</context>
<context>
    <name>commtax::MemoryChart</name>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>Optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>激活</translation>
    </message>
    <message>
        <source>Memory per GPU by ZeRO stage</source>
        <translation>各 ZeRO 阶段的每 GPU 显存</translation>
    </message>
    <message>
        <source>Memory per GPU, first pipeline stage (GB)</source>
        <translation>每 GPU 显存，第一个流水线阶段 (GB)</translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation>容量</translation>
    </message>
    <message>
        <source>Usable</source>
        <translation>可用</translation>
    </message>
    <message>
        <source>
(this plan)</source>
        <translation>
（本方案）</translation>
    </message>
    <message>
        <source>Capacity %1</source>
        <translation>容量 %1</translation>
    </message>
    <message>
        <source>Usable %1 (%2% reserve)</source>
        <translation>可用 %1（预留 %2%）</translation>
    </message>
    <message>
        <source>%1: %2 %3 of %4 per GPU</source>
        <translation>%1：%2 %3，共 %4 每 GPU</translation>
    </message>
    <message>
        <source>, no fit</source>
        <translation>，放不下</translation>
    </message>
    <message>
        <source>%1 n/a</source>
        <translation>%1 不适用</translation>
    </message>
    <message>
        <source>%1 %2 (weights %3, gradients %4, optimizer states %5, activations %6)%7</source>
        <translation>%1 %2（权重 %3，梯度 %4，优化器状态 %5，激活 %6）%7</translation>
    </message>
    <message>
        <source>, does not fit</source>
        <translation>，放不下</translation>
    </message>
    <message>
        <source>%1 of %2 usable at %3</source>
        <translation>%3 时占用 %1，可用 %2</translation>
    </message>
    <message>
        <source>Capacity %1, usable %2. %3.</source>
        <translation>容量 %1，可用 %2。%3。</translation>
    </message>
    <message>
        <source>; </source>
        <translation>；</translation>
    </message>
</context>
<context>
    <name>commtax::Metrics</name>
    <message>
        <source>Step time (s)</source>
        <translation>单步时间 (s)</translation>
    </message>
    <message>
        <source>Compute time (s)</source>
        <translation>计算时间 (s)</translation>
    </message>
    <message>
        <source>Compute time in FP8 (s)</source>
        <translation>FP8 计算时间 (s)</translation>
    </message>
    <message>
        <source>Pipeline bubble time (s)</source>
        <translation>流水线气泡时间 (s)</translation>
    </message>
    <message>
        <source>TP communication (s)</source>
        <translation>TP 通信 (s)</translation>
    </message>
    <message>
        <source>TP communication exposed (s)</source>
        <translation>暴露的 TP 通信 (s)</translation>
    </message>
    <message>
        <source>PP communication (s)</source>
        <translation>PP 通信 (s)</translation>
    </message>
    <message>
        <source>DP communication (s)</source>
        <translation>DP 通信 (s)</translation>
    </message>
    <message>
        <source>DP communication exposed (s)</source>
        <translation>暴露的 DP 通信 (s)</translation>
    </message>
    <message>
        <source>Overlap slowdown (s)</source>
        <translation>重叠减速 (s)</translation>
    </message>
    <message>
        <source>Optimizer step (s)</source>
        <translation>优化器步 (s)</translation>
    </message>
    <message>
        <source>Comm tax, raw (no overlap)</source>
        <translation>通信税，原始（无重叠）</translation>
    </message>
    <message>
        <source>Comm tax, exposed (of step)</source>
        <translation>通信税，暴露（占步时）</translation>
    </message>
    <message>
        <source>Bubble overhead (p-1)/(v*m)</source>
        <translation>气泡开销 (p-1)/(v*m)</translation>
    </message>
    <message>
        <source>Bubble share (p-1)/(v*m+p-1)</source>
        <translation>气泡占比 (p-1)/(v*m+p-1)</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>HFU</source>
        <translation>HFU</translation>
    </message>
    <message>
        <source>Compute efficiency used</source>
        <translation>实际计算效率</translation>
    </message>
    <message>
        <source>Model TFLOPS per GPU</source>
        <translation>每 GPU 模型 TFLOPS</translation>
    </message>
    <message>
        <source>Tokens per second</source>
        <translation>每秒 token 数</translation>
    </message>
    <message>
        <source>Tokens per day</source>
        <translation>每天 token 数</translation>
    </message>
    <message>
        <source>Micro-batches per step (m)</source>
        <translation>每步微批次数 (m)</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Pacing pipeline stage</source>
        <translation>决定节奏的流水线阶段</translation>
    </message>
    <message>
        <source>Memory: weights (GB)</source>
        <translation>显存：权重 (GB)</translation>
    </message>
    <message>
        <source>Memory: gradients (GB)</source>
        <translation>显存：梯度 (GB)</translation>
    </message>
    <message>
        <source>Memory: optimizer (GB)</source>
        <translation>显存：优化器 (GB)</translation>
    </message>
    <message>
        <source>Memory: activations (GB)</source>
        <translation>显存：激活 (GB)</translation>
    </message>
    <message>
        <source>Memory per GPU (GB)</source>
        <translation>每 GPU 显存 (GB)</translation>
    </message>
    <message>
        <source>GPU memory (GB)</source>
        <translation>GPU 显存 (GB)</translation>
    </message>
    <message>
        <source>GPU memory usable (GB)</source>
        <translation>GPU 可用显存 (GB)</translation>
    </message>
    <message>
        <source>TP busbw (GB/s)</source>
        <translation>TP busbw (GB/s)</translation>
    </message>
    <message>
        <source>DP busbw (GB/s)</source>
        <translation>DP busbw (GB/s)</translation>
    </message>
    <message>
        <source>PP bandwidth (GB/s)</source>
        <translation>PP 带宽 (GB/s)</translation>
    </message>
    <message>
        <source>Days to train</source>
        <translation>训练天数</translation>
    </message>
    <message>
        <source>GPU-hours</source>
        <translation>GPU 小时</translation>
    </message>
    <message>
        <source>Power (kW)</source>
        <translation>功率 (kW)</translation>
    </message>
    <message>
        <source>Energy (MWh)</source>
        <translation>能耗 (MWh)</translation>
    </message>
    <message>
        <source>Capex (USD)</source>
        <translation>资本支出 (USD)</translation>
    </message>
    <message>
        <source>Cost per hour (USD)</source>
        <translation>每小时成本 (USD)</translation>
    </message>
    <message>
        <source>TCO of the run (USD)</source>
        <translation>训练任务 TCO (USD)</translation>
    </message>
    <message>
        <source>Lifetime TCO (USD)</source>
        <translation>生命周期 TCO (USD)</translation>
    </message>
    <message>
        <source>Cost per billion tokens (USD)</source>
        <translation>每十亿 token 成本 (USD)</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source>Model FLOPs per step</source>
        <translation>每步模型 FLOPs</translation>
    </message>
    <message>
        <source>Hardware FLOPs per step</source>
        <translation>每步硬件 FLOPs</translation>
    </message>
    <message>
        <source>CP communication (s)</source>
        <translation>CP 通信 (s)</translation>
    </message>
    <message>
        <source>CP communication exposed (s)</source>
        <translation>暴露的 CP 通信 (s)</translation>
    </message>
    <message>
        <source>EP all-to-all (s)</source>
        <translation>EP all-to-all (s)</translation>
    </message>
    <message>
        <source>EP all-to-all exposed (s)</source>
        <translation>暴露的 EP all-to-all (s)</translation>
    </message>
    <message>
        <source>CP ring hop bandwidth (GB/s)</source>
        <translation>CP 环每跳带宽 (GB/s)</translation>
    </message>
    <message>
        <source>EP busbw (GB/s)</source>
        <translation>EP 总线带宽 (GB/s)</translation>
    </message>
    <message>
        <source>Goodput</source>
        <translation>有效训练率</translation>
    </message>
    <message>
        <source>Goodput lost: checkpoints</source>
        <translation>有效训练率损失：检查点</translation>
    </message>
    <message>
        <source>Goodput lost: work since last checkpoint</source>
        <translation>有效训练率损失：上次检查点后的工作</translation>
    </message>
    <message>
        <source>Goodput lost: restarts</source>
        <translation>有效训练率损失：重启</translation>
    </message>
    <message>
        <source>Checkpoint interval (s)</source>
        <translation>检查点间隔 (s)</translation>
    </message>
    <message>
        <source>Active parameters</source>
        <translation>激活参数量</translation>
    </message>
    <message>
        <source>PP communication exposed (s)</source>
        <translation>PP 通信暴露 (s)</translation>
    </message>
    <message>
        <source>Attention FLOPs per step</source>
        <translation>每步注意力 FLOPs</translation>
    </message>
    <message>
        <source>Activation offload wait (s)</source>
        <translation>激活卸载等待（秒）</translation>
    </message>
    <message>
        <source>Activations in host memory (GB)</source>
        <translation>主机内存中的激活（GB）</translation>
    </message>
    <message>
        <source>Host memory per GPU (GB)</source>
        <translation>每 GPU 主机内存（GB）</translation>
    </message>
</context>
<context>
    <name>commtax::Plan</name>
    <message>
        <source>%1 on %2 %3</source>
        <translation>%1，%2 张 %3</translation>
    </message>
</context>
<context>
    <name>commtax::PlanDocument</name>
    <message>
        <source>Set %1 to %2</source>
        <translation>将 %1 设为 %2</translation>
    </message>
    <message>
        <source>Rename plan</source>
        <translation>重命名方案</translation>
    </message>
    <message>
        <source>Choose %1 %2</source>
        <translation>选择%1 %2</translation>
    </message>
    <message>
        <source>Derive dp from the GPU count</source>
        <translation>由 GPU 数推导 dp</translation>
    </message>
    <message>
        <source>Set dp by hand</source>
        <translation>手动设置 dp</translation>
    </message>
    <message>
        <source>Default range of %1</source>
        <translation>%1 使用默认范围</translation>
    </message>
    <message>
        <source>Set the range of %1 to %2 - %3</source>
        <translation>将 %1 的范围设为 %2 - %3</translation>
    </message>
    <message>
        <source>takes no range while it is not a number</source>
        <translation>该字段当前不是数值，不能设置范围</translation>
    </message>
    <message>
        <source>Remove the quote</source>
        <translation>移除报价</translation>
    </message>
    <message>
        <source>Set the quote %1 of %2</source>
        <translation>设置 %2 的报价 %1</translation>
    </message>
</context>
<context>
    <name>commtax::PlanEditor</name>
    <message>
        <source>the GPU&apos;s default</source>
        <translation>GPU 的默认值</translation>
    </message>
    <message>
        <source>Parallel layout</source>
        <translation>并行布局</translation>
    </message>
    <message>
        <source>Name of this plan</source>
        <translation>此方案的名称</translation>
    </message>
    <message>
        <source>Plan name</source>
        <translation>方案名称</translation>
    </message>
    <message>
        <source>Start from</source>
        <translation>起始预设</translation>
    </message>
    <message>
        <source>dp = GPUs / (tp x cp x pp)</source>
        <translation>dp = GPU 数 / (tp x cp x pp)</translation>
    </message>
    <message>
        <source>On: every edit of nodes, GPUs per node, tp, cp or pp sets dp so that tp * cp * pp * dp equals the GPUs. Off: dp is yours to set.</source>
        <translation>开：每次修改节点数、每节点 GPU 数、tp、cp 或 pp 时，自动设置 dp 使 tp * cp * pp * dp 等于 GPU 数。关：由您设置 dp。</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>自定义</translation>
    </message>
    <message>
        <source>Custom (inline in the file)</source>
        <translation>自定义（内联在文件中）</translation>
    </message>
    <message>
        <source>GPU default (%1)</source>
        <translation>GPU 默认值（%1）</translation>
    </message>
    <message>
        <source>%1 (%2 edited from the preset, in blue)</source>
        <translation>%1（%2 项相对预设已修改，蓝色显示）</translation>
    </message>
    <message>
        <source>No preset: this section is custom, written inline in the scenario file.</source>
        <translation>无预设：此部分为自定义，内联写入场景文件。</translation>
    </message>
    <message>
        <source>Preset %1: %2</source>
        <translation>预设 %1：%2</translation>
    </message>
    <message>
        <source>Commtax default: %1 (an editable assumption; README, Scenario files)</source>
        <translation>Commtax 默认值：%1（可编辑的假设；README，场景文件）</translation>
    </message>
    <message>
        <source>&lt;br&gt;Editor range %1 to %2%3</source>
        <translation>&lt;br&gt;编辑器范围 %1 到 %2%3</translation>
    </message>
    <message>
        <source>&lt;br&gt;One of: </source>
        <translation>&lt;br&gt;可选值之一：</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;%1&lt;/b&gt; &lt;code&gt;%2&lt;/code&gt;&lt;/p&gt;&lt;p&gt;%3%4&lt;/p&gt;&lt;p&gt;&lt;b&gt;Where the default comes from.&lt;/b&gt; %5&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;%1&lt;/b&gt; &lt;code&gt;%2&lt;/code&gt;&lt;/p&gt;&lt;p&gt;%3%4&lt;/p&gt;&lt;p&gt;&lt;b&gt;默认值的来源。&lt;/b&gt;%5&lt;/p&gt;</translation>
    </message>
    <message>
        <source>auto (from failures)</source>
        <translation>自动（按故障率）</translation>
    </message>
    <message>
        <source> or </source>
        <translation> 或 </translation>
    </message>
    <message>
        <source>%1=%2 does not divide the %3 GPUs (%4 nodes x %5), and dp follows the GPU count (dp = GPUs / (tp x cp x pp)); %1=%6 would</source>
        <translation>%1=%2 不能整除 %3 个 GPU（%4 节点 x %5），而 dp 随 GPU 数变化（dp = GPU 数 / (tp x cp x pp)）；%1=%6 可以</translation>
    </message>
    <message>
        <source>%1 nodes x %2 GPUs = %3 do not divide by tp x cp x pp = %4, and dp follows the GPU count (dp = GPUs / (tp x cp x pp)); %5 nodes would</source>
        <translation>%1 节点 x %2 GPU = %3 不能被 tp x cp x pp = %4 整除，而 dp 随 GPU 数变化（dp = GPU 数 / (tp x cp x pp)）；%5 个节点可以</translation>
    </message>
    <message>
        <source>%1 nodes make dp=%2, which does not split the global batch of %3 into micro-batches of %4; %5 nodes would run (the arrows step to them)</source>
        <translation>%1 个节点得到 dp=%2，无法将全局批大小 %3 切分为大小为 %4 的微批次；%5 个节点可以运行（箭头会步进到这些节点数）</translation>
    </message>
    <message>
        <source>Set uncertainty range...</source>
        <translation>设置不确定性范围...</translation>
    </message>
    <message>
        <source>Default uncertainty range</source>
        <translation>默认不确定性范围</translation>
    </message>
    <message>
        <source>Uncertainty range</source>
        <translation>不确定性范围</translation>
    </message>
    <message>
        <source>%1 is %2. The sensitivity draws it between these ends (half the samples below the value, half above) instead of the default range of its kind.</source>
        <translation>%1 当前为 %2。敏感性分析将在下面两端之间抽样（一半样本低于该值，一半高于该值），取代其来源类型的默认范围。</translation>
    </message>
    <message>
        <source>Low end:</source>
        <translation>低端：</translation>
    </message>
    <message>
        <source>High end:</source>
        <translation>高端：</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2&lt;br&gt;&lt;i&gt;F1: its entry in the handbook.&lt;/i&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2&lt;br&gt;&lt;i&gt;F1：打开手册中对应的条目。&lt;/i&gt;</translation>
    </message>
    <message>
        <source>The plan&apos;s name in the window title, the comparison and the reports</source>
        <translation>方案的名称，显示在窗口标题、比较和报告中</translation>
    </message>
    <message>
        <source>%1: start from</source>
        <translation>%1：起始预设</translation>
    </message>
    <message>
        <source>A preset that sets every field of this group at once; an edit afterwards makes it custom</source>
        <translation>一次设置本组所有字段的预设；之后的修改会使其成为自定义</translation>
    </message>
    <message>
        <source>dp follows the GPU count</source>
        <translation>dp 随 GPU 数量变化</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;This value:&lt;/b&gt; %1 (&lt;i&gt;%2&lt;/i&gt;)&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;当前值：&lt;/b&gt;%1（&lt;i&gt;%2&lt;/i&gt;）&lt;/p&gt;</translation>
    </message>
    <message>
        <source>%1 (user)</source>
        <translation>%1（用户）</translation>
    </message>
</context>
<context>
    <name>commtax::PreferencesDialog</name>
    <message>
        <source>Preferences</source>
        <translation>首选项</translation>
    </message>
    <message>
        <source>System (%1)</source>
        <translation>跟随系统（%1）</translation>
    </message>
    <message>
        <source>Interface language</source>
        <translation>界面语言</translation>
    </message>
    <message>
        <source>The new language applies when Commtax starts again. Files (scenarios, JSON, CSV) are the same in every language.</source>
        <translation>新的语言在 Commtax 下次启动时生效。文件（场景、JSON、CSV）在任何语言下都相同。</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>语言(&amp;L)：</translation>
    </message>
</context>
<context>
    <name>commtax::PresetEditor</name>
    <message>
        <source>What scenario files use to name this preset: letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos;</source>
        <translation>场景文件用来引用此预设的名称：字母、数字、&apos;.&apos;、&apos;_&apos; 和 &apos;-&apos;</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>描述</translation>
    </message>
    <message>
        <source>user (edited)</source>
        <translation>用户（已修改）</translation>
    </message>
    <message>
        <source>Was %1 (%2)</source>
        <translation>原为 %1（%2）</translation>
    </message>
    <message>
        <source>&lt;b&gt;New %1 preset&lt;/b&gt;: choose an id and a name, then Save.</source>
        <translation>&lt;b&gt;新建%1预设&lt;/b&gt;：选择一个 id 和名称，然后保存。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Built-in preset&lt;/b&gt; (read-only): saving your edits stores a copy in your library.</source>
        <translation>&lt;b&gt;内置预设&lt;/b&gt;（只读）：保存修改时会在您的预设库中存一份副本。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Your preset&lt;/b&gt;, stored in your library.</source>
        <translation>&lt;b&gt;您的预设&lt;/b&gt;，存储在您的预设库中。</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>Plans name this preset by its id, so it cannot be changed: Duplicate makes a copy with an id of its own</source>
        <translation>方案按 id 引用此预设，因此 id 不能更改：“复制”会生成一个拥有自己 id 的副本</translation>
    </message>
</context>
<context>
    <name>commtax::PresetListModel</name>
    <message>
        <source>Built-in preset: read-only. Saving an edit stores a copy in your library.</source>
        <translation>内置预设：只读。保存修改时会在您的预设库中存一份副本。</translation>
    </message>
    <message>
        <source>Your preset</source>
        <translation>您的预设</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Origin</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>built-in</source>
        <translation>内置</translation>
    </message>
    <message>
        <source>user</source>
        <translation>用户</translation>
    </message>
</context>
<context>
    <name>commtax::PresetManagerDialog</name>
    <message>
        <source>Clusters</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Preset manager - Commtax</source>
        <translation>预设管理器 - Commtax</translation>
    </message>
    <message>
        <source>Preset manager</source>
        <translation>预设管理器</translation>
    </message>
    <message>
        <source>background: #fff4ce; border: 1px solid #e0c060; padding: 6px;</source>
        <translation>background: #fff4ce; border: 1px solid #e0c060; padding: 6px;</translation>
    </message>
    <message>
        <source>The preset library is not available, so only the built-in presets are shown (read-only).</source>
        <translation>预设库不可用，因此只显示内置预设（只读）。</translation>
    </message>
    <message>
        <source>The preset library %1 is shown read-only: %2.</source>
        <translation>预设库 %1 以只读方式显示：%2。</translation>
    </message>
    <message>
        <source>Saved plans</source>
        <translation>已保存的方案</translation>
    </message>
    <message>
        <source>Library: %1</source>
        <translation>预设库：%1</translation>
    </message>
    <message>
        <source>New</source>
        <translation>新建</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Import...</source>
        <translation>导入...</translation>
    </message>
    <message>
        <source>Export...</source>
        <translation>导出...</translation>
    </message>
    <message>
        <source>Write the selected presets to a preset file (the format of presets/*.json)</source>
        <translation>将选中的预设写入预设文件（presets/*.json 的格式）</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Revert</source>
        <translation>还原</translation>
    </message>
    <message>
        <source>Discard your unsaved changes to &quot;%1&quot;?</source>
        <translation>放弃对“%1”未保存的修改？</translation>
    </message>
    <message>
        <source>Export presets</source>
        <translation>导出预设</translation>
    </message>
    <message>
        <source>Commtax presets (*.json)</source>
        <translation>Commtax 预设 (*.json)</translation>
    </message>
    <message>
        <source>DejaVu Sans Mono</source>
        <translation>Noto Sans Mono CJK SC</translation>
    </message>
    <message>
        <source>Open in editor</source>
        <translation>在编辑器中打开</translation>
    </message>
    <message>
        <source>Save current plan...</source>
        <translation>保存当前方案...</translation>
    </message>
    <message>
        <source>Write the plan as a scenario file; your own presets are written inline, so it opens anywhere</source>
        <translation>将方案写为场景文件；您自己的预设以内联方式写入，因此在任何地方都能打开</translation>
    </message>
    <message>
        <source>Name of the saved plan:</source>
        <translation>已保存方案的名称：</translation>
    </message>
    <message>
        <source>My plan</source>
        <translation>我的方案</translation>
    </message>
    <message>
        <source>Export plan</source>
        <translation>导出方案</translation>
    </message>
    <message>
        <source>Commtax scenarios (*.json)</source>
        <translation>Commtax 场景 (*.json)</translation>
    </message>
    <message>
        <source>Save as copy</source>
        <translation>另存为副本</translation>
    </message>
    <message>
        <source>My %1</source>
        <translation>我的%1</translation>
    </message>
    <message>
        <source>Started from %1</source>
        <translation>起始于 %1</translation>
    </message>
    <message>
        <source>Cannot save</source>
        <translation>无法保存</translation>
    </message>
    <message>
        <source>The id &quot;%1&quot; is taken; choose another.</source>
        <translation>id“%1”已被占用；请另选一个。</translation>
    </message>
    <message>
        <source>Saved as a copy</source>
        <translation>已另存为副本</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is a built-in preset and stays as it is. Your version was saved as &quot;%2&quot; (%3).</source>
        <translation>“%1”是内置预设，保持不变。您的版本已另存为“%2”（%3）。</translation>
    </message>
    <message>
        <source>Cannot duplicate</source>
        <translation>无法复制</translation>
    </message>
    <message>
        <source>Delete the %1 preset &quot;%2&quot; from your library?</source>
        <translation>从预设库中删除%1预设“%2”？</translation>
    </message>
    <message>
        <source>Cannot delete</source>
        <translation>无法删除</translation>
    </message>
    <message>
        <source>Cannot export</source>
        <translation>无法导出</translation>
    </message>
    <message>
        <source>The preset library is not available.</source>
        <translation>预设库不可用。</translation>
    </message>
    <message>
        <source>Import presets or a plan</source>
        <translation>导入预设或方案</translation>
    </message>
    <message>
        <source>Commtax presets or scenarios (*.json)</source>
        <translation>Commtax 预设或场景 (*.json)</translation>
    </message>
    <message>
        <source>%1 already in your library: %2.
Replace %3?</source>
        <translation>%1已在您的预设库中：%2。
替换%3吗？</translation>
    </message>
    <message>
        <source>This is</source>
        <translation>此项</translation>
    </message>
    <message>
        <source>These are</source>
        <translation>这些项</translation>
    </message>
    <message>
        <source>... and %1 more</source>
        <translation>……还有 %1 项</translation>
    </message>
    <message>
        <source>Nothing imported</source>
        <translation>未导入任何内容</translation>
    </message>
    <message>
        <source>Imported</source>
        <translation>已导入</translation>
    </message>
    <message>
        <source>No saved plans yet. &quot;Save current plan...&quot; stores the plan open in the editor; &quot;Import...&quot; reads a scenario file.</source>
        <translation>还没有已保存的方案。“保存当前方案...”会保存编辑器中打开的方案；“导入...”读取场景文件。</translation>
    </message>
    <message>
        <source>This plan cannot be read:
</source>
        <translation>无法读取此方案：
</translation>
    </message>
    <message>
        <source>%1

Model    %2%3
GPU      %4%5
Cluster  %6%7
</source>
        <translation>%1

模型     %2%3
GPU      %4%5
集群     %6%7
</translation>
    </message>
    <message>
        <source>Layout   %1 GPUs, tp=%2 pp=%3 dp=%4, ZeRO-%5

</source>
        <translation>布局     %1 个 GPU，tp=%2 pp=%3 dp=%4，ZeRO-%5

</translation>
    </message>
    <message>
        <source>Invalid: %1: %2
</source>
        <translation>无效：%1：%2
</translation>
    </message>
    <message>
        <source>
Does not fit in memory.
</source>
        <translation>
显存放不下。
</translation>
    </message>
    <message>
        <source>A saved plan &quot;%1&quot; exists. Replace it?</source>
        <translation>已存在名为“%1”的已保存方案。要替换吗？</translation>
    </message>
    <message>
        <source>Cannot save the plan</source>
        <translation>无法保存方案</translation>
    </message>
    <message>
        <source>Delete the saved plan &quot;%1&quot;?</source>
        <translation>删除已保存的方案“%1”？</translation>
    </message>
    <message>
        <source>Cannot open</source>
        <translation>无法打开</translation>
    </message>
    <message>
        <source>copied from %1 (%2: %3)</source>
        <translation>复制自 %1（%2：%3）</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
</context>
<context>
    <name>commtax::Provenance</name>
    <message>
        <source>datasheet</source>
        <translation>规格书</translation>
    </message>
    <message>
        <source>measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <source>assumption</source>
        <translation>假设</translation>
    </message>
    <message>
        <source>derived</source>
        <translation>推导</translation>
    </message>
    <message>
        <source>user</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>edited by the user</source>
        <translation>用户已修改</translation>
    </message>
    <message>
        <source>entered by the user</source>
        <translation>用户输入</translation>
    </message>
</context>
<context>
    <name>commtax::Quote</name>
    <message>
        <source>Quote %1 from %2 expired on %3: its prices may no longer hold</source>
        <translation>%2 的报价 %1 已于 %3 过期：其价格可能不再有效</translation>
    </message>
    <message>
        <source>%1 is %2, not the price %3 of quote %4</source>
        <translation>%1 为 %2，不是报价 %4 中的价格 %3</translation>
    </message>
</context>
<context>
    <name>commtax::QuoteDialog</name>
    <message>
        <source>Vendor quote</source>
        <translation>供应商报价</translation>
    </message>
    <message>
        <source>e.g. Vendor X</source>
        <translation>例如 Vendor X</translation>
    </message>
    <message>
        <source>e.g. Q-123</source>
        <translation>例如 Q-123</translation>
    </message>
    <message>
        <source>YYYY-MM-DD (optional)</source>
        <translation>YYYY-MM-DD（可选）</translation>
    </message>
    <message>
        <source>Vendor:</source>
        <translation>供应商：</translation>
    </message>
    <message>
        <source>Quote id:</source>
        <translation>报价编号：</translation>
    </message>
    <message>
        <source>Date:</source>
        <translation>日期：</translation>
    </message>
    <message>
        <source>Valid until:</source>
        <translation>有效期至：</translation>
    </message>
    <message>
        <source>Remove quote</source>
        <translation>移除报价</translation>
    </message>
    <message>
        <source>Give the vendor (or remove the quote).</source>
        <translation>请填写供应商（或移除报价）。</translation>
    </message>
    <message>
        <source>Give the quote id (or remove the quote).</source>
        <translation>请填写报价编号（或移除报价）。</translation>
    </message>
    <message>
        <source>The date &quot;%1&quot; is not a date as YYYY-MM-DD.</source>
        <translation>日期“%1”不是 YYYY-MM-DD 格式的日期。</translation>
    </message>
    <message>
        <source>Valid until &quot;%1&quot; is not a date as YYYY-MM-DD.</source>
        <translation>有效期至“%1”不是 YYYY-MM-DD 格式的日期。</translation>
    </message>
    <message>
        <source>Valid until (%1) is before the quote&apos;s date (%2).</source>
        <translation>有效期至（%1）早于报价日期（%2）。</translation>
    </message>
    <message>
        <source>The quote this plan&apos;s prices come from. The prices it gives become the plan&apos;s, with the quote as their source. It is saved with the plan and printed beside it in the reports (marked expired after its validity).</source>
        <translation>本方案价格所依据的报价。报价给出的价格成为方案的价格，并以该报价为来源。它随方案一起保存，并在报告中打印在方案旁（超过有效期后标为已过期）。</translation>
    </message>
    <message>
        <source>Prices in the quote (empty: not quoted)</source>
        <translation>报价中的价格（留空：未报价）</translation>
    </message>
    <message>
        <source>not quoted</source>
        <translation>未报价</translation>
    </message>
    <message>
        <source>Sets %1 (&lt;code&gt;%2&lt;/code&gt;) with this quote as its source</source>
        <translation>设置%1（&lt;code&gt;%2&lt;/code&gt;），以此报价为来源</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a number.</source>
        <translation>%1：“%2”不是数字。</translation>
    </message>
</context>
<context>
    <name>commtax::Report</name>
    <message>
        <source>PDF report (*.pdf)</source>
        <translation>PDF 报告 (*.pdf)</translation>
    </message>
    <message>
        <source>CSV table (*.csv)</source>
        <translation>CSV 表格 (*.csv)</translation>
    </message>
    <message>
        <source>JSON table (*.json)</source>
        <translation>JSON 表格 (*.json)</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>Cannot export the report</source>
        <translation>无法导出报告</translation>
    </message>
    <message>
        <source>GPU cluster comparison</source>
        <translation>GPU 集群对比</translation>
    </message>
    <message>
        <source>GPU cluster comparison: </source>
        <translation>GPU 集群对比：</translation>
    </message>
    <message>
        <source>DejaVu Sans</source>
        <translation>Noto Sans CJK SC</translation>
    </message>
    <message>
        <source>GPU default</source>
        <translation>GPU 默认值</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>Prepared %1 with Commtax %2. All figures are model estimates from the inputs listed under &quot;Assumptions and sources&quot;.</source>
        <translation>%1 由 Commtax %2 生成。所有数值均为根据“假设与来源”中所列输入得出的模型估算。</translation>
    </message>
    <message>
        <source>d MMMM yyyy, HH:mm</source>
        <translation>yyyy年M月d日 HH:mm</translation>
    </message>
    <message>
        <source>The question</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Note: </source>
        <translation>注：</translation>
    </message>
    <message>
        <source>Recommendation</source>
        <translation>建议</translation>
    </message>
    <message>
        <source>Plans compared</source>
        <translation>参与比较的方案</translation>
    </message>
    <message>
        <source>rent, %1/GPU-h</source>
        <translation>租用，%1/GPU 小时</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>方案</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>Size and layout</source>
        <translation>规模与布局</translation>
    </message>
    <message>
        <source>Economics</source>
        <translation>经济性</translation>
    </message>
    <message>
        <source>Normalisation: </source>
        <translation>归一化：</translation>
    </message>
    <message>
        <source>Comparison table</source>
        <translation>比较表</translation>
    </message>
    <message>
        <source>%1 marks the best value of each row among the plans that run (valid and fitting in memory). Ratios are percentages; money is USD.</source>
        <translation>%1 标记每行中可运行方案（有效且显存放得下）的最佳值。比例为百分数；金额单位为 USD。</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>Break-even</source>
        <translation>盈亏平衡</translation>
    </message>
    <message>
        <source>The GPU price at which each plan&apos;s cost per billion tokens equals plan A&apos;s (%1), everything else unchanged; and, for a bought plan against a rented one, the months of use after which buying is cheaper.</source>
        <translation>使每个方案的每十亿 token 成本等于方案 A（%1）的 GPU 价格，其他条件不变；以及在购买方案与租用方案对比时，购买开始更划算所需的使用月数。</translation>
    </message>
    <message>
        <source>Bill of materials</source>
        <translation>物料清单</translation>
    </message>
    <message>
        <source>Nodes (servers)</source>
        <translation>节点（服务器）</translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation>每节点 GPU 数</translation>
    </message>
    <message>
        <source>NIC ports (and leaf-switch ports)</source>
        <translation>网卡端口（及叶交换机端口）</translation>
    </message>
    <message>
        <source>GPU power (kW)</source>
        <translation>GPU 功率 (kW)</translation>
    </message>
    <message>
        <source>IT power with node overhead (kW)</source>
        <translation>含节点开销的 IT 功率 (kW)</translation>
    </message>
    <message>
        <source>Facility power at PUE (kW)</source>
        <translation>按 PUE 计的设施功率 (kW)</translation>
    </message>
    <message>
        <source>Energy for the run (MWh)</source>
        <translation>训练任务能耗 (MWh)</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>NIC ports: one per GPU where the cluster gives each GPU 100 Gb/s or more (rail-optimised), else the node&apos;s bandwidth on 200 Gb/s ports. Power: GPU board power, times one plus the node overhead, times the PUE.</source>
        <translation>网卡端口：集群为每 GPU 提供 100 Gb/s 或以上（轨道优化）时每 GPU 一个，否则按节点带宽配 200 Gb/s 端口。功率：GPU 板卡功耗，乘以一加节点开销，再乘以 PUE。</translation>
    </message>
    <message>
        <source>Cost breakdown</source>
        <translation>成本分解</translation>
    </message>
    <message>
        <source>Capex: GPUs</source>
        <translation>资本支出：GPU</translation>
    </message>
    <message>
        <source>Capex: servers without GPUs</source>
        <translation>资本支出：服务器（不含 GPU）</translation>
    </message>
    <message>
        <source>Capex: network</source>
        <translation>资本支出：网络</translation>
    </message>
    <message>
        <source>Capex total</source>
        <translation>资本支出合计</translation>
    </message>
    <message>
        <source>Per hour: energy</source>
        <translation>每小时：能耗</translation>
    </message>
    <message>
        <source>Per hour: upkeep</source>
        <translation>每小时：维护</translation>
    </message>
    <message>
        <source>Per hour: rent</source>
        <translation>每小时：租金</translation>
    </message>
    <message>
        <source>Per hour total</source>
        <translation>每小时合计</translation>
    </message>
    <message>
        <source>TCO of the training run</source>
        <translation>训练任务的总拥有成本 (TCO)</translation>
    </message>
    <message>
        <source>Lifetime TCO (economics horizon)</source>
        <translation>生命周期 TCO（经济性时间范围）</translation>
    </message>
    <message>
        <source>Cost per billion tokens</source>
        <translation>每十亿 token 成本</translation>
    </message>
    <message>
        <source>Assumptions and sources</source>
        <translation>假设与来源</translation>
    </message>
    <message>
        <source>Every input figure with its provenance: [D] datasheet, [M] measured, [A] assumption, [C] derived, [U] set by the user or the plan file; the number points to the source list below. Prices are editable defaults: replace them with your quotes.</source>
        <translation>每个输入数值及其出处：[D] 数据手册，[M] 实测，[A] 假设，[C] 推导，[U] 由用户或方案文件设置；编号对应下方的来源列表。价格为可编辑的默认值：请替换为您的报价。</translation>
    </message>
    <message>
        <source>Clusters</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Training and economics settings of each plan</source>
        <translation>各方案的训练与经济性设置</translation>
    </message>
    <message>
        <source>Setting</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Page %1 of %2</source>
        <translation>第 %1 页，共 %2 页</translation>
    </message>
    <message>
        <source>cannot start the PDF</source>
        <translation>无法开始生成 PDF</translation>
    </message>
    <message>
        <source>Commtax %1  |  %2  |  %3</source>
        <translation>Commtax %1  |  %2  |  %3</translation>
    </message>
    <message>
        <source>no plans to report on</source>
        <translation>没有可报告的方案</translation>
    </message>
    <message>
        <source>, best layout</source>
        <translation>，最佳布局</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>The engine raises no warning about any plan.</source>
        <translation>引擎未对任何方案发出警告。</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Audit trail</source>
        <translation>审计记录</translation>
    </message>
    <message>
        <source>Tool: Commtax %1. Report date: %2.</source>
        <translation>工具：Commtax %1。报告日期：%2。</translation>
    </message>
    <message>
        <source>standard input</source>
        <translation>标准输入</translation>
    </message>
    <message>
        <source>The input files and the SHA-256 of their bytes as read (sha256sum FILE gives the same).</source>
        <translation>输入文件及其按读取时字节计算的 SHA-256（与 sha256sum FILE 的结果相同）。</translation>
    </message>
    <message>
        <source>The plans came from the app, not from files: each with the SHA-256 of its scenario file as Save would write it.</source>
        <translation>这些方案来自应用而非文件：每个方案附有其场景文件按“保存”写出时的 SHA-256。</translation>
    </message>
    <message>
        <source>Input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Sensitivity</source>
        <translation>敏感性</translation>
    </message>
    <message>
        <source>How sure the figures are: %1 Latin hypercube samples (seed %2; the same seed gives the same numbers) of every uncertain input within its range: the range a plan file gives, else +-2% of a datasheet figure, +-10% of a measured, derived or user figure, +-25% of an assumption. Inputs the plans share are drawn together. P10: 1 sample in 10 is lower; P90: 1 in 10 is higher.</source>
        <translation>数据的可信程度：在每个不确定输入的范围内做 %1 个拉丁超立方样本（种子 %2；相同的种子给出相同的数值）。范围取方案文件给定的值，否则数据手册数值取 ±2%，实测、推导或用户数值取 ±10%，假设取 ±25%。各方案共有的输入一起抽样。P10：每 10 个样本中有 1 个更低；P90：每 10 个中有 1 个更高。</translation>
    </message>
    <message>
        <source>Days to train, P10 - P90</source>
        <translation>训练天数，P10 - P90</translation>
    </message>
    <message>
        <source>USD per billion tokens, P10 - P90</source>
        <translation>每十亿 token 的 USD，P10 - P90</translation>
    </message>
    <message>
        <source>TCO of the run, P10 - P90</source>
        <translation>本次训练的 TCO，P10 - P90</translation>
    </message>
    <message>
        <source>Probability of being the cheapest</source>
        <translation>成本最低的概率</translation>
    </message>
    <message>
        <source>Probability of being the fastest</source>
        <translation>速度最快的概率</translation>
    </message>
    <message>
        <source>Over the input ranges</source>
        <translation>在输入范围内</translation>
    </message>
    <message>
        <source>What moves the recommended plan&apos;s cost (%1)</source>
        <translation>影响推荐方案成本的因素（%1）</translation>
    </message>
    <message>
        <source>Range</source>
        <translation>范围</translation>
    </message>
    <message>
        <source>USD per billion tokens</source>
        <translation>每十亿 token 的 USD</translation>
    </message>
    <message>
        <source>Days to train</source>
        <translation>训练天数</translation>
    </message>
    <message>
        <source>Input break-evens</source>
        <translation>输入的盈亏平衡点</translation>
    </message>
    <message>
        <source>No single input, moved within its field&apos;s limits, makes another plan as cheap as the cheapest.</source>
        <translation>在字段取值范围内单独改变任何一个输入，都不能让其他方案与最便宜的方案一样便宜。</translation>
    </message>
    <message>
        <source>Excel workbook (*.xlsx)</source>
        <translation>Excel 工作簿 (*.xlsx)</translation>
    </message>
    <message>
        <source>Quote %1 from %2</source>
        <translation>%2 的报价 %1</translation>
    </message>
    <message>
        <source>, valid until %1</source>
        <translation>，有效期至 %1</translation>
    </message>
    <message>
        <source> (expired)</source>
        <translation>（已过期）</translation>
    </message>
    <message>
        <source>Residual value at the end of the horizon</source>
        <translation>周期结束时的残值</translation>
    </message>
    <message>
        <source>Net present cost over the horizon</source>
        <translation>整个周期的净现值成本</translation>
    </message>
    <message>
        <source>: the report&apos;s name must end in .pdf, .csv, .json or .xlsx</source>
        <translation>：报告文件名必须以 .pdf、.csv、.json 或 .xlsx 结尾</translation>
    </message>
    <message>
        <source>cannot add the sheet &quot;%1&quot;</source>
        <translation>无法添加工作表“%1”</translation>
    </message>
    <message>
        <source>fraction (shown as %)</source>
        <translation>比例（以 % 显示）</translation>
    </message>
    <message>
        <source>see break_even_price_unit</source>
        <translation>见 break_even_price_unit</translation>
    </message>
    <message>
        <source>months</source>
        <translation>月</translation>
    </message>
    <message>
        <source>Column</source>
        <translation>列</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>单位</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>字段</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Run time (hours)</source>
        <translation>训练时长（小时）</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数量</translation>
    </message>
    <message>
        <source>NIC ports per node</source>
        <translation>每节点网卡端口数</translation>
    </message>
    <message>
        <source>NIC port speed (Gb/s)</source>
        <translation>网卡端口速率 (Gb/s)</translation>
    </message>
    <message>
        <source>invalid: %1</source>
        <translation>无效：%1</translation>
    </message>
    <message>
        <source>Comparison</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>: cannot start the workbook</source>
        <translation>：无法创建工作簿</translation>
    </message>
    <message>
        <source>Per hour of use: capital</source>
        <translation>每使用小时：资本成本</translation>
    </message>
    <message>
        <source>buy, %1 y</source>
        <translation>购买，%1 年</translation>
    </message>
    <message>
        <source>reference</source>
        <translation>参照方案</translation>
    </message>
    <message>
        <source>reference; %1</source>
        <translation>参照方案；%1</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>不适用</translation>
    </message>
    <message>
        <source>How accurate is this</source>
        <translation>结果有多准确</translation>
    </message>
    <message>
        <source>Each range above holds the engine&apos;s own error, measured on published training runs it was not fitted on (each run&apos;s source left out of the fit), taken from the runs most like the plan.</source>
        <translation>以上每个范围都包含引擎自身的误差：在引擎未拟合过的公开训练上测得（拟合时排除该训练的来源），取自与方案最相似的训练。</translation>
    </message>
    <message>
        <source>The ranges were not sampled (0 samples).</source>
        <translation>未对范围抽样（0 个样本）。</translation>
    </message>
    <message>
        <source>probability</source>
        <translation>概率</translation>
    </message>
    <message>
        <source>Recommendation and ranges</source>
        <translation>建议与范围</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>Utilisation over the horizon</source>
        <translation>整个周期内的利用率</translation>
    </message>
    <message>
        <source>%1 x %2 Gb/s (%3 per node)</source>
        <translation>%1 x %2 Gb/s（每节点 %3）</translation>
    </message>
    <message>
        <source>: this build cannot write PDF reports</source>
        <translation>：此版本无法写出 PDF 报告</translation>
    </message>
    <message>
        <source>Preparing the report...</source>
        <translation>正在准备报告...</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
</context>
<context>
    <name>commtax::SavedPlanListModel</name>
    <message>
        <source>yyyy-MM-dd HH:mm</source>
        <translation>yyyy-MM-dd HH:mm</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>方案</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>Modified</source>
        <translation>已修改</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
</context>
<context>
    <name>commtax::SearchDialog</name>
    <message>
        <source>Find best layout</source>
        <translation>寻找最佳布局</translation>
    </message>
    <message>
        <source>Time to train (days)</source>
        <translation>训练时长（天）</translation>
    </message>
    <message>
        <source>Cost (USD per billion tokens)</source>
        <translation>成本（每十亿 token 的 USD）</translation>
    </message>
    <message>
        <source>TCO of the run (USD)</source>
        <translation>训练任务 TCO (USD)</translation>
    </message>
    <message>
        <source>Search GPU counts from</source>
        <translation>搜索 GPU 数，从</translation>
    </message>
    <message>
        <source>Every whole number of nodes in the range; off: the plan&apos;s GPU count only</source>
        <translation>范围内的每个整数节点数；关闭：只用方案当前的 GPU 数</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>不限</translation>
    </message>
    <message>
        <source>Capex when buying; the run&apos;s TCO when renting</source>
        <translation>购买时为资本支出；租用时为训练任务的 TCO</translation>
    </message>
    <message>
        <source>to</source>
        <translation>到</translation>
    </message>
    <message>
        <source>Objective</source>
        <translation>优化目标</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>At most GPUs</source>
        <translation>GPU 数上限</translation>
    </message>
    <message>
        <source>Budget (USD)</source>
        <translation>预算 (USD)</translation>
    </message>
    <message>
        <source>Deadline (days)</source>
        <translation>截止期限（天）</translation>
    </message>
    <message>
        <source>Plans listed</source>
        <translation>列出的方案数</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>搜索</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Use this layout</source>
        <translation>使用此布局</translation>
    </message>
    <message>
        <source>Put the selected layout into the plan (one step to undo)</source>
        <translation>将选中的布局写入方案（可一步撤销）</translation>
    </message>
    <message>
        <source>Days to train</source>
        <translation>训练天数</translation>
    </message>
    <message>
        <source>USD per billion tokens</source>
        <translation>每十亿 token 的 USD</translation>
    </message>
    <message>
        <source>List</source>
        <translation>列表</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <source>ZeRO</source>
        <translation>ZeRO</translation>
    </message>
    <message>
        <source>Recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>SP</source>
        <translation>SP</translation>
    </message>
    <message>
        <source>Step (s)</source>
        <translation>单步时间 (s)</translation>
    </message>
    <message>
        <source>Comm tax</source>
        <translation>通信税</translation>
    </message>
    <message>
        <source>Bubble</source>
        <translation>气泡</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>Memory (GB)</source>
        <translation>显存 (GB)</translation>
    </message>
    <message>
        <source>Free (GB)</source>
        <translation>剩余 (GB)</translation>
    </message>
    <message>
        <source>Days</source>
        <translation>天数</translation>
    </message>
    <message>
        <source>USD/B tokens</source>
        <translation>USD/十亿 token</translation>
    </message>
    <message>
        <source>TCO (USD)</source>
        <translation>TCO (USD)</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Searching...</source>
        <translation>正在搜索...</translation>
    </message>
    <message>
        <source>%1 of %2 layouts searched</source>
        <translation>已搜索 %1 / %2 个布局</translation>
    </message>
    <message>
        <source>Cancelled after %1 layouts (%2 valid, %3 fit in memory) in %4 s.</source>
        <translation>已在 %1 个布局后取消（%2 个有效，%3 个显存放得下），用时 %4 s。</translation>
    </message>
    <message>
        <source>Searched %1 layouts (%2 valid, %3 fit in memory, %4 meet the constraints) in %5 s.</source>
        <translation>已搜索 %1 个布局（%2 个有效，%3 个显存放得下，%4 个满足约束），用时 %5 s。</translation>
    </message>
    <message>
        <source>No plan fits in memory and meets the constraints.</source>
        <translation>没有既能放进显存又满足约束的方案。</translation>
    </message>
    <message>
        <source>The best is %1% better than the runner-up, which differs in %2.</source>
        <translation>最佳方案比次优方案好 %1%，两者的差别在于 %2。</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>top</source>
        <translation>最优</translation>
    </message>
    <message>
        <source>front</source>
        <translation>前沿</translation>
    </message>
    <message>
        <source>Pareto front</source>
        <translation>帕累托前沿</translation>
    </message>
    <message>
        <source>under %1 GB free</source>
        <translation>剩余不足 %1 GB</translation>
    </message>
    <message>
        <source>%1-%2 GB free</source>
        <translation>剩余 %1-%2 GB</translation>
    </message>
    <message>
        <source>over %1 GB free</source>
        <translation>剩余超过 %1 GB</translation>
    </message>
    <message>
        <source>current plan</source>
        <translation>当前方案</translation>
    </message>
    <message>
        <source>Vary the global batch from</source>
        <translation>改变全局批大小，从</translation>
    </message>
    <message>
        <source>Every global batch of whole sequences whose tokens per step lie in the range; off: the plan&apos;s global batch only</source>
        <translation>每步 token 数落在范围内的每个（整条序列的）全局批大小；关闭：只用方案当前的全局批大小</translation>
    </message>
    <message>
        <source>Tokens per step (millions)</source>
        <translation>每步 token 数（百万）</translation>
    </message>
    <message>
        <source>Global batch</source>
        <translation>全局批大小</translation>
    </message>
    <message>
        <source>No global batch of whole sequences of %1 tokens lies in that range of tokens per step.</source>
        <translation>序列长度为 %1 个 token 时，没有由整条序列组成的全局批大小落在该每步 token 数范围内。</translation>
    </message>
    <message>
        <source>The space has %1 contexts (GPU, GPU count and global batch), more than the %2 a search can finish in reasonable time: narrow the GPU counts or the tokens per step.</source>
        <translation>搜索空间有 %1 个上下文（GPU、GPU 数量和全局批量），超过了在合理时间内可完成搜索的 %2 个：请缩小 GPU 数量或每步 token 数的范围。</translation>
    </message>
    <message>
        <source>The space has more than %1 layouts, more than a search can finish in reasonable time: narrow the GPU counts or the tokens per step.</source>
        <translation>搜索空间有超过 %1 种布局，无法在合理时间内完成搜索：请缩小 GPU 数量或每步 token 数的范围。</translation>
    </message>
    <message>
        <source>Use layout %1 on %2 GPUs</source>
        <translation>使用布局 %1，共 %2 个 GPU</translation>
    </message>
    <message>
        <source>Counting the layouts...</source>
        <translation>正在统计布局数量...</translation>
    </message>
    <message>
        <source>Counting the layouts (%1 s)...</source>
        <translation>正在统计布局数量（%1 秒）...</translation>
    </message>
    <message>
        <source>Counting the layouts took over %1 s (%2 counted): the space is more than a search can finish in reasonable time; narrow the GPU counts or the tokens per step.</source>
        <translation>统计布局数量超过 %1 秒（已统计 %2 种）：搜索空间过大，无法在合理时间内完成搜索；请缩小 GPU 数量范围或每步 token 数范围。</translation>
    </message>
</context>
<context>
    <name>commtax::SectionPresets</name>
    <message>
        <source>Megatron 3D: tp 8, pp 4, ZeRO-1</source>
        <translation>Megatron 3D：tp 8，pp 4，ZeRO-1</translation>
    </message>
    <message>
        <source>Tensor parallel inside the node, pipeline across nodes, data parallel over the rest</source>
        <translation>节点内张量并行，跨节点流水线并行，其余为数据并行</translation>
    </message>
    <message>
        <source>Layout of Narayanan et al. 2021 (Megatron-LM 3D parallelism) with sequence parallelism and selective recompute from Korthikanti et al. 2022; the default plan&apos;s layout</source>
        <translation>Narayanan et al. 2021 的布局（Megatron-LM 3D 并行），采用 Korthikanti et al. 2022 的序列并行和选择性重计算；默认方案的布局</translation>
    </message>
    <message>
        <source>Interleaved 1F1B: tp 8, pp 4, vpp 2</source>
        <translation>交错 1F1B：tp 8，pp 4，vpp 2</translation>
    </message>
    <message>
        <source>Two virtual stages per GPU halve the bubble</source>
        <translation>每 GPU 两个虚拟阶段，气泡减半</translation>
    </message>
    <message>
        <source>Interleaved schedule of Narayanan et al. 2021 (section 2.2): bubble (p-1)/(v*m)</source>
        <translation>Narayanan et al. 2021 的交错调度（2.2 节）：气泡 (p-1)/(v*m)</translation>
    </message>
    <message>
        <source>Tensor + data parallel: tp 8, pp 1, ZeRO-1</source>
        <translation>张量 + 数据并行：tp 8，pp 1，ZeRO-1</translation>
    </message>
    <message>
        <source>No pipeline: no bubble, but every GPU holds 1/8 of all layers</source>
        <translation>无流水线：没有气泡，但每个 GPU 持有所有层的 1/8</translation>
    </message>
    <message>
        <source>Megatron-LM tensor parallelism (Shoeybi et al. 2019) with ZeRO-1 (Rajbhandari et al. 2020)</source>
        <translation>Megatron-LM 张量并行（Shoeybi et al. 2019）配合 ZeRO-1（Rajbhandari et al. 2020）</translation>
    </message>
    <message>
        <source>FSDP / ZeRO-3: tp 1, pp 1, full recompute</source>
        <translation>FSDP / ZeRO-3：tp 1，pp 1，完全重计算</translation>
    </message>
    <message>
        <source>Everything sharded over data parallelism</source>
        <translation>全部在数据并行上切分</translation>
    </message>
    <message>
        <source>ZeRO stage 3 (Rajbhandari et al. 2020), as PyTorch FSDP full sharding</source>
        <translation>ZeRO 阶段 3（Rajbhandari et al. 2020），即 PyTorch FSDP 完全切分</translation>
    </message>
    <message>
        <source>Plain DDP: tp 1, pp 1, ZeRO-0</source>
        <translation>普通 DDP：tp 1，pp 1，ZeRO-0</translation>
    </message>
    <message>
        <source>Every GPU holds the whole model and its optimizer</source>
        <translation>每个 GPU 持有完整模型及其优化器</translation>
    </message>
    <message>
        <source>PyTorch DistributedDataParallel: one gradient all-reduce per step</source>
        <translation>PyTorch DistributedDataParallel：每步一次梯度 all-reduce</translation>
    </message>
    <message>
        <source>Buy, 4-year depreciation</source>
        <translation>购买，4 年折旧</translation>
    </message>
    <message>
        <source>Capex over 4 years, energy at PUE 1.3 and 0.10 USD/kWh, upkeep 5% a year</source>
        <translation>资本支出分 4 年折旧，PUE 1.3、电价 0.10 USD/kWh，每年维护 5%</translation>
    </message>
    <message>
        <source>Commtax defaults (README, scenario files): editable assumptions</source>
        <translation>Commtax 默认值（README，场景文件）：可编辑的假设</translation>
    </message>
    <message>
        <source>Rent at each GPU&apos;s price per GPU-hour</source>
        <translation>租用，按各 GPU 每 GPU 小时的价格</translation>
    </message>
    <message>
        <source>A cloud price per GPU-hour instead of capex: the GPU&apos;s own rent price (GPU group), unless set here</source>
        <translation>按每 GPU 小时的云价格计费，而非资本支出：采用该 GPU 自身的租用价格（GPU 组），除非在此另行设置</translation>
    </message>
    <message>
        <source>Assumptions, not quotes: each GPU preset&apos;s rent price is an order of magnitude of 2024-2025 cloud prices; enter your provider&apos;s price</source>
        <translation>假设而非报价：每个 GPU 预设的租用价格是 2024-2025 年云价格的数量级；请填入您的供应商价格</translation>
    </message>
</context>
<context>
    <name>commtax::SensitivityChart</name>
    <message>
        <source>Sensitivity of the cost</source>
        <translation>成本的敏感性</translation>
    </message>
    <message>
        <source>USD per billion tokens</source>
        <translation>每十亿 token 的 USD</translation>
    </message>
    <message>
        <source>Input low</source>
        <translation>输入取低端</translation>
    </message>
    <message>
        <source>Input high</source>
        <translation>输入取高端</translation>
    </message>
    <message>
        <source>; days to train %1 to %2</source>
        <translation>；训练天数 %1 至 %2</translation>
    </message>
    <message>
        <source>%1 from %2 to %3: %4 to %5 per billion tokens (this plan %6)%7</source>
        <translation>%1 从 %2 到 %3：每十亿 token %4 至 %5（本方案 %6）%7</translation>
    </message>
    <message>
        <source>no uncertain input moves the cost</source>
        <translation>没有不确定输入会影响成本</translation>
    </message>
    <message>
        <source>%1: %2 to %3</source>
        <translation>%1：%2 至 %3</translation>
    </message>
    <message>
        <source>not computed</source>
        <translation>尚未计算</translation>
    </message>
    <message>
        <source>%1 moves the cost most</source>
        <translation>%1 对成本影响最大</translation>
    </message>
    <message>
        <source>USD per billion tokens %1 for this plan; with each input at the low and the high end of its range: %2.</source>
        <translation>本方案每十亿 token 成本为 %1；各输入分别取其范围的下限和上限时：%2。</translation>
    </message>
    <message>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <source>Engine accuracy</source>
        <translation>引擎精度</translation>
    </message>
</context>
<context>
    <name>commtax::StepTimeChart</name>
    <message>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Overlap slowdown</source>
        <translation>重叠减速</translation>
    </message>
    <message>
        <source>compute slowed by hidden communication</source>
        <translation>被隐藏通信拖慢的计算</translation>
    </message>
    <message>
        <source>Pipeline bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <source>pipeline bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <source>TP comm</source>
        <translation>TP 通信</translation>
    </message>
    <message>
        <source>tensor-parallel communication</source>
        <translation>张量并行通信</translation>
    </message>
    <message>
        <source>PP comm</source>
        <translation>PP 通信</translation>
    </message>
    <message>
        <source>pipeline sends</source>
        <translation>流水线发送</translation>
    </message>
    <message>
        <source>DP comm</source>
        <translation>DP 通信</translation>
    </message>
    <message>
        <source>data-parallel gradient sync</source>
        <translation>数据并行梯度同步</translation>
    </message>
    <message>
        <source>Step time breakdown</source>
        <translation>单步时间分解</translation>
    </message>
    <message>
        <source>Time per training step (s)</source>
        <translation>每个训练步的时间 (s)</translation>
    </message>
    <message>
        <source>Without
overlap</source>
        <translation>不重叠</translation>
    </message>
    <message>
        <source>This plan</source>
        <translation>本方案</translation>
    </message>
    <message>
        <source>This plan: %1%2 %3 (%4 of the step)</source>
        <translation>本方案：%1%2 %3（占步时 %4）</translation>
    </message>
    <message>
        <source>, exposed,</source>
        <translation>（暴露）</translation>
    </message>
    <message>
        <source>Without overlap: %1 %2</source>
        <translation>不重叠：%1 %2</translation>
    </message>
    <message>
        <source>Does not fit in memory: times as if it did</source>
        <translation>显存放不下：按能放下时计算的时间</translation>
    </message>
    <message>
        <source>CP ring</source>
        <translation>CP 环</translation>
    </message>
    <message>
        <source>context-parallel K/V ring</source>
        <translation>上下文并行 K/V 环</translation>
    </message>
    <message>
        <source>Expert all-to-all</source>
        <translation>专家 all-to-all</translation>
    </message>
    <message>
        <source>expert dispatch and combine</source>
        <translation>专家分发与合并</translation>
    </message>
    <message>
        <source>Optimizer step</source>
        <translation>优化器步</translation>
    </message>
    <message>
        <source>optimizer step (memory-bound)</source>
        <translation>优化器步（受访存带宽限制）</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 per step</source>
        <translation>每步 %1</translation>
    </message>
    <message>
        <source>Step time %1: %2. Without overlap: %3.%4</source>
        <translation>单步时间 %1：%2。不重叠时：%3。%4</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source> The plan does not fit in memory: times as if it did.</source>
        <translation>此方案的显存放不下：时间按能放下时计算。</translation>
    </message>
    <message>
        <source> P10-P90 %1 to %2.</source>
        <translation> P10-P90 为 %1 至 %2。</translation>
    </message>
</context>
<context>
    <name>commtax::TimelineChart</name>
    <message>
        <source>Step timeline</source>
        <translation>单步时间线</translation>
    </message>
    <message>
        <source>Time in the step (ms)</source>
        <translation>步内时间 (ms)</translation>
    </message>
    <message>
        <source>Forward</source>
        <translation>前向</translation>
    </message>
    <message>
        <source>Backward</source>
        <translation>反向</translation>
    </message>
    <message>
        <source>Recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>Idle (bubble)</source>
        <translation>空闲（气泡）</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>All-gather</source>
        <translation>All-gather</translation>
    </message>
    <message>
        <source>Reduce-scatter</source>
        <translation>Reduce-scatter</translation>
    </message>
    <message>
        <source>All-reduce</source>
        <translation>All-reduce</translation>
    </message>
    <message>
        <source>All-to-all</source>
        <translation>All-to-all</translation>
    </message>
    <message>
        <source>Send/receive</source>
        <translation>发送/接收</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>TP/CP/EP</source>
        <translation>TP/CP/EP</translation>
    </message>
    <message>
        <source>Data parallel</source>
        <translation>数据并行</translation>
    </message>
    <message>
        <source>Pipeline</source>
        <translation>流水线</translation>
    </message>
    <message>
        <source>%1, micro-batches %2 to %3 (%4 passes drawn as one block)</source>
        <translation>%1，微批次 %2 至 %3（%4 次前向或反向计算画成一个块）</translation>
    </message>
    <message>
        <source>%1, micro-batch %2, chunk %3</source>
        <translation>%1，微批次 %2，模型块 %3</translation>
    </message>
    <message>
        <source>%1, micro-batch %2</source>
        <translation>%1，微批次 %2</translation>
    </message>
    <message>
        <source>hidden under compute</source>
        <translation>隐藏在计算之下</translation>
    </message>
    <message>
        <source>on the critical path</source>
        <translation>位于关键路径上</translation>
    </message>
    <message>
        <source>%1 ms, from %2 to %3 ms</source>
        <translation>%1 ms，从 %2 到 %3 ms</translation>
    </message>
    <message>
        <source>no option selected</source>
        <translation>未选择选项</translation>
    </message>
    <message>
        <source>Select an option to see one step of its pipeline.</source>
        <translation>选择一个选项，查看其流水线的一个训练步。</translation>
    </message>
    <message>
        <source>%1 ms a step, pipeline stage %2 of %3, %4 micro-batches</source>
        <translation>每步 %1 ms，流水线第 %2 段（共 %3 段），%4 个微批次</translation>
    </message>
    <message>
        <source>Compute %1 ms, idle %2 ms, communication on the critical path %3 ms.</source>
        <translation>计算 %1 ms，空闲 %2 ms，关键路径上的通信 %3 ms。</translation>
    </message>
    <message>
        <source>Long runs of alike passes are drawn as one cross-hatched block each.</source>
        <translation>一长串同类的前向或反向计算各画成一个交叉斜线的块。</translation>
    </message>
</context>
<context>
    <name>commtax::TrainingCalibrationDialog</name>
    <message>
        <source>Calibrate from training logs</source>
        <translation>根据训练日志校准</translation>
    </message>
    <message>
        <source>Add logs of runs on one cluster (Megatron-LM, torchtitan, NeMo 2 / Megatron-Bridge, HF Trainer, DeepSpeed). Each is priced by the model and the GPU&apos;s compute efficiency is fitted to them.</source>
        <translation>添加同一集群上运行的日志（Megatron-LM、torchtitan、NeMo 2 / Megatron-Bridge、HF Trainer、DeepSpeed）。模型为每份日志估算步时，并用它们拟合 GPU 的计算效率。</translation>
    </message>
    <message>
        <source>Not in the log</source>
        <translation>日志中没有</translation>
    </message>
    <message>
        <source>Your value</source>
        <translation>您的取值</translation>
    </message>
    <message>
        <source>Measured step (s)</source>
        <translation>实测步时（秒）</translation>
    </message>
    <message>
        <source>Model&apos;s step (s)</source>
        <translation>模型步时（秒）</translation>
    </message>
    <message>
        <source>The log does not print this: type the value (it is never guessed)</source>
        <translation>日志没有打印此项：请输入取值（绝不猜测）</translation>
    </message>
    <message>
        <source>Given by you</source>
        <translation>由您给出</translation>
    </message>
    <message>
        <source>Communication factor %1 on the NVLink and network bandwidth: the logs vary enough to tell it from compute.</source>
        <translation>通信因子 %1，作用于 NVLink 与网络带宽：这些日志的差异足以把它与计算区分开。</translation>
    </message>
    <message>
        <source>Communication is not fitted: the logs do not vary the layout or the scale enough to tell it from compute.</source>
        <translation>未拟合通信：这些日志在布局或规模上的变化不足以把它与计算区分开。</translation>
    </message>
    <message>
        <source>Model = measured</source>
        <translation>模型 = 实测</translation>
    </message>
    <message>
        <source>Before the fit</source>
        <translation>拟合前</translation>
    </message>
    <message>
        <source>After the fit</source>
        <translation>拟合后</translation>
    </message>
    <message>
        <source>Model&apos;s step time against measured, before and after the fit</source>
        <translation>模型步时与实测对比（拟合前后）</translation>
    </message>
    <message>
        <source>&amp;Add logs...</source>
        <translation>添加日志(&amp;A)...</translation>
    </message>
    <message>
        <source>&amp;Clear</source>
        <translation>清空(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;GPU preset:</source>
        <translation>GPU 预设(&amp;G)：</translation>
    </message>
    <message>
        <source>what the logs do not print, e.g. model.vocab=50304; gpus=8; 2:training.tp=2</source>
        <translation>日志未打印的值，例如 model.vocab=50304; gpus=8; 2:training.tp=2</translation>
    </message>
    <message>
        <source>&amp;Values:</source>
        <translation>取值(&amp;V)：</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>日志</translation>
    </message>
    <message>
        <source>Framework</source>
        <translation>框架</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>方案</translation>
    </message>
    <message>
        <source>Measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <source>Predicted</source>
        <translation>预测</translation>
    </message>
    <message>
        <source>Calibrated</source>
        <translation>校准后</translation>
    </message>
    <message>
        <source>Left out</source>
        <translation>留一验证</translation>
    </message>
    <message>
        <source>&amp;Save preset...</source>
        <translation>保存预设(&amp;S)...</translation>
    </message>
    <message>
        <source>Add training logs</source>
        <translation>添加训练日志</translation>
    </message>
    <message>
        <source>Logs (*.log *.txt *.out);;All files (*)</source>
        <translation>日志 (*.log *.txt *.out);;所有文件 (*)</translation>
    </message>
    <message>
        <source>no step time left after warm-up</source>
        <translation>去掉预热后没有剩余的步时</translation>
    </message>
    <message>
        <source>choose a GPU preset</source>
        <translation>请选择 GPU 预设</translation>
    </message>
    <message>
        <source>%1 layers x %2, seq %3, global batch %4; tp %5 pp %6 cp %7 dp %8 on %9 GPUs</source>
        <translation>%1 层 x %2，序列 %3，全局批 %4；tp %5 pp %6 cp %7 dp %8，共 %9 个 GPU</translation>
    </message>
    <message>
        <source>Not PATH=VALUE: %1. </source>
        <translation>不是 PATH=VALUE：%1。</translation>
    </message>
    <message>
        <source>Factor %1 on the compute efficiency of %2 (%3 -&gt; %4). Mean error before %5%, after %6%, left out %7.</source>
        <translation>因子 %1，作用于 %2 的计算效率（%3 -&gt; %4）。平均误差：拟合前 %5%，拟合后 %6%，留一验证 %7。</translation>
    </message>
    <message>
        <source>- (one log)</source>
        <translation>-（仅一份日志）</translation>
    </message>
    <message>
        <source>The factor stopped at its bound: the logs and their plans disagree by more than compute efficiency explains.</source>
        <translation>因子已到边界：日志与其方案之间的差距超出了计算效率所能解释的范围。</translation>
    </message>
    <message>
        <source>Nothing to fit yet: give what the marked logs do not print, or choose the GPU preset.</source>
        <translation>尚无可拟合的内容：请给出标记日志未打印的值，或选择 GPU 预设。</translation>
    </message>
    <message>
        <source>Save preset</source>
        <translation>保存预设</translation>
    </message>
    <message>
        <source>Id of the measured GPU preset:</source>
        <translation>实测 GPU 预设的 id：</translation>
    </message>
    <message>
        <source>line %1: %2</source>
        <translation>第 %1 行：%2</translation>
    </message>
    <message>
        <source>not recognised</source>
        <translation>未识别</translation>
    </message>
    <message>
        <source>in Values (%1)</source>
        <translation>在“取值”中（%1）</translation>
    </message>
    <message>
        <source>%1 in Values</source>
        <translation>“取值”中的 %1</translation>
    </message>
    <message>
        <source>in the GPU preset list</source>
        <translation>在“GPU 预设”列表中</translation>
    </message>
    <message>
        <source>with commtax calibrate --training FILE --framework NAME on the command line</source>
        <translation>在命令行用 commtax calibrate --training FILE --framework NAME</translation>
    </message>
</context>
<context>
    <name>commtax::TrainingLog</name>
    <message>
        <source>kv_heads = heads: no grouped-query attention in the log</source>
        <translation>kv_heads = heads：日志中没有分组查询注意力</translation>
    </message>
    <message>
        <source>mlp = gelu: the framework&apos;s default (the log does not print swiglu)</source>
        <translation>mlp = gelu：框架的默认值（日志未打印 swiglu）</translation>
    </message>
    <message>
        <source>%1 = 1: %2 is not printed or None</source>
        <translation>%1 = 1：日志未打印 %2，或其值为 None</translation>
    </message>
    <message>
        <source>GPUs = trainer.num_nodes x trainer.devices</source>
        <translation>GPU 数 = trainer.num_nodes x trainer.devices</translation>
    </message>
    <message>
        <source>kv_heads = heads: n_kv_heads is None</source>
        <translation>kv_heads = heads：n_kv_heads 为 None</translation>
    </message>
    <message>
        <source>ffn = %1 from dim, multiple_of and ffn_dim_multiplier (torchtitan&apos;s Llama formula)</source>
        <translation>ffn = %1，由 dim、multiple_of 和 ffn_dim_multiplier 算出（torchtitan 的 Llama 公式）</translation>
    </message>
    <message>
        <source>mlp = swiglu, untied embeddings: torchtitan&apos;s Llama</source>
        <translation>mlp = swiglu，嵌入不共享：torchtitan 的 Llama</translation>
    </message>
    <message>
        <source>global_batch = local_batch_size x the data-parallel degree</source>
        <translation>global_batch = local_batch_size x 数据并行度</translation>
    </message>
    <message>
        <source>recompute = ops: torchtitan&apos;s selective activation checkpointing saves per op</source>
        <translation>recompute = ops：torchtitan 的选择性激活检查点按算子保存</translation>
    </message>
    <message>
        <source>recompute = none: no &quot;Applied ... activation checkpointing&quot; line</source>
        <translation>recompute = none：没有“Applied ... activation checkpointing”行</translation>
    </message>
    <message>
        <source>unfused_loss = pytorch: no &quot;Compiling the loss function&quot; line (torchtitan from 2025-04 prints it; from 2024-10-22 to 2024-12-18 it compiled the loss silently)</source>
        <translation>unfused_loss = pytorch：没有“Compiling the loss function”行（torchtitan 自 2025-04 起会打印；2024-10-22 至 2024-12-18 期间会静默编译损失函数）</translation>
    </message>
    <message>
        <source>torch.compile is on: the engine models only its loss (unfused_loss), the fit absorbs the rest of its speed-up</source>
        <translation>torch.compile 已开启：引擎只对其损失计算建模（unfused_loss），其余加速由拟合吸收</translation>
    </message>
    <message>
        <source>optimizer_kernel: the log does not say; torchtitan steps fused AdamW by default since 2025-02 and foreach before: set optimizer_kernel foreach for an older run</source>
        <translation>optimizer_kernel：日志未说明；torchtitan 自 2025-02 起默认使用融合 AdamW，此前为 foreach：较早的运行请将 optimizer_kernel 设为 foreach</translation>
    </message>
    <message>
        <source>GPUs = total train batch / (batch per device x gradient accumulation)</source>
        <translation>GPU 数 = 总训练批量 /（每设备批量 x 梯度累积步数）</translation>
    </message>
    <message>
        <source>optim = %1: neither PyTorch&apos;s foreach AdamW nor a fused one; optimizer_kernel left to the plan</source>
        <translation>optim = %1：既不是 PyTorch 的 foreach AdamW，也不是融合版本；optimizer_kernel 沿用方案中的值</translation>
    </message>
    <message>
        <source>optimizer_kernel = foreach: the log prints no optim; the Trainer&apos;s default, adamw_torch, until PyTorch 2.8 (adamw_torch_fused since)</source>
        <translation>optimizer_kernel = foreach：日志未打印 optim；Trainer 的默认值在 PyTorch 2.8 之前为 adamw_torch（之后为 adamw_torch_fused）</translation>
    </message>
    <message>
        <source>GPUs = world_size (DeepSpeed&apos;s data-parallel size) x tp</source>
        <translation>GPU 数 = world_size（DeepSpeed 的数据并行规模）x tp</translation>
    </message>
    <message>
        <source>precision = bf16: the log trains in fp16, priced as bf16</source>
        <translation>precision = bf16：日志以 fp16 训练，按 bf16 计算</translation>
    </message>
    <message>
        <source>the log trains in fp32, which the model does not price: give training.precision</source>
        <translation>日志以 fp32 训练，模型不对其计价：请指定 training.precision</translation>
    </message>
    <message>
        <source>%1: is a directory, not a log</source>
        <translation>%1：是目录，不是日志</translation>
    </message>
    <message>
        <source>%1: not a regular file</source>
        <translation>%1：不是普通文件</translation>
    </message>
    <message>
        <source>%1:1:1: the file is %2 MiB; Commtax reads at most %3 MiB of training log (cut it to the part with the configuration and a few hundred steps)</source>
        <translation>%1:1:1：文件大小为 %2 MiB；Commtax 最多读取 %3 MiB 的训练日志（请截取包含配置和几百步的部分）</translation>
    </message>
    <message>
        <source>%1: cannot open: %2</source>
        <translation>%1：无法打开：%2</translation>
    </message>
    <message>
        <source>%1:1:1: more than %2 MiB: too large for a training log</source>
        <translation>%1:1:1：超过 %2 MiB，作为训练日志过大</translation>
    </message>
    <message>
        <source>GPU preset &quot;%1&quot; names no cluster preset</source>
        <translation>GPU 预设“%1”未指定集群预设</translation>
    </message>
    <message>
        <source>%1 GPUs are not a multiple of tp x pp x cp = %2</source>
        <translation>%1 个 GPU 不是 tp x pp x cp = %2 的整数倍</translation>
    </message>
    <message>
        <source>%1: the log&apos;s value %2 does not fit the field</source>
        <translation>%1：日志中的值 %2 不符合该字段</translation>
    </message>
    <message>
        <source>%1 GPUs do not fill whole nodes of %2 GPUs (cluster %3)</source>
        <translation>%1 个 GPU 填不满每节点 %2 个 GPU 的整节点（集群 %3）</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>BF16 and FP8</source>
        <translation>BF16 和 FP8</translation>
    </message>
    <message>
        <source>compute efficiency (one factor on the GPU&apos;s %1 GEMM efficiency)</source>
        <translation>计算效率（作用于 GPU %1 GEMM 效率的一个因子）</translation>
    </message>
    <message>
        <source>%1 efficiency: no log runs in %1; scaled by the same factor</source>
        <translation>%1 效率：没有日志以 %1 运行；按同一因子缩放</translation>
    </message>
    <message>
        <source>communication efficiency (one factor on the achievable NVLink and network bandwidth): the logs&apos; exposed communication spans %1 to %2 of the step</source>
        <translation>通信效率（作用于可达 NVLink 与网络带宽的一个因子）：这些日志中暴露的通信占步时的 %1 至 %2</translation>
    </message>
    <message>
        <source>overlap: not fitted apart from bandwidth; a slower link and less overlap cost the same exposed time in these logs</source>
        <translation>重叠：未与带宽分开拟合；在这些日志中，较慢的链路与较少的重叠造成相同的暴露时间</translation>
    </message>
    <message>
        <source>the communication factor stopped at its bound (%1-%2)</source>
        <translation>通信因子停在了边界上（%1-%2）</translation>
    </message>
    <message>
        <source>needs %1 logs or more</source>
        <translation>需要 %1 份或更多日志</translation>
    </message>
    <message>
        <source>the logs&apos; exposed communication spans only %1 of the step (at least %2 needed): vary the layout or the scale more</source>
        <translation>这些日志中暴露的通信只跨越步时的 %1（至少需要 %2）：请在布局或规模上变化更多</translation>
    </message>
    <message>
        <source>the logs move with compute and communication alike (sine of the angle %1, at least %2 needed)</source>
        <translation>这些日志随计算与通信同样变化（夹角正弦为 %1，至少需要 %2）</translation>
    </message>
    <message>
        <source>communication and overlap efficiency: not fitted; %1</source>
        <translation>通信与重叠效率：未拟合；%1</translation>
    </message>
    <message>
        <source>leave-one-log-out error: needs two logs or more</source>
        <translation>留一日志误差：需要两份或更多日志</translation>
    </message>
    <message>
        <source>the factor stopped at its bound (%1-%2): the logs and the plans read from them disagree by more than compute efficiency explains</source>
        <translation>因子停在了边界上（%1-%2）：日志与从中读出的方案之间的差异超出了计算效率所能解释的范围</translation>
    </message>
    <message>
        <source>%1: expected a positive number, not &quot;%2&quot;</source>
        <translation>%1：应为正数，而不是“%2”</translation>
    </message>
    <message>
        <source>the step time is the FLOPS profiler&apos;s &quot;iter latency&quot; of the profiled step (its hooks make it slower than an unprofiled step); the log has no CurrSamplesPerSec line</source>
        <translation>步时取自 FLOPS 分析器对被分析步的“iter latency”（其钩子使该步慢于未分析的步）；日志中没有 CurrSamplesPerSec 行</translation>
    </message>
    <message>
        <source>binary data (a NUL byte), not a text log</source>
        <translation>二进制数据（含 NUL 字节），不是文本日志</translation>
    </message>
    <message>
        <source>the step time is train_runtime / Total optimization steps, the whole run&apos;s mean, warm-up included (train_steps_per_second is rounded to 3 decimals)</source>
        <translation>步时为 train_runtime / Total optimization steps，即整个运行的平均值，含预热（train_steps_per_second 只保留 3 位小数）</translation>
    </message>
    <message>
        <source>HF Trainer prints the whole run&apos;s time only: the step time is its mean over every step, warm-up included</source>
        <translation>HF Trainer 只打印整个运行的时间：步时为所有步的平均值，含预热</translation>
    </message>
    <message>
        <source>no &quot;iteration N/M | ... elapsed time per iteration (ms)&quot; line</source>
        <translation>没有“iteration N/M | ... elapsed time per iteration (ms)”行</translation>
    </message>
    <message>
        <source>no &quot;step: N ... tps: T&quot; line</source>
        <translation>没有“step: N ... tps: T”行</translation>
    </message>
    <message>
        <source>no &quot;train_step_timing in s&quot; value</source>
        <translation>没有“train_step_timing in s”值</translation>
    </message>
    <message>
        <source>no &quot;CurrSamplesPerSec=&quot; line and no FLOPS-profiler &quot;iter latency&quot;</source>
        <translation>没有“CurrSamplesPerSec=”行，也没有 FLOPS 分析器的“iter latency”</translation>
    </message>
    <message>
        <source>no train_runtime or train_steps_per_second</source>
        <translation>没有 train_runtime 或 train_steps_per_second</translation>
    </message>
    <message>
        <source>no iteration times found in this %1 log: %2 (the file ends inside its last line)</source>
        <translation>在此 %1 日志中未找到迭代时间：%2（文件在最后一行中间结束）</translation>
    </message>
    <message>
        <source>no iteration times found in this %1 log: %2</source>
        <translation>在此 %1 日志中未找到迭代时间：%2</translation>
    </message>
    <message>
        <source>line longer than 1 MiB skipped</source>
        <translation>超过 1 MiB 的行已跳过</translation>
    </message>
    <message>
        <source>the log ends inside this line (truncated): its step is not read</source>
        <translation>日志在此行中间结束（被截断）：此步未读取</translation>
    </message>
    <message>
        <source>%1 configuration values past the first %2 not read</source>
        <translation>前 %2 个之后的 %1 个配置值未读取</translation>
    </message>
    <message>
        <source>%1 steps past the first %2 not read</source>
        <translation>前 %2 步之后的 %1 步未读取</translation>
    </message>
    <message>
        <source>%1: the log&apos;s value %2: %3</source>
        <translation>%1：日志中的值 %2：%3</translation>
    </message>
    <message>
        <source>&lt;stdin&gt;: cannot read standard input</source>
        <translation>&lt;stdin&gt;：无法读取标准输入</translation>
    </message>
    <message>
        <source>%1 = %2 as given with --set; the log says %3</source>
        <translation>%1 = %2 按 --set 给定；日志中为 %3</translation>
    </message>
    <message>
        <source>world_size is not printed: give the GPU count %1</source>
        <translation>未打印 world_size：请%1 指定 GPU 数</translation>
    </message>
    <message>
        <source>tp = %1: the FLOPS profiler&apos;s model parallel size (a pipeline split is given %2)</source>
        <translation>tp = %1：FLOPS 分析器给出的模型并行规模（流水线切分请%2 指定）</translation>
    </message>
    <message>
        <source>tp = 1: DeepSpeed&apos;s engine prints no model-parallel size (Megatron-DeepSpeed&apos;s arguments dump does: give it %1)</source>
        <translation>tp = 1：DeepSpeed 引擎不打印模型并行规模（Megatron-DeepSpeed 的参数转储会打印：请%1 指定）</translation>
    </message>
    <message>
        <source>the log names no GPU: choose the preset %1</source>
        <translation>日志未写明 GPU：请%1 选择预设</translation>
    </message>
    <message>
        <source>training.recompute is not in the log: the engine&apos;s default (selective) is used; give it %1</source>
        <translation>日志中没有 training.recompute：使用引擎的默认值（selective）；可%1 指定</translation>
    </message>
    <message>
        <source>%1: expected a whole number from 1 to 1000000, not &quot;%2&quot;</source>
        <translation>%1：应为 1 到 1000000 之间的整数，而不是“%2”</translation>
    </message>
    <message>
        <source>%1: not a model or training field</source>
        <translation>%1：不是模型或训练字段</translation>
    </message>
    <message>
        <source>the log does not say %1: give them %2</source>
        <translation>日志未给出 %1：请%2 指定</translation>
    </message>
    <message>
        <source>with --set %1</source>
        <translation>用 --set %1</translation>
    </message>
    <message>
        <source>with --gpu ID</source>
        <translation>用 --gpu ID</translation>
    </message>
    <message>
        <source>with --framework</source>
        <translation>用 --framework</translation>
    </message>
    <message>
        <source>--set %1</source>
        <translation>--set %1</translation>
    </message>
    <message>
        <source>no iteration times found: not a Megatron-LM, torchtitan, NeMo / Megatron-Bridge, HF Trainer or DeepSpeed log (choose one %1)</source>
        <translation>未找到迭代时间：不是 Megatron-LM、torchtitan、NeMo / Megatron-Bridge、HF Trainer 或 DeepSpeed 日志（请%1 指定一种）</translation>
    </message>
</context>
<context>
    <name>commtax::Warnings</name>
    <message>
        <source>Communication tax %1 of the step is above 30%: change the network or the parallel layout</source>
        <translation>通信税占单步时间 %1，超过 30%：请调整网络或并行布局</translation>
    </message>
    <message>
        <source>Raw communication tax %1 is above 30%; only overlap keeps the exposed share lower</source>
        <translation>原始通信税 %1 超过 30%；只是靠重叠才使暴露的占比较低</translation>
    </message>
    <message>
        <source>Does not fit in memory: %1 GB per GPU needed, %2 GB usable of %3 GB; raise tp/pp, ZeRO or recompute</source>
        <translation>显存放不下：每 GPU 需要 %1 GB，可用 %2 GB（共 %3 GB）；请增大 tp/pp、ZeRO 阶段或使用重计算</translation>
    </message>
    <message>
        <source>Tensor parallelism tp=%1 crosses nodes of %2 GPUs: TP traffic runs over the network</source>
        <translation>张量并行 tp=%1 跨越了每节点 %2 个 GPU 的节点：TP 流量走网络</translation>
    </message>
    <message>
        <source>%1 has peer-to-peer disabled: GPU-to-GPU traffic is staged through host memory</source>
        <translation>%1 禁用了点对点：GPU 间流量经主机内存中转</translation>
    </message>
    <message>
        <source>Tensor parallelism over PCIe (%1 has no NVLink): TP belongs inside an NVLink domain</source>
        <translation>张量并行走 PCIe（%1 没有 NVLink）：TP 应放在 NVLink 域内</translation>
    </message>
    <message>
        <source>Pipeline bubble %1 of the step: more micro-batches or interleaving (vpp) would shrink it</source>
        <translation>流水线气泡占单步时间 %1：更多微批次或交错 (vpp) 可以减小气泡</translation>
    </message>
    <message>
        <source>Only %1 micro-batches for %2 pipeline stages: the pipeline never fills</source>
        <translation>%2 个流水线阶段只有 %1 个微批次：流水线永远填不满</translation>
    </message>
    <message>
        <source>Compute efficiency %1 is above the measured BF16 matmul ceilings (80-87% of dense peak)</source>
        <translation>计算效率 %1 超过了实测的 BF16 矩阵乘上限（稠密峰值的 80-87%）</translation>
    </message>
    <message>
        <source>MFU %1 is above the best published runs (52-59%): lower compute_efficiency for a conservative plan</source>
        <translation>MFU %1 超过了已公开的最佳训练结果 (52-59%)：保守起见请降低 compute_efficiency</translation>
    </message>
    <message>
        <source>ZeRO-3 with pipeline parallelism (pp=%1): every micro-batch gathers the stage&apos;s weights again; use ZeRO-1 with pp, or pp=1 with ZeRO-3</source>
        <translation>ZeRO-3 与流水线并行 (pp=%1) 同时使用：每个微批次都要重新收集该阶段的权重；pp 请配合 ZeRO-1，或 pp=1 配合 ZeRO-3</translation>
    </message>
    <message>
        <source>Batch of %1M tokens per step is above the compute-optimal %2M for this run (DeepSeek LLM 2024: 0.292*C^0.3271): fewer tokens per step would learn more per token</source>
        <translation>每步 %1M token 的批大小超过了此训练任务的计算最优值 %2M（DeepSeek LLM 2024：0.292*C^0.3271）：每步更少的 token 能让每个 token 学到更多</translation>
    </message>
    <message>
        <source>Layers=%1 do not divide evenly over pp*vpp=%2 pipeline chunks: spread as evenly as possible, stage layers %3; the slowest stage (%4) paces the pipeline (set first_stage_layers/last_stage_layers to choose)</source>
        <translation>Layers=%1 无法均分到 pp*vpp=%2 个流水线块：已尽量均匀分配，各阶段层数为 %3；最慢的阶段 (%4) 决定流水线节奏（可设置 first_stage_layers/last_stage_layers 来选择）</translation>
    </message>
    <message>
        <source>Goodput %1 is low: failures, restarts and checkpoints cost more than 20% of the time</source>
        <translation>有效训练率 %1 偏低：故障、重启和检查点耗费了超过 20% 的时间</translation>
    </message>
    <message>
        <source> (checkpoints %1, lost work %2, restarts %3)</source>
        <translation>（检查点 %1，丢失的工作 %2，重启 %3）</translation>
    </message>
    <message>
        <source>Context-parallel ring exposed for %1 of the step: the K/V exchange outlasts the attention it hides under; a smaller cp or a longer sequence per GPU would hide it</source>
        <translation>上下文并行环通信暴露时间占单步时间 %1：K/V 交换比用来掩盖它的注意力计算耗时更长；减小 cp 或增加每 GPU 的序列长度可以将其掩盖</translation>
    </message>
    <message>
        <source>Expert all-to-all exposed for %1 of the step: keep ep inside a node, or overlap dispatch with compute (ep_overlap)</source>
        <translation>专家 all-to-all 暴露时间占单步时间 %1：请将 ep 限制在节点内，或让分发与计算重叠 (ep_overlap)</translation>
    </message>
    <message>
        <source>Offloaded activations need %1 GB of host memory per GPU, %2 GB there: offload fewer layers</source>
        <translation>卸载的激活每个 GPU 需要 %1 GB 主机内存，实有 %2 GB：请减少卸载的层数</translation>
    </message>
    <message>
        <source>Activation offload waits on the host link for %1 of the step: offload fewer layers, or recompute instead</source>
        <translation>激活卸载在主机链路上等待了步长的 %1：请减少卸载的层数，或改用重算</translation>
    </message>
    <message>
        <source>Data-parallel sync is latency-bound over %1 ranks: fewer, larger messages (larger tp*pp shards or bigger buckets) or shard groups inside a node (dp_shard) would help</source>
        <translation>数据并行同步在 %1 个 rank 上受延迟限制：更少、更大的消息（更大的 tp*pp 分片或更大的桶）或节点内的分片组（dp_shard）会有帮助</translation>
    </message>
</context>
<context>
    <name>commtax::cli::launch</name>
    <message>
        <source>The framework&apos;s arguments or config file for the scenario&apos;s parallel layout.</source>
        <translation>输出该框架运行场景并行布局所需的参数或配置文件。</translation>
    </message>
    <message>
        <source>FRAMEWORK</source>
        <translation>FRAMEWORK</translation>
    </message>
    <message>
        <source>OUT</source>
        <translation>OUT</translation>
    </message>
    <message>
        <source>Write to this file instead of standard output (&quot;-&quot;: standard output).</source>
        <translation>写入此文件而不是标准输出（&quot;-&quot;：标准输出）。</translation>
    </message>
    <message>
        <source>launch takes one scenario file</source>
        <translation>launch 只接受一个场景文件</translation>
    </message>
    <message>
        <source>-o needs a file name</source>
        <translation>-o 需要一个文件名</translation>
    </message>
    <message>
        <source>-o would overwrite the scenario it reads</source>
        <translation>-o 会覆盖它所读取的场景</translation>
    </message>
    <message>
        <source>FILE|- --for megatron|megatron-bridge|nemo|deepspeed|torchtitan [-o OUT|-]</source>
        <translation>FILE|- --for megatron|megatron-bridge|nemo|deepspeed|torchtitan [-o OUT|-]</translation>
    </message>
    <message>
        <source>megatron, megatron-bridge, nemo, deepspeed or torchtitan.</source>
        <translation>megatron、megatron-bridge、nemo、deepspeed 或 torchtitan。</translation>
    </message>
    <message>
        <source>--for must be megatron, megatron-bridge, nemo, deepspeed or torchtitan</source>
        <translation>--for 必须是 megatron、megatron-bridge、nemo、deepspeed 或 torchtitan</translation>
    </message>
</context>
<context>
    <name>commtax::cli::search</name>
    <message>
        <source>--gpus: &quot;%1&quot; is not a positive whole number</source>
        <translation>--gpus：&quot;%1&quot; 不是正整数</translation>
    </message>
    <message>
        <source>--gpus: the range %1 is empty</source>
        <translation>--gpus：范围 %1 为空</translation>
    </message>
    <message>
        <source>%1 needs a positive whole number, not &quot;%2&quot;</source>
        <translation>%1 需要一个正整数，而不是 &quot;%2&quot;</translation>
    </message>
    <message>
        <source>%1 needs a positive number, not &quot;%2&quot;</source>
        <translation>%1 需要一个正数，而不是 &quot;%2&quot;</translation>
    </message>
    <message>
        <source>FILE|- [options]</source>
        <translation>FILE|- [选项]</translation>
    </message>
    <message>
        <source>The best parallel layouts of the scenario&apos;s model and the Pareto front of time against cost.</source>
        <translation>场景中模型的最佳并行布局，以及时间与成本的帕累托前沿。</translation>
    </message>
    <message>
        <source>N|LIST|MIN-MAX</source>
        <translation>N|LIST|MIN-MAX</translation>
    </message>
    <message>
        <source>The GPU counts to search: one, a comma-separated list, or a range MIN-MAX.</source>
        <translation>要搜索的 GPU 数：单个值、逗号分隔的列表，或范围 MIN-MAX。</translation>
    </message>
    <message>
        <source>IDS|all</source>
        <translation>IDS|all</translation>
    </message>
    <message>
        <source>GPU preset ids, comma-separated, or &quot;all&quot;; each on its default cluster.</source>
        <translation>GPU 预设 ID，以逗号分隔，或 &quot;all&quot;；每种 GPU 使用其默认集群。</translation>
    </message>
    <message>
        <source>time|cost|tco</source>
        <translation>time|cost|tco</translation>
    </message>
    <message>
        <source>What &quot;best&quot; means (default: time).</source>
        <translation>&quot;最佳&quot;的含义（默认：time）。</translation>
    </message>
    <message>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <source>At most this many GPUs.</source>
        <translation>GPU 数上限。</translation>
    </message>
    <message>
        <source>USD</source>
        <translation>USD</translation>
    </message>
    <message>
        <source>At most this total cost of ownership.</source>
        <translation>总拥有成本 (TCO) 上限。</translation>
    </message>
    <message>
        <source>D</source>
        <translation>D</translation>
    </message>
    <message>
        <source>At most this many days to train.</source>
        <translation>训练天数上限。</translation>
    </message>
    <message>
        <source>OUT.json</source>
        <translation>OUT.json</translation>
    </message>
    <message>
        <source>Write the best plan as a scenario file.</source>
        <translation>将最佳方案写为场景文件。</translation>
    </message>
    <message>
        <source>Print JSON.</source>
        <translation>输出 JSON。</translation>
    </message>
    <message>
        <source>Print CSV.</source>
        <translation>输出 CSV。</translation>
    </message>
    <message>
        <source>search takes one scenario file</source>
        <translation>search 只接受一个场景文件</translation>
    </message>
    <message>
        <source>choose --json or --csv, not both</source>
        <translation>--json 和 --csv 只能选一个</translation>
    </message>
    <message>
        <source>--objective must be time, cost or tco</source>
        <translation>--objective 必须是 time、cost 或 tco</translation>
    </message>
    <message>
        <source>--emit-best needs a file name</source>
        <translation>--emit-best 需要一个文件名</translation>
    </message>
    <message>
        <source>--emit-best would overwrite the scenario it searches</source>
        <translation>--emit-best 会覆盖它所搜索的场景</translation>
    </message>
    <message>
        <source>--hardware: unknown GPU preset &quot;%1&quot;</source>
        <translation>--hardware：未知的 GPU 预设 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>--hardware names no GPU</source>
        <translation>--hardware 没有指定任何 GPU</translation>
    </message>
    <message>
        <source>no plan fits and meets the constraints: nothing to write to %1</source>
        <translation>没有既能放进显存又满足约束的方案：没有内容可写入 %1</translation>
    </message>
    <message>
        <source>  skipped %1 x %2: %3</source>
        <translation>  跳过 %1 x %2：%3</translation>
    </message>
    <message>
        <source>No plan fits in memory and meets the constraints.</source>
        <translation>没有既能放进显存又满足约束的方案。</translation>
    </message>
    <message>
        <source>  %1 better than the runner-up, which differs in %2.</source>
        <translation>  比次优方案好 %1，两者的差别在于 %2。</translation>
    </message>
    <message>
        <source>Top %1 (margin: what each gains over the next):</source>
        <translation>前 %1 名（差距：每个方案相对下一名的优势）：</translation>
    </message>
    <message>
        <source>Pareto front, days to train against USD per billion tokens (free_GB: usable memory left):</source>
        <translation>帕累托前沿，训练天数与每十亿 token 的 USD 对比（free_GB：剩余可用显存）：</translation>
    </message>
    <message>
        <source>Best plan written to %1</source>
        <translation>最佳方案已写入 %1</translation>
    </message>
    <message>
        <source>--tokens-per-step: &quot;%1&quot; is not a positive whole number or a range MIN-MAX</source>
        <translation>--tokens-per-step：&quot;%1&quot; 不是正整数，也不是范围 MIN-MAX</translation>
    </message>
    <message>
        <source>--tokens-per-step: the range %1 is empty</source>
        <translation>--tokens-per-step：范围 %1 为空</translation>
    </message>
    <message>
        <source>N|MIN-MAX</source>
        <translation>N|MIN-MAX</translation>
    </message>
    <message>
        <source>Tokens per step (global batch x sequence length): search every global batch of whole sequences in this range (default: the file&apos;s global batch).</source>
        <translation>每步 token 数（全局批大小 x 序列长度）：搜索落在此范围内的每个（整条序列的）全局批大小（默认：文件中的全局批大小）。</translation>
    </message>
    <message>
        <source>--tokens-per-step: no whole number of sequences of %1 tokens lies in %2</source>
        <translation>--tokens-per-step：没有长度为 %1 个 token 的整数条序列落在 %2 内</translation>
    </message>
    <message>
        <source>Searched %1 layouts over %2 contexts (GPU, GPU count and global batch) in %3 s (%4 threads): %5 valid (each evaluated), %6 fit in memory, %7 meet the constraints.</source>
        <translation>在 %2 组（GPU 型号、GPU 数、全局批大小）组合上搜索了 %1 个布局，用时 %3 s（%4 个线程）：%5 个有效（均已评估），%6 个显存放得下，%7 个满足约束。</translation>
    </message>
    <message>
        <source>Best for time (objective: days to train):</source>
        <translation>时间最优（优化目标：训练天数）：</translation>
    </message>
    <message>
        <source>Best for cost (objective: USD per billion tokens):</source>
        <translation>成本最优（优化目标：每十亿 token 的 USD）：</translation>
    </message>
    <message>
        <source>Best for tco (objective: TCO of the run):</source>
        <translation>TCO 最优（优化目标：训练任务 TCO）：</translation>
    </message>
    <message>
        <source>search: %1% (%2 of %3 layouts, %4 s; Ctrl+C stops)</source>
        <translation>search：%1%（%3 种布局中的 %2 种，%4 秒；按 Ctrl+C 停止）</translation>
    </message>
    <message>
        <source>How many plans to list (default 10, at most 10000).</source>
        <translation>列出多少个方案（默认 10，最多 10000）。</translation>
    </message>
    <message>
        <source>--top lists at most %1 plans (got %2)</source>
        <translation>--top 最多列出 %1 个方案（当前为 %2）</translation>
    </message>
    <message>
        <source>the space has %1 contexts (GPU, GPU count and global batch), more than the %2 a search can finish in reasonable time: narrow --gpus, --hardware or --tokens-per-step</source>
        <translation>搜索空间有 %1 个上下文（GPU、GPU 数量和全局批量），超过了在合理时间内可完成搜索的 %2 个：请缩小 --gpus、--hardware 或 --tokens-per-step 的范围</translation>
    </message>
    <message>
        <source>the space has more than %1 layouts over %2 contexts, more than a search can finish in reasonable time: narrow --gpus, --hardware or --tokens-per-step</source>
        <translation>搜索空间在 %2 个上下文中有超过 %1 种布局，无法在合理时间内完成搜索：请缩小 --gpus、--hardware 或 --tokens-per-step 的范围</translation>
    </message>
    <message>
        <source>interrupted after %1 of %2 layouts</source>
        <translation>已搜索 %2 种布局中的 %1 种，随后中断</translation>
    </message>
    <message>
        <source>  %1 contexts skipped; the first %2:</source>
        <translation>  跳过了 %1 个上下文；前 %2 个：</translation>
    </message>
    <message>
        <source>FRAMEWORK</source>
        <translation>FRAMEWORK</translation>
    </message>
    <message>
        <source>Rank only layouts this framework runs as planned: any (default), megatron, megatron-bridge, nemo, deepspeed or torchtitan.</source>
        <translation>只排名该框架能按计划运行的布局：any（默认）、megatron、megatron-bridge、nemo、deepspeed 或 torchtitan。</translation>
    </message>
    <message>
        <source>--framework must be any, megatron, megatron-bridge, nemo, deepspeed or torchtitan</source>
        <translation>--framework 必须是 any、megatron、megatron-bridge、nemo、deepspeed 或 torchtitan</translation>
    </message>
    <message>
        <source>%1 days</source>
        <translation>%1 天</translation>
    </message>
    <message>
        <source>%1: no layout fits in memory</source>
        <translation>%1：没有能放入显存的布局</translation>
    </message>
    <message>
        <source>%1: %2, %3 per billion tokens, run %4, capital %5, %6 MW, %7</source>
        <translation>%1：%2，每十亿词元 %3，本次训练 %4，资本支出 %5，%6 MW，%7</translation>
    </message>
    <message>
        <source>; P(meets deadline) %1%</source>
        <translation>；按期完成概率 %1%</translation>
    </message>
    <message>
        <source>; P(within budget) %1%</source>
        <translation>；不超预算概率 %1%</translation>
    </message>
    <message>
        <source>; misses: %1</source>
        <translation>；未满足：%1</translation>
    </message>
    <message>
        <source>; FP8 meets it (%1 days)</source>
        <translation>；改用 FP8 即可满足（%1 天）</translation>
    </message>
    <message>
        <source>; +%1% GPUs (%2) meets it (%3 days)</source>
        <translation>；GPU 增加 %1%（%2 块）即可满足（%3 天）</translation>
    </message>
    <message>
        <source>--mode must be buy, rent or buy,rent</source>
        <translation>--mode 必须是 buy、rent 或 buy,rent</translation>
    </message>
    <message>
        <source>--precision must be bf16, fp8 or bf16,fp8</source>
        <translation>--precision 必须是 bf16、fp8 或 bf16,fp8</translation>
    </message>
    <message>
        <source>--objective must be cost, tco, time or capex</source>
        <translation>--objective 必须是 cost、tco、time 或 capex</translation>
    </message>
    <message>
        <source>What to buy: searched %1 layouts over %2 contexts (GPU, GPU count and precision) in %3 s: %4 options, %5 meet every limit.</source>
        <translation>购买建议：在 %2 个上下文（GPU、GPU 数量和精度）中搜索了 %1 种布局，用时 %3 秒：共 %4 个方案，其中 %5 个满足全部限制。</translation>
    </message>
    <message>
        <source>None of the %1 options you listed meets every limit:</source>
        <translation>您列出的 %1 个方案都不满足全部限制：</translation>
    </message>
    <message>
        <source>%1 of the %2 options you listed meet every limit:</source>
        <translation>您列出的 %2 个方案中有 %1 个满足全部限制：</translation>
    </message>
    <message>
        <source>Options that meet every limit, best first (objective: %1):</source>
        <translation>满足全部限制的方案，最优在前（目标：%1）：</translation>
    </message>
    <message>
        <source>Layout families on the first option (the fastest of each):</source>
        <translation>首选方案上的各布局类别（每类最快的一个）：</translation>
    </message>
    <message>
        <source>%1 s per step, %2 days</source>
        <translation>每步 %1 秒，%2 天</translation>
    </message>
    <message>
        <source>No option meets every limit.</source>
        <translation>没有方案满足全部限制。</translation>
    </message>
    <message>
        <source>Closest misses:</source>
        <translation>最接近的未达标方案：</translation>
    </message>
    <message>
        <source>Pareto front, days to train against USD per billion tokens:</source>
        <translation>帕累托前沿，训练天数与每十亿词元美元成本：</translation>
    </message>
    <message>
        <source>MW</source>
        <translation>MW</translation>
    </message>
    <message>
        <source>What to buy: at most this power at the wall (PUE included).</source>
        <translation>购买建议：墙插功率上限（含 PUE）。</translation>
    </message>
    <message>
        <source>buy,rent</source>
        <translation>buy,rent</translation>
    </message>
    <message>
        <source>What to buy: buy, rent or both (default: the goals&apos;, else both).</source>
        <translation>购买建议：购买、租用或两者（默认：按目标设定，否则两者）。</translation>
    </message>
    <message>
        <source>bf16,fp8</source>
        <translation>bf16,fp8</translation>
    </message>
    <message>
        <source>What to buy: the precisions to try; FP8 only where the GPU has it (default: both).</source>
        <translation>购买建议：要尝试的精度；仅在 GPU 支持时使用 FP8（默认：两者）。</translation>
    </message>
    <message>
        <source>--csv, --emit-best and --tokens-per-step do not go with goals (what to buy)</source>
        <translation>--csv、--emit-best 和 --tokens-per-step 不能与目标（购买建议）同时使用</translation>
    </message>
    <message>
        <source>%1 days (P10-P50-P90 %2-%3-%4)</source>
        <translation>%1 天（P10-P50-P90 %2-%3-%4）</translation>
    </message>
    <message>
        <source>the goals make %1 contexts (GPU, GPU count and precision), more than the %2 a search can finish in reasonable time: narrow the GPUs or the counts</source>
        <translation>这些目标产生 %1 个上下文（GPU、GPU 数量和精度），超过了搜索能在合理时间内完成的 %2 个：请减少 GPU 或数量</translation>
    </message>
    <message>
        <source>Fastest conventional layout (%1): %2: %3 s per step, %4 days</source>
        <translation>最快的常规布局（%1）：%2：每步 %3 秒，%4 天</translation>
    </message>
</context>
<context>
    <name>commtax::search::buy</name>
    <message>
        <source>conventional (%1)</source>
        <translation>常规（%1）</translation>
    </message>
    <message>
        <source>not conventional (%1); no conventional layout fits</source>
        <translation>非常规（%1）；没有能放下的常规布局</translation>
    </message>
    <message>
        <source>not conventional: %1 speed over %2 (%3)</source>
        <translation>非常规：速度比 %2 %1（%3）</translation>
    </message>
    <message>
        <source>not conventional: %1 speed against %2 (%3)</source>
        <translation>非常规：速度比 %2 %1（%3）</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>bubble</source>
        <translation>气泡</translation>
    </message>
    <message>
        <source>exposed TP</source>
        <translation>暴露的 TP</translation>
    </message>
    <message>
        <source>exposed PP</source>
        <translation>暴露的 PP</translation>
    </message>
    <message>
        <source>exposed DP</source>
        <translation>暴露的 DP</translation>
    </message>
    <message>
        <source>exposed CP</source>
        <translation>暴露的 CP</translation>
    </message>
    <message>
        <source>exposed EP</source>
        <translation>暴露的 EP</translation>
    </message>
    <message>
        <source>overlap slowdown</source>
        <translation>重叠减速</translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 %2 (%3)</source>
        <translation>%1 %2（%3）</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>Step %1 (your plan: %2)</source>
        <translation>每步 %1（你的方案：%2）</translation>
    </message>
    <message>
        <source>Step %1</source>
        <translation>每步 %1</translation>
    </message>
    <message>
        <source>memory %1 of %2 GB usable</source>
        <translation>显存 %1 / 可用 %2 GB</translation>
    </message>
    <message>
        <source> (your plan: %1 of %2)</source>
        <translation>（你的方案：%1 / %2）</translation>
    </message>
    <message>
        <source>%1: %2; %3.</source>
        <translation>%1：%2；%3。</translation>
    </message>
    <message>
        <source>%1 %2 in %3</source>
        <translation>%1 块 %2，%3</translation>
    </message>
    <message>
        <source>rented</source>
        <translation>租用</translation>
    </message>
    <message>
        <source>bought</source>
        <translation>购买</translation>
    </message>
    <message>
        <source>Meets the %1-day deadline: %2 (%3), %4 likely</source>
        <translation>满足 %1 天工期：%2（%3），可能性 %4</translation>
    </message>
    <message>
        <source>Best: %1 (%2)</source>
        <translation>最优：%1（%2）</translation>
    </message>
    <message>
        <source>No option meets every limit (the closest misses follow)</source>
        <translation>没有选项满足全部限制（最接近的未满足项见下文）</translation>
    </message>
    <message>
        <source>none of the %1 options you listed does</source>
        <translation>你列出的 %1 个选项都不满足</translation>
    </message>
    <message>
        <source>%1 of the %2 options you listed do</source>
        <translation>你列出的 %2 个选项中有 %1 个满足</translation>
    </message>
    <message>
        <source>%1; %2.</source>
        <translation>%1；%2。</translation>
    </message>
</context>
</TS>
