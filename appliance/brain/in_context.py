"""The router's route, read once more against what the thread and memory hold.

The router reads the words alone (router.py). Some words cannot be told apart without the
household: "and Kemi?" asks the thread's last question again; "can I give Biscuit
chocolate?" asks of a dog where memory says Biscuit is one; "can rosa have scrambled egg"
is answered from her diet where memory holds one; "I think Miko ate some peanuts" is his
allergy's where one is kept; "scratch that" after a card takes that card back.
"""

from __future__ import annotations

from dataclasses import replace

from appliance.brain import can_have, corrections, router
from appliance.brain.ate_it import ate_what_they_cannot_have
from appliance.brain.devices import AN_ANIMAL_UNWELL, FED_TO_A_PET
from appliance.brain.follow_up import (
    asked_again_of,
    asks_of_someone_by_a_pronoun,
    is_asked_again,
    of_the_one_named,
    where_again,
)
from appliance.brain.known import words_said
from appliance.brain.people import as_their_kind
from appliance.brain.remind_me_what import as_question
from appliance.brain.routes import RuleRoutes
from appliance.brain.threads import Threads
from appliance.kitchen.ask import vocabulary as kitchen_words
from appliance.memory import Memory

# The vet's lines: what a pet named by its name is asked of as the animal it is
_AN_ANIMALS = frozenset({FED_TO_A_PET.name, AN_ANIMAL_UNWELL.name})
# Routes a question of what someone may eat can be given, read whole: none that works a
# record, rings for help or speaks of an animal
_MAY_ASK_OF_A_DIET = frozenset({"chat", "recall", "kitchen", "overview"})
# Routes a remark that someone ate something may be given, read whole: none that works a
# record or rings for help with signs already showing
_MAY_BE_SAID_EATEN = frozenset(
    {"chat", "statement", "a maybe", "recall", "overview", "kitchen", "courtesy", "ate an allergen"}
)


# Asked what a pet may have, or said to have eaten, with what it must not have kept
PET_KEPT = "pet kept"


