"""Exact dice odds for the Combat HQ / Armour Battles rules (work in progress)."""
