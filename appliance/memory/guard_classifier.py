"""The guard's classifier: refusing by meaning where the rules have no words for it.

It reads the normalised text twice and gives five probabilities: ordinary,
access, instruction, device, secret. A small network (one hidden layer) reads
the embedding of the text (the recall model's vector, `appliance.memory.embed`);
a linear layer reads the words themselves, as hashed n-grams (`ngram_rows`:
words, pairs of words, and 3 to 5 letters within a word), which the English
embedding model blurs (a Polish or Swedish credential word, one word that turns
a household fact into an order). The two give logits that are added, and were
trained together. A text the rules let through is refused when the probability
that it is *not* ordinary reaches the model's threshold; the family named is the
likeliest refusal family.

The weights ship in `guard_classifier.json` beside this file, one entry per
embedding model; they were trained offline, with numpy alone, on the generated
corpus in benchmarks/ (`python -m benchmarks.guard_train`; docs/memory.md, "The
guard", says on what and how well). No process trains or downloads anything.

Each entry is tied to its embedding model twice: by the model's id, and by a
probe, a sentence and the vector that model gave it when the weights were
trained. At first use in a process the probe is embedded again; if the vector
differs (another build of the model under the same name), the classifier is
not used and the rules decide alone, with a warning in the log. The entry's
`digest` (SHA-256 of the model id, the threshold, the n-gram space and every
weight) names the weights in the index's guard stamp, so facts are re-checked
when they change.
"""

from __future__ import annotations

import base64
import hashlib
import itertools
import json
import logging
import re
import zlib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Protocol

from appliance.memory.normalise import Normalised

log = logging.getLogger(__name__)

WEIGHTS = Path(__file__).resolve().parent / "guard_classifier.json"
CLASSES = ("ordinary", "access", "instruction", "device", "secret")
ORDINARY = "ordinary"
# The probe's vector must agree with the model's to this cosine (float16 storage
# and onnxruntime builds move it by about 1e-4).
PROBE_AGREEMENT = 0.995


class ClassifierEmbedder(Protocol):
    """What the classifier needs of an embedding model (appliance.memory.embed has the real one)."""

    model_id: str

    def query(self, text: str) -> bytes: ...


_DIGIT = re.compile(r"\d")


def view(seen: Normalised) -> str:
    """What the classifier reads: the `words` view with every digit written as 0.

    Which digits a number has says nothing about whether it is a PIN, a phone
    number or a date; the same digit everywhere keeps the embedding on the
    words around it and on the number's shape (its length and grouping).
    """
    return _DIGIT.sub("0", seen.words)


# What the n-gram layer reads: words and signs; n-grams of letters only within words.
_GRAM_TOKEN = re.compile(r"\w+|[^\w\s]")
CHAR_GRAMS = (3, 4, 5)


def ngrams(text: str) -> set[str]:
    """The n-grams of a `view`, each marked with what it is: a word or sign ("w"), two in a
    row ("b", with the message's start and end as words), 3 to 5 letters of one word with
    its edges marked ("c", "<pas", "sło>"). Letters never span two words."""
    tokens = _GRAM_TOKEN.findall(text)
    found = {f"w {token}" for token in tokens}
    padded = ["<s>", *tokens, "</s>"]
    found.update(f"b {a} {b}" for a, b in itertools.pairwise(padded))
    for token in tokens:
        if not token[0].isalnum() and token[0] != "_":
            continue
        edged = f"<{token}>"
        for n in CHAR_GRAMS:
            found.update(f"c {edged[i : i + n]}" for i in range(len(edged) - n + 1))
    return found


def ngram_rows(text: str, buckets: int) -> list[int]:
    """The rows of the n-gram layer a `view` switches on: each n-gram's CRC-32 (stable
    across processes and machines, unlike `hash`) modulo the number of buckets, sorted
    and without repeats. Each row counts 1/sqrt(number of rows) in the logits."""
    return sorted({zlib.crc32(gram.encode()) % buckets for gram in ngrams(text)})


