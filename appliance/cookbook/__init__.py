"""The household's cookbook: recipes kept by a person, walked step by step, scaled exactly.

    book = Cookbook.open(data_dir, screen=guard)   # recipes/, recipes/proposed/
    walk = RecipeWalk(book, CookingSessions(data_dir), household)
    walk.answer(cooking_request("let's make nana's flapjacks"))

docs/cookbook.md describes the recipe file, the paste shapes, and the session.
"""

from appliance.cookbook.amounts import Ingredient
from appliance.cookbook.book import AlreadyThere, Cookbook, RecipeFile, RecipeRefused
from appliance.cookbook.paste import NotARecipe, parse_pasted
from appliance.cookbook.phrases import cooking_request
from appliance.cookbook.recipe import Recipe
from appliance.cookbook.request import CookingRequest
from appliance.cookbook.session import Cooking, CookingSessions
from appliance.cookbook.walk import RecipeWalk, StepView

__all__ = [
    "AlreadyThere",
    "Cookbook",
    "Cooking",
    "CookingRequest",
    "CookingSessions",
    "Ingredient",
    "NotARecipe",
    "Recipe",
    "RecipeFile",
    "RecipeRefused",
    "RecipeWalk",
    "StepView",
    "cooking_request",
    "parse_pasted",
]
