"""Household questions are told from questions about the world, and answered honestly."""

from __future__ import annotations

import pytest

from appliance.brain.answers import answers
from appliance.brain.not_known import KEEPS_NO_SECRETS, NOT_IN_THE_HOUSE, not_known
from appliance.brain.questions import classify
from appliance.brain.router import WHAT_WAS_REFUSED
from appliance.memory import Memory
from tests.brain.conftest import scripted_reply


@pytest.mark.parametrize(
    "asked",
    [
        "when is Kofi's birthday?",
        "where did we put the passports?",
        "what is Zanele allergic to?",
        "what's our wifi password?",
        "when is grandma's birthday?",
        "where is the stopcock?",
        "does Tom like mushrooms?",
        "how old is Sam?",
        "when do the bins go out?",
        "where's the sellotape?",
        # who is asked about, and what happens when, are this house's (a trial heard the
        # model answer the first "The chef is coming for dinner tonight.")
        "Who's coming for dinner on Sunday?",
        "who's cooking tonight?",
        "what's happening this weekend?",
        "are we out on Saturday?",
        # leaning household on purpose: a small model asked names people it makes up
        "who won the cricket?",
        "What's on the shop in this house?",  # a second trial: "a small, family-owned business"
        # who, asked after another clause, is asked about someone here as well
        "Hey, who opened the biscuits?",
        "A jar of Marmite is missing again, who took it?",
        "Wait, who ate the last yoghurt? No, seriously, who was it?",
        # a name that opens a sentence is still a name
        "Hello. Ama is here! Where is Kofi?",
        "Hi. Kofi is at football until when?",
        # a ninth trial's: the model said "Niamh left her glasses in a glass of water."
        "where did Niamh leave her glasses",
        "where did mam leave her phone",
        # an eleventh trial's: each got a day or a time the model made up
        "when is the haircut",
        "what time is the vaccination",
        "when does the train get in",
        "when is the check up",
    ],
)
def test_questions_about_the_household(asked: str) -> None:
    assert classify(asked).household


@pytest.mark.parametrize(
    "asked",
    [
        "how long do I boil an egg for?",
        "what is the capital of France?",
        "what time is it in Tokyo?",
        "why did my bread not rise?",
        "can I freeze bananas?",
        "how hot should the oven be for scones?",
        "are peanuts a legume?",
        # capitals are not household names (issue 21)
        "how long do Yorkshire puddings take in the oven?",
        "what's 180 Celsius in Fahrenheit?",
        "how do I make a Victoria sponge?",
        "what goes in a Cornish pasty?",
        # the controls beside the plans: advice stays advice on any day
        "what goes with lamb on Sunday?",
        "how long do I roast beef for Sunday lunch?",
        # a word that opens a sentence is no name (an outside split: "I don't know that
        # about What yet.")
        "Main course is going to be lamb. What goes with lamb apart from mint sauce?",
        "Goodness me. And how long would it take to get there?",
        "Is lemongrass essential? The shop didn't have any",
        "haha I like the second one. How long do goldfish live?",
        "What's a good icebreaker if the conversation dries up? Half of them don't know",
        "Right, I'll keep an eye on it. How do I stop rice sticking?",
        "I'm making a shepherd's pie on Sunday. What goes nicely alongside it?",
        # the controls beside the eleventh trial's: a best time is advice
        "when is the best time to plant tomatoes",
        "when is the chicken cooked?",  # a cook's (a review's)
    ],
)
def test_questions_about_the_world(asked: str) -> None:
    assert not classify(asked).household


@pytest.mark.parametrize(
    ("asked", "reply"),
    [
        ("when is Kofi's birthday?", "I don't know Kofi's birthday yet."),
        ("where did we put the passports?", "I don't know where the passports are yet."),
        ("what is Zanele allergic to?", "I don't know what Zanele is allergic to yet."),
        ("what's our postcode?", "I don't know what your postcode is yet."),
        ("does Tom like mushrooms?", "I don't know whether Tom likes mushrooms yet."),
        ("when do the bins go out?", "I don't know when the bins go out yet."),
        ("when is Auntie Efua's birthday?", "I don't know Auntie Efua's birthday yet."),
        # an outside trial heard "whether anyone ins the house have" and "what your dog
        # called is"
        (
            "does anyone in the house have an allergy?",
            "I don't know whether anyone in the house has an allergy yet.",
        ),
        ("what is our dog called?", "I don't know what your dog is called yet."),
        # small talk tried on the default model: "what your house like is", "what the dog
        # been up to is"
        ("what's our house like?", "I don't know what your house is like yet."),
        ("what's the dog been up to?", "I don't know what the dog has been up to yet."),
        ("when is the MOT due?", "I don't know when the MOT is due yet."),
        # a fifteenth trial heard "what ngozi nots eat"
        ("what does Ngozi not eat?", "I don't know what Ngozi doesn't eat yet."),
        # of several sentences, the one that asks (an outside split heard them all said back)
        (
            "Is it bad for dogs to eat sausages? It was a pork one",
            "I don't know whether it is bad for dogs to eat sausages yet.",
        ),
    ],
)
def test_the_honest_reply_says_what_is_not_known_and_invites_telling(
    asked: str, reply: str
) -> None:
    assert not_known(classify(asked)) == reply + " Tell me and I'll remember."


