"""The appliance as long-running services: systemd's notify protocol, backup and restore."""
