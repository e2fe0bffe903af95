"""Analyses of an edition's board: the long-run landing frequencies of a token (markov) and a
seeded token walk on the simulator's dice and decks to compare them with (walk)."""
