"""Building and selling: houses and hotels built and sold, even building, the bank's stock."""