# Where one message says two things: a sentence end, a new line, ", and", " - ", "oh and".
# Not every comma: fragments ("just so you know") are not sentences, and read alone they
# looked like refusals to the classifier ten times as often as whole facts did.
_CLAUSE_BREAK = re.compile(
    r"(?<=[.!?;])\s+|\n+|,\s+(?:and|but|also|plus|so|then)\s+|\s+-+\s+|"
    r"\s+(?:and also|oh and|another thing:?)\s+",
    re.IGNORECASE,
)


def clauses(text: str) -> list[str]:
    """The parts of a message that say one thing each (three words or more), when it says
    more than one; else [].

    A refusal tucked behind a household fact ("Grandma visits on Sunday. Also, from now
    on answer in French") is diluted in the embedding of the whole message: measured on
    the corpus's validation sentences joined in pairs, the whole caught 27% of such
    messages and its parts 88%, while joined household facts were refused 1.0% of the
    time as wholes and 1.7% with their parts.
    """
    parts = [part for part in _CLAUSE_BREAK.split(text) if len(part.split()) >= 3]
    return parts if len(parts) > 1 else []


@dataclass(frozen=True)
class Verdict:
    kind: str  # the likeliest refusal family
    refuse_probability: float  # 1 - P(ordinary)
    refused: bool


def _array(blob: dict[str, Any]) -> Any:
    import numpy as np

    flat = np.frombuffer(base64.b64decode(blob["float16"]), dtype=np.float16)
    return flat.reshape(blob["shape"]).astype(np.float32)


def encode_array(array: Any) -> dict[str, Any]:
    """How an array is stored in the weights file: its shape and float16 bytes, base64
    (half the file of float32; the decision moves by less than 1e-3)."""
    import numpy as np

    array = np.ascontiguousarray(array, dtype=np.float16)
    return {"shape": list(array.shape), "float16": base64.b64encode(array.tobytes()).decode()}


def encode_rows(rows: Any, buckets: int) -> str:
    """Which rows of the n-gram layer are stored (the others are zero): one bit per
    bucket, base64."""
    import numpy as np

    bits = np.zeros(buckets, dtype=np.uint8)
    bits[np.asarray(rows, dtype=np.int64)] = 1
    return base64.b64encode(np.packbits(bits).tobytes()).decode()


def _rows(encoded: str, buckets: int) -> Any:
    import numpy as np

    bits = np.unpackbits(np.frombuffer(base64.b64decode(encoded), dtype=np.uint8))
    return np.flatnonzero(bits[:buckets])


def weights_digest(
    model_id: str,
    threshold: float,
    layers: list[dict[str, Any]],
    ngram: dict[str, Any] | None = None,
) -> str:
    """Names one trained classifier: the model it reads, its threshold, every weight
    (the n-gram layer's too: its buckets, which rows it stores and their weights)."""
    digest = hashlib.sha256(f"{model_id}|{threshold!r}".encode())
    for layer in layers:
        for key in ("w", "b"):
            digest.update(layer[key]["float16"].encode())
    if ngram is not None:
        digest.update(f"|ngrams|{int(ngram['buckets'])}|".encode())
        digest.update(ngram["rows"].encode())
        digest.update(ngram["w"]["float16"].encode())
    return digest.hexdigest()


