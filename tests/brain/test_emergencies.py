"""Signs of an allergic reaction get the emergency line, never the model nor a card: a tenth
trial's "Tamsin just ate a sesame bagel, what do I do?" got "From memory: Tamsin is
allergic to sesame.", and "Tamsin's lips are swelling after lunch" was proposed as a fact.
An animal in trouble gets the vet (devices.py), its name read as the animal memory says."""

from __future__ import annotations

import pytest

from appliance.brain.ate_it import WATCH_FOR_A_REACTION
from appliance.brain.devices import NOT_A_VET, RING_THE_VET
from appliance.brain.emergencies import (
    ALLERGIC_REACTION,
    ATE_AN_ALLERGEN,
    HYPO,
    RING_999,
    UNWELL,
)
from appliance.brain.urgent import EMERGENCY
from appliance.composition import intent_router
from appliance.memory import Memory
from tests.brain.conftest import scripted_reply


@pytest.mark.parametrize(
    ("said", "line"),
    [
        ("Tamsin's lips are swelling after lunch", ALLERGIC_REACTION),
        ("he can't breathe properly", ALLERGIC_REACTION),
        ("she's come out in hives after the satay", ALLERGIC_REACTION),
        # her allergy kept: it, and what to watch for (ate_it.py)
        (
            "Tamsin just ate a sesame bagel, what do I do?",
            f"From memory: Tamsin is allergic to sesame. {WATCH_FOR_A_REACTION}",
        ),
        ("Sam ate a peanut, is he ok?", ATE_AN_ALLERGEN),
        # an eleventh trial's, each carded, misread or answered from memory
        ("Miko's lips are going puffy and he's coughing", ALLERGIC_REACTION),
        ("his lips are going puffy", ALLERGIC_REACTION),
        ("Miko just ate a bit of satay chicken at the party, what do i do??", ATE_AN_ALLERGEN),
        ("Zosia has a rash that doesn't fade under a glass", RING_999),
        ("Zosia has a temperature of 38.5", UNWELL),
        ("Babcia feels shaky and sweaty, she hasn't eaten since breakfast", UNWELL),
        ("Babcia is diabetic and feels shaky and sweaty, what should I do?", UNWELL),
        # a review's: said with a doubt, each had been left "as a maybe"
        ("I think there's a gas leak", EMERGENCY),
        ("I think Babcia is having a stroke", EMERGENCY),
        ("I think the baby swallowed a battery", EMERGENCY),
        ("Zosia has a fever", UNWELL),
        ("Babcia has chest pain", UNWELL),
        # a second review's: carded, or sent to the model
        ("mum isn't breathing", EMERGENCY),
        ("Babcia's face is drooping and her speech is slurred", EMERGENCY),
        ("grandad is having chest pains", EMERGENCY),
        ("the chip pan is on fire", EMERGENCY),
        ("there's a fire in the kitchen", EMERGENCY),
        ("the baby's had a fit", EMERGENCY),
        ("Babcia collapsed in the kitchen", EMERGENCY),
        # an eighteenth trial's: carded, or the model's "avoid sugar"
        ("Nasrin is having a hypo what do I do", HYPO),
        ("what should a diabetic eat if they have a hypo", HYPO),
        ("her blood sugar is really low", HYPO),
        ("how do i treat a hypo", HYPO),
        ("my dog's face is swollen", RING_THE_VET),
        ("the cat's being sick and won't eat", RING_THE_VET),
    ],
)
def test_signs_of_trouble_get_the_line_never_the_model_nor_the_board(
    settings, memory: Memory, said: str, line: str
) -> None:
    memory.add("Tamsin is allergic to sesame.", "health")
    reply, model = scripted_reply(
        settings, memory, ["She'll be fine."], said, intents=intent_router(settings)
    )
    assert reply.text == line and model.prompts == []
    assert memory.proposals() == []


@pytest.mark.parametrize(
    "said",
    [
        "remember that Tamsin's lips swell if she eats sesame",  # told, to be kept
        "the kids ate all the biscuits, what do I do for pudding",  # no allergen
        "the dough is swelling nicely",
        "the dog is sick of waiting",
        "Tamsin is allergic to sesame",
        "the hypo sweets are in the glovebox",  # where a thing is kept: a fact
        "Nasrin's hypo kit is in the drawer",
        "Nasrin has hypos at night",
    ],
)
def test_what_is_no_sign_of_trouble_is_not_read_as_one(settings, said: str) -> None:
    kind = intent_router(settings).route(said).kind
    assert kind not in ("allergic reaction", "ate an allergen", "an animal unwell", "hypo"), said


