"""The committed phrase table: commands parsed right, everyday sentences never a command."""

from __future__ import annotations

import datetime as dt

import pytest

from appliance.household import phrases
from appliance.household.phrase_words import without_tail
from appliance.household.phrases import (
    AddItems,
    AskTimerLength,
    CancelTimer,
    ListReminders,
    Remind,
    RemoveItems,
    SetTimer,
    as_row,
    parse,
)
from appliance.household.requests import (
    READS,
    AddTime,
    AskAddItems,
    CancelReminder,
    CheckItem,
    ReadList,
    TimerStatus,
    UndoLast,
)
from tests.household.conftest import phrase_table

TABLE = phrase_table()
NOW = dt.datetime.fromisoformat(TABLE["now"])


def _commands(split: str) -> list:
    return [pytest.param(c, id=c["text"]) for c in TABLE[split]["commands"]]


def _sentences(split: str) -> list:
    return TABLE[split]["not_commands"]


def test_the_table_is_as_large_as_promised() -> None:
    commands = len(TABLE["tune"]["commands"]) + len(TABLE["held_out"]["commands"])
    ordinary = len(TABLE["tune"]["not_commands"]) + len(TABLE["held_out"]["not_commands"])
    assert commands >= 60 and ordinary >= 30


@pytest.mark.parametrize("case", _commands("tune") + _commands("held_out"))
def test_command_phrasings_parse_right(case: dict) -> None:
    expected = {k: v for k, v in case.items() if k != "text"}
    assert as_row(parse(case["text"], NOW)) == expected


@pytest.mark.parametrize("said", _sentences("tune") + _sentences("held_out"))
def test_everyday_sentences_are_not_commands(said: str) -> None:
    assert parse(said, NOW) is None


@pytest.mark.parametrize(
    ("said", "name"),
    [
        ("set a timer for twelve", None),
        ("set a timer for a few minutes", None),
        ("set a pasta timer", "pasta"),
        ("timer", None),
    ],
)
def test_a_timer_without_a_length_is_a_question_never_a_guess(said: str, name: str | None) -> None:
    assert parse(said, NOW) == AskTimerLength(name)  # "twelve" is a length misheard, not a name


def test_a_timer_with_its_length_is_set() -> None:  # the positive control beside the above
    assert parse("set a timer for twelve minutes", NOW) == SetTimer(None, 720.0)


@pytest.mark.parametrize(
    "said",
    [
        "set timer for 3 minutes",
        "A timer for 3 minutes.",
        "start timer 3 minutes",
        "can you set timer for 3 minutes",
        "please make timer for 3 minutes",
        "my timer for 3 minutes",
        "a quick timer for 3 minutes",
    ],
)
def test_the_asking_is_never_a_timer_s_name(said: str) -> None:
    # A new user's trial: "set timer for 3 minutes" made a timer called "set".
    assert parse(said.lower().rstrip("."), NOW) == SetTimer(None, 180.0)


@pytest.mark.parametrize(
    ("said", "name"),
    [
        ("set egg timer for 3 minutes", "egg"),
        ("set a timer for the new potatoes for 3 minutes", "new potatoes"),
        ("start the rice timer for 3 minutes", "rice"),
    ],
)
def test_a_name_said_before_or_after_timer_is_kept(said: str, name: str) -> None:
    assert parse(said, NOW) == SetTimer(name, 180.0)  # the control beside the above


@pytest.mark.parametrize(
    ("said", "command"),
    [
        ("set a timer for 10 minutes to boil the eggs", SetTimer(None, 600.0)),
        ("set a 10 minute timer to check the cake", SetTimer(None, 600.0)),
        ("set a timer for 10 minutes to check it", SetTimer(None, 600.0)),
        ("set a 45 minute timer for when the roast needs basting", SetTimer(None, 2700.0)),
        (
            "can you put a 20 minute timer on so I remember to take the bread out",
            SetTimer(None, 1200.0),
        ),
        ("set a timer to check the cake", AskTimerLength(None)),
        ("set a pasta timer for 12 minutes to drain it", SetTimer("pasta", 720.0)),
    ],
)
def test_a_timer_said_with_what_it_is_for_is_that_timer(said: str, command: object) -> None:
    # Before, each of these was no command at all and went to the model, which sets nothing;
    # what it is for is no part of it (a name said as a name is kept).
    assert parse(said, NOW) == command


@pytest.mark.parametrize(
    "said",
    [
        "Sam, set a timer for 10 minutes to check the cake",
        "should I set a timer to check the cake?",
        "I set a timer for 10 minutes to check the cake but forgot",
        "don't set a timer to check the cake",
        "do I need a 45 minute timer to baste the roast?",
    ],
)
def test_what_a_timer_is_for_makes_no_timer_of_what_is_not_one(said: str) -> None:
    assert not isinstance(parse(said, NOW), SetTimer | AskTimerLength)
    # the control: a reminder with a reason is still the reminder
    assert isinstance(parse("remind me in 10 minutes to check the cake", NOW), Remind)


@pytest.mark.parametrize(
    "said",
    [
        "do I need a 45 minute timer?",  # asked: was set, as "I need a 45 minute timer"
        "Mum, can you put a 20 minute timer on for the bread?",  # said to Mum: was set
        "Olly, set a 5 minute timer",
        "The 5 minute timer on this oven is so loud.",  # was a timer "this oven is so loud"
        "Your ten minute timer for the pasta is running.",
    ],
)
def test_a_timer_with_its_length_said_to_another_or_asked_about_sets_none(said: str) -> None:
    # only asking words may come before a timer's length, and its name is never a clause
    # (held-out split timer_asked_heldout.json: 15 of 30 such lines set one before)
    assert not isinstance(parse(said, NOW), SetTimer | AskTimerLength | phrases.CheckItem)


@pytest.mark.parametrize(
    ("said", "command"),
    [
        ("I need a 45 minute timer", SetTimer(None, 2700.0)),
        ("can you put a 20 minute timer on for the bread?", SetTimer("bread", 1200.0)),
        ("a 5 minute timer on the rice", SetTimer("rice", 300.0)),
        ("quick 5 minute timer", SetTimer(None, 300.0)),
        ("let's have a 25 minute timer for the cookies", SetTimer("cookies", 1500.0)),
        ("can you do a 40 minute timer for the cake?", SetTimer("cake", 2400.0)),
        ("do me a 10 minute timer", SetTimer(None, 600.0)),
        ("Hearth, an hour and a quarter timer for the ham", SetTimer("ham", 4500.0)),
    ],
)
def test_a_timer_asked_for_with_its_length_is_set(said: str, command: object) -> None:
    assert parse(said, NOW) == command  # the control beside the above


@pytest.mark.parametrize(
    ("said", "seconds"),
    [
        ("cancel the 10 minute timer", 600.0),  # set one, before: read as "a 10 minute timer"
        ("stop the ten-minute timer", 600.0),
        ("turn the 20 minute timer off", 1200.0),
        ("get rid of my 45 minute timer", 2700.0),
    ],
)
def test_an_unnamed_timer_is_cancelled_by_its_length(said: str, seconds: float) -> None:
    assert parse(said, NOW) == phrases.CancelTimer(None, seconds=seconds)
    assert parse("cancel the pasta timer", NOW) == phrases.CancelTimer("pasta")  # by name


def test_a_length_of_time_is_never_asked_after_on_the_list() -> None:
    assert parse("do I need twenty minutes?", NOW) is None
    assert parse("do we need a new egg timer?", NOW) == phrases.CheckItem("new egg timer")


def test_out_of_something_no_shop_sells_is_not_shopping() -> None:
    assert parse("we're out of patience", NOW) is None
    assert parse("we ran out of the house in a hurry", NOW) is None
    assert parse("we're out of paprika", NOW) == phrases.AddItems(("paprika",))


def test_remind_me_needs_an_errand_said_with_to() -> None:
    assert parse("remind me what Sam is allergic to", NOW) is None
    assert parse("remind me who is coming at 6", NOW) is None
    assert isinstance(parse("remind me to ring Sam at 6", NOW), phrases.Remind)


@pytest.mark.parametrize(
    ("said", "what", "at"),
    [
        # held-out 3's first read (each a class): a part of the day after the day, a day
        # and a time with no "at", a date, and the moment said before "remind me"
        (
            "remind me at 7 tomorrow morning to put the recycling out",
            "put the recycling out",
            "2026-12-02T07:00",
        ),
        (
            "remind me friday 8am to send in the school photo money",
            "send in the school photo money",
            "2026-12-04T08:00",
        ),
        (
            "on the 22nd at 9 in the morning remind me to get the turkey out the freezer",
            "get the turkey out the freezer",
            "2026-12-22T09:00",
        ),
        # "9 in the morning" in digits was read as the next 9, 21:00 (said at 20:41)
        ("remind me to call mum at 9 in the morning", "call mum", "2026-12-02T09:00"),
        ("remind me to call mum at 8 tomorrow evening", "call mum", "2026-12-02T20:00"),
        ("remind me to call mum tomorrow evening at 8", "call mum", "2026-12-02T20:00"),
        (
            "remind me on the 3rd of january at 10 to renew the car tax",
            "renew the car tax",
            "2027-01-03T10:00",
        ),
        ("remind me to pay the milkman on the 1st at 9", "pay the milkman", "2027-01-01T09:00"),
    ],
)
def test_a_reminders_moment_is_read_however_the_day_and_time_are_said(
    said: str, what: str, at: str
) -> None:
    now = dt.datetime(2026, 12, 1, 20, 41)  # a Tuesday evening, as the held-out sets say
    assert parse(said, now) == phrases.Remind(what, dt.datetime.fromisoformat(at))


