"""Wi-Fi from a phone: the box's own access point when it has no network, and the join.

    network.py        the network to join: its key (PSK) and the 0600 settings file; the
                      one rule hearth-boot-files (hearth-wifi.txt) and the page share
    scan.py           what wpa_supplicant's scan results say, SSIDs as hostile bytes
    access_point.py   the setup network the box opens: its name, password, QR text
    control.py        wpa_supplicant's control socket (requests and events)
    supplicant.py     what is asked of a running wpa_supplicant: a join's outcome, a scan
    request.py        a join request handed from the page (unprivileged) to the keeper
    status.py         what the keeper tells the page and the panel
    policy.py         when to open the access point, when to try the saved network again
    system.py         the real box: systemctl, /sys/class/net, the control socket
    keeper.py         the root service's loop (`python -m appliance.wifi`)

Only the standard library: the keeper runs as root, and hearth-boot-files imports
network.py before any service starts.
"""
