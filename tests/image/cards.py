"""Small card images for image/check-card's tests, made the way image/partition makes the real
one: mkfs.vfat -C and mcopy for the FAT, mkfs.ext4 -d for a root slot, sfdisk on a plain file,
dd into place. No loop device, no mount, no root.

A card is a spec (files by path for the FAT and for root slot A, the table's fields), so a
test can break exactly one thing and build it. Device trees are compiled by dtc: stand-ins for
the kernel's Pi 4 and Pi 5 trees with the labels and nodes the card's overlays use, and the
card's real overlays (image/pi/*.dts).
"""

from __future__ import annotations

import gzip
import os
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from tests.image.scripts import REPO

KERNEL = "7.3.4+deb13-arm64"
MODULES = f"usr/lib/modules/{KERNEL}"
TOOLS = ("mkfs.vfat", "mcopy", "mdir", "mlabel", "mkfs.ext4", "debugfs", "sfdisk", "dtc")
SBIN_PATH = f"{os.environ.get('PATH', '')}:/usr/sbin:/sbin"

PI4_TREE = """/dts-v1/;
/ {
    compatible = "raspberrypi,4-model-b", "brcm,bcm2711";
    model = "Raspberry Pi 4 Model B";
    aliases { serial1 = "/soc/serial@7e215040"; };
    soc {
        serial@7e215040 { };
        gpio: gpio@7e200000 {
            compatible = "brcm,bcm2711-gpio"; gpio-controller; #gpio-cells = <2>;
        };
        spi: spi@7e204000 { compatible = "brcm,bcm2835-spi"; status = "disabled"; };
        i2c1: i2c@7e804000 { compatible = "brcm,bcm2711-i2c"; status = "okay"; };
    };
};
"""

PI5_TREE = """/dts-v1/;
/ {
    compatible = "raspberrypi,5-model-b", "brcm,bcm2712";
    model = "Raspberry Pi 5";
    aliases { serial10 = "/soc@107c000000/serial@7d001000"; };
    soc@107c000000 { serial@7d001000 { }; };
    axi { pcie@1000120000 { pci@0,0 { dev@0,0 { pci-ep-bus@1 {
        rp1_gpio: pinctrl@400d0000 {
            compatible = "raspberrypi,rp1-gpio"; gpio-controller; #gpio-cells = <2>;
        };
        rp1_i2c1: i2c@40074000 { compatible = "snps,designware-i2c"; status = "disabled"; };
        rp1_eth: ethernet@40100000 { compatible = "raspberrypi,rp1-gem"; };
    }; }; }; }; };
};
"""

# trixie's own 6.12 Pi 5 tree: the SoC alone, no RP1.
PI5_TREE_WITHOUT_RP1 = """/dts-v1/;
/ {
    compatible = "raspberrypi,5-model-b", "brcm,bcm2712";
    soc@107c000000 { gpio: gpio@7d508500 { gpio-controller; #gpio-cells = <2>; }; };
};
"""

CONFIG_TXT = (REPO / "image" / "pi" / "config.txt").read_text()
CMDLINE = (
    "console=ttyS1,115200 console=tty0 root=PARTUUID=48454152-02 rauc.slot=A rootwait"
    " fsck.repair=yes net.ifnames=0 rootflags=noatime,errors=remount-ro\n"
)
PI_MODULE_PATHS = (
    "kernel/drivers/misc/rp1/rp1_pci.ko.xz",
    "kernel/drivers/pinctrl/pinctrl-rp1.ko.xz",
    "kernel/drivers/clk/clk-rp1.ko.xz",
    "kernel/drivers/net/ethernet/cadence/macb.ko.xz",
    "kernel/drivers/usb/dwc3/dwc3.ko.xz",
    "kernel/drivers/usb/host/xhci-plat-hcd.ko.xz",
    "kernel/drivers/pinctrl/bcm/pinctrl-brcmstb-bcm2712.ko.xz",
    "kernel/drivers/irqchip/irq-bcm2712-mip.ko.xz",
    "kernel/drivers/spi/spi-bcm2835.ko.xz",
    "kernel/drivers/spi/spi-gpio.ko.xz",
    "kernel/drivers/net/wireless/broadcom/brcm80211/brcmfmac/brcmfmac.ko.xz",
    "kernel/drivers/i2c/busses/i2c-bcm2835.ko.xz",
    "kernel/drivers/i2c/busses/i2c-designware-platform.ko.xz",
    "kernel/drivers/ata/ahci.ko.xz",
)
INITRD_MODULES = (
    "kernel/drivers/mmc/host/sdhci-iproc.ko.xz",
    "kernel/drivers/mmc/host/sdhci-brcmstb.ko.xz",
    "kernel/drivers/gpio/gpio-brcmstb.ko.xz",
    "kernel/drivers/pinctrl/bcm/pinctrl-brcmstb-bcm2712.ko.xz",
)
WIFI = (
    "brcmfmac43455-sdio.bin",
    "brcmfmac43455-sdio.clm_blob",
    "brcmfmac43455-sdio.raspberrypi,4-model-b.txt",
    "brcmfmac43455-sdio.raspberrypi,5-model-b.txt",
)
HOOK_STUB = b"#!/bin/sh\n# Hearth: disabled. (image/hooks/pi-boot-files)\nexit 0\n"
HOOKS = (
    "etc/kernel/postinst.d/z50-raspi-firmware",
    "etc/kernel/postrm.d/z50-raspi-firmware",
    "etc/initramfs/post-update.d/z50-raspi-firmware",
)