@pytest.mark.parametrize(
    "said",
    ["I was born on the 22nd at 9 in the morning", "the 22nd at 9 suits me, remind me"],
)
def test_a_date_and_time_said_without_asking_for_a_reminder_sets_none(said: str) -> None:
    assert parse(said, dt.datetime(2026, 12, 1, 20, 41)) is None


def test_hearth_as_a_recogniser_writes_it_is_no_part_of_the_command() -> None:
    now = dt.datetime(2026, 12, 1, 20, 41)
    assert isinstance(parse("Ha, what's the date today?", now), phrases.ClockDate)
    assert isinstance(parse("Hath, what time is it?", now), phrases.ClockTime)
    assert parse("ha ha, very funny", now) is None


def test_a_new_reminder_said_while_one_rings_is_a_new_reminder() -> None:
    now = dt.datetime(2026, 12, 1, 20, 41)
    said = "remind me in 10 minutes to check the oven"
    assert parse(said, now, ringing=True) == phrases.Remind(
        "check the oven", dt.datetime(2026, 12, 1, 20, 51)
    )
    # and with nothing ringing, "remind me in half an hour" asks what about
    assert isinstance(parse("remind me in half an hour", now), phrases.AskReminderWhat)


def test_a_clock_time_that_passed_today_means_tomorrow() -> None:
    command = parse("remind me to lock up at 9am", NOW)  # said at 14:05
    assert isinstance(command, phrases.Remind)
    assert command.at == dt.datetime(2026, 12, 2, 9, 0)


@pytest.mark.parametrize(
    ("said", "ringing", "command"),
    [
        ("stick a timer on for 10 mins", False, phrases.SetTimer(None, 600.0)),
        ("timer for the ham, an hour and a half", False, phrases.SetTimer("ham", 5400.0)),
        ("can you time 45 seconds for me", False, phrases.SetTimer(None, 45.0)),
        ("put another half hour on the turkey", False, phrases.AddTime("turkey", 1800.0)),
        ("scrap the timer", False, phrases.CancelTimer(None)),
        ("forget the spuds timer, they're done", False, phrases.CancelTimer("spuds")),
        ("is the cake nearly done? how long's it got", False, phrases.TimerStatus("cake")),
        # an eighth trial's "There is no cookies are timer running."
        ("how long till the cookies are done?", False, phrases.TimerStatus("cookies")),
        ("did you set that reminder?", False, phrases.ListReminders()),
        # a twentieth trial's got every record read out: the ones about the bins
        ("did you set the bins reminder?", False, phrases.ListReminders("bins")),
        ("have you set my tablet reminder?", False, phrases.ListReminders("tablet")),
        ("is the reminder set?", False, phrases.ListReminders()),
        ("what's on my agenda tomorrow?", False, phrases.ListReminders(day="tomorrow")),
        ("snooze it for ten", True, phrases.SnoozeRinging(600.0)),
        ("give me two more minutes", True, phrases.SnoozeRinging(120.0)),
        ("not now, half an hour", True, phrases.SnoozeRinging(1800.0)),
        # held-out 3's: said while a reminder rings, "remind me in …" is ring again later
        ("remind me in half an hour", True, phrases.SnoozeRinging(1800.0)),
        ("tell me again in 15", True, phrases.SnoozeRinging(900.0)),
        ("don't bother reminding me about the plumber", False, phrases.CancelReminder("plumber")),
        ("wipe the list, I've done the big shop", False, phrases.ClearList()),
        ("scratch the loo roll, found some", False, phrases.RemoveItems(("loo roll",))),
        ("have i already put mince on the list", False, phrases.CheckItem("mince")),
        (
            "add two tins of chopped tomatoes and a 500g pack of mince",
            False,
            phrases.AddItems(("2 tins of chopped tomatoes", "500g pack of mince")),
        ),
        (
            "add 2 pints of semi-skimmed milk to the list",
            False,
            phrases.AddItems(("2 pints of semi-skimmed milk",)),
        ),
        # held-out 4's typed misses, read once and then fixed as classes
        (
            "put on a timer called roast chicken for an hour",
            False,
            phrases.SetTimer("roast chicken", 3600.0),
        ),
        ("um, I need a timer for the boiled eggs", False, phrases.AskTimerLength("boiled eggs")),
        ("Hey, could you set a timer for 45 seconds?", False, phrases.SetTimer(None, 45.0)),
        ("Hearth, stop that noise!", True, phrases.StopRinging()),
        ("not yet, give it a snooze", True, phrases.SnoozeRinging(300.0)),
        ("what have we got on the list so far", False, phrases.ReadList()),
        # a name for whoever is told is no part of the errand, nor a comma its end
        (
            "would you remind me to take my tablets at ten o'clock tonight, dear",
            False,
            phrases.Remind("take my tablets", dt.datetime(2026, 12, 1, 22, 0)),
        ),
        (
            "remind me to water the plants, the big ones, at 6",
            False,
            phrases.Remind("water the plants, the big ones", dt.datetime(2026, 12, 1, 18, 0)),
        ),
        # a reminder named is the reminder's, whatever else rings
        ("snooze that reminder for half an hour", True, phrases.SnoozeReminder(None, 1800.0)),
    ],
)
def test_commands_as_families_say_them(said: str, ringing: bool, command: object) -> None:
    assert parse(said, NOW, ringing=ringing) == command


@pytest.mark.parametrize(
    "said",
    [
        "set a timer for 5 minutes, is that enough",  # a length doubted: never set
        "got no self raising flour, what do I do",  # a question, not a shopping item
        "add a pinch of salt",  # a recipe's "add"
        "we need a new timer",  # shopping, or chat: never a timer set
        "when is the boiler service due?",  # memory's (it got "no boiler service timer")
    ],
)
def test_what_only_looks_like_a_command_is_not_one(said: str) -> None:
    assert parse(said, NOW) is None


def test_no_more_said_to_a_ringing_timer_is_never_more_time() -> None:
    assert parse("no more, thanks", NOW, ringing=True) is None
    assert parse("not yet, give it a snooze", NOW, ringing=True) == phrases.SnoozeRinging(300.0)


EVENING = dt.datetime(2026, 12, 1, 20, 41)


def test_five_to_followed_by_no_hour_is_five_o_clock_and_the_errand() -> None:
    assert parse("Remind me tomorrow at nine to call the dentist.", EVENING) == phrases.Remind(
        "call the dentist", dt.datetime(2026, 12, 2, 9, 0)
    )
    assert parse("remind me at ten to six to call mum", EVENING) == phrases.Remind(
        "call mum", dt.datetime(2026, 12, 2, 17, 50)
    )  # the control: "ten to six" is still 5:50 (tomorrow's, read as "tomorrow at" is)


def test_words_before_the_errand_that_are_no_moment_ask_for_the_moment() -> None:
    """A recogniser's garbled moment ("I hate tomorrow" for "at 8 tomorrow") is asked
    for, never guessed; words that ask are a question, not a reminder."""
    assert parse("Remind me, I hate tomorrow to ring the plumber.", EVENING) == (
        phrases.AskReminderTime("ring the plumber")
    )
    assert parse("remind me how to make pancakes", EVENING) is None
    assert parse("remind me what I need to buy", EVENING) is None
    assert parse("Remind me on Friday to book the swimming.", EVENING) == (
        phrases.AskReminderTime("book the swimming", "on friday")
    )  # a day said without its time is kept, and only the time asked
    assert parse("remind me to book the swimming on friday", EVENING) == (
        phrases.AskReminderTime("book the swimming", "on friday")
    )
    assert parse("Remind me not to do that again.", EVENING) is None  # never drops a "not"
    assert parse("Remind me the password to the wifi.", EVENING) is None  # no moment in it


def test_a_question_that_only_reads_may_follow_why_it_is_asked() -> None:
    assert isinstance(
        parse("Hearth, I'm writing a card, what date is it?", EVENING), phrases.ClockDate
    )
    assert parse("set a timer for 5 minutes, what time is it", EVENING) is None  # not half done
    assert parse("Morning, how's it going?", EVENING) is None  # a greeting, no timer's status


