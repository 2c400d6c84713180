"""Things a shop sells, named in one word, and the pairs of them that name one thing: how a
list said without commas is told apart ("add milk eggs and bread" is three things; "cream
cheese" and "apple juice" are one each).

A held-out split's "add milk eggs and bread" put "milk eggs" on the list, and "take the eggs
off" then took the whole of it. A run of words is split only when every word is a thing of
its own here and no two of them make one thing together; a word not here ("dish soap",
"cat food", "monster energy") keeps the run whole, as said.
"""

from __future__ import annotations

from functools import cache

from appliance.household.store import item_key

# One word, one thing to buy (plural forms are read by `_one`): a household's shop
_THINGS = """
milk bread egg butter cheese yoghurt yogurt cream flour sugar salt pepper rice pasta
noodle spaghetti penne oat porridge cereal cornflake granola muesli tea coffee teabag
juice water lemonade coke squash beer wine cider lager gin vodka whisky prosecco
apple banana pear plum orange lemon lime grape strawberry raspberry blueberry melon
mango pineapple peach nectarine kiwi cherry clementine satsuma tangerine avocado apricot
date fig raisin sultana
potato spud tattie onion carrot garlic ginger leek celery cucumber tomato lettuce
spinach kale cabbage broccoli cauliflower sprout courgette aubergine pepper mushroom
pea bean sweetcorn corn parsnip turnip swede beetroot radish asparagus chilli herb
basil parsley coriander mint thyme rosemary
chicken beef pork lamb mince sausage bacon ham turkey salmon tuna cod haddock prawn
fish steak chorizo salami pepperoni gammon
tofu quorn hummus houmous lentil chickpea couscous quinoa
biscuit cracker crisp crumpet muffin scone bagel croissant wrap tortilla pitta naan
cake chocolate sweet jam marmalade honey peanut nut almond cashew walnut pistachio
ketchup mayo mayonnaise mustard vinegar oil gravy stock pesto passata soup
ice icecream custard jelly
toothpaste shampoo conditioner soap deodorant razor nappy wipe tissue sponge bleach
detergent foil clingfilm battery candle lightbulb kefir oatcake haggis doritos pringles
snag tinny
"""

# Said together they name one thing: "cream cheese", "apple juice", "peanut butter"
_ONE_THING_OF_TWO = """
cream cheese|cottage cheese|goat cheese|goats cheese|ice cream|sour cream|double cream|
single cream|whipped cream|clotted cream|apple juice|orange juice|grape juice|lemon juice|
lime juice|tomato juice|pineapple juice|cranberry juice|peanut butter|almond butter|
cashew butter|garlic bread|banana bread|soda bread|oat milk|almond milk|soya milk|soy milk|
coconut milk|rice milk|goat milk|cashew milk|chocolate milk|milk chocolate|coconut cream|
chicken stock|beef stock|fish stock|veg stock|chicken soup|tomato soup|pea soup|
tomato sauce|soy sauce|chilli sauce|apple sauce|fish sauce|pasta sauce|cheese sauce|
mint sauce|bread sauce|cranberry sauce|tomato puree|garlic puree|ginger puree|
chicken breast|chicken thigh|chicken wing|chicken nugget|fish finger|fish cake|
pork chop|lamb chop|beef mince|pork mince|lamb mince|turkey mince|chicken mince|
sausage roll|bread roll|cheese roll|mince pie|apple pie|pork pie|chicken pie|fish pie|
egg noodle|rice noodle|rice cake|oat cake|corn flake|rice krispie|chocolate biscuit|
chocolate cake|carrot cake|lemon cake|jam doughnut|strawberry jam|raspberry jam|
apricot jam|orange marmalade|lemon curd|olive oil|sunflower oil|coconut oil|
sesame oil|salad cream|cheese string|cheese slice|ham slice|tuna steak|salmon fillet|
cod fillet|potato waffle|onion ring|spring onion|sweet potato|baked bean|green bean|
kidney bean|butter bean|broad bean|runner bean|black bean|baby corn|corn cob|
chilli flake|garlic salt|celery salt|sea salt|rock salt|icing sugar|brown sugar|
caster sugar|cane sugar|plain flour|bread flour|rice flour|corn flour|self raising|
lemon juice|ginger beer|root beer|tea cake|tea bag|coffee bean|ice lolly|ice pop|
soda water|tonic water|coconut water|sparkling water|still water|chicken nuggets|
dog food|cat food|bin bag|kitchen roll|toilet roll|loo roll|washing up|dish soap|
hand soap|hand wash|shower gel|baby wipe|cotton bud|porridge oat|rolled oat|gravy granule|
stock cube|pizza base|tortilla wrap|pitta bread|naan bread|rich tea|custard cream
"""