def missing_tools() -> list[str]:
    return [name for name in TOOLS if shutil.which(name, path=SBIN_PATH) is None]


def dtc(source: str, work: Path, name: str) -> bytes:
    (work / f"{name}.dts").write_text(source)
    out = work / f"{name}.dtb"
    subprocess.run(
        ["dtc", "-@", "-q", "-I", "dts", "-O", "dtb", "-o", str(out), str(work / f"{name}.dts")],
        check=True,
    )
    return out.read_bytes()


def arm64_kernel(version: str = KERNEL) -> bytes:
    """Enough of an arm64 Image: its magic at byte 56 and the banner that names its version."""
    header = bytearray(64)
    header[56:60] = b"ARM\x64"
    return bytes(header) + b"\0" * 1000 + f"Linux version {version} (gcc) #1 SMP\0".encode()


def amd64_kernel(version: str = "6.12.57+deb13-amd64") -> bytes:
    """Enough of an x86 bzImage: the HdrS header and its kernel_version pointer."""
    image = bytearray(0x1000)
    image[0x202:0x206] = b"HdrS"
    image[0x20E:0x210] = (0x800 - 0x200).to_bytes(2, "little")
    banner = f"{version} (debian-kernel@lists.debian.org) #1 SMP\0".encode()
    image[0x800 : 0x800 + len(banner)] = banner
    return bytes(image)


def cpio(names: list[str]) -> bytes:
    """A newc cpio archive of empty files with these names."""
    out = bytearray()
    for number, name in enumerate([*names, "TRAILER!!!"]):
        encoded = name.encode() + b"\0"
        fields = [number + 1, 0o100644, 0, 0, 1, 0, 0, 0, 0, 0, 0, len(encoded), 0]
        out += b"070701" + b"".join(f"{value:08X}".encode() for value in fields) + encoded
        out += b"\0" * (-len(out) % 4)
    return bytes(out)


@dataclass
class CardSpec:
    """What goes on a card: FAT files, root slot A files (paths without a leading /)."""

    fat: dict[str, bytes] = field(default_factory=dict)
    root: dict[str, bytes] = field(default_factory=dict)
    empty_dirs: list[str] = field(default_factory=lambda: ["slot-b"])
    disk_id: int = 0x48454152
    types: tuple[int, ...] = (0x0C, 0x83, 0x83, 0x83)
    boot_mib: int = 512

    def slot(self, name: str, data: bytes | None) -> None:
        """Put (or with None, take away) a file in slot-a/ and in root A's /boot/slot alike."""
        for files, path in ((self.fat, f"slot-a/{name}"), (self.root, f"boot/slot/{name}")):
            if data is None:
                files.pop(path, None)
            else:
                files[path] = data


