"""image/check-card on small cards built here: a whole card passes every check, and a card with
one piece missing or wrong fails that check, for every class of check (the table, the FAT's
config, slot-a/, the device trees and overlays, slot-b/, root slot A)."""

from __future__ import annotations

import gzip
import io
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.image import cards
from tests.image.scripts import load_script

check_card = load_script("image/check-card", "hearth_check_card")

pytestmark = pytest.mark.skipif(
    bool(cards.missing_tools()), reason=f"needs {', '.join(cards.missing_tools())}"
)

ARM64_CHECKS = [name for name, _check in check_card.checks_for("arm64")]


def results(image: Path, arch: str = "arm64") -> tuple[bool, dict[str, str]]:
    out = io.StringIO()
    passed = check_card.run(image, arch, out)
    lines = {}
    for line in out.getvalue().splitlines():
        status, rest = line.split(None, 1)
        name, detail = rest.split(": ", 1)
        lines[name] = f"{status} {detail}"
    return passed, lines


def failing(lines: dict[str, str]) -> list[str]:
    return [name for name, line in lines.items() if line.startswith("FAIL")]


@pytest.fixture
def pi_card(tmp_path: Path) -> cards.CardSpec:
    return cards.pi_card(tmp_path)


def test_a_whole_pi_card_passes_every_check_one_line_each(tmp_path, pi_card):
    passed, lines = results(cards.build(pi_card, tmp_path))
    assert failing(lines) == []
    assert passed
    assert list(lines) == ARM64_CHECKS
    assert "disk 0x48454152" in lines["partition table"]
    assert "Linux 7.3.4+deb13-arm64" in lines["slot-a kernel"]
    assert "GPIO 8 left to the panel's driver" in lines["slot-a overlays"]


def test_the_command_exits_non_zero_on_a_failure(tmp_path, pi_card, capsys):
    pi_card.fat["slot.txt"] = b"os_prefix=slot-b/\n"
    assert check_card.main([str(cards.build(pi_card, tmp_path))]) == 1
    assert "FAIL  slot.txt: slot.txt is 'os_prefix=slot-b/\\n'" in capsys.readouterr().out
    assert check_card.main([str(tmp_path / "no-such.img")]) == 2


def partition_four_missing(spec: cards.CardSpec) -> None:
    spec.types = spec.types[:3]


def other_disk_id(spec: cards.CardSpec) -> None:
    spec.disk_id = 0x12345678


def small_boot_partition(spec: cards.CardSpec) -> None:
    spec.boot_mib = 256


def no_pi5_section(spec: cards.CardSpec) -> None:
    config = spec.fat["config.txt"].decode()
    spec.fat["config.txt"] = config.replace("[pi5]", "[pi3]").encode()


def pi4_section_without_the_panel(spec: cards.CardSpec) -> None:
    config = spec.fat["config.txt"].decode()
    spec.fat["config.txt"] = config.replace("dtoverlay=hearth-pi4\n", "").encode()


def slot_txt_naming_slot_b(spec: cards.CardSpec) -> None:
    spec.fat["slot.txt"] = b"os_prefix=slot-b/\n"


def a_trial_armed(spec: cards.CardSpec) -> None:
    spec.fat["trial.txt"] = b"[all]\nos_prefix=slot-b/\n"


def no_trial_include(spec: cards.CardSpec) -> None:
    config = spec.fat["config.txt"].decode()
    spec.fat["config.txt"] = config.replace("include trial.txt\n", "").encode()


def os_prefix_after_include(spec: cards.CardSpec) -> None:
    config = spec.fat["config.txt"].decode()
    config = config.replace("os_prefix=slot-a/\n", "").replace(
        "include slot.txt\n", "include slot.txt\nos_prefix=slot-a/\n"
    )
    spec.fat["config.txt"] = config.encode()


def no_pi4_firmware(spec: cards.CardSpec) -> None:
    del spec.fat["start4.elf"]