def test_a_fact_about_someone_else_does_not_answer(memory: Memory) -> None:
    memory.add("Ama's birthday is on the 3rd of March", "event")
    [found] = memory.recall("when is Kofi's birthday?", 3)
    assert not answers(classify("when is Kofi's birthday?"), found)
    assert answers(classify("when is Ama's birthday?"), found)  # positive control


def test_a_fact_about_another_thing_does_not_answer(memory: Memory) -> None:
    memory.add("The bins go out on Thursday night", "routine")
    [found] = memory.recall("when does the recycling go out?", 3)
    assert not answers(classify("when does the recycling go out?"), found)
    assert answers(classify("when do the bins go out?"), found)  # positive control


@pytest.mark.parametrize(
    ("asked", "names"),
    [
        ("what is Seán allergic to?", ("Seán",)),
        ("how does Áine take her tea?", ("Áine",)),
        ("when is Zoë's birthday?", ("Zoë",)),
        ("does Łukasz eat pork?", ("Łukasz",)),
        ("what is Sean allergic to?", ("Sean",)),  # control: the same name without a fada
    ],
)
def test_a_name_with_an_accent_is_the_whole_name(asked: str, names: tuple[str, ...]) -> None:
    """[A-Z][a-z] had cut a name at its accent ("Se", "Zo"): an outside check's "how long
    till Tomás starts his new job?" was asked about "Tom"."""
    assert classify(asked).names == names


def test_a_fact_about_someone_with_an_accent_answers(settings, memory: Memory) -> None:
    """ "what is Seán allergic to?" with it told got "I don't know what Seán is allergic to
    yet"; "how does Áine take her tea?" reached the model ("Àí, the person who…")."""
    memory.add("Seán is allergic to peanuts.", "health")
    memory.add("Áine takes her tea black.", "preference")
    made_up = ["Àí, the person who takes her tea is Áine."]
    for asked, said in [
        ("what is Seán allergic to?", "From memory: Seán is allergic to peanuts."),
        ("what is Sean allergic to?", "From memory: Seán is allergic to peanuts."),
        ("how does Áine take her tea?", "From memory: Áine takes her tea black."),
    ]:
        reply, model = scripted_reply(settings, memory, made_up, asked)
        assert (reply.text, model.prompts) == (said, [])
    reply, model = scripted_reply(settings, memory, made_up, "what is Siobhán allergic to?")
    assert reply.text.startswith("I don't know what Siobhán is allergic to yet")  # control


def test_who_is_coming_is_never_answered_by_the_model(settings, memory: Memory) -> None:
    reply, model = scripted_reply(
        settings,
        memory,
        ["The chef is coming for dinner tonight."],
        "Who's coming for dinner on Sunday?",
    )
    assert model.prompts == []
    assert reply.text == (
        "I don't know who's coming for dinner on Sunday yet. Tell me and I'll remember."
    )


def test_a_sentence_opener_is_no_name_and_a_name_is(settings, memory: Memory) -> None:
    asked = "I've just bought a goldfish. What should I call him?"
    assert classify(asked).names == ()
    assert classify("Hello. Ama is here! Where is Kofi?").names == ("Ama", "Kofi")
    reply, model = scripted_reply(settings, memory, ["Goldie suits a goldfish."], asked)
    assert reply.text == "Goldie suits a goldfish."
    assert "What should I call him?" in model.prompts[0]


@pytest.mark.parametrize(
    "asked", ["what's the burglar alarm code?", "what's the wifi password again?", "Sam's PIN?"]
)
def test_asked_for_a_secret_it_never_invites_one(asked: str) -> None:
    # an outside trial heard "I don't know what the burglar alarm code is yet. Tell me and
    # I'll remember.": an invitation to say what the guard then refuses
    assert not_known(classify(asked)) == KEEPS_NO_SECRETS


@pytest.mark.parametrize("asked", ["what's our postcode?", "what is the dress code?"])
def test_a_code_that_is_no_secret_is_asked_for(asked: str) -> None:
    assert not_known(classify(asked)).endswith("Tell me and I'll remember.")  # the control


