"""Updates that cannot brick the card: two root slots, a trial boot, a health check.

The card has two root partitions (slots A and B) and one data partition that no update
touches. `hearth update FILE` has RAUC check a signed bundle and write it into the slot
that is not running; the boot partition then boots that slot once (trial.txt on a Pi,
GRUB's one-shot on a PC). On that boot Hearth's own health check
commits the slot only if every unit is active, /healthz is ok, a chat is answered and
the audit chain verifies; otherwise the next boot is the old slot, and the board says
the update was rolled back and why.

    slots.py      the boot partition: which slot is committed, each slot's boot files
    trial.py      how a slot is booted once: the Pi's trial.txt, or GRUB's environment
    grubenv.py    GRUB's environment block, read and written in place
    backend.py    RAUC's custom bootloader backend (get-primary, set-state, …)
    status.py     what became of the last update, on the data partition, for the board
    rauc.py       the one module that runs `rauc`
    verity.py     a bundle's whole payload checked against its signed hash, before RAUC
    send.py       a bundle sent to a card's LAN page from a laptop
    health.py     the trial boot's health check
    updater.py    `hearth update FILE` and the check after each boot, end to end
"""
