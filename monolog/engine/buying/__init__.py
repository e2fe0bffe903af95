"""Buying and auctions: a deed bought or declined, the auction and its bids, building-shortage
auctions."""