def not_an_arm64_kernel(spec: cards.CardSpec) -> None:
    spec.slot("vmlinuz", cards.amd64_kernel())


def initrd_without_the_pi5_sd_driver(spec: cards.CardSpec) -> None:
    names = [f"usr/lib/modules/{cards.KERNEL}/{path}" for path in cards.INITRD_MODULES]
    names = [name for name in names if "sdhci-brcmstb" not in name]
    spec.slot("initrd.img", gzip.compress(cards.cpio(["init", *names])))


def cmdline_by_label(spec: cards.CardSpec) -> None:
    spec.fat["slot-a/cmdline.txt"] = b"console=tty0 root=LABEL=hearth-root rootwait\n"


def no_d0_pi5_tree(spec: cards.CardSpec) -> None:
    spec.slot("bcm2712d0-rpi-5-b.dtb", None)


def pi5_tree_without_rp1(spec: cards.CardSpec, work: Path) -> None:
    tree = cards.dtc(cards.PI5_TREE_WITHOUT_RP1, work, "pi5-skeleton")
    spec.slot("bcm2712-rpi-5-b.dtb", tree)


def pi4_overlay_claiming_the_panels_chip_select(spec: cards.CardSpec, work: Path) -> None:
    """Debian's own pi4-spidev gives GPIO 8 and 7 to the kernel: the Inky driver then
    cannot drive its chip select."""
    source = (cards.REPO / "image" / "pi" / "hearth-pi4.dts").read_text()
    source = source.replace("cs-gpios = <&gpio 7 1>;", "cs-gpios = <&gpio 8 1>, <&gpio 7 1>;")
    spec.slot("overlays/hearth-pi4.dtbo", cards.dtc(source, work, "pi4-spidev-like"))


def pi4_tree_without_the_spi_label(spec: cards.CardSpec, work: Path) -> None:
    tree = cards.dtc(cards.PI4_TREE.replace("spi: spi@", "spi@"), work, "pi4-unlabelled")
    spec.slot("bcm2711-rpi-400.dtb", tree)


def pi5_overlay_without_the_panel_bus(spec: cards.CardSpec, work: Path) -> None:
    source = (cards.REPO / "image" / "pi" / "hearth-pi5.dts").read_text()
    source = source.replace('compatible = "spi-gpio";', 'compatible = "something-else";')
    spec.slot("overlays/hearth-pi5.dtbo", cards.dtc(source, work, "pi5-no-bus"))


def slot_b_not_empty(spec: cards.CardSpec) -> None:
    spec.fat["slot-b/vmlinuz"] = b"stale"


def no_rp1_module(spec: cards.CardSpec) -> None:
    spec.root.pop(f"{cards.MODULES}/kernel/drivers/misc/rp1/rp1_pci.ko.xz")


def root_slot_initrd_differs(spec: cards.CardSpec) -> None:
    spec.root["boot/slot/initrd.img"] = b"another initrd"


def raspi_firmware_hook_live(spec: cards.CardSpec) -> None:
    spec.root[cards.HOOKS[0]] = b"#!/bin/sh\ncp /boot/vmlinuz-* /boot/firmware/\n"


def no_pi5_wifi_nvram(spec: cards.CardSpec) -> None:
    spec.root.pop("usr/lib/firmware/brcm/brcmfmac43455-sdio.raspberrypi,5-model-b.txt")


