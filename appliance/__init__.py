"""Hearth: a kitchen appliance that remembers what its household approves."""

__version__ = "0.1.0"