@pytest.mark.parametrize(
    ("said", "about"),
    [
        # a trial heard the model answer the first "I don't have the ability to remind you",
        # with a washing reminder set: the reminders are read (those about it: a sixth
        # trial's "is there a reminder for the vet?" had twenty read out)
        ("Did I ask you to remind me about the washing?", "the washing"),
        ("is there a reminder for the vet?", "the vet"),
        ("have I got a reminder about the dentist", "the dentist"),
    ],
)
def test_asked_about_one_reminder_the_reminders_are_read(said: str, about: str) -> None:
    assert parse(said, NOW) == ListReminders(about)


def test_a_reminder_asked_for_is_still_set() -> None:  # the control beside it
    assert isinstance(parse("remind me to do the washing at 6", NOW), Remind)


@pytest.mark.parametrize(
    ("said", "meant"),
    [
        # a trial heard the first go to the model: "I don't have the ability to set a timer."
        ("Hearth, set a timer for one minute so I can brush my teeth.", SetTimer(None, 60.0)),
        ("put milk on the list so we don't run out", AddItems(("milk",))),
    ],
)
def test_what_a_command_is_for_is_no_part_of_it(said: str, meant: object) -> None:
    assert parse(said, NOW) == meant


def test_a_purpose_never_makes_a_command_of_what_is_not_one() -> None:  # the control
    assert parse("I was going to set a timer so I could nap", NOW) is None


@pytest.mark.parametrize(
    ("said", "meant"),
    [
        # a trial: "Oh, and we need trash bags too." went to the board as a note, and
        # "we need trash bags too" put "trash bags too" on the list
        ("Oh, and we need trash bags too.", AddItems(("trash bags",))),
        ("Add bread too", AddItems(("bread",))),
        ("Also add bread as well", AddItems(("bread",))),
        ("Put toilet roll on the list, would you?", AddItems(("toilet roll",))),
        ("add two tins of tomatoes", AddItems(("2 tins of tomatoes",))),  # the control: a count
    ],
)
def test_and_too_and_would_you_are_no_part_of_the_items(said: str, meant: object) -> None:
    assert parse(said, NOW) == meant


@pytest.mark.parametrize(
    ("said", "meant"),
    [
        # a third trial's "add gluten free flour too" did nothing: three words were too many
        ("add gluten free flour too", AddItems(("gluten free flour",))),
        ("Add washing-up liquid.", AddItems(("washing-up liquid",))),
        ("add free range eggs", AddItems(("free range eggs",))),
    ],
)
def test_a_thing_of_three_words_goes_on_the_list_unsaid(said: str, meant: object) -> None:
    assert parse(said, NOW) == meant


@pytest.mark.parametrize(
    "said", ["add salt to taste", "add a splash of milk", "add crisps, no salt ones"]
)
def test_a_recipe_step_or_a_description_is_still_no_item(said: str) -> None:  # the controls
    assert parse(said, NOW) is None


@pytest.mark.parametrize(
    ("said", "meant"),
    [
        ("put milk on the messages", AddItems(("milk",))),  # the shopping, in Belfast
        ("add a wee bag of spuds to the messages", AddItems(("wee bag of spuds",))),
        ("what's on the messages?", phrases.ReadList()),
        ("take the bread off the messages", phrases.RemoveItems(("bread",))),
    ],
)
def test_the_messages_are_the_shopping(said: str, meant: object) -> None:
    assert parse(said, NOW) == meant


@pytest.mark.parametrize(
    "said", ["read my messages", "delete my messages", "clear the messages", "any messages?"]
)
def test_a_phones_messages_are_never_the_list(said: str) -> None:  # the controls
    assert parse(said, NOW) is None  # "clear the messages" never empties the list


@pytest.mark.parametrize("said", ["Add 7.", "add 7 to the list", "take 10 off the list"])
def test_a_bare_number_is_never_a_thing_on_the_list(said: str) -> None:
    # a second trial: "At seven." (to "What time…?") heard as "Add 7." put "7" on the list
    assert parse(said, NOW) is None


def test_a_count_with_its_thing_is_one() -> None:  # the control beside it
    assert parse("add 2 lemons", NOW) == AddItems(("2 lemons",))


def test_what_reminders_are_there_now_reads_them() -> None:
    assert parse("What reminders are there now?", NOW) == ListReminders()


@pytest.mark.parametrize(
    ("said", "what", "at"),
    [
        # an outside trial at 06:40: "tonight" was dropped, and the reminder set for 07:30
        ("remind me to move the car at half seven tonight", "move the car", (19, 30)),
        ("remind me to put the bins out at 9 tonight", "put the bins out", (21, 0)),
        ("remind me tonight at 7:30 to move the car", "move the car", (19, 30)),
        ("remind me to move the car at half seven this evening", "move the car", (19, 30)),
        ("remind me to ring the school at 10 this morning", "ring the school", (10, 0)),
        # the control: no part of the day said, the next half seven is this morning's
        ("remind me to move the car at half seven", "move the car", (7, 30)),
    ],
)
def test_tonight_and_this_evening_are_the_evening_said_in_the_morning(
    said: str, what: str, at: tuple[int, int]
) -> None:
    morning = dt.datetime(2026, 12, 1, 6, 40)
    assert parse(said, morning) == phrases.Remind(what, morning.replace(hour=at[0], minute=at[1]))


@pytest.mark.parametrize(
    ("said", "items"),
    [
        # two outside trials said these of the list; each went to the model, nothing changed
        ("actually take the spaghetti off, we've got loads", ("spaghetti",)),
        ("take the milk off", ("milk",)),
        ("take the milk off, Gran got some from the shop", ("milk",)),  # was "milk off", …
        ("oh and remove the oatcakes, found a packet", ("oatcakes",)),
        # a thirteenth session's went to the model
        ("clear haribo off the list", ("haribo",)),
        ("knock the milk off the shopping list", ("milk",)),
    ],
)
def test_take_it_off_or_remove_it_with_the_list_unsaid_is_the_list(
    said: str, items: tuple[str, ...]
) -> None:
    assert parse(said, NOW) == phrases.RemoveItems(items)


@pytest.mark.parametrize(
    "said",
    [
        "take your shoes off",
        "take the pan off the heat",
        "clear the snow off the car",
        "clear haribo off",  # "clear the table off", "knock the telly off" say the list never
        "Remove the bay leaves and check the seasoning before serving.",
        "Remove the tag before washing the jumper",
    ],
)
def test_take_off_and_remove_said_of_anything_else_change_no_list(said: str) -> None:
    assert parse(said, NOW) is None  # the controls beside the above


def test_by_the_way_said_last_is_no_part_of_the_thing() -> None:
    # a second outside trial's "we're out of oatcakes btw" put "oatcakes btw" on the list
    assert parse("we're out of oatcakes btw", NOW) == phrases.AddItems(("oatcakes",))
    assert parse("add milk to the list by the way", NOW) == phrases.AddItems(("milk",))


@pytest.mark.parametrize(
    ("said", "meant"),
    [
        # a fifth trial's went to the model, which said "The pizza is ready."
        ("set a timr for 8 minuts for the pizza", SetTimer("pizza", 480.0)),
        ("add milk to the shoping lsit", AddItems(("milk",))),
    ],
)
def test_a_slip_of_the_keyboard_in_a_commands_own_words_is_read(said: str, meant: object) -> None:
    assert parse(said, NOW) == meant


def test_a_word_of_its_own_is_never_read_as_a_slip() -> None:  # the control
    assert parse("set the time on the oven", NOW) is None  # "time" is no slip of "timer"


def test_who_wants_a_thing_is_no_part_of_it() -> None:
    """A fifth trial's list got an item called "Ciaran wants quorn mince"."""
    said = "we need spuds, carrots and a pound of sausages, and Ciaran wants quorn mince"
    assert parse(said, NOW) == AddItems(("spuds", "carrots", "pound of sausages", "quorn mince"))
    assert parse("add free range eggs", NOW) == AddItems(("free range eggs",))  # the control


def test_buy_is_the_lists_verb() -> None:
    """A fifth trial's "buy a new kettle, this one's knackered" reached the model."""
    assert parse("buy eggs, milk and bread", NOW) == AddItems(("eggs", "milk", "bread"))
    assert parse("buy a new kettle, this one's knackered", NOW) == AddItems(("new kettle",))
    assert parse("buy some time", NOW) is None  # the controls: no thing to buy
    assert parse("buy the train tickets for boxing day", NOW) is None  # the sending line's


