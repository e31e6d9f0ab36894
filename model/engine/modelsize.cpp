// SPDX-License-Identifier: GPL-3.0-or-later
// The model's size and work (layer shapes, parameters, FLOPs) and its layers over the pipeline
// stages (docs/model.md §2, §16).
#include "phases.h"

#include <algorithm>

namespace commtax {

LayerDims layerDims(const ModelSpec &m)
{
    LayerDims L;
    const double h = m.hidden, a = m.heads;
    const double dh = m.head_dim > 0 ? double(m.head_dim) : (m.heads > 0 ? h / a : h);
    if (m.attention == Attention::Mla) {
        // DeepSeek-V2 (arXiv 2405.04434) §2.1.2-2.1.3, DeepSeek-V3 config.json: queries through a
        // q_lora_rank latent (or straight from h), keys and values through one kv_lora_rank latent
        // plus a shared RoPE key of qk_rope_head_dim; heads of qk_nope + qk_rope for Q and K, v_head_dim
        // for V; the output projection from heads x v_head_dim. Norms of the latents are left out.
        const double dqk = double(m.qk_nope_head_dim) + m.qk_rope_head_dim, dv = m.v_head_dim;
        const double q = m.q_lora_rank > 0 ? h * m.q_lora_rank + double(m.q_lora_rank) * a * dqk : h * a * dqk;
        L.kv_up_dim = a * (double(m.qk_nope_head_dim) + dv);
        const double kv = h * (double(m.kv_lora_rank) + m.qk_rope_head_dim) + double(m.kv_lora_rank) * L.kv_up_dim;
        L.attn_params = q + kv + a * dv * h;
        L.q_dim = a * dqk;
        L.k_dim = a * dqk;
        L.v_dim = a * dv;
        L.latent_dim = double(m.q_lora_rank) + m.kv_lora_rank + m.qk_rope_head_dim;
    } else {
        const double kv = double(m.kv_heads) * dh;
        L.q_dim = a * dh;
        L.k_dim = kv;
        L.v_dim = kv;
        L.attn_params = h * (2.0 * L.q_dim + 2.0 * kv);
    }
    // One query against one key: QK^T over the query/key width, AV over the value width; per
    // query head. Forward FLOPs per token per context token: 2 * heads * (d_qk + d_v).
    const double dqk = m.attention == Attention::Mla ? double(m.qk_nope_head_dim) + m.qk_rope_head_dim : dh;
    const double dv = m.attention == Attention::Mla ? double(m.v_head_dim) : dh;
    L.attn_core_flops = 2.0 * a * (dqk + dv);
    L.attn_out_dim = a * dv;
    const double mats = m.mlp == Mlp::SwiGlu ? 3.0 : 2.0;
    L.dense_mlp_params = mats * h * m.ffn;
    if (m.moe()) {
        L.moe_layers = std::max(m.layers - m.dense_layers, 0);
        L.dense_layers = m.layers - L.moe_layers;
        L.expert_params = mats * h * m.expert_ffn;
        L.router_params = h * m.experts;
        L.moe_total_params = (double(m.experts) + m.shared_experts) * L.expert_params + L.router_params;
        L.moe_active_params = (double(m.experts_per_token) + m.shared_experts) * L.expert_params + L.router_params;
    } else {
        L.dense_layers = m.layers;
    }
    return L;
}

double parameterCount(const ModelSpec &m) { return engine_detail::parameterCount(m, layerDims(m), false); }
double activeParameterCount(const ModelSpec &m) { return engine_detail::parameterCount(m, layerDims(m), true); }
double modelFlopsPerSequence(const ModelSpec &m, int seq_len)
{
    return engine_detail::modelFlopsPerSequence(m, layerDims(m), seq_len);
}

StageSplit stageSplit(const Plan &plan)
{
    const TrainingSpec &t = plan.training;
    StageSplit sp;
    const int l = plan.model.layers, p = std::max(t.pp, 1), v = std::max(t.vpp, 1);
    sp.stages = p;
    sp.vpp = v;
    if (p == 1) {
        sp.first = sp.last = l;
        sp.valid = l >= 1;
        sp.even = true;
        return sp;
    }
    // Stages left automatic share the rest as evenly as possible; the layers that do not divide go
    // to the middle stages first (lowest index first), then to the first stage, never to the last,
    // which carries the LM head and its loss. With interleaving every middle stage needs at least vpp
    // layers (one per chunk); its chunks may differ by one layer (Megatron-Core's
    // --pipeline-model-parallel-layout takes any count per virtual stage). A first or last stage may
    // hold vpp - 1: one of its chunks then holds only the embedding or only the loss, as
    // Megatron-Core's --account-for-embedding-in-pipeline-split and
    // --account-for-loss-in-pipeline-split make them (Llama 3.1 405B's 126 layers on pp 16, vpp 8).
    // The counts do not depend on vpp, only whether they hold it (the search's bounds rely on that).
    // 32-bit arithmetic (the ranges keep every count below 5,000): this runs twice per evaluation.
    const int F = t.first_stage_layers, L = t.last_stage_layers;
    const int free = (p - 2) + (F == 0 ? 1 : 0) + (L == 0 ? 1 : 0);
    const int rest = l - F - L;
    const int edge = engine_detail::edgeStageMinLayers(v);
    if (rest < 0 || (F != 0 && F < edge) || (L != 0 && L < edge))
        return sp;
    if (free == 0) { // pp = 2, both given
        sp.first = F;
        sp.last = L;
        sp.valid = rest == 0;
        sp.even = F == L && F % v == 0;
        return sp;
    }
    const int base = rest / free, rem = rest - base * free;
    const int extraMiddle = std::min(rem, p - 2);
    int left = rem - extraMiddle;
    // Every middle stage needs vpp layers; the first and the last vpp - 1 (a chunk for the embedding
    // or the loss alone), automatic or given: 126 layers on pp 16 are 7, 8 x 14, 7 at any vpp up to 8.
    const int fewestMiddle = p > 2 ? base + (extraMiddle == p - 2 ? 1 : 0) : v;
    if (fewestMiddle < v || ((F == 0 || L == 0) && base < edge))
        return sp;
    sp.remainder = rem;
    sp.middle_base = base;
    sp.middle_extra = extraMiddle;
    if (F != 0) {
        sp.first = F;
    } else {
        sp.first = base + (left > 0 ? 1 : 0);
        left -= left > 0 ? 1 : 0;
    }
    sp.last = L != 0 ? L : base + (left > 0 ? 1 : 0);
    sp.valid = true;
    sp.even = rem == 0 && sp.first == base && sp.last == base && base % v == 0;
    // Chunks of unequal size are spread as evenly as the automatic stages could not be.
    if (!sp.even && rem == 0 && F == 0 && L == 0)
        sp.remainder = base % v;
    return sp;
}

PipelineStages pipelineStages(const Plan &plan, const LayerDims &dims)
{
    PipelineStages ps;
    engine_detail::fillPipelineStages(ps, plan, dims, engine_detail::shapeSizes(plan));
    return ps;
}

void engine_detail::fillPipelineStages(PipelineStages &ps, const Plan &plan, const LayerDims &dims,
                                       const ShapeSizes &sizes)
{
    ps.split = stageSplit(plan);
    ps.kindCount = 0;
    const StageSplit &sp = ps.split;
    const double l = sizes.l, p = sizes.p, E = sizes.E;
    const double embeddingParams = sizes.embeddingParams, embeddingCopies = sizes.embeddingCopies;
    auto addKind = [&](int index, int layers, int count, bool first, bool last) {
        StageKind &st = ps.kinds[ps.kindCount++];
        st.index = index;
        st.layers = layers;
        st.count = count;
        st.first = first;
        st.last = last;
        // The dense-FFN layers: the model's leading dense layers sit on the first stage; any the first
        // stage cannot hold spread over the others (DeepSeek-V3's 3 of 61 always fit the first).
        const double D = dims.dense_layers;
        const double onFirst = std::min(D, double(sp.first));
        const double rest = D - onFirst;
        st.denseLayers = D >= l ? layers
            : first             ? onFirst
            : rest > 0          ? std::min(double(layers), rest / (p - 1.0))
                                : 0.0;
        st.moeLayers = layers - st.denseLayers;
        const double emb = sp.stages == 1 ? embeddingParams * embeddingCopies
            : first || last               ? embeddingParams
                                          : 0.0;
        st.denseParams = layers * dims.attn_params + st.denseLayers * dims.dense_mlp_params
            + st.moeLayers * (dims.moe_total_params - E * dims.expert_params) + emb;
        st.expertParams = st.moeLayers * E * dims.expert_params;
    };
    if (sp.stages == 1) {
        addKind(0, sp.first, 1, true, true);
        return;
    }
    addKind(0, sp.first, 1, true, false);
    const int middle = sp.stages - 2;
    if (sp.middle_extra > 0)
        addKind(1, sp.middle_base + 1, sp.middle_extra, false, false);
    if (middle - sp.middle_extra > 0)
        addKind(1 + sp.middle_extra, sp.middle_base, middle - sp.middle_extra, false, false);
    addKind(sp.stages - 1, sp.last, 1, false, true);
}

int stageLayers(const StageSplit &split, int stage)
{
    if (stage <= 0)
        return split.first;
    if (stage >= split.stages - 1)
        return split.last;
    return split.middle_base + (stage - 1 < split.middle_extra ? 1 : 0);
}

int chunkLayers(const StageSplit &split, int stage, int chunk)
{
    const int n = stageLayers(split, stage), v = std::max(split.vpp, 1);
    const int extra = n % v;
    const bool more = stage <= 0 && split.stages > 1 ? chunk >= v - extra : chunk < extra;
    return n / v + (more ? 1 : 0);
}

int fewestStageLayers(const StageSplit &split)
{
    int fewest = std::min(split.first, split.last);
    if (split.stages > 2)
        fewest = std::min(fewest, split.middle_base);
    return fewest;
}

} // namespace commtax
