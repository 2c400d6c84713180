"""Wi-Fi: the network the box joins.

    network.py        the network to join: its key (PSK) and the 0600 settings file; the
                      one rule hearth-boot-files (hearth-wifi.txt) goes through

Only the standard library: hearth-boot-files imports network.py before any service starts.
"""