@pytest.mark.parametrize(
    "asked",
    ["what's the door code again", "what's the side gate code", "and the code for the gate?"],
)
def test_a_secret_asked_for_never_reaches_the_model(settings, memory: Memory, asked: str) -> None:
    # a second outside trial: "The door code was found in the packet.", and a code block
    reply, model = scripted_reply(settings, memory, ["The door code is 1234."], asked)
    assert reply.text == KEEPS_NO_SECRETS and model.prompts == []


def test_a_question_about_passwords_in_general_is_the_models(settings, memory: Memory) -> None:
    reply, model = scripted_reply(
        settings, memory, ["Use three random words."], "how do I make a strong password?"
    )
    assert reply.text == "Use three random words." and len(model.prompts) == 1  # the control


def test_an_age_answers_how_old(memory: Memory) -> None:
    # a second outside trial: "I don't know how old Ewan is yet… What I do know: Our Ewan's 15."
    memory.add("Our Ewan's 15", "person", links=["Ewan"])
    memory.add("Ewan's bus is at 8", "routine", links=["Ewan"])
    found = {r.fact.text.rstrip("."): r for r in memory.recall("how old is Ewan?", 5)}
    asked = classify("how old is Ewan?")
    assert answers(asked, found["Our Ewan's 15"])
    assert not answers(asked, found["Ewan's bus is at 8"])  # the control: a time, no age


# An outside check: each of these went to the model, which made a state up every time ("The
# iron was left on.", "The door was locked.", "The candles are still on.").
STATES_NOW = {
    "are the candles still on?": "whether the candles are still on",
    "did I leave the iron on?": "whether you left the iron on",
    "is the back door locked?": "whether the back door is locked",
    "has the post come?": "whether the post has come",
    "is the kettle boiled?": "whether the kettle is boiled",
    "is the heating on": "whether the heating is on",
    "did Gareth take the bins out?": "whether Gareth took the bins out",
    "did I unplug the straighteners?": "whether you unplugged the straighteners",
    "is Dylan home yet?": "whether Dylan is home yet",
    "Did anyone feed the cat this morning?": "whether anyone fed the cat this morning",
    "hang on, did someone lock the back door?": "whether someone locked the back door",
    "are the lights on in the lounge?": "whether the lights are on in the lounge",
    "oh, is the dog still out in the garden?": "whether the dog is still out in the garden",
    "did anyone phone?": "whether anyone phoned",  # a fifth trial's model: "no, no one did."
}


@pytest.mark.parametrize("asked", STATES_NOW)
def test_how_something_in_the_house_is_now_is_never_guessed(
    settings, memory: Memory, asked: str
) -> None:
    reply, model = scripted_reply(settings, memory, ["The iron was left on."], asked)
    assert reply.text == f"I can't see that from here, so I don't know {STATES_NOW[asked]}."
    assert model.prompts == []  # nothing asked of the model, so nothing made up


@pytest.mark.parametrize(
    "asked",
    [
        "Is the party on Saturday?",  # a plan: "on" with more after it
        "is the match on tonight?",
        "Is the dog on the lease?",
        "is the green bit on a potato dangerous?",
        "Is the timer still running?",  # Hearth's own records answer these
        "is the shopping list empty?",
        "Is your microphone working?",
        "Hey Garvan, did you lock the back door?",  # said to someone else
    ],
)
def test_a_question_that_is_no_state_now_is_not_read_as_one(asked: str) -> None:
    assert classify(asked).why != "how something is now"  # the controls


@pytest.mark.parametrize(
    "asked",
    [
        "did you leave the landing light on?",  # a fourth trial's: "The landing light is on"
        "did you lock the back door?",
        "did you put the bins out?",
        "have you locked the back door?",  # an eighth trial's: "…the back door is locked."
        # any deed, not only a listed verb: "did you set the table?" had got the model's
        # "The table is set for 2026-12-06 at 2:37pm."
        "did you set the table?",
        "did you order the turkey?",
        "did you preheat the oven?",
        "did you get the milk?",
        "have you made the beds?",
        "did you start the dishwasher",
    ],
)
def test_asked_whether_hearth_did_something_in_the_house_the_model_is_never_asked(
    settings, memory: Memory, asked: str
) -> None:
    reply, model = scripted_reply(settings, memory, ["The landing light is on."], asked)
    assert reply.text == NOT_IN_THE_HOUSE
    assert model.prompts == []


