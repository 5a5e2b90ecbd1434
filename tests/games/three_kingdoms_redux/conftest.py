"""Scenario tests of Three Kingdoms Redux rules (see kit.py)."""
