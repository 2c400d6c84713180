"""Measurements of Hearth: scripts that print tables and write plots; they never assert."""
