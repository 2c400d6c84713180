"""Whether someone may have a food is answered from their diet as memory holds it, never by
the model (can_have.py). Scripted models (not a model): the model's line is what a tenth
outside trial heard the real one say."""

from __future__ import annotations

import pytest

from appliance.brain.can_have import answer, asked, asked_by_whoever
from appliance.composition import intent_router
from appliance.config import Settings
from appliance.memory import Memory
from tests.brain.conftest import scripted_reply

NAMES = frozenset({"rosa", "femi"})


@pytest.mark.parametrize(
    ("said", "food"),
    [
        ("can rosa have scrambled egg", "scrambled egg"),
        ("can I give Rosa egg fried rice", "egg fried rice"),
        ("is it safe for Rosa to eat a meringue", "meringue"),
        ("are yorkshire puddings ok for rosa?", "yorkshire puddings"),
        ("Is Rosa allowed chocolate?", "chocolate"),
        ("is it ok to give Rosa nuts", "nuts"),
    ],
)
def test_asked_of_someone_memory_names(said: str, food: str) -> None:
    found = asked(said, NAMES)
    assert found is not None and found.food == food


@pytest.mark.parametrize(
    "said",
    ["can I have a cup of tea", "can I give it a stir", "can we have pasta", "can baby have milk"],
)
def test_not_asked_of_someone(said: str) -> None:  # the controls
    assert asked(said, NAMES) is None


@pytest.mark.parametrize(
    ("said", "person"),
    [("can Sam have milk", "Sam"), ("can priya eat prawns", "priya"), ("can mum have brie", "mum")],
)
def test_asked_of_someone_memory_does_not_name_yet(said: str, person: str) -> None:
    # a thirteenth trial's "can priya eat prawns" got the model's "Priya, please do not eat
    # prawns." (until then, someone memory did not name was left to the model)
    found = asked(said, NAMES)
    assert found is not None and found.person == person


@pytest.mark.parametrize("said", ["can rosa have scrambled egg", "can I give Rosa egg fried rice"])
def test_a_food_asked_of_someone_with_an_allergy_gets_the_allergy_never_a_yes(
    settings: Settings, memory: Memory, said: str
) -> None:
    memory.add("Rosa is allergic to eggs - proper allergic, she has an epipen.", "health")
    memory.add("Femi is 9 and Rosa is 4.", "person")
    reply, model = scripted_reply(settings, memory, ["Rosa has scrambled egg. You can."], said)
    assert model.prompts == []
    # the fact names what is asked: said as told, nothing more
    assert (
        reply.text == "From memory: Rosa is allergic to eggs - proper allergic, she has an epipen."
    )


def test_a_dish_no_fact_names_is_to_be_checked_against_the_facts(
    settings: Settings, memory: Memory
) -> None:
    memory.add("Rosa is allergic to eggs - proper allergic, she has an epipen.", "health")
    memory.add("Femi is 9 and Rosa is 4.", "person")
    reply, model = scripted_reply(
        settings, memory, ["Yes, Rosa can have cake."], "is it safe for Rosa to eat a cake"
    )
    assert model.prompts == []
    assert reply.text == (
        "From memory: Rosa is allergic to eggs - proper allergic, she has an epipen. I can't see "
        "what's in cake, so check it against that before Rosa has any."
    )
    assert "Femi is 9" not in reply.text  # only what bears on what she may eat
    # a meringue is made of egg whites by its very name (made_of.csv): said so
    reply, _ = scripted_reply(settings, memory, [], "is it safe for Rosa to eat a meringue")
    assert "Meringue is made with egg whites" in reply.text and "expect eggs" in reply.text


def test_a_name_memory_does_not_hold_is_the_model_s(settings: Settings, memory: Memory) -> None:
    reply, model = scripted_reply(settings, memory, ["A cup of tea, coming up."], "can I have tea")
    assert model.prompts  # the control: nothing here for memory to answer


@pytest.mark.parametrize(
    "said",
    [
        # a review's: each had a diet answer, as if a food
        "can I give Rosa Calpol and Nurofen at the same time",
        "can Rosa have another dose of Calpol",
        "would Saturday be good for Rosa?",
        "can Rosa have a friend over on Saturday",
        "can I give Femi a lift to football",
    ],
)
def test_a_medicine_a_day_or_a_lift_is_no_food(said: str) -> None:
    assert asked(said, NAMES) is None


def test_someone_with_no_diet_kept_hears_what_memory_holds_never_a_yes(
    settings: Settings, memory: Memory
) -> None:
    memory.add("Rosa goes to Little Acorns nursery.", "routine")
    reply, model = scripted_reply(
        settings, memory, ["Rosa can have a whole grape."], "can Rosa have a whole pear"
    )
    assert reply.route == "can have" and model.prompts == []
    assert reply.text == (
        "I don't know whether whole pear is all right for Rosa: I've been told nothing of what "
        "Rosa can't have. What I do know: Rosa goes to Little Acorns nursery."
    )


