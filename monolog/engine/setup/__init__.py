"""A game's setup: players, cash, deeds and buildings before play."""
