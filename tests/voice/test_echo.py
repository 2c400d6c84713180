"""The bias's list of names written back is not a transcript (bias.echoes_names)."""

from __future__ import annotations

from appliance.voice.bias import bias_for, echoes_names

BIAS = bias_for(["Tilly", "Bongani", "Nkechi", "Ffion", "fuse box", "Oluwaseun", "Wojciech"])


def test_three_of_the_prompt_s_names_in_one_transcript_are_the_list_written_back() -> None:
    # Both seen on the tuning split, from Whisper tiny.en and base.
    assert echoes_names("Remember, Nkechi, Bongani, Ffion, Vin, Nkechi, Rim,", BIAS)
    assert echoes_names("Ivanka, Oluwaseun, Tilly, Wojciech, Oluwaseun,", BIAS)


def test_a_sentence_with_a_name_or_two_is_speech() -> None:
    assert not echoes_names("Tilly and Bongani are out tonight.", BIAS)  # the control
    assert not echoes_names("Where is the fuse box?", BIAS)
    assert not echoes_names("Nkechi, Nkechi, Nkechi", BIAS)  # one name, however often
    assert not echoes_names("Tilly, Bongani, Ffion", bias_for([]))  # no list, no echo


def test_a_transcript_that_echoes_the_list_is_decoded_again_without_it(transcriber) -> None:
    """With the session's real tiny.en: three of the household's names said aloud read as
    the list written back, so the transcriber decodes again without the prompt."""
    from appliance.voice.vad import SileroVad, trim
    from tests.voice.speech import Clip, spoken

    said = trim(
        spoken(Clip("Tilly, Bongani and Nkechi are coming for tea", "en-gb", 140)), SileroVad()
    )
    calls: list[bool] = []
    decode = transcriber._decode

    def counted(samples, bias, window=None):
        calls.append(bias is not None)
        return decode(samples, bias, window)

    transcriber._decode = counted
    try:
        first = transcriber.transcribe(said, BIAS)
        transcriber.echo_check = False  # the control: without the check, one decode
        second = transcriber.transcribe(said, BIAS)
    finally:
        transcriber.echo_check = True
        del transcriber._decode
    assert echoes_names(second, BIAS), second
    assert calls == [True, False, True]
    assert first  # decoded again, still a transcript
