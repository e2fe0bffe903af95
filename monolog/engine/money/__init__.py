"""Money: rent, taxes and what is due, debts, raising money, mortgages, promises and worth."""
