"""Bankruptcy: the estate, who receives it, and deals made before it."""