class InContext:
    """Reads a route against the thread and memory (read once per change of memory)."""

    def __init__(
        self, intents: router.Router, routes: RuleRoutes, threads: Threads, memory: Memory
    ) -> None:
        self.router = intents
        self.routes = routes
        self.threads = threads
        self.memory = memory

    def route(self, route: router.Route, text: str, typed: str, thread: str) -> router.Route:
        """The router's route, read once more against what the thread and memory hold: the
        words alone cannot tell these apart."""
        if (
            route.kind in ("recall", "overview", "chat")
            and is_asked_again(text)  # the words first: the thread is read only for these
            and (again := self._asked_again(text, thread))
        ):
            route = router.Route("recall", again, thread=thread)  # "and Kemi?" after a question
        if route.kind in ("recall", "overview", "chat") and (
            named := self._of_the_one_named(typed, thread)
        ):
            # "is she vegan" after "what does Lina hate": asked of Lina (a sixteenth trial's
            # got the model's "She is a vegetarian…"); memory answers, or says it doesn't know
            route = router.Route("recall", named, thread=thread)
        if (pets := self.routes.known.now().pets) and route.kind not in _AN_ANIMALS:
            # "can I give Biscuit chocolate?" with "Biscuit is our dog" kept: asked as of the
            # dog it is (a ninth trial's got the model, which read Biscuit as a biscuit)
            as_pet = as_their_kind(typed, pets, kitchen_words())
            if as_pet != typed and (kind := self.router.route(as_question(as_pet)).kind) in (
                _AN_ANIMALS
            ):
                if self._diet_of_someone_named(typed):
                    # "Bramble ate a grape, what do I do?" with "Bramble the dog must not have
                    # grapes" kept: that fact, and the vet (a twentieth trial's got only the
                    # fact, or "I've been told nothing of what Bramble can't have")
                    return router.Route(PET_KEPT, typed, thread=thread)
                route = router.Route(kind, typed, thread=thread)
        if route.kind in _MAY_BE_SAID_EATEN and self._diet_of_someone_named(typed):
            # "I think Miko ate some peanuts" with his peanut allergy kept: his fact and what
            # to watch for (an eleventh trial's got the model's "didn't understand")
            found = ate_what_they_cannot_have(typed, self.memory.facts("live"))
            if found is not None:
                return router.Route("ate it", typed, thread=thread)
        if (
            route.kind in ("kitchen", "chat", *_AN_ANIMALS)
            # memory is read only for a question of that shape, never on every turn
            and can_have.asks_of_them(typed)
            and can_have.allergy_kept(typed, self.memory.facts("live"), self.routes.known_names())
        ):
            # "can she have scrambled egg" with "Ezinne is allergic to eggs." kept: the
            # allergy, before a small child's row ("From around 6 months, yes", a review's)
            # (before "who is she?": a review's lost Zoe's allergy to "can she have satay")
            return router.Route("allergy kept", typed, thread=thread)
        if (
            route.kind in _MAY_ASK_OF_A_DIET
            and (said := can_have.asked_by_whoever(typed)) is not None
            and can_have.diets_naming(said.food, self.memory.facts("live"))
        ):
            # "can I have peanuts?" with Jack's peanut allergy kept: who asks is not known, so
            # every diet naming the food (a twentieth trial's went to the model); with none,
            # "can I have a grape?" is the world's
            return router.Route("can have", typed, thread=thread)
        if (
            route.kind in _MAY_ASK_OF_A_DIET
            and can_have.asked(typed, self.routes.known_names())
            # with no diet kept, the kitchen's row where it has one ("can I give Oisin
            # peanuts?")
            and (route.kind != "kitchen" or self._diet_of_someone_named(typed))
        ):
            # "can rosa have scrambled egg": what memory holds of her diet, never the model's
            # yes (a tenth trial's got "Rosa has scrambled egg.", with her egg allergy kept)
            return router.Route("can have", typed, thread=thread)
        if route.kind == "kitchen" and self._diet_of_someone_named(typed):
            # "can Tamsin have peanuts?" with "Tamsin is allergic to peanuts." kept: memory's,
            # before a small child's row (a review's got "…fine crushed, ground or as a smooth
            # nut butter")
            route = router.Route("recall", typed, thread=thread)
        if (
            route.kind in ("chat", "statement")
            and (cited := self.routes.cited.get(thread))
            and (swapped := corrections.swapped(typed, self.routes.live(cited))) is not None
        ):
            # "no wait, thursday not tuesday" after a fact was kept or read: that fact put
            # right, proposed for Keep (a thirteenth trial's got "didn't understand")
            return router.Route("correct", swapped, replaces=True, thread=thread)
        if (
            route.kind == "courtesy"
            and self.routes.carded.get(thread)
            and router.forgets_what_was_just_said(typed)
        ):
            # "never mind", "ignore that" after a card: that card off the board (a review's
            # stayed); after a fact read out they drop the topic, no more
            route = router.Route("correct", "", thread=thread)
        if route.kind == "undo" and (
            self.routes.cited.get(thread) or self.routes.carded.get(thread)
        ):
            if router.forgets_what_was_just_said(typed):
                # "scratch that" after "remember that Gran is hard of hearing": the fact the
                # last answer kept or carded, not the household's last change (a trial's got
                # "Cancel what?")
                route = router.Route("correct", "", thread=thread)
            elif self.routes.cited.get(thread) and (put_right := router.said_wrong(typed)):
                # "scratch that, she's a size 3 now" (an eleventh trial's got "Cancel what?")
                route = replace(put_right, thread=thread)
        return route

    def _diet_of_someone_named(self, text: str) -> bool:
        """Whether `text` names someone memory holds a diet or health fact about (read once
        per change of memory, known.py)."""
        return bool(words_said(text) & self.routes.known.now().with_a_diet)

    def _of_the_one_named(self, text: str, thread: str) -> str | None:
        """`text` asked of the one person the thread last named, where it asks by a pronoun."""
        if not asks_of_someone_by_a_pronoun(text):
            return None  # the words first: the thread is read only for these
        # whom the household named, in its last two messages: never a name Hearth's own
        # answer holds ("…nurse at the Royal Infirmary" names a place; a model's reply names
        # anything), and a world question between is passed over (a held-out split's "ok
        # and is she allergic to anything" after "is marta vegan" and a question of vegans)
        asked = [m.text for m in self.threads.recent(thread, 6) if m.role == "user"]
        return of_the_one_named(text, asked[-2:], self.routes.known_names())

    def _asked_again(self, text: str, thread: str) -> str | None:
        """The thread's last question, asked of the person `text` names ("and Kemi?")."""
        asked = [m for m in self.threads.recent(thread, 12) if m.role == "user"]
        # "and Femi?" after "and Kemi?": both ask the question before them
        while asked and asked[-1].route == "recall" and is_asked_again(asked[-1].text):
            asked.pop()
        if not asked or asked[-1].route != "recall":
            return None
        return asked_again_of(text, asked[-1].text, self.routes.known_names()) or where_again(
            text, asked[-1].text
        )