def test_a_baby_with_a_diet_kept_still_hears_the_kitchen_s_safety_line(
    settings: Settings, memory: Memory
) -> None:
    memory.add("Oisin is allergic to dairy.", "health")
    reply, _ = scripted_reply(settings, memory, [], "can Oisin have honey")
    assert reply.text.startswith("From memory: Oisin is allergic to dairy.")
    assert "12 months" in reply.text  # honey is not for a baby (botulism)


def test_a_dog_by_its_breed_is_the_vet_s(settings: Settings, memory: Memory) -> None:
    from appliance.composition import intent_router

    memory.add("Milo is our Jack Russell", "household")
    reply, model = scripted_reply(
        settings, memory, ["Milo can."], "can Milo have chocolate", intents=intent_router(settings)
    )
    assert model.prompts == [] and "vet" in reply.text


def test_someone_named_only_as_whose_another_is_is_not_who_the_fact_is_of(
    settings, memory: Memory
) -> None:
    # an eleventh outside trial's: "is Ify allergic to nuts?" and "can Ify have porridge
    # oats?" each got Amara's nut allergy as the answer
    memory.add("Apparently Ify's friend Amara has a nut allergy too.", "health")
    memory.add("Ify is coeliac so no gluten at all for her.", "health")
    for said in (
        "is Ify allergic to nuts?",
        "what's Ify allergic to?",
        "can Ify have porridge oats?",
    ):
        reply, _ = scripted_reply(
            settings, memory, ["Ify is allergic to nuts."], said, intents=intent_router(settings)
        )
        assert "Amara" not in reply.text, said
    reply, _ = scripted_reply(  # the control: asked of the friend, the friend's fact
        settings,
        memory,
        ["x"],
        "does Ify's friend have an allergy?",
        intents=intent_router(settings),
    )
    assert "Amara has a nut allergy" in reply.text


def test_a_fact_told_through_someone_of_theirs_is_still_theirs(settings, memory: Memory) -> None:
    # a review's: "Ify's doctor says she can't have dairy." had been dropped as the doctor's
    memory.add("Ify's doctor says she can't have dairy.", "health")
    reply, _ = scripted_reply(
        settings, memory, ["x"], "can Ify have milk?", intents=intent_router(settings)
    )
    assert "can't have dairy" in reply.text


def test_a_diet_of_someone_of_theirs_is_not_theirs(settings, memory: Memory) -> None:
    # a second review's: "Tom's mum is vegan" answered "can Tom have cheese?" as Tom's
    memory.add("Tom's mum is vegan.", "health")
    reply, _ = scripted_reply(
        settings, memory, ["x"], "can Tom have cheese?", intents=intent_router(settings)
    )
    assert "vegan" not in reply.text


@pytest.mark.parametrize(
    "said", ["can she have scrambled egg", "is it ok to give her egg", "can the baby have egg"]
)
def test_an_allergy_kept_comes_before_a_small_child_s_row(
    settings: Settings, memory: Memory, said: str
) -> None:
    """A review's: with the baby's egg allergy kept, "From around 6 months, yes"."""
    from appliance.brain.can_have import ALLERGY_KEPT

    memory.add("Ezinne is allergic to eggs.", "health")
    memory.add("Ezinne is 7 months old.", "person")
    reply, model = scripted_reply(settings, memory, [], said, intents=intent_router(settings))
    # whose allergy it is first; asked of no one named, the row follows for anyone else
    assert reply.text.startswith(f"From memory: Ezinne is allergic to eggs. {ALLERGY_KEPT}")
    assert "From around 6 months, yes" not in reply.text.split("For anyone else:")[0]
    assert model.prompts == []


def test_someone_named_hears_only_their_own_allergy(settings: Settings, memory: Memory) -> None:
    # "siobhan. ezinne weaning, can she have peanut butter" got Miko's peanut allergy
    memory.add("Miko is allergic to peanuts and sesame.", "health")
    memory.add("Ezinne is 7 months old.", "person")
    reply, _ = scripted_reply(
        settings,
        memory,
        [],
        "siobhan. ezinne weaning, can she have peanut butter",
        intents=intent_router(settings),
    )
    assert "Miko" not in reply.text and reply.text.startswith("Not whole for a child under 5")


def test_a_food_the_allergy_does_not_name_gets_the_row(settings: Settings, memory: Memory) -> None:
    memory.add("Ezinne is allergic to eggs.", "health")  # the control
    reply, _ = scripted_reply(
        settings, memory, [], "can the baby have honey", intents=intent_router(settings)
    )
    assert reply.text.startswith("Not for a baby under 12 months")


def test_someone_asked_of_by_another_name_the_facts_give_them(
    settings: Settings, memory: Memory
) -> None:
    """A fourteenth trial's "can grandad have grapefruit juice" got "I've been told nothing
    of what Grandad can't have", with Frank's tablets and grapefruit kept."""
    memory.add("Frank can't have grapefruit because of his tablets.", "health")
    memory.add("Grandad Frank is staying with us till Sunday.", "event")
    reply, model = scripted_reply(
        settings,
        memory,
        ["Grandad can have grapefruit."],
        "can grandad have grapefruit juice",
        intents=intent_router(settings),
    )
    assert model.prompts == []
    assert reply.text == "From memory: Frank can't have grapefruit because of his tablets."