BREAKAGES: list[tuple[Callable[..., None], str]] = [
    (partition_four_missing, "partition table"),
    (other_disk_id, "partition table"),
    (small_boot_partition, "partition table"),
    (no_pi5_section, "config.txt [pi5]"),
    (pi4_section_without_the_panel, "config.txt [pi4]"),
    (slot_txt_naming_slot_b, "slot.txt"),
    (a_trial_armed, "slot.txt"),
    (no_trial_include, "config.txt [all]"),
    (os_prefix_after_include, "config.txt [all]"),
    (no_pi4_firmware, "Pi 4 firmware"),
    (not_an_arm64_kernel, "slot-a kernel"),
    (initrd_without_the_pi5_sd_driver, "slot-a initrd"),
    (cmdline_by_label, "slot-a cmdline.txt"),
    (no_d0_pi5_tree, "slot-a device trees"),
    (pi5_tree_without_rp1, "Pi 5 tree RP1"),
    (pi4_overlay_claiming_the_panels_chip_select, "slot-a overlays"),
    (pi4_tree_without_the_spi_label, "slot-a overlays"),
    (pi5_overlay_without_the_panel_bus, "Pi 5 panel bus"),
    (slot_b_not_empty, "slot-b"),
    (no_rp1_module, "root A modules"),
    (root_slot_initrd_differs, "root A /boot/slot"),
    (raspi_firmware_hook_live, "root A raspi-firmware"),
    (no_pi5_wifi_nvram, "root A Wi-Fi firmware"),
]


@pytest.mark.parametrize(("breakage", "check"), BREAKAGES, ids=[b.__name__ for b, _ in BREAKAGES])
def test_a_card_with_one_thing_wrong_fails_that_check(tmp_path, pi_card, breakage, check):
    if breakage.__code__.co_argcount == 2:
        breakage(pi_card, tmp_path)
    else:
        breakage(pi_card)
    passed, lines = results(cards.build(pi_card, tmp_path))
    assert not passed
    assert check in failing(lines), lines


def test_every_check_has_a_card_that_fails_it():
    """The negative controls cover each check but the boot partition's label."""
    covered = {check for _breakage, check in BREAKAGES}
    assert set(ARM64_CHECKS) - covered == {"boot partition"}


def test_a_boot_partition_with_another_label_fails(tmp_path, pi_card, monkeypatch):
    monkeypatch.setattr(check_card, "BOOT_LABEL", "HEARTHROOT")
    passed, lines = results(cards.build(pi_card, tmp_path))
    assert failing(lines) == ["boot partition"]


def test_the_amd64_card_is_checked_without_the_pi_checks(tmp_path):
    passed, lines = results(cards.build(cards.amd64_card(), tmp_path), "amd64")
    assert failing(lines) == []
    assert passed
    assert "config.txt [pi5]" not in lines
    assert "Linux 6.12.57+deb13-amd64" in lines["slot-a kernel"]


def test_the_real_overlays_leave_gpio_8_free_and_resolve_against_both_boards(tmp_path):
    """Against the stand-in trees, with the labels the kernel's trees have (checked on the
    real 7.3 trees by the build's fdtoverlay and by check-card on the built card)."""
    pi4 = check_card.parse_fdt(cards.dtc(cards.PI4_TREE, tmp_path, "pi4"))
    pi5 = check_card.parse_fdt(cards.dtc(cards.PI5_TREE, tmp_path, "pi5"))
    for name, board in (("hearth-pi4", pi4), ("hearth-pi5", pi5)):
        source = (cards.REPO / "image" / "pi" / f"{name}.dts").read_text()
        overlay = check_card.parse_fdt(cards.dtc(source, tmp_path, name))
        assert check_card.overlay_problems(overlay, board) == []
        assert 8 not in check_card.kernel_cs_gpios(overlay)
    assert check_card.overlay_problems(overlay, pi4) != []  # the Pi 5's does not fit a Pi 4


def test_a_truncated_tree_is_refused():
    with pytest.raises(ValueError, match="no d00dfeed magic"):
        check_card.parse_fdt(b"not a tree" * 8)


def test_slot_txt_as_the_updater_writes_it_passes(tmp_path, pi_card):
    """The updater's commit adds a comment line (appliance/update/slots.py)."""
    pi_card.fat["slot.txt"] = b"# Written by Hearth's updater: the slot a normal boot starts.\n"
    pi_card.fat["slot.txt"] += b"os_prefix=slot-a/\n"
    _passed, lines = results(cards.build(pi_card, tmp_path))
    assert lines["slot.txt"].startswith("ok ")
