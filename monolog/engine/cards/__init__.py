"""Cards: the decks, the card drawn and what it does."""