def test_a_bare_hour_of_the_small_hours_past_today_is_tomorrow_afternoons() -> None:
    """A seventh trial's "remind Tomasz to pick the kids up at 3", said in the evening, was
    set for 03:00. Past today's, 1 to 5 and 12 are tomorrow's afternoon and noon, as
    "tomorrow at 3" reads them; 6 to 11 the next one, mornings; am or pm said is as said."""
    assert parse("remind Tomasz to pick the kids up at 3", EVENING) == phrases.Remind(
        "tell Tomasz to pick the kids up", dt.datetime(2026, 12, 2, 15, 0)
    )
    assert parse("remind me at 8 to put the bins out", EVENING) == phrases.Remind(
        "put the bins out", dt.datetime(2026, 12, 2, 8, 0)
    )
    assert parse("remind me at half past six to put the bins out", EVENING) == phrases.Remind(
        "put the bins out", dt.datetime(2026, 12, 2, 6, 30)
    )  # 6 stays the next one: a held-out split's reading
    assert parse("remind me at 3am to check the baby", EVENING) == phrases.Remind(
        "check the baby", dt.datetime(2026, 12, 2, 3, 0)
    )
    assert parse("remind me at 9 to take my tablets", EVENING) == phrases.Remind(
        "take my tablets", dt.datetime(2026, 12, 1, 21, 0)
    )  # today's 9 pm is still to come


def test_a_seventh_trials_list_words() -> None:
    """ "we don't need flour any more" was carded as a household fact, and "add the usual"
    put "usual" on the list. The controls: "we don't need milk" may be what the cupboard
    holds, and is no change asked for."""
    assert parse("we don't need flour any more", NOW) == phrases.RemoveItems(("flour",))
    assert parse("we don't need the eggs after all", NOW) == phrases.RemoveItems(("eggs",))
    assert parse("we don't need milk", NOW) is None
    assert parse("add the usual", NOW) is None


@pytest.mark.parametrize(
    ("said", "items"),
    [
        ("we got the eggs", ("eggs",)),
        ("I've bought bread and milk", ("bread", "milk")),
        ("picked up the milk on the way home", ("milk",)),
        ("got the oat milk from the shop", ("oat milk",)),
        ("we've just got the teabags", ("teabags",)),
        # who, the errand before it, the shop, and what came after "but" are no part of it
        ("Dad picked up the bread at Tesco", ("bread",)),
        ("I went to Morrisons and bought the cornflakes", ("cornflakes",)),
        ("Okay so I got the orange juice but they were out of smoothies", ("orange juice",)),
        ("Yeah, the washing powder's bought", ("washing powder",)),
        ("Bought a couple of new sponges for the sink", ("sponges",)),
    ],
)
def test_a_thing_bought_is_read_as_bought(said: str, items: tuple[str, ...]) -> None:
    """An eighth trial's "we got the eggs" got the model's "The eggs."; the brain takes it
    off the list when it is on it (tests/brain/test_household_intents.py; measured on a
    held-out split by benchmarks/bought.py)."""
    from appliance.household.requests import BoughtItems

    assert parse(said, NOW) == BoughtItems(items)


@pytest.mark.parametrize(
    "said",
    [
        "we've got eggs, what can I make?",  # a question after it: nothing taken off
        "we've got loads of time, relax",
        "we've got to get milk",
        "I got rid of the bread",
        "I bought some",
        "we got them",
        "You've got loads of pasta in the cupboard.",
        "Argh, I got egg on my shirt",
        "Tesco's got the eggs on offer this week",
    ],
)
def test_what_only_sounds_bought_is_not(said: str) -> None:
    from appliance.household.requests import BoughtItems

    assert not isinstance(parse(said, NOW), BoughtItems)


@pytest.mark.parametrize(
    ("said", "items"),
    [
        ("we have butter, never mind", ("butter",)),  # a ninth trial's: memory's "All right…"
        ("oh wait we have loads of cheese", ("cheese",)),
        ("we've still got eggs", ("eggs",)),
        ("we have milk in the fridge", ("milk",)),
        ("I have cheese left, don't need it", ("cheese",)),
        ("we got the eggs, never mind", ("eggs",)),
    ],
)
def test_a_thing_the_house_has_already_is_read_as_bought(said: str, items: tuple[str, ...]) -> None:
    """Taken off as bought is, and only if on the list (the brain's of_the_list)."""
    from appliance.household.requests import BoughtItems

    assert parse(said, NOW) == BoughtItems(items)


@pytest.mark.parametrize(
    "said",
    [
        "we have no butter",
        "do we have butter",
        "we have butter but no jam",
        "we have to get milk",
        "we have got to buy cheese",
        "we have eggs and a recipe for quiche",
        "we have butter. no wait, we don't",  # taken back: the list is left
    ],
)
def test_what_only_sounds_had_already_takes_nothing_off(said: str) -> None:
    from appliance.household.requests import BoughtItems

    assert not isinstance(parse(said, NOW), BoughtItems)


def test_got_no_milk_is_run_out_of() -> None:
    assert parse("we got no milk", NOW) == phrases.AddItems(("milk",))


def test_a_ninth_trials_timer_and_reminder_words() -> None:
    """ "how long on the custard", with no custard timer, got the model's "The custard is 12
    minutes."; "what reminders have I" a made-up list. "how long for the pasta" is still
    how long to cook it (the control)."""
    assert parse("how long on the custard", NOW) == phrases.TimerStatus("custard")
    assert parse("what reminders have I", NOW) == ListReminders()
    assert not isinstance(parse("how long for the pasta", NOW), phrases.TimerStatus)


@pytest.mark.parametrize(
    ("said", "name", "seconds"),
    [
        ("and a 3 minute one for the eggs", "eggs", 180.0),
        ("set another one for 3 minutes for the eggs", "eggs", 180.0),
        ("and one for the custard, 10 minutes", "custard", 600.0),
        ("can ye set us a timer for the tatties, twenty minutes", "tatties", 1200.0),
    ],
)
def test_another_timer_said_as_one(said: str, name: str, seconds: float) -> None:
    """A ninth trial's each went to the model, and a later "cancel it" cancelled the pasta."""
    assert parse(said, NOW) == phrases.SetTimer(name, seconds)


@pytest.mark.parametrize("said", ["and one for me", "one for the road", "the 10 minute one"])
def test_one_without_a_length_or_a_timer_is_no_timer(said: str) -> None:
    assert not isinstance(parse(said, NOW), phrases.SetTimer)


def test_which_timers_are_still_going_reads_them() -> None:
    assert parse("which timers are still going?", NOW) == phrases.TimerStatus(None)


def test_a_ninth_trials_list_words() -> None:
    """Each went to the model. The controls: "put down the knife" is said to a child."""
    assert parse("what's left on the list", NOW) == phrases.ReadList()
    assert parse("whit's on the list", NOW) == phrases.ReadList()
    assert parse("do we need anything from Tesco", NOW) == phrases.ReadList()
    assert parse("chuck snags and a loaf of bread on the shopping list", NOW) == (
        phrases.AddItems(("snags", "loaf of bread"))
    )
    assert parse("put down 2 litres of milk and a dozen eggs", NOW) == (
        phrases.AddItems(("2 litres of milk", "dozen eggs"))
    )
    assert parse("put down the knife", NOW) is None


@pytest.mark.parametrize(
    "said",
    [
        "how long on each side for a steak",
        "how long on high in the slow cooker",
        "how long on the bbq for sausages",
    ],
)
def test_how_long_on_for_cooking_is_no_timer(said: str) -> None:
    """A review's: each was read as a timer ("There is no each side for a steak timer")."""
    assert not isinstance(parse(said, NOW), phrases.TimerStatus)


@pytest.mark.parametrize(
    "said",
    ["ok ok I hear it, stop", "I hear you", "alright alright, I know, stop it", "I know, I know"],
)
def test_a_ring_heard_and_told_to_stop_stops(said: str) -> None:
    """A ninth trial's "ok ok I hear it, stop" went on ringing."""
    assert parse(said, NOW, ringing=True) == phrases.StopRinging()
    assert parse(said, NOW, ringing=False) is None  # the control: nothing rings, nothing to stop


@pytest.mark.parametrize(
    ("said", "command"),
    [
        ("what's on the list again", phrases.ReadList()),
        ("ummm whats on the list again", phrases.ReadList()),
        ("what timers are on again", phrases.TimerStatus(None)),
        ("what reminders have I got again", ListReminders()),
        ("how long is left on the rice again", phrases.TimerStatus("rice")),
        ("what time is it again", phrases.ClockTime()),
    ],
)
def test_a_question_asked_again_reads_the_records(said: str, command: object) -> None:
    """A tenth trial's "what's on the list again" got the model's made-up list ("1. The new
    employee will be working on Monday…"); without "again" the records answered."""
    assert parse(said, NOW) == command


def test_again_after_a_command_is_no_question() -> None:
    """The controls: "again" is a snooze's own word, and makes no question of a command."""
    assert parse("remind me again", NOW, ringing=True) == phrases.SnoozeRinging(300.0)
    assert parse("do it again", NOW, ringing=True) == phrases.SnoozeRinging(300.0)
    assert not isinstance(parse("set a timer for 5 minutes again", NOW), READS)


