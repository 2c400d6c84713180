"""A command said inside a frame (a preamble, a reason, an aside, thanks) is that command;
a frame that asks, hedges, reports, names someone else or says another command is not."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from appliance.household import HouseholdStore, parse, perform
from appliance.household.requests import (
    AddItems,
    AddTime,
    CancelReminder,
    CancelTimer,
    CheckItem,
    ClearList,
    Command,
    ReadList,
    Remind,
    RemoveItems,
    SetTimer,
    StopRinging,
    TakenBack,
    TimerStatus,
    UndoLast,
)

NOW = dt.datetime(2026, 12, 1, 18, 30)
SEVEN = NOW.replace(hour=19, minute=0)


@pytest.mark.parametrize(
    ("said", "command"),
    [
        # a preamble: an apology, a greeting, Hearth named, the asking
        ("Sorry to bother you, can you set a timer for 25 minutes.", SetTimer(None, 1500.0)),
        ("sorry to bother you can you set a timer for 25 minutes", SetTimer(None, 1500.0)),
        ("Hi Hearth, add milk to the list.", AddItems(("milk",))),
        ("Um, Hearth, can you, um, set a timer for like 90 seconds?", SetTimer(None, 90.0)),
        ("Would you mind adding milk to the list, thanks.", AddItems(("milk",))),
        ("I was wondering if you could add eggs to the list.", AddItems(("eggs",))),
        ("Hearth, do me a favour and take the cheddar off the list.", RemoveItems(("cheddar",))),
        (
            "Please Hearth, can I have a timer for 8 minutes called potatoes.",
            SetTimer("potatoes", 480.0),
        ),
        ("Right, so, um, could you clear the shopping list please?", ClearList()),
        ("Hearth mate, cancel the bread timer, would you.", CancelTimer("bread")),
        (
            "Hey Hearth, sorry to bother you, but can you cancel the pasta timer?",
            CancelTimer("pasta"),
        ),
        ("just add milk", AddItems(("milk",))),
        # a reason or an aside, before or after
        ("I'm doing pasta tonight, set a timer for eleven minutes.", SetTimer(None, 660.0)),
        (
            "The oven's a bit slow, so set a roast timer for an hour and a quarter.",
            SetTimer("roast", 4500.0),
        ),
        ("Add orange juice, the kids finished it this morning.", AddItems(("orange juice",))),
        ("Add bin bags to the list, we've got no bin bags left.", AddItems(("bin bags",))),
        (
            "Remove the peanut butter from the list, Oli's not allowed nuts at school anymore.",
            RemoveItems(("peanut butter",)),
        ),
        ("Cancel the rice timer, it's done already, no need for it.", CancelTimer("rice")),
        (
            "Twenty minutes on the timer please, the potatoes have just started boiling.",
            SetTimer(None, 1200.0),
        ),
        (
            "My sister's coming round tomorrow, so remind me to buy flowers at 5pm tomorrow.",
            Remind("buy flowers", dt.datetime(2026, 12, 2, 17, 0)),
        ),
        # "them": the things the reason named, or said ran out
        ("We're out of bin bags, stick them on the list.", AddItems(("bin bags",))),
        ("we're out of milk, put it on the list", AddItems(("milk",))),
        (
            "There's not a drop of bleach left in this house, add it to the list.",
            AddItems(("bleach",)),
        ),
        # "for that": the length the reason said
        (
            "The pudding needs two hours on the hob, start a pudding timer for that.",
            SetTimer("pudding", 7200.0),
        ),
        # a second split's frames: thanks as the list's last clause, a pause before
        (
            "Okay, um, hello, the boys polished off the cereal, so could you add cornflakes and "
            "a loaf of bread, cheers love.",
            AddItems(("cornflakes", "loaf of bread")),
        ),
        ("Just a sec, hang on, yeah, okay, set a timer for three minutes.", SetTimer(None, 180.0)),
        (
            "Hi love, sorry, I know I only just added all that, but wipe the shopping list clean "
            "would you, we're going to my mother's for the week.",
            ClearList(),
        ),
        (
            "Excuse me, dear, I'd like you to remind me to take my tablets at ten o'clock tonight.",
            Remind("take my tablets", NOW.replace(hour=22, minute=0)),
        ),
        (
            "Since the party's on Saturday, remind me to order the cake on Friday at noon.",
            Remind("order the cake", dt.datetime(2026, 12, 4, 12, 0)),
        ),
        ("Oi, computer, bananas on the list.", AddItems(("bananas",))),
        ("So, like, set a timer for like four minutes, yeah?", SetTimer(None, 240.0)),
        # a third, outside trial's
        (
            "sorry, can you possibly set a 5 minute timer called garlic bread",
            SetTimer("garlic bread", 300.0),
        ),
        ("ugh, take eggs off the list, Sam found a box in the fridge", RemoveItems(("eggs",))),
        ("and could you add coffee to the list while I think of it", AddItems(("coffee",))),
        (
            "hearth, set a timer for 20 minutes for the cake, it's just gone in",
            SetTimer("cake", 1200.0),
        ),
    ],
)
def test_a_command_said_inside_a_frame_is_that_command(said: str, command: Command) -> None:
    assert parse(said, NOW) == command


@pytest.mark.parametrize(
    ("said", "without_its_frame"),
    [
        # someone else is told, or spoke: not an ask of Hearth
        ("Sam, add milk to the list.", "add milk to the list"),
        ("My mum said, add milk to the list.", "add milk to the list"),
        # a question of its own, never half answered
        ("Set a timer for 10 minutes, how long do eggs take?", "set a timer for 10 minutes"),
        ("Add milk to the list, who is coming tonight?", "add milk to the list"),
        # in doubt
        ("Maybe, I don't know, add crisps to the list.", "add crisps to the list"),
        ("Add crisps to the list, or maybe not.", "add crisps to the list"),
        ("I'm not sure we need any, add crisps to the list.", "add crisps to the list"),
        # another command: two asks are never one done in silence
        ("Set a timer for 10 minutes, add milk to the list.", "set a timer for 10 minutes"),
        # an instruction of its own: a recipe's steps
        ("Stir in the cumin, then add the tomatoes.", "add the tomatoes"),
        ("Add the milk slowly, stirring all the time.", "add the milk slowly"),
        # "it" turned down after a command that adds
        ("Add milk to the list, we don't need it though.", "add milk to the list"),
        # a moment the reminder did not take
        ("It's Friday tomorrow, remind me at 9 to call Mum.", "remind me at 9 to call Mum"),
        # a length beside the one the timer took
        ("Set a timer for 10 minutes, it needs 12 minutes.", "set a timer for 10 minutes"),
        # a model's or a page's words: "Adding…" is no ask
        ("Adding milk to the shopping list, thanks.", "add milk to the shopping list"),
        # a frame of one word that is no greeting, thanks or name for Hearth (a day said
        # first is the reminder's own: test_moments.py)
        ("Downstairs, remind me at 9 to call Mum.", "remind me at 9 to call Mum"),
    ],
)
def test_a_frame_that_says_something_of_its_own_leaves_it_to_the_model(
    said: str, without_its_frame: str
) -> None:
    assert parse(without_its_frame, NOW) is not None  # the positive control: it is a command
    assert parse(said, NOW) is None


def test_after_a_command_that_ends_something_a_reason_turning_it_down_agrees() -> None:
    # "no need for it" takes back an add, and agrees with a cancel
    assert parse("Cancel the rice timer, it's done, no need for it.", NOW) == CancelTimer("rice")
    assert parse("Set a rice timer for 10 minutes, it's done, no need for it.", NOW) is None


def test_said_of_what_is_at_hand_only_greetings_thanks_and_take_backs_frame_it() -> None:
    assert parse("never mind, stop", NOW, ringing=True) == StopRinging()
    assert parse("Okay, thanks, stop.", NOW, ringing=True) == StopRinging()
    assert parse("Cancel that, Hearth.", NOW) == UndoLast()
    # a statement may give "it" another meaning
    assert parse("turn it off", NOW, ringing=True) == StopRinging()
    assert parse("The token check is a hassle, turn it off", NOW, ringing=True) is None
    assert parse("Ah, would you stop, he's only codding you.", NOW, ringing=True) is None
    # "Hearth" alone stops a ring; after a greeting it is only who is greeted
    assert parse("Hearth.", NOW, ringing=True) == StopRinging()
    assert parse("Good morning, Hearth!", NOW, ringing=True) is None
    assert parse("Hello? Yeah, hi.", NOW, ringing=True) is None


def test_a_change_of_mind_after_a_frame_is_still_read_as_one() -> None:
    assert parse("Add oat milk, no hang on, almond milk, Jess can't have oats.", NOW) == (
        AddItems(("almond milk",))
    )
    assert parse("Sorry to bother you, can you set a timer for 5 minutes, no, 10.", NOW) == (
        SetTimer(None, 600.0)
    )
    assert parse("Hi Hearth, add milk to the list. No, hang on.", NOW) == TakenBack(
        AddItems(("milk",))
    )
    # "cancel that" after a take-back is this command's, never the one before it
    assert parse(
        "Remind me at 8 to put the bins out. Oh wait, it's not bin day. Cancel that.", NOW
    ) == TakenBack(Remind("put the bins out", NOW.replace(hour=20, minute=0)))


def test_a_change_of_mind_is_read_in_what_a_recogniser_misheard_too() -> None:
    # "least" for "list" is mended (misheard.py); the mended words are read as the heard
    # ones are, a change of mind first
    assert parse("Add milk to the least, sorry, I bought some.", NOW) == TakenBack(
        AddItems(("milk",))
    )
    assert parse("Add milk to the least, the kids finished it.", NOW) == AddItems(("milk",))


def test_a_thing_named_bare_on_the_list_is_added_and_a_sentence_about_it_is_not() -> None:
    assert parse("Bananas on the list please.", NOW) == AddItems(("Bananas",))
    assert parse("decaf coffee on the shopping list", NOW) == AddItems(("decaf coffee",))
    # what is, or what was done, is no ask (the claims of a model's reply, read as said)
    assert parse("Milk's on the list.", NOW) is None
    assert parse("Bunged two tins of chickpeas onto the shopping list.", NOW) is None
    assert parse("buy everything on the list", NOW) is None
    assert parse("nothing on the list", NOW) is None
    assert parse("is milk on the list", NOW) == CheckItem("milk")


def test_a_reason_after_which_reminder_or_timer_is_never_part_of_its_name() -> None:
    # the trial's one false reply: "There is no reminder to washing, I'll just do it now"
    said = "actually, cancel the reminder about the washing, I'll just do it now"
    assert parse(said, NOW) == CancelReminder("washing")
    assert parse("turn off the timer for the lasagne, it's done", NOW) == CancelTimer("lasagne")
    # the reason is cut, never a list the errand holds (one rule with the set reminder's)
    said = "cancel the reminder to buy eggs, milk and bread"
    assert parse(said, NOW) == CancelReminder("buy eggs, milk and bread")
    # a length after a comma is still the timer's
    assert parse("timer for the ham, an hour and a half", NOW) == SetTimer("ham", 5400.0)


def test_what_is_on_the_list_and_which_timers_run_are_read_as_asked() -> None:
    assert parse("is there anything on the list now?", NOW) == ReadList()
    assert parse("what timers are running right now?", NOW) == TimerStatus(None)
    # a help line that tells how to ask is not asking
    assert parse("You can set a timer by saying 'set a timer for ten minutes'.", NOW) is None


def test_the_list_said_once_at_the_end_is_only_a_list_command_s() -> None:
    # second_thoughts reads "…tomatoes, no, passata on the list" with the list said once;
    # before a greeting it had put "evening" on the list
    said = "Morning, er, no, evening, God, what day is it, put oat milk on the list please."
    assert parse(said, NOW) is None
    assert parse("Put, um, what was it, tomatoes, no, passata on the list.", NOW) == AddItems(
        ("passata",)
    )


def test_a_time_written_with_a_dot_is_a_time() -> None:
    assert parse("remind me at 8.30 to call Mum", NOW) == Remind(
        "call Mum",
        NOW.replace(hour=20, minute=30),  # the next 8:30, as "at 8" is
    )


def test_it_is_only_a_thing_a_shop_sells_that_ran_out() -> None:
    assert parse("There's no way, add it to the list.", NOW) is None
    assert parse("There's no bleach left, add it to the list.", NOW) == AddItems(("bleach",))


def test_them_alone_is_never_put_on_the_list() -> None:
    assert parse("add them to the list", NOW) is None
    assert parse("stick it on the shopping list", NOW) is None
    assert parse("add tomatoes to the list", NOW) == AddItems(("tomatoes",))


def test_when_something_ran_out_is_no_part_of_what_ran_out() -> None:
    assert parse("we're out of milk again", NOW) == AddItems(("milk",))
    assert parse("we've got no bin bags left", NOW) == AddItems(("bin bags",))


def test_a_reason_after_an_errand_is_no_part_of_it_unless_it_may_be_what_to_say() -> None:
    assert parse("Remind me at 9 to put the recycling out, it's collection day tomorrow.", NOW) == (
        Remind("put the recycling out", NOW.replace(hour=21, minute=0))
    )
    assert parse(
        "Oh, remind me to wake Lily at quarter past seven, she's having a nap.", NOW
    ) == Remind("wake Lily", NOW.replace(hour=19, minute=15))
    # what follows "tell" may be what to tell
    assert parse("Remind me at 7 to tell Sam, he's got football.", NOW) == Remind(
        "tell Sam, he's got football", SEVEN
    )


@pytest.mark.parametrize(
    ("said", "command"),
    [
        ("I need you to set a rice timer for 15 minutes please.", SetTimer("rice", 900.0)),
        ("I need to set a timer for 10 minutes", SetTimer(None, 600.0)),
        (
            "Grandma's doing her scones, set a timer for fifteen minutes for her would you.",
            SetTimer(None, 900.0),
        ),
        (
            "stick an extra quarter of an hour on the potato timer would you",
            AddTime("potato", 900.0),
        ),
        ("how's it going", None),  # a greeting, no timer called "it"
        ("how are you doing", None),
    ],
)
def test_a_timer_is_named_by_its_name_never_by_the_asking(
    said: str, command: Command | None
) -> None:
    assert parse(said, NOW) == command


def test_a_framed_command_is_carried_out_as_said_bare(data_dir: Path) -> None:
    command = parse("Sorry to bother you, we've run out, can you add milk to the list?", NOW)
    assert command == AddItems(("milk",))
    with HouseholdStore.open(data_dir) as store:
        reply = perform(store, command)
        assert [item.name for item in store.items()] == ["milk"]
    assert reply.startswith("I've added milk")


def test_where_were_we_frames_the_question_after_it() -> None:
    # an outside trial: the kitchen answered the pasta's cooking time, not its timer
    said = "sorry, where were we, how long's left on the pasta?"
    assert parse(said, NOW) == TimerStatus("pasta")
    assert parse("where were we?", NOW) is None  # the control: alone, it asks nothing of a timer