def test_what_is_under_a_thing_of_the_house_is_asked_of_memory(settings, memory: Memory) -> None:
    """An eighth trial's "what's under the blue flowerpot?" got the model's "…a small,
    delicate flower that grows in the corner of the kitchen"; told, it is said."""
    asked = "what's under the blue flowerpot?"
    reply, model = scripted_reply(settings, memory, ["A small, delicate flower."], asked)
    assert reply.text.startswith("I don't know") and model.prompts == []
    memory.add("The spare key is under the blue flowerpot.", "place")
    reply, _ = scripted_reply(settings, memory, [], asked)
    assert reply.text == "From memory: The spare key is under the blue flowerpot."


def test_what_hearth_did_do_is_still_read_from_its_records() -> None:
    for asked in ("did you put eggs on the list?", "did you set a timer for the rice?"):
        assert classify(asked).why != "how something is now", asked  # the controls


@pytest.mark.parametrize(
    "asked",
    [
        "did you hear me?",
        "did you get that?",
        "did you get what I said?",
        "have you got the time?",
        "did you save that?",
        "did you know that Sam has a new job?",
        "did you say ten minutes?",
        "did you enjoy that?",
        "did you set it?",
        "did you make a note of that?",  # a review's: "I can't see that from here…"
        "did you jot down the date?",
        "have you met Gran?",
    ],
)
def test_what_hearth_hears_knows_or_keeps_is_no_deed_in_the_house(asked: str) -> None:
    """The controls for any deed asked of Hearth: hearing, knowing, saying and keeping are
    asked of it as such, never answered "I can't see that from here"."""
    assert classify(asked).why != "how something is now"


def test_a_fact_about_a_state_is_said_as_what_is_known_never_as_now(
    memory: Memory, settings
) -> None:
    """A fact says how things usually are, never how they are now: a fifth trial's "is
    Ciaran in?" got "From memory: Our Ciaran's a vegetarian.", and "has Rocky been fed?"
    "From memory: Our dog Rocky needs fed at 5 every day." """
    memory.add("The back door is always locked after 9pm.", "routine")
    memory.add("Our Ciaran's a vegetarian", "person", links=["Ciaran"])
    reply, model = scripted_reply(settings, memory, ["Yes."], "is the back door locked?")
    assert reply.text == (
        "I can't see that from here, so I don't know whether the back door is locked. "
        "What I do know: The back door is always locked after 9pm."
    )
    said, _ = scripted_reply(settings, memory, ["Yes."], "is Ciaran in?")
    assert said.text == "I can't see that from here, so I don't know whether Ciaran is in."
    assert model.prompts == []


def test_a_fact_still_answers_a_question_of_no_state(memory: Memory, settings) -> None:
    memory.add("The back door is always locked after 9pm.", "routine")  # the control
    reply, _ = scripted_reply(settings, memory, ["No."], "when do we lock the back door?")
    assert reply.text == "From memory: The back door is always locked after 9pm."


@pytest.mark.parametrize(
    ("asked", "reply"),
    [
        # a third outside trial: "No, no one in the family is vegetarian.", told nothing
        ("is anybody in the family vegetarian?", "whether anybody in the family is vegetarian"),
        ("does anyone in the house play netball?", "whether anyone in the house plays netball"),
        ("is anyone here vegan?", "whether anyone here is vegan"),
    ],
)
def test_asked_about_someone_here_unnamed_the_model_is_never_asked(
    settings, memory: Memory, asked: str, reply: str
) -> None:
    said, model = scripted_reply(settings, memory, ["No, no one is."], asked)
    assert said.text == f"I don't know {reply} yet. Tell me and I'll remember."
    assert model.prompts == []


def test_anyone_not_of_this_house_is_the_worlds(settings, memory: Memory) -> None:
    said, model = scripted_reply(  # the control
        settings, memory, ["Lower it into boiling water."], "does anyone know how to poach an egg?"
    )
    assert said.text == "Lower it into boiling water." and len(model.prompts) == 1


def test_what_someone_cannot_eat_answers_whether_they_are_allergic(
    settings, memory: Memory
) -> None:
    # a third outside trial: told "Dylan is coeliac…", asked, heard "I don't know"
    memory.add("Dylan is coeliac and can't have any gluten.", "health", links=["Dylan"])
    memory.add("Dylan's bus is at 8.", "routine", links=["Dylan"])
    said, _ = scripted_reply(settings, memory, [], "is Dylan allergic to anything?")
    assert said.text == "From memory: Dylan is coeliac and can't have any gluten."