def test_a_tenth_trials_timer_length_and_list_words() -> None:
    """ "put on a timer for the roast, an hour and ten" was set for an hour; "…, take it off"
    after a thing bought went to the model. The controls: a number that is no minutes."""
    assert parse("put on a timer for the roast, an hour and ten", NOW) == phrases.SetTimer(
        "roast", 4200.0
    )
    assert parse("set a timer for an hour and 2 eggs", NOW) is None
    from appliance.household.requests import BoughtItems

    said = "ah we got the bread from the corner shop, take it off"
    assert parse(said, NOW) == BoughtItems(("bread",))


def test_did_you_add_is_answered_by_the_list_now_never_a_no_of_the_past(store) -> None:
    """A tenth trial's bread was added and taken off; "did you add bread earlier?" got "No,
    bread isn't on the shopping list." The control: "is bread on the list?" is answered no."""
    from appliance.household import perform

    asked = parse("did you add bread earlier?", NOW)
    assert asked == phrases.CheckItem("bread", of_hearth=True)
    assert perform(store, asked, "t") == "Bread isn't on the shopping list now."
    control = parse("is bread on the list?", NOW)
    assert perform(store, control, "t") == "No, bread isn't on the shopping list."


def test_a_tenth_trials_reminder_words(store) -> None:
    """ "Barty needs his PE kit today, remind me at quarter to eight" asked what about, and
    the next "what reminders have I got" became the errand; "cancel reminder 2" was read as
    a timer. The controls: a command before the comma is no errand, and an errand still
    answers the question."""
    import datetime as dt

    from appliance.household import perform
    from appliance.household.asking import answer_to
    from appliance.household.requests import AskReminderWhat, CancelReminder, Remind

    morning = dt.datetime(2026, 12, 1, 7, 0)
    said = parse("Barty needs his PE kit today, remind me at quarter to eight", morning)
    assert said == Remind("that Barty needs his PE kit today", morning.replace(minute=45))
    mine = parse("I have to ring the vet, remind me at 9", NOW)
    assert perform(store, mine, "t") == "I'll remind you that you have to ring the vet at 21:00."
    assert not isinstance(parse("set a timer, remind me at 3", morning), Remind)
    asked = AskReminderWhat(morning.replace(minute=45))
    assert answer_to(asked, "what reminders have I got", morning) is None
    assert answer_to(asked, "to take the bins out", morning) == Remind(
        "take the bins out", morning.replace(minute=45)
    )
    assert parse("cancel reminder 2", morning) == CancelReminder("2")
    assert parse("cancel porridge 2", morning) == phrases.CancelTimer("porridge 2")


@pytest.mark.parametrize(
    ("said", "command"),
    [
        ("set a timer for 5 minuets for the eggs", phrases.SetTimer("eggs", 300.0)),
        ("add a gallon of 2% milk to the list", phrases.AddItems(("gallon of 2% milk",))),
        ("whens my next reminder", ListReminders(next=True)),
        (
            "grand, and stick rashers on the list while you're at it",
            phrases.AddItems(("rashers",)),
        ),
        (
            "cancel the beans and the chips timers",
            phrases.Both(phrases.CancelTimer("beans"), phrases.CancelTimer("chips")),
        ),
    ],
)
def test_a_tenth_trials_everyday_words(said: str, command: object) -> None:
    """Each reached the model, or kept "2 milk", or read "next" as a reminder's words."""
    assert parse(said, NOW) == command


def test_minutes_then_the_hour_in_digits_is_a_time() -> None:
    """ "remind me at 5 past 4 to ring Mam" asked what time; "at 5 to pick up Zoe" is still
    at five (the control: no hour after "to")."""
    at = parse("remind me at 5 past 4 to ring Mam", NOW)
    assert isinstance(at, phrases.Remind) and (at.at.hour, at.at.minute) == (16, 5)
    five = parse("remind me at 5 to pick up Zoe", NOW)
    assert isinstance(five, phrases.Remind) and five.what == "pick up Zoe"
    assert parse("cancel the fish and chips timer", NOW) == phrases.CancelTimer("fish and chips")
    assert parse("right now what's on the list", NOW) == phrases.ReadList()


@pytest.mark.parametrize(
    "said",
    [
        # a review's, each read as a thing the house has and taken off the list
        "we have one egg left",
        "we have a couple of eggs left",
        "we have bread and butter pudding",
        "we have cheese and onion crisps",
        "we have chickens",
    ],
)
def test_a_count_a_dish_or_a_bare_have_is_no_thing_had_already(said: str) -> None:
    from appliance.household.requests import BoughtItems

    assert not isinstance(parse(said, NOW), BoughtItems)


def test_a_reviews_reminder_words(store) -> None:
    """ "thanks love, remind me at 6" set a reminder "that thanks love"; "do the bins", the
    answer to "What should I remind you about?", was refused; "i-pad" was said "you-pad"."""
    import datetime as dt

    from appliance.household import perform
    from appliance.household.asking import answer_to
    from appliance.household.requests import AskReminderWhat, Remind

    assert isinstance(parse("thanks love, remind me at 6", NOW), AskReminderWhat)
    # three words and more, which pass the length rule: no errand by their first word
    assert isinstance(parse("hang on a sec, remind me at 7", NOW), AskReminderWhat)
    assert isinstance(parse("thanks a million love, remind me at 7", NOW), AskReminderWhat)
    at = NOW + dt.timedelta(hours=1)
    assert answer_to(AskReminderWhat(at), "do the bins", NOW) == Remind("do the bins", at)
    said = perform(store, parse("remind me to charge the i-pad at 9", NOW), "t")
    assert "charge the i-pad" in said


def test_three_commands_said_one_after_another_are_three() -> None:
    # a tenth trial's set a timer called "pasta and add parmesan", and added no parmesan
    command = phrases.parse(
        "set a timer for 10 min for the pasta and add parmesan to the list, oh and remind me "
        "at 6 to call mum",
        NOW,
    )
    assert isinstance(command, phrases.Both)
    assert command.first == phrases.SetTimer("pasta", 600.0)
    assert isinstance(command.second, phrases.Both)
    assert command.second.first == phrases.AddItems(("parmesan",))
    assert isinstance(command.second.second, phrases.Remind)
    assert command.second.second.what == "call mum"


def test_two_commands_are_still_two_and_one_list_one() -> None:  # the controls
    assert phrases.parse(
        "set a timer for 10 min for the pasta and add parmesan to the list", NOW
    ) == phrases.Both(phrases.SetTimer("pasta", 600.0), phrases.AddItems(("parmesan",)))
    assert phrases.parse("add eggs and milk to the list", NOW) == phrases.AddItems(("eggs", "milk"))


@pytest.mark.parametrize(
    ("said", "meant"),
    [
        # typed shorthand for please and thanks is no part of a name (a tenth trial's timer
        # was called "spuds pls")
        ("timer for spuds 25 min pls", phrases.SetTimer("spuds", 1500.0)),
        ("add milk thx", phrases.AddItems(("milk",))),
    ],
)
def test_please_and_thanks_typed_short_are_polite_words(said: str, meant: object) -> None:
    assert phrases.parse(said, NOW) == meant


@pytest.mark.parametrize("said", ["is anything ringing?", "is something ringing"])
def test_asked_if_anything_rings_asks_of_every_timer(said: str) -> None:
    # a tenth trial's got "There is no anything timer running."
    assert phrases.parse(said, NOW) == phrases.TimerStatus(None)


def test_asked_if_a_named_timer_rings_asks_of_it() -> None:  # the control
    assert phrases.parse("is the rice ringing", NOW) == phrases.TimerStatus("rice")


def test_u_typed_for_you_asks_as_you_does() -> None:
    # a tenth trial's "can u put a timer on…" went to the model, and no timer was set
    assert phrases.parse("can u put a timer on for the rice, 18 mins", NOW) == phrases.SetTimer(
        "rice", 1080.0
    )


@pytest.mark.parametrize("said", ["add cake anyway", "add cake to the list just in case"])
def test_anyway_and_just_in_case_are_no_part_of_a_thing(said: str) -> None:
    # a review's list got "cake anyway"
    assert phrases.parse(said, NOW) == phrases.AddItems(("cake",))


def test_a_thing_said_again_after_not_is_the_thing_said_right() -> None:
    # a tenth trial's list got both "milk" and "normal milk"
    assert phrases.parse("we need milk, not the oat one, normal milk", NOW) == phrases.AddItems(
        ("normal milk",)
    )
    # the control: another thing after "not …" is another thing
    assert phrases.parse("add milk, not the oat one, and bread", NOW) == phrases.AddItems(
        ("milk", "bread")
    )


