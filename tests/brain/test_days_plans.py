"""A day's plans asked of the house are answered from memory and from the reminders set
for that day: an eleventh outside trial had three reminders set for tomorrow and heard
"I don't know that yet." to "what have we got on tomorrow?"."""

from __future__ import annotations

from appliance.composition import intent_router
from appliance.memory import Memory
from tests.brain.conftest import scripted_brain


def test_a_days_plans_include_its_reminders(settings, memory: Memory) -> None:
    memory.add("We're going to Cornwall on Saturday.", "event")
    brain, model = scripted_brain(settings, memory, ["x"], intents=intent_router(settings))
    try:
        brain.reply("remind me on saturday at 9:30 to pack the car")
        brain.reply("remind me tomorrow at 8 to ring the surgery")
        saturday = brain.reply("what's on saturday?")
        tomorrow = brain.reply("what have we got on tomorrow?")
        friday = brain.reply("anything on friday?")  # the control: nothing set that day
    finally:
        brain.close()
    assert "Cornwall" in saturday.text and "pack the car" in saturday.text
    assert "ring the surgery" in tomorrow.text and "pack the car" not in tomorrow.text
    assert "Reminders" not in friday.text and "surgery" not in friday.text
    assert model.prompts == []


def test_a_day_asked_in_the_households_words_reads_its_reminders(settings, memory: Memory) -> None:
    # a held-out split's each heard "I don't know that yet." with the reminders set; where
    # memory holds nothing of it, the reminders are the whole answer
    brain, model = scripted_brain(settings, memory, ["x"], intents=intent_router(settings))
    try:
        brain.reply("remind me on wednesday at 1 to phone the vet")
        brain.reply("remind me on wednesday at 7pm to go to parents evening")
        wednesday = brain.reply("what have i got on wednesday")
        evening = brain.reply("whats on wednesday evening")
        weekend = brain.reply("anything on this weekend?")  # the control: nothing then
        # a review's reached the model, which may make plans up
        asked = brain.reply("have i got anything wednesday evening")
    finally:
        brain.close()
    assert wednesday.text.startswith("Reminders: phone the vet")
    assert "parents evening" in wednesday.text and "don't know" not in wednesday.text
    assert "parents evening" in evening.text and "vet" not in evening.text
    assert "Reminders" not in weekend.text
    # (the day as said depends on today: "Wed 9 Dec", or "tomorrow" said on a Tuesday)
    assert asked.text.startswith("Reminders: go to parents evening ")
    assert asked.text.endswith(" at 19:00.") and "vet" not in asked.text
    assert model.prompts == []
