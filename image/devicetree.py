"""Flattened device trees (.dtb, .dtbo) for image/check-card: the format read by hand (the
devicetree specification's "Flattened Devicetree Format"), and whether an overlay can apply
to a tree, as the Raspberry Pi firmware applies it at boot. Standard library only."""

from __future__ import annotations

import re
import struct
from dataclasses import dataclass, field


@dataclass
class Tree:
    """A flattened device tree: every node's path and its properties' raw bytes."""

    nodes: dict[str, dict[str, bytes]] = field(default_factory=dict)

    def strings(self, path: str, prop: str) -> list[str]:
        value = self.nodes.get(path, {}).get(prop, b"")
        return [part.decode(errors="replace") for part in value.rstrip(b"\0").split(b"\0") if part]

    def cells(self, path: str, prop: str) -> list[int]:
        value = self.nodes.get(path, {}).get(prop, b"")
        return list(struct.unpack(f">{len(value) // 4}I", value[: len(value) // 4 * 4]))

    def symbols(self) -> dict[str, str]:
        labels = self.nodes.get("/__symbols__", {})
        return {name: self.strings("/__symbols__", name)[0] for name in labels}

    def compatible(self, wanted: str) -> list[str]:
        return [path for path in self.nodes if wanted in self.strings(path, "compatible")]


def parse_fdt(blob: bytes) -> Tree:
    """The tree in a .dtb or .dtbo (devicetree specification, "Flattened Devicetree Format")."""
    if len(blob) < 40 or blob[:4] != b"\xd0\x0d\xfe\xed":
        raise ValueError("not a flattened device tree (no d00dfeed magic)")
    _magic, size, structs, strings = struct.unpack_from(">4I", blob)
    if size > len(blob):
        raise ValueError(f"truncated: the header says {size} bytes, the file has {len(blob)}")

    def string_at(offset: int) -> str:
        end = blob.index(b"\0", strings + offset)
        return blob[strings + offset : end].decode(errors="replace")

    tree = Tree()
    path: list[str] = []
    at = structs
    while True:
        (token,) = struct.unpack_from(">I", blob, at)
        at += 4
        if token == 1:  # FDT_BEGIN_NODE
            end = blob.index(b"\0", at)
            name = blob[at:end].decode(errors="replace")
            at = (end + 4) & ~3
            path.append(name)
            tree.nodes["/" + "/".join(path[1:])] = {}
        elif token == 2:  # FDT_END_NODE
            path.pop()
        elif token == 3:  # FDT_PROP
            length, name_offset = struct.unpack_from(">II", blob, at)
            at += 8
            tree.nodes["/" + "/".join(path[1:])][string_at(name_offset)] = blob[at : at + length]
            at = (at + length + 3) & ~3
        elif token == 4:  # FDT_NOP
            continue
        elif token == 9:  # FDT_END
            return tree
        else:
            raise ValueError(f"bad structure token {token} at byte {at - 4}")


def overlay_problems(overlay: Tree, base: Tree) -> list[str]:
    """Why the firmware could not apply this overlay to this tree (nothing: it applies)."""
    problems = []
    symbols = base.symbols()
    for label in overlay.nodes.get("/__fixups__", {}):
        if label not in symbols:
            problems.append(f"label {label} is not in the tree's __symbols__")
        elif symbols[label] not in base.nodes:
            problems.append(f"label {label} points at {symbols[label]}, which is not in the tree")
    for path in overlay.nodes:
        if re.fullmatch(r"/fragment@\d+", path) and "target-path" in overlay.nodes[path]:
            target = overlay.strings(path, "target-path")[0]
            if target not in base.nodes and target != "/aliases":
                problems.append(f"{path} targets {target}, which is not in the tree")
            if target == "/aliases":
                for name, value in overlay.nodes.get(f"{path}/__overlay__", {}).items():
                    alias = value.rstrip(b"\0").decode(errors="replace")
                    if alias not in base.nodes and not overlay_adds(overlay, alias):
                        problems.append(f"alias {name} names {alias}, which is in neither")
    return problems


def overlay_adds(overlay: Tree, path: str) -> bool:
    """Whether a fragment targeting / adds the node at path."""
    return any(
        re.fullmatch(r"/fragment@\d+", fragment)
        and overlay.strings(fragment, "target-path") == ["/"]
        and f"{fragment}/__overlay__{path}" in overlay.nodes
        for fragment in overlay.nodes
    )


def kernel_cs_gpios(overlay: Tree) -> list[int]:
    """The GPIO lines an overlay's cs-gpios give the kernel (a 0 phandle is "no line")."""
    lines = []
    for path, props in overlay.nodes.items():
        if "cs-gpios" in props:
            cells = overlay.cells(path, "cs-gpios")
            at = 0
            while at < len(cells):
                if cells[at] == 0:
                    at += 1
                    continue
                lines.append(cells[at + 1])
                at += 3  # <phandle line flags>: #gpio-cells is 2 on both boards' controllers
    return lines