@pytest.mark.parametrize(
    ("said", "row"),
    [
        # an eleventh outside trial's, texted: each did nothing
        (
            "remind me tmrw at 8 to ring the surgery",
            {"intent": "remind", "what": "ring the surgery", "at": "2026-12-02T08:00"},
        ),
        (
            "pls set timer 4 pasta 11 mins thx",
            {"intent": "timer.set", "name": "pasta", "seconds": 660.0},
        ),
        (
            "pls add gravy granules, cranberry sauce n foil to the shopping list",
            {"intent": "shopping.add", "items": ["gravy granules", "cranberry sauce", "foil"]},
        ),
    ],
)
def test_a_command_texted_is_read_as_typed_out(said: str, row: dict) -> None:
    assert as_row(parse(said, NOW)) == row


@pytest.mark.parametrize(
    ("said", "row"),
    [
        # the controls: a digit that is a number, a "sat" that is sitting
        ("set a timer for 4 minutes", {"intent": "timer.set", "name": None, "seconds": 240.0}),
        ("the cat sat on the mat", {"intent": None}),
        # a second review's: a number said after "timer", and "2moro" whole
        ("set a timer 4 minutes", {"intent": "timer.set", "name": None, "seconds": 240.0}),
        (
            "remind me 2moro at 9 to ring the school",
            {"intent": "remind", "what": "ring the school", "at": "2026-12-02T09:00"},
        ),
    ],
)
def test_a_number_and_a_word_stay_as_they_are(said: str, row: dict) -> None:
    assert as_row(parse(said, NOW)) == row


@pytest.mark.parametrize(
    ("said", "command"),
    [
        # a twelfth outside trial's, each sent to the model (which said "Set a timer for 12
        # minutes." with none set)
        ("set timer 12 min pizza", SetTimer("pizza", 720.0)),
        ("set a timer for 4 mins eggs", SetTimer("eggs", 240.0)),
        ("timer 12 min pizza", SetTimer("pizza", 720.0)),
        ("add cheddar to list", AddItems(("cheddar",))),
        ("add cheddar, gf pasta and wipes to list", AddItems(("cheddar", "gf pasta", "wipes"))),
        (
            "add oat milk and tofu to the shopping list please, its for me",
            AddItems(("oat milk", "tofu")),
        ),
        ("add calpol and bonjela to the list ezinne is teething", AddItems(("calpol", "bonjela"))),
        ("take haribo off aoife doesnt need it", RemoveItems(("haribo",))),
        ("add ice cream the twins are coming", AddItems(("ice cream",))),
        ("hearth stop the cake timer its done early", CancelTimer("cake")),
    ],
)
def test_a_command_texted_short_or_with_why_after_it_is_done(said: str, command) -> None:
    assert phrases.parse(said, NOW) == command


@pytest.mark.parametrize(
    "said",
    [
        # the controls: a clause is no name, a remark with a timer in it is no command, and
        # another length or a taking back after it is no reason
        "set a timer for 10 minutes and then",
        "set a timer for 5 minutes in case",
        "The 5 minute timer on this oven is so loud.",
        "Set a timer for 10 minutes, it needs 12 minutes.",
        "Add milk to the list, who is coming tonight?",
        # a review's: a clause or a word of when after the length is no name, "it" no item,
        # a thing switched off no list's
        "set a timer for 20 minutes instead",
        "set a timer for 45 minutes tomorrow",
        "add it to list",
        "add the stuff ify needs for school",
        "knock the telly off",
        "clear the table off",
        "remind me at 7 morning",
        "remind me at 8 next week",
        "remind me at 9 before work",
        "remind me at 9 ish ring gran",
    ],
)
def test_what_only_looks_like_such_a_command_is_none(said: str) -> None:
    assert phrases.parse(said, NOW) is None


def test_an_errand_said_bare_after_when_is_reminded() -> None:
    # a twelfth trial's "remind me wednesday at 7pm bins" went to the model
    said = phrases.parse("remind me wednesday at 7pm bins", NOW)
    assert isinstance(said, Remind) and said.what == "about bins" and said.at.hour == 19
    said = phrases.parse("remind me at 6 ring mum", NOW)
    assert isinstance(said, Remind) and said.what == "ring mum"
    assert phrases.parse("remind me at 6 what is it", NOW) is None  # the control: a question


@pytest.mark.parametrize(
    ("said", "what", "hour"),
    [
        # a twelfth trial's, left by a review since a first reading set it at the wrong half
        # of the day: the errand's own part of the day says which 7, said at either half
        ("remind me at 7 morning meds", "about morning meds", 7),
        ("remind me at 7 evening meds", "about evening meds", 19),
        ("remind me at 10 night feed", "about night feed", 22),
        ("remind me at 7 morning call mum", "call mum", 7),
    ],
)
@pytest.mark.parametrize("now_hour", [6, 10, 22])
def test_a_bare_errand_with_its_part_of_the_day_is_set_in_that_part(
    said: str, what: str, hour: int, now_hour: int
) -> None:
    now = dt.datetime(2026, 12, 6, now_hour, 30)
    reminder = phrases.parse(said, now)
    assert isinstance(reminder, Remind) and reminder.what == what
    assert reminder.at.hour == hour and now < reminder.at <= now + dt.timedelta(days=1)


def test_a_part_of_the_day_against_the_time_said_sets_nothing() -> None:
    # the control: "7pm" and "morning" cannot both be so
    assert phrases.parse("remind me at 7pm morning meds", NOW) is None


def test_politeness_after_an_item_is_no_part_of_it() -> None:
    # a twelfth trial's "and teabags pls" put "teabags pls" on the list
    from appliance.household.list_phrases import items_of

    assert items_of("teabags pls") == ("teabags",)
    assert phrases.parse("add teabags pls to the list", NOW) == AddItems(("teabags",))
    assert items_of("plain flour") == ("plain flour",)  # the control


def test_finish_asked_of_a_bare_name_is_no_timer_s() -> None:
    # a held-out split's "what time does ballet finish" got "There is no ballet timer
    # running.", Zara's ballet's end kept
    assert phrases.parse("what time does ballet finish", NOW) is None
    assert phrases.parse("when does cubs finish", NOW) is None
    # the controls: of a thing with "the", or of a timer said
    assert isinstance(phrases.parse("when does the pasta finish", NOW), phrases.TimerStatus)
    assert isinstance(phrases.parse("when does pasta timer finish", NOW), phrases.TimerStatus)


def test_the_other_one_is_no_item() -> None:
    # a thirteenth trial's "and the other one?" put "other one" on the list
    from appliance.household.list_phrases import groceries

    assert groceries("the other one") is None
    assert groceries("other one") is None
    assert groceries("oat milk") == ("oat milk",)  # the control


@pytest.mark.parametrize(
    ("said", "meant"),
    [
        # a thirteenth trial's set Tuesday, with "no wait thursday" in the errand
        (
            "remind me tuesday at 10 about the dentist no wait thursday",
            Remind("about the dentist", dt.datetime(2026, 12, 10, 10, 0)),
        ),
        ("set a timer for 5 minutes no wait 10", SetTimer(None, 600.0)),
        ("add milk no wait eggs to the list", AddItems(("eggs",))),
        # "no" alone before a number (a fourteenth trial's went to the model, which told of
        # a pizza, no timer set)
        ("set a timer for 10 mins no 12", SetTimer(None, 720.0)),
        ("remind me at 5 to say sorry no 6", Remind("say sorry", dt.datetime(2026, 12, 7, 18, 0))),
    ],
)
def test_a_change_of_mind_typed_without_a_comma_is_read(said: str, meant: object) -> None:
    assert phrases.parse(said, dt.datetime(2026, 12, 6, 22, 0)) == meant


def test_no_said_of_an_item_is_no_change_of_mind() -> None:  # the control
    assert phrases.parse("add no salt crisps to the list", NOW) == AddItems(("no salt crisps",))
    assert phrases.parse("add no 7 hair dye to the list", NOW) == AddItems(("no 7 hair dye",))


@pytest.mark.parametrize(
    ("said", "meant"),
    [
        # why, then "so" and the command, typed with no comma: read as one statement before
        ("we're low on milk so add milk to the list", AddItems(("milk",))),
        ("the plumber is coming so set a timer for 10 minutes", SetTimer(None, 600.0)),
    ],
)
def test_a_command_after_why_and_so_is_read(said: str, meant: object) -> None:
    assert phrases.parse(said, NOW) == meant


def test_a_timer_of_no_length_asks_for_one() -> None:
    # a thirteenth trial's "set a timer for 0 minutes" got the model's "I'll give you 10
    # minutes", no timer set
    assert phrases.parse("set a timer for 0 minutes", NOW) == phrases.AskTimerLength(None)
    assert phrases.parse("set a timer for 10 minutes", NOW) == SetTimer(None, 600.0)  # control


@pytest.mark.parametrize(
    "said",
    [
        # a review's: each set 12 hours off, or against a day word, by a first version
        "remind me at 1 night feed",
        "remind me at 12 night feed",
        "remind me at 12 morning meds",
        "remind me tonight at 11 morning meds",
    ],
)
def test_a_part_of_the_day_that_cannot_hold_the_time_sets_nothing(said: str) -> None:
    assert phrases.parse(said, dt.datetime(2026, 12, 9, 10, 0)) is None


