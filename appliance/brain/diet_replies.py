"""What someone may eat, answered from memory: "can Rosa have scrambled egg?", "can she have
egg?", "can Bramble have a grape?", "Miko just had a peanut butter cracker". Memory's facts
word for word, and the kitchen's food-safety row where no fact names the food (agent.py
hands these routes here)."""

from __future__ import annotations

import re

from appliance.brain import can_have, router
from appliance.brain.ate_it import ate_what_they_cannot_have
from appliance.brain.devices import NOT_A_VET
from appliance.brain.emergencies import ATE_AN_ALLERGEN
from appliance.brain.known import DIET, words_said
from appliance.brain.routes import RuleRoutes
from appliance.brain.turn import ReplyStream
from appliance.kitchen.ask import answer as kitchen_answer
from appliance.memory import Memory


class DietReplies:
    """The replies of what someone may eat, from live facts and the kitchen's tables."""

    def __init__(self, memory: Memory, routes: RuleRoutes) -> None:
        self.memory = memory
        self.routes = routes

    def can_have(self, stream: ReplyStream, route: router.Route) -> str:
        """ "can Rosa have scrambled egg?": her diet and health as memory holds them."""
        said = can_have.asked(route.text, self.routes.known_names()) or can_have.asked_by_whoever(
            route.text
        )
        assert said is not None, "the route was made for this very text"
        found = can_have.answer(said, self.memory.facts("live"))
        stream.facts = found.facts
        # the kitchen's food-safety line too, where no fact names the food: "can Oisin have
        # honey", with his dairy allergy kept, still hears honey is not for a baby (a review's
        # lost it); never beside "Tamsin is allergic to peanuts" ("…as a smooth nut butter")
        return _with_the_kitchen_row(found, route.text, of_someone_named=True)

    def allergy_kept(self, stream: ReplyStream, route: router.Route) -> str:
        """ "can she have scrambled egg": the allergy memory holds of that food, word for
        word, before any table's row."""
        found = can_have.allergy_kept(
            route.text, self.memory.facts("live"), self.routes.known_names()
        )
        if found is None:  # memory changed since the route was made
            return can_have.ALLERGY_KEPT
        stream.facts = found.facts
        # asked of no one named: whose allergy it is, and the table's row for whoever it is
        return _with_the_kitchen_row(found, route.text, "For anyone else: ")

    def pet_kept(self, stream: ReplyStream, route: router.Route) -> str:
        """ "can Bramble have a grape?", "Bramble ate a grape, what do I do?": what memory
        holds of what the pet must not have, word for word, and the vet for the rest."""
        # the pet named, never a word shared ("have"): "Nana must not have sugar" is no answer
        # for Bramble (a last reading of this change found it quoted)
        named = words_said(route.text) & set(self.routes.known.now().pets)
        told = [
            f
            for f in self.memory.facts("live")
            if DIET.search(f.text) and named & words_said(f.text)
        ][:2]
        stream.facts = tuple(f.id for f in told)
        said = " ".join(can_have.as_sentence(f.text) for f in told)
        return f"From memory: {said} {NOT_A_VET}" if told else NOT_A_VET

    def ate_it(self, stream: ReplyStream, route: router.Route) -> str:
        """ "miko just had a peanut butter cracker": his allergy as memory holds it, and what
        to watch for."""
        found = ate_what_they_cannot_have(route.text, self.memory.facts("live"))
        if found is None:  # memory changed since the route was made
            return ATE_AN_ALLERGEN
        stream.facts = found.facts
        return found.text


# A row's yes for a baby or a small child: "Yes, from around 6 months: pasteurised full-fat
# cheese…" was said of a 15-year-old's cheddar (a twenty-second trial's), whose age nobody
# told; a row's caution ("Not for a baby under 12 months") stands for anyone
_A_CHILDS_YES = re.compile(r"^(?:yes\b|from around \d+ (?:months?|years?), yes\b)", re.IGNORECASE)


def _with_the_kitchen_row(
    found: can_have.Answer, asked: str, lead: str = "", *, of_someone_named: bool = False
) -> str:
    """Memory's answer of someone's diet, and after it the kitchen's food-safety row for
    what was asked, where no fact named the food; of someone named, never a row's yes."""
    kitchen = None if found.named else kitchen_answer(asked)
    if kitchen is None or kitchen.kind != "safety":
        return found.text
    if of_someone_named and _A_CHILDS_YES.match(kitchen.text):
        return found.text
    return f"{found.text} {lead}{kitchen.text}"