def test_asked_about_allergies_naming_no_one_every_such_fact_answers(
    settings, memory: Memory
) -> None:
    # a third outside trial: with Dylan's coeliac disease in memory, "I don't know"
    memory.add("Dylan is coeliac and can't have any gluten.", "health", links=["Dylan"])
    memory.add("Sam is allergic to peanuts.", "health", links=["Sam"])
    memory.add("Sam's bus is at 8.", "routine", links=["Sam"])
    said, model = scripted_reply(settings, memory, [], "does anyone in the house have an allergy?")
    assert said.text == (
        "From memory: Dylan is coeliac and can't have any gluten. Sam is allergic to peanuts."
    )
    said, _ = scripted_reply(settings, memory, [], "who is allergic to nuts?")
    assert said.text == "From memory: Sam is allergic to peanuts."  # only the one asked of
    said, _ = scripted_reply(settings, memory, [], "does anyone have a dairy allergy?")
    assert said.text.startswith("I don't know whether anyone has a dairy allergy")
    assert model.prompts == []


@pytest.mark.parametrize(
    "asked", ["which of the kids has allergies", "do any of the children have allergies?"]
)
def test_asked_of_the_household_s_people_together_every_such_fact_answers(
    settings, memory: Memory, asked: str
) -> None:
    # an eleventh trial's "which of the kids has allergies" got "I don't know that about kids"
    memory.add("Miko is allergic to peanuts and sesame.", "health", links=["Miko"])
    memory.add("Ify is 8 and Miko is 6.", "person")
    said, model = scripted_reply(settings, memory, [], asked)
    assert said.text == "From memory: Miko is allergic to peanuts and sesame."
    # the control: a name is no group, and nothing is known of Ify's allergies
    said, _ = scripted_reply(settings, memory, [], "does Ify have any allergies?")
    assert "Miko" not in said.text
    assert model.prompts == []


@pytest.mark.parametrize("asked", ["what's for tea?", "What's for dinner tonight?"])
def test_whats_for_tea_is_this_houses_plan_never_the_models(
    settings, memory: Memory, asked: str
) -> None:
    """The model said "I don't have the ability to provide a recipe for dinner"."""
    reply, model = scripted_reply(settings, memory, ["Spaghetti bolognese!"], asked)
    assert reply.text.startswith("I don't know") and "Spaghetti" not in reply.text
    assert model.prompts == []


def test_whats_for_tea_is_answered_from_memory(settings, memory: Memory) -> None:
    memory.add("We're having fish pie for tea on Friday", "event")
    reply, _ = scripted_reply(settings, memory, ["No."], "what's for tea on Friday?")
    assert reply.text == "From memory: We're having fish pie for tea on Friday."


def test_where_is_answered_only_by_a_fact_about_the_thing(settings, memory: Memory) -> None:
    """A fifth trial's "where did Seamus leave his hearing aids" got "From memory: Seamus is
    hard of hearing…", and "where would the stopcock be" the hot water switch."""
    memory.add("Seamus is hard of hearing so speak up", "health", links=["Seamus"])
    memory.add("The hot water switch is in the hot press on the landing", "place")
    for asked in ("where did Seamus leave his hearing aids?", "where would the stopcock be?"):
        reply, model = scripted_reply(settings, memory, ["On the windowsill."], asked)
        assert not reply.text.startswith("From memory"), asked
        assert model.prompts == []
    memory.add("Seamus's hearing aids are on the windowsill", "place", links=["Seamus"])
    memory.add("The stopcock's under the sink", "place")  # the controls
    reply, _ = scripted_reply(settings, memory, ["No."], "where did Seamus leave his hearing aids?")
    assert reply.text == "From memory: Seamus's hearing aids are on the windowsill."
    reply, _ = scripted_reply(settings, memory, ["No."], "where would the stopcock be?")
    assert reply.text == "From memory: The stopcock's under the sink."


@pytest.mark.parametrize(
    "asked", ["when do the wee ones come round?", "do the grandkids like fish?"]
)
def test_the_households_children_unnamed_are_never_the_models(
    settings, memory: Memory, asked: str
) -> None:
    """A fifth trial's "when do the wee ones come round?" got "The wee ones come round at
    12:30pm.", told nothing."""
    reply, model = scripted_reply(settings, memory, ["At 12:30pm."], asked)
    assert reply.text.startswith("I don't know") and model.prompts == []


@pytest.mark.parametrize("asked", ["what's on the 14th of June?", "anything on in June?"])
def test_whats_on_a_date_is_this_houses_plan(settings, memory: Memory, asked: str) -> None:
    """A fifth trial's "what's on the 14th of June?" got the model's anniversary of the
    1973 Olympic Games."""
    reply, model = scripted_reply(settings, memory, ["The Olympic Games."], asked)
    assert reply.text.startswith("I don't know") and model.prompts == []