@pytest.mark.parametrize(
    ("said", "meant"),
    [
        # a review's: "no wait" or "or rather" with nothing put right after it is the
        # errand's own words, never the command dropped whole
        (
            "remind me at 6 to call mum no wait dad",
            Remind("call mum no wait dad", dt.datetime(2026, 12, 9, 18, 0)),
        ),
        # a day put right keeps the time of day, whatever day it is said on
        (
            "remind me tuesday at 10 about the dentist no wait thursday",
            Remind("about the dentist", dt.datetime(2026, 12, 10, 10, 0)),
        ),
    ],
)
def test_a_change_of_mind_with_nothing_put_right_keeps_the_command(
    said: str, meant: object
) -> None:
    assert phrases.parse(said, dt.datetime(2026, 12, 9, 10, 0)) == meant


@pytest.mark.parametrize(
    "said",
    [
        # a review's: cooking steps after "so" went on the list
        "the water is boiling so add the pasta",
        "the onions are soft so add the garlic",
        "we went to the shop so add nothing",
    ],
)
def test_a_cooking_step_after_so_is_no_list_command(said: str) -> None:
    assert phrases.parse(said, NOW) is None


def test_a_time_and_other_words_cancel_no_reminder() -> None:
    # a review's: "i don't need the 7am train anymore" cancelled the meds reminder due then
    assert not isinstance(phrases.parse("i don't need the 7am train anymore", NOW), CancelReminder)
    assert phrases.parse("get rid of milk from the list", NOW) == RemoveItems(("milk",))
    assert phrases.parse("add wake up coffee", NOW) == AddItems(("wake up coffee",))
    assert phrases.parse("set the pasta timer for 0 minutes", NOW) == phrases.AskTimerLength(
        "pasta"
    )


@pytest.mark.parametrize(
    ("said", "now", "at"),
    [
        # a third review's: a time put right the nearest way round the clock, never noon
        # for midnight
        (
            "remind me at 11pm to take the bins out, no wait, 12",
            dt.datetime(2026, 12, 9, 22, 0),
            dt.datetime(2026, 12, 10, 0, 0),
        ),
        (
            "remind me at 1am to take the bins out, no wait, 11",
            dt.datetime(2026, 12, 9, 10, 0),
            dt.datetime(2026, 12, 9, 23, 0),
        ),
    ],
)
def test_a_time_put_right_keeps_to_the_clock_round(
    said: str, now: dt.datetime, at: dt.datetime
) -> None:
    command = phrases.parse(said, now)
    assert isinstance(command, Remind) and command.at == at


def test_an_alarm_at_a_time_cancels_no_reminder() -> None:
    # a third review's: "i dont need the 7am alarm anymore" cancelled the meds due at 7
    assert not isinstance(phrases.parse("i dont need the 7am alarm anymore", NOW), CancelReminder)


@pytest.mark.parametrize(
    "said",
    [
        # the second timer said without its verb, its unit the first's (a twelfth
        # session's set neither)
        "set a chips timer for 20 mins and a timer for the fish for 8",
        "set a timer for 20 mins for the chips and one for 8 for the fish",
        "timer for 20 mins for chips and 8 for the fish",
    ],
)
def test_a_second_timer_said_short_is_a_second_timer(said: str) -> None:
    assert phrases.parse(said, NOW) == phrases.Both(
        phrases.SetTimer("chips", 1200.0), phrases.SetTimer("fish", 480.0)
    )


def test_a_timer_and_a_half_is_still_one_timer() -> None:  # the control
    assert phrases.parse("set a timer for 10 minutes and a half", NOW) == phrases.SetTimer(
        None, 630.0
    )
    assert phrases.parse("set a timer for 10 minutes and add eggs", NOW) == phrases.Both(
        phrases.SetTimer(None, 600.0), phrases.AddItems(("eggs",))
    )  # an add after "and" is the list's, never a second timer


@pytest.mark.parametrize(
    ("said", "items"),
    [
        # whom or what for, after what ran out, is no item (a twelfth session's went to the
        # model); and said first, before "add" (the same)
        ("we're out of cat food for biscuit", ("cat food",)),
        ("we need nappies for the baby", ("nappies",)),
        (
            "for the party add crisps, dips and lemonade to the shopping list",
            ("crisps", "dips", "lemonade"),
        ),
        ("for sam's lunch, put apples on the list", ("apples",)),
    ],
)
def test_what_the_things_are_for_is_no_item(said: str, items: tuple[str, ...]) -> None:
    assert phrases.parse(said, NOW) == phrases.AddItems(items)


def test_what_is_out_for_someone_and_is_no_shopping_stays_unread() -> None:  # the controls
    assert phrases.parse("we're out of time for this", NOW) is None
    assert phrases.parse("we need a plan for the weekend", NOW) is None
    assert phrases.parse("for the party we need a plan", NOW) is None


def test_someone_reminded_about_a_thing_is_told_of_it() -> None:
    # "remind aoife about the midwife on thursday at 9am" went to the model (a twelfth
    # session's): the household is reminded to remind her, as with "remind femi to …"
    command = phrases.parse("remind aoife about the midwife on thursday at 9am", NOW)
    assert isinstance(command, phrases.Remind)
    assert command.what == "remind aoife about the midwife"
    assert command.at.weekday() == 3 and (command.at.hour, command.at.minute) == (9, 0)


def test_someone_reminded_about_it_names_nothing() -> None:  # the control
    assert not isinstance(phrases.parse("remind her about it", NOW), phrases.Remind)


def test_the_something_one_is_a_record_pointed_at_never_an_item() -> None:
    # "delete the bank one" had put "bank one" on the list (a held-out split's)
    assert phrases.parse("delete the bank one", NOW) is None
    assert phrases.parse("delete the bananas from the list", NOW) == phrases.RemoveItems(
        ("bananas",)
    )  # the control


@pytest.mark.parametrize(
    ("said", "command"),
    [
        # a name for whoever is told, last and with no comma (a held-out split's and a
        # sixteenth trial's each went to the model, or named the timer "mate")
        ("set a timer for 10 minutes mate", SetTimer(None, 600.0)),
        ("add nappies to the list mate", AddItems(("nappies",))),
        ("could you add a small loaf please dear", AddItems(("small loaf",))),
        ("kill the onions timer mate", CancelTimer("onions")),
        # the controls: a thing's own word stays ("yerba mate"), as does "dear" after "oh"
        ("add yerba mate to the list", AddItems(("yerba mate",))),
    ],
)
def test_a_name_for_whoever_is_told_is_no_part_of_the_command(said: str, command: object) -> None:
    assert parse(said, NOW) == command


@pytest.mark.parametrize(
    ("said", "command"),
    [
        # Scots, Irish and Australian English (a held-out split's each went to the model)
        ("och we're clean oot o tatties, pit some on the list hen", AddItems(("tatties",))),
        ("gie us a timer fur the tatties, twenty minutes", SetTimer("tatties", 1200.0)),
        ("hoo lang's left on the tatties", TimerStatus("tatties")),
        ("r there any reminders on thursday", ListReminders(None, "thursday")),
        ("whit's on the list noo", ReadList()),
        ("add milk an eggs an bread", AddItems(("milk", "eggs", "bread"))),
        ("pit oatcakes an haggis on the list", AddItems(("oatcakes", "haggis"))),
        ("would ya ever add a sliced pan to the list there", AddItems(("sliced pan",))),
        ("would ya ever set a timer for 10 minutes there", SetTimer(None, 600.0)),
        ("chuck a 25 minute timer on for the pav", SetTimer("pav", 1500.0)),
        ("mate add snags to the list", AddItems(("snags",))),
        ("ad tomatos to the lsit", AddItems(("tomatos",))),
        # the controls: each word where it is its own ("an onion", "an hour", the cherry's
        # pit, a cat's fur, "give us a shout")
        ("add an onion to the list", AddItems(("onion",))),
        ("set a timer for an hour", SetTimer(None, 3600.0)),
        ("the cherry pit is in the bin", None),
        ("give us a hand", None),
    ],
)
def test_a_command_said_in_scots_irish_or_australian_english(said: str, command: object) -> None:
    assert parse(said, NOW) == command


