"""What someone may not eat, asked, is answered by their allergy or diet: an eighteenth
outside trial's "What is my grandson Ifan unable to eat?" got "I don't know … yet"."""

from __future__ import annotations

import pytest

from appliance.config import Settings
from appliance.memory import Memory
from tests.brain.conftest import scripted_reply


@pytest.mark.parametrize(
    "asked",
    ["What is my grandson Ifan unable to eat?", "what can't Ifan eat", "what does Ifan avoid"],
)
def test_what_cannot_be_eaten_is_answered_by_the_allergy(
    settings: Settings, memory: Memory, asked: str
) -> None:
    memory.add("Ifan is allergic to sesame.", "health")
    memory.add("Ifan's EpiPen is in the blue bag.", "health")
    reply, model = scripted_reply(settings, memory, ["He can't eat nuts."], asked)
    assert reply.text == "From memory: Ifan is allergic to sesame." and model.prompts == []


def test_what_someone_likes_to_eat_is_no_allergys_to_answer(
    settings: Settings, memory: Memory
) -> None:
    memory.add("Ifan is allergic to sesame.", "health")
    reply, _ = scripted_reply(settings, memory, ["He likes chips."], "what does Ifan like to eat")
    assert not reply.text.startswith("From memory")