def test_another_name_only_where_a_fact_gives_it(settings: Settings, memory: Memory) -> None:
    # the control: Frank staying says nothing of who grandad is
    memory.add("Frank can't have grapefruit because of his tablets.", "health")
    memory.add("Frank is staying with us till Sunday.", "event")
    reply, _ = scripted_reply(
        settings,
        memory,
        ["Yes."],
        "can grandad have grapefruit juice",
        intents=intent_router(settings),
    )
    assert "Frank can't have grapefruit" not in reply.text
    assert reply.text.startswith("I don't know whether grapefruit juice is all right for Grandad")


def test_a_pet_asked_of_by_its_kind_gets_what_memory_holds_of_it(
    settings: Settings, memory: Memory
) -> None:
    """A fourteenth trial's "can the dog eat onion" got only the vet's line, with "Biscuit
    the dog can't have grapes or onions" kept."""
    memory.add("Biscuit the dog can't have grapes or onions.", "health")
    reply, model = scripted_reply(
        settings,
        memory,
        ["Dogs love onions."],
        "can the dog eat onion",
        intents=intent_router(settings),
    )
    assert model.prompts == []
    assert reply.text.startswith("From memory: Biscuit the dog can't have grapes or onions.")
    # the control: a food the fact does not name gets the vet's line alone
    other, _ = scripted_reply(
        settings, memory, ["Yes."], "can the dog have chocolate", intents=intent_router(settings)
    )
    assert other.text.startswith("I won't guess what's safe for an animal to eat")


@pytest.mark.parametrize(
    "facts",
    [
        # a review's: another Frank, another Pat, each said of grandad or nana
        ("Grandad Frank is staying.", "Uncle Frank is allergic to nuts."),
        ("Frank is our grandad's friend.", "Frank is allergic to nuts."),
        ("Nana Pat is coming on Sunday.", "Pat the postman is allergic to nuts."),
    ],
)
def test_someone_else_of_the_same_name_is_not_them(
    settings: Settings, memory: Memory, facts: tuple[str, ...]
) -> None:
    for fact in facts:
        memory.add(fact, "person")
    asked = "can nana have nuts" if "Nana" in facts[0] else "can grandad have nuts"
    reply, _ = scripted_reply(settings, memory, ["Yes."], asked, intents=intent_router(settings))
    assert "allergic to nuts" not in reply.text


def test_a_food_made_of_the_allergen_kept_says_so(settings, memory) -> None:  # type: ignore[no-untyped-def]
    """An eighteenth trial's "can ifan have hummus?" with his sesame allergy kept got "I can't
    see what's in hummus": hummus is made with tahini, by its very name (made_of.csv)."""
    from tests.brain.conftest import scripted_reply

    memory.add("Ifan is allergic to sesame.", "health")
    reply, model = scripted_reply(settings, memory, [], "can ifan have hummus?")
    assert reply.text.startswith("From memory: Ifan is allergic to sesame. Hummus is made with")
    assert "expect sesame" in reply.text and model.prompts == []
    # control: a food not made of sesame is still the label's
    reply, _ = scripted_reply(settings, memory, [], "can Ifan have pesto")
    assert "I can't see what's in pesto" in reply.text


@pytest.mark.parametrize(
    "said",
    [
        "can I have peanuts?",
        "am I allowed a reese's cup?",  # made of peanuts, by its very name
        "kindly tell me whether we may have some satay",
    ],
)
def test_asked_by_whoever_speaks_gets_every_diet_that_names_the_food(
    settings: Settings, memory: Memory, said: str
) -> None:
    # a twentieth trial's "Kindly tell me whether I may have some jalebi" went to the model:
    # who "I" is, is not known, so each diet kept that names the food is said
    memory.add("Jack is allergic to peanuts and carries an EpiPen.", "health")
    memory.add("Nana takes her tea with two sugars.", "preference")
    reply, model = scripted_reply(settings, memory, ["Yes, you can."], said)
    assert reply.text == (
        "I can't tell who's asking, so here is what I was told. From memory: Jack is allergic "
        "to peanuts and carries an EpiPen."
    )
    assert model.prompts == []


def test_asked_by_whoever_speaks_with_no_diet_naming_it_is_the_worlds(
    settings: Settings, memory: Memory
) -> None:
    memory.add("Jack is allergic to peanuts and carries an EpiPen.", "health")
    _, model = scripted_reply(settings, memory, ["Grapes are fine."], "can I have a grape?")
    assert len(model.prompts) == 1  # the control: no diet names grapes
    assert asked_by_whoever("can I have a lift") is None  # no food


def test_asked_by_whoever_with_no_diet_naming_it_says_so_never_a_yes() -> None:
    # the answer the route meets only if the facts changed since it was routed: no diet of
    # anyone names the food, and that is all it says
    said = asked_by_whoever("can I have a grape?")
    assert said is not None
    found = answer(said, [])
    assert found.text == (
        "I don't know who's asking, and I've been told of no one here who can't have grape."
    )
    assert found.facts == ()