def test_a_month_in_a_question_of_the_world_is_the_worlds() -> None:
    for asked in ("what's in season in October?", "when should I plant potatoes in March?"):
        assert not classify(asked).household, asked  # the controls


def test_a_pet_named_after_its_kind_is_known_and_fish_to_eat_is_food(
    settings, memory: Memory
) -> None:
    """A fifth trial's "what does rocky eat" went to the model (Rocky Balboa), and "can
    Ciaran eat fish?" looked for a pet fish in what it knew of Ciaran."""
    memory.add("Our dog Rocky needs fed at 5 every day", "routine")
    memory.add("Our Ciaran is a vegetarian", "person")
    reply, model = scripted_reply(settings, memory, ["Rocky Balboa."], "what does rocky eat")
    assert "Balboa" not in reply.text and model.prompts == []
    said, _ = scripted_reply(settings, memory, ["Yes."], "can Ciaran eat fish?")
    assert said.text == "From memory: Our Ciaran is a vegetarian."  # can_have.py
    assert classify("has the fish been fed?").names == ("fish",)  # the control: a pet


def test_any_idea_where_is_asked_of_the_house(settings, memory: Memory) -> None:
    """A fifth trial's "any idea where I put my glasses" got the model's "The glass is
    missing."."""
    reply, model = scripted_reply(
        settings, memory, ["The glass is missing."], "any idea where I put my glasses"
    )
    assert reply.text.startswith("I don't know") and model.prompts == []


def test_a_question_holding_its_own_yet_is_said_with_one() -> None:
    """A seventh trial's reply read "…texted Mum yet yet"."""
    # (and, since an eighth trial's "have you locked…?", a doing asked so is a state now)
    assert not_known(classify("has Tomasz texted Mum yet?")) == (
        "I can't see that from here, so I don't know whether Tomasz has texted Mum yet."
    )


@pytest.mark.parametrize(
    ("told", "asked"),
    [
        # an eighth trial's, each "I don't know … What I do know: <the answer>"
        ("Recycling goes out every Friday.", "when does the recycling go out?"),
        ("Ellie goes swimming on Wednesdays at half four.", "what time does Ellie swim?"),
    ],
)
def test_a_fact_that_answers_in_another_form_of_the_words_is_the_answer(
    settings, memory: Memory, told: str, asked: str
) -> None:
    memory.add(told, "routine")
    reply, model = scripted_reply(settings, memory, [], asked)
    assert reply.text == f"From memory: {told}" and model.prompts == []


def test_a_fact_that_does_not_answer_is_still_said_as_such(settings, memory: Memory) -> None:
    memory.add("Ellie goes swimming on Wednesdays at half four.", "routine")  # the control
    reply, _ = scripted_reply(settings, memory, [], "how old is Ellie?")
    assert reply.text.startswith("I don't know how old Ellie is yet.")


def test_what_was_refused_is_never_made_up(settings, memory: Memory) -> None:
    """An eighth trial's "what facts have been retracted?" got a list the model made up."""
    reply, model = scripted_reply(
        settings, memory, ["1. The key was never delivered."], "what facts have been retracted?"
    )
    assert reply.text == WHAT_WAS_REFUSED and model.prompts == []


@pytest.mark.parametrize(
    "asked", ["where did Niamh leave her glasses", "where did mam leave her phone"]
)
def test_where_someone_left_their_thing_is_this_houses_even_unnamed(asked: str) -> None:
    """With the names memory holds (none of these), capitals alone decide nothing: a ninth
    trial's went to the model, which said "Niamh left her glasses in a glass of water."."""
    assert classify(asked, frozenset({"biscuit"})).household
    assert not classify("where do bananas grow", frozenset({"biscuit"})).household


@pytest.mark.parametrize(
    ("fact", "kind", "asked"),
    [
        # a tenth trial's each got "I don't know…" with the fact kept
        ("Rosa's epipen is in the top drawer by the fridge.", "health", "where's the epi pen"),
        ("The wifi router is in the hall cupboard.", "household", "where is the wi fi router"),
        ("Nana Adaeze takes metformin with breakfast.", "health", "what medication is nana on"),
    ],
)
def test_a_fact_written_as_one_word_or_of_a_medicine_answers(
    settings, memory: Memory, fact: str, kind: str, asked: str
) -> None:
    memory.add(fact, kind)
    reply, model = scripted_reply(settings, memory, ["MODEL"], asked)
    assert reply.text == f"From memory: {fact}" and model.prompts == []


def test_taking_the_bins_out_is_no_medicine(settings, memory: Memory) -> None:  # the control
    memory.add("Sam takes the bins out on Tuesdays.", "routine")
    reply, _ = scripted_reply(settings, memory, ["MODEL"], "what medication is Sam on")
    assert not reply.text.startswith("From memory")


