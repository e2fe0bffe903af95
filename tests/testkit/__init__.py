"""Tools for testing the audit itself: legal base games and single-mistake mutations of them."""
