"""Scenes every game shares: menu, setup, hand-off, pause, rules, results, settings, dialogs."""
