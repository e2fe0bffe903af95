"""The replay's core: the game being replayed, its state, the replay loop, following the record,
the invariants and the names the handlers share."""