# A flavour and what it flavours are one thing too ("strawberry yoghurt", "cheese scones",
# "chicken soup"): the flavour said singular, before one of these
_FLAVOURS = frozenset(
    """
    apple banana pear plum orange lemon lime grape strawberry raspberry blueberry melon mango
    pineapple peach cherry apricot chocolate cheese tomato mushroom chicken beef pork lamb
    vegetable veg fruit honey ginger mint carrot pea onion garlic coconut vanilla caramel
    toffee cranberry blackcurrant rhubarb fish prawn salmon tuna egg ham bacon sausage quorn
    tofu veggie vegan
    """.split()
)
_FLAVOURED = frozenset(
    """
    yoghurt yogurt muffin scone cake biscuit jam juice sauce soup pie crisp cereal custard
    jelly icecream cookie bar tart smoothie squash lolly sandwich pizza quiche pasty roll
    mince sausage burger nugget fillet steak chunk piece slice
    """.split()
)


# Things bought as themselves, never said to flavour another: "bread jam" is two things
_STAPLES = frozenset(
    """
    bread milk butter rice pasta flour sugar salt pepper oil tea coffee water cereal juice jam
    honey cream yoghurt yogurt soap bleach egg cheese ham bacon crisp biscuit
    """.split()
)
# Words a counted thing begins with
_COUNTED = frozenset("a an some two three four five six twelve dozen".split())


def _one(word: str) -> str:
    """A word as the lexicon holds it, by the list's own rule of one and many
    (`store.item_key`): "tomatoes" -> "tomato", "berries" -> "berry", "eggs" -> "egg"."""
    return item_key(word)


@cache
def _flavoured() -> frozenset[str]:
    return frozenset(_one(word) for word in _FLAVOURED)


@cache
def _staples() -> frozenset[str]:
    return frozenset(_one(word) for word in _STAPLES)


@cache
def _things() -> frozenset[str]:
    return frozenset(_one(word) for word in _THINGS.split())


@cache
def _pairs() -> frozenset[tuple[str, str]]:
    pairs = (line.strip() for line in _ONE_THING_OF_TWO.replace("\n", "").split("|"))
    return frozenset(
        (_one(first), _one(second)) for first, second in (pair.split(" ") for pair in pairs if pair)
    )


def things_alone(said: str) -> list[str] | None:
    """The things a message names when it is nothing else ("milk", "bread milk", "cream
    cheese"), or None: a word the table does not hold, or more than four words."""
    words = said.split(" ")
    if not said or len(words) > 4 or any(w[:1].isdigit() for w in words):
        return None  # "sprouts 8 mins" is a timer's (timer_phrases._food_and_length)
    if len(words) == 1:
        return words if _one(words[0]) in _things() else None
    if len(words) == 2 and (_one(words[0]), _one(words[1])) in _pairs():
        return [said]
    return said_apart(said)


def said_apart(run: str) -> list[str] | None:
    """The things a run of words names when said without commas, each as said ("milk eggs"
    -> ["milk", "eggs"]; "oat milk eggs" -> ["oat milk", "eggs"]), or None when the run is
    one thing or a word of it is no thing of its own ("cat food", "monster energy")."""
    words = run.split(" ")
    if len(words) < 2:
        return None
    things: list[str] = []
    i = 0
    while i < len(words):
        if i + 2 < len(words) and words[i + 1] == "free":
            # "sugar free biscuits", "dairy free spread": one thing, never sugar and "free
            # biscuits" (a twentieth trial's list got both)
            things.append(" ".join(words[i : i + 3]))
            i += 3
            continue
        pair = (_one(words[i]), _one(words[i + 1])) if i + 1 < len(words) else None
        if pair is not None and (
            pair in _pairs()
            # a flavour said singular before what it flavours: "strawberry yoghurt", and
            # "tattie scones" (a review's were split), never a staple: "bread jam" is two
            or (
                pair[1] in _flavoured()
                and (words[i] in _FLAVOURS or (words[i] == pair[0] and pair[0] not in _staples()))
            )
        ):
            size = 2
            if (
                i + 2 < len(words)
                and _one(words[i]) not in _things()
                and _one(words[i + 2]) in _things()
                and (pair[1], _one(words[i + 2])) not in _pairs()
            ):
                size = 3  # "self raising flour": a word no thing alone begins one of three
            things.append(" ".join(words[i : i + size]))
            i += size
            continue
        if things and (words[i] in _COUNTED or words[i].isdigit()) and i + 1 < len(words):
            # "onions carrots a bag of rice": a thing counted ends the run, whole
            things.append(" ".join(words[i:]))
            break
        if _one(words[i]) not in _things():
            return None
        things.append(words[i])
        i += 1
    return things if len(things) > 1 else None
