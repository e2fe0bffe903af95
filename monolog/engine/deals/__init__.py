"""Deals between players, the promises made in them, and sales to the bank."""