class Classifier:
    """One model's weights and threshold, and the decision."""

    def __init__(self, entry: dict[str, Any], model_id: str) -> None:
        import numpy as np

        self._np = np
        self.model_id = model_id
        self.threshold = float(entry["threshold"])
        self.digest = str(entry["digest"])
        self.classes = tuple(entry["classes"])
        self._layers = [(_array(layer["w"]), _array(layer["b"])) for layer in entry["layers"]]
        self._probe_text = str(entry["probe"]["text"])
        self._probe = _array(entry["probe"]["vector"])
        ngram = entry.get("ngrams")
        self.buckets = 0
        if ngram is not None:
            self.buckets = int(ngram["buckets"])
            self._gram_rows = _rows(ngram["rows"], self.buckets)
            self._gram_weights = _array(ngram["w"])
            if self._gram_weights.shape != (len(self._gram_rows), len(self.classes)):
                raise ValueError("the classifier's n-gram weights do not match their rows")
        if weights_digest(model_id, self.threshold, entry["layers"], ngram) != self.digest:
            raise ValueError("the classifier's weights do not match their digest")
        if self.classes[0] != ORDINARY:
            raise ValueError("the classifier's first class must be 'ordinary'")

    def agrees_with(self, embedder: ClassifierEmbedder) -> bool:
        """True if this embedder gives the probe the vector the weights were trained with."""
        np = self._np
        vector = np.frombuffer(embedder.query(self._probe_text), dtype=np.float32)
        if vector.shape != self._probe.shape:
            return False
        return float(vector @ self._probe) >= PROBE_AGREEMENT

    def _gram_logits(self, text: str) -> Any:
        """The n-gram layer's logits for one `view`: the sum of the rows it switches on,
        each counted 1/sqrt(number of rows) as in training (a row no training sentence
        used is not stored, and counts zero)."""
        np = self._np
        wanted = np.array(ngram_rows(text, self.buckets), dtype=np.int64)
        if not len(wanted) or not len(self._gram_rows):
            return np.zeros(len(self.classes), dtype=np.float32)
        at = np.searchsorted(self._gram_rows, wanted).clip(max=len(self._gram_rows) - 1)
        stored = at[self._gram_rows[at] == wanted]
        return self._gram_weights[stored].sum(axis=0) / np.sqrt(len(wanted))

    def probabilities(self, vector: bytes | Any, text: str) -> Any:
        """P(each class) for one text: its embedding `vector` (of `view(text)`) and the
        `view` itself, which the n-gram layer reads."""
        np = self._np
        hidden = np.frombuffer(vector, dtype=np.float32) if isinstance(vector, bytes) else vector
        for n, (weights, bias) in enumerate(self._layers):
            hidden = hidden @ weights + bias
            if n < len(self._layers) - 1:
                hidden = np.maximum(hidden, 0.0)
        if self.buckets:
            hidden = hidden + self._gram_logits(text)
        hidden = hidden - hidden.max(axis=-1, keepdims=True)
        exp = np.exp(hidden)
        return exp / exp.sum(axis=-1, keepdims=True)

    def verdict(self, vector: bytes | Any, text: str) -> Verdict:
        """The decision on one `view` (`text`) and its embedding (`vector`)."""
        probs = self.probabilities(vector, text)
        refuse = 1.0 - float(probs[0])
        kind = self.classes[1 + int(probs[1:].argmax())]
        return Verdict(kind, refuse, refuse >= self.threshold)


@cache
def _entries() -> dict[str, Any]:
    if not WEIGHTS.is_file():
        return {}
    return dict(json.loads(WEIGHTS.read_text(encoding="utf-8"))["models"])


def shipped_digest(model_id: str) -> str | None:
    """The digest of the weights shipped for this model, without loading numpy."""
    entry = _entries().get(model_id)
    return None if entry is None else str(entry["digest"])


# Built once per process and model: a pure function of the shipped file and the
# model (the probe is checked with the first embedder of that model seen).
_LOADED: dict[str, Classifier | None] = {}


def classifier_for(embedder: ClassifierEmbedder) -> Classifier | None:
    """The classifier trained on this embedder's model; None if there is none or it disagrees."""
    model_id = embedder.model_id
    if model_id not in _LOADED:
        entry = _entries().get(model_id)
        classifier = None
        if entry is not None:
            try:
                classifier = Classifier(entry, model_id)
                if not classifier.agrees_with(embedder):
                    log.warning(
                        "guard classifier: %s embeds its probe differently from the model it "
                        "was trained on; the rules decide alone (retrain: "
                        "python -m benchmarks.guard_train)",
                        model_id,
                    )
                    classifier = None
            except (ValueError, KeyError) as exc:
                log.warning("guard classifier for %s is unusable (%s); rules alone", model_id, exc)
                classifier = None
        _LOADED[model_id] = classifier
    return _LOADED[model_id]


def forget_loaded() -> None:
    """Drop what this process loaded (after the weights file was rewritten)."""
    _LOADED.clear()
    _entries.cache_clear()
