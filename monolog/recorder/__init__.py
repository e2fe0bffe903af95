"""Keeping a record at the table: `monolog record`."""