def test_a_pet_named_in_trouble_is_the_vets(settings, memory: Memory) -> None:
    """ "Pudding's face is swollen" with "Our dog Pudding is a beagle." kept: the vet, not
    the line for a person."""
    memory.add("Our dog Pudding is a beagle.", "household")
    reply, _ = scripted_reply(
        settings, memory, [], "Pudding's face is swollen", intents=intent_router(settings)
    )
    assert reply.text == RING_THE_VET
    reply, _ = scripted_reply(
        settings,
        memory,
        [],
        "Pudding ate some grapes off the floor",
        intents=intent_router(settings),
    )
    assert reply.text == NOT_A_VET


@pytest.mark.parametrize(
    ("kept", "said", "line"),
    [
        # a review's: "Tamsin is a dog lover" had made Tamsin a dog, and her reaction the vet's
        ("Tamsin is a dog lover.", "Tamsin's lips are swelling after lunch", ALLERGIC_REACTION),
        ("Osric is our dog walker.", "Osric can't breathe properly", ALLERGIC_REACTION),
        ("Biscuit is our pony.", "Biscuit's face is swollen", RING_THE_VET),
    ],
)
def test_only_a_pet_memory_names_is_read_as_an_animal(
    settings, memory: Memory, kept: str, said: str, line: str
) -> None:
    memory.add(kept, "household")
    reply, _ = scripted_reply(settings, memory, [], said, intents=intent_router(settings))
    assert reply.text == line


@pytest.mark.parametrize(
    "said",
    [
        # a review's, each given an emergency line
        "we had fish pie last night, what do I do with the leftovers?",
        "I had cheese on toast for lunch, help me plan dinner",
        "Tamsin's anaphylaxis training is on Tuesday",
        "Tamsin had an allergic reaction to penicillin last year",
        "these tablets are hard to swallow",
        "I can't breathe for laughing",
        "the dog got into the neighbour's garden again",
        "is the park ok for dogs?",
        "the dog is shaking because of the fireworks",
        # the controls beside the eleventh trial's
        "the chicken has a temperature of 75 in the middle",
        "Zosia had a temperature of 38 last week, she's fine now",
        "the rash faded when I pressed a glass on it",
        "the satay recipe needs peanut butter",
        "Babcia had a fit of the giggles",
        # a review's, each given the line
        "the fridge has a high temperature alarm",
        "the bath has a temperature of 38",
        "Mum had a fit when she saw the mess",
        "my pastry is floppy",
        "Tom has epilepsy and had seizures as a child",
        "Gran is having a nap",
        "Tom had a stroke in 2019",
        # a second review's, each given 999
        "Tom is fitting the kitchen cabinets on Saturday",
        "the cake has collapsed in the middle",
        "my sourdough starter has collapsed",
        "Tom is having a stroke of luck",
        "the phone won't wake up",
        "we had a fire drill at school",
    ],
)
def test_ordinary_talk_gets_no_emergency_nor_vet_line(settings, said: str) -> None:
    kind = intent_router(settings).route(said).kind
    assert kind not in (
        "allergic reaction",
        "ate an allergen",
        "an animal unwell",
        "fed to a pet",
        "serious illness",
        "unwell",
        "emergency",
        "fire",
    ), said


def test_a_pet_named_after_a_food_leaves_the_food_alone(settings, memory: Memory) -> None:
    """ "Honey is our dog." kept: "is honey safe for a 6 month old?" asks of honey (a review's
    got the vet's line); "can Honey have grapes" asks of the dog."""
    memory.add("Honey is our dog.", "household")
    router = intent_router(settings)
    reply, _ = scripted_reply(
        settings, memory, [], "is honey safe for a 6 month old?", intents=router
    )
    assert "under 12 months" in reply.text
    reply, _ = scripted_reply(settings, memory, [], "can Honey have grapes", intents=router)
    assert reply.text == NOT_A_VET


def test_a_known_allergy_is_said_before_a_small_childs_row(settings, memory: Memory) -> None:
    """A review's "can Tamsin have peanuts?", with "Tamsin is allergic to peanuts." kept, got
    "…fine crushed, ground or as a smooth nut butter"; someone memory knows nothing of
    diet about still gets the row (the control)."""
    memory.add("Tamsin is allergic to peanuts.", "health")
    memory.add("Oisin is in the rugby team.", "person")
    router = intent_router(settings)
    reply, _ = scripted_reply(settings, memory, [], "can Tamsin have peanuts?", intents=router)
    assert "Tamsin is allergic to peanuts" in reply.text and "nut butter" not in reply.text
    reply, _ = scripted_reply(settings, memory, [], "can I give Oisin peanuts?", intents=router)
    assert "Not whole for a child under 5" in reply.text