def test_a_medicine_is_no_answer_to_what_it_is_not_said_to_be_for(settings, memory: Memory) -> None:
    # an eleventh outside trial's: "does Babcia take anything for blood pressure?" got her
    # metformin, as if it were for that
    memory.add("Babcia takes metformin twice a day with meals.", "health")
    memory.add("Gran takes amlodipine for her blood pressure.", "health")
    reply, _ = scripted_reply(
        settings, memory, ["x"], "does Babcia take anything for blood pressure?"
    )
    assert not reply.text.startswith("From memory") and "I don't know" in reply.text
    for said, fact in (  # the controls: said to be for it, or asked without a "for"
        ("does Gran take anything for her blood pressure?", "amlodipine"),
        ("what medication is Babcia on?", "metformin"),
    ):
        reply, _ = scripted_reply(settings, memory, ["x"], said)
        assert reply.text.startswith("From memory") and fact in reply.text, said


@pytest.mark.parametrize(
    "asked",
    [
        "does chidi eat meat",
        "does chidi like mushrooms",
        # a given name English holds as a word too: the model said "No, does not exist."
        "does josh like kiwi",
        "is sam allergic to anything",
    ],
)
def test_a_yes_or_no_of_someone_named_lower_case_is_memory_s(
    settings, memory: Memory, asked: str
) -> None:
    # a twelfth trial's got the model's "No, chidi does not eat meat.", nothing told of him
    said, model = scripted_reply(settings, memory, ["No, chidi does not eat meat."], asked)
    assert model.prompts == [] and said.text.startswith(f"I don't know whether {asked.split()[1]}")


@pytest.mark.parametrize(
    "asked",
    [
        "does quinoa have protein",
        "is pasta vegan",
        # a review's, each read as a name
        "is quorn vegan",
        "does tesco have oat milk",
        "is calpol ok for a 2 year old",
        "does nurofen work for teething",
        # given names that are everyday words or the kitchen's
        "does honey go off",
        "does basil like sun",
    ],
)
def test_a_yes_or_no_of_a_food_or_a_thing_is_still_the_worlds(asked: str) -> None:
    assert not classify(asked).household


def test_an_appointment_needs_a_day_or_a_time(settings, memory: Memory) -> None:
    memory.add("Mum works at the hospital as a nurse.", "person")  # a review's
    said, _ = scripted_reply(settings, memory, [], "when is mum's appointment")
    assert not said.text.startswith("From memory")


@pytest.mark.parametrize(
    "asked", ["when is grandads appointment", "when is grandad going to the doctors"]
)
def test_an_appointment_is_a_review_at_the_surgery(settings, memory: Memory, asked: str) -> None:
    fact = "Grandad has his diabetic review at the surgery on thursday at 10.30."
    memory.add(fact, "event")
    said, model = scripted_reply(settings, memory, [], asked)
    assert said.text == f"From memory: {fact}" and model.prompts == []


def test_an_appointment_is_no_other_fact_of_theirs(settings, memory: Memory) -> None:
    memory.add("Grandad is diabetic.", "health")  # the control: no appointment in it
    said, _ = scripted_reply(settings, memory, [], "when is grandads appointment")
    assert said.text.startswith("I don't know")


def test_the_kids_allergies_are_never_a_pet_s_nor_someone_else_s(settings, memory: Memory) -> None:
    """A review's "which of the kids has allergies" read out the dog's, Dad's boss's and a
    friend's, and left Miko's out at three."""
    memory.add("Biscuit is our dog and is allergic to chicken.", "health")
    memory.add("Dad's boss is allergic to shellfish.", "health")
    memory.add("Ify's friend Lola is allergic to milk.", "health")
    memory.add("Miko is allergic to peanuts and sesame.", "health", links=["Miko"])
    said, _ = scripted_reply(settings, memory, [], "which of the kids has allergies")
    assert said.text == "From memory: Miko is allergic to peanuts and sesame."


@pytest.mark.parametrize("asked", ["how often is recycling", "how often do the bins go out"])
def test_how_often_a_thing_of_the_house_comes_is_memory_s(settings, memory: Memory, asked) -> None:
    # a twelfth trial's "how often is recycling" got the model's ramble on recycling
    memory.add("The recycling and the bins go out every other Friday.", "routine")
    said, model = scripted_reply(settings, memory, ["Recycling is a process."], asked)
    assert said.text == "From memory: The recycling and the bins go out every other Friday."
    assert model.prompts == []


def test_how_often_one_should_is_still_advice() -> None:  # the control
    assert not classify("how often should I water basil").household


