"""The panels Hearth can drive: size, ink colours and button layout of each.

Plain data, no hardware import: render.py draws from it and display.py maps a
driver onto it. The colour tables are the ones the inky 2.6 drivers quantise
against (tests compare them with the real driver classes), so an image drawn
in these exact colours survives quantisation pixel for pixel.
"""

from __future__ import annotations

from dataclasses import dataclass

from appliance.errors import ConfigError

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class Palette:
    """The inks of one panel, in the order of the P-mode indices handed to the driver."""

    names: tuple[str, ...]
    colours: tuple[RGB, ...]

    def __post_init__(self) -> None:
        if len(self.names) != len(self.colours):
            raise ValueError("a palette needs one colour per name")

    def rgb(self, name: str) -> RGB:
        return self.colours[self.names.index(name)]

    def index(self, name: str) -> int:
        return self.names.index(name)

    def flat(self) -> list[int]:
        """The palette as Pillow's putpalette() wants it: r, g, b, r, g, b, ..."""
        return [channel for colour in self.colours for channel in colour]


# The 7-colour ACeP Impressions: the driver's _palette_blend(0.5), i.e. halfway
# between its "saturated" (measured) and "desaturated" (ideal) colours. Index =
# the controller's colour number (0 black, 1 white, 2 green, 3 blue, 4 red,
# 5 yellow, 6 orange), so a P-mode image goes to the panel as it is.
_ACEP_NAMES = ("black", "white", "green", "blue", "red", "yellow", "orange")
UC8159_PALETTE = Palette(
    _ACEP_NAMES,
    (
        (28, 24, 28),
        (255, 255, 255),
        (29, 173, 35),
        (30, 29, 174),
        (205, 36, 37),
        (231, 222, 35),
        (216, 123, 36),
    ),
)
AC073TC1A_PALETTE = Palette(
    _ACEP_NAMES,
    (
        (0, 0, 0),
        (236, 248, 255),
        (1, 189, 38),
        (13, 23, 226),
        (250, 40, 17),
        (255, 255, 34),
        (247, 130, 22),
    ),
)
# Spectra 6: the driver takes a P-mode image with exactly these six pure
# colours as already quantised (no dither) and remaps index 4, 5 to the
# controller's 5, 6 itself.
SPECTRA_PALETTE = Palette(
    ("black", "white", "yellow", "red", "blue", "green"),
    ((0, 0, 0), (255, 255, 255), (255, 255, 0), (255, 0, 0), (0, 0, 255), (0, 255, 0)),
)


@dataclass(frozen=True)
class PanelModel:
    """One supported panel: what render.py needs to draw for it and display.py to drive it."""

    key: str  # the name used in settings (panel_model = "impression-7.3")
    title: str  # what a person reads
    size: tuple[int, int]
    driver: str  # the inky module that drives it
    palette: Palette
    layout: str  # the button layout in hardware/pinout.toml

    @property
    def width(self) -> int:
        return self.size[0]

    @property
    def height(self) -> int:
        return self.size[1]


MODELS: dict[str, PanelModel] = {
    m.key: m
    for m in (
        PanelModel(
            "impression-5.7",
            'Inky Impression 5.7" (7-colour)',
            (600, 448),
            "inky_uc8159",
            UC8159_PALETTE,
            "impression",
        ),
        PanelModel(
            "impression-4",
            'Inky Impression 4" (7-colour)',
            (640, 400),
            "inky_uc8159",
            UC8159_PALETTE,
            "impression",
        ),
        PanelModel(
            "impression-7.3",
            'Inky Impression 7.3" (7-colour)',
            (800, 480),
            "inky_ac073tc1a",
            AC073TC1A_PALETTE,
            "impression",
        ),
        PanelModel(
            "spectra-7.3",
            'Inky Impression 7.3" (Spectra 6)',
            (800, 480),
            "inky_e673",
            SPECTRA_PALETTE,
            "spectra",
        ),
        PanelModel(
            "spectra-4",
            'Inky Impression 4" (Spectra 6)',
            (600, 400),
            "inky_e640",
            SPECTRA_PALETTE,
            "spectra",
        ),
        PanelModel(
            "spectra-13.3",
            'Inky Impression 13.3" (Spectra 6)',
            (1600, 1200),
            "inky_el133uf1",
            SPECTRA_PALETTE,
            "spectra-13",
        ),
    )
}

# What the PNG sink draws when no panel is named: the common 7.3" Spectra.
DEFAULT_MODEL = "spectra-7.3"


def model_named(key: str) -> PanelModel:
    try:
        return MODELS[key]
    except KeyError:
        raise ConfigError(
            f"unknown panel_model {key!r}; use auto, png, or one of {', '.join(MODELS)}"
        ) from None


def model_for_driver(module: str, size: tuple[int, int]) -> PanelModel:
    """The model a driver found by inky.auto() is, or a clear refusal (wHAT, pHAT)."""
    for model in MODELS.values():
        if model.driver == module.rsplit(".", 1)[-1] and model.size == tuple(size):
            return model
    raise ConfigError(
        f"the panel found ({module} {size[0]}x{size[1]}) is not one Hearth supports: it needs "
        f'an Inky Impression with buttons ({", ".join(MODELS)}); set panel_model = "png" '
        "to draw to a file instead"
    )
