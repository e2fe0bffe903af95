"""Jail: going in, the jail turns, the fine, the cards that free a player."""
