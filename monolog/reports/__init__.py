"""Reports on a replayed record: the ledger, the settlement, the position at a moment, and the
machine formats CI reads (SARIF, GitHub annotations, JUnit)."""