@pytest.mark.parametrize(
    "fact",
    [
        "Miko is allergic to dogs, peanuts and grass.",  # a second review's was left out
        "Ify is allergic to cats and eggs.",
    ],
)
def test_an_allergy_to_an_animal_is_still_the_person_s(settings, memory: Memory, fact) -> None:
    memory.add(fact, "health")
    said, _ = scripted_reply(settings, memory, [], "does anyone have allergies")
    assert said.text == f"From memory: {fact}"


def test_where_someone_works_is_no_appointment(settings, memory: Memory) -> None:
    memory.add("Mum works at the hospital on Tuesdays at 8.", "person")  # a second review's
    said, _ = scripted_reply(settings, memory, [], "when is mum's appointment")
    assert not said.text.startswith("From memory")


@pytest.mark.parametrize(
    ("kept", "asked", "answered"),
    [
        # a thirteenth session's: "I don't know", the party's day and time kept
        ("The party is on Saturday at 8.", "what time is the party", True),
        ("The dentist is on Friday at 3.", "what day is the dentist", True),
        # the control: a fact of it that says no day or time answers no "what time"
        ("The dentist is Dr Patel on the high street.", "what day is the dentist", False),
    ],
)
def test_what_time_or_day_is_answered_by_a_fact_that_says_when(
    kept: str, asked: str, answered: bool
) -> None:
    from appliance.memory import Fact, Recalled

    assert answers(classify(asked), Recalled(Fact("x", "event", kept), 1.0)) is answered


def _answered(asked: str, kept: str, today: str = "2026-12-01", known: str = "") -> bool:
    import datetime as dt

    from appliance.brain.activities import of_an_activity
    from appliance.memory import Fact, Recalled

    recalled = Recalled(Fact("x", "event", kept), 1.0)
    question = of_an_activity(classify(asked, frozenset(known.split())), [recalled])
    return answers(question, recalled, dt.date.fromisoformat(today))


@pytest.mark.parametrize(
    ("asked", "kept", "answered"),
    [
        # a held-out split's (a helper's who never read the code), each answered wrongly or
        # not at all; the controls beside them
        (
            "what time does Zara's ballet start",
            "Zara's ballet finishes at 5:45 on Saturdays.",
            False,
        ),
        (
            "what time does Zara's ballet finish",
            "Zara's ballet finishes at 5:45 on Saturdays.",
            True,
        ),
        ("what time does drama start", "Drama is on Saturdays from 10 to 12.", True),
        ("what time does cubs finish", "Cubs is on Wednesdays 6:30 till 8.", True),
        (
            "what time does the school trip get back",
            "The school trip to the zoo is on Friday.",
            False,
        ),
        (
            "how often do we get the window cleaner",
            "The cleaner comes every Thursday morning.",
            False,
        ),
        ("how often does the cleaner come", "The cleaner comes every Thursday morning.", True),
        (
            "how often does the milk come",
            "Milk gets delivered on Mondays, Wednesdays and Fridays.",
            True,
        ),
        ("is netbal on thursday", "Chess club is Thursdays at lunch.", False),
        ("is netbal on thursday", "Netball is at 4 on Thursdays after school.", True),
        ("where is the party", "The party is on Saturday at 8.", False),
        ("where is the party", "The party is at the community hall on Saturday.", True),
        (
            "when is the boiler man coming",
            "The boiler service is on Thursday between 8 and 12.",
            True,
        ),
        ("when is the dentist", "The dentist is Dr Patel on the high street.", False),
        ("when is Ama's birthday", "Ama's birthday is in March.", True),
    ],
)
def test_a_fact_answers_what_was_asked_of_it(asked: str, kept: str, answered: bool) -> None:
    assert _answered(asked, kept, known="zara ama") is answered


@pytest.mark.parametrize(
    ("asked", "kept", "today", "answered"),
    [
        # 2026-12-01 is a Tuesday; a held-out split's got "I don't know" on the day told
        (
            "is football on tonight",
            "Football training is at 5 on Tuesdays and Thursdays.",
            "2026-12-01",
            True,
        ),
        (
            "is football on tonight",
            "Football training is at 5 on Tuesdays and Thursdays.",
            "2026-12-02",
            False,
        ),
        ("is dad working tonight", "Dad works nights Monday to Thursday.", "2026-12-01", True),
        ("is dad working tonight", "Dad works nights Monday to Thursday.", "2026-12-04", False),
    ],
)
def test_tonight_is_answered_by_a_fact_of_that_weekday(
    asked: str, kept: str, today: str, answered: bool
) -> None:
    assert _answered(asked, kept, today) is answered