@pytest.mark.parametrize(
    ("said", "items"),
    [
        # things said without commas, each its own (a held-out split's "add milk eggs and
        # bread" put "milk eggs" on the list, and "take the eggs off" took the whole of it)
        ("add milk eggs and bread", ("milk", "eggs", "bread")),
        ("add milk bread eggs and bananas", ("milk", "bread", "eggs", "bananas")),
        ("need bread milk and teabags", ("bread", "milk", "teabags")),
        ("add coffee add dish soap add bin bags", ("coffee", "dish soap", "bin bags")),
        ("please add to list one kefir and two sour cream", ("1 kefir", "2 sour cream")),
        ("add monster energy to the list n doritos ty", ("monster energy", "doritos")),
        (
            "right so we need um onions carrots a bag of rice and uh what else oh yeah garlic",
            ("onions", "carrots", "bag of rice", "garlic"),
        ),
        # the controls: one thing of two words stays whole, as does a word no list knows
        ("add cream cheese and strawberry yoghurt", ("cream cheese", "strawberry yoghurt")),
        ("add oat milk eggs", ("oat milk", "eggs")),
        ("add cat food and quorn mince", ("cat food", "quorn mince")),
    ],
)
def test_things_said_without_commas_are_each_their_own(said: str, items: tuple) -> None:
    assert parse(said, NOW) == AddItems(items)


def test_need_alone_adds_only_a_list() -> None:
    """ "need coffee" may be a wish; "need bread milk and teabags" is a list."""
    assert parse("need coffee", NOW) is None
    assert parse("we need coffee", NOW) == AddItems(("coffee",))
    assert parse("and the kids want crisps", NOW) is None
    assert parse("add eggs to the list and the kids want crisps", NOW) is None


def test_how_many_on_the_list_is_counted() -> None:
    assert parse("how many things are on the list", NOW) == ReadList(counted=True)
    assert parse("what's on the list", NOW) == ReadList()


@pytest.mark.parametrize(
    ("said", "command"),
    [
        # as a held-out split said them (each went to the model, or lost its name)
        ("10 min timer for the rice", SetTimer("rice", 600.0)),
        ("90 secs timer for the eggs", SetTimer("eggs", 90.0)),
        ("set one timer for the spuds for 20 minutes", SetTimer("spuds", 1200.0)),
        (
            "the brown bread needs to come out in 45 minutes, would ya time that for me",
            SetTimer("brown bread", 2700.0),
        ),
        ("add anither 10 minutes tae the mince timer", AddTime("mince", 600.0)),
        # the controls: "one" after a length is still a timer's; a length alone sets none
        ("and a 3 minute one for the eggs", SetTimer("eggs", 180.0)),
        ("the brown bread needs to come out in 45 minutes", None),
    ],
)
def test_timers_said_as_a_household_says_them(said: str, command: object) -> None:
    assert parse(said, NOW) == command


def test_now_after_a_timer_asked_of_is_no_part_of_its_name() -> None:
    assert parse("how long left on the lasagne now", NOW) == TimerStatus("lasagne")
    # the control: "for now" is no word said after a request, and stays
    assert without_tail("we'll leave it for now") == "we'll leave it for now"


@pytest.mark.parametrize(
    ("said", "command"),
    [
        # as a sixteenth outside trial's household typed or said them (each went to the
        # model, or did the wrong thing)
        ("chuck another five minutes on the snags timer", AddTime("snags", 300.0)),
        ("timer potatoes 20 minutes", SetTimer("potatoes", 1200.0)),
        ("timer 45 minutes chicken in oven", SetTimer("chicken", 2700.0)),
        ("timer stop", CancelTimer(None)),
        ("how many timers are running", TimerStatus(None)),
        ("what are my reminders", ListReminders(None)),
        ("is on the list the dill?", CheckItem("dill")),
        ("did we get the tofu", CheckItem("tofu", bought=True)),
        ("add please kefir", AddItems(("kefir",))),
        ("were out of coffee mate add it to the list", AddItems(("coffee",))),
        ("reckon we need more nappies add nappies", AddItems(("nappies",))),
        ("add vegan cheese 2 the list", AddItems(("vegan cheese",))),
        ("is there anything vegan on the list lol", ReadList()),
        ("put the list back how it was", UndoLast("item", undoes=True)),
        ("milk", AskAddItems(("milk",))),
        ("bread milk", AskAddItems(("bread", "milk"))),
        # the controls: a new timer is still set by "another", a length alone is still a
        # timer's, a word no list holds is no thing to ask of, stuff is nothing to buy
        ("set another timer for 5 minutes", SetTimer(None, 300.0)),
        ("timer for 20 minutes", SetTimer(None, 1200.0)),
        ("add stuff to the list", None),
        ("hello", None),
        ("remind me 2 days before", None),
    ],
)
def test_a_sixteenth_trials_household_commands(said: str, command: object) -> None:
    assert parse(said, NOW) == command


def test_remind_me_about_said_short_and_arvo_are_read() -> None:
    abt = parse("remind me abt the concert wed at 6", NOW)
    assert isinstance(abt, Remind) and abt.what == "about the concert"
    arvo = parse("remind me tomorrow arvo to ring the bank", NOW)
    assert "arvo" not in str(arvo) and "afternoon" in str(arvo)


@pytest.mark.parametrize(
    ("said", "command"),
    [
        # a review's of the first version: one thing of two words kept whole, Scots "o"
        ("pit some tattie scones on the list", AddItems(("tattie scones",))),
        ("pit a bag o sugar on the list", AddItems(("bag of sugar",))),
        ("add bread jam and butter", AddItems(("bread", "jam", "butter"))),  # the control
        ("did we get a letter", None),  # no thing to buy
    ],
)
def test_a_reviews_list_phrasings(said: str, command: object) -> None:
    assert parse(said, NOW) == command


@pytest.mark.parametrize(
    ("said", "command"),
    [
        # a seventeenth trial's (Glasgow): each went to the board or the model
        (
            "gonnae put milk, tatties and a wee bit of butter on the messages",
            AddItems(("milk", "tatties", "butter")),
        ),
        ("can ye add tatties tae the list", AddItems(("tatties",))),
        ("take monster energy off the list, hes not having that", RemoveItems(("monster energy",))),
        ("is haggis on the list at present", CheckItem("haggis")),
        # the controls: "tae kwon do", "hello love" alone
        ("tae kwon do is on tuesday", None),
        ("hello love", None),
    ],
)
def test_a_seventeenth_trials_list_phrasings(said: str, command: object) -> None:
    assert parse(said, NOW) == command


def test_days_said_with_no_comma_are_each_a_day_of_the_repeat() -> None:
    """ "every monday tuesday and wednesday at 7pm" (a seventeenth trial's got the model)."""
    said = parse("remind me every monday tuesday and wednesday at 7pm to take the bins", NOW)
    assert isinstance(said, Remind) and said.every == "monday tuesday wednesday"
    control = parse("remind me every monday morning at 8 to ring gran", NOW)
    assert isinstance(control, Remind) and control.every == "monday"


@pytest.mark.parametrize(
    "said", ["how are the kids getting on", "how are the grandparents getting on"]
)
def test_the_household_s_people_are_asked_after_never_timed(said: str) -> None:
    """family.py's groups: people, never a timer's name ("There is no kids timer running.")."""
    assert phrases.parse(said, NOW) is None


@pytest.mark.parametrize(
    ("said", "name"),
    [("how are the spuds getting on", "spuds"), ("how is the fish getting on", "fish")],
)
def test_a_timer_is_asked_after_by_its_name(said: str, name: str) -> None:  # the control
    asked = phrases.parse(said, NOW)
    assert asked is not None and asked.name == name


# A twenty-second trial's (Winnipeg) list and timer phrasings, each beside its control.
@pytest.mark.parametrize(
    ("said", "items"),
    [
        ("take off cheerios we have some", ("cheerios",)),
        ("and remove the peanut butter if it's there", ("peanut butter",)),
    ],
)
def test_taking_off_said_first_or_with_if_it_s_there(said: str, items: tuple[str, ...]) -> None:
    assert phrases.parse(said, NOW) == RemoveItems(items)


@pytest.mark.parametrize("said", ["take off the heat", "take off the lid", "take off your coat"])
def test_taking_off_the_heat_or_a_coat_is_no_list(said: str) -> None:
    assert phrases.parse(said, NOW) is None  # the control


@pytest.mark.parametrize("said", ["how long left on all my timers", "whats left on all timers"])
def test_all_the_timers_asked_after_is_every_timer(said: str) -> None:
    assert phrases.parse(said, NOW) == TimerStatus(None)


def test_a_timer_named_is_still_that_timer() -> None:
    assert phrases.parse("how long left on the rice timer", NOW) == TimerStatus("rice")


@pytest.mark.parametrize(
    "said",
    ["remind me on dec 17 at 8pm to pack the bag", "remind me 17 december at 8pm to pack the bag"],
)
def test_a_short_month_and_a_bare_day_is_a_date(said: str) -> None:
    command = phrases.parse(said, NOW)
    assert isinstance(command, Remind) and (command.at.month, command.at.day) == (12, 17)
    assert command.what == "pack the bag"


def test_a_month_s_name_never_takes_a_clock_time() -> None:
    command = phrases.parse("remind me on december 17:30 to pack the bag", NOW)
    assert not isinstance(command, Remind)  # the control: asked when, never the 17th
