"""The words a family calls its own people and animals by, with no name.

One of them ("mum", "nan", "the dog") is FAMILY; several together ("the kids", "the
bairns", "the grandparents") are GROUPS. Both are asked after and spoken of by the brain
(who was told of, small talk, what the model says of the household) and by the household's
own rules ("how are the kids getting on?" asks after people, never a timer), so they are
written here once.
"""

from __future__ import annotations

FAMILY = frozenset(
    """
    grandma granny gran nan nana nanna grandmother grandad granddad grandpa grandfather
    mum mom mummy mommy mother dad daddy father auntie aunt aunty uncle cousin baby kid
    child children son daughter wife husband partner brother sister sibling neighbour
    neighbor cleaner babysitter nanny childminder lodger flatmate housemate twin cat dog
    puppy kitten rabbit hamster guinea pig pet fish tortoise teacher grandchild grandchildren
    grandkid grandson granddaughter wean weans bairn bairns wains wain landlord landlady
""".split()
)

# Several of the household at once, as a family says them.
GROUPS = frozenset(
    """
    family household kids children boys girls twins grandkids grandchildren grandparents
    parents folks bairns weans wains
    """.split()
) | {"little ones"}
