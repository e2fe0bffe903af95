"""Turns and dice: whose turn it is, rolls, doubles, moves and landings."""
