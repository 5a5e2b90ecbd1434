"""Scenario tests of Dragons & Tigers rules (see kit.py)."""