def pi_card(work: Path) -> CardSpec:
    """A card that should pass every arm64 check."""
    trees = work / "trees"
    trees.mkdir(exist_ok=True)
    pi4 = dtc(PI4_TREE, trees, "pi4")
    pi5 = dtc(PI5_TREE, trees, "pi5")
    spec = CardSpec()
    spec.fat.update(
        {
            "config.txt": CONFIG_TXT.encode(),
            "slot.txt": b"os_prefix=slot-a/\n",
            "start4.elf": b"firmware",
            "fixup4.dat": b"firmware",
            "slot-a/cmdline.txt": CMDLINE.encode(),
        }
    )
    spec.slot("vmlinuz", arm64_kernel())
    initrd = cpio(["init", *(f"usr/lib/modules/{KERNEL}/{path}" for path in INITRD_MODULES)])
    spec.slot("initrd.img", gzip.compress(initrd))
    for name in ("bcm2711-rpi-4-b.dtb", "bcm2711-rpi-400.dtb", "bcm2711-rpi-cm4-io.dtb"):
        spec.slot(name, pi4)
    for name in ("bcm2712-rpi-5-b.dtb", "bcm2712-d-rpi-5-b.dtb", "bcm2712d0-rpi-5-b.dtb"):
        spec.slot(name, pi5)
    for source in sorted((REPO / "image" / "pi").glob("*.dts")):
        spec.slot(f"overlays/{source.stem}.dtbo", dtc(source.read_text(), trees, source.stem))
    spec.root[f"{MODULES}/modules.dep"] = "".join(f"{path}:\n" for path in PI_MODULE_PATHS).encode()
    spec.root[f"{MODULES}/modules.builtin"] = b"kernel/drivers/spi/spidev.ko\n"
    for path in PI_MODULE_PATHS:
        spec.root[f"{MODULES}/{path}"] = b"module"
    for name in WIFI:
        spec.root[f"usr/lib/firmware/brcm/{name}"] = b"firmware"
    for hook in HOOKS:
        spec.root[hook] = HOOK_STUB
    return spec


def amd64_card() -> CardSpec:
    spec = CardSpec()
    spec.fat["slot-a/cmdline.txt"] = CMDLINE.encode()
    spec.slot("vmlinuz", amd64_kernel())
    spec.slot("initrd.img", gzip.compress(cpio(["init"])))
    modules = "usr/lib/modules/6.12.57+deb13-amd64"
    spec.root[f"{modules}/modules.dep"] = b"kernel/drivers/ata/ahci.ko.xz:\n"
    spec.root[f"{modules}/kernel/drivers/ata/ahci.ko.xz"] = b"module"
    return spec


def write_tree(files: dict[str, bytes], top: Path, empty_dirs: list[str] = ()) -> None:
    for path, data in files.items():
        target = top / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    for path in empty_dirs:
        (top / path).mkdir(parents=True, exist_ok=True)


def build(spec: CardSpec, work: Path) -> Path:
    """The card image: the table, the FAT at 4 MiB, root slot A, an empty slot B and data."""
    env = {**os.environ, "MTOOLS_SKIP_CHECK": "1", "PATH": SBIN_PATH}
    fat_dir, root_dir = work / "fat", work / "root"
    write_tree(spec.fat, fat_dir, spec.empty_dirs)
    write_tree(spec.root, root_dir)
    boot = work / "boot.img"
    run = {"check": True, "capture_output": True, "env": env}
    subprocess.run(
        ["mkfs.vfat", "-F", "32", "-n", "HEARTHBOOT", "-C", str(boot), str(spec.boot_mib * 1024)],
        **run,
    )
    subprocess.run(["mcopy", "-s", "-i", str(boot), *map(str, fat_dir.iterdir()), "::/"], **run)
    root = work / "root.img"
    subprocess.run(["mkfs.ext4", "-q", "-F", "-d", str(root_dir), str(root), "16M"], **run)
    empty = work / "empty.img"
    subprocess.run(["mkfs.ext4", "-q", "-F", str(empty), "8M"], **run)
    starts = [4, 4 + spec.boot_mib, 20 + spec.boot_mib, 28 + spec.boot_mib]
    sizes = [spec.boot_mib, 16, 8, 8]
    image = work / "card.img"
    image.unlink(missing_ok=True)
    with open(image, "wb") as handle:
        handle.truncate((starts[-1] + sizes[-1]) * 2**20)
    table = [f"label: dos\nlabel-id: {spec.disk_id:#010x}\nunit: sectors"]
    for start, size, kind in zip(starts, sizes, spec.types, strict=False):
        table.append(f"start={start * 2048}, size={size * 2048}, type={kind:x}")
    subprocess.run(["sfdisk", "--quiet", str(image)], input="\n".join(table).encode(), **run)
    for part, start in zip((boot, root, empty, empty), starts, strict=True):
        subprocess.run(
            ["dd", f"if={part}", f"of={image}", "bs=1M", f"seek={start}", "conv=notrunc,sparse"],
            **run,
        )
    return image
